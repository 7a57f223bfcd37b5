"""What ``doubloon play el_caballero`` prints (issue 24 section 4): scores in points
with the unit named, one name per seat, what each move costs from the court, each
distinct area placement offered once, an 80-column board and the ``i ID`` answers.
Costs are asserted against the court the rules take when the move is played."""

import re

from games.el_caballero import data as D

from .positions import action, cell_action, make, orient, play, position

LAND = [("INLAND", 0, (0, 0))]


def court_paid(g, s, a):
    """The label of ``a`` and what playing it took from the mover's court."""
    p = int(s[0]["current_player"])
    label, before = g.action_label(s[0], a), int(s[0]["court"][p])
    play(g, s, a)
    return label, before - int(s[0]["court"][p])


def test_a_caballero_placement_states_its_cost_per_cell():
    # EC-6.3.3: a card with one land contact costs the number it turns toward the land
    g, s = position(cards=LAND, court=[8, 5, 5, 0])
    o = orient("S", 3)  # N1 E2 S3 W4 turned: S shows 3
    first = g.action_label(s[0], action(g, "place_caballero", o))
    play(g, s, action(g, "place_caballero", o))
    costs = {}
    for a in g.legal_actions(s[0]):
        label = g.action_label(s[0], a)
        costs[a] = int(label.rsplit("costs ", 1)[1].split()[0])
    assert first.endswith(f", costs {min(costs.values())}-{max(costs.values())} caballeros by cell")
    north = cell_action(g, 0, 1)  # its S side faces the INLAND card
    label, paid = court_paid(g, s, north)
    assert paid == costs[north] == 3 and label.endswith("at (0, 1), costs 3 caballeros")


def test_increases_ships_castillos_and_moves_state_their_cost():
    # EC-6.4 (the difference of the numbers), EC-6.6.1 (2), EC-6.7.1 (1), EC-6.9.2 (1)
    cabs = [dict(seat=0, at=(0, 1), o=orient("S", 3)), dict(seat=0, at=(1, 0), o=orient("W", 1), castillo=True)]
    sea = [("OPEN_SEA", 0, (-1, 1))]  # west of card 0: a sea side for a ship (EC-6.6.1)
    g, s = position(cards=LAND + sea, cabs=cabs, court=[9, 5, 5, 0], area_left=0)
    for a, cost in (
        (action(g, "increase", 0, 5 - 2), 2),
        (action(g, "buy_ship", 0, 3), D.SHIP_COST),
        (action(g, "move_castillo", 1, 0), D.MOVE_COST),
    ):
        label, paid = court_paid(g, s, a)
        assert paid == cost and label.endswith(f", costs {cost} caballero{'s' if cost > 1 else ''}"), label
    g, s = position(cards=LAND, cabs=cabs[:1], court=[9, 5, 5, 0], area_left=0)
    label, paid = court_paid(g, s, action(g, "build_castillo", 0))
    assert paid == D.CASTILLO_COST and label == "Build a castillo on card 0, costs 1 caballero"


def test_returning_a_card_with_a_castillo_states_the_caballeros_it_gives_back():
    # EC-6.8.2, EC-3.19: h(K), the number it faces land with, goes back to the court
    g, s = position(cards=LAND, cabs=[dict(seat=0, at=(0, 1), o=orient("S", 3), castillo=True)], area_left=0)
    label, paid = court_paid(g, s, action(g, "return_card", 0))
    assert paid == -3 and label == "Return card 0, its castillo sends 3 caballeros back to the court"


def test_each_distinct_area_placement_is_offered_once():
    # EC-3.6: turning INLAND or a plain ISTHMUS half round gives the same placement;
    # a fish ISTHMUS turned half round puts its fish on the other sea side (EC-3.7)
    display = [("INLAND", None), ("ISTHMUS", None), ("ISTHMUS", "fish")]
    g, s = position(cards=LAND, display=display)
    legal = g.legal_actions(s[0])
    shown = g.menu_order(s[0], legal)
    menu = "\n".join(g.move_menu(s[0], shown))  # grouped: "Place area card 1 (ISTHMUS) rotated:  2) 0 (land N/S) ..."
    items = re.findall(r"(?:^|\s)(\d+)\) (\d+) \(", menu)
    assert [int(n) for n, _ in items] == list(range(1, len(items) + 1))  # the placements first, no gaps
    listed = {}
    for number, rotation in items:
        a = shown[int(number) - 1]
        listed[a] = rotation
        assert g.action_label(s[0], a).endswith(f" rotated {rotation}")  # the number plays the move shown
    slots = [action(g, "place_area", slot, 0) for slot in range(3)]
    offered = [sorted(a - first for a in listed if first <= a < first + 4) for first in slots]
    legal_rots = [sorted(a - first for a in legal if first <= a < first + 4) for first in slots]
    assert legal_rots == [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]
    assert offered == [[0], [0, 1], [0, 1, 2, 3]]


