"""Maracaibo solo (MA-24): options, the returns of MA-23.3 / GAP-34, and the envs
(games.api_test for each level runs in tests/games/test_api.py)."""

import numpy as np
import pytest

import games
from games.core import PositionError
from games.maracaibo.solo import MaracaiboSolo
from games.maracaibo.state import JEAN_FIELD_NAMES


def test_options_are_validated():
    for bad in (0, 6, 2.5, "3"):
        with pytest.raises(ValueError, match="level"):
            MaracaiboSolo(level=bad)
    with pytest.raises(ValueError, match="num_players"):
        MaracaiboSolo(num_players=2)


def _finished(g, seeds):
    s = g.init(np.asarray(seeds))
    rng = np.random.default_rng(5)
    while not s["terminated"].all():
        m = g.legal_action_mask(s)
        g.step(s, np.array([rng.choice(np.flatnonzero(r)) if r.any() else 0 for r in m]))
    return s


@pytest.mark.parametrize("reward", ["win", "rank", "score_margin"])
def test_returns_human_against_jean_ma_23_3(reward):
    g = MaracaiboSolo(level=1, reward=reward)
    s = _finished(g, range(4))
    for vp in ((50, 40), (40, 40), (30, 40)):
        t = s.copy()
        t["vp"][:, 0], t["vp"][:, 1] = vp
        m = vp[0] - vp[1]
        want = {"win": 1.0 if m > 0 else 0.5 if m == 0 else 0.0, "rank": float(np.sign(m)), "score_margin": float(m)}[
            reward
        ]
        assert g.returns(t)[:, 0].tolist() == [want] * 4
        assert g.ranks(t)[:, 0].tolist() == [0 if m >= 0 else 1] * 4
        assert g.scores(t)[:, 0].tolist() == [vp[0]] * 4 and g.jean_scores(t).tolist() == [vp[1]] * 4


def test_current_player_is_the_human_or_minus_one():
    g = MaracaiboSolo(level=5)
    s = g.init(np.arange(3))
    rng = np.random.default_rng(1)
    while not s["terminated"].all():
        assert set(s["current_player"].tolist()) <= {0, -1}
        m = g.legal_action_mask(s)
        g.step(s, np.array([rng.choice(np.flatnonzero(r)) if r.any() else 0 for r in m]))
    assert (s["current_player"] == -1).all() and (s["round_no"] == 4).all()
    assert (s["jean_discard_len"] + s["jean_deck_len"] == 9).all()  # level 5: 9 cards, reshuffled when empty


def test_registered_with_envs():
    import warnings

    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from envs import maracaibo_solo_v0

    assert "maracaibo_solo" in games.list() and isinstance(games.make("maracaibo_solo", level=2), MaracaiboSolo)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = maracaibo_solo_v0.env(level=3, render_mode="ansi")
        api_test(env, num_cycles=200)
        assert env.possible_agents == ["player_0"]
        genv = gymnasium.make("doubloon/MaracaiboSolo-v0", level=4, illegal_action="penalize")
        check_env(genv.unwrapped)
        obs, info = genv.reset(seed=3)
        assert obs.shape == (genv.unwrapped.game.obs_size,)


def test_solo_mode_runs_on_the_base_game_record_whose_jean_fields_stay_empty():
    # one record type, so solo mode reuses the base game's compiled kernels (docs/design.md,
    # "numba"); outside solo mode Jean has nothing (MA-24): a position that gives her a
    # level or a deck in a 2-4 player game is refused
    base = games.make("maracaibo", num_players=2)
    assert games.make("maracaibo_solo").dtype == base.dtype
    state = base.init(np.array([4]))
    assert all(not np.any(state[0][name]) for name in JEAN_FIELD_NAMES)
    for name, value in (("jean_level", 3), ("jean_deck_len", 1)):
        position = base.to_json(state[0])
        position["state"][name] = value
        with pytest.raises(PositionError, match=name):
            base.from_json(position)
