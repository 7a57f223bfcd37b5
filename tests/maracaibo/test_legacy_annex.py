"""Annexing the new cities L4 and L7 (MA-26.4 "usable and annexable once your explorer
has reached explorer space 4", MA-8.6 CA2, MA-26.5, MA-26.7). Placeholder data from
data/legacy.py: L4 follows location 7 (explorer space 4, flag +3 D), L7 follows 16
(explorer space 11, flag +3 VP)."""

import functools

import numpy as np
import pytest

from games.core.batch import kernel_record
from games.core.errors import PositionError
from games.maracaibo.data import board, legacy
from games.maracaibo.data.codes import EN, ES, FR, S_GAIN_D, S_GAIN_VP
from games.maracaibo.game import Maracaibo
from games.maracaibo.rules.nobility import markers_on_board
from games.maracaibo.spaces import CA_FLAG, CA_VILLAGE, OBS
from tests.maracaibo.positions import act, edit, exp, legal, loc, opening

L4, L7 = 0, 1  # new-city index: the legacy_annex parameter, legacy_city_marker entry


@functools.cache
def game(*tiles):
    return Maracaibo(num_players=2, legacy_tiles=tiles)


def combat(tiles, explorer, v=30, seed=5, **fields):
    """A combat for France at city 9 (tests/maracaibo/test_rules_combat.fight) with V = ``v``
    and the fighter's explorer on ``explorer``."""
    from tests.maracaibo.test_rules_combat import fight

    g = game(*tiles)
    s = opening(g, seed)
    p = int(s[0]["current_player"])
    s = edit(g, s, explorer={p: exp(explorer)}, coins={p: 10}, **fields)
    s, p = fight(g, s, "TK01")
    act(g, s, "combat_pile", 0)
    act(g, s, "combat_nation", FR)
    return g, edit(g, s, cb_v=v), p


def test_placeholder_flag_rewards():
    """The data these tests read (data/legacy.py, PLACEHOLDER: the rulebook prints no flag
    reward for the new cities)."""
    assert list(legacy.NEW_CITY_EXPLORER) == [4, 11]
    assert [(int(c), int(a)) for c, a in zip(legacy.NEW_CITY_FLAG_CODE, legacy.NEW_CITY_FLAG_AMOUNT)] == [
        (S_GAIN_D, 3),
        (S_GAIN_VP, 3),
    ]


@pytest.mark.parametrize("tile, k, short, reached", [("L4", L4, "E3", "E4"), ("L7", L7, "E10a", "E11")])
def test_a_new_city_is_annexable_once_the_explorer_reached_its_space(tile, k, short, reached):
    """MA-26.4: annexable once your explorer has reached the city's space; not without the
    tile."""
    assert legal(*combat((tile,), short)[:2], "legacy_annex") == []
    assert legal(*combat((tile,), reached)[:2], "legacy_annex") == [k]
    assert legal(*combat(("L2",), "E12")[:2], "legacy_annex") == []


def test_annexing_an_empty_new_city():
    """MA-8.6 CA2 at a new city: 4 V, the nation's marker from its supply onto the flag
    (MA-9.5), +1 influence, the flag reward (+3 D at L4); it counts on the board (MA-26.5)."""
    g, s, p = combat(("L4",), "E4")
    rec = s[0]
    before = (
        int(rec["influence"][p, FR]),
        int(rec["coins"][p]),
        int(rec["markers_taken"][FR]),
        markers_on_board(kernel_record(rec.copy()), FR),
    )
    act(g, s, "legacy_annex", L4)
    rec = s[0]
    assert rec["legacy_city_marker"].tolist() == [FR, -1] and rec["cb_v"] == 26
    assert (
        int(rec["influence"][p, FR]),
        int(rec["coins"][p]),
        int(rec["markers_taken"][FR]),
        markers_on_board(kernel_record(rec.copy()), FR),
    ) == (before[0] + 1, before[1] + 3, before[2] + 1, before[3] + 1)


def test_it_is_the_ca2_of_the_combat():
    """MA-8.6: each combat action once per combat; annexing a new city is CA2, so it and a
    flag annex exclude each other."""
    g, s, p = combat(("L4",), "E4")
    act(g, s, "legacy_annex", L4)
    assert not [a for a in legal(g, s, "combat_action") if CA_FLAG <= a < CA_VILLAGE]
    g, s, p = combat(("L4",), "E4")
    flags = [a for a in legal(g, s, "combat_action") if CA_FLAG <= a < CA_VILLAGE]
    assert flags
    act(g, s, "combat_action", flags[0])
    assert legal(g, s, "legacy_annex") == []


