"""Interim scoring (MA-21: step 1 buy-or-2-VP with the 1a refill, income, market
clearing, display refresh, prestige reveal, new quests, assistants ahead and return to
Havana), final scoring (MA-22: doubloon-income VP, card and building VP, influence
majority, nation rank bonus, nobility x nation value incl. the rulebook example), the
income-overflow scenarios at scoring step 1 (T3(a), T19), careers around final step 1
(MA-18.5) and ties (MA-23)."""

import pytest

from games.maracaibo.data import board, tracks
from games.maracaibo.state import Phase, W_BOUGHT, W_DISCARD

from .positions import (
    EN,
    ES,
    FR,
    MEDAL,
    TOOLS,
    act,
    board_quests,
    card,
    cur,
    decision,
    edit,
    end_game,
    finish_turn,
    hand,
    legal,
    loc,
    markers,
    own,
    plan,
    quests_done,
    score_all_2vp,
    start,
    synergies,
    val,
    with_assistant,
)


def to_interim(g, s, **fields):
    """The current player sails 20 -> 21a (+3 VP) and ends the turn: interim scoring
    step 1 starts with that player (MA-21.1, MA-21.2)."""
    p = cur(s)
    s = edit(g, s, ship={p: loc("20")}, **fields)
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    assert val(s, "phase") == Phase.SCORING_CHOICE and cur(s) == p
    return s


def to_final(g, s, **fields):
    """Round 4: the current player sails 21b -> 22 (+5 VP) and ends the turn: final
    scoring step 1 starts with that player (MA-22.1)."""
    p = cur(s)
    s = edit(g, s, round_no=4, ship={p: loc("21b")}, **fields)
    act(g, s, "sail_to", loc("22") - 1)
    finish_turn(g, s)
    assert val(s, "phase") == Phase.SCORING_CHOICE and cur(s) == p
    return s


# ----- interim scoring (MA-21) ------------------------------------------------------------
def test_interim_step1_order_and_option_b():
    """MA-21.2: from the triggering player clockwise; option b = 2 VP."""
    g, s, p = start(3, seed=2)
    s = to_interim(g, s, vp={(p + 1) % 3: 0, (p + 2) % 3: 0})
    seen = []
    for _ in range(3):
        seen.append(cur(s))
        assert legal(g, s, "take_2vp") == [0]
        act(g, s, "take_2vp")
    assert seen == [p, (p + 1) % 3, (p + 2) % 3]
    assert val(s, "round_no") == 2


def test_interim_step1_buy_then_refill_as_in_phase_c():
    """MA-21.2 (a) / GAP-25: buy from hand, then refill the hand like Phase C: deck free,
    display 1 D each (free with U3)."""
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B005", "A012", "A016", "A011"])
    s = to_interim(g, s, coins={p: 9})
    act(g, s, "buy_hand", 0)
    assert val(s, "card_where", card("B005")) == W_BOUGHT + p and val(s, "d_income", p) == 11
    assert val(s, "phase") == Phase.SCORING_REFILL and decision(s) == "draw" and cur(s) == p
    assert legal(g, s, "draw") == [0, 1, 2, 3, 4]
    slot_card = val(s, "display", 0)
    act(g, s, "draw", 1)  # display slot 1: 1 D
    assert val(s, "coins", p) == 0 and val(s, "hand_len", p) == 4
    assert val(s, "card_where", slot_card) == 4 + p
    assert cur(s) == (p + 1) % 3 and decision(s) == "buy"
    assert val(s, "display", 0) >= 0  # refilled


def test_interim_refill_display_free_with_u3_and_unaffordable_without():
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B005", "A012", "A016", "A011"])
    s = to_interim(g, s, coins={p: 8})
    act(g, s, "buy_hand", 0)
    assert legal(g, s, "draw") == [0]  # 0 D left: display cards cost 1 D
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B005", "A012", "A016", "A011"])
    s = to_interim(g, s, coins={p: 8}, discs={p: [2, 2, 0] + [2] * 9})
    act(g, s, "buy_hand", 0)
    assert legal(g, s, "draw") == [0, 1, 2, 3, 4]
    act(g, s, "draw", 2)
    assert val(s, "coins", p) == 0


def test_interim_invest_instead_of_buying():
    """MA-21.2 (a) / MA-16.2: invest in a revealed building instead of buying."""
    g, s, p = start(3, seed=2)
    s = to_interim(g, s, coins={p: 20}, vp={p: 0})
    act(g, s, "invest", 0)
    assert val(s, "invested", p)[0] == 1 and val(s, "vp", p) == 3 + 2


