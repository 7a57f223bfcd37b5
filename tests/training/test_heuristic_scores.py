"""``scores`` of the Pirates of Nassau and El Caballero heuristics: the value of every
legal action, the search's candidate ranking (training.bots.search), consistent with
the bot's own choice on positions of random, mixed and heuristic play."""

import numpy as np
import pytest

import games
from games.pirates_of_nassau.state import Decision
from training.bots import make_bot
from training.bots.pirates_of_nassau import choose_batch, decision_of

from random_positions import mixed_positions

P_RANDOM = (1.0, 0.3, 0.0)  # random play, mixed, the heuristic alone


def positions(game, bot, n):
    parts = [mixed_positions(game, bot, n=n, p_random=p, seed=i) for i, p in enumerate(P_RANDOM)]
    return np.concatenate([o for o, _ in parts]), np.concatenate([m for _, m in parts])


def check_shape_and_mask(scores, masks):
    assert scores.shape == masks.shape and scores.dtype == np.float64
    assert np.isneginf(scores[~masks]).all()  # -inf exactly where illegal
    assert np.isfinite(scores[masks]).all()


@pytest.mark.slow
@pytest.mark.parametrize("num_players", [3, 5])
def test_nassau_scores_rank_the_bots_choice_first(num_players):
    game = games.make("pirates_of_nassau", num_players=num_players)
    bot = make_bot("heuristic", game, seed=1)
    obs, masks = positions(game, bot, n=16)
    scores = bot.scores(obs, masks)
    check_shape_and_mask(scores, masks)
    # every decision kind of the rules (PN-19.3) is met and checked, but the rare step-5
    # hold check (PN-11.10: these games never overfill the hold at Nassau)
    assert {decision_of(o) for o in obs} == {int(d) for d in Decision if d not in (Decision.NONE, Decision.CHECK)}
    # without its tie-breaking noise the bot plays the first best action
    assert np.array_equal(choose_batch(obs, masks, np.zeros(masks.shape)), scores.argmax(axis=1))
    # with it, an action within the noise (1e-3) of the best
    chosen = scores[np.arange(len(obs)), bot(obs, masks)]
    assert (chosen >= scores.max(axis=1) - 1e-3).all()


EC_CONFIGS = [dict(num_players=2), dict(num_players=4, expanded=True)]


@pytest.mark.parametrize("options", EC_CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_el_caballero_scores_rank_the_bots_choice_first(options):
    game = games.make("el_caballero", **options)
    bot = make_bot("heuristic", game)
    obs, masks = positions(game, bot, n=4)
    scores = bot.scores(obs, masks)
    check_shape_and_mask(scores, masks)
    assert np.array_equal(scores.argmax(axis=1), bot(obs, masks))  # deterministic: its choice, ties as it breaks them
    # the runners-up are ranked too: rows with several legal actions have several distinct scores
    several = masks.sum(axis=1) > 2
    distinct = np.array([np.unique(s[m]).size for s, m in zip(scores[several], masks[several])])
    assert (distinct > 1).mean() > 0.9


def test_empty_batch():
    for name in ("pirates_of_nassau", "el_caballero"):
        game = games.make(name)
        bot = make_bot("heuristic", game)
        scores = bot.scores(np.zeros((0, game.obs_size), np.float32), np.zeros((0, game.num_actions), bool))
        assert scores.shape == (0, game.num_actions)
