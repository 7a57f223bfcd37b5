"""Main actions: city action with delivery (MA-7), village actions (MA-11), quests
(MA-12), the explorer track (MA-10), ship upgrades (MA-17), buying and income (MA-14,
MA-15, MA-19), career goals (MA-18). Positions are built with from_json (positions.py)."""

import numpy as np
import pytest

from games.maracaibo.data import codes, ship
from games.maracaibo.game import Maracaibo
from games.maracaibo.spaces import MAIN_CITY, MAIN_QUEST, MAIN_VILLAGE, VO_B
from games.maracaibo.state import QS_BOARD, QS_DONE, W_BOUGHT, W_DISCARD
from tests.maracaibo.positions import (
    act,
    card,
    edit,
    exp,
    give_hand,
    legal,
    loc,
    move_cards,
    opening,
    quest,
)

G3 = Maracaibo(num_players=3)


def at(g, s, where, seed=None, **fields):
    """The current player's ship at ``where`` in Phase B after sailing there (MP = steps)."""
    p = int(s[0]["current_player"])
    src = {"2": "1", "6": "5", "9": "8", "12": "11", "15": "14", "16": "15"}[where]
    s = edit(g, s, ship={p: loc(src)}, **fields)
    act(g, s, "sail_to", loc(where) - 1)
    return s, p


@pytest.fixture
def s3():
    return opening(G3, seed=4)


def test_delivery_then_city_action(s3):
    """MA-7.1 / MA-7.2: deliver a matching card, its disc goes to the market, then the
    city action (City 2: explore 3, D1)."""
    p = int(s3[0]["current_player"])
    s = give_hand(G3, s3, p, ["B002", "B004"])  # SUG Legionnaire, CORN Plantation Owner
    s, p = at(G3, s, "2")
    act(G3, s, "main_action", MAIN_CITY)
    assert legal(G3, s, "deliver") == [0, 8]  # only the sugar card matches City 2
    act(G3, s, "deliver", 0)
    assert s[0]["card_where"][card("B002")] == W_DISCARD and s[0]["market"][loc("2")] == 1
    assert 10 not in legal(G3, s, "remove_disc")  # U11 locked (MA-17.3)
    act(G3, s, "remove_disc", ship.U4)
    assert s[0]["discs"][p, ship.U4] == 1
    assert legal(G3, s, "explore_to") == [exp("E1"), exp("E2"), exp("E3")]


def test_delivery_completing_upgrade_applies_first(s3):
    """MA-7.2 / MA-17.2: completing U4 by delivery gives +5 D before the city action."""
    p = int(s3[0]["current_player"])
    s = give_hand(G3, s3, p, ["B002"])
    s = edit(G3, s, discs={(p, ship.U4): 1})
    s, p = at(G3, s, "2")
    coins = int(s[0]["coins"][p])
    act(G3, s, "main_action", MAIN_CITY)
    act(G3, s, "deliver", 0)
    act(G3, s, "remove_disc", ship.U4)
    assert s[0]["coins"][p] == coins + 5 and s[0]["decision"] == 14  # explore next


def test_no_delivery_when_market_full(s3):
    """MA-7.2: 2 slots with 3 players (D1); a full market skips delivery."""
    p = int(s3[0]["current_player"])
    s = give_hand(G3, s3, p, ["B002"])
    s = edit(G3, s, market={loc("2"): 2})
    s, p = at(G3, s, "2")
    act(G3, s, "main_action", MAIN_CITY)
    assert legal(G3, s, "deliver") == [] and legal(G3, s, "explore_to")


def test_village_action_count_and_repeats(s3):
    """MA-11.2 / T4: 5 MP -> 2 village actions, 3 with U1; options repeat (MA-11.3)."""
    p = int(s3[0]["current_player"])
    s = edit(G3, s3, ship={p: loc("H")})
    act(G3, s, "sail_to", loc("6") - 1)  # Havana -> 6 is 5 steps
    coins = int(s[0]["coins"][p])
    act(G3, s, "main_action", MAIN_VILLAGE)
    act(G3, s, "village_option", VO_B)
    act(G3, s, "village_option", VO_B)
    assert s[0]["coins"][p] == coins + 2 and ("done", 0) in legal(G3, s)  # batch over
    s = edit(G3, s3, ship={p: loc("H")}, discs={(p, ship.U1): 0})
    act(G3, s, "sail_to", loc("6") - 1)
    act(G3, s, "main_action", MAIN_VILLAGE)
    for _ in range(3):
        act(G3, s, "village_option", VO_B)
    assert s[0]["stk_len"] == 0