def test_interim_steps_2_to_7():
    """MA-21.3 income (D and VP), MA-21.4 markets emptied, MA-21.5 a new display,
    MA-21.6 the next building revealed, MA-21.7 card-75 quests (round 1: 6, 12, 16
    with 3 players), MA-21.8 2 VP per assistant ahead and all ships to Havana, MA-21.9
    the next round starts left of the trigger."""
    g, s, p = start(3, seed=2)
    q, r = (p + 1) % 3, (p + 2) % 3
    s = with_assistant(g, s, q, "B099")  # @19
    s = with_assistant(g, s, q, "A030")  # @1
    s = edit(g, s, fig_personal={q: 1}, fig_general={q: 2})
    s = with_assistant(g, s, q, "A032")  # @15
    s = edit(
        g,
        s,
        ship={q: loc("12"), r: loc("17")},
        d_income={q: 15},
        vp_income={q: 4},
        market={loc("2"): 2, loc("9"): 1},
        vp={q: 0, r: 0},
        coins={q: 0},
    )
    old_display = val(s, "display")
    s = to_interim(g, s)
    for _ in range(3):
        act(g, s, "take_2vp")
    rec = s[0]
    assert val(s, "coins", q) == 15
    assert val(s, "vp", q) == 2 + 4 + 2 + 2  # option b, VP income, assistants at 15, 19 (> 12)
    assert val(s, "vp", r) == 2
    assert rec["market"].sum() == 0
    assert all(rec["card_where"][c] == W_DISCARD for c in old_display)
    assert all(c >= 0 for c in rec["display"]) and not set(rec["display"].tolist()) & set(old_display)
    assert rec["prestige_revealed"] == 2
    assert len(board_quests(s, "6")) == 1 and len(board_quests(s, "12")) == 1
    assert len(board_quests(s, "16")) == 1
    assert all(rec["ship"][:3] == board.HAVANA)
    assert rec["round_no"] == 2 and cur(s) == q and rec["round_starter"] == q


def test_interim_new_quests_two_players():
    """MA-21.7 / D13: with 2 players round 1 adds tiles at 6 and 12 only."""
    g, s, p = start(2, seed=2)
    s = to_interim(g, s)
    top2 = [int(x) for x in s[0]["quest_pile"][s[0]["quest_pile_len"] - 2 : s[0]["quest_pile_len"]]]
    for _ in range(2):
        act(g, s, "take_2vp")
    assert len(board_quests(s, "6")) == 1 and len(board_quests(s, "12")) == 1
    assert board_quests(s, "16") == []
    # both from the top of the face-up pile (MA-21.7)
    assert sorted(s[0]["quest_arg"][top2].tolist()) == [loc("6"), loc("12")]


def test_interim_no_careers_at_interim_scoring():
    """MA-18.5: career goals are not completed during interim scoring."""
    g, s, p = start(3, seed=2)
    s = edit(g, s, career={p: 0})  # K1: QUESTS 4 -> 4 D
    s = quests_done(g, s, p, ["Q20", "Q21", "Q22", "Q23"])
    s = to_interim(g, s)
    assert legal(g, s, "free_career") == []


def test_t3a_vp_income_overflow_at_interim_step1_round3():
    """T3(a) / MA-19.4: round 3 interim step 1, VP income 18, buying +4 VP income ->
    marker 2 and +40 VP at once; step 2 then pays 2 VP."""
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B003", "A012", "A016", "A011"])  # IV(2), IVs(TOOLS,2): +4 with TOOLS
    s = edit(g, s, round_no=3)
    s = to_interim(g, s, coins={p: 16}, vp_income={p: 18}, synergy={p: synergies(TOOLS)}, vp={p: 0})
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 2 and val(s, "vp", p) == 3 + 40
    act(g, s, "draw", 0)
    for _ in range(2):
        act(g, s, "take_2vp")
    assert val(s, "vp", p) == 3 + 40 + 2 and val(s, "round_no") == 4


def test_t3a_same_in_round_4_before_final_scoring():
    """T3(a): in round 4 before final scoring -> marker 2, +20 VP (then step 2 pays 2)."""
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B003", "A012", "A016", "A011"])
    s = to_final(g, s, coins={p: 16}, vp_income={p: 18}, synergy={p: synergies(TOOLS)}, vp={p: 0})
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 2 and val(s, "vp", p) == 5 + 20
    score_all_2vp(g, s)
    assert val(s, "terminated") == 1
    # final: VP income 2, doubloon income 8 -> 0 VP, B003's 2 end VP, no influence
    assert val(s, "vp", p) == 5 + 20 + 2 + 2


