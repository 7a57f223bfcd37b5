"""The drawn boards of Spanish Main, Pirates of Nassau and El Caballero (each game's svg.py).

Checked through whole random games: every picture is a well-formed SVG whose text
stays on the canvas, a seat's picture shows exactly what its observation holds
(records that agree on the observation draw the same), and what the rules put on the
board is in the picture.
"""

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import games
from games.core import svg

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ("spanish_main", "pirates_of_nassau", "el_caballero")


def random_positions(game, seed, every=7, limit=400):
    """Records of one random game (a copy every ``every`` steps, and the last)."""
    state = game.init(np.array([seed]))
    rng = np.random.default_rng(seed)
    out = []
    for step in range(limit):
        if state["terminated"][0]:
            break
        if step % every == 0:
            out.append(state[0].copy())
        game.step(state, np.array([rng.choice(game.legal_actions(state[0]))]))
    out.append(state[0].copy())
    return out


def texts(picture):
    root = ET.fromstring(picture)
    return root, [t.text or "" for t in root.iter(f"{SVG}text")]


def placed_texts(root, x0=0.0, y0=0.0, scale=1.0):
    """(x, y, text) of every text on the canvas, through the groups' translate and scale."""
    for child in root:
        if child.tag == f"{SVG}text":
            yield x0 + scale * float(child.get("x")), y0 + scale * float(child.get("y")), child.text
        elif child.tag == f"{SVG}g":  # Drawing.embed: translate(x y) scale(s)
            dx, dy, grow = map(
                float, re.fullmatch(r"translate\((\S+) (\S+)\) scale\((\S+)\)", child.get("transform")).groups()
            )
            yield from placed_texts(child, x0 + scale * dx, y0 + scale * dy, scale * grow)


@pytest.mark.parametrize("name", GAMES)
def test_every_position_of_a_random_game_draws_a_well_formed_svg(name):
    game = games.make(name)
    for i, rec in enumerate(random_positions(game, seed=11)):
        theme = sorted(svg.THEMES)[i % 2]
        for player in (None, *range(game.num_players)):
            root, _ = texts(game.render_svg(rec, player=player, theme=theme))
            width, height = float(root.get("width")), float(root.get("height"))
            assert root.find(f"{SVG}rect").get("fill") == svg.THEMES[theme].background
            for x, y, text in placed_texts(root):  # nothing is drawn off the canvas
                assert 0 <= x <= width and 0 < y <= height, (name, text)


@pytest.mark.parametrize(
    "name,options",
    [
        ("spanish_main", {}),
        ("spanish_main", {"move_cards_in_hand": True}),
        ("pirates_of_nassau", {}),
        ("el_caballero", {"expanded": True}),
    ],
)
def test_every_picture_of_a_game_has_one_size(name, options):
    # a video (RecordVideo, rgb_array) needs frames of one size: the picture's size comes
    # from the options alone, however the board grows
    game = games.make(name, **options)
    for player in (None, 0):
        sizes = {
            ET.fromstring(game.render_svg(rec, player=player)).get("height")
            for rec in random_positions(game, seed=9, every=3)
        }
        assert len(sizes) == 1, (name, player, sizes)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_in_the_picture_what_its_observation_shows(name):
    # SM-9.1/SM-10.2 (own pirates and hand), PN-20.2/PN-20.3 (own chest), EC-1.5 (only the
    # deck order is hidden): records that agree on a seat's observation draw the same
    game = games.make(name)
    differs = False
    for rec in random_positions(game, seed=5, every=9)[:-1]:
        seat = int(rec["current_player"])
        drawn = game.render_svg(rec, player=seat)
        everything = game.render_svg(rec)
        others = game.resample_hidden(rec, seat, np.arange(4))
        seen = game.observe(np.repeat(rec.reshape(1), len(others)), seat)
        assert np.array_equal(game.observe(others, seat), seen)
        for other in others:
            assert game.render_svg(other, player=seat) == drawn
            differs |= game.render_svg(other) != everything
    # the picture of everything shows the owners and hands a seat cannot see; the other
    # games redraw only deck orders (PN-20.3, EC-1.5), which no picture shows
    assert differs == (name == "spanish_main")


def test_pirates_of_nassau_shows_a_chest_to_its_owner_alone():
    # PN-20.2: an opponent's chest is hidden until the game is over
    game = games.make("pirates_of_nassau")
    rec = random_positions(game, seed=5, every=9)[3]
    other = rec.copy()
    other["chest"][1] += 5
    both = np.stack([rec, other])
    assert np.array_equal(*game.observe(both, 0)) and not np.array_equal(*game.observe(both, 1))
    assert game.render_svg(rec, player=0) == game.render_svg(other, player=0)
    assert game.render_svg(rec, player=1) != game.render_svg(other, player=1)
    assert game.render_svg(rec) != game.render_svg(other)


