"""The explorer track (MA-10, D2) and arrival triggers (MA-5.9): counting with occupied
spaces and taken quest spaces skipped, forks, rewards of the destination only, quest
spaces, barriers (red: 3 influence in one nation; blue/green: 4 VP first, 2 VP later),
END (10/8/6/4 VP and a village action), PST (MA-10.8), PAV / PAD."""

import pytest

from games.maracaibo.spaces import MAIN_CITY, MAIN_VILLAGE, VO_B
from games.maracaibo.state import QS_DONE, QS_EXPLORER

from .positions import (
    BLUE,
    EN,
    ES,
    GREEN,
    act,
    arrive,
    clear_explorer_quests,
    decision,
    edit,
    exp,
    hand,
    legal,
    loc,
    own,
    quest,
    quest_on_space,
    start,
    val,
    with_assistant,
)

NO_SUGAR = ["A012", "A016", "A011", "A001"]  # City 2 demands SUG: no delivery


def explore(n=3, seed=1, at="E0", x=3, others=None, pex=(), fields=None, setup=None):
    """The current player at City 2 (explore 3, D1) with the explorer on ``at`` and the
    other explorers on ``others`` ({seat offset: space}); PEX cards raise X (MA-10.2).
    Returns (g, s, p) at the EXPLORE_TO decision."""
    g, s, p = start(n, seed)
    s = hand(g, s, p, NO_SUGAR)
    pex_cards = {3: (), 4: ("A045",), 5: ("A045", "A046"), 6: ("A045", "A046", "B064")}[x]
    s = own(g, s, p, list(pex_cards) + list(pex))
    spaces = {p: exp(at)}
    for off, sp in (others or {}).items():
        spaces[(p + off) % n] = exp(sp)
    s = edit(g, s, explorer=spaces, **(fields or {}))
    if setup:
        s = setup(g, s, p)
    s = arrive(g, s, "2", mp=2)
    act(g, s, "main_action", MAIN_CITY)
    return g, s, p


def dests(g, s):
    from games.maracaibo.data.explorer import EXP_IDS

    return [EXP_IDS[i] for i in legal(g, s, "explore_to")]


# ----- counting (MA-10.2, MA-10.3, MA-10.9) --------------------------------------------------
def test_move_one_to_x_counted_steps():
    """MA-10.2: 1..X steps forward (QA holds a tile: it counts, MA-10.3)."""
    g, s, p = explore()
    assert dests(g, s) == ["E1", "E2", "E3"]


def test_occupied_spaces_are_skipped_and_not_counted():
    """MA-10.3 / T7: a space holding another explorer is skipped, not counted, and
    cannot be the destination."""
    g, s, p = explore(others={1: "E1", 2: "E2"})
    assert dests(g, s) == ["E3", "E4", "E5"]


def test_taken_quest_space_is_skipped_by_everybody():
    """MA-10.3: a quest space whose tile is gone is skipped and not counted."""
    g, s, p = explore(setup=lambda g, s, p: clear_explorer_quests(g, s, [0]))
    assert dests(g, s) == ["E1", "E2", "E4"]


def test_fork_long_path_or_shortcut():
    """MA-10.2, D2: at E7 choose E8a (long) or E8b (shortcut); both are destinations."""
    g, s, p = explore(at="E5", x=4)
    assert dests(g, s) == ["E6", "E7", "E8a", "E9a", "E8b", "E11"]
    g, s, p = explore(at="E7", x=4)
    assert dests(g, s) == ["E8a", "E9a", "E10a", "E8b", "E11", "E12", "E13"]


def test_end_reachable_with_fewer_spaces_left():
    """MA-10.9: with fewer than X countable spaces before END the move may end at END."""
    g, s, p = explore(at="E21")
    assert dests(g, s) == ["E22", "END"]


def test_only_the_destination_pays():
    """MA-10.4: passed spaces pay nothing (E1 +2 D is passed, E2 +1 CP paid)."""
    g, s, p = explore()
    coins, cp = val(s, "coins", p), val(s, "cp", p)
    act(g, s, "explore_to", exp("E2"))
    assert val(s, "coins", p) == coins and val(s, "cp", p) == cp + 1
    assert val(s, "explorer", p) == exp("E2") and decision(s) == "main"


