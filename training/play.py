"""``doubloon play GAME``: a person plays one game in the terminal against bots.

The board is drawn from the person's seat (their own hidden cards shown, nobody
else's); every legal move is listed with a number and its label. A move is chosen
by its number or by typing its label; anything else gets a message saying what
is accepted, and the question is asked again.
"""

import sys
import textwrap

import numpy as np

HELP = "Type a move's number or its label; 'b' board, 'm' moves, 'q' quit."
WIDTH = 80  # the terminal the screens are made for (80x50)


def _fill(text, indent=""):
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent + "    ",
                         break_long_words=False)


def _render(game, record, viewer):
    if game.name in BOARDS:
        return BOARDS[game.name](game, record, viewer)
    try:
        return game.render(record, viewer=viewer)
    except TypeError:  # a game whose render has no viewer
        return game.render(record)


# ----- Spanish Main: the outcome of every turn and a compact move list (80x50 screens) -----------
def _spanish_main_report(game, before, after, action, viewer):
    """The accusation's verdict and the adventure's effect, then the scores if they moved."""
    lines = game.turn_report(before, after, action, viewer)
    if len(lines) == 2 and len(lines[0]) + len(lines[1]) + 6 <= 76:
        lines = [f"{lines[0]}; {lines[1]}"]
    score, old = game.score_line(after, viewer), game.score_line(before, viewer)
    return lines + ([score] if score != old or before["turn"] == 0 else [])


def _spanish_main_moves(game, record, legal):
    return ["Your moves (a number, or a move's full label):"] + game.move_menu(record, legal)


def _spanish_main_board(game, record, viewer):
    return game.render(record, viewer=viewer, last_turn=False)  # the log above has said it


REPORTS = {"spanish_main": _spanish_main_report}  # game name -> lines after each turn
MOVE_LISTS = {"spanish_main": _spanish_main_moves}  # game name -> the numbered move list
BOARDS = {"spanish_main": _spanish_main_board}  # game name -> the board before the person's move


def _report(game, before, after, action, viewer):
    fn = REPORTS.get(game.name)
    return fn(game, before, after, action, viewer) if fn else []


def _moves(game, record, legal):
    fn = MOVE_LISTS.get(game.name)
    if fn:
        return fn(game, record, legal)
    return ["Your moves:"] + [f"  {i:>3}. {game.action_label(record, a)}" for i, a in enumerate(legal, 1)]


def _take_turn(game, state, action, who, viewer, write):
    """Log the action under the label it has now, apply it, then report its outcome."""
    before = state[0].copy()
    write(_fill(f"{who}: {game.action_label(before, action)}"))
    game.step(state, np.array([action]))
    for line in _report(game, before, state[0], action, viewer):
        write(_fill(line, "    "))


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
    write(_fill(f"{game.name}: you are player {human_seat}; " + ", ".join(label[s] for s in others) + "."))
    write(HELP)
    show_board = show_moves = True
    while not game.terminated(state)[0]:
        seat = int(game.current_player(state)[0])
        if seat != human_seat:
            bot = names[seat]
            action = int(bot(game.observe(state, seat), game.legal_action_mask(state))[0])
            _take_turn(game, state, action, label[seat], human_seat, write)
            show_board = True
            continue
        legal = game.legal_actions(state[0])
        if show_board:
            write("")
            write(_render(game, state[0], human_seat))
            show_moves, show_board = True, False
        if show_moves:
            for line in _moves(game, state[0], legal):
                write(line)
            show_moves = False
        write(f"Your move (1-{len(legal)}, a label, b, m, q):")
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
        if text.lower() in ("m", "moves"):
            show_moves = True
            continue
        if text.lower() in ("h", "help", "?"):
            write(HELP)
            continue
        action = _parse_move(game, state[0], legal, text)
        if isinstance(action, str):
            write(action)
            continue
        _take_turn(game, state, action, label[human_seat], human_seat, write)
        show_board = True

    scores, ranks = game.scores(state)[0], game.ranks(state)[0]
    write("")
    write(_render(game, state[0], human_seat))
    write(_fill("Final scores: " + ", ".join(f"{label[s]} {int(scores[s])}" for s in range(game.num_players))))
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
