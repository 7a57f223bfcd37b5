"""The MA-30 test scenarios that need neither combat (MA-8) nor assistant actions
(MA-13.2/13.5/13.6) nor Jean (MA-24, not implemented): T2, T3, T4, T5 (without the
assistant-action use), T6, T7, T8, T9, T13, T15, T19. Each test follows the scenario's
text; the values are the spec's. Not here: T1, T14, T17, T18 (combat), T10, T11, T12,
T16, T20, T21 (Jean)."""

from games.maracaibo.data import ship, tracks
from games.maracaibo.spaces import MAIN_CITY, MAIN_NONE, MAIN_QUEST, MAIN_VILLAGE, VO_B
from games.maracaibo.state import QS_DONE

from .positions import (
    EN,
    ES,
    FR,
    MEDAL,
    TOOLS,
    act,
    arrive,
    card,
    clear_board_quests,
    cur,
    decision,
    edit,
    end_game,
    exp,
    finish_turn,
    hand,
    legal,
    loc,
    markers,
    own,
    quest,
    quest_at,
    quests_done,
    score_all_2vp,
    start,
    synergies,
    val,
    with_assistant,
)
from .test_rules_prestige import PB

FILL = ["A012", "A016", "A011", "A001"]  # HERB, MAP, BOOK, TELE: no goods


def test_t2_nobility_scoring():
    """T2 (MA-22.6, D11): markers on board FR 4, ES 4, EN 2; FR took 5, ES 4, EN 2 ->
    values 6, 5, 2; influence FR 3 (x2), ES 6 (x3), EN 1 (x1) -> 2x6 + 3x5 + 1x2 = 29."""
    g, s, p = start(3, seed=3)
    q = (p + 1) % 3
    s = markers(
        g,
        s,
        {"1": FR, "3": FR, "6": FR, "8": FR, "2": ES, "4": ES, "7": ES, "10": ES, "12": EN, "15": EN},
        taken=[5, 4, 2],
    )
    obs = g.obs_layout.view(g.observe(s, q), "supply")[0]
    assert obs[:, 2].tolist() == [6, 5, 2]  # nation values
    s = edit(g, s, influence={q: [3, 6, 1], p: [0, 0, 0]}, vp={q: 0})
    s = end_game(g, s)
    # option b 2, majority 3 in each nation (q alone above 0), nobility 29
    assert val(s, "vp", q) == 2 + 9 + 29


def test_t3a_round3_overflow_then_step2():
    """T3(a) (MA-19.3, MA-19.4): round 3 before interim scoring, VP income 18, buying
    +4 VP income -> marker 2 and +40 VP; at interim step 2 +2 VP."""
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["B003"] + FILL[:3])  # IV(2), IVs(TOOLS,2)
    s = edit(g, s, round_no=3)
    s = arrive(g, s, "10", mp=1, coins={p: 16}, vp_income={p: 18}, vp={p: 0}, synergy={p: synergies(TOOLS)})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 2 and val(s, "vp", p) == 40
    # the interim scoring of round 3 (triggered by the next seat) pays 2 VP income
    finish_turn(g, s)
    q = cur(s)
    s = edit(g, s, ship={q: loc("20")})
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    vp = val(s, "vp", p)
    for _ in range(3):
        act(g, s, "take_2vp")
    assert val(s, "vp", p) == vp + 2 + 2 and val(s, "round_no") == 4


def test_t3a_round4_overflow():
    """T3(a): the same in round 4 before final scoring -> marker 2, +20 VP."""
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["B003"] + FILL[:3])
    s = edit(g, s, round_no=4)
    s = arrive(g, s, "10", mp=1, coins={p: 16}, vp_income={p: 18}, vp={p: 0}, synergy={p: synergies(TOOLS)})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 2 and val(s, "vp", p) == 20


def test_t3b_doubloon_income_overflow():
    """T3(b) (MA-19.3): doubloon income 33 + ID(3) -> 34 and VP income +2."""
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["B006"])  # ID(3)
    s = arrive(g, s, "10", mp=1, coins={p: 8}, d_income={p: 33}, vp_income={p: 0})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert val(s, "d_income", p) == 34 and val(s, "vp_income", p) == 2


