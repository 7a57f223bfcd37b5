"""The alternative readings the rules reference puts behind flags (EC-GAP-5, EC-GAP-10,
EC-GAP-11, EC-GAP-23, EC-9.3): each default is the spec's decision, each flag its alternative."""

import numpy as np
import pytest

from games import PositionError
from games.el_caballero.decode import decode
from games.el_caballero.spaces import TURN_STEPS
from games.el_caballero.state import Phase

from .positions import action, cell_action, legal, legal_cells, make, orient, play, position, region_of, strength

LAND_SPOT = [("INLAND", 0, (0, 0))]


def _random_game(g, seed, on_step):
    """Uniform random legal play to the end, calling ``on_step(rec)`` before every step."""
    rng = np.random.default_rng(seed)
    s = g.init(np.array([seed]))
    while not s[0]["terminated"]:
        on_step(s[0])
        legal_ids = g.legal_actions(s[0])
        play(g, s, legal_ids[rng.integers(len(legal_ids))])
    return s


@pytest.mark.parametrize("flag, want", [("lowest", 0), ("last_played", 1)])
def test_next_start_player(flag, want):
    # EC-5.6, EC-GAP-10: seat 2 started the power cards, seat 0 played the lowest value;
    # the flag gives the start to the seat that played the last power card (2 - 1 = 1)
    g, s = position(cards=LAND_SPOT, played={0: 1, 1: 12, 2: 13}, area_left=0, options=dict(next_start=flag))
    assert s[0]["start_player"] == 2
    play(g, s, action(g, "end_turn"))
    assert s[0]["phase"] == Phase.POWER and s[0]["start_player"] == s[0]["current_player"] == want


def test_next_start_last_played_moves_counter_clockwise_every_round():
    # EC-GAP-10 alternative: the start moves one seat counter-clockwise each round
    g = make(3, next_start="last_played")
    starts = {}
    _random_game(g, 3, lambda rec: starts.setdefault(int(rec["round_no"]), int(rec["start_player"])))
    assert len(starts) == g.rounds
    assert all(starts[r + 1] == (starts[r] - 1) % 3 for r in range(1, g.rounds))


def _tied_game_end(court, **options):
    """Seats 0 and 1 tie for first in round 7's scoring with the given courts (EC-9.1)."""
    cabs = [dict(seat=0, at=(1, 0), o=orient("W", 4)), dict(seat=1, at=(-1, 0), o=orient("E", 4))]
    g, s = position(cards=LAND_SPOT, cabs=cabs, rnd=7, played={0: 1}, area_left=0, court=court, options=options)
    play(g, s, action(g, "end_turn"))
    assert s[0]["terminated"] and s[0]["score"][0] == s[0]["score"][1] > s[0]["score"][2]
    return g, s


def test_court_tie_break():
    # EC-9.3: by default tied leaders share the win (EC-GAP-25); with tie_break="court"
    # more caballeros left in court break the tie; equal courts still share
    g, s = _tied_game_end([3, 6, 5, 0])
    assert g.ranks(s)[0].tolist() == [0, 0, 2] and g.returns(s)[0].tolist() == [0.5, 0.5, 0.0]
    g, s = _tied_game_end([3, 6, 5, 0], tie_break="court")
    assert g.ranks(s)[0].tolist() == [1, 0, 2] and g.returns(s)[0].tolist() == [0.0, 1.0, 0.0]
    g, s = _tied_game_end([4, 4, 9, 0], tie_break="court")
    assert g.ranks(s)[0].tolist() == [0, 0, 2]  # seat 2's court does not lift it past a higher score


# Two INLAND cards with one empty cell between them, every other side against a caballero card
TWO_LANDS = [("INLAND", 0, (0, 0)), ("INLAND", 0, (2, 0))]
WALL = [
    dict(seat=0, at=(0, 1)),
    dict(seat=1, at=(0, -1)),
    dict(seat=2, at=(-1, 0)),
    dict(seat=0, at=(2, 1)),
    dict(seat=1, at=(2, -1)),
]


