"""The test scenarios PN-T1 .. PN-T15 of docs/rules/pirates_of_nassau.md, on positions
built through ``from_json`` (tests/pirates_of_nassau/positions.py)."""

import numpy as np

from games.pirates_of_nassau import data as D
from games.pirates_of_nassau.rules.scoring import category_points
from tests.pirates_of_nassau.positions import (
    Decision,
    Step,
    act,
    give_token,
    legal,
    load,
    merchant,
    navy,
    navy_display,
    pirate_turn,
    place_merchant,
    record_plunder,
    set_display,
    set_hold,
    set_notoriety,
    start,
    to_step,
)

EXACT, MINUS, TO7, TO14 = 0, 1, 2, 3
PASS, TRADE_WINDS, PLUNDER, RAID, SM_GUNPOWDER, SM_GOODS, SM_RUM, SM_PESOS = range(8)


def move(g, st, die, kind, tw=0):
    act(g, st, "move", die * 12 + kind * 3 + tw)


def finish_pirate_phase(g, st):
    """Everyone left moves with the first legal move and passes."""
    while st[0]["step"] == Step.PIRATE:
        if st[0]["decision"] == Decision.MOVE:
            g.step(
                st,
                np.array([g.legal_actions(st[0])[0] if not legal(g, st, "walk_plank") else g.legal_actions(st[0])[0]]),
            )
        else:
            act(g, st, "action", PASS)


def test_t1_initial_order_by_dice_totals():
    # PN-T1, PN-4.7, PN-5.2, PN-5.3, PN-7.1: lowest total first; round 1 uses the setup dice
    for seed in range(20):
        g, st = start(3, seed)
        r = st[0]
        totals = r["dice"][:3].sum(axis=1)
        for p in range(3):
            for q in range(3):
                if totals[p] < totals[q]:
                    assert r["notoriety"][p] < r["notoriety"][q]
        assert sorted(r["notoriety"][:3].tolist()) == [1, 2, 3]
        assert r["round_no"] == 1 and r["step"] == Step.PIRATE
        order = r["order"][:3].tolist()
        assert order == sorted(range(3), key=lambda p: r["notoriety"][p])
        seen = []
        while st[0]["step"] == Step.PIRATE:
            if st[0]["decision"] == Decision.MOVE:
                seen.append(int(st[0]["current_player"]))
                g.step(st, np.array([g.legal_actions(st[0])[0]]))
            else:
                act(g, st, "action", PASS)
        assert seen == order * 3


def test_t2_movement_example():
    # PN-T2, PN-7.3 - PN-7.5: Anja 3 -> 8 -> 2; Jonah 7 -> 14 -> 18
    g, st = start(3, 1)
    anja, jonah, third = 0, 1, 2
    st[0]["dice"][anja] = (3, 5, 6)
    st[0]["dice"][jonah] = (1, 4, 2)
    set_notoriety(st, [1, 2, 3])
    st = load(g, st)
    plan = {anja: [(0, EXACT), (1, EXACT), (2, MINUS)], jonah: [(0, TO7), (2, TO14), (1, EXACT)]}
    while st[0]["step"] == Step.PIRATE:
        p = int(st[0]["current_player"])
        if st[0]["decision"] == Decision.MOVE:
            if p == third:
                g.step(st, np.array([g.legal_actions(st[0])[0]]))
            else:
                move(g, st, *plan[p].pop(0))
        else:
            act(g, st, "action", PASS)
    assert st[0]["die_pos"][anja].tolist() == [3, 8, 2]
    assert st[0]["die_pos"][jonah].tolist() == [7, 18, 14]
    assert st[0]["pos"][anja] == 2 and st[0]["pos"][jonah] == 18


