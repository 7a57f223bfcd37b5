"""MA-30 scenarios: the parts the other test files leave out, and which file covers
each scenario.

Coverage of MA-30 (T10, T11, T12, T16, T20 and T21 are about Jean, the solo opponent:
test_solo_jean.py):

| scenario | tests |
|---|---|
| T1 combat, rulebook example | test_rules_combat.py::test_t1_rulebook_example |
| T2 nobility scoring | test_scenarios.py::test_t2_nobility_scoring |
| T3 income overflows | test_scenarios.py::test_t3a_*, test_t3b_* |
| T4 village action count | test_scenarios.py::test_t4_village_action_count |
| T5 unused assistants | test_scenarios.py::test_t5_*; here: the assistant-action use at 15 |
| T6 quest-count bonus | test_scenarios.py::test_t6_* |
| T7 explorer counting, barriers | test_scenarios.py::test_t7_* |
| T8 upgrade locks | test_scenarios.py::test_t8_*; here: U6 locked until U5, U9 until U8 |
| T9 career goal tiers | test_scenarios.py::test_t9_* |
| T13 final-scoring ties | test_scenarios.py::test_t13_* |
| T14 exhausted combat piles | test_rules_combat.py::test_t14_exhausted_piles |
| T15 doubloon-income VP | test_scenarios.py::test_t15_cathedral |
| T17 village annex / expel | test_rules_combat.py::test_t17_* (D9 has two @10 cards, so Q owns one assistant
  there, not two: 3 + 1 D; test_ca3_pays_for_other_players_assistants has Q's two at 1) |
| T18 combat-token modifiers | test_rules_combat.py::test_t18_token_modifiers |
| T19 VP-income overflow timing | test_scenarios.py::test_t19_* |
| T10 Jean's nation choice | test_solo_jean.py::test_t10_* |
| T11 Jean's income | test_solo_jean.py::test_t11_income, test_round_end_by_jean_* |
| T12 Jean's end bonuses | test_solo_jean.py::test_t12_* |
| T16 Jean's movement and city step | test_solo_jean.py::test_t16_* |
| T20 Jean's explorer, barriers, END | test_solo_jean.py::test_t20_* |
| T21 Jean's empty solo track | test_solo_jean.py::test_t21_* |
"""

import pathlib
import re

from games.maracaibo.data import ship
from games.maracaibo.spaces import MAIN_ASSIST, MAIN_VILLAGE, VO_STOP

from .positions import (
    FR,
    act,
    arrive,
    clear_board_quests,
    decision,
    edit,
    hand,
    legal,
    loc,
    start,
    val,
    with_assistant,
)

JEAN = set()  # Jean's scenarios are cited in test_solo_jean.py
HERE = pathlib.Path(__file__).parent


def test_every_non_jean_scenario_is_cited_by_a_test():
    """MA-30: every scenario T1-T21 is named by some test in this folder."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(HERE.glob("test_*.py")))
    body = text.replace(__doc__, "")  # the table above does not count
    cited = {int(n) for n in re.findall(r"\bT(\d+)\b", body)}
    missing = sorted(set(range(1, 22)) - JEAN - cited)
    assert not missing, f"MA-30 scenarios without a test: {['T%d' % n for n in missing]}"


def test_t5_using_one_of_two_assistants_scores_the_other():
    """T5 (MA-13.2, MA-13.3(b)): P has assistants at 9, 15 and 15 and stops at 15 (no VP
    on arrival: nothing is passed); P uses one of the two there (A032's AS03: +1 influence,
    2 village actions) -> +2 VP for the other at the end of Phase B; the used one and the
    one at 9 score nothing."""
    g, s, p = start(3, seed=3)
    s = edit(g, s, fig_personal={p: 5}, fig_general={p: 0})
    for c in ("B084", "A032", "B093"):  # @9 (slot 0), @15 (slot 1), @15 (slot 2)
        s = with_assistant(g, s, p, c)
    s = clear_board_quests(g, s, "15")
    s = edit(g, s, ship={p: loc("10")}, vp={p: 0})
    act(g, s, "sail_to", loc("15") - 1)
    assert val(s, "vp", p) == 0
    assert [k - MAIN_ASSIST for k in legal(g, s, "main_action") if MAIN_ASSIST <= k < MAIN_ASSIST + 8] == [1, 2]
    act(g, s, "main_action", MAIN_ASSIST + 1)
    act(g, s, "choose_nation", FR)
    act(g, s, "village_option", VO_STOP)
    assert decision(s) == "main" and val(s, "vp", p) == 0 and val(s, "influence", p)[FR] == 1
    assert MAIN_ASSIST + 2 not in legal(g, s, "main_action")  # one assistant action per turn
    act(g, s, "done")
    assert val(s, "vp", p) == 2


def _removal_legal(discs):
    """The REMOVE_DISC decision of an XDS purchase (A020) with the given ship board."""
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["A020"])
    s = arrive(g, s, "10", mp=1, coins={p: 5}, discs={p: discs})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "remove disc"
    return legal(g, s, "remove_disc")


def test_t8_u6_needs_u5_and_u9_needs_u8():
    """T8 (MA-17.3): "removing a disc from U6 is legal only because U5 is complete; from
    U9 only after U8 is complete": with U1-U4 done (4 upgrades) U6 and U9 are locked while
    U10 / U11 (4 others) are open; completing U5 opens U6, completing U8 opens U9."""
    base = [0, 0, 0, 0] + [2] * 8
    got = _removal_legal(base)
    assert ship.U6 not in got and ship.U9 not in got and ship.U12 not in got
    assert ship.U10 in got and ship.U11 in got and ship.U5 in got and ship.U8 in got
    with_u5 = list(base)
    with_u5[ship.U5] = 0
    got = _removal_legal(with_u5)
    assert ship.U6 in got and ship.U9 not in got
    with_u8 = list(base)
    with_u8[ship.U8] = 0
    got = _removal_legal(with_u8)
    assert ship.U9 in got and ship.U6 not in got
    half = list(base)
    half[ship.U5] = 1  # one disc of U5 removed: not complete
    assert ship.U6 not in _removal_legal(half)
