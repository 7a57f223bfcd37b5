"""City actions (MA-7): delivery first (MA-7.2: market slots, matching good, the disc
going to the market), then the city's action: every tile action CX1-CX9 of the
catalogue MA-7.3 (D3 tiles), the printed EXPLORE-X cities (D1) and the homeward
spaces (MA-7.4). Expected values are those of the spec/rulebook text cited per test."""

import pytest

from games.maracaibo.data import ship
from games.maracaibo.spaces import MAIN_CITY, MAIN_VILLAGE, VO_B, VO_STOP

from .positions import (
    EN,
    ES,
    FR,
    act,
    arrive,
    card,
    decision,
    edit,
    give_tokens,
    hand,
    hand_ids,
    legal,
    loc,
    own,
    plan,
    start,
    tile_at,
    val,
    with_assistant,
)

# Hands without the tiles' goods: HERB / MAP / BOOK / TELE cards (D9).
NO_GOODS = ["A012", "A016", "A011", "A001"]  # HERB, MAP, BOOK, TELE


def city(n, tile_id, seed=1, hand_cards=NO_GOODS, where="4", mp=1, **fields):
    """The current player at tile slot ``where`` holding ``tile_id``, in Phase B."""
    g, s, p = start(n, seed)
    s = hand(g, s, p, hand_cards)
    s = tile_at(g, s, where, tile_id)
    s = arrive(g, s, where, mp=mp, **fields)
    return g, s, p


# ----- delivery (MA-7.1, MA-7.2) -------------------------------------------------------------
def test_delivery_needs_a_matching_good_and_puts_the_disc_on_the_market():
    """MA-7.2: only cards showing the city's good (CTL11: SUG) can be delivered; the
    card is discarded, one disc leaves the chosen ship position and lies on the market;
    one delivery at most (MA-7.2) even with two matching cards."""
    g, s, p = city(3, "CTL11", hand_cards=["A010", "A004", "A022"])  # SUG, TOB, SUG
    s = edit(g, s, cp={p: 2})  # CX9 can be paid
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "deliver"
    assert legal(g, s, "deliver") == [0, 2, 8]  # the two sugar cards, or skip
    act(g, s, "deliver", 2)
    assert decision(s) == "remove disc"
    act(g, s, "remove_disc", ship.U2)
    rec = s[0]
    assert rec["discs"][p, ship.U2] == 1 and rec["discs"].sum() == 3 * 24 - 1
    assert rec["market"][loc("4")] == 1
    assert rec["card_where"][card("A022")] == 3  # W_DISCARD
    assert hand_ids(s, p) == ["A010", "A004"]
    assert decision(s) == "choice"  # CX9 follows; no second delivery


def test_delivery_is_optional_and_the_city_action_follows_anyway():
    """MA-7.1: both parts are optional; skipping delivery still allows the action
    (CTL12: CX3, +3 CP)."""
    g, s, p = city(3, "CTL12", hand_cards=["A014"])  # CORN matches CTL12
    cp = val(s, "cp", p)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "deliver", 8)
    assert val(s, "cp", p) == cp + 3 and val(s, "market", loc("4")) == 0
    assert hand_ids(s, p) == ["A014"]


def test_market_slots_by_player_count():
    """MA-7.2, D1 / GAP-4: 2 slots with 1-3 players, 3 slots with 4 players; a full
    market allows no delivery."""
    g, s, p = city(3, "CTL11", hand_cards=["A010"], market={loc("4"): 1})
    act(g, s, "main_action", MAIN_CITY)
    assert legal(g, s, "deliver") == [0, 8]
    g, s, p = city(3, "CTL11", hand_cards=["A010"], market={loc("4"): 2})
    s = edit(g, s, cp={p: 2})
    act(g, s, "main_action", MAIN_CITY)
    assert legal(g, s, "deliver") == [] and decision(s) == "choice"
    g, s, p = city(4, "CTL11", hand_cards=["A010"], market={loc("4"): 2})
    act(g, s, "main_action", MAIN_CITY)
    assert legal(g, s, "deliver") == [0, 8]
    act(g, s, "deliver", 0)
    act(g, s, "remove_disc", ship.U1)
    assert val(s, "market", loc("4")) == 3


def test_delivery_impossible_without_a_removable_disc():
    """MA-7.2 / GAP-24: if no disc can be removed, delivery is impossible."""
    g, s, p = city(3, "CTL11", hand_cards=["A010"])
    s = edit(g, s, discs={p: [0] * 12}, cp={p: 2})
    act(g, s, "main_action", MAIN_CITY)
    assert legal(g, s, "deliver") == [] and decision(s) == "choice"