@pytest.mark.parametrize(
    "space, field, delta",
    [
        ("E1", "coins", 2),
        ("E2", "cp", 1),
        ("E7", "vp", 2),
        ("E9a", "fig_personal", 2),
        ("E10a", "vp", 3),
        ("E12", "coins", 4),
        ("E16a", "cp", 3),
        ("E17a", "coins", 5),
        ("E18a", "vp", 4),
        ("E16b", "vp", 2),
    ],
)
def test_space_rewards(space, field, delta):
    """MA-10.4 reward types on D2's spaces: +X D, +X CP, +X VP, +2 figures."""
    from games.maracaibo.data.explorer import EXP_IDS, EXP_SUCC

    before = EXP_IDS[[i for i in range(len(EXP_IDS)) if exp(space) in EXP_SUCC[i]][0]]
    g, s, p = explore(at=before, fields={"cp": {0: 1, 1: 1, 2: 1}})
    was = val(s, field, p)
    act(g, s, "explore_to", exp(space))
    assert val(s, field, p) == was + delta


def test_d_and_vp_reward():
    """MA-10.4 "+X D and +X VP" (E8b: 1, E14: 2, E21: 3)."""
    g, s, p = explore(at="E7")
    coins, vp = val(s, "coins", p), val(s, "vp", p)
    act(g, s, "explore_to", exp("E8b"))
    assert val(s, "coins", p) == coins + 1 and val(s, "vp", p) == vp + 1


def test_influence_reward_any_nation():
    g, s, p = explore(at="E3")
    act(g, s, "explore_to", exp("E4"))
    assert decision(s) == "nation"
    act(g, s, "choose_nation", EN)
    assert val(s, "influence", p) == [0, 0, 1]


def test_disc_reward():
    g, s, p = explore(at="E5")
    act(g, s, "explore_to", exp("E6"))
    assert decision(s) == "remove disc"
    act(g, s, "remove_disc", 3)
    assert val(s, "discs", p)[3] == 1


# ----- barriers (MA-10.6) --------------------------------------------------------------
def test_t7_blue_barrier_first_crosser_and_e14_reward():
    """T7: P on E12, Q on E13, nobody crossed blue: E13 is skipped; stopping on E14
    gives 4 VP (first blue crosser) + 2 D 2 VP (E14)."""
    g, s, p = explore(at="E12", others={1: "E13"})
    assert dests(g, s)[:2] == ["E14", "E15"]
    vp, coins = val(s, "vp", p), val(s, "coins", p)
    act(g, s, "explore_to", exp("E14"))
    assert val(s, "vp", p) == vp + 4 + 2 and val(s, "coins", p) == coins + 2
    assert val(s, "crossed", p) == [0, 1, 0] and val(s, "barrier_first")[BLUE] == 1


def test_later_crossers_get_2vp():
    """MA-10.6 / T7: after the first, every later crosser of blue/green gets 2 VP."""
    g, s, p = explore(at="E13", fields={"barrier_first": [1, 1, 0]})
    vp = val(s, "vp", p)
    act(g, s, "explore_to", exp("E15"))  # E15: remove a disc, no VP
    assert val(s, "vp", p) == vp + 2


def test_green_barrier_crossed_during_the_move():
    """MA-10.6: a barrier is resolved when crossed during the move, not only at its end."""
    g, s, p = explore(at="E4")
    vp = val(s, "vp", p)
    act(g, s, "explore_to", exp("E7"))  # crosses green after E5; E7 +2 VP
    assert val(s, "vp", p) == vp + 4 + 2 and val(s, "crossed", p)[GREEN] == 1