@pytest.mark.parametrize("expanded", [False, True])
def test_closure_reading(expanded):
    # EC-3.12, EC-GAP-23: the empty cell (1, 0) touches two land sides, so no caballero card
    # could go there (EC-6.3.5); it keeps both regions open by default, not with the flag
    for closed, want in (("no_empty_cell", False), ("no_legal_caballero", True)):
        opts = dict(closed=closed, expanded=expanded)
        g, s = position(cards=TWO_LANDS, cabs=WALL + [dict(seat=2, at=(3, 0))], options=opts)
        assert region_of(g, s, 0, 0)[2] is want and region_of(g, s, 2, 0)[2] is want
        # (3, 0) empty: one land side, so it keeps the east region open under either reading
        g, s = position(cards=TWO_LANDS, cabs=WALL, options=opts)
        assert region_of(g, s, 0, 0)[2] is want and not region_of(g, s, 2, 0)[2]


def test_governor_follows_the_closure_reading():
    # EC-10.4 on the regions of EC-GAP-23's flag: a Governor may go on a closed region only
    cabs = WALL + [dict(seat=2, at=(3, 0))]
    for closed, cells in (("no_empty_cell", None), ("no_legal_caballero", [(0, 0), (2, 0)])):
        g, s = position(
            cards=TWO_LANDS, cabs=cabs, options=dict(closed=closed, expanded=True), area_left=0, court=[5, 5, 5, 0]
        )
        a = action(g, "place_governor", 0)
        assert legal(g, s, a) is (cells is not None)
        if cells:
            assert legal_cells(g, play(g, s, a)) == cells


# Seat 0's three cards around an INLAND card, each with one land side; an INLAND card to place
STRICT_CABS = [
    dict(seat=0, at=(1, 0), o=orient("W", 2)),
    dict(seat=0, at=(0, 1), o=orient("S", 1)),
    dict(seat=0, at=(-1, 0), o=orient("E", 1)),
]


def test_strict_order_follows_the_numbered_steps():
    # EC-GAP-11 order="strict": steps 2 -> 7 of the turn in numbered order (回合流程)
    g, s = position(
        cards=LAND_SPOT, cabs=STRICT_CABS, display=[("INLAND", None)], options=dict(order="strict"), court=[9, 5, 5, 0]
    )
    area = action(g, "place_area", 0, 0)
    castle0, castle2 = action(g, "build_castillo", 0), action(g, "build_castillo", 2)
    increase, back = action(g, "increase", 0, 3 - 2), action(g, "return_card", 1)
    assert legal(g, s, area) and not legal(g, s, castle0)  # step 2 first
    play(g, s, area, cell_action(g, 0, -1))
    assert legal(g, s, increase) and legal(g, s, castle0) and legal(g, s, back)
    play(g, s, castle0)  # step 5: no more step 3 (caballeros) after it; steps 5 and 6 still open
    assert not legal(g, s, increase) and legal(g, s, castle2) and legal(g, s, back)
    play(g, s, back)  # step 6: castillos are behind it now
    assert not legal(g, s, castle2) and legal(g, s, action(g, "end_turn"))
    play(g, s, action(g, "end_turn"))
    assert s[0]["turn_step"] == 0  # the next turn starts at the beginning


def test_strict_order_observes_the_turn_step():
    # EC-GAP-11 order="strict": the observation carries turn_step (the step the mask reads,
    # after legal_cell); the other orders keep the default layout without it
    g, s = position(
        cards=LAND_SPOT, cabs=STRICT_CABS, display=[("INLAND", None)], options=dict(order="strict"), court=[9, 5, 5, 0]
    )

    def seen():
        return float(decode(g.observe(s, 0)[0], g.radius, strict=True).turn_step[0]) * TURN_STEPS

    assert seen() == 0
    play(g, s, action(g, "place_area", 0, 0), cell_action(g, 0, -1))
    assert seen() == pytest.approx(2)
    play(g, s, action(g, "build_castillo", 0))
    assert seen() == pytest.approx(5) and s[0]["turn_step"] == 5
    play(g, s, action(g, "end_turn"))
    assert seen() == 0
    assert g.obs_size == make(3).obs_size + 1 == make(3, order="area_first").obs_size + 1
    assert "turn_step" not in make(3).obs_layout and make(3).obs_layout.names()[-1] == "legal_cell"