def test_delivery_disc_respects_unlock_conditions():
    """MA-7.2 / MA-17.2: the delivered disc comes from a legal position only."""
    g, s, p = city(3, "CTL11", hand_cards=["A010"])
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "deliver", 0)
    assert legal(g, s, "remove_disc") == [ship.U1, ship.U2, ship.U3, ship.U4, ship.U5, ship.U7, ship.U8]


def test_delivery_upgrade_applies_before_the_city_action():
    """MA-7.2: completing U5 (+3 VP) by delivery applies before part (2)."""
    g, s, p = city(3, "CTL11", hand_cards=["A010"])
    s = edit(g, s, discs={(p, ship.U5): 1}, cp={p: 2})
    vp = val(s, "vp", p)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "deliver", 0)
    act(g, s, "remove_disc", ship.U5)
    assert val(s, "vp", p) == vp + 3 and decision(s) == "choice"  # CX9's payment choice next


def test_no_delivery_and_no_action_at_homeward_spaces():
    """MA-7.4: 21a gives +3 VP on arrival as the main action; no delivery, no other
    main action; 22 gives +5 VP in round 4."""
    g, s, p = start(3)
    s = hand(g, s, p, ["A010", "A004", "A014"])
    vp = val(s, "vp", p)
    s = arrive(g, s, "21a", mp=1)
    assert val(s, "vp", p) == vp + 3 and legal(g, s, "main_action") == []
    assert val(s, "market", loc("21a")) == 0
    g, s, p = start(3, seed=2)
    s = edit(g, s, round_no=4)
    vp = val(s, "vp", p)
    s = arrive(g, s, "22", mp=1)
    assert val(s, "vp", p) == vp + 5 and legal(g, s, "main_action") == []


# ----- the catalogue MA-7.3 ---------------------------------------------------------------
def test_cx1_influence_then_one_village_action():
    """CX1 (CTL07): +1 influence in any nation, then 1 village action; U1 does not
    change the number (MA-7.3, MA-11.2)."""
    g, s, p = city(3, "CTL07", where="13", mp=7)
    s = edit(g, s, discs={(p, ship.U1): 0})
    coins = val(s, "coins", p)
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "nation" and legal(g, s, "choose_nation") == [FR, ES, EN]
    act(g, s, "choose_nation", ES)
    assert val(s, "influence", p) == [0, 1, 0]
    assert decision(s) == "village"
    act(g, s, "village_option", VO_B)
    assert val(s, "coins", p) == coins + 1
    assert decision(s) == "main" and val(s, "stk_len") == 0


def test_cx1_any_nation_also_at_twelve():
    """CX1 / GAP-53: a nation already on 12 may be chosen; the point gives 2 VP (MA-9.2)."""
    g, s, p = city(3, "CTL07")
    s = edit(g, s, influence={p: [12, 0, 0]})
    vp = val(s, "vp", p)
    act(g, s, "main_action", MAIN_CITY)
    assert FR in legal(g, s, "choose_nation")
    act(g, s, "choose_nation", FR)
    assert val(s, "influence", p) == [12, 0, 0] and val(s, "vp", p) == vp + 2


def test_cx2_cp_then_a_disc_out_of_the_game():
    """CX2 (CTL03, 2 players): +1 CP, then remove 1 disc from a legal position; the disc
    leaves the game (not to a market)."""
    g, s, p = city(2, "CTL03")
    s = edit(g, s, cp={p: 4}, discs={(p, ship.U5): 0})
    act(g, s, "main_action", MAIN_CITY)
    assert val(s, "cp", p) == 5 and decision(s) == "remove disc"
    assert ship.U6 in legal(g, s, "remove_disc")  # U5 complete (MA-17.3)
    act(g, s, "remove_disc", ship.U6)
    assert val(s, "discs", p)[ship.U6] == 1 and val(s, "market", loc("4")) == 0
    assert decision(s) == "main"


def test_cx2_cp_capped_at_8():
    """CX2 / MA-8.8: CP beyond 8 are lost."""
    g, s, p = city(2, "CTL03")
    s = edit(g, s, cp={p: 8})
    act(g, s, "main_action", MAIN_CITY)
    assert val(s, "cp", p) == 8


