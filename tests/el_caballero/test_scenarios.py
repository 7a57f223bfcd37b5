"""The test scenarios EC-T1 .. EC-T16 of docs/rules/el_caballero.md, one test each."""

import numpy as np
import pytest

from .positions import action, cell_action, legal, legal_cells, orient, play, position, region_of, strength

B1 = [("INLAND", 0, (0, 0)), ("CAPE", 0, (0, -1)), ("OPEN_SEA", 0, (1, -1)), ("OPEN_SEA", 0, (2, -1))]


def test_t1_rotation_and_matching():
    # EC-T1: EC-3.6, EC-3.9, EC-6.2.2, EC-6.2.3, EC-3.10
    g, s = position(cards=[("INLAND", 0, (0, 0))], display=[("CAPE", None)])
    ok = []
    for rot in range(4):
        a = action(g, "place_area", 0, rot)
        if legal(g, s, a):
            trial = play(g, s.copy(), a)
            if (1, 0) in legal_cells(g, trial):
                ok.append(rot)
    assert ok == [3]
    play(g, s, action(g, "place_area", 0, 3), cell_action(g, 1, 0))
    assert region_of(g, s, 0, 0)[1] == 2 and region_of(g, s, 0, 0)[0] == region_of(g, s, 1, 0)[0]


def _t2():
    return position(cards=[("INLAND", 0, (0, 0)), ("CAPE", 3, (1, 0))], court=[8, 8, 0, 0], area_left=0)


def test_t2_land_placement_cost():
    # EC-T2: EC-3.13, EC-3.14, EC-6.3.1, EC-6.3.3, EC-6.3.7
    g, s = _t2()
    assert orient("S", 6) == 5
    play(g, s, action(g, "place_caballero", 5), cell_action(g, 0, 1))
    assert s[0]["court"][0] == 2 and s[0]["cab_used"] == 1
    assert strength(g, s, 0, 0, 0) == 6


def test_t3_no_tie_rule():
    # EC-T3: EC-6.3.6, EC-6.4.1, EC-6.4.2
    a_card = dict(seat=0, at=(0, 1), o=5)
    g, s = position(
        cards=[("INLAND", 0, (0, 0)), ("CAPE", 3, (1, 0))], cabs=[a_card], player=1, court=[2, 8, 0, 0], area_left=0
    )
    legal_o = []
    for o in range(8):
        if legal(g, s, action(g, "place_caballero", o)):
            if (0, -1) in legal_cells(g, play(g, s.copy(), action(g, "place_caballero", o))):
                legal_o.append(o)
    values = sorted(int(__import__("games.el_caballero.data", fromlist=["NUM"]).NUM[o, 0]) for o in legal_o)
    assert values == [1, 2, 3, 4, 5, 7, 8]
    play(g, s, action(g, "place_caballero", 6), cell_action(g, 0, -1))
    assert s[0]["court"][1] == 1 and strength(g, s, 0, 0, 1) == 7
    # A's later attempts
    g, s = position(
        cards=[("INLAND", 0, (0, 0)), ("CAPE", 3, (1, 0))],
        cabs=[a_card, dict(seat=1, at=(0, -1), o=6)],
        player=0,
        court=[8, 1, 0, 0],
        area_left=0,
    )
    assert not legal(g, s, action(g, "increase", 0, 7 - 2))
    play(g, s, action(g, "increase", 0, 8 - 2))
    assert s[0]["court"][0] == 6 and s[0]["cab_orient"][0, 0] == 7


def test_t4_sea_placement_and_free_land():
    # EC-T4: EC-6.3.4, EC-6.2.7, EC-3.14, EC-3.15
    g, s = position(cards=[("OPEN_SEA", 0, (0, 0)), ("CAPE", 0, (0, 1))], court=[5, 5, 5, 0], area_left=0)
    for o in range(4, 8):
        assert not legal(g, s, action(g, "place_caballero", o)) or (1, 0) not in legal_cells(
            g, play(g, s.copy(), action(g, "place_caballero", o))
        )
    play(g, s, action(g, "place_caballero", 2), cell_action(g, 1, 0))
    assert s[0]["court"][0] == 4
    g, s = position(
        cards=[("OPEN_SEA", 0, (0, 0)), ("CAPE", 0, (0, 1))],
        cabs=[dict(seat=0, at=(1, 0), o=2)],
        player=1,
        court=[4, 5, 5, 0],
        display=[("CORNER", None)],
    )
    play(g, s, action(g, "place_area", 0, 1), cell_action(g, 1, 1))
    assert s[0]["cab_cell"][0, 0] >= 0  # one land side only: not eliminated
    assert strength(g, s, 1, 1, 0) == 3 and s[0]["court"][0] == 4


