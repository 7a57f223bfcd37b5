"""Project cards: buying from hand or planning area with every cost and requirement
code (MA-14.3, MA-14.4), income with synergy conditions (MA-15.1, MA-15.4), the income
tracks' overflow (MA-19.3, MA-19.4), immediate effects (MA-15.3) and the permanent
effects outside combat (MA-15.2: PI, PD, PCO, PEX, PFC). Card data D9."""

import numpy as np
import pytest

from games.maracaibo.data import ship
from games.maracaibo.spaces import MAIN_ASSIST, MAIN_CITY, MAIN_QUEST, MAIN_VILLAGE, VO_B
from games.maracaibo.state import QS_CARD, W_BOUGHT

from .positions import (
    ANCHOR,
    CROWN,
    EN,
    ES,
    FR,
    HOUSE,
    MEDAL,
    TOOLS,
    act,
    arrive,
    card,
    decision,
    edit,
    exp,
    give_tokens,
    hand,
    hand_ids,
    legal,
    loc,
    markers,
    own,
    plan,
    quest,
    quest_on_pile_top,
    quests_done,
    start,
    synergies,
    val,
    with_assistant,
)

FILL = ["A012", "A016", "A011", "A001"]  # cheap filler hand cards: HERB, MAP, BOOK, TELE


def shop(hand_cards, n=3, seed=1, cards=(), mp=7, **fields):
    """The current player at village 10 in a village batch of 3 actions (7 MP) with
    ``hand_cards`` in hand and ``cards`` bought; ``fields`` are edited (seat-free values
    such as ``coins=20`` apply to the current player)."""
    g, s, p = start(n, seed)
    s = hand(g, s, p, hand_cards)
    s = own(g, s, p, list(cards))
    per_seat = {k: {p: v} for k, v in fields.items()}
    s = arrive(g, s, "10", mp=mp, **per_seat)
    act(g, s, "main_action", MAIN_VILLAGE)
    return g, s, p


# ----- buying (MA-14.3, MA-14.4) ------------------------------------------------------------
def test_buy_from_hand_pays_cost_and_goes_to_the_display():
    """MA-14.3: pay the D cost; the card goes to the personal display; its income
    applies at once (B005: 8 D, ID(3))."""
    g, s, p = shop(["B005", "A012"], coins=9)
    assert legal(g, s, "buy_hand") == [0, 1]
    act(g, s, "buy_hand", 0)
    assert val(s, "card_where", card("B005")) == W_BOUGHT + p
    assert val(s, "coins", p) == 1 and val(s, "d_income", p) == 11
    assert hand_ids(s, p) == ["A012"] and decision(s) == "village"


def test_buy_from_planning_area():
    """MA-14.3 / MA-6.4: planning cards can be bought like hand cards."""
    g, s, p = start(3)
    s = plan(g, s, p, ["B005", "B003"])
    s = hand(g, s, p, FILL)
    s = arrive(g, s, "10", mp=1, coins={p: 8})
    act(g, s, "main_action", MAIN_VILLAGE)
    slots = val(s, "planning", p)
    j = slots.index(card("B005"))
    assert legal(g, s, "buy_plan") == [j]  # B003 costs 16
    act(g, s, "buy_plan", j)
    assert val(s, "planning", p)[j] == -1 and val(s, "card_where", card("B005")) == W_BOUGHT + p
    assert val(s, "coins", p) == 0 and val(s, "hand_len", p) == 4


def test_unaffordable_cards_are_not_legal():
    g, s, p = shop(["B005"], coins=7)
    assert legal(g, s, "buy_hand") == []


@pytest.mark.parametrize("pd_cards, want_cost", [([], 8), (["A028"], 7), (["A028", "A029"], 6), (["B056", "A028"], 5)])
def test_pd_discounts_stack(pd_cards, want_cost):
    """MA-15.2 PD(x) / MA-14.5: each purchase costs x D less per PD card (effects stack)."""
    g, s, p = shop(["B005"], cards=pd_cards, coins=want_cost)
    assert legal(g, s, "buy_hand") == [0]
    act(g, s, "buy_hand", 0)
    assert val(s, "coins", p) == 0
    g, s, p = shop(["B005"], cards=pd_cards, coins=want_cost - 1)
    assert legal(g, s, "buy_hand") == []


def test_pd_never_below_zero():
    """MA-15.2 PD: the price is never below 0 (A055 costs 2, discount 3)."""
    g, s, p = shop(["A055"], cards=["B056", "A028"], coins=0)
    act(g, s, "buy_hand", 0)
    assert val(s, "coins", p) == 0