@pytest.mark.parametrize("cp, want", [(1, 4), (5, 8), (7, 8), (8, 8)])
def test_cx3_three_cp_capped(cp, want):
    """CX3 (CTL12): +3 CP, capped at 8 (MA-7.3, MA-8.8)."""
    g, s, p = city(3, "CTL12")
    s = edit(g, s, cp={p: cp})
    act(g, s, "main_action", MAIN_CITY)
    assert val(s, "cp", p) == want and decision(s) == "main"


def test_cx4_two_doubloons_then_one_village_action():
    """CX4 (CTL08): +2 D, then exactly 1 village action (also after 7 MP with U1)."""
    g, s, p = city(3, "CTL08", where="13", mp=7)
    s = edit(g, s, discs={(p, ship.U1): 0})
    coins = val(s, "coins", p)
    act(g, s, "main_action", MAIN_CITY)
    assert val(s, "coins", p) == coins + 2 and decision(s) == "village"
    assert val(s, "stk_x", 1) == 1  # the batch under the city program holds 1 action
    act(g, s, "village_option", VO_B)
    assert val(s, "coins", p) == coins + 3 and decision(s) == "main"


def test_cx5_cp_and_influence():
    """CX5 (CTL09; CTL00 on Maracaibo with 2 players): +1 CP and +1 influence (any nation)."""
    g, s, p = city(3, "CTL09")
    cp = val(s, "cp", p)
    act(g, s, "main_action", MAIN_CITY)
    assert val(s, "cp", p) == cp + 1 and decision(s) == "nation"
    act(g, s, "choose_nation", EN)
    assert val(s, "influence", p) == [0, 0, 1] and decision(s) == "main"
    g, s, p = start(2)
    s = hand(g, s, p, NO_GOODS)
    s = arrive(g, s, "11", mp=1)  # Maracaibo tile CTL00 (MA-3.3): CX5, market CORN
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "nation"


@pytest.mark.parametrize("pco_cards, want", [([], 1), (["A018"], 2), (["A018", "B061", "B062"], 4)])
def test_cx6_one_village_action_per_compass(pco_cards, want):
    """CX6 (CTL10): 1 village action per compass (1 on the ship board + PCO cards);
    U1 and the MP spent do not change it (MA-7.3)."""
    g, s, p = city(3, "CTL10", where="13", mp=7)
    s = own(g, s, p, pco_cards)
    s = edit(g, s, discs={(p, ship.U1): 0})
    coins = val(s, "coins", p)
    act(g, s, "main_action", MAIN_CITY)
    for _ in range(want):
        assert decision(s) == "village"
        act(g, s, "village_option", VO_B)
    assert decision(s) == "main" and val(s, "coins", p) == coins + want


def test_cx6_unused_actions_may_be_stopped():
    """CX6 / MA-11.5: stopping the batch early forfeits the rest."""
    g, s, p = city(3, "CTL10")
    s = own(g, s, p, ["A018"])
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "village_option", VO_STOP)
    assert decision(s) == "main" and val(s, "stk_len") == 0


def test_cx7_vp_per_token_then_discard_hand_for_4d():
    """CX7 (CTL05, 2 players): +1 VP per combat token on the ship board; then the
    whole hand may be discarded for 4 D (yes/no)."""
    g, s, p = city(2, "CTL05")
    s = give_tokens(g, s, p, 3)
    vp, coins = val(s, "vp", p), val(s, "coins", p)
    act(g, s, "main_action", MAIN_CITY)
    assert val(s, "vp", p) == vp + 3
    assert decision(s) == "choice" and legal(g, s, "choice") == [0, 1]
    act(g, s, "choice", 1)
    assert val(s, "hand_len", p) == 0 and val(s, "coins", p) == coins + 4
    for c in NO_GOODS:
        assert val(s, "card_where", card(c)) == 3  # discard pile
    assert decision(s) == "main"


def test_cx7_declining_keeps_the_hand():
    g, s, p = city(2, "CTL05")
    coins = val(s, "coins", p)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "choice", 0)
    assert val(s, "hand_len", p) == 4 and val(s, "coins", p) == coins and decision(s) == "main"


def test_cx7_empty_hand_gives_nothing():
    """CX7 / GAP-49: the discard needs at least 1 card: with an empty hand no 4 D."""
    g, s, p = city(2, "CTL05", hand_cards=[])
    coins, vp = val(s, "coins", p), val(s, "vp", p)
    act(g, s, "main_action", MAIN_CITY)
    assert val(s, "coins", p) == coins and val(s, "vp", p) == vp and decision(s) == "main"