def test_expelling_at_a_new_city_costs_6():
    """MA-8.6 CA2: 6 V where another nation's marker lies; that marker leaves the game (not
    back to its supply); a nation never annexes its own flag."""
    g, s, p = combat(("L4",), "E4")
    taken = s[0]["markers_taken"].copy()
    s = edit(g, s, legacy_city_marker={L4: ES}, markers_taken={ES: int(taken[ES]) + 1})
    es_board = markers_on_board(kernel_record(s[0].copy()), ES)
    act(g, s, "legacy_annex", L4)
    rec = s[0]
    assert rec["legacy_city_marker"][L4] == FR and rec["cb_v"] == 24
    assert rec["markers_taken"][ES] == taken[ES] + 1  # to the box
    assert markers_on_board(kernel_record(rec.copy()), ES) == es_board - 1
    g, s, p = combat(("L4",), "E4")
    s = edit(g, s, legacy_city_marker={L4: FR}, markers_taken={FR: int(s[0]["markers_taken"][FR]) + 1})
    assert legal(g, s, "legacy_annex") == []


def test_strength_and_supply_limit_the_annex():
    """MA-8.6: V pays the cost (4 empty); MA-9.8: no marker left in the supply, no annex."""
    assert legal(*combat(("L4",), "E4", v=3)[:2], "legacy_annex") == []
    assert legal(*combat(("L4",), "E4", v=4)[:2], "legacy_annex") == [L4]
    g, s, p = combat(("L4",), "E4")
    s = edit(g, s, markers_taken={FR: 13})
    assert legal(g, s, "legacy_annex") == []


@pytest.mark.parametrize(
    "fields, message",
    [
        (dict(legacy_city_marker={L7: FR}), "not in play"),
        (dict(legacy_city_marker={L4: FR}), "no explorer reached space 4"),
    ],
)
def test_bad_positions(fields, message):
    """from_json: a marker on a new city only while its tile is in play and once some
    explorer reached its space (explorers never move back, MA-10)."""
    g = game("L4")
    s = opening(g, 1)
    with pytest.raises(PositionError, match=message):
        edit(g, s, markers_taken={FR: int(s[0]["markers_taken"][FR]) + 1}, **fields)


def test_observation_label_and_text():
    """MA-29: legacy_city_markers shows the nation on each new city's flag; the label says
    the cost and the gains; the text and the SVG show the marker."""
    g, s, p = combat(("L4",), "E4")
    label = g.action_label(s[0], g.action_id("legacy_annex", L4))
    assert label == "Combat: annex the new city L4 Hidden harbour (costs V 4): +1 influence, flag +3 D"
    act(g, s, "legacy_annex", L4)
    seg = OBS["legacy_city_markers"]
    for q in range(2):
        view = g.observe(s, q)[0][seg.slice].reshape(seg.shape)
        assert view[L4].tolist() == [1.0, 0.0, 0.0] and view[L7].sum() == 0
    assert "flag +3 D, marker FR" in g.render(s[0])
    svg = g.render_svg(s[0])
    assert "L4 city [FR]" in svg and "Legacy tiles (MA-26.4)" in svg and "flag +3 D, marker FR" in svg


# ----- Jean (MA-26.7) -------------------------------------------------------------------------
@pytest.mark.parametrize("explorer, annexed", [("E3", False), ("E4", True)])
def test_jean_annexes_l4_only_once_her_explorer_reached_it(explorer, annexed):
    """MA-26.7: she annexes L4 only once her explorer reached space 4; MA-24.11: the
    lowest-numbered empty city, where L4 ranks right after 7 (it lies between 7 and 8).
    Every flag city up to 7 is taken, so L4 comes before the next flag city."""
    from games.maracaibo.solo import MaracaiboSolo
    from tests.maracaibo.test_solo_jean import J, put_token_on_top, run

    g = MaracaiboSolo(level=5, legacy_tiles=("L4",))
    s = opening(g, 3)
    s, _ = put_token_on_top(g, s, "TK01")
    upto7 = [i for i in range(loc("7") + 1) if board.LOC_HAS_FLAG[i] and s[0]["marker_at"][i] < 0]
    full = s[0]["marker_at"].copy()
    full[upto7] = EN
    taken = s[0]["markers_taken"].copy()
    taken[EN] += len(upto7)
    s = edit(g, s, marker_at=full, markers_taken=taken, explorer={J: exp(explorer)})
    after7 = min(
        i for i in range(loc("7") + 1, board.NUM_LOCATIONS) if board.LOC_HAS_FLAG[i] and s[0]["marker_at"][i] < 0
    )
    nation = run(g, s, 1, 2, 0)
    rec = s[0]
    assert (rec["legacy_city_marker"][L4] == nation) == annexed
    assert (rec["marker_at"][after7] == nation) == (not annexed)
    assert np.all(rec["legacy_city_marker"][L7:] == -1)
