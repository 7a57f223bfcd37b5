"""What ``doubloon play pirates_of_nassau`` prints (issue 24 section 4): how a challenge
went, victory points named by category, dice numbered from 1, an 80-column board and
the ``i ID`` answers. The texts are asserted against the record the rules produced."""

import numpy as np

from games.pirates_of_nassau import data as D
from games.pirates_of_nassau.state import Decision, Step

from .positions import (
    act,
    give_token,
    load,
    navy_display,
    pirate_turn,
    place_merchant,
    set_hold,
    set_notoriety,
    start,
    to_step,
)

PLUNDER, RAID, SMUGGLE_GOODS = 2, 3, 5


def report(g, s, family, index=0):
    """The turn report of one move, and the record after it."""
    before = s[0].copy()
    action = g.action_id(family, index)
    g.step(s, np.array([action]))
    return g.turn_report(before, s[0], action), s[0]


def plunder_position(card="M1-10"):
    g, st = start(4, 3)
    pirate_turn(st, 0, [(3, 3), (1, 0), (1, 0)], action=True)
    place_merchant(st, 3, card)
    s = load(g, st)
    act(g, s, "action", PLUNDER)
    return g, s


def test_a_won_plunder_says_what_it_gave():
    # PN-8.3: both tests won: the card, 1 peso and the printed loot come into the hold
    g, s = plunder_position()
    lines, r = report(g, s, "captain_card", 1)  # (2, 2): totals 3/3 against 2/2
    assert r["route_card"][3] == -1
    assert lines == [
        "Plunder of merchant M1-10 won (sail 3 against 2, cannon 3 against 2): P0 takes the card and "
        "1 peso, 1 goods, 2 rum."
    ]


def test_a_lost_plunder_says_nothing_happened():
    # PN-8.3, PN-0.3: sail 2 is not above 2: the merchant stays
    g, s = plunder_position()
    lines, r = report(g, s, "captain_card", 3)  # (1, 2)
    assert r["route_card"][3] == D.MERCHANT_IDS.index("M1-10")
    assert lines == ["Plunder of merchant M1-10 lost (sail 2 against 2, cannon 3 against 2): nothing happens."]


def test_the_report_waits_for_the_boost_tokens():
    # PN-8.2 step 2: with a ready boost token the challenge resolves only at "done"
    g, st = start(4, 3)
    pirate_turn(st, 0, [(3, 3), (1, 0), (1, 0)], action=True)
    place_merchant(st, 3, "M1-10")
    give_token(st, 0, 5, "Z-A")  # Crow's Nest: +2 sail in one challenge
    s = load(g, st)
    act(g, s, "action", PLUNDER)
    lines, r = report(g, s, "captain_card", 3)  # (1, 2): sail 2 alone would lose
    assert r["decision"] == Decision.BOOST and lines == []
    lines, _ = report(g, s, "use_token", 5)
    assert lines == []
    lines, r = report(g, s, "tokens_done")
    assert r["route_card"][3] == -1 and lines[0].startswith("Plunder of merchant M1-10 won (sail 4 against 2")


def test_a_raid_reports_pesos_and_the_raided_port():
    # PN-8.9: cannon only; the Great Cannon adds 2 against ports (PN-8.16)
    g, st = start(4, 4)
    pirate_turn(st, 0, [(1, 1), (1, 0), (1, 0)], action=True)
    give_token(st, 0, 0, "H-B")
    s = load(g, st)
    act(g, s, "action", RAID)
    lines, r = report(g, s, "captain_card", 0)
    assert r["raided"][1] == 1
    assert lines == ["Raid on port La Havana won (cannon 6 against 5): P0 gains 2 peso; the port is raided."]


def test_a_navy_ship_reports_which_tests_failed():
    # PN-10.4, PN-10.6: one test failed -> the player chooses a penalty
    g, st = start(4, 5)
    to_step(st, Step.NAVY)
    set_notoriety(st, [8, 10, 11, 13])
    navy_display(st, ["N1-12", "N1-01", "N1-02", "N1-09"])
    s = load(g, st)
    act(g, s, "navy_pick", 0)
    lines, r = report(g, s, "captain_card", 0)  # (3, 3) + ship 1/1 = 4/4 against 4/4: both fail
    assert lines[0].startswith("Royal Navy ship N1-12 (sail 4, cannon 4): both tests failed (sail 4 against 4")