def test_free_order_interleaves():
    # EC-5.7, EC-GAP-11 DECISION: free interleaving, a caballero increase may follow a
    # castillo, and both may come before the area placement
    g, s = position(cards=LAND_SPOT, cabs=STRICT_CABS, display=[("INLAND", None)], court=[9, 5, 5, 0])
    play(g, s, action(g, "build_castillo", 0), action(g, "return_card", 1))
    assert legal(g, s, action(g, "increase", 0, 3 - 2)) and legal(g, s, action(g, "place_area", 0, 0))


@pytest.mark.parametrize(
    "option, value",
    [
        ("next_start", "first"),
        ("tie_break", "score"),
        ("closed", "regions"),
        ("order", "numbered"),
        ("one_land_rule", "cells"),
    ],
)
def test_bad_option_values_are_refused(option, value):
    with pytest.raises(ValueError, match=option):
        make(3, **{option: value})


# EC-GAP-5: an L of three INLAND cards, one land region; the empty cell (0, 1) touches
# it on two sides (S and E). TWO_LANDS' empty cell (1, 0) touches two regions.
ELL = [("INLAND", 0, (0, 0)), ("INLAND", 0, (1, 0)), ("INLAND", 0, (1, 1))]
ONE_LAND_RULES = ("sides", "regions")


@pytest.mark.parametrize("rule", ONE_LAND_RULES)
def test_one_land_rule_placement(rule):
    # EC-6.3.5, EC-GAP-5: two land sides of one region are illegal by default and legal
    # under one_land_rule="regions", where the card commits (pays) its highest land number
    g, s = position(cards=ELL, options=dict(one_land_rule=rule), court=[9, 5, 5, 0])
    o = 1  # side A turned once: N4 E1 S2 W3, so E 1 and S 2 face the region
    play(g, s, action(g, "place_caballero", o))
    assert ((0, 1) in legal_cells(g, s)) is (rule == "regions")
    assert (-1, 0) in legal_cells(g, s)  # one land side: legal under both readings
    if rule == "regions":
        play(g, s, cell_action(g, 0, 1))
        assert s[0]["court"][0] == 9 - 2 and strength(g, s, 0, 0, 0) == 2  # EC-3.15: max(1, 2)


@pytest.mark.parametrize("rule", ONE_LAND_RULES)
def test_one_land_rule_two_regions_stay_illegal(rule):
    # EC-6.3.5 under both readings: (1, 0) touches the land of two regions
    g, s = position(cards=TWO_LANDS, options=dict(one_land_rule=rule), court=[9, 5, 5, 0])
    play(g, s, action(g, "place_caballero", 0))
    assert (1, 0) not in legal_cells(g, s) and (-1, 0) in legal_cells(g, s)


@pytest.mark.parametrize("rule", ONE_LAND_RULES)
def test_one_land_rule_elimination(rule):
    # EC-6.5.1, EC-GAP-5: the INLAND card placed at (1, 1) joins the region the card at
    # (0, 1) already faces; that second land side of the same region eliminates the card
    # by default, not under "regions", where its higher number now counts (EC-3.15)
    cabs = [dict(seat=0, at=(0, 1), o=orient("S", 2))]  # o = 1: E shows 1, S shows 2
    g, s = position(cards=ELL[:2], cabs=cabs, display=[("INLAND", None)], options=dict(one_land_rule=rule))
    play(g, s, action(g, "place_area", 0, 0), cell_action(g, 1, 1))
    kept = rule == "regions"
    assert bool(s[0]["cab_cell"][0, 0] >= 0) is kept
    assert strength(g, s, 0, 0, 0) == (2 if kept else 0)


