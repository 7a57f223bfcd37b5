"""Game.render_svg: a picture of every game's position (games/core/svg.py)."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import games
from games.core import svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", games.list())
@pytest.mark.parametrize("theme", sorted(svg.THEMES))
def test_every_game_draws_a_well_formed_svg_for_every_seat(name, theme):
    game = games.make(name)
    record = game.init(np.array([5]))[0]
    for player in (None, *range(game.num_players)):
        root = ET.fromstring(game.render_svg(record, player=player, theme=theme))
        assert root.tag == f"{SVG}svg" and float(root.get("width")) > 0 and float(root.get("height")) > 0
        assert root.find(f"{SVG}rect").get("fill") == svg.THEMES[theme].background


def test_render_svg_names_a_bad_theme_or_seat():
    game = games.make("spanish_main")
    record = game.init(np.array([5]))[0]
    with pytest.raises(ValueError, match="unknown theme 'blue'"):
        game.render_svg(record, theme="blue")
    for bad in (3, -1, True, 1.0):
        with pytest.raises(ValueError, match="player must be a seat in 0..2"):
            game.render_svg(record, player=bad)


def test_text_is_escaped_and_placeholders_say_so():
    drawing = svg.Drawing(100, 50)
    drawing.text(0, 10, "a < b & c")
    drawing.placeholder(0, 20, 50, 20, "card 7 (placeholder)")
    root = ET.fromstring(str(drawing))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == ["a < b & c", "card 7 (placeholder)"]
    assert any(r.get("stroke-dasharray") for r in root.iter(f"{SVG}rect"))