def test_red_barrier_three_influence_in_one_nation():
    """MA-10.6: every red crosser gains 3 influence in one chosen nation, before the
    destination reward (GAP-43)."""
    g, s, p = explore(at="E21", fields={"barrier_first": [1, 1, 1]})
    vp = val(s, "vp", p)
    act(g, s, "explore_to", exp("E22"))
    assert decision(s) == "nation" and val(s, "vp", p) == vp  # E22's 5 VP not yet
    act(g, s, "choose_nation", ES)
    assert val(s, "influence", p) == [0, 3, 0] and val(s, "vp", p) == vp + 5
    assert val(s, "crossed", p) == [0, 0, 1]


def test_t7_red_barrier_influence_cap():
    """T7 / MA-9.2: ES 11 + 3 -> 12 and 2 surplus points = 4 VP."""
    g, s, p = explore(at="E21", fields={"influence": {0: [0, 11, 0], 1: [0, 11, 0], 2: [0, 11, 0]}})
    vp = val(s, "vp", p)
    act(g, s, "explore_to", exp("E22"))
    act(g, s, "choose_nation", ES)
    assert val(s, "influence", p) == [0, 12, 0] and val(s, "vp", p) == vp + 4 + 5


def test_two_barriers_in_one_move():
    """MA-10.6 / MA-10.3: with E6 and E7 occupied (not counted) 6 steps from E4 reach
    E14, crossing green and blue: 4 + 4 VP (first crosser), then E14's 2 D 2 VP."""
    g, s, p = explore(at="E4", x=6, others={1: "E6", 2: "E7"})
    vp, coins = val(s, "vp", p), val(s, "coins", p)
    assert "E14" in dests(g, s)
    act(g, s, "explore_to", exp("E14"))
    assert val(s, "vp", p) == vp + 4 + 4 + 2 and val(s, "coins", p) == coins + 2
    assert val(s, "crossed", p) == [1, 1, 0] and val(s, "barrier_first") == [1, 1, 0]


# ----- quest spaces (MA-10.5) ----------------------------------------------------------
def test_quest_space_may_be_completed():
    """MA-10.5: ending on a quest space with a tile: complete it (pay, rewards, tile to
    the ship board) or not; Q21 = 2 D -> 2 D per compass + 1 figure."""
    setup = lambda g, s, p: quest_on_space(g, s, "Q21", 0)
    g, s, p = explore(setup=setup)
    coins, figs = val(s, "coins", p), val(s, "fig_personal", p)
    act(g, s, "explore_to", exp("E3"))
    assert decision(s) == "choice" and legal(g, s, "choice") == [0, 1]
    act(g, s, "choice", 1)
    assert val(s, "quest_state", quest("Q21")) == QS_DONE and val(s, "quest_arg", quest("Q21")) == p
    assert val(s, "coins", p) == coins - 2 + 2 and val(s, "fig_personal", p) == figs + 1
    g, s, p = explore(setup=setup)
    act(g, s, "explore_to", exp("E3"))
    act(g, s, "choice", 0)  # declined: the tile stays
    assert val(s, "quest_state", quest("Q21")) == QS_EXPLORER and decision(s) == "main"


def test_quest_space_unaffordable_offers_no_choice():
    setup = lambda g, s, p: quest_on_space(g, s, "Q19", 0)  # 2 CP, P has 1
    g, s, p = explore(setup=setup)
    act(g, s, "explore_to", exp("E3"))
    assert decision(s) == "main" and val(s, "quest_state", quest("Q19")) == QS_EXPLORER


# ----- END (MA-10.7) -----------------------------------------------------------------
@pytest.mark.parametrize("arrivals, vp", [(0, 10), (1, 8), (2, 6)])
def test_end_arrival_order_and_village_action(arrivals, vp):
    """MA-10.7: 10 / 8 / 6 / 4 VP by arrival order, then 1 village action."""
    others = {k + 1: "END" for k in range(arrivals)}
    ranks = {}
    g, s, p = start(3)
    for k in range(arrivals):
        ranks[(p + k + 1) % 3] = k
    g, s, p = explore(at="E22", others=others, fields={"end_rank": ranks, "end_arrivals": arrivals})
    was, coins = val(s, "vp", p), val(s, "coins", p)
    act(g, s, "explore_to", exp("END"))
    assert val(s, "vp", p) == was + vp and val(s, "end_rank", p) == arrivals
    assert val(s, "end_arrivals") == arrivals + 1
    assert decision(s) == "village" and val(s, "stk_x", val(s, "stk_len") - 1) == 1
    act(g, s, "village_option", VO_B)
    assert val(s, "coins", p) == coins + 1 and decision(s) == "main"


