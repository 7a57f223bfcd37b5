"""Village actions (MA-11): the number of actions of the village main action by MP
spent with and without U1 (MA-11.2), every option of MA-11.3 (VA-A, VA-B, VA-C,
VA-U8, VA-U9, VA-U10 and the card options VG2, VMV, VMD, VBK, XQC), repeats, "last"
options (MA-11.4), stopping (MA-11.5) and PI reductions (MA-11.6)."""

import pytest

from games.maracaibo.data import ship
from games.maracaibo.spaces import (
    MAIN_VILLAGE,
    VO_A,
    VO_B,
    VO_STOP,
    VO_U8,
    VO_U9,
    VO_U10,
    VO_VBK,
    VO_VG2,
    VO_VMD,
    VO_VMV,
    VO_XQC,
)
from games.maracaibo.state import QS_DONE

from .positions import (
    CORN,
    EN,
    ES,
    FR,
    TOB,
    act,
    arrive,
    card,
    decision,
    edit,
    exp,
    hand,
    hand_ids,
    legal,
    loc,
    markers,
    own,
    plan,
    quest,
    quest_on_card,
    quests_done,
    start,
    val,
)

NO_GOODS = ["A012", "A016", "A011", "A001"]  # HERB, MAP, BOOK, TELE
U1_TABLE = {1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3}  # MA-11.2 with U1
BASE_TABLE = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 3}  # MA-11.2 base


def village(n=3, seed=1, where="10", mp=1, hand_cards=NO_GOODS, upgrades=(), cards=(), **fields):
    """The current player arrives at village ``where`` after ``mp`` MP with the given
    completed upgrades and bought cards, and starts the village main action."""
    g, s, p = start(n, seed)
    s = hand(g, s, p, hand_cards)
    s = own(g, s, p, list(cards))
    discs = [2] * 12
    for u in upgrades:
        discs[u] = 0
    s = edit(g, s, discs={p: discs})
    s = arrive(g, s, where, mp=mp, **fields)
    act(g, s, "main_action", MAIN_VILLAGE)
    return g, s, p


def count_actions(g, s):
    """Take VA-B until the batch ends; the number of village actions it had."""
    k = 0
    while decision(s) == "village":
        act(g, s, "village_option", VO_B)
        k += 1
    return k


# ----- MA-11.2 ---------------------------------------------------------------------------
@pytest.mark.parametrize("mp", range(1, 8))
def test_village_action_count_without_u1(mp):
    """MA-11.2 base row: 1-3 MP -> 1, 4-6 -> 2, 7 -> 3 ([R] 村庄行动)."""
    g, s, p = village(mp=mp)
    assert val(s, "mp_spent") == mp
    coins = val(s, "coins", p)
    assert count_actions(g, s) == BASE_TABLE[mp]
    assert val(s, "coins", p) == coins + BASE_TABLE[mp] and decision(s) == "main"


@pytest.mark.parametrize("mp", range(1, 8))
def test_village_action_count_with_u1(mp):
    """MA-11.2 / MA-17.3 U1: 1 MP -> 1, 2-4 -> 2, 5+ -> 3 ([R] 船只升级 "2+ 2xA, 5+ 3xA")."""
    g, s, p = village(mp=mp, upgrades=[ship.U1])
    assert count_actions(g, s) == U1_TABLE[mp]


def test_t4_options_repeat_b_b_then_buy():
    """T4 / MA-11.3: with 3 actions VA-B, VA-B, VA-C is legal (+2 D, then a purchase)."""
    g, s, p = village(mp=7, hand_cards=["A010", "B003"])  # A010 Clerk: 5 D, IV(1); B003 16 D
    s = edit(g, s, coins={p: 3})
    act(g, s, "village_option", VO_B)
    act(g, s, "village_option", VO_B)
    assert val(s, "coins", p) == 5 and legal(g, s, "buy_hand") == [0]
    act(g, s, "buy_hand", 0)
    assert val(s, "coins", p) == 0 and val(s, "vp_income", p) == 1
    assert val(s, "card_where", card("A010")) == 12 + p and decision(s) == "main"