def test_t19_round1_interim_step1_overflow():
    """T19 / GAP-47: round 1, interim step 1: VP income 17 + IV(3) -> marker 0 and +80 VP
    (4 income payments to come); step 2 of this scoring then pays 0 VP."""
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B017", "A012", "A016", "A011"])  # IV(1), IVs(MEDAL,2)
    s = to_interim(g, s, coins={p: 9}, vp_income={p: 17}, synergy={p: synergies(MEDAL)}, vp={p: 0})
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 0 and val(s, "vp", p) == 3 + 80
    act(g, s, "draw", 0)
    for _ in range(2):
        act(g, s, "take_2vp")
    assert val(s, "vp", p) == 3 + 80


def test_t19_round4_final_step1_overflow():
    """T19: the same purchase at final-scoring step 1 gives +20 VP."""
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B017", "A012", "A016", "A011"])
    s = to_final(g, s, coins={p: 9}, vp_income={p: 17}, synergy={p: synergies(MEDAL)}, vp={p: 0})
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 0 and val(s, "vp", p) == 5 + 20


def test_overflow_after_interim_income_counts_one_less():
    """GAP-47: after this round's interim income was paid, one scoring fewer is to come
    (4 - r): a later player's step-1 purchase in round 1 pays the same as before the
    income step, because step 1 precedes step 2 for everybody."""
    g, s, p = start(3, seed=2)
    q = (p + 1) % 3
    s = hand(g, s, q, ["B007", "A012", "A016", "A011"])  # IV(2)
    s = to_interim(g, s, coins={q: 11}, vp_income={q: 18}, vp={q: 0})
    act(g, s, "take_2vp")
    act(g, s, "buy_hand", 0)  # q, still in step 1: 4 scorings to come
    assert val(s, "vp", q) == 80 and val(s, "vp_income", q) == 0


# ----- final scoring (MA-22) ------------------------------------------------------------
def test_final_no_refill_after_buying():
    """MA-22.2 (a): no refill after a purchase at final scoring."""
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["B005", "A012", "A016", "A011"])
    s = to_final(g, s, coins={p: 8})
    act(g, s, "buy_hand", 0)
    assert decision(s) != "draw" and val(s, "hand_len", p) == 3


def test_final_step2_vp_income_and_doubloon_income_vp_no_doubloons():
    """MA-22.3 / D12: VP = VP income + doubloon-income VP (23 -> 4, 34 -> 10); no D."""
    g, s, p = start(3, seed=2)
    q, r = (p + 1) % 3, (p + 2) % 3
    s = edit(g, s, d_income={q: 23, r: 34}, vp_income={q: 3, r: 0}, vp={q: 0, r: 0})
    coins = val(s, "coins")
    s = end_game(g, s)
    assert val(s, "vp", q) == 2 + 3 + 4 and val(s, "vp", r) == 2 + 10
    assert val(s, "coins") == coins


def test_final_step3_card_vp_only_for_bought_cards():
    """MA-22.4 / MA-14.6: bought cards score their end VP; hand and planning cards nothing."""
    g, s, p = start(3, seed=2)
    q = (p + 1) % 3
    s = own(g, s, q, ["B080", "B061"])  # 6 + 2 VP
    s = hand(g, s, q, ["B076", "A012", "A016", "A011"])  # B076: 5 VP, in hand
    s = plan(g, s, q, ["B077"])  # 5 VP, planned
    s = edit(g, s, vp={q: 0})
    s = end_game(g, s)
    assert val(s, "vp", q) == 2 + 8


def test_final_step4_majority_ties_and_zero():
    """MA-22.5 / T13: the highest influence per nation gets 3 VP, all tied players too;
    nobody scores a nation where everybody is at 0."""
    g, s, p = start(3, seed=2)
    q, r = (p + 1) % 3, (p + 2) % 3
    s = edit(g, s, influence={p: [0, 0, 0], q: [7, 2, 0], r: [7, 1, 0]}, vp={p: 0, q: 0, r: 0})
    s = markers(g, s, {}, taken=[0, 0, 0])  # nation values: rank bonus only (2 each)
    s = end_game(g, s)
    nob_q = tracks.NOBILITY_LEVEL[7] * 2 + tracks.NOBILITY_LEVEL[2] * 2
    nob_r = tracks.NOBILITY_LEVEL[7] * 2 + tracks.NOBILITY_LEVEL[1] * 2
    assert val(s, "vp", q) == 2 + 3 + 3 + nob_q  # FR tie (3) and ES alone (3)
    assert val(s, "vp", r) == 2 + 3 + nob_r  # FR tie
    assert val(s, "vp", p) == 5 + 2