def test_t3_movement_legality_and_clamping():
    # PN-T3, PN-7.4 - PN-7.6, GAP-11, GAP-12
    g, st = start(4, 2)
    pirate_turn(st, 0, [(2, 4), (6, 0), (1, 0)])
    s = load(g, st)
    moves = legal(g, s, "move")
    assert 1 * 12 + MINUS * 3 in moves and 1 * 12 + TO7 * 3 in moves and 1 * 12 + TO14 * 3 not in moves
    move(g, s, 1, MINUS)
    assert s[0]["pos"][0] == 1  # 4 - 6 clamps to 1
    g, st = start(4, 2)
    pirate_turn(st, 0, [(2, 17), (5, 0), (1, 0)])
    s = load(g, st)
    move(g, s, 1, EXACT)
    assert s[0]["pos"][0] == 20  # 17 + 5 clamps to 20
    for here, to7, to14 in ((5, True, False), (10, True, True), (7, False, True), (16, False, True), (14, True, False)):
        g, st = start(4, 2)
        pirate_turn(st, 0, [(2, here), (5, 0), (1, 0)])
        s = load(g, st)
        moves = legal(g, s, "move")
        assert (12 + TO7 * 3 in moves) == to7 and (12 + TO14 * 3 in moves) == to14, here
    g, st = start(4, 2)
    pirate_turn(st, 0)
    s = load(g, st)
    kinds = {(a // 3) % 4 for a in legal(g, s, "move")}
    assert kinds == {EXACT, TO7}  # first move: MINUS and TO_14 masked
    # a held trade wind at 8 with die 6: PLUS +1 -> 15, the token under the die (PN-7.6)
    g, st = start(4, 2)
    pirate_turn(st, 0, [(2, 8), (6, 0), (1, 0)])
    st[0]["tw_held"][0] = 1
    st[0]["tw_supply"] -= 1
    s = load(g, st)
    assert 12 + EXACT * 3 + 1 in legal(g, s, "move")
    assert 2 * 12 + EXACT * 3 + 2 not in legal(g, s, "move")  # die 1 cannot go to 0 (GAP-12)
    assert 12 + TO7 * 3 + 1 not in legal(g, s, "move")  # no trade wind on an intermediate move
    move(g, s, 1, EXACT, 1)
    assert s[0]["pos"][0] == 15 and s[0]["die_tw"][0, 1] == 1 and s[0]["tw_held"][0] == 0
    # 3 + 4 lands on 7, where TRADE_WINDS is available (PN-7.5a, PN-8.5)
    g, st = start(4, 2)
    pirate_turn(st, 0, [(2, 3), (4, 0), (1, 0)])
    s = load(g, st)
    move(g, s, 1, EXACT)
    assert s[0]["pos"][0] == 7 and TRADE_WINDS in legal(g, s, "action")


def plunder_position(seed=3, card="M1-10", hold=None):
    g, st = start(4, seed)
    pirate_turn(st, 0, [(3, 3), (1, 0), (1, 0)], action=True)
    place_merchant(st, 3, card)
    if hold:
        set_hold(st, 0, **hold)
    return g, load(g, st)


def test_t4_successful_plunder():
    # PN-T4, PN-8.2, PN-8.3, PN-9.2, PN-9.5
    g, s = plunder_position()
    act(g, s, "action", PLUNDER)
    assert s[0]["decision"] == Decision.CARD
    act(g, s, "captain_card", 1)  # (2, 2): totals 3/3 > 2/2
    r = s[0]
    assert r["route_card"][3] == -1 and r["plundered"][0] == merchant("M1-10") and r["plundered_by"][0] == 0
    assert r["hold"][0].tolist() == [1, 0, 1, 2, 0]
    assert r["played"][0].tolist() == [0, 1, 0, 0]
    before = int(r["notoriety"][0])
    finish_pirate_phase(g, s)
    while s[0]["step"] == Step.NOTORIETY:
        act(g, s, "end_adjust")
    assert s[0]["notoriety"][0] == before + 4
    assert s[0]["m_deck"][0][0] == merchant("M1-10")  # bottom of the region-1 deck


def test_t5_failed_plunder_on_a_tie():
    # PN-T5, PN-0.3, PN-8.3: sail 2 is not > 2
    g, s = plunder_position()
    act(g, s, "action", PLUNDER)
    act(g, s, "captain_card", 3)  # (1, 2)
    r = s[0]
    assert r["route_card"][3] == merchant("M1-10") and r["plundered_len"] == 0
    assert r["played"][0, 3] == 1 and r["hold"][0].sum() == 0
    # the card stays unavailable until step 9 (PN-15.2)
    pirate_turn(s, 0, [(3, 3), (1, 2), (1, 0)], action=True)
    place_merchant(s, 2, "M1-01")
    s = load(g, s)
    act(g, s, "action", PLUNDER)
    assert 3 not in legal(g, s, "captain_card")


def test_t6_raid_with_the_great_cannon():
    # PN-T6, PN-8.9, PN-8.10, PN-8.16: Great Cannon +2 only against ports
    g, st = start(4, 4)
    pirate_turn(st, 0, [(1, 1), (1, 0), (1, 0)], action=True)
    give_token(st, 0, 0, "H-B")
    s = load(g, st)
    act(g, s, "action", RAID)
    act(g, s, "captain_card", 0)  # (3, 3): 1 + 2 + 3 = 6 > 5
    r = s[0]
    assert r["hold"][0, 0] == 2 and r["raided"][1] == 1 and r["raids"][0] == 1
    obs = g.obs_layout.decode(g.observe(s, 0)[0])
    assert obs.players.cannon[0] == 1 and obs.players.raid_cannon[0] == 2  # navy: cannon 1 + card
    # another player at the raided La Havana may only pass
    g, st = start(4, 4)
    pirate_turn(st, 1, [(1, 1), (1, 0), (1, 0)], action=True)
    st[0]["raided"][1] = 1
    s = load(g, st)
    assert legal(g, s, "action") == [PASS]


def navy_position(n, notoriety, display, seed=5):
    g, st = start(n, seed)
    to_step(st, Step.NAVY)
    set_notoriety(st, notoriety)
    navy_display(st, display)
    return g, st


def test_t7_royal_navy_example():
    # PN-T7, PN-10.1 - PN-10.8
    jonah, anja, jon, ewan = range(4)
    g, st = navy_position(4, [8, 10, 11, 13], ["N1-01", "N1-02", "N1-09", "N1-12"])
    for slot, t in ((1, "S-A"), (4, "S-A"), (0, "H-A"), (3, "H-A")):
        give_token(st, ewan, slot, t)
    s = load(g, st)
    assert s[0]["order"][:4].tolist() == [jonah, anja, jon, ewan]
    act(g, s, "navy_pick", 0)
    act(g, s, "navy_pick", 1)
    assert s[0]["played"][:2].sum() == 0 and s[0]["notoriety"][:2].tolist() == [8, 10]
    act(g, s, "navy_pick", 2)
    act(g, s, "captain_card", 0)  # (3, 3): 4 > 2 and 4 > 3
    assert s[0]["current_player"] == ewan and s[0]["notoriety"][jon] == 11
    act(g, s, "navy_pick", 3)
    act(g, s, "captain_card", 2)  # (2, 1): sail 5 > 4, cannon 4 not > 4
    assert s[0]["decision"] == Decision.PENALTY
    act(g, s, "navy_penalty", 0)
    assert s[0]["notoriety"][ewan] == 7
    bottom = s[0]["navy_deck"][:4].tolist()
    assert bottom == [navy("N1-12"), navy("N1-09"), navy("N1-02"), navy("N1-01")]
    assert s[0]["step"] == Step.BUY


def test_t8_both_navy_tests_fail():
    # PN-T8, PN-10.7: notoriety halved first, then floor(5/2) = 2 items
    g, st = navy_position(3, [21, 25, 30], ["N1-11", "N1-01", "N1-02"])
    set_hold(st, 0, peso=2, gunpowder=2, rum=1)
    s = load(g, st)
    act(g, s, "navy_pick", 0)
    act(g, s, "captain_card", 3)  # (1, 2): sail 2, cannon 3 against (3, 3)
    assert s[0]["notoriety"][0] == 11 and s[0]["decision"] == Decision.CARGO_LOSS and s[0]["cargo_left"] == 2
    act(g, s, "remove_item", 1)
    act(g, s, "remove_item", 0)
    assert s[0]["hold"][0].sum() == 3 and s[0]["current_player"] != 0
    assert s[0]["navy_deck"][0] == navy("N1-11") and s[0]["played"][0, 3] == 1


def test_t9_collisions():
    # PN-T9, PN-9.4: up jumps every occupied space, down to the first free one
    c = 2
    for direction, expect in ((0, 22), (1, 19)):
        g, st = start(3, 6)
        to_step(st, Step.NOTORIETY, order_idx=2)
        set_notoriety(st, [20, 21, 15])
        record_plunder(st, c, "M1-16")  # sail 2 + cannon 3
        s = load(g, st)
        assert s[0]["current_player"] == c
        act(g, s, "end_adjust")
        assert s[0]["decision"] == Decision.COLLISION and s[0]["col_target"] == 20
        act(g, s, "collision", direction)
        assert s[0]["notoriety"][c] == expect
    # halved from 2 to 1 onto an occupied 1: DOWN masked, UP ends on 2 (its own space is free)
    g, st = navy_position(3, [1, 2, 50], ["N1-11", "N1-01"])
    st[0]["order_idx"] = 1
    st[0]["current_player"] = 1
    st[0]["played"][0, 0] = 1
    s = load(g, st)
    act(g, s, "navy_pick", 0)
    act(g, s, "captain_card", 3)
    assert s[0]["decision"] == Decision.COLLISION and legal(g, s, "collision") == [0]
    act(g, s, "collision", 0)
    assert s[0]["notoriety"][1] == 2


def test_t10_overflow_on_plunder():
    # PN-T10, PN-8.4, PN-8.12: 5 + 4 items in a hold of 6 -> exactly 3 removals
    g, s = plunder_position(hold=dict(gunpowder=2, goods=2, rum=1))
    act(g, s, "action", PLUNDER)
    act(g, s, "captain_card", 0)
    assert s[0]["hold"][0].sum() == 9 and s[0]["plundered_len"] == 1
    for k in range(3):
        assert s[0]["decision"] == Decision.OVERFLOW and s[0]["current_player"] == 0
        act(g, s, "remove_item", legal(g, s, "remove_item")[0])
    assert s[0]["hold"][0].sum() == 6 and s[0]["decision"] == Decision.MOVE and s[0]["current_player"] != 0
    obs = g.obs_layout.decode(g.observe(s, 0)[0])
    assert obs.players.plunder_notoriety[0] == 4


def test_t11_smuggle_and_ransom():
    # PN-T11, PN-8.7, PN-8.8, PN-8.12
    g, st = start(4, 7)
    pirate_turn(st, 0, [(2, 9), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, hostage=2, goods=3)
    s = load(g, st)
    assert set(legal(g, s, "action")) == {PASS, RAID, SM_GUNPOWDER, SM_RUM}
    act(g, s, "action", SM_RUM)
    assert s[0]["hold"][0].sum() == 6 and s[0]["decision"] == Decision.RANSOM
    act(g, s, "ransom", 1)
    assert s[0]["hold"][0].tolist() == [2, 0, 3, 1, 1]
    assert s[0]["decision"] == Decision.OVERFLOW and legal(g, s, "ransom") == []
    act(g, s, "remove_item", 0)
    assert s[0]["decision"] == Decision.MOVE and s[0]["current_player"] != 0
    for pos, action, item, got in ((16, SM_GOODS, 2, 2), (18, SM_PESOS, 0, 2)):
        g, st = start(4, 7)
        pirate_turn(st, 0, [(2, pos), (1, 0), (1, 0)], action=True)
        s = load(g, st)
        act(g, s, "action", action)
        assert s[0]["hold"][0, item] == got


def test_t12_trade_winds():
    # PN-T12, PN-8.5, PN-8.5a, PN-8.5b, PN-8.6, PN-9.2
    g, st = start(4, 8)
    pirate_turn(st, 0, [(5, 5), (2, 0), (3, 0)], action=True)
    s = load(g, st)
    act(g, s, "action", TRADE_WINDS)
    assert s[0]["tw_held"][0] == 1 and s[0]["tw_supply"] == 9
    pirate_turn(s, 0, [(5, 5), (2, 7), (3, 0)], action=True)
    s = load(g, s)
    assert TRADE_WINDS not in legal(g, s, "action")  # one held at most
    act(g, s, "action", PASS)
    pirate_turn(s, 0, [(5, 5), (2, 7), (3, 0)])
    s = load(g, s)
    move(g, s, 2, EXACT, 2)  # the trade wind spent on a move (-1): 7 + (3 - 1)
    assert s[0]["tw_held"][0] == 0 and s[0]["die_tw"][0, 2] == 1 and s[0]["pos"][0] == 9
    g, st = start(4, 8)
    pirate_turn(st, 0, [(5, 5), (2, 7), (3, 0)], action=True)
    st[0]["die_tw"][0, 0] = 1
    st[0]["tw_supply"] -= 1
    s = load(g, st)
    assert TRADE_WINDS in legal(g, s, "action")  # legal again after spending one
    # step 3: a held token gives +1, else it is gone after the cleanup
    g, st = start(4, 8)
    to_step(st, Step.NOTORIETY)
    p = int(st[0]["current_player"])
    st[0]["tw_held"][p] = 1
    st[0]["tw_supply"] -= 1
    s = load(g, st)
    before = int(s[0]["notoriety"][p])
    assert legal(g, s, "spend_trade_wind") == [0]
    act(g, s, "spend_trade_wind")
    act(g, s, "end_adjust")
    assert s[0]["notoriety"][p] == before + 1
    # 5 players, all 10 tokens held or under dice: TRADE_WINDS masked for everyone (PN-8.5b)
    g, st = start(5, 8)
    pirate_turn(st, 0, [(1, 7), (5, 5), (3, 0)], action=True)
    r = st[0]
    r["die_tw"][0, :2] = 1
    r["die_tw"][1:5, 0] = 1
    r["tw_held"][1:5] = 1
    r["tw_supply"] = 0
    s = load(g, st)
    assert TRADE_WINDS not in legal(g, s, "action")


def bury_last(n=4, seed=9):
    """Step 5.3 with the last player to bury (the next action ends the round)."""
    g, st = start(n, seed)
    to_step(st, Step.BURY)
    st[0]["order_idx"] = n - 1
    st[0]["current_player"] = st[0]["order"][n - 1]
    return g, st


def test_t13_merchant_movement():
    # PN-T13, PN-13.1 - PN-13.5
    g, st = bury_last()
    names = {"a": "M1-01", "b": "M1-02", "c": "M2-01", "d": "M2-02", "e": "M2-03", "f": "M3-01"}
    for pos in D.ROUTES:
        from tests.pirates_of_nassau.positions import clear_route

        clear_route(st, pos)
    for key, pos in (("a", 2), ("b", 6), ("c", 8), ("d", 11), ("e", 13), ("f", 17)):
        place_merchant(st, pos, names[key])
    s = load(g, st)
    r = s[0]
    tops = [[int(r["m_deck"][k][r["m_deck_len"][k] - 1 - i]) for i in range(3)] for k in range(3)]
    act(g, s, "bury", 2)
    r = s[0]
    assert r["round_no"] == 2
    m = {k: merchant(v) for k, v in names.items()}
    assert r["route_card"][6] == m["e"] and r["route_card"][5] == m["d"] and r["route_card"][3] == m["c"]
    assert r["route_card"][13] == m["f"]
    assert r["route_card"][2] == tops[0][0]
    assert [r["route_card"][p] for p in (11, 10, 8)] == tops[1]
    assert [r["route_card"][p] for p in (19, 17, 15)] == tops[2]
    assert r["m_deck"][0][:2].tolist() == [m["b"], m["a"]]  # a went under first


def test_t14_purchase_and_exchange():
    # PN-T14, PN-11.2 - PN-11.5, PN-11.7
    g, st = start(4, 10)
    to_step(st, Step.BUY)
    p = int(st[0]["current_player"])
    set_hold(st, p, gunpowder=1, goods=1, peso=2)
    set_display(st, 0, "H-A")
    s = load(g, st)
    act(g, s, "exchange_peso", 0)
    assert s[0]["hold"][p].tolist() == [1, 3, 1, 0, 0]
    act(g, s, "buy_token", 0 * D.NUM_SLOTS + 0)
    r = s[0]
    assert r["hold"][p].tolist() == [1, 1, 0, 0, 0] and r["slot"][p, 0] == 0
    obs = g.obs_layout.decode(g.observe(s, p)[0])
    assert obs.players.cannon[0] == 2
    order = r["order"][:4].tolist()
    assert r["current_player"] == order[1]
    for _ in range(3):
        act(g, s, "nassau_pass")
    assert s[0]["current_player"] == p  # after everyone else (PN-11.2)


def test_t15_game_end_and_scoring():
    # PN-T15, PN-12.2: Game End revealed second in step 6 -> the game ends, steps 7-9 skipped
    g, st = bury_last(4, 11)
    r = st[0]
    navy_display(st, [])
    deck = [int(c) for c in r["navy_deck"][: r["navy_deck_len"]] if c not in (D.GAME_END, navy("N2-03"))]
    deck = [c for c in deck if D.NAVY_PHASE[c] == 2] + [c for c in deck if D.NAVY_PHASE[c] == 1]
    deck = deck + [D.GAME_END, navy("N2-03")]  # top last
    r["navy_deck"][: len(deck)] = deck
    r["navy_fresh"] = 2  # the rest came back to the bottom, known
    r["round_no"] = 5
    s = load(g, st)
    routes = s[0]["route_card"].copy()
    act(g, s, "bury", 2)
    r = s[0]
    assert r["terminated"] == 1 and r["navy_display"][:4].tolist() == [navy("N2-03"), D.GAME_END, -1, -1]
    assert np.array_equal(r["route_card"], routes) and r["round_no"] == 5
    # PN-16.3: crew A 6, B 6, C 4, D 1 -> 7, 7, 3, 1
    g, st = start(4, 12)
    st[0]["sections"][1] = 1
    for p, crew in ((0, ("C-F", "C-F")), (1, ("C-F", "C-E", "C-A")), (2, ("C-E", "C-E")), (3, ("C-A",))):
        for slot, t in zip((2, 6, 9), crew):
            give_token(st, p, slot, t)
    s = load(g, st)
    pts = np.zeros((4, 4), dtype=np.int64)
    category_points(s[0], pts)
    assert pts[:, 1].tolist() == [7, 7, 3, 1]
    # PN-16.5: tied VP -> the bigger chest wins; tied chests -> the higher notoriety
    g, st = start(4, 13)
    set_notoriety(st, [40, 30, 20, 10])
    st[0]["chest"][:4] = (12, 15, 0, 0)
    s = load(g, st)
    assert g.scores(s)[0].tolist() == [26, 26, 20, 18] and g.ranks(s)[0].tolist() == [1, 0, 2, 3]
    g, st = start(4, 13)
    set_notoriety(st, [40, 30, 20, 10])
    give_token(st, 1, 0, "H-A")
    s = load(g, st)
    assert g.scores(s)[0][:2].tolist() == [26, 26] and g.ranks(s)[0][:2].tolist() == [0, 1]
