"""Rule tests by section of docs/rules/el_caballero.md, positions from from_json."""

import numpy as np
import pytest

from games.el_caballero import data as D
from games.el_caballero.state import Phase

from .positions import action, cell, cell_action, legal, legal_cells, make, orient, play, position, region_of

LAND_SPOT = [("INLAND", 0, (0, 0))]


# ----- EC-2, EC-4 setup --------------------------------------------------------------
@pytest.mark.parametrize("expanded", [False, True])
def test_setup(expanded):
    # EC-4.2 to EC-4.7, EC-2.1 table
    g = make(3, expanded=expanded)
    s = g.init(np.arange(20))
    for rec in s:
        start = rec["area"][g.radius, g.radius]
        assert start >= 0 and D.CARD_GOLD[start] == 0 and D.CARD_FISH[start] == 0  # EC-4.4
        assert (rec["card_cell"] >= 0).sum() == 1 and (rec["display"] >= 0).sum() == 5 and rec["deck_len"] == 42
        assert rec["court"][:3].tolist() == [5, 5, 5] and rec["power_hand"][:3].sum() == 39
        assert rec["supply_ships"] == rec["supply_castillos"] == (16 if expanded else 12)
        assert rec["phase"] == Phase.POWER and rec["round_no"] == 1 and rec["current_player"] == rec["start_player"]
    assert g.map_cards == (10 if expanded else 8) and g.rounds == (10 if expanded else 7)
    assert len(set(s["card_rot"][np.arange(20), s["area"][:, g.radius, g.radius]].tolist())) > 1  # EC-GAP-14
    assert len(set(s["start_player"].tolist())) == 3  # EC-4.6: random
    assert set(make(3, first_player=2).init(np.arange(5))["start_player"].tolist()) == {2}


def test_power_rows():
    # EC-2.4: the default row, the El Grande row as an option
    for row, want in (("el_caballero", 7), ("el_grande", 6)):
        g = make(2, power_row=row, first_player=0)
        s = play(g, g.init(np.array([0])), action(g, "play_power", 0), action(g, "play_power", 12))
        assert s[0]["current_player"] == 1 and s[0]["court"][1] == 5  # 13 first, income 0
        for _ in range(2):  # an area card, then its cell
            play(g, s, g.legal_actions(s[0])[0])
        play(g, s, action(g, "end_turn"))
        assert s[0]["current_player"] == 0 and s[0]["court"][0] == 5 + want


# ----- EC-3 geometry ------------------------------------------------------------------
def test_bounds_and_closure_at_the_edge():
    # EC-3.1, EC-GAP-3: nothing outside |x|, |y| <= R; the bounds keep a region open (EC-3.12)
    g, s = position(cards=LAND_SPOT + [("INLAND", 0, (15, 15))], display=[("INLAND", None)], area_left=1)
    cells = legal_cells(g, play(g, s.copy(), action(g, "place_area", 0, 0)))
    assert (15, 14) in cells and (14, 15) in cells and (16, 15) not in cells and (15, 16) not in cells
    assert not region_of(g, s, 15, 15)[2]


def test_region_value_counts_cards_and_symbols():
    # EC-3.11, EC-GAP-16: an ISTHMUS whose two seas join counts once; fish only at sea
    cards = [
        ("ISTHMUS", 0, (0, 0), "fish"),
        ("OPEN_SEA", 0, (1, 0)),
        ("OPEN_SEA", 0, (-1, 0)),
        ("OPEN_SEA", 0, (1, -1)),
        ("OPEN_SEA", 0, (-1, -1), "fish"),
        ("CAPE", 0, (0, -1)),
    ]
    g, s = position(cards=cards)
    sea, value, _ = region_of(g, s, 0, 0, 1)
    assert sea == region_of(g, s, 0, 0, 2)[0] and value == 6 + 2  # 6 cards, 2 fish
    assert region_of(g, s, 0, 0, 0)[1] == 2  # the isthmus land and the cape's: 2 cards