def test_end_fourth_arrival_4vp():
    g, s, p = start(4)
    others = {1: "END", 2: "END", 3: "END"}
    ranks = {(p + k) % 4: k - 1 for k in (1, 2, 3)}
    g, s, p = explore(n=4, at="E22", others=others, fields={"end_rank": ranks, "end_arrivals": 3})
    was = val(s, "vp", p)
    act(g, s, "explore_to", exp("END"))
    assert val(s, "vp", p) == was + 4


def test_explorer_on_end_ignores_moves():
    """MA-10.7 / MA-10.9: later moves of an explorer on END are ignored."""
    g, s, p = start(3)
    s = hand(g, s, p, NO_SUGAR)
    s = edit(g, s, explorer={p: exp("END")}, end_rank={p: 0}, end_arrivals=1)
    s = arrive(g, s, "2", mp=2)
    act(g, s, "main_action", MAIN_CITY)
    assert decision(s) == "main" and val(s, "explorer", p) == exp("END")


def test_end_village_action_at_a_city():
    """MA-10.7 / MA-11.1: the END village action is not the village main action: it
    works wherever the ship is (here at City 2)."""
    g, s, p = explore(at="E22")
    act(g, s, "explore_to", exp("END"))
    assert decision(s) == "village" and val(s, "ship", p) == loc("2")


# ----- PST (MA-10.8) ---------------------------------------------------------------------
def test_pst_steals_from_skipped_explorers():
    """MA-10.8 (B053): each skipped explorer loses 1 VP to P per PST card."""
    g, s, p = explore(pex=["B053"], others={1: "E1", 2: "E2"}, fields={"vp": {0: 5, 1: 5, 2: 5}})
    q, r = (p + 1) % 3, (p + 2) % 3
    act(g, s, "explore_to", exp("E3"))
    assert val(s, "vp", p) == 7 and val(s, "vp", q) == 4 and val(s, "vp", r) == 4


def test_pst_not_below_zero():
    g, s, p = explore(pex=["B053"], others={1: "E1"}, fields={"vp": {0: 0, 1: 0, 2: 0}})
    act(g, s, "explore_to", exp("E2"))
    assert val(s, "vp", p) == 0 and val(s, "vp", (p + 1) % 3) == 0


def test_pst_not_for_explorers_not_passed():
    g, s, p = explore(pex=["B053"], others={1: "E1"}, fields={"vp": {0: 5, 1: 5, 2: 5}})
    s2 = s.copy()
    act(g, s2, "explore_to", exp("E2"))
    assert val(s2, "vp", (p + 1) % 3) == 4
    g, s, p = explore(pex=["B053"], others={1: "E5"}, fields={"vp": {0: 5, 1: 5, 2: 5}})
    act(g, s, "explore_to", exp("E2"))
    assert val(s, "vp", (p + 1) % 3) == 5 and val(s, "vp", p) == 5


# ----- arrival triggers (MA-5.9) ----------------------------------------------------------
def test_pav_pad_trigger_when_any_ship_stops_at_an_assistant():
    """MA-5.9 / MA-15.2: any ship (also another player's) ending at a location with >= 1
    of X's assistants gives X +1 VP per PAV card and +2 D per PAD card, once per card
    however many assistants stand there."""
    g, s, p = start(3)
    q = (p + 1) % 3
    s = own(g, s, q, ["B054", "B055"])  # PAV, PAD
    s = with_assistant(g, s, q, "A034")  # @10
    s = edit(g, s, fig_personal={q: 2}, fig_general={q: 2})
    s = with_assistant(g, s, q, "B095")  # @10 too
    s = edit(g, s, vp={q: 0})
    coins = val(s, "coins", q)
    s = arrive(g, s, "10", mp=1)
    assert val(s, "vp", q) == 1 and val(s, "coins", q) == coins + 2


