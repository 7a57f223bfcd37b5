"""At a Royal Navy step the picture draws the navy card being fought (PN-10.2, PN-10.4)."""

import xml.etree.ElementTree as ET

import numpy as np

import games
from games.pirates_of_nassau import render as R
from games.pirates_of_nassau.state import Challenge
from tools.svg_layout import layout_problems

SVG = "{http://www.w3.org/2000/svg}"


def navy_fights(game, seeds=range(1, 6)):
    """Positions of random games where a player fights a Royal Navy card."""
    found = []
    for seed in seeds:
        state = game.init(np.array([seed]))
        rng = np.random.default_rng(seed)
        while not state["terminated"][0]:
            if state["ch_kind"][0] == Challenge.NAVY:
                found.append(state[0].copy())
            game.step(state, np.array([rng.choice(game.legal_actions(state[0]))]))
    return found


def test_the_navy_card_being_fought_is_drawn():
    game = games.make("pirates_of_nassau")
    fights = navy_fights(game)
    assert fights, "random games should meet the Royal Navy"
    for rec in fights:
        picture = game.render_svg(rec, player=int(rec["current_player"]))
        root = ET.fromstring(picture)
        # PN-10.4: the card the engine resolves the fight against (ch_target), by its words
        fought = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "navy-fought-card"]
        assert fought == [R.navy_text(int(rec["ch_target"]))]
        heading = f"{R.seat_name(int(rec['current_player']))} fights (PN-10.4)"
        assert heading in [t.text for t in root.iter(f"{SVG}text")]
        assert layout_problems(picture) == []


def test_no_fought_card_is_drawn_outside_a_navy_challenge():
    game = games.make("pirates_of_nassau")
    state = game.init(np.array([1]))
    assert state["ch_kind"][0] != Challenge.NAVY
    root = ET.fromstring(game.render_svg(state[0]))
    assert not [t for t in root.iter(f"{SVG}text") if t.get("class") == "navy-fought-card"]