def test_assistant_requirement_places_a_figure():
    """MA-14.4 @n / MA-13.1: a figure from the personal supply becomes an assistant at n
    (the ship need not be there); without a figure the card cannot be bought."""
    g, s, p = shop(["B091"], coins=7)  # @1
    figs = val(s, "fig_personal", p)
    act(g, s, "buy_hand", 0)
    assert val(s, "fig_personal", p) == figs - 1
    assert val(s, "assistants", p)[0] == card("B091")
    g, s, p = shop(["B091"], coins=7, fig_personal=0, fig_general=5)
    assert legal(g, s, "buy_hand") == []


def test_return_figures_and_nation_marker_requirements():
    """MA-14.4 F(1) and N3(FR) (B080): France needs >= 3 markers on the board (not a
    payment: they stay) and 1 figure goes back to the general supply."""
    g, s, p = shop(["B080"], coins=10)
    assert legal(g, s, "buy_hand") == []  # France has no marker on the board
    g, s, p = start(3)
    s = hand(g, s, p, ["B080"])
    s = markers(g, s, {"1": FR, "3": FR, "7": FR, "8": ES})
    s = arrive(g, s, "10", mp=1, coins={p: 10})
    act(g, s, "main_action", MAIN_VILLAGE)
    figs, gen = val(s, "fig_personal", p), val(s, "fig_general", p)
    assert legal(g, s, "buy_hand") == [0]
    act(g, s, "buy_hand", 0)
    assert val(s, "fig_personal", p) == figs - 1 and val(s, "fig_general", p) == gen + 1
    assert val(s, "marker_at", loc("1")) == FR and val(s, "markers_taken") == [3, 1, 0]


def test_nation_marker_requirement_counts_only_that_nation():
    """N3(FR): 2 French markers and 3 Spanish ones do not qualify."""
    g, s, p = start(3)
    s = hand(g, s, p, ["B080"])
    s = markers(g, s, {"1": FR, "3": FR, "7": ES, "8": ES, "6": ES})
    s = arrive(g, s, "10", mp=1, coins={p: 10})
    act(g, s, "main_action", MAIN_VILLAGE)
    assert legal(g, s, "buy_hand") == []


def test_figure_on_card_requirement():
    """MA-14.4 FC (B081): 1 figure from the personal supply onto the card (stays there)."""
    g, s, p = start(3)
    s = hand(g, s, p, ["B081"])
    s = markers(g, s, {"1": ES, "3": ES, "7": ES})
    s = arrive(g, s, "10", mp=1, coins={p: 10})
    act(g, s, "main_action", MAIN_VILLAGE)
    figs = val(s, "fig_personal", p)
    act(g, s, "buy_hand", 0)
    assert val(s, "card_figs", card("B081")) == 1 and val(s, "fig_personal", p) == figs - 1
    assert val(s, "synergy", p)[MEDAL] == 1  # its synergy symbol
    g2, s2, p2 = start(3)
    s2 = hand(g2, s2, p2, ["B081"])
    s2 = markers(g2, s2, {"1": ES, "3": ES, "7": ES})
    s2 = arrive(g2, s2, "10", mp=1, coins={p2: 10}, fig_personal={p2: 0}, fig_general={p2: 5})
    act(g2, s2, "main_action", MAIN_VILLAGE)
    assert legal(g2, s2, "buy_hand") == []


def test_herb_requirement_and_permanent_herb():
    """MA-14.4 H3 (B076): discard 3 herb cards; PI(HERB) (A023) makes it 2 (MA-15.2)."""
    herbs = ["A012", "A013", "A055"]
    g, s, p = shop(["B076"] + herbs[:2], coins=6)
    assert 0 not in legal(g, s, "buy_hand")  # 2 herbs only
    g, s, p = shop(["B076"] + herbs, coins=6)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "pay card" and legal(g, s, "pay_card") == [0, 1, 2]
    for _ in range(3):
        act(g, s, "pay_card", 0)
    assert val(s, "hand_len", p) == 0 and val(s, "card_where", card("B076")) == W_BOUGHT + p
    g, s, p = shop(["B076"] + herbs[:2], cards=["A023"], coins=6)
    act(g, s, "buy_hand", 0)
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert val(s, "hand_len", p) == 0 and decision(s) == "village"


def test_cp_requirement_comes_from_the_track():
    """MA-14.4 CP(4) (B078): pay 4 CP from the track (figures cannot substitute)."""
    g, s, p = shop(["B078"], coins=5, cp=3)
    assert legal(g, s, "buy_hand") == []
    g, s, p = shop(["B078"], coins=5, cp=5)
    act(g, s, "buy_hand", 0)
    assert val(s, "cp", p) == 1 and decision(s) == "nation"  # its XI1 follows
    act(g, s, "choose_nation", EN)
    assert val(s, "influence", p) == [0, 0, 1] and val(s, "synergy", p)[TOOLS] == 1


