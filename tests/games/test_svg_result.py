"""A finished game's picture says who won and the final scores, from the engine's
``scores`` and ``ranks`` (games/core/result.py), in every game."""

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import games
from games.core.result import result_line

SVG = "{http://www.w3.org/2000/svg}"


def play_out(game, seed):
    """The first position and the end of one random game."""
    state = game.init(np.array([seed]))
    rng = np.random.default_rng(seed)
    first = state[0].copy()
    while not state["terminated"][0]:
        game.step(state, np.array([rng.choice(game.legal_actions(state[0]))]))
    return first, state[0].copy()


def words(picture):
    return "\n".join("".join(t.itertext()) for t in ET.fromstring(picture).iter(f"{SVG}text"))


# (game, how the picture names seat s, how it writes a score) - the winner rules drawn:
# SM-8.3 (highest fame, SM-8.4/8.5 tie-breaks), MA-22/MA-23 (most VP, ties share),
# PN-1.3 (most VP), EC-9.2/EC-9.3 (highest total, in points: EC-8.7 keeps twelfths inside)
CASES = {
    "spanish_main": (lambda s: f"player {s}", lambda v: f"{v} fame"),
    "maracaibo": (lambda s: f"P{s}", lambda v: f"{v} VP"),
    "pirates_of_nassau": (lambda s: f"P{s}", lambda v: f"{v} VP"),
    "el_caballero": (lambda s: f"player {'ABCDE'[s]}", None),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_finished_board_names_the_winner_and_the_final_scores(name):
    game = games.make(name)
    seat, score = CASES[name]
    for seed in (1, 2):
        first, last = play_out(game, seed)
        state = np.array([last])
        scores, ranks = game.scores(state)[0], game.ranks(state)[0]
        winners = [seat(s) for s in range(game.num_players) if ranks[s] == 0]
        for viewer in (None, 0):
            text = words(game.render_svg(last, player=viewer))
            line = next(t for t in text.splitlines() if t.startswith("Winner"))
            assert re.match(rf"(Winner|Winners \(tied\)): {re.escape(', '.join(winners))} - final scores: ", line)
            for s in range(game.num_players):
                worded = game.score_text(scores[s]) if score is None else score(int(scores[s]))
                assert f"{seat(s)} {worded}" in line
        assert "Winner" not in words(game.render_svg(first))  # nobody has won at the deal


def test_el_caballero_writes_points_not_twelfths():
    # EC-8.7: scores are kept in twelfths; a person reads points
    game = games.make("el_caballero")
    _, last = play_out(game, 1)
    twelfths = game.scores(np.array([last]))[0]
    line = next(t for t in words(game.render_svg(last)).splitlines() if t.startswith("Winner"))
    for s, value in enumerate(twelfths):
        assert f"player {'ABCDE'[s]} {game.score_text(value)}" in line
    assert all(f" {int(v)} points" not in line for v in twelfths if int(v) % 12)


def test_the_solo_board_says_who_won_against_jean():
    # MA-24: you against Jean; rank 0 means you have at least her VP
    game = games.make("maracaibo_solo")
    _, last = play_out(game, 1)
    state = np.array([last])
    you, jean = int(game.scores(state)[0, 0]), int(game.jean_scores(state)[0])
    text = words(game.render_svg(last, player=0))
    verdict = (
        "a draw" if you == jean else (f"you win by {you - jean} VP" if you > jean else f"Jean wins by {jean - you} VP")
    )
    assert f"Final scores: you {you} VP" in text and f"{jean} VP -- {verdict}" in text


class _Tied:
    """Two seats that share the win (as EC-9.3 and MA-23 allow), and a third."""

    num_players, dtype = 3, np.dtype([("x", "i1")])

    def one_record(self, record):
        return record

    def terminated(self, state):
        return np.array([True])

    def scores(self, state):
        return np.array([[7, 7, 3]])

    def ranks(self, state):
        return np.array([[0, 0, 2]])


def test_tied_winners_are_all_named():
    line = result_line(_Tied(), np.zeros((), dtype=_Tied.dtype))
    assert line == "Winners (tied): player 0, player 1 - final scores: player 0 7, player 1 7, player 2 3"