@pytest.mark.parametrize("rule", ONE_LAND_RULES)
def test_one_land_rule_elimination_two_regions(rule):
    # EC-6.5.1 under both readings: the CAPE placed at (2, 0) with its land west (tier 1
    # by the sea card south of it) is a land region of its own, so the card at (1, 0)
    # now touches two land regions and goes back to hand
    cabs = [dict(seat=0, at=(1, 0), o=0)]
    g, s = position(
        cards=LAND_SPOT + [("OPEN_SEA", 0, (2, -1))],
        cabs=cabs,
        display=[("CAPE", None)],
        options=dict(one_land_rule=rule),
    )
    play(g, s, action(g, "place_area", 0, 3), cell_action(g, 2, 0))
    assert s[0]["cab_cell"][0, 0] == -1


def test_one_land_rule_increase_on_two_sides():
    # EC-6.4, EC-GAP-5 "regions": a card facing one region on S and E is turned so the new
    # value faces its highest side (S); the value must then be its highest toward land
    cabs = [dict(seat=0, at=(0, 1), o=1)]  # E 1, S 2: contributes 2
    g, s = position(cards=ELL, cabs=cabs, options=dict(one_land_rule="regions"), court=[9, 5, 5, 0])
    assert strength(g, s, 0, 0, 0) == 2
    assert legal(g, s, action(g, "increase", 0, 3 - 2)) and legal(g, s, action(g, "increase", 0, 6 - 2))
    assert not legal(g, s, action(g, "increase", 0, 5 - 2))  # S 5 turns E to 8
    play(g, s, action(g, "increase", 0, 6 - 2))
    assert s[0]["cab_orient"][0, 0] == orient("S", 6) and s[0]["court"][0] == 9 - 4
    assert strength(g, s, 0, 0, 0) == 6


def test_one_land_rule_grande_only_where_needed():
    # EC-10.8 with EC-GAP-5 "regions": the combined placement with the Grande exists only
    # where the card alone breaks the one-land rule (two regions), not on one region's two sides
    g, s = position(
        cards=ELL + [("INLAND", 0, (3, 0), "gold")],
        options=dict(one_land_rule="regions", expanded=True),
        court=[9, 5, 5, 0],
    )
    play(g, s, action(g, "place_caballero_grande", 0))
    assert legal_cells(g, s) == [(2, 0)]


@pytest.mark.parametrize("rule", ONE_LAND_RULES)
def test_one_land_rule_positions(rule):
    # EC-6.3.5, EC-6.5.1: from_json rejects a card on two regions under both readings and
    # a card on one region's two sides only under "sides"
    options = dict(one_land_rule=rule)
    with pytest.raises(PositionError, match="'cab_cell'.*card 0 of player 0 (has 2 land contacts|touches two land)"):
        position(cards=TWO_LANDS, cabs=[dict(seat=0, at=(1, 0))], options=options)
    two_sides = dict(cards=ELL, cabs=[dict(seat=0, at=(0, 1))], options=options)
    if rule == "sides":
        with pytest.raises(PositionError, match="'cab_cell'.*has 2 land contacts"):
            position(**two_sides)
    else:
        g, s = position(**two_sides)
        assert s[0]["one_land_regions"] == 1


@pytest.mark.parametrize("rule, want", [("sides", True), ("regions", False)])
def test_one_land_rule_closure(rule, want):
    # EC-3.12, EC-GAP-23 with EC-GAP-5: under closed="no_legal_caballero" the empty cell
    # (0, 1), on two sides of one region, keeps it open only where a card may go there
    wall = [
        dict(seat=1, at=(0, -1)),
        dict(seat=2, at=(-1, 0)),
        dict(seat=1, at=(1, -1)),
        dict(seat=2, at=(2, 0)),
        dict(seat=1, at=(2, 1)),
        dict(seat=2, at=(1, 2)),
    ]
    g, s = position(cards=ELL, cabs=wall, options=dict(one_land_rule=rule, closed="no_legal_caballero"))
    assert region_of(g, s, 0, 0)[2] is want
