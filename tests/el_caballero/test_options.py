"""The alternative readings the rules reference puts behind flags (EC-GAP-10, EC-GAP-11,
EC-GAP-23, EC-9.3): each default is the spec's decision, each flag its alternative."""

import numpy as np
import pytest

from games.el_caballero.state import Phase

from .positions import action, cell_action, legal, legal_cells, make, orient, play, position, region_of

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
WALL = [dict(seat=0, at=(0, 1)), dict(seat=1, at=(0, -1)), dict(seat=2, at=(-1, 0)),
        dict(seat=0, at=(2, 1)), dict(seat=1, at=(2, -1))]


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
        g, s = position(cards=TWO_LANDS, cabs=cabs, options=dict(closed=closed, expanded=True), area_left=0,
                        court=[5, 5, 5, 0])
        a = action(g, "place_governor", 0)
        assert legal(g, s, a) is (cells is not None)
        if cells:
            assert legal_cells(g, play(g, s, a)) == cells


# Seat 0's three cards around an INLAND card, each with one land side; an INLAND card to place
STRICT_CABS = [dict(seat=0, at=(1, 0), o=orient("W", 2)), dict(seat=0, at=(0, 1), o=orient("S", 1)),
               dict(seat=0, at=(-1, 0), o=orient("E", 1))]


def test_strict_order_follows_the_numbered_steps():
    # EC-GAP-11 order="strict": steps 2 -> 7 of the turn in numbered order (回合流程)
    g, s = position(cards=LAND_SPOT, cabs=STRICT_CABS, display=[("INLAND", None)], options=dict(order="strict"),
                    court=[9, 5, 5, 0])
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


def test_free_order_interleaves():
    # EC-5.7, EC-GAP-11 DECISION: free interleaving, a caballero increase may follow a
    # castillo, and both may come before the area placement
    g, s = position(cards=LAND_SPOT, cabs=STRICT_CABS, display=[("INLAND", None)], court=[9, 5, 5, 0])
    play(g, s, action(g, "build_castillo", 0), action(g, "return_card", 1))
    assert legal(g, s, action(g, "increase", 0, 3 - 2)) and legal(g, s, action(g, "place_area", 0, 0))


@pytest.mark.parametrize("option, value", [("next_start", "first"), ("tie_break", "score"),
                                           ("closed", "regions"), ("order", "numbered")])
def test_bad_option_values_are_refused(option, value):
    with pytest.raises(ValueError, match=option):
        make(3, **{option: value})