def _village_count(g, s):
    k = 0
    while decision(s) == "village":
        act(g, s, "village_option", VO_B)
        k += 1
    return k


def test_t4_village_action_count():
    """T4 (MA-11.2, MA-17.3 U1): Havana -> 6 via 1, 2, 3, 4 (5 MP): 2 village actions,
    3 with U1; Havana -> 1 (1 MP): 1, also with U1; 7 MP ending on a village: 3; with 3
    actions VA-B, VA-B, VA-C is legal."""
    for discs, want in (([2] * 12, 2), ([0] + [2] * 11, 3)):
        g, s, p = start(3, seed=3)
        s = edit(g, s, ship={p: loc("H")}, discs={p: discs})
        act(g, s, "sail_to", loc("6") - 1)
        assert val(s, "mp_spent") == 5
        act(g, s, "main_action", MAIN_VILLAGE)
        assert _village_count(g, s) == want
    for discs in ([2] * 12, [0] + [2] * 11):
        g, s, p = start(3, seed=3)
        s = edit(g, s, ship={p: loc("H")}, discs={p: discs})
        act(g, s, "sail_to", loc("1") - 1)
        act(g, s, "main_action", MAIN_VILLAGE)
        assert _village_count(g, s) == 1
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["A010", "B003", "B001", "B002"])  # A010: 5 D; the others 12+ D
    s = edit(g, s, ship={p: loc("H")}, coins={p: 3})
    act(g, s, "sail_to", loc("8") - 1)  # Havana -> 8 is 7 steps (village 8)
    assert val(s, "mp_spent") == 7 and val(s, "ship", p) == loc("8")
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "village_option", VO_B)
    act(g, s, "village_option", VO_B)
    assert legal(g, s, "buy_hand") == [0]
    act(g, s, "buy_hand", 0)
    assert val(s, "card_where", card("A010")) == 12 + p and decision(s) == "main"


def test_t5_unused_assistants_without_assistant_actions():
    """T5 (MA-5.10, MA-13.3): P has assistants at 9, 15, 15 (and later 19). Round 1: 8 ->
    10 passes 9: +2 VP. Stopping at 15 and not using either assistant there: +2 VP each
    at the end of Phase B (MA-13.3(b); T5 uses one of them, an assistant action, not
    tested here). Round 2 ends with P's ship at 12: 15, 15 and 19 are ahead: +6 VP
    (MA-21.8); the assistant at 9 scores nothing. After round 4 nothing (MA-13.3(d))."""
    g, s, p = start(3, seed=3)
    s = edit(g, s, fig_personal={p: 5}, fig_general={p: 0})
    for c in ("B084", "A032", "B093"):  # @9, @15, @15
        s = with_assistant(g, s, p, c)
    s = edit(g, s, ship={p: loc("8")}, vp={p: 0})
    act(g, s, "sail_to", loc("10") - 1)
    assert val(s, "vp", p) == 2
    # later in round 1: P sails 10 -> 15 and stops there without using an assistant
    g, s, p = start(3, seed=3)
    s = edit(g, s, fig_personal={p: 5}, fig_general={p: 0})
    for c in ("B084", "A032", "B093"):
        s = with_assistant(g, s, p, c)
    s = clear_board_quests(g, s, "15")
    s = edit(g, s, ship={p: loc("10")}, vp={p: 0})
    act(g, s, "sail_to", loc("15") - 1)
    assert val(s, "vp", p) == 0
    act(g, s, "main_action", MAIN_NONE)
    act(g, s, "done")
    assert val(s, "vp", p) == 4
    # round 2: a fourth assistant at 19; the round ends while P's ship is at 12
    g, s, p = start(3, seed=3)
    s = edit(g, s, fig_personal={p: 5}, fig_general={p: 0}, round_no=2)
    for c in ("B084", "A032", "B093", "B099"):  # @9, @15, @15, @19
        s = with_assistant(g, s, p, c)
    q = (p + 1) % 3
    s = edit(g, s, ship={p: loc("12")}, vp={p: 0})
    s = edit(g, s, current_player=q, ship={q: loc("20")})
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    score_all_2vp(g, s)
    assert val(s, "round_no") == 3 and val(s, "vp", p) == 2 + 6
    # round 4: no return to Havana, nothing for assistants ahead (default config)
    g, s, p = start(3, seed=3)
    s = edit(g, s, fig_personal={p: 5}, fig_general={p: 0})
    for c in ("B084", "A032", "B093", "B099"):
        s = with_assistant(g, s, p, c)
    q = (p + 1) % 3
    s = edit(g, s, ship={p: loc("12")}, vp={p: 0}, current_player=q)
    s = end_game(g, s)
    assert val(s, "vp", p) == 2