# ----- income and synergies (MA-15.1, MA-15.4, MA-19) -----------------------------------------
def test_legionnaire_rulebook_example():
    """[R] 军团士兵 (B001): +2 doubloon income; +2 VP income only with ANCHOR; +5 CP."""
    g, s, p = shop(["B001"], coins=12, cp=1)
    act(g, s, "buy_hand", 0)
    assert val(s, "d_income", p) == 10 and val(s, "vp_income", p) == 0 and val(s, "cp", p) == 6
    g, s, p = shop(["B001"], coins=12, synergy=synergies(ANCHOR))
    act(g, s, "buy_hand", 0)
    assert val(s, "d_income", p) == 10 and val(s, "vp_income", p) == 2


def test_harbour_rulebook_example_crown_later():
    """[R] 港口 (B003): with TOOLS but no CROWN the VP income rises by 4; buying a CROWN
    card later adds the remaining 2 (MA-15.1: checked whenever a synergy is gained)."""
    g, s, p = shop(["B003", "A009"], coins=21, synergy=synergies(TOOLS))
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 4
    act(g, s, "buy_hand", 0)  # A009 Clerk: IV(1), CROWN symbol
    assert val(s, "vp_income", p) == 4 + 1 + 2 and val(s, "synergy", p)[CROWN] == 1


def test_own_synergy_symbol_unlocks_own_conditional_income_once():
    """MA-14.3 order (synergy, then income incl. conditions now met): A040 (ID(1),
    IVs(TOOLS,1), TOOLS symbol) gives +1 VP income exactly once, with or without TOOLS."""
    for syn in (synergies(), synergies(TOOLS)):
        g, s, p = shop(["A040"], coins=4, synergy=syn)
        act(g, s, "buy_hand", 0)
        assert val(s, "d_income", p) == 9 and val(s, "vp_income", p) == 1


def test_conditional_doubloon_income_when_synergy_arrives_later():
    """IDs (B013: ID(2), IDs(CROWN,2)): the +2 waits for CROWN, then applies."""
    g, s, p = shop(["B013", "A054"], coins=11)
    act(g, s, "buy_hand", 0)
    assert val(s, "d_income", p) == 10
    act(g, s, "buy_hand", 0)  # A054: XCP(3), CROWN symbol
    assert val(s, "d_income", p) == 12


def test_second_synergy_symbol_gives_nothing():
    """MA-15.4: at most one token per type; a later symbol of that type gives nothing."""
    g, s, p = shop(["A054", "A042"], coins=10)
    act(g, s, "buy_hand", 0)
    act(g, s, "buy_hand", 0)  # A042: ID(1), IVs(CROWN,1), CROWN
    assert val(s, "synergy", p) == synergies(CROWN) and val(s, "vp_income", p) == 1


def test_t3b_doubloon_income_capped_at_34():
    """T3(b) / MA-19.3: income 33 + ID(3) -> 34 and +2 VP income."""
    g, s, p = shop(["B005"], coins=8, d_income=33)
    act(g, s, "buy_hand", 0)
    assert val(s, "d_income", p) == 34 and val(s, "vp_income", p) == 2


def test_doubloon_overflow_can_overflow_vp_income():
    """MA-19.3 then MA-19.4: 34 + ID(3) -> VP income 18 + 3 = 21 -> marker 1 and
    20 VP x 4 scorings to come (round 1, during play)."""
    g, s, p = shop(["B005"], coins=8, d_income=34, vp_income=18, vp=0)
    act(g, s, "buy_hand", 0)
    assert val(s, "d_income", p) == 34 and val(s, "vp_income", p) == 1 and val(s, "vp", p) == 80


@pytest.mark.parametrize("round_no, want", [(1, 80), (2, 60), (3, 40), (4, 20)])
def test_vp_income_overflow_pays_20_per_scoring_to_come(round_no, want):
    """MA-19.4 / GAP-47: during play in round r the income step of round r is still to
    come: 5 - r scorings; [R] example round 3: 22 -> marker 2, +40 VP."""
    g, s, p = start(3)
    s = hand(g, s, p, ["B007"])  # IV(2)
    s = edit(g, s, round_no=round_no)
    s = arrive(g, s, "10", mp=1, coins={p: 11}, vp_income={p: 18}, vp={p: 0})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 0 and val(s, "vp", p) == want
    g, s, p = start(3)
    s = hand(g, s, p, ["B009", "A010"])  # IV(2) + IV(1): 19 + 3 -> 22
    s = edit(g, s, round_no=round_no)
    s = arrive(g, s, "10", mp=7, coins={p: 16}, vp_income={p: 19}, vp={p: 0})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 1 and val(s, "vp", p) == want
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 2 and val(s, "vp", p) == want


