"""``doubloon play GAME``: a person plays one game in the terminal against bots.

The board is drawn from the person's seat (their own hidden cards shown, nobody
else's); every legal move is listed with a number and its label. A move is chosen
by its number or by typing its label; anything else gets a message saying what
is accepted, and the question is asked again. After every move, the person's and
the bots' alike, its outcome is printed.

What a game can add, each optional and looked up on the ``Game``:
``render(record, viewer=, width=)``; ``turn_report(before, after, action, viewer)``,
the outcome of one move (Spanish Main: the verdict, the adventure's effect);
``score_line(record, viewer)``, printed when it changes; ``move_menu(record, legal,
width)``, a compact numbered move list; ``narrate(before, after)``, moves made inside
``step`` (Maracaibo solo: Jean's turns); ``outcome(record)``, the final result line;
``opponents()``, who a one-seat game is played against; ``compile_minutes``;
``seat_name(seat)``, how the game's texts name a seat ("player B"); ``score_text(score)``,
a final score with its unit ("78 points"); ``awaits_completion(record)``, whether the move
just made waits for the next one to complete it (El Caballero: a placement's card, then
its cell), so that only the whole move is narrated.

The ``i ID`` command is offered only by a game that answers it: its ``info(text)``
returns what the id (or name) ``text`` names, or None for nothing; ``legend(record)``,
optional, lists what a bare ``i`` shows. ``menu_order(record, legal)``, optional, gives
the moves the list offers in the order it shows them (a grouped ``move_menu``: the
numbers then run 1, 2, 3 down the screen); it may leave out a move that does the same
as one it keeps (El Caballero's symmetric placements), never all of them.

``screen_rows``, optional: the rows the game's screen fits (Maracaibo: 50 rows at its
``screen_width`` columns, else ``WIDTH``). The board is then ``render(..., compact=True)``, the
moves since the person's last choice are printed under it, next to the move list and the
prompt, and what does not fit is paged (training/screen.py: 'l' the whole narration,
'more' the rest of a list, 'd' the whole board).

``svg_dir`` (``doubloon play --svg-dir DIR``) saves the board as the person sees it
(``Game.render_svg``) after the deal and after every move: DIR/step-0000.svg, ...
"""

import functools
import itertools
import os
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np

from envs.seats import play_seats
from games.core.files import write_atomically
from training.screen import Log, fit_screen, page

WIDTH = 80  # the board and the move list fit an 80-column terminal
MATCHES_SHOWN = 8  # an ambiguous label lists at most this many of the moves it fits


def has_info(game):
    """Whether ``game`` answers ``i ID`` (it has an ``info``)."""
    return callable(getattr(game, "info", None))


def help_text(game):
    """What the person may type; ``i ID`` only where the game answers it, ``s`` where it has a score line."""
    info = " 'i ID' explains a card or piece named on the board;" if has_info(game) else ""
    scores = " 's' the scores," if callable(getattr(game, "score_line", None)) else ""
    paged = (
        " 'd' the whole board, 'l' all that happened since your last move, 'more' the rest of a long list;"
        if getattr(game, "screen_rows", None)
        else ""
    )
    return (
        f"Enter the number of a move or its label (or the start of one). 'b' shows the board again, "
        f"'m' the moves,{scores}{info}{paged} 'q' quits."
    )


def prompt(game, count):
    return f"Your move (1-{count}, a label, b, m, {'i ID, ' if has_info(game) else ''}q):"


