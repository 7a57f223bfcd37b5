"""What ``doubloon play spanish_main`` shows in a 120 x 50 terminal: every screen, from one
question to the next (the opponents' moves, the board, the move list and the prompt),
fits, and the narration names ships as the menus do (E1, D3)."""

import re

import games
from training.bots import make_bots
from training.play import play

COLUMNS, ROWS = 120, 50


def screens(game, seed):
    """The text a person sees before each of their questions, one string per question."""
    out = []
    play(game, make_bots("heuristic", game, seed=seed), seed=seed, read=lambda: "1\n", write=out.append, warm_up=False)
    text = "\n".join(out)
    return [s + "Your move" for s in text.split("Your move")[:-1]], text


def test_every_screen_fits_120_by_50():
    shown, text = screens(games.make("spanish_main", num_players=3), seed=1)
    assert shown
    for screen in shown:
        lines = screen.strip("\n").splitlines()
        assert len(lines) <= ROWS and max(map(len, lines)) <= COLUMNS, screen


def test_the_narration_names_ships_by_name():
    # SM-5.1, SM-5.2: a move card's target is a ship, named as the board and the menus name it
    _, text = screens(games.make("spanish_main", num_players=3), seed=1)
    assert not re.search(r": ships? \d", text)
    assert re.search(r"\): [A-Z][A-Za-z' ]+: [ESD][1-3](\+[ESD][1-3])? at \d", text)