def _t5(castillo, court):
    return position(
        cards=B1,
        cabs=[dict(seat=0, at=(1, 0), o=7, ships="S", castillo=castillo)],
        player=1,
        display=[("CAPE", None)],
        court=[court, 5, 5, 0],
        ship_reserve=[0, 1, 0, 0],
    )


def test_t5_elimination_without_castillo():
    # EC-T5: EC-6.2.9, EC-6.5.1, EC-6.5.2, EC-3.19
    g, s = _t5(False, 3)
    assert s[0]["supply_ships"] == 10 and strength(g, s, 0, 0, 0) == 5
    play(g, s, action(g, "place_area", 0, 3), cell_action(g, 2, 0))
    rec = s[0]
    assert rec["court"][0] == 3 and rec["supply_ships"] == 11 and rec["cab_cell"][0, 0] == -1
    assert rec["cab"][g.radius, g.radius + 1] == -1 and strength(g, s, 0, 0, 0) == 0


@pytest.mark.parametrize("court, after", [(2, 7), (4, 9)])
def test_t6_elimination_with_castillo(court, after):
    # EC-T6: EC-6.5.3, EC-2.10, EC-3.19
    g, s = _t5(True, court)
    play(g, s, action(g, "place_area", 0, 3), cell_action(g, 2, 0))
    rec = s[0]
    assert rec["court"][0] == after and rec["ship_reserve"][0] == 1 and rec["supply_castillos"] == 12
    assert rec["cab_cell"][0, 0] == -1 and rec["supply_ships"] == 10


BLOCK = [("INLAND", 0, (0, 0), "gold"), ("INLAND", 0, (1, 0)), ("INLAND", 0, (0, 1)), ("INLAND", 0, (1, 1))]
SPOTS = [((-1, 0), "E"), ((2, 0), "W"), ((0, 2), "S"), ((0, -1), "N")]  # one land side each


def _scored(num_players, values, cards=BLOCK, **kw):
    """End the last turn of round 4 with the given strengths around the block."""
    cabs = [dict(seat=p, at=SPOTS[p][0], o=orient(SPOTS[p][1], v)) for p, v in enumerate(values) if v]
    g, s = position(num_players, cards=cards, cabs=cabs, rnd=4, played={0: 1}, area_left=0, **kw)
    play(g, s, action(g, "end_turn"))
    return g, s


def test_t7_land_scoring_three_players():
    # EC-T7: EC-3.11, EC-8.2, EC-8.7
    g, s = _scored(3, [7, 4, 2])
    assert region_of(g, s, 0, 0)[1] == 5
    assert s[0]["scoring_points"][0, :3].tolist() == [120, 60, 0] and s[0]["score"][:3].tolist() == [120, 60, 0]


def test_t8_ties_for_first():
    # EC-T8: EC-8.3, EC-8.4
    assert _scored(3, [6, 6, 3])[1][0]["score"][:3].tolist() == [90, 90, 0]
    assert _scored(2, [4, 4])[1][0]["score"][:2].tolist() == [60, 60]
    assert _scored(2, [4, 3])[1][0]["score"][:2].tolist() == [120, 0]


def test_t9_tie_for_second_four_players():
    # EC-T9: EC-8.2, EC-8.3 (V = 4 cards + 2 gold)
    cards = [("INLAND", 0, (0, 0), "gold"), ("INLAND", 0, (1, 0), "gold"), ("INLAND", 0, (0, 1)), ("INLAND", 0, (1, 1))]
    assert _scored(4, [8, 5, 5, 5], cards)[1][0]["score"].tolist() == [144, 24, 24, 24]
    assert _scored(4, [8, 5, 5, 0], cards)[1][0]["score"].tolist() == [144, 36, 36, 0]