def test_pav_own_ship_and_not_when_passing():
    """MA-5.9: the owner's own ship triggers too; passing the location does not."""
    g, s, p = start(3)
    s = own(g, s, p, ["B054"])
    s = with_assistant(g, s, p, "A034")  # @10
    s = edit(g, s, vp={p: 0})
    s = arrive(g, s, "10", mp=1)
    assert val(s, "vp", p) == 1
    g, s, p = start(3)
    q = (p + 1) % 3
    s = own(g, s, q, ["B054"])
    s = with_assistant(g, s, q, "A034")  # @10
    s = edit(g, s, vp={q: 0})
    s = arrive(g, s, "11", mp=2)  # passes 10
    assert val(s, "vp", q) == 0


def test_village_main_action_after_arrival_unaffected():
    g, s, p = start(3)
    s = arrive(g, s, "10", mp=1)
    act(g, s, "main_action", MAIN_VILLAGE)
    assert decision(s) == "village"


def test_pst_not_for_explorers_sharing_end():
    """MA-10.8: arriving on END where another explorer stands is no skip (END holds any
    number of explorers, MA-10.7)."""
    g, s, p = start(3)
    q = (p + 1) % 3
    g, s, p = explore(
        pex=["B053"],
        at="E22",
        others={1: "END"},
        fields={"vp": {0: 5, 1: 5, 2: 5}, "end_rank": {q: 0}, "end_arrivals": 1},
    )
    act(g, s, "explore_to", exp("END"))
    assert val(s, "vp", q) == 5 and val(s, "vp", p) == 5 + 8


def test_passing_assistants_count_numerically_also_on_the_other_branch():
    """MA-5.10: 2 VP per own assistant at n with num(start) < n < num(end), also on a
    parallel branch not taken (3 -> 6 passes 4 or 5: assistants at 4 and 5 both count);
    the start and end locations themselves do not count."""
    g, s, p = start(3)
    s = edit(g, s, fig_personal={p: 4}, fig_general={p: 1})
    for c in ("B086", "A036", "A033", "B089"):  # @4, @5, @3, @6
        s = with_assistant(g, s, p, c)
    s = edit(g, s, ship={p: loc("3")}, vp={p: 0})
    act(g, s, "sail_to", loc("6") - 1)
    assert val(s, "vp", p) == 4


def test_pst_also_for_an_explorer_on_an_empty_quest_space():
    """MA-10.8 / [R] PST: skipping an explorer steals even if it stands on a quest space
    whose tile is gone (the space itself is skipped, MA-10.3)."""
    setup = lambda g, s, p: clear_explorer_quests(g, s, [0])
    g, s, p = explore(at="E2", pex=["B053"], others={1: "E3"}, setup=setup, fields={"vp": {0: 5, 1: 5, 2: 5}})
    assert dests(g, s)[0] == "E4"
    act(g, s, "explore_to", exp("E4"))
    assert val(s, "vp", (p + 1) % 3) == 4 and val(s, "vp", p) == 6


def test_a_long_chain_of_explorer_rewards_plays_on():
    # MA-10, MA-12.2, MA-28.1: an explore reaches a quest whose reward explores again,
    # three times over, under a city program and a disc removal; a recorded legal game
    # (maracaibo_solo level 1, seed 1263) that once overflowed the 12-frame stack
    import json
    from pathlib import Path

    import numpy as np

    import games

    rec = json.loads((Path(__file__).parent / "fixtures" / "explorer_chain_actions.json").read_text())
    g = games.make(rec["game"], **rec["options"])
    s = g.init(np.array([rec["seed"]]))
    deepest = 0
    for a in rec["actions"]:
        assert g.legal_action_mask(s)[0, a]
        g.step(s, np.array([a]))
        deepest = max(deepest, int(s["stk_len"][0]))
    assert deepest > 12  # the chain the old stack could not hold
    assert g.legal_action_mask(s)[0].any() and not g.terminated(s)[0]
    assert g.from_json(g.to_json(s))["stk_len"][0] == s["stk_len"][0]  # and the position is a valid one
