"""The Maracaibo heuristic: legal moves only, a pure function of (observation, mask),
deterministic for a seed, and clearly stronger than random."""

import numpy as np
import pytest

import games
from training.arena import run_arena
from training.bots import HEURISTICS, RandomBot, make_bot, make_bots
from training.bots.maracaibo import MULTI_PARAMS, OBS, PARAM_NAMES, MaracaiboHeuristic, MaracaiboHeuristicV1
from training.bots.maracaibo.bot import JeanBase
from training.bots.maracaibo.solo import SoloHeuristic, SoloHeuristicV1
from training.bots.maracaibo.tuned import SOLO_TUNED
from training.cli import main


@pytest.fixture(scope="module")
def maracaibo3():
    return games.make("maracaibo", num_players=3)


def _positions(game, batch, seed, heuristic_share):
    """Play ``batch`` games to the end, seats held by the heuristic or random at random;
    yield (obs, masks) of every decision, asking the heuristic at every one of them."""
    bot = MaracaiboHeuristic(game, seed=seed)
    rnd = RandomBot(seed)
    rng = np.random.default_rng(seed)
    seat_is_bot = rng.random((batch, game.num_players)) < heuristic_share
    state = game.init(np.arange(seed, seed + batch))
    while not game.terminated(state).all():
        live = np.flatnonzero(~game.terminated(state))
        sub = state[live]
        seats = game.current_player(sub)
        obs, masks = game.observe(sub, seats), game.legal_action_mask(sub)
        proposed = bot(obs, masks)
        yield obs, masks, proposed
        mine = seat_is_bot[live, seats]
        actions = np.where(mine, proposed, rnd(obs, masks))
        full = np.zeros(len(state), dtype=np.int64)
        full[live] = actions
        game.step(state, full)  # the checked step raises on an illegal action


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_only_legal_actions_in_real_games(num_players):
    """Every position of games between the heuristic and random (and of random-only
    games, where the heuristic is asked but not followed): its answer is legal."""
    game = games.make("maracaibo", num_players=num_players)
    decisions = 0
    kinds = set()
    for share in (0.5, 0.0):
        for obs, masks, proposed in _positions(game, batch=24, seed=11 * num_players, heuristic_share=share):
            assert proposed.dtype == np.int64 and proposed.shape == (len(obs),)
            assert masks[np.arange(len(obs)), proposed].all(), "the heuristic chose an illegal action"
            decisions += len(obs)
            kinds.update(np.flatnonzero(game.obs_layout.view(obs, "decision").any(axis=0)).tolist())
    assert decisions > 10000
    # every kind of decision: setup, sailing, main, delivery, discs, village, purchases,
    # payments, combat, explorer, nations, villages for markers, draws, choices, synergy...
    assert len(kinds) >= 20


def test_pure_function_of_observation_and_mask(maracaibo3):
    """Same observation and mask, same move: in another call, another batch, another
    instance with the same seed; and hidden information never changes it."""
    obs, masks = [], []
    for o, m, _ in _positions(maracaibo3, batch=6, seed=3, heuristic_share=0.5):
        obs.append(o)
        masks.append(m)
    obs, masks = np.concatenate(obs)[::7], np.concatenate(masks)[::7]
    bot = MaracaiboHeuristic(maracaibo3, seed=5)
    first = bot(obs, masks)
    assert np.array_equal(first, bot(obs.copy(), masks.copy()))
    assert np.array_equal(first, MaracaiboHeuristic(maracaibo3, seed=5)(obs, masks))
    assert np.array_equal(first[100:140], bot(obs[100:140], masks[100:140]))  # batch invariant
    assert np.array_equal(first[::-1], bot(obs[::-1], masks[::-1]))
    # another seed only breaks exact ties differently
    assert (first == MaracaiboHeuristic(maracaibo3, seed=6)(obs, masks)).mean() > 0.95