def test_t10_ship_scoring():
    # EC-T10: EC-3.11, EC-3.16, EC-8.5, EC-6.6.3
    cards = B1[:3] + [("OPEN_SEA", 0, (2, -1), "fish")]
    cabs = [
        dict(seat=0, at=(1, -2), o=0, ships="N"),
        dict(seat=0, at=(2, -2), o=0, ships="N"),
        dict(seat=1, at=(3, -1), o=0, ships="W"),
    ]
    g, s = position(3, cards=cards, cabs=cabs, rnd=4, played={0: 1}, area_left=0, ship_reserve=[1, 0, 0, 0])
    assert region_of(g, s, 1, -1, 1)[1] == 4
    play(g, s, action(g, "end_turn"))
    assert s[0]["score"][:3].tolist() == [96, 48, 0]


def _place_any_area(g, s):
    a = next(a for a in g.legal_actions(s[0]) if g.action_layout.locate(a)[0].name == "place_area")
    play(g, s, a)
    play(g, s, g.legal_actions(s[0])[0])


def test_t11_power_cards_order_income_next_start():
    # EC-T11: EC-5.2 to EC-5.6, EC-6.1.1, EC-6.2.1, EC-2.10
    from .positions import make

    g = make(4, first_player=1)
    s = g.init(np.array([3]))
    play(g, s, action(g, "play_power", 9 - 1), action(g, "play_power", 13 - 1))
    assert not legal(g, s, action(g, "play_power", 9 - 1))
    play(g, s, action(g, "play_power", 4 - 1), action(g, "play_power", 1 - 1))
    assert s[0]["turn_order"].tolist() == [2, 1, 3, 0]
    courts = []
    for seat, income in ((2, 0), (1, 3), (3, 5), (0, 7)):
        assert s[0]["current_player"] == seat and s[0]["court"][seat] == 5 + income
        courts.append(int(s[0]["court"][seat]))
        assert s[0]["area_left"] == (2 if seat == 1 else 1)
        while s[0]["area_left"] > 0:
            _place_any_area(g, s)
        play(g, s, action(g, "end_turn"))
    assert courts[-1] == 12
    assert s[0]["round_no"] == 2 and s[0]["current_player"] == 0 and s[0]["start_player"] == 0
    for seat, v in ((1, 9), (2, 13), (3, 4), (0, 1)):
        assert s[0]["power_hand"][seat, v - 1] == 0 and s[0]["power_hand"][seat].sum() == 12


T12_CABS = [
    dict(seat=1, at=(0, 1), o=1),
    dict(seat=0, at=(1, 0), o=0),
    dict(seat=1, at=(0, -1), o=2),
    dict(seat=2, at=(-1, 0), o=1),
]


def test_t12_fallback_tiers_and_closure():
    # EC-T12: EC-6.2.3 to EC-6.2.5, EC-3.12
    g, s = position(
        cards=[("INLAND", 0, (0, 0))], cabs=T12_CABS, display=[("CORNER", None), ("OPEN_SEA", None), ("INLAND", None)]
    )
    assert region_of(g, s, 0, 0)[2]  # closed
    for slot in range(3):
        for rot in range(4):
            a = action(g, "place_area", slot, rot)
            assert legal(g, s, a)
            assert legal_cells(g, play(g, s.copy(), a)) == [(1, -1), (1, 1), (2, 0)]


def test_t13_placing_a_card_with_the_grande():
    # EC-T13: EC-6.3.5, EC-10.7, EC-10.8, EC-3.15, EC-3.12
    cards = B1 + [("CAPE", 3, (2, 0))]
    g, s = position(cards=cards, options=dict(expanded=True), court=[8, 5, 5, 0], area_left=0)
    assert not any(
        legal(g, s, action(g, "place_caballero", o))
        and (1, 0) in legal_cells(g, play(g, s.copy(), action(g, "place_caballero", o)))
        for o in range(8)
    )
    play(g, s, action(g, "place_caballero_grande", 1), cell_action(g, 1, 0))
    assert s[0]["court"][0] == 3 and s[0]["grande"][0] == 0
    assert strength(g, s, 0, 0, 0) == 3 and strength(g, s, 2, 0, 0) == 1
    assert region_of(g, s, 2, 0)[2]