def test_t6_quest_count_bonus_and_compass_example():
    """T6 (MA-12.4): with 3 tiles the 4th gives +3 VP on top of its rewards, the 5th +2,
    the 6th +2; Q01 (1 figure -> 2 D per compass + explore 3) with 3 compasses: pay 1
    figure, gain 6 D and an explore-up-to-3."""
    g, s, p = start(3, seed=3)
    s = own(g, s, p, ["B061", "B062"])  # 2 PCO: 3 compasses
    s = quests_done(g, s, p, ["Q20", "Q21", "Q22"])
    s = clear_board_quests(g, s, "16")
    s = quest_at(g, s, "Q01", "16")
    s = hand(g, s, p, FILL)
    s = arrive(g, s, "16", mp=1, vp={p: 0})
    coins, figs = val(s, "coins", p), val(s, "fig_personal", p)
    act(g, s, "main_action", MAIN_QUEST)
    assert val(s, "vp", p) == 3 and val(s, "coins", p) == coins + 6 and val(s, "fig_personal", p) == figs - 1
    assert decision(s) == "explore" and len(legal(g, s, "explore_to")) == 3
    assert val(s, "quest_state", quest("Q01")) == QS_DONE
    for k, q_id in enumerate(["Q17", "Q02"]):  # 5th and 6th: 3 VP / 5 D fixed parts
        g, s, p = start(3, seed=3)
        s = quests_done(g, s, p, ["Q20", "Q21", "Q22", "Q23"] + (["Q24"] if k else []))
        s = clear_board_quests(g, s, "16")
        s = quest_at(g, s, q_id, "16")
        s = arrive(g, s, "16", mp=1, vp={p: 0}, cp={p: 2})
        act(g, s, "main_action", MAIN_QUEST)
        fixed_vp = 3 if q_id == "Q17" else 1  # Q17: 3 VP fixed; Q02: 1 VP per compass
        assert val(s, "vp", p) == fixed_vp + 2


def test_t7_explorer_counting_barriers_and_cap():
    """T7 (MA-10.3, MA-10.6, MA-9.2): P on E12, Q on E13, nobody crossed blue. P
    explores 2 (Q20's reward): E13 is skipped -> step 1 = E14 (crossing blue), step 2 =
    E15. Stopping on E14: +4 VP (first) and +2 D +2 VP. Q crossing blue later: +2 VP.
    Later P with ES 11 crosses red, chooses Spain: ES 12 and +4 VP."""
    g, s, p = start(3, seed=3)
    q = (p + 1) % 3
    s = clear_board_quests(g, s, "16")
    s = quest_at(g, s, "Q20", "16")  # D2 -> 1 VP per compass + explore 2
    s = edit(g, s, explorer={p: exp("E12"), q: exp("E13")})
    s = arrive(g, s, "16", mp=1, vp={p: 0})
    act(g, s, "main_action", MAIN_QUEST)
    assert val(s, "vp", p) == 1
    assert legal(g, s, "explore_to") == [exp("E14"), exp("E15")]
    coins = val(s, "coins", p)
    act(g, s, "explore_to", exp("E14"))
    assert val(s, "vp", p) == 1 + 4 + 2 and val(s, "coins", p) == coins + 2
    # Q's turn: Q explores from E13 past blue (City 2: explore 3)
    finish_turn(g, s)
    assert cur(s) == q
    s = hand(g, s, q, FILL)
    s = edit(g, s, ship={q: loc("1")}, vp={q: 0})
    act(g, s, "sail_to", loc("2") - 1)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "explore_to", exp("E15"))  # E14 is occupied by P: E15 is Q's first step
    assert val(s, "vp", q) == 2
    # later: P with ES 11 crosses red and chooses Spain
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, FILL)
    s = edit(g, s, explorer={p: exp("E21")}, influence={p: [0, 11, 0]}, vp={p: 0})
    s = arrive(g, s, "2", mp=2)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "explore_to", exp("E22"))
    act(g, s, "choose_nation", ES)
    assert val(s, "influence", p) == [0, 12, 0] and val(s, "vp", p) == 4 + 5  # + E22's 5 VP