# ----- EC-5 rounds ---------------------------------------------------------------------
def test_power_values_unique_and_spent():
    # EC-5.3, EC-5.4
    g = make(3, first_player=0)
    s = play(g, g.init(np.array([1])), action(g, "play_power", 4))
    assert not legal(g, s, action(g, "play_power", 4)) and legal(g, s, action(g, "play_power", 5))
    assert s[0]["power_hand"][0, 4] == 0


def test_nine_places_two_area_cards():
    # EC-6.2.1, EC-6.2.8, EC-GAP-12
    g, s = position(cards=LAND_SPOT, display=[("INLAND", None), ("INLAND", None)], played={0: 9})
    assert s[0]["area_left"] == 2
    play(g, s, action(g, "place_area", 0, 0), cell_action(g, 1, 0))
    assert not legal(g, s, action(g, "end_turn"))
    play(g, s, action(g, "place_area", 1, 0), cell_action(g, 2, 0))
    assert legal(g, s, action(g, "end_turn"))


def test_placement_lapses_without_candidate():
    # EC-6.2.6, EC-6.10.1: an empty display leaves no candidate
    g, s = position(cards=LAND_SPOT, display=[])
    assert s[0]["area_left"] == 1 and legal(g, s, action(g, "end_turn"))
    assert not any(legal(g, s, action(g, "place_area", j // 4, j % 4)) for j in range(20))


def test_end_of_round_refresh_and_next_start():
    # EC-7.2, EC-5.6: unused display cards go back, five new ones; the lowest value starts
    g, s = position(cards=LAND_SPOT, display=[("INLAND", None), ("CAPE", None)], played={0: 2, 1: 5, 2: 7}, area_left=0)
    assert s[0]["turn_order"][2] == 0
    play(g, s, action(g, "end_turn"))
    rec = s[0]
    assert rec["round_no"] == 2 and rec["phase"] == Phase.POWER and rec["start_player"] == 0
    assert (rec["display"] >= 0).sum() == 5 and rec["deck_len"] == 47 - 5
    assert rec["played"].sum() == 0


def test_subaction_cap():
    # EC-6.10.2, EC-GAP-26: at the cap only the required placement, then END_TURN
    g, s = position(cards=LAND_SPOT, cabs=[dict(seat=0, at=(1, 0), o=0)], court=[9, 5, 5, 0], subactions=64)
    kinds = {g.action_layout.locate(a)[0].name for a in g.legal_actions(s[0])}
    assert kinds == {"place_area"}
    g, s = position(
        cards=LAND_SPOT, cabs=[dict(seat=0, at=(1, 0), o=0)], court=[9, 5, 5, 0], subactions=64, area_left=0
    )
    assert g.legal_actions(s[0]) == [action(g, "end_turn")]


def test_required_placement_past_the_cap_is_a_valid_position():
    # EC-GAP-26: the area placement still required at the cap counts as a sub-action, so
    # the counter passes the cap by it; from_json accepts the position legal play reached
    g, s = position(cards=LAND_SPOT, cabs=[dict(seat=0, at=(1, 0), o=0)], court=[9, 5, 5, 0], subactions=64)
    play(g, s, g.legal_actions(s[0])[0])
    x, y = legal_cells(g, s)[0]
    play(g, s, cell_action(g, x, y))
    assert s[0]["subactions"] == 65 and s[0]["area_left"] == 0
    again = g.from_json(g.to_json(s[0]))
    assert g.equal(again[0], s[0]) and g.legal_actions(again[0]) == [action(g, "end_turn")]


# ----- EC-6 actions ---------------------------------------------------------------------
def test_two_placements_or_increases_per_turn():
    # EC-5.8, EC-6.3.1
    g, s = position(cards=LAND_SPOT, court=[20, 5, 5, 0], area_left=0)
    play(g, s, action(g, "place_caballero", orient("W", 1)), cell_action(g, 1, 0))
    play(g, s, action(g, "increase", 0, 3 - 2))  # 1 -> 3 costs 2
    assert s[0]["court"][0] == 20 - 1 - 2 and s[0]["cab_used"] == 2
    assert not any(legal(g, s, action(g, "place_caballero", o)) for o in range(8))
    assert not legal(g, s, action(g, "increase", 0, 5 - 2))


def test_ships_cost_limit_and_sea_sides():
    # EC-6.6.1, EC-3.16, EC-GAP-21, EC-6.8.1, EC-6.9.1
    cards = [("CAPE", 0, (0, 0)), ("OPEN_SEA", 0, (1, -1)), ("OPEN_SEA", 0, (2, 0)), ("OPEN_SEA", 0, (0, -1))]
    g, s = position(cards=cards, cabs=[dict(seat=0, at=(1, 0), o=0)], court=[10, 5, 5, 0], area_left=0)
    sides = [d for d in range(4) if legal(g, s, action(g, "buy_ship", 0, d))]
    assert sides == [1, 2, 3]  # E, S, W face sea; N faces an empty cell
    play(g, s, action(g, "buy_ship", 0, 1), action(g, "buy_ship", 0, 2))
    assert s[0]["court"][0] == 6 and not legal(g, s, action(g, "buy_ship", 0, 3))
    play(g, s, action(g, "return_ship", 0, 1))
    assert s[0]["court"][0] == 6 and s[0]["ship_reserve"][0] == 1
    play(g, s, action(g, "move_ship", 0, 3))  # from the reserve to side W
    assert s[0]["court"][0] == 5 and s[0]["ship"][0, 0].tolist() == [0, 0, 1, 1]


def test_castillos_cost_limit_and_move():
    # EC-6.7.1, EC-6.9.2
    g, s = position(
        cards=[("INLAND", 0, (0, 0)), ("INLAND", 0, (1, 0))],
        cabs=[
            dict(seat=0, at=(0, 1), o=orient("S", 2)),
            dict(seat=0, at=(1, 1), o=orient("S", 3)),
            dict(seat=0, at=(2, 0), o=orient("W", 1)),
        ],
        court=[10, 5, 5, 0],
        area_left=0,
    )
    play(g, s, action(g, "build_castillo", 0), action(g, "build_castillo", 1))
    assert s[0]["court"][0] == 8 and not legal(g, s, action(g, "build_castillo", 2))
    play(g, s, action(g, "move_castillo", 0, 2))
    assert s[0]["court"][0] == 7 and s[0]["castillo"][0, :3].tolist() == [0, 1, 1]


def test_return_without_castillo_loses_the_caballeros():
    # EC-6.8.2, EC-6.8.3
    g, s = position(
        cards=LAND_SPOT,
        cabs=[dict(seat=0, at=(1, 0), o=orient("W", 6), ships="")],
        court=[1, 5, 5, 0],
        area_left=0,
        cab_used=1,
    )
    play(g, s, action(g, "return_card", 0))
    assert s[0]["court"][0] == 1 and s[0]["cab_cell"][0, 0] == -1 and s[0]["cab_used"] == 1


def test_others_pieces_are_not_ours():
    # EC-GAP-33: no action on another player's card
    g, s = position(cards=LAND_SPOT, cabs=[dict(seat=1, at=(1, 0), o=0)], court=[9, 5, 5, 0], area_left=0)
    assert not legal(g, s, action(g, "return_card", 0)) and not legal(g, s, action(g, "build_castillo", 0))


# ----- EC-8, EC-9 -----------------------------------------------------------------------
def _last_turn_of_round(num_players, rnd, cabs, **kw):
    g, s = position(num_players, cards=LAND_SPOT, cabs=cabs, rnd=rnd, played={0: 1}, area_left=0, **kw)
    return g, play(g, s, action(g, "end_turn"))


def test_two_player_second_flag():
    # EC-8.4, EC-GAP-22a
    cabs = [dict(seat=0, at=(1, 0), o=orient("W", 4)), dict(seat=1, at=(-1, 0), o=orient("E", 2))]
    assert _last_turn_of_round(2, 4, cabs)[1][0]["score"][:2].tolist() == [24, 0]
    g, s = _last_turn_of_round(2, 4, cabs, options=dict(two_player_second=True))
    assert s[0]["score"][:2].tolist() == [24, 12]


def test_no_scoring_outside_scoring_rounds():
    # EC-8.1
    cabs = [dict(seat=0, at=(1, 0), o=orient("W", 4))]
    assert _last_turn_of_round(3, 3, cabs)[1][0]["score"].sum() == 0


def test_end_of_game_and_shared_win():
    # EC-9.1 to EC-9.3: after round 7's scoring; tied leaders share the win
    cabs = [dict(seat=0, at=(1, 0), o=orient("W", 4)), dict(seat=1, at=(-1, 0), o=orient("E", 4))]
    g, s = _last_turn_of_round(3, 7, cabs)
    assert s[0]["terminated"] and s[0]["current_player"] == -1 and s[0]["phase"] == Phase.OVER
    assert g.ranks(s)[0].tolist() == [0, 0, 2] and g.returns(s)[0].tolist() == [0.5, 0.5, 0.0]


# ----- EC-10 expanded ------------------------------------------------------------------
def test_grande_placement_and_protection():
    # EC-10.6, EC-10.7 (a) and (c)
    g, s = position(
        cards=[("INLAND", 0, (0, 0)), ("OPEN_SEA", 0, (2, 1))],
        display=[("CAPE", None)],
        cabs=[dict(seat=0, at=(1, 0), o=orient("W", 3))],
        options=dict(expanded=True),
        court=[5, 5, 5, 0],
    )
    play(g, s, action(g, "place_grande", 0))
    assert s[0]["court"][0] == 3 and s[0]["grande"][0] == 0
    assert not legal(g, s, action(g, "return_card", 0)) and not legal(g, s, action(g, "increase", 0, 5 - 2))
    # a CAPE east of the card gives it a second land side: the Grande keeps it on the map
    play(g, s, action(g, "place_area", 0, 3), cell_action(g, 2, 0))
    assert s[0]["cab_cell"][0, 0] == cell(g, 1, 0)


def test_grande_moves_once_per_round():
    # EC-10.9, EC-7.3
    cabs = [dict(seat=0, at=(1, 0), o=0), dict(seat=0, at=(-1, 0), o=0)]
    g, s = position(
        cards=LAND_SPOT,
        cabs=cabs,
        options=dict(expanded=True),
        court=[5, 5, 5, 0],
        area_left=0,
        grande=[0, -1, -1, -1],
        played={0: 1},
    )
    play(g, s, action(g, "move_grande", 1))
    assert s[0]["court"][0] == 4 and not legal(g, s, action(g, "move_grande", 0))
    play(g, s, action(g, "end_turn"))
    assert s[0]["grande_moved"][0] == 0  # a new round


def test_governor_once_per_turn():
    # EC-10.4
    from .test_scenarios import T12_CABS

    cards = [("INLAND", 0, (0, 0)), ("OPEN_SEA", 0, (3, 3)), ("OPEN_SEA", 0, (3, 4))]
    cabs = T12_CABS + [
        dict(seat=0, at=(4, 3), o=0),
        dict(seat=0, at=(4, 4), o=0),
        dict(seat=0, at=(2, 3), o=0),
        dict(seat=0, at=(2, 4), o=0),
        dict(seat=0, at=(3, 2), o=0),
        dict(seat=0, at=(3, 5), o=0),
    ]
    g, s = position(cards=cards, cabs=cabs, options=dict(expanded=True), area_left=0, court=[5, 5, 5, 0])
    play(g, s, action(g, "place_governor", 1))
    assert legal_cells(g, s) == [(3, 3)]  # the closed sea {(3, 3), (3, 4)} named by its lowest piece
    play(g, s, cell_action(g, 3, 3))
    assert not legal(g, s, action(g, "place_governor", 0))
