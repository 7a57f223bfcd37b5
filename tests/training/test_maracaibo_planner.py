"""heuristic (v2) for Maracaibo: Jean's end bonuses in view (MA-24.14), decisions in
positions built with from_json (tests/maracaibo/positions.py), and heuristic_v1 kept
as it was."""

import numpy as np
import pytest

import games
from games.maracaibo.data.jean import JEAN_LEAD_MIN, JEAN_LEAD_VP
from games.maracaibo.spaces import A_MAIN, MAIN_QUEST, MAIN_VILLAGE
from tests.maracaibo.positions import arrive, clear_board_quests, opening, quest_at, quests_done
from training.bots import make_bot
from training.bots.maracaibo import DEFAULT_PARAMS, MULTI_PARAMS, PARAM_NAMES, PARAMS, V1_PARAMS, MaracaiboHeuristic
from training.bots.maracaibo.bot import JeanBase
from training.bots.maracaibo.leads import QUEST_LEAD, UPGRADE_LEAD, lead_marginal
from training.bots.maracaibo.solo import SoloHeuristic
from training.bots.maracaibo.tuned import MULTI_TUNED, SOLO_TUNED, TUNED

HUMAN, JEAN = 0, 1
PLANNER = ("solo", "quest_extra", "upgrade_extra", "quest_lead", "quest_deny", "upgrade_lead")


def _bonus(category, lead):
    """MA-24.14 from the data table: the first threshold the lead reaches."""
    for minimum, vp in zip(JEAN_LEAD_MIN[category], JEAN_LEAD_VP[category]):
        if lead >= minimum:
            return int(vp)
    return 0


@pytest.mark.parametrize("category", [QUEST_LEAD, UPGRADE_LEAD])
def test_lead_marginal_is_the_bonus_jean_loses(category):
    # MA-24.14: lead >= 4 -> 30, 3 -> 20, 1-2 -> 10, <= 0 -> 0; one more own tile or
    # upgrade lowers the lead by one
    for lead in range(-2, 8):
        assert lead_marginal(category, lead, 0) == _bonus(category, lead) - _bonus(category, lead - 1)
    assert lead_marginal(category, 4, 0) == 10 and lead_marginal(category, 2, 0) == 0
    assert lead_marginal(category, 8, 0) == 0
    # with a spread the projection's uncertainty counts: at 5, the 4 -> 3 step has weight 1 of 4
    assert lead_marginal(category, 5, 1) == pytest.approx(10 / 4)


def test_v1_keeps_its_weights_and_the_planner_off():
    """heuristic_v1 is the first heuristic: the planner's weights are 0 (its recorded
    decisions are checked in test_maracaibo_bot.py); heuristic differs only in tuned weights."""
    for name in PLANNER:
        assert V1_PARAMS[PARAM_NAMES.index(name)] == 0.0
    assert not np.array_equal(DEFAULT_PARAMS, V1_PARAMS)
    solo = games.make("maracaibo_solo", expansion_cards=False)
    assert make_bot("heuristic", solo).bot.params[PARAM_NAMES.index("solo")] == 1.0
    assert make_bot("heuristic_v1", solo).bot.params[PARAM_NAMES.index("solo")] == 0.0
    with pytest.raises(ValueError, match="no heuristic_v1 bot for spanish_main"):
        make_bot("heuristic_v1", games.make("spanish_main"))


def _weights(*layers):
    """v1's defaults with the dicts laid over in turn, written out here (not tuned.laid_over)."""
    out = np.array([default for _, default, _ in PARAMS], dtype=np.float64)
    for layer in layers:
        for name, value in layer.items():
            out[PARAM_NAMES.index(name)] = value
    return out


def test_solo_weights_only_against_jean():
    """The solo heuristic lays ``SOLO_TUNED`` over the weights of every game (``TUNED``),
    never the 2-4 player ``MULTI_TUNED``; heuristic_v1 (in both games) keeps its
    weights; a user's override wins."""
    assert SOLO_TUNED and "solo" not in SOLO_TUNED
    solo = games.make("maracaibo_solo", expansion_cards=False)
    expected = _weights(TUNED, SOLO_TUNED, {"solo": 1.0})
    assert np.array_equal(make_bot("heuristic", solo).bot.params, expected)
    assert np.array_equal(DEFAULT_PARAMS, _weights(TUNED))
    assert np.array_equal(make_bot("heuristic_v1", solo).bot.params, V1_PARAMS)
    assert np.array_equal(make_bot("heuristic_v1", games.make("maracaibo", num_players=3)).params, V1_PARAMS)
    name = next(iter(SOLO_TUNED))
    assert SoloHeuristic(solo, params={name: 0.25}).bot.params[PARAM_NAMES.index(name)] == 0.25


@pytest.mark.parametrize("players", [2, 3, 4])
def test_multiplayer_weights_only_with_players(players):
    """The 2-4 player heuristic lays ``MULTI_TUNED`` over ``TUNED`` and never ``SOLO_TUNED``;
    the solo bot wraps the class with the weights of every game (``JeanBase``), so a
    change of ``MULTI_TUNED`` cannot reach it (its decisions: test_maracaibo_bot.py)."""
    assert MULTI_TUNED and "solo" not in MULTI_TUNED
    params = make_bot("heuristic", games.make("maracaibo", num_players=players)).params
    assert np.array_equal(params, _weights(TUNED, MULTI_TUNED))
    assert not np.array_equal(params, DEFAULT_PARAMS)  # MULTI_TUNED moves it off the solo base
    assert MaracaiboHeuristic.base_params is MULTI_PARAMS
    assert SoloHeuristic.inner.base_params is DEFAULT_PARAMS and JeanBase.base_params is DEFAULT_PARAMS
    assert params[PARAM_NAMES.index("solo")] == 0.0


@pytest.fixture(scope="module")
def solo():
    return games.make("maracaibo_solo", level=1, expansion_cards=False)


def _choice(game, bot_name, s):
    """(action family, index) the bot plays for the human (seat 0) in row 0."""
    bot = make_bot(bot_name, game)
    a = int(bot(game.observe(s, HUMAN), game.legal_action_mask(s))[0])
    seg, k = game.action_layout.locate(a)
    return seg.name, k


def test_takes_the_quest_when_jean_leads_in_quests(solo):
    """MA-12.2 / MA-24.14: the human (1 compass) sails 4 MP to village 6, where Q22 (at
    least 4 MP this turn: 1 VP + 3 D) lies; Jean already has 5 quest tiles, the human
    none, so every own tile takes 10 VP of her quest-lead bonus away (and this one she
    could land on, MA-24.7). heuristic_v1 takes the two village actions (MA-11.2),
    heuristic completes the quest."""
    s = opening(solo, 2)
    s = quest_at(solo, clear_board_quests(solo, s, "6"), "Q22", "6")
    s = quests_done(solo, s, JEAN, ["Q01", "Q03", "Q05", "Q07", "Q09"])
    s = arrive(solo, s, "6", mp=4)
    assert solo.legal_action_mask(s)[0, A_MAIN + MAIN_QUEST]
    assert _choice(solo, "heuristic_v1", s) == ("main_action", MAIN_VILLAGE)
    assert _choice(solo, "heuristic", s) == ("main_action", MAIN_QUEST)