def test_scores_are_points_everywhere():
    # EC-8.7: the engine keeps twelfths; a person reads points, the unit named
    g, s = position(cards=LAND, rnd=5, score=[936, 40, 0, 0], scoring_points=[[936, 40, 0, 0], [0] * 4, [0] * 4])
    text = g.render(s[0])
    assert "player A: 78 points" in text and "player B: 3 1/3 points" in text and "936" not in text
    assert g.score_line(s[0]) == "Scores: player A 78 points, player B 3 1/3 points, player C 0 points"
    assert g.score_text(936) == "78 points" and g.score_text(12) == "1 point"


def test_one_name_per_seat():
    # the map's letter is the seat's name in every text: "player B"
    g, s = position(cards=LAND, cabs=[dict(seat=1, at=(0, 1), o=0)], player=1)
    text = g.render(s[0])
    assert "player B to act" in text and "\nplayer B: " in text and " 4B2" in text  # N1 E2 S3 W4 around B
    assert g.seat_name(1) == "player B"


def test_the_board_fits_80_columns():
    # a map wider than 80 columns is drawn in bands of columns, west first
    cards = LAND + [("OPEN_SEA", 0, (-12, 0)), ("OPEN_SEA", 0, (12, 0))]
    g, s = position(cards=cards)
    text = g.render(s[0], width=80)
    assert max(map(len, text.splitlines())) <= 80
    axes = [
        line.split()
        for line in text.splitlines()  # the x labels over each band
        if line.split() and all(t.lstrip("-").isdigit() for t in line.split())
    ]
    columns = [int(x) for axis in axes for x in axis]
    assert columns == list(range(-13, 14))  # every column once, in order
    assert g.render(s[0]).count("~~~") == text.count("~~~")  # the same cards drawn


def test_i_explains_area_cards_and_power_cards():
    g, _ = position(cards=LAND)
    assert g.info("cape").startswith("Area card CAPE (EC-3.5, EC-3.7): at rotation 0 N land, E sea")
    assert g.info("CAPE+gold") == g.info("CAPE")
    nine = g.info("9")
    assert nine.startswith(f"Power card 9 (EC-2.3, EC-2.4): income {D.POWER_ROWS['el_caballero'][8]} caballeros")
    assert "two area cards" in nine and g.info("P9") == nine and g.info("power card 9") == nine
    assert g.info("14") is None and g.info("CASTLE") is None
    grande = position(cards=LAND, options={"power_row": "el_grande"})[0]
    assert f"income {D.POWER_ROWS['el_grande'][11]} caballeros" in grande.info("12")


def test_a_scoring_is_told_region_by_region():
    # EC-8.2: player A alone on the INLAND card's land region: first place pays 2V; the
    # lines retell what rules/scoring.score_now pays, seat by seat
    import numpy as np

    from games.core.batch import kernel_record
    from games.el_caballero.narrate import scoring_lines
    from games.el_caballero.rules.scoring import score_now

    g, s = position(cards=LAND, cabs=[dict(seat=0, at=(0, 1), o=orient("S", 3))], area_left=0)
    lines, gained = scoring_lines(s[0])
    paid = np.zeros(4, np.int64)
    score_now(kernel_record(s[0].copy()), paid)
    assert gained.tolist() == paid[:3].tolist() and gained[0] > 0 == gained[1] == gained[2]
    [land] = [line for line in lines if line.startswith("land at (0, 0), value ")]
    assert land.endswith(f": player A strength 3 +{gained[0] // D.SCORE_UNIT}")


def test_the_arena_reports_points_not_twelfths(monkeypatch):
    # EC-8.7: scores() counts twelfths, a tie-break; what a person reads is points
    import numpy as np

    import training.arena
    from training.arena import format_result, run_arena
    from training.bots import make_bots

    g = make(2)
    assert g.score_unit == D.SCORE_UNIT

    def fixed(game, bots, seat_bots, seeds, progress=False, moves=None):
        rows = len(seeds)
        return np.tile([120, 60], (rows, 1)), np.tile([0, 1], (rows, 1))  # 10 and 5 points

    monkeypatch.setattr(training.arena, "play_games", fixed)
    result = run_arena(g, make_bots("random,heuristic", g), 2)
    assert sorted(b.mean_score for b in result.bots) == [7.5, 7.5]  # each held either seat equally often
    assert "  7.50  " in format_result(result) and " 90.00 " not in format_result(result)