def test_cx8_four_doubloons_or_vp_per_assistant():
    """CX8 (CTL06, 2 players): either +4 D or +2 VP per own assistant on the board."""
    g, s, p = city(2, "CTL06")
    s = with_assistant(g, s, p, "B091")  # @1
    s = with_assistant(g, s, p, "A034")  # @10
    vp, coins = val(s, "vp", p), val(s, "coins", p)
    s2 = s.copy()
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "choice" and legal(g, s, "choice") == [0, 1]
    act(g, s, "choice", 0)
    assert val(s, "coins", p) == coins + 4 and val(s, "vp", p) == vp and decision(s) == "main"
    act(g, s2, "main_action", MAIN_CITY)
    act(g, s2, "choice", 1)
    assert val(s2, "vp", p) == vp + 4 and val(s2, "coins", p) == coins


def test_cx8_assistants_only_count_on_the_board():
    """CX8 / MA-13.4: figures in the supply or on prestige buildings are not assistants."""
    g, s, p = city(2, "CTL06")
    vp = val(s, "vp", p)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "choice", 1)
    assert val(s, "vp", p) == vp


def test_cx9_pay_two_cp_for_influence_and_six_doubloons():
    """CX9 (CTL11): may pay 2 CP; if so +1 influence in any nation and +6 D."""
    g, s, p = city(3, "CTL11")
    s = edit(g, s, cp={p: 3})
    coins = val(s, "coins", p)
    s2 = s.copy()
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "choice" and legal(g, s, "choice") == [0, 1]
    act(g, s, "choice", 1)
    assert val(s, "cp", p) == 1 and decision(s) == "nation"
    act(g, s, "choose_nation", FR)
    assert val(s, "influence", p) == [1, 0, 0] and val(s, "coins", p) == coins + 6
    assert decision(s) == "main"
    act(g, s2, "main_action", MAIN_CITY)
    act(g, s2, "choice", 0)  # declined: nothing
    assert val(s2, "cp", p) == 3 and val(s2, "coins", p) == coins and val(s2, "influence", p) == [0, 0, 0]


def test_cx9_needs_two_cp_from_the_track():
    """CX9 / GAP-49: with 1 CP (figures cannot substitute) the action gives nothing."""
    g, s, p = city(3, "CTL11")
    s = edit(g, s, cp={p: 1})
    coins = val(s, "coins", p)
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "main" and val(s, "coins", p) == coins and val(s, "cp", p) == 1


@pytest.mark.parametrize("where, steps", [("2", 3), ("11", 4)])
def test_printed_explore_cities(where, steps):
    """D1: City 2 explores up to 3, Maracaibo (11, 3-4 players) up to 4 (MA-7.3 EXPLORE-X)."""
    g, s, p = start(3)
    s = hand(g, s, p, NO_GOODS)
    s = arrive(g, s, where, mp=1)
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "explore"
    assert len(legal(g, s, "explore_to")) == steps  # E1..E3 / E1..E4 (QA counts: it holds a tile)


def test_city_action_is_not_a_village():
    """MA-6.2 / MA-11.1: at a city the village main action is not available."""
    g, s, p = city(3, "CTL12")
    assert MAIN_VILLAGE not in legal(g, s, "main_action") and MAIN_CITY in legal(g, s, "main_action")


def test_planning_cards_cannot_be_delivered():
    """MA-6.4 / MA-14.2: planning-area cards are not hand cards and cannot be goods."""
    g, s, p = start(3)
    s = hand(g, s, p, NO_GOODS)
    s = plan(g, s, p, ["A010"])  # SUG in the planning area
    s = tile_at(g, s, "4", "CTL11")  # demands SUG
    s = arrive(g, s, "4", mp=1, cp={p: 2})
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "choice" and legal(g, s, "deliver") == []


def test_maracaibo_tile_changes_the_demanded_good():
    """MA-3.3 / D1 / D3: with 2 players the Maracaibo tile CTL00 lies on 11: its market
    demands CORN (the printed city demands TOB, used with 3-4 players)."""
    g, s, p = start(2)
    s = hand(g, s, p, ["A004", "A014"])  # TOB, CORN
    s = arrive(g, s, "11", mp=1)
    act(g, s, "main_action", MAIN_CITY)
    assert legal(g, s, "deliver") == [1, 8]
    g, s, p = start(3)
    s = hand(g, s, p, ["A004", "A014"])
    s = arrive(g, s, "11", mp=1)
    act(g, s, "main_action", MAIN_CITY)
    assert legal(g, s, "deliver") == [0, 8]