def test_spanish_main_shows_every_ship_with_its_fame_and_the_adventure_row():
    game = games.make("spanish_main")
    from games.spanish_main import data as D
    from games.spanish_main.render import pirate_text
    from games.spanish_main.svg import SHIPS_TITLE

    rec = random_positions(game, seed=3, every=10)[3]
    _, shown = texts(game.render_svg(rec, player=0))
    start = shown.index("1", shown.index(SHIPS_TITLE))
    for i in range(D.NUM_POSITIONS):  # SM-3.2 the ships in line, front to back, with their fame (SM-6.2)
        s = int(rec["row"][i])
        card = shown[start + 7 * i : start + 7 * i + 5]  # each ship card holds seven lines of text
        assert card == [str(i + 1), D.SHIP_NAMES[s], D.NATIONS[D.SHIP_NATION[s]], str(int(rec["fame"][s])), "fame"]
    for k in rec["adv_queue"][: rec["adv_queue_len"]]:  # SM-6.6 the face-up adventures
        assert D.ADV_NAMES[k] in shown
    assert sum(t.startswith("DAMAGED") for t in shown) == int(rec["damaged"].sum())  # SM-6.4
    # seat 0 sees its own pirates, not another's hidden one (SM-9.1)
    for s in range(D.NUM_SHIPS):
        if rec["owner"][s] >= 0 and not rec["revealed"][s]:
            assert ("yours" in pirate_text(rec, s, 0)) == (rec["owner"][s] == 0)
    hidden = [s for s in range(D.NUM_SHIPS) if rec["owner"][s] > 0 and not rec["revealed"][s]]
    assert sum(t.startswith("?") for t in shown) >= len(hidden) > 0


def test_pirates_of_nassau_shows_ports_merchants_and_placeholders():
    game = games.make("pirates_of_nassau")
    from games.pirates_of_nassau import data as D

    rec = random_positions(game, seed=4, every=10)[2]
    root, shown = texts(game.render_svg(rec))
    for pos in D.PORTS:  # PN-3.5 each port with its cannon value
        assert D.POS_NAME[pos] in shown
        assert f"cannon {int(D.PORT_CANNON[pos])}" in shown
    cards = [int(c) for c in rec["route_card"] if c >= 0]  # PN-3.4 the merchants on the routes
    assert cards and all(D.MERCHANT_IDS[c] in shown for c in cards)
    assert all(f"sail {D.M_SAIL[c]} cannon {D.M_CANNON[c]}" in shown for c in cards)
    # PD-1: positions the rulebook does not print are drawn dashed and say so
    assert shown.count("placeholder") == D.NUM_POSITIONS - len(D.SOURCED_POSITIONS)
    for i, token in enumerate(rec["display"]):  # PN-14 Nassau's display, token by token
        if token >= 0:
            assert f"{i}: {D.TOKEN_IDS[token]}" in shown
    assert any(r.get("stroke-dasharray") for r in root.iter(f"{SVG}rect"))


def test_el_caballero_shows_region_values_and_caballero_numbers():
    game = games.make("el_caballero")
    from games.core.batch import kernel_record
    from games.el_caballero import data as D
    from games.el_caballero.rules.geometry import NODES
    from games.el_caballero.rules.scoring import board_regions

    rec = random_positions(game, seed=2, every=10)[-1]
    _, shown = texts(game.render_svg(rec))
    root, value = np.empty(NODES, np.int64), np.empty(NODES, np.int64)
    board_regions(kernel_record(rec), root, value, np.empty((NODES, 4), np.int64))
    on_map = np.flatnonzero(rec["card_cell"] >= 0)
    # EC-3.11: each piece of every area card on the map carries its region's value
    values = [
        str(int(value[root[c * 3 + piece]]))
        for c in on_map
        for piece in range(3)
        if D.TYPE_HAS_PIECE[D.CARD_TYPE[c], piece]
    ]
    assert all(shown.count(v) >= values.count(v) for v in values) and values
    # EC-3.13: each caballero card on the map shows its number toward each side
    for p in range(int(rec["num_players"])):
        for k in np.flatnonzero(rec["cab_cell"][p] >= 0):
            for d in range(4):
                assert str(int(D.NUM[rec["cab_orient"][p, k], d])) in shown
    assert any(t.startswith("player A: ") and "court" in t for t in shown)  # EC-2.10 the courts