# ----- VA-A, VA-B, STOP ---------------------------------------------------------------------
def test_va_a_discards_the_whole_hand_for_2d():
    """VA-A: discard the whole hand; >= 1 card -> 2 D; no refill before Phase C."""
    g, s, p = village(mp=4)
    coins = val(s, "coins", p)
    act(g, s, "village_option", VO_A)
    assert val(s, "hand_len", p) == 0 and val(s, "coins", p) == coins + 2
    assert all(val(s, "card_where", card(c)) == 3 for c in NO_GOODS)
    act(g, s, "village_option", VO_A)  # the second time the hand is empty: no 2 D
    assert val(s, "coins", p) == coins + 2 and val(s, "hand_len", p) == 0


def test_stop_forfeits_the_remaining_actions():
    """MA-11.5: a batch may be stopped early; unused village actions are lost."""
    g, s, p = village(mp=7)
    coins = val(s, "coins", p)
    act(g, s, "village_option", VO_B)
    act(g, s, "village_option", VO_STOP)
    assert decision(s) == "main" and val(s, "coins", p) == coins + 1 and val(s, "stk_len") == 0


def test_free_plan_between_village_actions():
    """MA-6.3 / GAP-23: free actions are offered between two village actions."""
    g, s, p = village(mp=4)
    s = edit(g, s, planning={p: [-1, -1, -1]}, card_where={int(c): 3 for c in s[0]["planning"][p] if c >= 0})
    assert legal(g, s, "free_plan") == [0, 1, 2, 3]
    act(g, s, "free_plan", 0)
    assert val(s, "planning", p)[0] == card("A012") and decision(s) == "village"


# ----- upgrade options -------------------------------------------------------------------
def test_va_u8_needs_u8_and_gives_cp_and_d():
    """VA-U8 (MA-17.3 U8): +1 CP and +1 D."""
    g, s, p = village()
    assert VO_U8 not in legal(g, s, "village_option")
    g, s, p = village(upgrades=[ship.U8])
    cp, coins = val(s, "cp", p), val(s, "coins", p)
    act(g, s, "village_option", VO_U8)
    assert val(s, "cp", p) == cp + 1 and val(s, "coins", p) == coins + 1


def test_va_u9_three_same_goods_for_2d_2vp():
    """VA-U9 (U9): discard 3 hand cards with the same good -> +2 D, +2 VP."""
    hand_cards = ["A004", "A005", "A007", "A014", "A020", "A010"]  # TOB x3, CORN x2, SUG
    g, s, p = village(hand_cards=hand_cards, upgrades=[ship.U8, ship.U9])
    assert [o for o in legal(g, s, "village_option") if VO_U9 <= o < VO_U10] == [VO_U9 + TOB]
    coins, vp = val(s, "coins", p), val(s, "vp", p)
    act(g, s, "village_option", VO_U9 + TOB)
    assert decision(s) == "pay card" and legal(g, s, "pay_card") == [0, 1, 2]
    for _ in range(3):
        act(g, s, "pay_card", 0)
    assert hand_ids(s, p) == ["A014", "A020", "A010"]
    assert val(s, "coins", p) == coins + 2 and val(s, "vp", p) == vp + 2 and decision(s) == "main"


def test_va_u9_items_do_not_count_as_goods():
    """VA-U9: goods only (not items): three MAP cards do not qualify."""
    g, s, p = village(hand_cards=["A016", "A019", "A047"], upgrades=[ship.U8, ship.U9])
    assert not [o for o in legal(g, s, "village_option") if VO_U9 <= o < VO_U10]


def test_va_u10_marker_on_this_empty_village():
    """VA-U10 (U10): at a village without a marker place the leftmost marker of a chosen
    nation there, +1 influence in it, +1 D."""
    g, s, p = village(upgrades=[ship.U10])
    opts = [o for o in legal(g, s, "village_option") if VO_U10 <= o < VO_VG2]
    assert opts == [VO_U10 + FR, VO_U10 + ES, VO_U10 + EN]
    coins = val(s, "coins", p)
    act(g, s, "village_option", VO_U10 + ES)
    assert val(s, "marker_at", loc("10")) == ES and val(s, "markers_taken") == [0, 1, 0]
    assert val(s, "influence", p) == [0, 1, 0] and val(s, "coins", p) == coins + 1


def test_va_u10_not_at_a_village_with_a_marker():
    """VA-U10: only at a village without an ownership marker."""
    g, s, p = start(3)
    s = markers(g, s, {"10": EN})
    s = edit(g, s, discs={p: [2] * 9 + [0, 2, 2]})
    s = arrive(g, s, "10", mp=1)
    act(g, s, "main_action", MAIN_VILLAGE)
    assert not [o for o in legal(g, s, "village_option") if VO_U10 <= o < VO_VG2]