# ----- immediate effects (MA-15.3) -----------------------------------------------------------
def test_xi2_two_influence_in_the_printed_nation():
    g, s, p = shop(["A016"], coins=4)  # XI2(ES)
    act(g, s, "buy_hand", 0)
    assert val(s, "influence", p) == [0, 2, 0]


def test_xi1_one_influence_any_nation():
    g, s, p = shop(["A052"], coins=4)  # XI1; ID(1)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "nation" and legal(g, s, "choose_nation") == [FR, ES, EN]
    act(g, s, "choose_nation", FR)
    assert val(s, "influence", p) == [1, 0, 0] and val(s, "d_income", p) == 9


def test_xcp_capped_at_8():
    g, s, p = shop(["A053"], coins=3, cp=6)  # XCP(3)
    act(g, s, "buy_hand", 0)
    assert val(s, "cp", p) == 8


def test_xds_removes_one_disc():
    g, s, p = shop(["A020"], coins=5)  # XDS; ID(1)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "remove disc"
    act(g, s, "remove_disc", ship.U4)
    assert val(s, "discs", p)[ship.U4] == 1 and val(s, "d_income", p) == 9
    assert decision(s) == "village" and val(s, "stk_x", 0) == 2  # the batch goes on


@pytest.mark.parametrize("general, want", [(3, 2), (1, 1), (0, 0)])
def test_xf2_two_figures_as_available(general, want):
    """XF2 (A026): +2 figures from the general supply, as far as available."""
    g, s, p = start(3)
    s = hand(g, s, p, ["A026"])
    figs = val(s, "fig_personal", p)
    moved = 3 - general  # park the others as assistants? keep conservation: move to personal
    s = arrive(g, s, "10", mp=1, coins={p: 3}, fig_general={p: general}, fig_personal={p: figs + moved})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert val(s, "fig_personal", p) == figs + moved + want and val(s, "fig_general", p) == general - want


def test_xsa_gain_a_synergy_you_lack_and_its_income():
    """XSA (A056): choose a synergy type not owned; conditional income it unlocks applies."""
    g, s, p = shop(["A056"], cards=["B017"], coins=5, synergy=synergies(ANCHOR))  # B017: IVs(MEDAL,2)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "synergy"
    assert legal(g, s, "choose_synergy") == [TOOLS, MEDAL, CROWN, HOUSE]
    vpi = val(s, "vp_income", p)
    act(g, s, "choose_synergy", MEDAL)
    assert val(s, "synergy", p) == synergies(ANCHOR, MEDAL) and val(s, "vp_income", p) == vpi + 2


def test_xsa_with_all_synergies_does_nothing():
    g, s, p = shop(["A056"], coins=5, synergy=[1, 1, 1, 1, 1])
    act(g, s, "buy_hand", 0)
    assert decision(s) == "village"


def test_xvm_marker_on_an_empty_village():
    """XVM (B036): choose a nation, its leftmost marker on an empty village; nothing else."""
    g, s, p = start(2)  # 2 players: setup markers on 6, 7, 8 (MA-3.8)
    s = hand(g, s, p, ["B036"])
    s = arrive(g, s, "10", mp=1, coins={p: 5})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "nation"
    act(g, s, "choose_nation", EN)
    assert decision(s) == "location"
    empty = [loc(x) - 1 for x in ("1", "3", "10", "12", "15", "16", "18", "19")]
    assert legal(g, s, "choose_location") == empty  # villages without a marker; no city
    inf, coins, vp = val(s, "influence", p), val(s, "coins", p), val(s, "vp", p)
    act(g, s, "choose_location", loc("15") - 1)
    assert val(s, "marker_at", loc("15")) == EN and val(s, "markers_taken") == [1, 1, 2]
    assert val(s, "influence", p) == inf and val(s, "coins", p) == coins and val(s, "vp", p) == vp
    assert val(s, "synergy", p)[HOUSE] == 1


def test_xvm_without_an_empty_village_does_nothing():
    villages = ("1", "3", "6", "7", "8", "10", "12", "15", "16", "18", "19")
    g, s, p = start(3)
    s = hand(g, s, p, ["B036"])
    s = markers(g, s, {v: i % 3 for i, v in enumerate(villages)})
    s = arrive(g, s, "10", mp=1, coins={p: 5})
    act(g, s, "main_action", MAIN_VILLAGE)
    taken = val(s, "markers_taken")
    act(g, s, "buy_hand", 0)
    assert decision(s) == "main" and val(s, "markers_taken") == taken


def test_xvm_nation_with_empty_supply_cannot_be_chosen():
    """XVM / MA-9.8."""
    g, s, p = shop(["B036"], coins=5)
    s = edit(g, s, markers_taken=[0, 13, 0])
    act(g, s, "buy_hand", 0)
    assert legal(g, s, "choose_nation") == [FR, EN]


