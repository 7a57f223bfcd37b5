"""``doubloon play GAME``: a person plays one game in the terminal against bots.

The board is drawn from the person's seat (their own hidden cards shown, nobody
else's); every legal move is listed with a number and its label. A move is chosen
by its number or by typing its label; anything else gets a message saying what
is accepted, and the question is asked again.
"""

import sys

import numpy as np

HELP = "Enter the number of a move or its label. 'b' shows the board again, 'q' quits."


def _render(game, record, viewer):
    try:
        return game.render(record, viewer=viewer)
    except TypeError:  # a game whose render has no viewer
        return game.render(record)


def play(game, bots, human_seat=0, seed=0, read=None, write=None):
    """Play one game; ``bots[i]`` plays the i-th seat other than the person's.

    Returns the final scores, or None if the person quit or input ended.
    """
    read = read or sys.stdin.readline
    write = write or (lambda text: print(text, flush=True))
    if not 0 <= human_seat < game.num_players:
        raise ValueError(f"seat must be in 0..{game.num_players - 1}, got {human_seat}")
    names = {}
    others = [s for s in range(game.num_players) if s != human_seat]
    for i, seat in enumerate(others):
        names[seat] = bots[i % len(bots)]
    label = {seat: f"player {seat} ({bot.name})" for seat, bot in names.items()}
    label[human_seat] = f"player {human_seat} (you)"

    state = game.init(np.array([seed], dtype=np.int64))
    write(f"{game.name}: you are player {human_seat}; " + ", ".join(label[s] for s in others) + f". {HELP}")
    show_board = True
    while not game.terminated(state)[0]:
        seat = int(game.current_player(state)[0])
        if seat != human_seat:
            bot = names[seat]
            action = int(bot(game.observe(state, seat), game.legal_action_mask(state))[0])
            write(f"{label[seat]}: {game.action_label(state[0], action)}")
            game.step(state, np.array([action]))
            show_board = True
            continue
        legal = game.legal_actions(state[0])
        if show_board:
            write("")
            write(_render(game, state[0], human_seat))
            write("Your moves:")
            for i, a in enumerate(legal, 1):
                write(f"  {i:>3}. {game.action_label(state[0], a)}")
            show_board = False
        write(f"Your move (1-{len(legal)}, a label, b, q):")
        line = read()
        if line == "":
            write("Input ended; the game is abandoned.")
            return None
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            write("You left the game.")
            return None
        if text.lower() in ("b", "board"):
            show_board = True
            continue
        if text.lower() in ("h", "help", "?"):
            write(HELP)
            continue
        action = _parse_move(game, state[0], legal, text)
        if isinstance(action, str):
            write(action)
            continue
        write(f"{label[human_seat]}: {game.action_label(state[0], action)}")
        game.step(state, np.array([action]))
        show_board = True

    scores, ranks = game.scores(state)[0], game.ranks(state)[0]
    write("")
    write(_render(game, state[0], human_seat))
    write("Final scores: " + ", ".join(f"{label[s]} {int(scores[s])}" for s in range(game.num_players)))
    winner = int(np.argmin(ranks))
    write(f"Winner: {label[winner]}" + ("  -- well played!" if winner == human_seat else ""))
    return scores


def _parse_move(game, record, legal, text):
    """The chosen action, or a message saying why ``text`` is not a move."""
    if not text:
        return f"Please type a move. {HELP}"
    if text.isdigit():
        i = int(text)
        if 1 <= i <= len(legal):
            return legal[i - 1]
        return f"There is no move {i}: choose a number from 1 to {len(legal)}."
    try:
        return game.action_from_label(record, text)
    except ValueError:
        return f"{text!r} is not a legal move here. {HELP}"
