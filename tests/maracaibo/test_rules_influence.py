"""Influence tracks, nobility and ownership markers (MA-9): one space per point, the
2 VP per point beyond 12 (MA-9.2, GAP-53), nobility levels x1-x6 (MA-9.3), the next
noble level (MA-9.4, GAP-37), markers taken from the leftmost supply space and the
value of emptied spaces (MA-9.5, D11), one marker per location (MA-9.6), empty
supplies (MA-9.8)."""

import pytest

from games.maracaibo.data import tracks
from games.maracaibo.spaces import MAIN_VILLAGE, VO_U10

from .positions import (
    EN,
    ES,
    FR,
    act,
    arrive,
    edit,
    hand,
    legal,
    loc,
    markers,
    start,
    val,
)

NOBILITY = [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 5, 6]  # MA-9.3 bands at 1, 3, 6, 9, 10, 12
NEXT_LEVEL = {0: 1, 1: 3, 2: 3, 3: 6, 4: 6, 5: 6, 6: 9, 7: 9, 8: 9, 9: 10, 10: 12, 11: 12, 12: 12}


def buy_first(card_id, n=3, **per_seat):
    """The current player buys ``card_id`` with the first village action at 10."""
    g, s, p = start(n)
    s = hand(g, s, p, [card_id])
    s = arrive(g, s, "10", mp=1, coins={p: 20}, **{k: {p: v} for k, v in per_seat.items()})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    return g, s, p


@pytest.mark.parametrize("before, after, vp", [(0, 2, 0), (10, 12, 0), (11, 12, 2), (12, 12, 4)])
def test_points_move_the_marker_and_overflow_gives_2vp(before, after, vp):
    """MA-9.2: each point one space right; on 12 each further point is 2 VP (XI2(ES), A016)."""
    g, s, p = buy_first("A016", influence=[0, before, 0], vp=0)
    assert val(s, "influence", p) == [0, after, 0] and val(s, "vp", p) == vp


@pytest.mark.parametrize("inf", range(13))
def test_nobility_level_bands(inf):
    """MA-9.3: the highest red band reached (1, 3, 6, 9, 10, 12 -> x1..x6), as observed."""
    assert tracks.NOBILITY_LEVEL[inf] == NOBILITY[inf]
    g, s, p = start(3)
    s = edit(g, s, influence={p: [inf, 0, 12]})
    obs = g.observe(s, p)
    nob = g.obs_layout.view(obs, "nobility")[0]
    assert nob[0].tolist() == [NOBILITY[inf], 0, 6]


@pytest.mark.parametrize("before", range(13))
def test_next_noble_level(before):
    """MA-9.4 / GAP-37 (XVN, B040): to the next band position above the current one;
    from 12 nothing happens (no VP)."""
    g, s, p = buy_first("B040", influence=[0, 0, before], vp=0)
    act(g, s, "choose_nation", EN)
    act(g, s, "choose_location", loc("3") - 1)
    assert val(s, "influence", p)[EN] == NEXT_LEVEL[before] and val(s, "vp", p) == 0


def test_markers_leave_the_supply_from_the_left():
    """MA-9.5 / D11 / MA-3.7: the first marker empties S1 (value 2); nation value = the
    emptied spaces + rank bonus (unique most: 2), as observed (MA-29 supply segment)."""
    g, s, p = start(3)
    s = edit(g, s, discs={p: [2] * 9 + [0, 2, 2]})  # U10
    s = arrive(g, s, "10", mp=1)
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "village_option", VO_U10 + FR)
    assert val(s, "markers_taken") == [1, 0, 0] and val(s, "marker_at", loc("10")) == FR
    sup = g.obs_layout.view(g.observe(s, p), "supply")[0]
    assert sup[FR].tolist() == [1, 1, 2 + 2]
    assert sup[ES].tolist() == [0, 0, 0 + 1] and sup[EN].tolist() == [0, 0, 0 + 1]


def test_one_marker_per_location():
    """MA-9.6: a village that holds a marker is not offered by XVM (B036)."""
    g, s, p = start(3)
    s = markers(g, s, {"1": FR, "3": ES})
    s = hand(g, s, p, ["B036"])
    s = arrive(g, s, "10", mp=1, coins={p: 5})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    act(g, s, "choose_nation", EN)
    targets = legal(g, s, "choose_location")
    assert loc("1") - 1 not in targets and loc("3") - 1 not in targets and loc("10") - 1 in targets


def test_empty_supply_places_nothing():
    """MA-9.8 / GAP-56: XVN for a nation with an empty supply: no marker, the noble
    level still applies."""
    g, s, p = buy_first("B040", influence=[3, 0, 0])
    s = edit(g, s, markers_taken=[13, 0, 0])
    on_board = s[0]["marker_at"].copy()
    act(g, s, "choose_nation", FR)
    assert val(s, "influence", p) == [6, 0, 0] and (s[0]["marker_at"] == on_board).all()
    assert val(s, "markers_taken") == [13, 0, 0]


def test_any_nation_choice_may_pick_a_nation_at_12():
    """GAP-53 (XI1, A052): a nation on 12 may be chosen; the point gives 2 VP."""
    g, s, p = buy_first("A052", influence=[12, 0, 0], vp=0)
    assert legal(g, s, "choose_nation") == [FR, ES, EN]
    act(g, s, "choose_nation", FR)
    assert val(s, "influence", p) == [12, 0, 0] and val(s, "vp", p) == 2