def test_t2_nobility_rulebook_example():
    """T2 / MA-22.6 [R]: markers on the board FR 4, ES 4, EN 2; emptied spaces worth FR 4,
    ES 3, EN 2 (D11: 5, 4, 2 markers taken) -> values 6, 5, 2; levels FR 2 (3
    influence), ES 3 (6), EN 1 (1) -> 2x6 + 3x5 + 1x2 = 29 VP."""
    g, s, p = start(3, seed=2)
    q = (p + 1) % 3
    s = markers(
        g,
        s,
        {"1": FR, "3": FR, "6": FR, "8": FR, "2": ES, "4": ES, "7": ES, "10": ES, "12": EN, "15": EN},
        taken=[5, 4, 2],
    )
    s = edit(g, s, influence={q: [3, 6, 1]}, vp={q: 0})
    s = end_game(g, s)
    assert val(s, "vp", q) == 2 + 3 * 3 + 29  # option b, sole majority in all three


def test_nobility_levels_by_band():
    """MA-9.3: influence 0 / 1-2 / 3-5 / 6-8 / 9 / 10-11 / 12 -> x0..x6."""
    want = [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 5, 6]
    for inf, level in enumerate(want):
        g, s, p = start(2, seed=2)
        q = 1 - p
        s = markers(g, s, {"6": ES, "7": EN, "8": FR})  # all 1 on the board: values 2 + 2 = 4
        s = edit(g, s, influence={q: [inf, 0, 0], p: [12, 0, 0]}, vp={q: 0})
        s = end_game(g, s)
        majority = 3 if inf == 12 else 0  # tied with p at 12 (MA-22.5)
        assert val(s, "vp", q) == 2 + majority + level * 4, inf


def test_rank_bonus_by_markers_on_the_board():
    """MA-22.6 / T13: unique most 2, second 1, third 0; two tied for most 2, 2, 0; all
    tied 2; one most and two tied second 2, 1, 1."""
    cases = [
        ({"1": FR, "3": FR, "2": ES}, [2, 1, 0]),
        ({"1": FR, "3": FR, "2": ES, "4": ES, "6": EN}, [2, 2, 0]),
        ({"1": FR, "2": ES, "6": EN}, [2, 2, 2]),
        ({"1": FR, "3": FR, "2": ES, "6": EN}, [2, 1, 1]),
    ]
    for placed, bonus in cases:
        g, s, p = start(3, seed=2)
        q = (p + 1) % 3
        s = markers(g, s, placed)
        taken = val(s, "markers_taken")
        s = edit(g, s, influence={q: [1, 1, 1]}, vp={q: 0})
        s = end_game(g, s)
        values = [tracks.SUPPLY_VALUE_AFTER_TAKEN[taken[a]] + bonus[a] for a in range(3)]
        assert val(s, "vp", q) == 2 + 3 * 3 + sum(values), placed


def test_supply_value_of_emptied_spaces():
    """MA-9.5 / D11: values 2, 1, 1, 2, 2, 3, 3 of the spaces S1..S7 (S1 holds 1
    marker, the others 2) count once fully emptied: 3 taken -> 2 + 1 = 3."""
    g, s, p = start(3, seed=2)
    q = (p + 1) % 3
    s = markers(g, s, {"1": FR}, taken=[3, 0, 0])  # two French markers were expelled
    s = edit(g, s, influence={q: [1, 0, 0]}, vp={q: 0})
    s = end_game(g, s)
    assert val(s, "vp", q) == 2 + 3 + 1 * (3 + 2)


@pytest.mark.parametrize("taken, value", [(1, 2), (2, 2), (3, 3), (5, 4), (7, 6), (9, 8), (11, 11), (13, 14)])
def test_supply_values_cumulative(taken, value):
    """D11 / MA-9.5: value of the emptied spaces after k markers left the supply
    (k = 1-2 -> 2; 3-4 -> 3; 5-6 -> 4; 7-8 -> 6; 9-10 -> 8; 11-12 -> 11; 13 -> 14)."""
    g, s, p = start(3, seed=2)
    q = (p + 1) % 3
    s = markers(g, s, {"1": FR}, taken=[taken, 0, 0])  # rank bonus FR 2
    s = edit(g, s, influence={q: [1, 0, 0]}, vp={q: 0})
    s = end_game(g, s)
    assert val(s, "vp", q) == 2 + 3 + 1 * (value + 2)