def _render(game, record, viewer, last=None, width=WIDTH, compact=False):
    """The board from ``viewer``'s seat; its "Last:" line replaced by ``last`` (the label
    computed before that move was applied: afterwards a played hand card is gone).
    ``compact``: the game's short board (a game with ``screen_rows``)."""
    if compact:
        return game.render(record, viewer=viewer, width=width, compact=True)
    # the log above the board has said the last move: a board's own last-turn line is left out
    # a board that repeats the running scores leaves them out: they are printed when they change ('s' on request)
    for kwargs in (
        {"viewer": viewer, "width": width, "scores": False},
        {"viewer": viewer, "width": width},
        {"viewer": viewer, "last_turn": False},
        {"viewer": viewer},
        {},
    ):
        try:
            text = game.render(record, **kwargs)
            break
        except TypeError:  # a game whose render has no width / viewer
            continue
    if last:
        lines = text.splitlines()
        at = [i for i, line in enumerate(lines) if line.startswith("Last: ")]
        if at:
            lines[at[-1] : at[-1] + 1] = textwrap.wrap(f"Last: {last}", width, subsequent_indent="    ")
            text = "\n".join(lines)
    return text


def kernels_cached(game, bots=()):
    """Whether numba has this game's compiled kernels (and the bots' modules' kernels)
    on disk, else the first game compiles them: minutes for Maracaibo. Unknown (no
    numba cache) counts as cached."""
    kernels = list(vars(game.kernels).values())
    for bot in bots:
        kernels += list(vars(sys.modules.get(type(bot).__module__, bot)).values())
    for kernel in kernels:
        cache = getattr(kernel, "_cache", None)
        index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
        if index is not None and not os.path.exists(index):
            return False
    return True


def terminal_status(text, stream=None):
    """Overwrite the terminal's current line with ``text``, the cursor left at its start
    (no newline): a status that updates, and the next line is written over it."""
    stream = stream or sys.stdout
    stream.write("\r" + text.ljust(WIDTH - 1)[: WIDTH - 1] + "\r")
    stream.flush()


def _warm_up(game, bots, seed, write, status=None, tick=1.0):
    """Compile the kernels before the game starts, saying so. ``status`` (a terminal):
    one line that counts the seconds, overwritten in place; otherwise no line until the end."""
    minutes = getattr(game, "compile_minutes", 1)
    write(
        _wrapped(
            f"{game.name}: compiling the game's kernels (first run only, about {minutes} "
            f"minute{'s' if minutes != 1 else ''}); later games start at once."
        )
    )
    done = threading.Event()
    start = time.monotonic()

    def ticker():
        while not done.wait(tick):
            status(f"  ... compiling, {int(time.monotonic() - start)} s")

    thread = threading.Thread(target=ticker, daemon=True)
    if status:
        thread.start()
    try:
        state = game.init(np.array([seed], dtype=np.int64))
        mask = game.legal_action_mask(state)
        game.observe(state, 0)
        game.scores(state), game.ranks(state)
        for bot in bots:
            bot_action(game, bot, state)
        game.step(state, np.array([int(np.flatnonzero(mask[0])[0])]))
    finally:
        done.set()
        if status:
            thread.join()
            status("")  # blanked: the result line is written over it
    write(f"  compiled in {int(time.monotonic() - start)} s.")


def bot_action(game, bot, state):
    """The move of ``bot`` in the one live game of ``state`` (a search bot plans from it)."""
    seat = game.current_player(state)
    return int(play_seats(game, state, seat, np.zeros(1, dtype=np.int64), [bot])[2][0])


def _wrapped(text):
    """``text`` wrapped to the terminal width (continuation lines indented)."""
    return "\n".join(textwrap.fill(line, WIDTH, subsequent_indent="    ") for line in text.splitlines())


def _show_moves(game, record, legal, write, width=WIDTH):
    """The numbered move list; ``legal`` is already in screen order (``_screen_order``)."""
    for line in _move_lines(game, record, legal, width):
        write(line)


def _move_lines(game, record, legal, width=WIDTH):
    menu = getattr(game, "move_menu", None)  # a compact, grouped list (Spanish Main)
    if menu:
        return ["Your moves (a number, or a move's label or its start):"] + list(menu(record, legal, width))
    lines = ["Your moves:"]
    for i, a in enumerate(legal, 1):
        for line in textwrap.wrap(f"{i:>3}. {game.action_label(record, a)}", width - 2, subsequent_indent="       "):
            lines.append("  " + line)
    return lines


