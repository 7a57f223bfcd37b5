"""from_json refuses inconsistent positions, naming the field (docs/design.md "Positions
as JSON"); render and labels read a position; the observation hides only the deck order."""

import numpy as np
import pytest

from games import PositionError
from games.el_caballero import data as D
from games.el_caballero.decode import decode
from games.el_caballero.planes import board_planes
from games.el_caballero.spaces import PLANE, Family

from .positions import action, cell_action, make, orient, play, position

LAND = [("INLAND", 0, (0, 0))]


def _doc(**kw):
    g, s = position(
        cards=LAND + [("CAPE", 3, (1, 0))], cabs=[dict(seat=0, at=(0, 1), o=5, castillo=True)], court=[8, 5, 5, 0], **kw
    )
    return g, g.to_json(s[0])


def _refused(g, doc, field, **changes):
    doc["state"].update(changes)
    with pytest.raises(PositionError) as err:
        g.from_json(doc)
    assert err.value.field == field, err.value


def test_a_valid_position_round_trips():
    g, doc = _doc()
    assert g.to_json(g.from_json(doc)[0]) == doc


def test_map_checks():
    g, doc = _doc()
    area = [row[:] for row in doc["state"]["area"]]
    area[0][0] = 5
    _refused(g, doc, "area", area=area)  # EC-3.3: the plane must match card_cell
    g, doc = _doc()
    rot = doc["state"]["card_rot"][:]
    cape = doc["state"]["area"][g.radius][g.radius + 1]
    rot[cape] = 0
    _refused(g, doc, "card_rot", card_rot=rot)  # EC-3.9: sea meets land


def test_card_conservation():
    g, doc = _doc()
    deck = doc["state"]["deck"][:]
    deck[0] = deck[1]
    _refused(g, doc, "deck", deck=deck)  # EC-4.5


def test_caballero_checks():
    # EC-6.3.5: a card with two land sides needs the Grande
    g, s = position(cards=LAND + [("INLAND", 0, (2, 0))], cabs=[dict(seat=0, at=(0, 1), o=0)])
    doc = g.to_json(s[0])
    cab = [row[:] for row in doc["state"]["cab"]]
    cab[g.radius + 1][g.radius] = -1
    cab[g.radius][g.radius + 1] = 0
    cells = [row[:] for row in doc["state"]["cab_cell"]]
    cells[0][0] = (g.radius) * g.grid + g.radius + 1
    _refused(g, doc, "cab_cell", cab=cab, cab_cell=cells)


def test_pieces_checks():
    g, doc = _doc()
    _refused(g, doc, "supply_castillos", supply_castillos=12)  # EC-4.3: 12 in all
    g, doc = _doc()
    ship = doc["state"]["ship"]
    ship[0][0][2] = 1  # the S side of the card at (0, 1) faces land
    _refused(g, doc, "ship", ship=ship, supply_ships=11)


def test_pending_decision_checks():
    g, doc = _doc()
    _refused(g, doc, "pending_family", phase=2, pending_family=int(Family.END_TURN), pending_param=0)
    g, doc = _doc()  # a pending area card when none is required: no cell completes it
    _refused(g, doc, "current_player", phase=2, pending_family=int(Family.PLACE_AREA), pending_param=0, area_left=0)


def test_round_structure_checks():
    g, doc = _doc()
    _refused(g, doc, "current_player", current_player=1)  # EC-5.5: not this player's turn
    g, doc = _doc()
    _refused(g, doc, "power_hand", power_hand=[[1] * 13] * 3 + [[0] * 13])  # EC-5.4


def test_render_and_labels():
    g, s = position(cards=LAND + [("CAPE", 3, (1, 0))], display=[("CORNER", "gold")], court=[8, 5, 5, 0])
    text = g.render(s[0])
    assert text.startswith("El Caballero (basic, 3 players) - round 1/7, TURN, player A to act")
    assert "Display: 0: CORNER, land N/E, gold" in text and "court 8" in text
    a = action(g, "place_area", 0, 1)
    assert g.action_label(s[0], a) == "Place area card 0 (CORNER, land E/S, gold) rotated 90"
    play(g, s, a)
    label = g.action_label(s[0], cell_action(g, 0, 1))
    assert label == "Place area card 0 (CORNER, land E/S, gold) rotated 90 at (0, 1)"
    assert g.action_from_label(s[0], label) == cell_action(g, 0, 1)
    with pytest.raises(PositionError):
        g.render(np.zeros(1, g.dtype)[0])


def test_observation_planes_and_public_deck():
    # EC-12: relative owners, the numbers facing each side, the deck by contents only
    g, s = position(cards=LAND, cabs=[dict(seat=1, at=(1, 0), o=orient("W", 6))])
    obs = g.observe(s, 0)[0]
    view = decode(obs, g.radius)
    row, col = g.radius, g.radius + 1
    board = board_planes(obs, g.radius)
    assert board[PLANE["owner_1"], row, col] == 1 and board[PLANE["number_w"], row, col] == 6 / 8
    assert view.caballeros.number_w[1, 0] == 6 / 8 and list(view.cards.array[1, 0]) == [1, 1 / g.radius, 0]
    assert board_planes(g.observe(s, 1)[0], g.radius)[PLANE["owner_0"], row, col] == 1
    assert view["deck"].sum() == s[0]["deck_len"]
    other = s.copy()
    other[0]["deck"][: other[0]["deck_len"]] = other[0]["deck"][: other[0]["deck_len"]][::-1]
    assert np.array_equal(g.observe(other, 0), g.observe(s, 0))  # EC-1.5: the order is hidden
    assert D.NUM_CLASSES == view["deck"].size
    with pytest.raises(ValueError):
        decode(obs[:-1], g.radius)
    assert make(2).obs_size != make(2, radius=5).obs_size