def test_va_u10_not_for_a_nation_with_an_empty_supply():
    """VA-U10 / MA-9.8: no effect can place a marker of a nation whose supply is empty."""
    g, s, p = start(3)
    s = edit(g, s, markers_taken=[13, 0, 0], discs={p: [2] * 9 + [0, 2, 2]})
    s = arrive(g, s, "10", mp=1)
    act(g, s, "main_action", MAIN_VILLAGE)
    assert [o for o in legal(g, s, "village_option") if VO_U10 <= o < VO_VG2] == [VO_U10 + ES, VO_U10 + EN]


# ----- card options ------------------------------------------------------------------------
def test_vg2_two_same_goods_for_4d_and_repeatable():
    """VG2 (A047): pay 2 cards with the same good -> +4 D; not a last option, may repeat."""
    hand_cards = ["A004", "A005", "A014", "A020"]  # TOB x2, CORN x2
    g, s, p = village(mp=4, hand_cards=hand_cards, cards=["A047"])
    assert [o for o in legal(g, s, "village_option") if VO_VG2 <= o < VO_VMV] == [VO_VG2 + TOB, VO_VG2 + CORN]
    coins = val(s, "coins", p)
    act(g, s, "village_option", VO_VG2 + CORN)
    assert legal(g, s, "pay_card") == [2, 3]
    act(g, s, "pay_card", 2)
    act(g, s, "pay_card", 2)
    assert val(s, "coins", p) == coins + 4 and decision(s) == "village"
    act(g, s, "village_option", VO_VG2 + TOB)
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert val(s, "coins", p) == coins + 8 and val(s, "hand_len", p) == 0 and decision(s) == "main"


def test_vg2_not_without_the_card_or_with_items():
    g, s, p = village(hand_cards=["A004", "A005"])
    assert not [o for o in legal(g, s, "village_option") if VO_VG2 <= o < VO_VMV]
    g, s, p = village(hand_cards=["A012", "A013"], cards=["A047"])  # two HERB items
    assert not [o for o in legal(g, s, "village_option") if VO_VG2 <= o < VO_VMV]


def test_vmv_last_two_maps_for_2vp_and_explore_2():
    """VMV (B066): last village action: pay 2 maps -> +2 VP and explorer up to 2; the
    remaining actions of the batch are lost (MA-11.4)."""
    g, s, p = village(mp=7, hand_cards=["A016", "A019", "A004"], cards=["B066"])
    vp, coins = val(s, "vp", p), val(s, "coins", p)
    act(g, s, "village_option", VO_VMV)
    assert decision(s) == "pay card" and legal(g, s, "pay_card") == [0, 1]
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert val(s, "vp", p) == vp + 2 and decision(s) == "explore"
    assert legal(g, s, "explore_to") == [exp("E1"), exp("E2")]
    act(g, s, "explore_to", exp("E1"))  # E1: +2 D (D2)
    assert val(s, "coins", p) == coins + 2
    assert decision(s) == "main" and val(s, "stk_len") == 0  # 2 actions left were forfeited


def test_vmd_last_two_maps_for_3d_and_explore_2():
    """VMD (B068): last: pay 2 maps -> +3 D and explorer up to 2."""
    g, s, p = village(mp=4, hand_cards=["A016", "A019"], cards=["B068"])
    coins = val(s, "coins", p)
    act(g, s, "village_option", VO_VMD)
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert val(s, "coins", p) == coins + 3 and decision(s) == "explore"
    act(g, s, "explore_to", exp("E2"))  # E2: +1 CP
    assert decision(s) == "main"


def test_vmv_with_permanent_map_pays_one_map():
    """MA-11.6 / MA-15.2 PI(MAP) (A024): one map fewer to pay; one map suffices."""
    g, s, p = village(hand_cards=["A016", "A004"], cards=["B066", "A024"])
    assert VO_VMV in legal(g, s, "village_option")
    act(g, s, "village_option", VO_VMV)
    act(g, s, "pay_card", 0)
    assert hand_ids(s, p) == ["A004"] and decision(s) == "explore"
    g, s, p = village(hand_cards=["A016", "A004"], cards=["B066"])
    assert VO_VMV not in legal(g, s, "village_option")