def _screen_order(game, record, legal):
    """The moves the list offers, in the order it shows them, so its numbers ascend."""
    order = getattr(game, "menu_order", None)
    if order is None:
        return list(legal)
    ordered = [int(a) for a in order(record, legal)]
    if not ordered or len(set(ordered)) != len(ordered) or not set(ordered) <= {int(a) for a in legal}:
        raise ValueError(f"{game.name}: menu_order must return legal actions, each at most once, and one at least")
    return ordered


def _info(game, record, text):
    """The answer to 'i ID': the game's description of what ID names."""
    if not has_info(game):
        return f"{game.name} has no 'i' command: the board and the move labels say everything."
    if not text:
        legend = getattr(game, "legend", None)
        return _wrapped("\n".join(legend(record))) if legend else "Type 'i' and an id from the board, e.g. 'i A01'."
    answer = game.info(text)
    return _wrapped(answer) if answer else f"Nothing is called {text!r}: try an id or name shown on the board."


def outcome_lines(game, before, after, action, viewer, first=False):
    """What one move did (the game's ``turn_report``), then the scores if they moved
    (and after the ``first`` move of the game)."""
    report = getattr(game, "turn_report", None)
    lines = list(report(before, after, action, viewer)) if report else []
    score_line = getattr(game, "score_line", None)
    if score_line and not after["terminated"]:  # the final board and result say the final scores
        score, old = score_line(after, viewer), score_line(before, viewer)
        if score != old or first:
            lines.append(score)
    return lines


def _seen_label(game, record, action, viewer):
    """The move's label as ``viewer`` may read it: a secret move of another seat (a Maracaibo
    vote, GAP-59) by its family alone ("vote")."""
    if viewer is not None and viewer != int(record["current_player"]) and game.secret_move(record, action):
        return game.action_layout.locate(action)[0].name.replace("_", " ")
    return game.action_label(record, action)


def _take_turn(game, state, action, who, viewer, write, first=False, forced=False, log=None):
    """Log the move under the label it has now (a played card is gone afterwards),
    apply it, report its outcome and any moves made inside ``step``; returns the
    text for the board's "Last:" line, None for the first half of a move (the game's
    ``awaits_completion``), which the move completing it narrates whole. ``first``: the game's first move (its scores
    are printed); ``forced``: the person's only legal move; ``log`` (a ``Log``): the
    narration is kept there for the next screen instead of written."""
    before = state[0].copy()
    said = _seen_label(game, before, action, viewer)
    last = f"{who}: {said}"
    game.step(state, np.array([action]))
    half = getattr(game, "awaits_completion", None)
    if half and half(state[0]) and not game.terminated(state)[0]:
        return None  # the move that completes it is narrated whole
    outcome = outcome_lines(game, before, state[0], action, viewer, first)
    narrate = getattr(game, "narrate", None)  # Maracaibo solo: Jean's turns
    narration = list(narrate(before, state[0])) if narrate else []
    if log is not None:
        log.move(who, said + (" (your only move)" if forced else ""), outcome)
        for line in narration:
            log.line(line)
        return last
    write(_wrapped(last + (" (your only move)" if forced else "")))
    for line in outcome:
        write(textwrap.fill(line, WIDTH, initial_indent="    ", subsequent_indent="        "))
    for line in narration:
        write(_wrapped(line))
        last += f"; then {line}"
    return last


def seat_name(game, seat):
    """A seat as the game's board names it ("player B"), else "player 2"."""
    return game.seat_name(seat) if hasattr(game, "seat_name") else f"player {seat}"


def _intro(game, human_seat, label, others):
    if not others:  # a one-seat game: the rules' own opponent (Maracaibo solo: Jean)
        against = game.opponents() if hasattr(game, "opponents") else "the game itself"
        return f"{game.name}: you play against {against}. {help_text(game)}"
    return (
        f"{game.name}: you are {seat_name(game, human_seat)}; "
        + ", ".join(label[s] for s in others)
        + f". {help_text(game)}"
    )