def test_hidden_information_is_not_used(maracaibo3):
    """Reordering the deck and swapping the rivals' hands (hidden from the acting seat)
    leaves the observation, so the move, unchanged."""
    state = maracaibo3.init(np.arange(40, 48))
    rnd = RandomBot(0)
    for _ in range(150):  # into round 1 with full hands
        maracaibo3.step(
            state, rnd(maracaibo3.observe(state, maracaibo3.current_player(state)), maracaibo3.legal_action_mask(state))
        )
    seats = maracaibo3.current_player(state)
    other = state.copy()
    for b in range(len(other)):
        n = int(other["deck_len"][b])
        other["deck"][b, :n] = other["deck"][b, :n][::-1]
        rivals = [q for q in range(3) if q != seats[b]]
        a, c = rivals
        if other["hand_len"][b, a] == other["hand_len"][b, c]:
            ha, hc = other["hand"][b, a].copy(), other["hand"][b, c].copy()
            other["hand"][b, a], other["hand"][b, c] = hc, ha
            for card in ha[ha >= 0]:
                other["card_where"][b, card] += c - a
            for card in hc[hc >= 0]:
                other["card_where"][b, card] += a - c
    assert not np.array_equal(state["deck"], other["deck"])
    obs, obs2 = maracaibo3.observe(state, seats), maracaibo3.observe(other, seats)
    assert np.array_equal(obs, obs2)
    masks = maracaibo3.legal_action_mask(state)
    bot = MaracaiboHeuristic(maracaibo3)
    assert np.array_equal(bot(obs, masks), bot(obs2, masks))


def test_registered_and_configurable(maracaibo3):
    assert HEURISTICS["maracaibo"] == "training.bots.maracaibo:MaracaiboHeuristic"
    bot = make_bot("heuristic", maracaibo3, seed=3)
    assert isinstance(bot, MaracaiboHeuristic) and bot.name == "heuristic"
    assert len(PARAM_NAMES) == len(MULTI_PARAMS) == len(set(PARAM_NAMES))
    tuned = MaracaiboHeuristic(maracaibo3, params={"mp_cost": 0.0})
    assert tuned.params[PARAM_NAMES.index("mp_cost")] == 0.0
    assert bot.params[PARAM_NAMES.index("mp_cost")] == MULTI_PARAMS[PARAM_NAMES.index("mp_cost")]
    with pytest.raises(ValueError):
        MaracaiboHeuristic(maracaibo3, params={"no_such_weight": 1.0})


def test_solo_heuristic_is_registered_for_the_solo_game(capsys):
    """MA-24 / MA-29: ``heuristic`` of maracaibo_solo is the Maracaibo heuristic reading
    the whole solo observation with the ``solo`` weight set (Jean's board past the
    Maracaibo part, MA-24.14) and its weights against Jean (``SOLO_TUNED``);
    ``heuristic_v1`` reads only the Maracaibo part. arena,
    play and train take both by name from the registry."""
    solo = games.make("maracaibo_solo", expansion_cards=False)
    bot, old = make_bot("heuristic", solo, seed=3), make_bot("heuristic_v1", solo, seed=3)
    assert isinstance(bot, SoloHeuristic) and bot.name == "heuristic"
    assert isinstance(old, SoloHeuristicV1) and old.name == "heuristic_v1"
    state = solo.init(np.arange(4, dtype=np.int64))
    plain = JeanBase(games.make("maracaibo", num_players=2), seed=3, params={**SOLO_TUNED, "solo": 1.0})
    plain_v1 = MaracaiboHeuristicV1(games.make("maracaibo", num_players=2), seed=3)
    for _ in range(30):
        obs, masks = solo.observe(state, 0), solo.legal_action_mask(state)
        actions = bot(obs, masks)
        assert np.array_equal(actions, plain(obs, masks))
        assert np.array_equal(old(obs, masks), plain_v1(obs[:, : OBS.size], masks))
        solo.step(state, actions)
    with pytest.raises(ValueError, match="does not start with Maracaibo's"):
        SoloHeuristic(games.make("spanish_main"))
    assert main(["arena", "maracaibo_solo", "--bots", "heuristic,random", "--games", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "random" in out


def test_heuristic_beats_random_clearly(maracaibo3):
    # measured with these seeds: 100% (60 / 60 games), mean score 153 vs 23 for random;
    # the CLI arena (300 games per player count) gave 100% with 2, 3 and 4 players
    result = run_arena(maracaibo3, make_bots("heuristic,random", maracaibo3), games_per_pairing=60, seed=7)
    pairing = result.pairings[0]
    assert pairing.games == 60
    assert pairing.win_rate_a >= 0.8
    assert pairing.score_a > 3 * pairing.score_b


@pytest.mark.parametrize("name", ["maracaibo_3p", "maracaibo_solo", "maracaibo_solo_v2"])
def test_chooses_the_actions_recorded_before_the_refactor(name):
    """Bit-identical behaviour of ``heuristic_v1``: the answers at ~4000 decisions of
    3-player and solo games recorded from the single-module bot; and of the solo
    ``heuristic`` (v2 against Jean, MA-24), recorded before the 2-4 player weights
    (``MULTI_TUNED``) were tuned (tests/training/behaviour_fixtures.py)."""
    from behaviour_fixtures import assert_recorded_choices

    assert_recorded_choices(name)
