"""Quests (MA-12): completing a board quest as the main action (MA-12.2), every cost
code (MA-12.3: G2, O2 with PI, F1, C1/C2, D2, M4), compass-scaled and fixed rewards
(MA-12.5) incl. the rulebook's compass example (T6), the tile to the ship board, the
quest-count bonus at the 4th and later tiles (MA-12.4). Quest data D6."""

import pytest

from games.maracaibo.spaces import MAIN_QUEST
from games.maracaibo.state import QS_BOARD, QS_DONE

from .positions import (
    EN,
    act,
    arrive,
    board_quests,
    clear_board_quests,
    clear_explorer_quests,
    decision,
    exp,
    hand,
    legal,
    own,
    quest,
    quest_at,
    quest_on_space,
    quests_done,
    start,
    val,
)

FILL = ["A012", "A016", "A011", "A001"]  # HERB, MAP, BOOK, TELE


def at_quest(q_ids, where="16", mp=1, hand_cards=FILL, cards=(), done=(), n=3, seed=1, **per_seat):
    """The current player at ``where`` (after ``mp`` MP) with tiles ``q_ids`` lying there
    in this order; ``done`` tiles already on the player's ship board."""
    g, s, p = start(n, seed)
    s = clear_board_quests(g, s, where)
    for q_id in q_ids:
        s = quest_at(g, s, q_id, where)
    s = hand(g, s, p, hand_cards)
    s = own(g, s, p, list(cards))
    s = quests_done(g, s, p, list(done))
    s = arrive(g, s, where, mp=mp, **{k: {p: v} for k, v in per_seat.items()})
    return g, s, p


def quest_slots(g, s):
    return [k - MAIN_QUEST for k in legal(g, s, "main_action") if MAIN_QUEST <= k < MAIN_QUEST + 4]


def test_complete_a_board_quest_and_take_the_tile():
    """MA-12.2: pay the cost (Q17: 1 CP), gain the per-compass part once per compass
    (2 D x 1) and the fixed part (3 VP); the tile goes to the ship board; board quests
    are not refilled (MA-12.2)."""
    g, s, p = at_quest(["Q17"], cp=2, vp=0)
    coins = val(s, "coins", p)
    assert quest_slots(g, s) == [0]
    act(g, s, "main_action", MAIN_QUEST)
    assert val(s, "cp", p) == 1 and val(s, "coins", p) == coins + 2 and val(s, "vp", p) == 3
    assert val(s, "quest_state", quest("Q17")) == QS_DONE and val(s, "quest_arg", quest("Q17")) == p
    assert board_quests(s, "16") == [] and decision(s) == "main"
    assert quest_slots(g, s) == []  # one main action (MA-6.1)


def test_choose_which_tile_if_several():
    """MA-12.2 / MA-28.3: the QUEST slot is the tile's placement order at the location."""
    g, s, p = at_quest(["Q17", "Q20"], cp=2)
    assert quest_slots(g, s) == [0, 1]
    act(g, s, "main_action", MAIN_QUEST + 1)
    assert val(s, "quest_state", quest("Q20")) == QS_DONE
    assert val(s, "quest_state", quest("Q17")) == QS_BOARD


@pytest.mark.parametrize(
    "q_id, ok_fields, bad_fields",
    [
        ("Q02", {"cp": 1}, {"cp": 0}),  # C1
        ("Q19", {"cp": 2}, {"cp": 1}),  # C2
        ("Q20", {"coins": 2}, {"coins": 1}),  # D2
        ("Q15", {"fig_personal": 1, "fig_general": 4}, {"fig_personal": 0, "fig_general": 5}),  # F1
    ],
)
def test_cost_codes_cp_d_figure(q_id, ok_fields, bad_fields):
    """MA-12.3: C1/C2 CP from the track, D2, F1; not completable if the cost cannot be paid."""
    g, s, p = at_quest([q_id], **ok_fields)
    assert quest_slots(g, s) == [0]
    before = {k: val(s, k, p) for k in ok_fields}
    act(g, s, "main_action", MAIN_QUEST)
    paid = {"Q02": ("cp", 1), "Q19": ("cp", 2), "Q20": ("coins", 2), "Q15": ("fig_personal", 1)}[q_id]
    if q_id == "Q20":
        assert val(s, "coins", p) == before["coins"] - 2  # rewards: 1 VP per compass, explore
    else:
        assert val(s, paid[0], p) == before[paid[0]] - paid[1]
    if q_id == "Q15":
        assert val(s, "fig_general", p) == before["fig_general"] + 1
    g, s, p = at_quest([q_id], **bad_fields)
    assert quest_slots(g, s) == []


def test_goods_cost():
    """MA-12.3 G2(TOB) (Q03): discard 2 hand cards showing tobacco (not other goods)."""
    g, s, p = at_quest(["Q03"], hand_cards=["A004", "A014", "A005", "A010"])  # TOB CORN TOB SUG
    assert quest_slots(g, s) == [0]
    coins, vp = val(s, "coins", p), val(s, "vp", p)
    act(g, s, "main_action", MAIN_QUEST)
    assert decision(s) == "pay card" and legal(g, s, "pay_card") == [0, 2]
    act(g, s, "pay_card", 0)
    assert legal(g, s, "pay_card") == [1]
    act(g, s, "pay_card", 1)
    assert val(s, "hand_len", p) == 2 and val(s, "coins", p) == coins + 3 and val(s, "vp", p) == vp + 1
    g, s, p = at_quest(["Q03"], hand_cards=["A004", "A014", "A020", "A010"])
    assert quest_slots(g, s) == []