def test_t8_upgrade_locks():
    """T8 (MA-17.3): U1-U5 completed: U12 illegal, U10/U11 legal, U6 legal (U5 done), U9
    not (U8 open); after completing U8 (6 upgrades) U12 and U9 are legal."""
    for done, want_in, want_out in (
        ((0, 1, 2, 3, 4), (ship.U6, ship.U10, ship.U11), (ship.U9, ship.U12)),
        ((0, 1, 2, 3, 4, 7), (ship.U6, ship.U9, ship.U10, ship.U11, ship.U12), ()),
    ):
        g, s, p = start(3, seed=3)
        discs = [2] * 12
        for u in done:
            discs[u] = 0
        s = hand(g, s, p, ["A020"])  # XDS
        s = arrive(g, s, "10", mp=1, coins={p: 5}, discs={p: discs})
        act(g, s, "main_action", MAIN_VILLAGE)
        act(g, s, "buy_hand", 0)
        got = legal(g, s, "remove_disc")
        assert all(u in got for u in want_in) and not any(u in got for u in want_out)


def test_t9_career_goal_tiers():
    """T9 (MA-18.2, MA-18.4, D7 K1): 4 quest tiles: the quest goal at the low tier gives
    4 D and the figure, no VP; with 6 tiles the high tier gives 4 D, 4 VP and the
    figure; completing the third goal adds 2 D 2 VP."""
    g, s, p = start(3, seed=3)
    s = edit(g, s, career={p: 0}, vp={p: 0})
    s = quests_done(g, s, p, ["Q20", "Q21", "Q22", "Q23"])
    act(g, s, "sail_to", 0)
    assert legal(g, s, "free_career") == [4]
    coins, figs = val(s, "coins", p), val(s, "fig_personal", p)
    act(g, s, "free_career", 4)
    assert val(s, "coins", p) == coins + 4 and val(s, "fig_personal", p) == figs + 1
    assert val(s, "vp", p) == 0 and val(s, "goal_done", p) == [0, 0, 1]
    assert legal(g, s, "free_career") == []  # cannot be upgraded later
    g, s, p = start(3, seed=3)
    s = edit(g, s, career={p: 0}, vp={p: 0})
    s = quests_done(g, s, p, ["Q20", "Q21", "Q22", "Q23", "Q24", "Q19"])
    act(g, s, "sail_to", 0)
    assert legal(g, s, "free_career") == [4, 5]
    coins, figs = val(s, "coins", p), val(s, "fig_personal", p)
    act(g, s, "free_career", 5)
    assert val(s, "coins", p) == coins + 4 and val(s, "vp", p) == 4 and val(s, "fig_personal", p) == figs + 1
    # the third goal: +2 D +2 VP in addition (goals 1 and 2 done earlier: figures released)
    g, s, p = start(3, seed=3)
    s = edit(g, s, career={p: 0}, vp={p: 0}, goal_done={p: [1, 2, 0]}, fig_personal={p: 4}, fig_general={p: 3})
    s = quests_done(g, s, p, ["Q20", "Q21", "Q22", "Q23"])
    act(g, s, "sail_to", 0)
    coins = val(s, "coins", p)
    act(g, s, "free_career", 4)
    assert val(s, "coins", p) == coins + 4 + 2 and val(s, "vp", p) == 2