def test_xvn_marker_and_next_noble_level():
    """XVN (B040): marker of the chosen nation on an empty village and that nation's
    influence to its next noble band (MA-9.4: 4 -> 6)."""
    g, s, p = shop(["B040"], coins=9, influence=[0, 4, 0])
    act(g, s, "buy_hand", 0)
    act(g, s, "choose_nation", ES)
    assert decision(s) == "location"
    act(g, s, "choose_location", loc("3") - 1)
    assert val(s, "marker_at", loc("3")) == ES and val(s, "influence", p) == [0, 6, 0]


def test_xvn_without_an_empty_village_still_moves_to_the_next_level():
    """GAP-56: no empty village -> the marker part is skipped, the noble level applies."""
    villages = ("1", "3", "6", "7", "8", "10", "12", "15", "16", "18", "19")
    g, s, p = start(3)
    s = hand(g, s, p, ["B040"])
    s = markers(g, s, {v: i % 3 for i, v in enumerate(villages)})
    s = arrive(g, s, "10", mp=1, coins={p: 9}, influence={p: [9, 0, 0]})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    taken = val(s, "markers_taken")
    act(g, s, "choose_nation", FR)
    assert val(s, "influence", p) == [10, 0, 0] and val(s, "markers_taken") == taken
    assert decision(s) == "main"  # the batch of 1 MP had 1 action


def test_xvn_from_twelve_does_nothing():
    """MA-9.4 / GAP-37: from 12 the noble-level move does nothing (no VP)."""
    g, s, p = shop(["B040"], coins=9, influence=[12, 0, 0], vp=0)
    act(g, s, "buy_hand", 0)
    act(g, s, "choose_nation", FR)
    act(g, s, "choose_location", loc("3") - 1)
    assert val(s, "influence", p) == [12, 0, 0] and val(s, "vp", p) == 0


def test_xqc_takes_the_top_quest_tile():
    """XQC (B041) / GAP-52: the top tile of the quest pile goes onto the card."""
    g, s, p = shop(["B041"], coins=4)
    s = quest_on_pile_top(g, s, "Q17")
    pile = val(s, "quest_pile_len")
    act(g, s, "buy_hand", 0)
    assert val(s, "quest_state", quest("Q17")) == QS_CARD and val(s, "quest_arg", quest("Q17")) == card("B041")
    assert val(s, "quest_pile_len") == pile - 1
    g, s, p = shop(["B041"], coins=4)  # the last tile of the pile
    s = quest_on_pile_top(g, s, "Q17")
    rest = [f"Q{i:02d}" for i in range(1, 25) if s[0]["quest_state"][i - 1] == 0 and i != 17]
    s = quests_done(g, s, (p + 1) % 3, rest)
    assert val(s, "quest_pile_len") == 1
    act(g, s, "buy_hand", 0)
    assert val(s, "quest_state", quest("Q17")) == QS_CARD and val(s, "quest_pile_len") == 0


def test_xqc_with_an_empty_pile_gets_nothing():
    """GAP-38: no tile when the quest pile is empty."""
    g, s, p = shop(["B041"], coins=4)
    done = [f"Q{i:02d}" for i in range(1, 25) if s[0]["quest_state"][i - 1] == 0]
    s = quests_done(g, s, (p + 1) % 3, done)
    assert val(s, "quest_pile_len") == 0
    act(g, s, "buy_hand", 0)
    assert decision(s) == "village" and (s[0]["quest_state"] == QS_CARD).sum() == 0


def test_xvt_vp_per_combat_token():
    g, s, p = shop(["B022"], coins=5, vp=0)
    s = give_tokens(g, s, p, 3)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 3


def test_xva_vp_per_assistant_on_the_board():
    """XVA (B023): 2 VP per assistant on the board (not figures in supplies)."""
    g, s, p = shop(["B023"], coins=5, vp=0)
    s = with_assistant(g, s, p, "A030")
    s = with_assistant(g, s, p, "A034")
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 4


def test_xvq_vp_per_quest_tile():
    g, s, p = shop(["B025"], coins=4, vp=0)
    s = quests_done(g, s, p, ["Q20", "Q21"])
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 2


@pytest.mark.parametrize("pco, want", [([], 2), (["A018", "B061"], 6)])
def test_xvc_vp_per_compass_at_least_2(pco, want):
    """XVC (B028): 2 VP per compass; the printed ship compass gives at least 2."""
    g, s, p = shop(["B028"], cards=pco, coins=5, vp=0)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == want