def test_item_cost_with_permanent_item():
    """MA-12.3 O2(BOOK) (Q11) and PI(BOOK) (A025, MA-15.2): 2 books, or 1 with PI."""
    g, s, p = at_quest(["Q11"], hand_cards=["A011", "A012"])
    assert quest_slots(g, s) == []
    g, s, p = at_quest(["Q11"], hand_cards=["A011", "A012"], cards=["A025"])
    assert quest_slots(g, s) == [0]
    act(g, s, "main_action", MAIN_QUEST)
    act(g, s, "pay_card", 0)
    assert decision(s) == "nation"  # Q11: 1 VP per compass + INF1
    act(g, s, "choose_nation", EN)
    assert val(s, "influence", p) == [0, 0, 1] and val(s, "hand_len", p) == 1


@pytest.mark.parametrize("mp, ok", [(3, False), (4, True), (7, True)])
def test_min_mp_cost(mp, ok):
    """MA-12.3 M4 (Q22): at least 4 MP spent sailing this turn (not a payment)."""
    g, s, p = at_quest(["Q22"], where="12", mp=mp)
    assert (quest_slots(g, s) == [0]) == ok
    if ok:
        coins, vp = val(s, "coins", p), val(s, "vp", p)
        act(g, s, "main_action", MAIN_QUEST)
        assert val(s, "coins", p) == coins + 3 and val(s, "vp", p) == vp + 1


def test_t6_compass_example():
    """T6 / MA-12.2 [R] example: Q01 (1 figure -> 2 D per compass + explore 3) with 3
    compasses (ship + 2 PCO cards): pay 1 figure, gain 6 D and explore up to 3."""
    g, s, p = at_quest(["Q01"], cards=["B061", "B062"])
    coins, figs = val(s, "coins", p), val(s, "fig_personal", p)
    act(g, s, "main_action", MAIN_QUEST)
    assert val(s, "coins", p) == coins + 6 and val(s, "fig_personal", p) == figs - 1
    assert decision(s) == "explore" and len(legal(g, s, "explore_to")) == 3


@pytest.mark.parametrize("pco, want", [([], 1), (["A018"], 2), (["A018", "B061", "B062"], 4)])
def test_vp_per_compass(pco, want):
    """MA-12.5 PC(k VP) (Q24: 1 VP per compass + 2 CP, cost M4)."""
    g, s, p = at_quest(["Q24"], where="12", mp=4, cards=pco, vp=0, cp=1)
    act(g, s, "main_action", MAIN_QUEST)
    assert val(s, "vp", p) == want and val(s, "cp", p) == 3


@pytest.mark.parametrize(
    "q_id, check",
    [
        ("Q21", lambda b, a: a["fig_personal"] == b["fig_personal"] + 1 and a["coins"] == b["coins"] - 2 + 2),
        ("Q16", lambda b, a: a["cp"] == min(8, b["cp"] + 3) and a["vp"] == b["vp"] + 1),
        ("Q17", lambda b, a: a["vp"] == b["vp"] + 3),
        ("Q19", lambda b, a: a["coins"] == b["coins"] + 5 and a["vp"] == b["vp"] + 1),
    ],
)
def test_fixed_rewards(q_id, check):
    """MA-12.5: FIG, CP(x), VP(x), +X D (D6 tiles)."""
    g, s, p = at_quest([q_id], cp=4, coins=10)
    fields = ("fig_personal", "cp", "vp", "coins")
    before = {f: val(s, f, p) for f in fields}
    act(g, s, "main_action", MAIN_QUEST)
    assert check(before, {f: val(s, f, p) for f in fields})


def test_disc2_reward():
    """MA-12.5 DISC2 (Q10: 2 TELE): remove 2 discs, one decision each."""
    g, s, p = at_quest(["Q10"], hand_cards=["A001", "A002"])
    act(g, s, "main_action", MAIN_QUEST)
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert decision(s) == "remove disc"
    act(g, s, "remove_disc", 4)
    act(g, s, "remove_disc", 4)  # U5 completed: +3 VP
    assert val(s, "discs", p)[4] == 0 and decision(s) == "main"


@pytest.mark.parametrize("had, bonus", [(0, 0), (2, 0), (3, 3), (4, 2), (5, 2), (8, 2)])
def test_quest_count_bonus(had, bonus):
    """MA-12.4 / T6: the 4th tile +3 VP, every later one +2 VP."""
    done = ["Q02", "Q03", "Q04", "Q05", "Q06", "Q07", "Q08", "Q09"][:had]
    g, s, p = at_quest(["Q17"], done=done, cp=1, vp=0)
    act(g, s, "main_action", MAIN_QUEST)
    assert val(s, "vp", p) == 3 + bonus


def test_quest_count_bonus_for_explorer_quests():
    """MA-12.4: tiles from the explorer track count too (4th tile: +3 VP)."""
    g, s, p = start(3)
    s = hand(g, s, p, FILL)
    s = quest_on_space(g, s, "Q17", 0)
    s = quests_done(g, s, p, ["Q02", "Q03", "Q04"])
    s = arrive(g, s, "2", mp=2, vp={p: 0}, cp={p: 1})
    act(g, s, "main_action", 0)
    act(g, s, "explore_to", exp("E3"))
    act(g, s, "choice", 1)
    assert val(s, "vp", p) == 3 + 3


def test_explorer_quest_taken_then_skipped():
    """MA-10.3 / MA-10.5: once taken, its quest space is skipped by every explorer."""
    g, s, p = start(3)
    s = clear_explorer_quests(g, s, [0])
    s = hand(g, s, p, FILL)
    s = arrive(g, s, "2", mp=2)
    act(g, s, "main_action", 0)
    assert exp("E3") not in legal(g, s, "explore_to")
