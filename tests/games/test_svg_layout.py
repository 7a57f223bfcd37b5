"""No text of a drawn board collides with another text, a box edge or a line
(tools/svg_layout.py), in every game, at the start, in mid-game and once finished."""

import numpy as np
import pytest

import games
from games.core.svg import Drawing
from tools.svg_layout import layout_problems

GAMES = ("spanish_main", "maracaibo", "maracaibo_solo", "pirates_of_nassau", "el_caballero")


def positions(game, seed, mid=40, limit=3000):
    """The deal, the position ``mid`` random moves in, and the end of one random game."""
    state = game.init(np.array([seed]))
    rng = np.random.default_rng(seed)
    out = [state[0].copy()]
    for step in range(1, limit + 1):
        if state["terminated"][0]:
            break
        game.step(state, np.array([rng.choice(game.legal_actions(state[0]))]))
        if step == mid:
            out.append(state[0].copy())
    assert state["terminated"][0], "the random game should end"
    return out + [state[0].copy()]


@pytest.mark.parametrize("name", GAMES)
def test_no_text_collides_in_any_game(name):
    game = games.make(name)
    for rec in positions(game, seed=3):
        for player, theme in ((None, "light"), (0, "dark")):
            assert layout_problems(game.render_svg(rec, player=player, theme=theme)) == []


def _picture(draw):
    d = Drawing(300, 120)
    draw(d)
    return str(d)


def test_the_check_finds_what_the_old_explorer_track_showed():
    # the three faults of issue 37's explorer track, drawn as the old layout drew them
    badge = _picture(
        lambda d: (
            d.rect(36, 46, 28, 12, fill="#eee"),  # the quest badge, over the second line of words
            d.text(40, 57, "Q21", size=7),
            d.text(50, 40, "quest space", size=7, anchor="middle"),
            d.text(50, 48, "A", size=7, anchor="middle"),
        )
    )
    assert any("'A'" in p and "edge of the box" in p for p in layout_problems(badge))
    covered = _picture(lambda d: (d.text(50, 48, "A", size=7), d.rect(36, 42, 28, 12, fill="#eee")))
    assert any("'A'" in p and "covered by a rect" in p for p in layout_problems(covered))
    assert any("'Q21'" in p for p in layout_problems(badge))  # its text hangs below the badge
    through = _picture(lambda d: (d.line(10, 60, 110, 20), d.text(60, 42, "remove 1 disc", size=7, anchor="middle")))
    assert any(p.startswith("a line") and "'remove 1 disc'" in p for p in layout_problems(through))
    touching = _picture(
        lambda d: (
            d.rect(10, 10, 96, 104, fill="#eee"),
            d.text(14, 31, "Homeward 2 (rounds 1-3)", size=6.5, weight="bold"),
        )
    )
    assert any("touches the edge" in p for p in layout_problems(touching))


def test_the_check_passes_what_is_laid_out_apart():
    clean = _picture(
        lambda d: (
            d.line(10, 60, 110, 20),
            d.rect(20, 25, 80, 30, fill="#eee"),  # a filled box drawn over the line hides it
            d.text(60, 44, "remove 1", size=7, anchor="middle"),
            d.text(200, 20, "one", size=10),
            d.text(200, 34, "two", size=10),
        )
    )
    assert layout_problems(clean) == []


def test_two_texts_on_one_spot_and_a_text_off_the_picture_are_found():
    both = _picture(
        lambda d: (d.text(10, 20, "left", size=10), d.text(20, 22, "right", size=10), d.text(280, 60, "off the edge"))
    )
    problems = layout_problems(both)
    assert any("'left'" in p and "overlaps 'right'" in p for p in problems)
    assert any("'off the edge'" in p and "leaves the picture" in p for p in problems)