def test_lose_half_cargo_says_what_was_lost():
    # PN-10.4, PN-10.5: one test failed (sail 3 beats 2, cannon 2 does not beat 3): the
    # penalty "lose half cargo" takes half the goods and rum, and the report names them
    g, st = start(4, 5)
    to_step(st, Step.NAVY)
    set_notoriety(st, [8, 10, 11, 13])
    navy_display(st, ["N1-09", "N1-01", "N1-02", "N1-12"])
    set_hold(st, 0, goods=2, rum=2)
    s = load(g, st)
    act(g, s, "navy_pick", 0)
    lines, r = report(g, s, "captain_card", 2)  # (2, 1) + ship 1/1
    assert lines == [
        "Royal Navy ship N1-09 (sail 2, cannon 3): one test failed (sail 3 against 2, cannon 2 against "
        "3); P0 chooses a penalty."
    ]
    assert g.action_label(s[0], g.action_id("navy_penalty", 1)) == "Lose half cargo"
    lines, r = report(g, s, "navy_penalty", 1)
    assert lines == ["P0: half the cargo: 2 items to choose and lose (PN-10.6)."]
    goods = g.action_id("remove_item", D.I_GOODS)
    assert g.action_label(s[0], goods) == "Lose one goods (2 items of the cargo to lose)"
    lines, r = report(g, s, "remove_item", D.I_GOODS)
    assert r["hold"][0, D.I_GOODS] == 1
    assert g.action_label(s[0], goods) == "Lose one goods (1 item of the cargo to lose)"


def test_a_smuggle_says_what_it_brought():
    # PN-8.7: the port's offer comes into the hold; the report says so
    g, st = start(4, 4)
    pirate_turn(st, 0, [(1, 1), (1, 0), (1, 0)], action=True)
    s = load(g, st)
    before = s[0]["hold"][0].copy()
    lines, r = report(g, s, "action", SMUGGLE_GOODS)
    got = int(r["hold"][0, D.I_GOODS] - before[D.I_GOODS])
    assert got > 0 and lines[0].startswith(f"P0 smuggled {got} goods (hold now: ")


def test_score_lines_name_the_categories():
    # PN-16.2 - PN-16.4: points come from four categories; notoriety is the track
    g, s = start(4, 0)
    line = g.score_line(s[0])
    assert line.startswith("Victory points if the game ended now, treasure hidden: P0 ")
    assert "most notorious" in line and "motley crew" in line and "best ship" in line
    assert "richest pirate" not in line  # the chests are hidden until the end (GAP-33)
    s[0]["terminated"] = 1
    final = g.score_line(s[0])
    assert final.startswith("Victory points: P0 ") and final.count("richest pirate") == 4
    assert g.score_text(8) == "8 VP"


def test_dice_are_numbered_from_one():
    # PN-7.4: each player has three dice; labels count them 1-3 as a person does
    g, s = start(4, 0)
    labels = [g.action_label(s[0], a) for a in g.legal_actions(s[0])]
    assert any("with die 1 (" in t for t in labels) and not any("with die 0" in t for t in labels)
    assert g.action_from_label(s[0], labels[0]) == g.legal_actions(s[0])[0]


def test_the_board_fits_80_columns():
    g, s = start(5, 0)
    text = g.render(s[0], viewer=0, width=80)
    assert max(map(len, text.splitlines())) <= 80
    assert text.split() == g.render(s[0], viewer=0).split()  # the same words, only wrapped


def test_i_explains_merchants_navy_tokens_and_captain_cards():
    g = start(4, 0)[0]
    assert g.info("m1-10").startswith("Merchant M1-10 (sail 2, cannon 2; 1 goods, 2 rum), region 1")
    assert g.info("N1-12").startswith("Royal Navy ship N1-12 (sail 4, cannon 4)")
    assert g.info("GE").startswith("Game End")
    assert g.info("H-B").startswith("Token Great Cannon [H-B] (PD-6): +2 cannon when raiding")
    assert g.info("Great Cannon") == g.info("H-B")
    assert g.info("captain 1").startswith("Captain card 1 (PD-4): sail 3, cannon 3")  # numbered from 1
    assert g.info("X-9") is None and g.info("captain 9") is None and g.info("captain 0") is None
    assert g.info("La Havana").startswith("Port La Havana at 1 (PD-1): raided with cannon above")  # a name with a space
    assert g.info("la  havana") == g.info("La Havana")


def test_a_family_the_labels_do_not_know_gets_a_plain_label(monkeypatch):
    # a decision added to the layout later reads as its family's name, never as another's
    from games.pirates_of_nassau import render
    from games.pirates_of_nassau.spaces import build_action_layout

    layout = build_action_layout()
    layout.add("discard_item", len(D.ITEMS), "a decision these labels predate")
    monkeypatch.setattr(render, "ACTION_LAYOUT", layout)
    g, s = start(4, 0)
    assert render.action_label(s[0], layout["discard_item"].start + 2) == "Discard item 2"
