"""Prestige buildings (MA-16): investing instead of buying (MA-16.2), cost with PD,
the figure, the CROWN synergy, the first-investor bonus, once per player, revealed
buildings only (MA-16.3, MA-16.1), and the 8 end-game scoring rules (MA-16.5) at final
scoring step 3 (MA-22.4), including T15 (Cathedral). Costs are D8's placeholder 20 D."""

import pytest

from games.maracaibo.data import prestige
from games.maracaibo.spaces import MAIN_VILLAGE

from .positions import (
    ANCHOR,
    CROWN,
    HOUSE,
    TOOLS,
    act,
    arrive,
    cur,
    edit,
    end_game,
    finish_turn,
    give_tokens,
    legal,
    own,
    quests_done,
    score_all_2vp,
    start,
    synergies,
    val,
    with_assistant,
)

COST = prestige.PRESTIGE_COST_PLACEHOLDER  # D8: 20 D
PB = {pid: i for i, pid in enumerate(prestige.PRESTIGE_IDS)}


def at_village(n=3, seed=1, mp=7, buildings=("PB1", "PB2", "PB3", "PB4"), revealed=1, **per_seat):
    g, s, p = start(n, seed)
    s = edit(g, s, prestige=[PB[b] for b in buildings], prestige_revealed=revealed)
    s = arrive(g, s, "10", mp=mp, **{k: {p: v} for k, v in per_seat.items()})
    act(g, s, "main_action", MAIN_VILLAGE)
    return g, s, p


def test_invest_pays_places_a_figure_gains_crown_and_first_bonus():
    """MA-16.3: pay the cost, 1 personal figure onto the building, CROWN if lacking,
    +2 VP for the first investor."""
    g, s, p = at_village(coins=COST, vp=0)
    figs = val(s, "fig_personal", p)
    assert legal(g, s, "invest") == [0]
    act(g, s, "invest", 0)
    assert val(s, "coins", p) == 0 and val(s, "fig_personal", p) == figs - 1
    assert val(s, "invested", p) == [1, 0, 0, 0]
    assert val(s, "synergy", p)[CROWN] == 1 and val(s, "vp", p) == 2


def test_second_investor_gets_no_bonus_and_nobody_invests_twice():
    """MA-16.3: any number of players may invest in the same building, each at most
    once; only the first gets 2 VP."""
    g, s, p = start(3)
    q = (p + 1) % 3
    s = edit(g, s, invested={q: [1, 0, 0, 0]}, fig_personal={q: 1})
    s = arrive(g, s, "10", mp=7, coins={p: 2 * COST}, vp={p: 0})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "invest", 0)
    assert val(s, "vp", p) == 0 and val(s, "invested", p)[0] == 1
    assert legal(g, s, "invest") == []  # p already invested here


def test_only_revealed_buildings():
    """MA-16.1: only revealed buildings can be invested in (I at setup, II-IV later)."""
    g, s, p = at_village(coins=3 * COST, revealed=3)
    assert legal(g, s, "invest") == [0, 1, 2]


def test_invest_needs_a_figure_and_the_money():
    g, s, p = at_village(coins=COST - 1)
    assert legal(g, s, "invest") == []
    g, s, p = start(3)
    s = edit(g, s, fig_personal={cur(s): 0}, fig_general={cur(s): 5})
    s = arrive(g, s, "10", mp=1, coins={cur(s): COST})
    act(g, s, "main_action", MAIN_VILLAGE)
    assert legal(g, s, "invest") == []


def test_pd_applies_to_investments():
    """MA-15.2 PD: also when investing in a prestige building."""
    g, s, p = start(3)
    s = own(g, s, p, ["A028", "B056"])  # PD(1) + PD(2)
    s = arrive(g, s, "10", mp=1, coins={p: COST - 3})
    act(g, s, "main_action", MAIN_VILLAGE)
    assert legal(g, s, "invest") == [0]
    act(g, s, "invest", 0)
    assert val(s, "coins", p) == 0


def test_investing_counts_as_the_purchase_of_va_c():
    """MA-16.2: investing replaces the purchase of one VA-C action (one village action)."""
    g, s, p = at_village(mp=4, coins=COST)
    act(g, s, "invest", 0)
    assert val(s, "stk_x", 0) == 1  # one of the 2 village actions left


def test_crown_from_investing_unlocks_conditional_income():
    """MA-16.3 / MA-15.1: the CROWN synergy applies IVs(CROWN) income of bought cards."""
    g, s, p = start(3)
    s = own(g, s, p, ["B018"])  # IV(1); IVs(CROWN,2)
    s = arrive(g, s, "10", mp=1, coins={p: COST})
    act(g, s, "main_action", MAIN_VILLAGE)
    vpi = val(s, "vp_income", p)
    act(g, s, "invest", 0)
    assert val(s, "vp_income", p) == vpi + 2


def test_crown_already_owned_gives_nothing_more():
    g, s, p = start(3)
    s = own(g, s, p, ["B018"])
    s = arrive(g, s, "10", mp=1, coins={p: COST}, synergy={p: synergies(CROWN)})
    act(g, s, "main_action", MAIN_VILLAGE)
    vpi = val(s, "vp_income", p)
    act(g, s, "invest", 0)
    assert val(s, "vp_income", p) == vpi and val(s, "synergy", p) == synergies(CROWN)