def board_saver(game, svg_dir, seat):
    """A function that writes a record's board, as ``seat`` sees it, to the next
    ``svg_dir``/step-NNNN.svg (the folder is made here); without ``svg_dir`` it does nothing."""
    if svg_dir is None:
        return lambda record: None
    folder = Path(svg_dir)
    folder.mkdir(parents=True, exist_ok=True)
    steps = itertools.count()

    def save(record):
        write_atomically(folder / f"step-{next(steps):04d}.svg", game.render_svg(record, player=seat))

    return save


def play(
    game, bots=(), human_seat=0, seed=0, read=None, write=None, warm_up=None, status=None, svg_dir=None, moves=None
):
    """Play one game; ``bots[i]`` plays the i-th seat other than the person's (a
    one-seat game needs none). ``warm_up``: compile the kernels first, saying so
    (default: when they are not cached yet); ``status`` shows the seconds it takes on
    one line that updates (default: on a terminal, when ``write`` is not given).
    ``svg_dir``: a folder that receives the board after the deal and after every move
    (``board_saver``). ``moves``: a list that receives every action played, in order
    (what a recording keeps).

    Returns the final scores, or None if the person quit or input ended.
    """
    read = read or sys.stdin.readline
    if write is None:
        write = functools.partial(print, flush=True)
        status = status or (terminal_status if sys.stdout.isatty() else None)
    if not 0 <= human_seat < game.num_players:
        raise ValueError(f"seat must be in 0..{game.num_players - 1}, got {human_seat}")
    names = {}
    others = [s for s in range(game.num_players) if s != human_seat]
    if others and not bots:
        raise ValueError(f"{game.name} has {game.num_players} seats: give bots for the other seats")
    for i, seat in enumerate(others):
        names[seat] = bots[i % len(bots)]
    label = {seat: f"{seat_name(game, seat)} ({bot.name})" for seat, bot in names.items()}
    label[human_seat] = f"{seat_name(game, human_seat)} (you)"

    if warm_up if warm_up is not None else not kernels_cached(game, bots):
        _warm_up(game, bots, seed, write, status)
    save_board = board_saver(game, svg_dir, human_seat)
    state = game.init(np.array([seed], dtype=np.int64))
    save_board(state[0])

    def moved(action):
        """After every move: the board saved (``svg_dir``) and the action kept (``moves``)."""
        save_board(state[0])
        if moves is not None:
            moves.append(action)

    rows, width = getattr(game, "screen_rows", None), getattr(game, "screen_width", WIDTH)
    log = Log() if rows else None  # a screen of ``rows``: the narration waits for the board
    narration, rest = [], []  # the narration the screen showed ('l'); the lines a page left ('more')
    intro = textwrap.fill(_intro(game, human_seat, label, others), width, subsequent_indent="    ")
    write(intro)
    used = len(intro.splitlines())  # rows the first screen leaves to the intro
    last = None  # the latest move as printed, for the board's "Last:" line
    show_board = True
    while not game.terminated(state)[0]:
        seat = int(game.current_player(state)[0])
        if seat != human_seat:
            bot = names[seat]
            action = bot_action(game, bot, state)
            last = _take_turn(game, state, action, label[seat], human_seat, write, last is None, log=log) or last
            moved(action)
            show_board = True
            continue
        legal = _screen_order(game, state[0], game.legal_actions(state[0]))
        if len(legal) == 1:  # a forced move is made, not asked for
            last = (
                _take_turn(game, state, legal[0], label[human_seat], human_seat, write, last is None, True, log) or last
            )
            moved(legal[0])
            continue
        if show_board and rows:
            narration = log.lines(width)  # empty after a choice that followed your own: never an older round's
            log.clear()
            board = _render(game, state[0], human_seat, width=width, compact=True).splitlines()
            screen, rest = fit_screen([""] + board, narration, _move_lines(game, state[0], legal, width), rows - used)
            write("\n".join(screen))
            show_board = False
        elif show_board:
            write("")
            write(_render(game, state[0], human_seat, last))
            _show_moves(game, state[0], legal, write)
            show_board = False
        write(prompt(game, len(legal)))
        line = read()
        used = 0
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
            write(_wrapped(help_text(game)))
            continue
        if text.lower() in ("m", "moves"):
            if rows:
                shown, rest = page(_move_lines(game, state[0], legal, width), rows)
                write("\n".join(shown))
            else:
                _show_moves(game, state[0], legal, write)
            continue
        if rows and text.lower() in ("more", "l", "log", "d", "details"):
            if text.lower() in ("l", "log"):
                rest = narration or ["Nothing has happened since your last move."]
            elif text.lower() in ("d", "details"):
                rest = _render(game, state[0], human_seat, width=width).splitlines()
            shown, rest = page(rest or ["Nothing more to show: 'b' the screen again."], rows)
            write("\n".join(shown))
            continue
        if text.lower() in ("s", "scores") and callable(getattr(game, "score_line", None)):
            write(_wrapped(game.score_line(state[0], human_seat)))
            continue
        if text.lower() == "i" or text.lower().startswith(("i ", "info")):
            write(_info(game, state[0], text.split(None, 1)[1] if " " in text else ""))
            continue
        action = parse_move(game, state[0], legal, text)
        if isinstance(action, str):
            write(_wrapped(action))
            continue
        last = _take_turn(game, state, action, label[human_seat], human_seat, write, last is None, log=log) or last
        moved(action)
        show_board = True

    scores, ranks = game.scores(state)[0], game.ranks(state)[0]
    write("")
    board = _render(game, state[0], human_seat, last, width, compact=bool(rows))
    write(board)
    if rows and log.entries:  # the latest of it, the final board and result within the screen
        told, keep = log.lines(width), max(rows - 4 - len(board.splitlines()), 2)
        if len(told) > keep:
            told = [f"({len(told) - keep + 1} earlier lines of what happened left out)"] + told[-(keep - 1) :]
        write("\n".join(told))
    if hasattr(game, "outcome"):  # the game's own result line (Maracaibo solo: you against Jean)
        result = game.outcome(state[0])
        if result not in board:
            write(result)
        return scores
    score_text = getattr(game, "score_text", lambda score: str(int(score)))  # the unit, where the game names one
    finals = ", ".join(f"{label[s]} {score_text(scores[s])}" for s in range(game.num_players))
    write(_wrapped(f"Final scores: {finals}"))
    winner = int(np.argmin(ranks))
    write(f"Winner: {label[winner]}" + ("  -- well played!" if winner == human_seat else ""))
    return scores