def test_village_discard_hand_and_buy(s3):
    """VA-A (2 D for the whole hand), VA-C (buy: cost, income ID(3), MA-14.3, MA-15.1)."""
    p = int(s3[0]["current_player"])
    s = give_hand(G3, s3, p, ["B004", "B002"])
    s = edit(G3, s, coins={p: 10}, ship={p: loc("H")})
    act(G3, s, "sail_to", loc("7") - 1)  # 6 MP -> 2 village actions
    act(G3, s, "main_action", MAIN_VILLAGE)
    assert legal(G3, s, "buy_hand") == [0]  # B004 costs 8; B002 costs 12
    act(G3, s, "buy_hand", 0)
    assert s[0]["card_where"][card("B004")] == W_BOUGHT + p
    assert s[0]["coins"][p] == 2 and s[0]["d_income"][p] == 11
    assert s[0]["synergy"][p, codes.ANCHOR] == 1  # B004's synergy symbol
    act(G3, s, "village_option", 0)  # VA-A
    assert s[0]["hand_len"][p] == 0 and s[0]["coins"][p] == 4


def test_doubloon_income_overflow(s3):
    """T3(b) / MA-19.3: income 33 + ID(3) -> 34 and +2 VP income."""
    p = int(s3[0]["current_player"])
    s = give_hand(G3, s3, p, ["B004"])
    s = edit(G3, s, coins={p: 10}, d_income={p: 33}, ship={p: loc("H")})
    act(G3, s, "sail_to", loc("1") - 1)
    act(G3, s, "main_action", MAIN_VILLAGE)
    act(G3, s, "buy_hand", 0)
    assert s[0]["d_income"][p] == 34 and s[0]["vp_income"][p] == 2


def test_vp_income_overflow_counts_scorings_left(s3):
    """T19 / MA-19.4 / GAP-47: round 2 during play, 18 + IV(2) -> marker 0, +60 VP."""
    p = int(s3[0]["current_player"])
    s = give_hand(G3, s3, p, ["B007"])  # IV(2), TOOLS synergy (none conditional)
    s = edit(G3, s, round_no=2, coins={p: 11}, vp_income={p: 18}, vp={p: 0}, ship={p: loc("H")})
    act(G3, s, "sail_to", loc("1") - 1)
    act(G3, s, "main_action", MAIN_VILLAGE)
    act(G3, s, "buy_hand", 0)
    assert s[0]["vp_income"][p] == 0 and s[0]["vp"][p] == 60


def test_synergy_unlocks_conditional_income(s3):
    """MA-15.1: IVs(MEDAL) pays when MEDAL is gained later (here by B010's symbol)."""
    p = int(s3[0]["current_player"])
    s = give_hand(G3, s3, p, ["B017", "B010"])  # B017: IV(1) IVs(MEDAL,2), ANCHOR; B010: ID2 IV1 MEDAL
    s = edit(G3, s, coins={p: 30}, ship={p: loc("H")})
    act(G3, s, "sail_to", loc("7") - 1)
    act(G3, s, "main_action", MAIN_VILLAGE)
    act(G3, s, "buy_hand", 0)
    assert s[0]["vp_income"][p] == 1
    act(G3, s, "buy_hand", 0)
    assert s[0]["vp_income"][p] == 1 + 2 + 1 and s[0]["d_income"][p] == 10


def _quest_at(g, s, q_id, where):
    qi = quest(q_id)
    st = s[0]["quest_state"].copy()
    arg = s[0]["quest_arg"].copy()
    order = s[0]["quest_order"].copy()
    pile = [int(x) for x in s[0]["quest_pile"][: s[0]["quest_pile_len"]]]
    if st[qi] == 0:
        pile.remove(qi)
    st[qi], arg[qi], order[qi] = QS_BOARD, loc(where), s[0]["quest_counter"]
    new_pile = np.full(24, -1)
    new_pile[: len(pile)] = pile
    return edit(
        g,
        s,
        quest_state=st,
        quest_arg=arg,
        quest_order=order,
        quest_pile=new_pile,
        quest_pile_len=len(pile),
        quest_counter=int(s[0]["quest_counter"]) + 1,
    )


def _done_quests(g, s, p, ids):
    st = s[0]["quest_state"].copy()
    arg = s[0]["quest_arg"].copy()
    order = s[0]["quest_order"].copy()
    pile = [int(x) for x in s[0]["quest_pile"][: s[0]["quest_pile_len"]]]
    for q_id in ids:
        qi = quest(q_id)
        if st[qi] == 0:
            pile.remove(qi)
        st[qi], arg[qi], order[qi] = QS_DONE, p, -1
    new_pile = np.full(24, -1)
    new_pile[: len(pile)] = pile
    return edit(g, s, quest_state=st, quest_arg=arg, quest_order=order, quest_pile=new_pile, quest_pile_len=len(pile))