def test_t14_moving_the_grande_off_two_land_contacts():
    # EC-T14: EC-10.9, EC-10.10, EC-3.19, EC-3.12
    cards = B1 + [("CAPE", 3, (2, 0))]
    cabs = [dict(seat=0, at=(1, 0), o=1), dict(seat=0, at=(-1, 0), o=0)]
    g, s = position(
        cards=cards, cabs=cabs, options=dict(expanded=True), court=[3, 5, 5, 0], area_left=0, grande=[0, -1, -1, -1]
    )
    play(g, s, action(g, "build_castillo", 0))
    assert s[0]["court"][0] == 2
    play(g, s, action(g, "move_grande", 1))
    rec = s[0]
    assert rec["court"][0] == 4 and rec["cab_cell"][0, 0] == -1 and rec["supply_castillos"] == 16
    assert rec["grande"][0] == 1 and strength(g, s, 0, 0, 0) == 2 and not region_of(g, s, 2, 0)[2]
    assert not legal(g, s, action(g, "move_grande", 0))


def test_t15_governor():
    # EC-T15: EC-10.4, EC-10.5, EC-8.2
    g, s = position(
        cards=[("INLAND", 0, (0, 0))], cabs=T12_CABS, options=dict(expanded=True), rnd=4, played={0: 1}, area_left=0
    )
    play(g, s, action(g, "place_governor", 0))
    assert legal_cells(g, s) == [(0, 0)]
    play(g, s, cell_action(g, 0, 0))
    assert s[0]["court"][0] == 4 and not legal(g, s, action(g, "place_governor", 0))
    play(g, s, action(g, "end_turn"))
    assert s[0]["score"][:3].tolist() == [36, 24, 0]
    # a second Governor on the region, or one on an open region, is not offered
    node = int(s[0]["area"][g.radius, g.radius]) * 3  # the land piece of the card at (0, 0)
    gov = [[node, -1, -1, -1, -1]] + [[-1] * 5] * 3
    g, s = position(
        cards=[("INLAND", 0, (0, 0))], cabs=T12_CABS, options=dict(expanded=True), player=1, area_left=0, governor=gov
    )
    assert not legal(g, s, action(g, "place_governor", 0))
    g, s = position(cards=[("INLAND", 0, (0, 0))], options=dict(expanded=True), area_left=0)
    assert not legal(g, s, action(g, "place_governor", 0))


@pytest.mark.parametrize("order", ["free", "area_first"])
def test_t16_interleaved_turn(order):
    # EC-T16: EC-5.7, EC-6.2.7, EC-6.2.8a, EC-6.3.4, EC-6.10.1, EC-3.19, EC-6.8.2
    g, s = position(
        cards=[("OPEN_SEA", 0, (0, 0)), ("CAPE", 0, (0, 1))],
        display=[("CORNER", None)],
        court=[5, 5, 5, 0],
        options=dict(order=order),
    )
    assert not legal(g, s, action(g, "end_turn"))
    if order == "area_first":
        assert not legal(g, s, action(g, "place_caballero", 2))
        return
    play(g, s, action(g, "place_caballero", 2), cell_action(g, 1, 0))
    assert s[0]["court"][0] == 4
    play(g, s, action(g, "place_area", 0, 1), cell_action(g, 1, 1))
    assert strength(g, s, 1, 1, 0) == 3 and s[0]["court"][0] == 4 and s[0]["cab_cell"][0, 0] >= 0
    assert legal(g, s, action(g, "end_turn"))
    play(g, s, action(g, "build_castillo", 0))
    assert s[0]["court"][0] == 3
    play(g, s, action(g, "return_card", 0))
    rec = s[0]
    assert rec["court"][0] == 6 and rec["supply_castillos"] == 12 and rec["cab_cell"][0, 0] == -1
    assert rec["cab_used"] == 1