def test_xvs_counts_the_synergy_of_the_card_itself():
    """XVS (B030, TOOLS): 2 VP per synergy token, after the card's own symbol is gained
    (MA-14.3 order)."""
    g, s, p = shop(["B030"], coins=6, vp=0, synergy=synergies(ANCHOR))
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 4


def test_xv3_vp_per_nation_with_three_influence():
    g, s, p = shop(["B031"], coins=6, vp=0, influence=[3, 2, 12])
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 6


@pytest.mark.parametrize("n", [0, 1, 2])
def test_xfc_figures_on_the_card_raise_doubloon_income(n):
    """XFC (B032): any number of personal figures onto the card, +2 D income each."""
    g, s, p = shop(["B032"], coins=3)
    figs = val(s, "fig_personal", p)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "count" and legal(g, s, "count") == list(range(figs + 1))
    act(g, s, "count", n)
    assert val(s, "card_figs", card("B032")) == n and val(s, "fig_personal", p) == figs - n
    assert val(s, "d_income", p) == 8 + 2 * n


# ----- permanent effects outside combat (MA-15.2) -----------------------------------------
def test_pco_adds_compasses_for_quests():
    """PCO: +1 compass (used by quests, CX6, XVC); see test_rules_quests for quests."""
    g, s, p = shop(["B028"], cards=["B062"], coins=5, vp=0)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 4


def test_pex_adds_one_step_to_every_explorer_move():
    """PEX (A045): explore X becomes X + 1 per PEX card (MA-10.2)."""
    g, s, p = start(3)
    s = own(g, s, p, ["A045", "A046"])
    s = hand(g, s, p, FILL)
    s = arrive(g, s, "2", mp=2)  # City 2: explore 3
    act(g, s, "main_action", 0)
    assert legal(g, s, "explore_to") == [exp(x) for x in ("E1", "E2", "E3", "E4", "E5")]


def test_pfc_figure_for_two_cp_any_time():
    """PFC (B046) / MA-6.3 F-FIG2CP: return a personal figure to the general supply for
    2 CP, at the main decision and between village actions (GAP-23)."""
    g, s, p = start(3)
    s = own(g, s, p, ["B046"])
    s = arrive(g, s, "10", mp=7, cp={p: 1})
    figs, gen = val(s, "fig_personal", p), val(s, "fig_general", p)
    assert legal(g, s, "free_fig2cp") == [0]
    act(g, s, "free_fig2cp")
    assert val(s, "cp", p) == 3 and val(s, "fig_personal", p) == figs - 1 and val(s, "fig_general", p) == gen + 1
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "village_option", VO_B)
    assert legal(g, s, "free_fig2cp") == [0]
    g, s, p = start(3)
    s = arrive(g, s, "10", mp=1)
    assert legal(g, s, "free_fig2cp") == []  # no PFC card


def test_planning_cards_have_no_effect():
    """MA-6.4: planning-area cards are inactive (a PD card in planning gives no discount)."""
    g, s, p = start(3)
    s = plan(g, s, p, ["A028"])
    s = hand(g, s, p, ["B005"])
    s = arrive(g, s, "10", mp=1, coins={p: 7})
    act(g, s, "main_action", MAIN_VILLAGE)
    assert legal(g, s, "buy_hand") == []


# ----- free-action timing (MA-6.3, MA-18.5, GAP-23) -------------------------------------------
def test_pfc_at_every_decision_of_its_owner():
    """GAP-23 / MA-6.3: F-FIG2CP "at any of your decision points": in Phase A, inside a
    program (explore destination) and in Phase C."""
    g, s, p = start(3)
    s = own(g, s, p, ["B046"])
    s = hand(g, s, p, ["A012", "A016"])
    assert decision(s) == "sail" and legal(g, s, "free_fig2cp") == [0]
    s = arrive(g, s, "2", mp=2)  # City 2: explore 3
    act(g, s, "main_action", 0)
    assert decision(s) == "explore" and legal(g, s, "free_fig2cp") == [0]
    cp = val(s, "cp", p)
    act(g, s, "free_fig2cp")
    assert val(s, "cp", p) == cp + 2 and decision(s) == "explore"
    act(g, s, "explore_to", exp("E1"))
    act(g, s, "done")
    assert decision(s) == "draw" and legal(g, s, "free_fig2cp") == [0]


def test_career_goal_during_a_purchase_effect():
    """GAP-23 / MA-18.5: career goals at every decision of the own Phase B. Buying B033
    (XFC, MEDAL) completes K3's SYN goal (3 synergies -> 2 D and its figure); at the XFC
    decision the goal can be completed first and its figure put on the card."""
    g, s, p = shop(["B033"], coins=3, synergy=synergies(TOOLS, HOUSE))
    s = edit(g, s, career={p: 2})  # K3: INF2, SYN, COMBAT
    figs = val(s, "fig_personal", p)
    act(g, s, "buy_hand", 0)
    assert decision(s) == "count" and legal(g, s, "free_career") == [2]
    act(g, s, "free_career", 2)
    assert decision(s) == "count" and legal(g, s, "count") == list(range(figs + 2))
    act(g, s, "count", figs + 1)
    assert val(s, "d_income", p) == 8 + 2 * (figs + 1) and val(s, "card_figs", card("B033")) == figs + 1


