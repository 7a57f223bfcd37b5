"""``doubloon play`` in a 120 x 50 terminal (issue 37): for Spanish Main (80 columns),
Pirates of Nassau and El Caballero (``screen_rows``, ``screen_width``: 50 rows of 120
columns), whole games and the longest menus, the screen printed before each prompt fits,
and the opponents' moves since the person's last one are printed next to the move list."""

import re

import numpy as np
import pytest

import games
from games.pirates_of_nassau.state import Step
from tests.pirates_of_nassau.positions import load, set_hold, to_step
from training.bots import make_bots
from training.play import WIDTH, play

BOT_MOVE = re.compile(r"^(P\d|player [A-D0-9]) \((random|heuristic)\): ")


def played(game, state=None, seat=0, script=(), seed=3, answers=None):
    """A game played by random bots and a person who types ``script``, then always the
    last move offered (the longest labels, the later menus); the printed lines. ``answers``
    receives what was typed at each prompt."""
    if state is not None:
        game.init = lambda seeds: state.copy()
    out, script = [], list(script)

    def read():
        last = re.match(r"Your move \(1-(\d+)", out[-1].splitlines()[-1])
        answer = script.pop(0) if script else last.group(1) if last else "q"
        if answers is not None:
            answers.append(answer)
        return answer + "\n"

    play(game, make_bots("random", game, seed=seed), human_seat=seat, seed=seed, read=read, write=out.append)
    return "\n".join(out).splitlines()


def screens(lines):
    """What is printed before each prompt, the prompt included; the last: the end of the game."""
    blocks, block = [], []
    for line in lines:
        block.append(line)
        if line.startswith("Your move ("):
            blocks.append(block)
            block = []
    return blocks, block


def assert_fits(game, lines, moved=True):
    """Every screen fits; where opponents moved since the person's last move (``moved``: in
    some screen at least), their latest move is printed just above the move list."""
    blocks, end = screens(lines)
    rows, width = getattr(game, "screen_rows", 50), getattr(game, "screen_width", WIDTH)
    assert blocks and max(map(len, lines)) <= width <= 120
    assert max(map(len, blocks)) <= rows <= 50
    assert len(end) <= rows
    told = 0
    for block in blocks:
        moves = [i for i, line in enumerate(block) if BOT_MOVE.match(line)]
        if not moves or not any(line.startswith("Your moves") for line in block) or not hasattr(game, "screen_rows"):
            continue
        told += 1
        menu = next(i for i, line in enumerate(block) if line.startswith("Your moves"))
        # the latest opponent's move, then only its outcome (indented) or the person's forced moves, then the moves
        assert moves[-1] < menu, block
        assert all(line.startswith(" ") or "(you): " in line for line in block[moves[-1] + 1 : menu]), block
    assert told > 0 or not moved or not hasattr(game, "screen_rows")  # Spanish Main tells each move above its board
    return blocks, end


@pytest.mark.parametrize(
    "name, options",
    [
        ("spanish_main", dict(num_players=4, move_cards_in_hand=True)),
        ("pirates_of_nassau", dict(num_players=5)),
        ("el_caballero", dict(num_players=4)),
        ("el_caballero", dict(num_players=4, expanded=True)),
    ],
)
def test_every_screen_of_a_whole_game_fits(name, options):
    game = games.make(name, **options)
    blocks, end = assert_fits(game, played(game))
    assert any(line.startswith(("Final scores: ", "Victory points: ")) for line in end)  # the end of the game fits


def test_the_longest_nassau_menu_fits():
    # PN-11.4, PN-11.6: a rich ship in the buy step may buy any display token onto any slot of its kind
    game = games.make("pirates_of_nassau", num_players=5)
    state = game.init(np.array([1]))
    to_step(state, Step.BUY)
    seat = int(state[0]["current_player"])
    set_hold(state, seat, gunpowder=3, goods=3, rum=3, peso=6)
    state = load(game, state)
    count = len(game.legal_actions(state[0]))
    lines = played(game, state, seat=seat, script=["q"])
    assert f"Your move (1-{count}, a label, b, m, i ID, q):" in lines and count > 20
    assert any(line.startswith("  Buy ") and "onto slot:" in line for line in lines)
    assert_fits(game, lines, moved=False)


def test_numbers_start_at_1_and_details_come_on_request():
    game = games.make("pirates_of_nassau", num_players=3)
    answers = []
    script = ["i La Havana", "i captain 1", "d", "s", "1", "1", "1", "1", "1", "1", "l", "q"]
    lines = played(game, script=script, seed=4, answers=answers)
    text = "\n".join(lines)
    assert "Port La Havana at 1 (PD-1): raided with cannon above 5" in text  # a name with a space
    assert "Captain card 1 (PD-4): sail 3, cannon 3" in text
    assert re.search(r"captain cards 1:3/3 2:2/2 3:2/1 4:1/2", text)  # PD-4, numbered from 1
    assert "Board:" in text and "   1 port La Havana" in text  # 'd': the full board, every space spelled out
    # 'l': every move since the person's last one, even those the screen left out
    blocks, _ = screens(lines)
    log = blocks[answers.index("l") + 1][:-1]
    assert log and any(BOT_MOVE.match(line) for line in log)
    assert all(line in blocks[answers.index("l")] for line in log[-2:])  # the latest were on the screen
    # the running victory points: printed when they change and on request ('s'), not with every board
    assert "Victory points if the game ended now" in text


def bot_lines(block):
    return [line for line in block if BOT_MOVE.match(line)]


def test_a_choice_after_your_own_tells_nothing_older_again():
    """Several choices of yours in a row (EC-6.2-EC-6.4: an area card, its cell, then
    caballeros) with no opponent's move between: the next screen does not tell again the
    opponents' moves that came before your earlier choice."""
    game = games.make("el_caballero", num_players=2)
    blocks, _ = screens(played(game))
    repeated = [
        i for i in range(1, len(blocks)) if bot_lines(blocks[i]) and bot_lines(blocks[i]) == bot_lines(blocks[i - 1])
    ]
    assert len(blocks) > 20 and not repeated, blocks[repeated[0]] if repeated else None