def test_quest_example_and_count_bonus():
    """T6 / MA-12.2 / MA-12.4: Q01 (1 figure -> 2 D per compass + explore 3) with 3
    compasses gives 6 D; it is the 4th tile -> +3 VP."""
    s = opening(G3, seed=7)
    p = int(s[0]["current_player"])
    s = move_cards(G3, s, ["B061", "B062"], W_BOUGHT + p)  # two PCO cards: 3 compasses
    s = _done_quests(G3, s, p, ["Q20", "Q21", "Q22"])
    s = _quest_at(G3, s, "Q01", "16")
    s, p = at(G3, s, "16")
    coins, vp, figs = int(s[0]["coins"][p]), int(s[0]["vp"][p]), int(s[0]["fig_personal"][p])
    assert legal(G3, s, "main_action")[:1] == [MAIN_VILLAGE]
    slot = [k - MAIN_QUEST for k in legal(G3, s, "main_action") if MAIN_QUEST <= k < MAIN_QUEST + 4]
    qs = [int(q) for q in np.flatnonzero((s[0]["quest_state"] == QS_BOARD) & (s[0]["quest_arg"] == loc("16")))]
    assert quest("Q01") in qs
    order = sorted(qs, key=lambda q: s[0]["quest_order"][q])
    act(G3, s, "main_action", MAIN_QUEST + order.index(quest("Q01")))
    assert s[0]["coins"][p] == coins + 6 and s[0]["vp"][p] == vp + 3
    assert s[0]["fig_personal"][p] == figs - 1 and s[0]["quest_state"][quest("Q01")] == QS_DONE
    assert legal(G3, s, "explore_to")  # the explore-3 reward follows
    assert slot == list(range(len(order)))


def test_explorer_counting_and_barrier(s3):
    """T7 / MA-10.3 / MA-10.6: an occupied space is skipped and not counted; first blue
    crosser 4 VP + the E14 reward 2 D 2 VP."""
    p = int(s3[0]["current_player"])
    q = (p + 1) % 3
    s = edit(G3, s3, explorer={p: exp("E12"), q: exp("E13")})
    s = give_hand(G3, s, p, ["B004"])  # no sugar: City 2 (explore 3) has no delivery
    s, p = at(G3, s, "2")
    act(G3, s, "main_action", MAIN_CITY)
    assert legal(G3, s, "explore_to") == [exp("E14"), exp("E15"), exp("E16a"), exp("E16b")]
    vp, coins = int(s[0]["vp"][p]), int(s[0]["coins"][p])
    act(G3, s, "explore_to", exp("E14"))
    assert s[0]["vp"][p] == vp + 4 + 2 and s[0]["coins"][p] == coins + 2
    assert s[0]["crossed"][p, codes.BLUE] == 1 and s[0]["barrier_first"][codes.BLUE] == 1


def test_upgrade_locks():
    """T8 / MA-17.3: U12 needs 6 others, U10/U11 need 4, U6 after U5, U9 after U8."""
    s = opening(G3, seed=2)
    p = int(s[0]["current_player"])
    discs = np.full(12, 2)
    discs[[0, 1, 2, 3, 4]] = 0  # U1-U5 done
    s = give_hand(G3, s, p, ["B002"])
    s = edit(G3, s, discs={p: discs})
    s, p = at(G3, s, "2")
    act(G3, s, "main_action", MAIN_CITY)
    act(G3, s, "deliver", 0)
    got = legal(G3, s, "remove_disc")
    assert ship.U12 not in got and ship.U10 in got and ship.U11 in got
    assert ship.U6 in got and ship.U9 not in got


def test_career_goal_tiers():
    """T9 / MA-18.2: K1's quest goal: 4 tiles -> low tier 4 D and the figure."""
    s = opening(G3, seed=4)
    p = int(s[0]["current_player"])
    s = edit(G3, s, career={p: 0})  # K1: COMBAT, INF1, QUESTS
    s = _done_quests(G3, s, p, ["Q20", "Q21", "Q22", "Q23"])
    act(G3, s, "sail_to", 0)
    assert sorted(legal(G3, s, "free_career")) == [4]  # goal 3 low tier only
    coins, figs = int(s[0]["coins"][p]), int(s[0]["fig_personal"][p])
    act(G3, s, "free_career", 4)
    assert s[0]["coins"][p] == coins + 4 and s[0]["fig_personal"][p] == figs + 1
    assert s[0]["goal_done"][p, 2] == 1 and legal(G3, s, "free_career") == []