def parse_move(game, record, legal, text):
    """The chosen action, or a message saying why ``text`` is not a move: a number in
    the list, a label, or the start of exactly one label (case and spacing ignored)."""
    if not text:
        return f"Please type a move. {help_text(game)}"
    if text.isdigit():
        i = int(text)
        if 1 <= i <= len(legal):
            return legal[i - 1]
        return f"There is no move {i}: choose a number from 1 to {len(legal)}."
    wanted = " ".join(text.lower().split())
    labels = [" ".join(game.action_label(record, a).lower().split()) for a in legal]
    if wanted in labels:  # a whole label, even where it starts a longer one
        return legal[labels.index(wanted)]
    matches = [i for i, label in enumerate(labels) if label.startswith(wanted)]
    if len(matches) == 1:
        return legal[matches[0]]
    if not matches:
        return f"{text!r} is not a legal move here, nor the start of one. {help_text(game)}"
    shown = [f"{i + 1}. {game.action_label(record, legal[i])}" for i in matches[:MATCHES_SHOWN]]
    more = f"; and {len(matches) - MATCHES_SHOWN} more" if len(matches) > MATCHES_SHOWN else ""
    return _wrapped(
        f"{text!r} is ambiguous: it starts {len(matches)} moves: "
        + "; ".join(shown)
        + more
        + ". Type more of the label, or its number."
    )