def test_no_career_goals_inside_interim_scoring():
    """MA-18.5: not during interim scoring, also not while a step-1 purchase resolves."""
    from .test_rules_scoring import to_interim

    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B033", "A012", "A016", "A011"])
    s = edit(g, s, career={p: 2})
    s = to_interim(g, s, coins={p: 3}, synergy={p: synergies(TOOLS, HOUSE)})
    act(g, s, "buy_hand", 0)
    assert decision(s) == "count" and legal(g, s, "free_career") == []


def test_no_career_goals_while_the_final_purchase_resolves():
    """MA-22.2 / MA-18.5 / GAP-23: in final scoring career goals only right before and
    after the step-1 choice, not while its purchase resolves (B033's XFC decision); the
    goal the purchase met (K3 SYN via MEDAL) is offered after the choice."""
    from .test_rules_scoring import to_final

    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B033", "A012", "A016", "A011"])
    s = edit(g, s, career={p: 2})
    s = to_final(g, s, coins={p: 3}, synergy={p: synergies(TOOLS, HOUSE)})
    act(g, s, "buy_hand", 0)
    assert decision(s) == "count" and legal(g, s, "free_career") == [] and legal(g, s, "free_plan") == []
    act(g, s, "count", 0)
    assert decision(s) == "career goals" and legal(g, s, "free_career") == [2]


# ----- F-PLAN inside pending payments (MA-6.3, MA-6.4, GAP-23) ----------------------------------
def _pay_quest(hand_cards):
    """The current player claims Q03 (cost: 2 TOB, MA-12.3): a mandatory Frame.PAY frame."""
    from .test_rules_quests import at_quest

    g, s, p = at_quest(["Q03"], hand_cards=hand_cards)
    act(g, s, "main_action", MAIN_QUEST)
    assert decision(s) == "pay card"
    return g, s, p


def test_free_plan_inside_a_mandatory_payment_keeps_the_cards_it_needs():
    """GAP-23: F-PLAN at every decision of the own Phase B, also while a quest cost is
    being paid; a card the payment still needs cannot be planned (a planned card is no
    good, MA-6.4), so the payment always stays payable."""
    g, s, p = _pay_quest(["A004", "A014", "A005", "A010"])  # TOB CORN TOB SUG
    assert legal(g, s, "free_plan") == [1, 3] and legal(g, s, "pay_card") == [0, 2]
    act(g, s, "free_plan", 1)  # CORN -> planning
    assert hand_ids(s, p) == ["A004", "A005", "A010"] and card("A014") in val(s, "planning", p)
    assert decision(s) == "pay card" and legal(g, s, "free_plan") == [2]
    act(g, s, "pay_card", 0)
    assert legal(g, s, "free_plan") == [1] and legal(g, s, "pay_card") == [0]
    act(g, s, "pay_card", 0)
    assert decision(s) == "main" and hand_ids(s, p) == ["A010"] and val(s, "stk_len") == 0


def test_free_plan_of_a_surplus_payment_card():
    """GAP-23: with 3 TOB for a cost of 2 one TOB may be planned mid-payment; then the
    other two are reserved."""
    g, s, p = _pay_quest(["A004", "A005", "A007"])  # 3 TOB
    assert legal(g, s, "free_plan") == [0, 1, 2]
    act(g, s, "pay_card", 0)
    assert legal(g, s, "free_plan") == [0, 1]  # 2 TOB left, 1 more to pay
    act(g, s, "free_plan", 0)
    assert legal(g, s, "free_plan") == [] and legal(g, s, "pay_card") == [0]
    act(g, s, "pay_card", 0)
    assert decision(s) == "main" and val(s, "hand_len", p) == 0 and card("A005") in val(s, "planning", p)