def test_t13_final_scoring_ties():
    """T13 (MA-22.5, MA-22.6): markers FR 5, ES 5, EN 3 -> rank bonus 2, 2, 0; FR 6, ES 4,
    EN 4 -> 2, 1, 1; two players both at FR 7 and highest -> both +3 VP; all players at
    EN 0 -> nobody scores the EN majority."""
    placements = {
        (5, 5, 3): ["1", "3", "6", "7", "8", "10", "12", "15", "16", "18", "19", "2", "4"],
        (6, 4, 4): ["1", "3", "6", "7", "8", "10", "12", "15", "16", "18", "19", "2", "4", "5"],
    }
    for counts, bonus in (((5, 5, 3), [2, 2, 0]), ((6, 4, 4), [2, 1, 1])):
        locs = placements[counts]
        placed, i = {}, 0
        for nation, k in enumerate(counts):
            for where in locs[i : i + k]:
                placed[where] = nation
            i += k
        g, s, p = start(3, seed=3)
        q, r = (p + 1) % 3, (p + 2) % 3
        s = markers(g, s, placed)
        s = edit(g, s, influence={q: [7, 0, 0], r: [7, 0, 0], p: [0, 1, 0]}, vp={q: 0, r: 0, p: 0})
        values = [int(x) for x in g.obs_layout.view(g.observe(s, q), "supply")[0][:, 2]]
        base = [int(tracks.SUPPLY_VALUE_AFTER_TAKEN[k]) for k in counts]
        assert [v - b for v, b in zip(values, base)] == bonus
        s = end_game(g, s)
        # q, r: option b 2, FR majority 3 (tied), FR level 3 x value; EN: nobody
        assert val(s, "vp", q) == 2 + 3 + 3 * values[FR]
        assert val(s, "vp", r) == 2 + 3 + 3 * values[FR]
        assert val(s, "vp", p) == 5 + 2 + 3 + 1 * values[ES]


def test_t15_cathedral():
    """T15 (MA-22.3, MA-16.5, D12): income 23 -> 4 VP, 24 -> 5, 34 -> 10; with PB8 and
    income 24: 5 + 10 = 15 VP."""
    for income, cathedral, want in ((23, False, 4), (24, False, 5), (34, False, 10), (24, True, 15)):
        g, s, p = start(3, seed=3)
        q = (p + 1) % 3
        s = edit(g, s, d_income={q: income}, vp={q: 0}, prestige=[PB["PB8"], 0, 1, 2])
        if cathedral:
            s = edit(g, s, invested={q: [1, 0, 0, 0]}, fig_personal={q: 1})
        s = end_game(g, s)
        assert val(s, "vp", q) == 2 + want, (income, cathedral)


def test_t19_vp_income_overflow_timing():
    """T19 (MA-19.4, GAP-47): round 1, interim step 1: VP income 17 + IV(3) -> marker 0,
    +80 VP, step 2 pays 0 VP; in round 4 at final step 1: +20; in round 2 during play: +60."""
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["B017"] + FILL[:3])  # IV(1), IVs(MEDAL,2)
    s = edit(g, s, ship={p: loc("20")}, coins={p: 9}, vp_income={p: 17}, vp={p: 0}, synergy={p: synergies(MEDAL)})
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp_income", p) == 0 and val(s, "vp", p) == 3 + 80
    act(g, s, "draw", 0)
    act(g, s, "take_2vp")
    act(g, s, "take_2vp")
    assert val(s, "vp", p) == 3 + 80 and val(s, "round_no") == 2
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["B017"] + FILL[:3])
    s = edit(
        g,
        s,
        round_no=4,
        ship={p: loc("21b")},
        coins={p: 9},
        vp_income={p: 17},
        vp={p: 0},
        synergy={p: synergies(MEDAL)},
    )
    act(g, s, "sail_to", loc("22") - 1)
    finish_turn(g, s)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 5 + 20
    g, s, p = start(3, seed=3)
    s = hand(g, s, p, ["B017"])
    s = edit(g, s, round_no=2)
    s = arrive(g, s, "10", mp=1, coins={p: 9}, vp_income={p: 17}, vp={p: 0}, synergy={p: synergies(MEDAL)})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    assert val(s, "vp", p) == 60 and val(s, "vp_income", p) == 0