def test_vbk_two_books_for_x_d_and_x_vp_per_card():
    """VBK(3) (B070, B071): last: pay 2 books -> +3 D +3 VP; each card is its own option."""
    g, s, p = village(mp=4, hand_cards=["A011", "A050", "A004"], cards=["B070", "B071"])
    assert [o for o in legal(g, s, "village_option") if VO_VBK <= o < VO_XQC] == [VO_VBK, VO_VBK + 1]
    coins, vp = val(s, "coins", p), val(s, "vp", p)
    act(g, s, "village_option", VO_VBK + 1)
    assert legal(g, s, "pay_card") == [0, 1]
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert val(s, "coins", p) == coins + 3 and val(s, "vp", p) == vp + 3
    assert decision(s) == "main"  # last: the second action is forfeited


def test_vbk_with_permanent_book():
    """PI(BOOK) (A025) reduces the 2 books to 1 (MA-11.6)."""
    g, s, p = village(hand_cards=["A011"], cards=["B070", "A025"])
    assert VO_VBK in legal(g, s, "village_option")


def test_xqc_completes_the_quest_on_the_card_once():
    """XQC (B041) / GAP-52: as a last village action complete the quest lying on the
    card (normal cost and reward: Q03 = 2 TOB -> 1 VP per compass + 3 D); it counts
    as a quest tile (here the 4th: +3 VP, MA-12.4)."""
    g, s, p = village(mp=4, hand_cards=["A004", "A005", "A010"], cards=["B041"])
    s = quest_on_card(g, s, "Q03", "B041")
    s = quests_done(g, s, p, ["Q20", "Q21", "Q22"])
    assert [o for o in legal(g, s, "village_option") if VO_XQC <= o < VO_STOP] == [VO_XQC]
    coins, vp = val(s, "coins", p), val(s, "vp", p)
    act(g, s, "village_option", VO_XQC)
    assert legal(g, s, "pay_card") == [0, 1]
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert val(s, "quest_state", quest("Q03")) == QS_DONE and val(s, "quest_arg", quest("Q03")) == p
    assert val(s, "coins", p) == coins + 3 and val(s, "vp", p) == vp + 1 + 3
    assert decision(s) == "main"  # last: the second village action is lost


def test_xqc_needs_the_cost_and_a_tile():
    """XQC: not available when the quest's cost cannot be paid or the card holds no tile."""
    g, s, p = village(hand_cards=["A004", "A010"], cards=["B041"])
    s2 = quest_on_card(g, s, "Q03", "B041")  # needs 2 TOB, only 1 in hand
    assert not [o for o in legal(g, s2, "village_option") if VO_XQC <= o < VO_STOP]
    assert not [o for o in legal(g, s, "village_option") if VO_XQC <= o < VO_STOP]


def test_last_option_ends_a_batch_of_any_source():
    """MA-11.4: a last option forfeits the remaining actions (here of the 3 of 7 MP)."""
    g, s, p = village(mp=7, hand_cards=["A011", "A050"], cards=["B070"])
    act(g, s, "village_option", VO_B)
    act(g, s, "village_option", VO_VBK)
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert decision(s) == "main" and val(s, "stk_len") == 0


def test_village_action_not_at_a_city():
    """MA-11.1: the village main action needs the ship at a village."""
    g, s, p = start(3)
    s = arrive(g, s, "2", mp=2)
    assert MAIN_VILLAGE not in legal(g, s, "main_action")


def test_free_plan_needs_an_empty_planning_slot():
    """MA-6.3 F-PLAN: impossible when all 3 planning slots are full."""
    g, s, p = start(3)
    s = plan(g, s, p, ["B001", "B002", "B003"])
    s = hand(g, s, p, NO_GOODS)
    s = arrive(g, s, "10", mp=1)
    assert legal(g, s, "free_plan") == []
    g, s, p = start(3)
    s = plan(g, s, p, ["B001", "B002"])
    s = hand(g, s, p, NO_GOODS)
    s = arrive(g, s, "10", mp=1)
    assert legal(g, s, "free_plan") == [0, 1, 2, 3]
    act(g, s, "free_plan", 1)
    assert card("A016") in val(s, "planning", p) and val(s, "hand_len", p) == 3