def test_no_assistant_vp_after_round_4():
    """MA-13.3(d) / GAP-19 / T5: no 2 VP for assistants ahead after round 4."""
    g, s, p = start(3, seed=2)
    q = (p + 1) % 3
    s = with_assistant(g, s, q, "B099")  # @19
    s = edit(g, s, ship={q: loc("12")}, vp={q: 0})
    s = end_game(g, s)
    assert val(s, "vp", q) == 2


def test_final_careers_before_and_after_step1():
    """MA-22.2 / MA-18.5: career goals can be completed right before and after the
    step-1 choice (and the D gained can pay for the purchase)."""
    g, s, p = start(3, seed=2)
    s = edit(g, s, career={p: 0})  # K1: QUESTS 4 -> 4 D
    s = quests_done(g, s, p, ["Q20", "Q21", "Q22", "Q23"])
    s = hand(g, s, p, ["B005", "A012", "A016", "A011"])
    s = to_final(g, s, coins={p: 4})
    assert legal(g, s, "buy_hand") == [1, 2] and legal(g, s, "free_career") == [4]
    act(g, s, "free_career", 4)
    assert val(s, "coins", p) == 8 and 0 in legal(g, s, "buy_hand")
    act(g, s, "buy_hand", 0)
    assert val(s, "coins", p) == 0 and cur(s) == (p + 1) % 3  # no goal left to complete


def test_final_career_after_the_purchase():
    """MA-22.2: a goal met by the purchase can be completed after the choice (K3 SYN:
    3 synergies -> 2 D)."""
    g, s, p = start(3, seed=2)
    s = edit(g, s, career={p: 2})  # K3: INF2, SYN, COMBAT
    s = hand(g, s, p, ["A054", "A012", "A016", "A011"])  # A054: CROWN symbol
    s = to_final(g, s, coins={p: 3}, synergy={p: synergies(TOOLS, MEDAL)})
    assert legal(g, s, "free_career") == []
    act(g, s, "buy_hand", 0)
    assert decision(s) == "career goals" and cur(s) == p
    assert legal(g, s, "free_career") == [2]
    act(g, s, "free_career", 2)
    assert val(s, "coins", p) == 2
    assert cur(s) == (p + 1) % 3  # no goal left that p could complete now


def test_ties_share_the_victory():
    """MA-23.2: equal VP share the rank; no tie-break."""
    g, s, p = start(3, seed=2)
    q, r = (p + 1) % 3, (p + 2) % 3
    s = edit(g, s, vp={p: 10, q: 15, r: 17})
    s = end_game(g, s)  # p +5 (22) +2, q +2, r +2
    vp = val(s, "vp")
    assert vp[p] == 17 and vp[q] == 17 and vp[r] == 19
    ranks = g.ranks(s)[0].tolist()
    assert ranks[p] == ranks[q] == 1 and ranks[r] == 0
    assert g.returns(s)[0][p] == g.returns(s)[0][q]


def test_interim_no_new_quests_from_an_empty_pile():
    """MA-21.7 / GAP-38: with the quest pile empty no tile is placed."""
    g, s, p = start(3, seed=2)
    q = (p + 1) % 3
    pile = [f"Q{i:02d}" for i in range(1, 25) if s[0]["quest_state"][i - 1] == 0]
    s = quests_done(g, s, q, pile)
    s = to_interim(g, s)
    for _ in range(3):
        act(g, s, "take_2vp")
    assert board_quests(s, "6") == [] and board_quests(s, "12") == [] and board_quests(s, "16") == []
    assert val(s, "round_no") == 2


def test_interim_purchase_with_a_decision_then_refill():
    """MA-21.2 / MA-14.3: the bought card's immediate effect (XI1: a nation) resolves,
    then the 1a refill follows, then the next player."""
    g, s, p = start(3, seed=2)
    s = hand(g, s, p, ["A052", "A012", "A016", "A011"])  # XI1; ID(1)
    s = to_interim(g, s, coins={p: 4})
    act(g, s, "buy_hand", 0)
    assert decision(s) == "nation" and cur(s) == p
    act(g, s, "choose_nation", ES)
    assert val(s, "influence", p) == [0, 1, 0] and decision(s) == "draw" and cur(s) == p
    act(g, s, "draw", 0)
    assert cur(s) == (p + 1) % 3 and decision(s) == "buy"