# ----- end-game scoring (MA-16.5 at MA-22.4) --------------------------------------------------
def final_with(building, setup, n=3, seed=5):
    """Final scoring where seat q (not the trigger) invested in ``building`` on space I
    and ``setup(g, s, q)`` sets the scored quantity; returns q's VP from final scoring
    minus the 2 VP of option b (nobody has influence, income 8 D / 0 VP)."""
    g, s, p = start(n, seed)
    q = (p + 1) % n
    others = [i for i in range(8) if i != PB[building]][:3]
    s = edit(g, s, prestige=[PB[building]] + others, invested={q: [1, 0, 0, 0]}, fig_personal={q: 1}, vp={q: 0})
    s = setup(g, s, q)
    s = end_game(g, s)
    assert val(s, "terminated") == 1
    return val(s, "vp", q) - 2


def test_pb1_monastery_4_per_barrier():
    assert final_with("PB1", lambda g, s, q: edit(g, s, crossed={q: [1, 1, 0]})) == 8


def test_pb2_palace_2_per_quest_tile():
    assert final_with("PB2", lambda g, s, q: quests_done(g, s, q, ["Q20", "Q21", "Q22"])) == 6


def test_pb3_basilica_4_per_assistant():
    def two(g, s, q):
        s = edit(g, s, fig_personal={q: 2}, fig_general={q: 2})
        s = with_assistant(g, s, q, "A030")
        return with_assistant(g, s, q, "A034")

    assert final_with("PB3", two) == 8


def test_pb3_basilica_capped_at_16():
    def five(g, s, q):  # career goals done release their figures (MA-18.2)
        s = edit(g, s, goal_done={q: [1, 1, 1]}, fig_personal={q: 7}, fig_general={q: 0})
        for c in ("A030", "A034", "A036", "A038", "B082"):
            s = with_assistant(g, s, q, c)
        return s

    assert final_with("PB3", five) == 16


def test_pb4_fortress_2_per_cp_and_personal_figure():
    """[R] example: 2 figures and 3 CP -> 10 VP."""
    assert final_with("PB4", lambda g, s, q: edit(g, s, cp={q: 3}, fig_personal={q: 2}, fig_general={q: 2})) == 10


def test_pb5_great_church_3_per_synergy():
    assert final_with("PB5", lambda g, s, q: edit(g, s, synergy={q: synergies(CROWN, TOOLS, ANCHOR)})) == 9


def test_pb6_military_base_2_per_combat_token():
    assert final_with("PB6", lambda g, s, q: give_tokens(g, s, q, 3)) == 6


def test_pb7_academy_2_per_ship_upgrade():
    assert final_with("PB7", lambda g, s, q: edit(g, s, discs={q: [0, 0, 1, 0] + [2] * 8})) == 6


@pytest.mark.parametrize("income, want", [(23, 4 + 8), (24, 5 + 10), (34, 10 + 20), (15, 0)])
def test_t15_pb8_cathedral_doubloon_income_vp_twice_more(income, want):
    """T15 / MA-16.5 PB8 / MA-22.3 / D12: income 24 -> 5 VP, with the Cathedral 5 + 10
    = 15 ([R] 主教座堂 example); 23 -> 4 (+8); 34 -> 10 (+20)."""
    assert final_with("PB8", lambda g, s, q: edit(g, s, d_income={q: income})) == want


def test_buildings_score_only_for_investors():
    """MA-22.4: only buildings a player invested in score for that player."""
    g, s, p = start(3, 5)
    q = (p + 1) % 3
    s = edit(g, s, prestige=[PB["PB4"], 0, 1, 2], cp={q: 5}, vp={q: 0})
    s = end_game(g, s)
    assert val(s, "vp", q) == 2


def test_several_buildings_add_up():
    g, s, p = start(3, 5)
    q = (p + 1) % 3
    s = edit(
        g,
        s,
        prestige=[PB["PB4"], PB["PB5"], 0, 1],
        prestige_revealed=2,
        invested={q: [1, 1, 0, 0]},
        fig_personal={q: 0},
        cp={q: 2},
        synergy={q: synergies(CROWN, HOUSE)},
        vp={q: 0},
    )
    s = end_game(g, s)
    assert val(s, "vp", q) == 2 + 2 * 2 + 3 * 2


def test_invest_at_final_step1_then_scores():
    """MA-22.2 (a) / MA-22.4: an investment at final-scoring step 1 scores at step 3
    (PB4 Fortress: 2 VP per CP and personal figure left: 3 CP, 1 figure -> 8 VP)."""
    g, s, p = start(3, 5)
    s = edit(g, s, prestige=[PB["PB4"], 0, 1, 2], round_no=4, ship={p: 22}, vp={p: 0}, coins={p: COST}, cp={p: 3})
    act(g, s, "sail_to", 22)  # 21b -> 22: +5 VP
    finish_turn(g, s)
    act(g, s, "invest", 0)
    assert val(s, "vp", p) == 5 + 2  # first investor
    score_all_2vp(g, s)
    assert val(s, "terminated") == 1 and val(s, "vp", p) == 5 + 2 + 2 * (3 + 1)