def test_free_plan_before_an_optional_same_goods_payment():
    """MA-13.5 / GAP-23: at the first card of AS05's optional "pay 3 same goods" F-PLAN is
    legal; planning a CORN leaves no 3 same goods, so the payment is impossible and, like a
    declined one, skips what it pays for. Mid-payment the other two CORN are reserved."""
    g, s, p = start(3)
    s = with_assistant(g, s, p, "B085")  # @16, AS05
    s = hand(g, s, p, ["A014", "A003", "A031"])  # 3 CORN
    s = arrive(g, s, "16", mp=1)
    coins = val(s, "coins", p)
    act(g, s, "main_action", MAIN_ASSIST)
    assert decision(s) == "pay card" and legal(g, s, "free_plan") == [0, 1, 2] and legal(g, s, "done") == [0]
    s2 = s.copy()
    act(g, s, "free_plan", 0)
    assert decision(s) == "main" and val(s, "stk_len") == 0 and val(s, "coins", p) == coins
    s = hand(g, s2, p, ["A014", "A003", "A031", "A015"])  # 4 CORN
    act(g, s, "pay_card", 0)
    assert legal(g, s, "free_plan") == [0, 1, 2]  # 3 CORN left, 2 more to pay
    act(g, s, "free_plan", 2)
    assert legal(g, s, "free_plan") == [] and legal(g, s, "pay_card") == [0, 1]
    act(g, s, "pay_card", 0)
    act(g, s, "pay_card", 0)
    assert val(s, "coins", p) == coins + 5 and decision(s) == "village"


def test_free_plan_at_the_cx7_hand_discard():
    """CX7 / GAP-49 / GAP-23: F-PLAN is legal at the "discard your hand for 4 D" choice;
    planning the last hand card leaves nothing to discard, so the 4 D are skipped (no
    discard of an empty hand); a position at that choice with an empty hand is no position
    (the engine skips a payment the hand cannot make, MA-13.5), so from_json refuses it."""
    from .test_rules_city import city

    g, s, p = city(2, "CTL05", hand_cards=["A012"])
    coins = val(s, "coins", p)
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "choice" and legal(g, s, "choice") == [0, 1] and legal(g, s, "free_plan") == [0]
    s2 = s.copy()
    act(g, s, "free_plan", 0)
    assert decision(s) == "main" and val(s, "coins", p) == coins and card("A012") in val(s, "planning", p)
    from games.core.errors import PositionError

    with pytest.raises(PositionError, match="not at a decision"):
        hand(g, s2, p, [])


def test_free_plan_and_careers_at_the_extra_sail_not_in_phase_a():
    """MA-6.3 / GAP-23: F-PLAN only in the own Phase B: not at the Phase A sail, but at
    the extra sail of AS04 (MA-13.6), which is part of Phase B."""
    g, s, p = start(3)
    s = hand(g, s, p, ["A012", "A016"])
    assert decision(s) == "sail" and legal(g, s, "free_plan") == []
    s = with_assistant(g, s, p, "B084")  # @9, AS04
    s = arrive(g, s, "9", mp=1)
    act(g, s, "main_action", MAIN_ASSIST)
    act(g, s, "choice", 1)
    assert decision(s) == "sail" and legal(g, s, "free_plan") == [0, 1]
    act(g, s, "free_plan", 1)
    assert decision(s) == "sail" and hand_ids(s, p) == ["A012"]


def test_mask_never_empty_with_free_actions_everywhere():
    """GAP-23: random 3-player games that save their free actions for pending frames
    (payments, combats, programs) and take one there half of the time, F-PLAN above all:
    a live game always has a legal action, and F-PLAN is taken while a payment is pending
    and at the combat pile / nation choices."""
    from games.maracaibo.state import Decision, Frame

    from .positions import game

    g = game(3)
    rng = np.random.default_rng(3)
    s = g.init(np.arange(16))
    plans = [g.action_id("free_plan", i) for i in range(8)]
    free = np.array(plans + [g.action_id("free_career", i) for i in range(6)] + [g.action_id("free_fig2cp")])
    seen = {"pay": 0, "combat": 0}
    for _ in range(6000):
        live = s["terminated"] == 0
        if not live.any():
            break
        m = g.legal_action_mask(s)
        assert m[live].any(axis=1).all()
        acts = np.zeros(len(s), dtype=np.int64)
        for r in np.flatnonzero(live):
            ok = np.flatnonzero(m[r])
            f = ok[np.isin(ok, free)]
            fp = f[np.isin(f, plans)]
            in_frame = s["stk_len"][r] > 0 and s["decision"][r] not in (Decision.MAIN, Decision.VILLAGE)
            if f.size and in_frame and rng.random() < 0.5:
                acts[r] = rng.choice(fp if fp.size else f)
                if acts[r] in plans:
                    seen["pay"] += bool(Frame.PAY in s["stk_kind"][r][: s["stk_len"][r]])
                    seen["combat"] += s["decision"][r] in (Decision.COMBAT_PILE, Decision.COMBAT_NATION)
            else:
                rest = ok[~np.isin(ok, free)]
                acts[r] = rng.choice(rest if rest.size else ok)
        g.step(s, acts)
    assert (s["terminated"] == 1).all()
    assert seen["pay"] > 0 and seen["combat"] > 0
