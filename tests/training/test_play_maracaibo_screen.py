"""``doubloon play`` for Maracaibo in a 120 x 50 terminal (issue 37): every screen shown
before a prompt fits 50 rows and 120 columns, and what happened since the person's last
move (each opponent move, Jean's turns) stands under the board, next to the moves and
the prompt. Each test drives ``play`` with scripted input and reads the printed text."""

import numpy as np

import games
from tests.maracaibo.test_render import in_combat
from tests.maracaibo.test_rules_village import village
from training.play import play

ROWS, COLUMNS = 50, 120


class Random:
    """A bot that plays a seeded random legal action."""

    name = "random"

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs, mask):
        legal = np.flatnonzero(mask[0])
        return np.array([int(legal[self.rng.integers(len(legal))])])


def screens(game, count, seed=0, script=(), seat=0, state=None, bots=None):
    """Play ``count`` prompts (the ``script`` lines, then random move numbers 1-3);
    returns the screens (the lines printed up to and including each prompt), the
    actions played and how many had been played at each prompt."""
    if state is not None:  # the game starts there (shared game objects: restored below)
        game.init = lambda seeds: state.copy()
    out, shown, moves, marks, lines = [], [], [], [], list(script)
    rng = np.random.default_rng(seed)

    def read():
        shown.append("\n".join(out).splitlines())
        out.clear()
        marks.append(len(moves))
        if len(shown) > count:
            return "q\n"
        return (lines.pop(0) if lines else str(int(rng.integers(1, 4)))) + "\n"

    if bots is None:
        bots = [Random(seed + i) for i in range(game.num_players - 1)]
    try:
        play(game, bots, human_seat=seat, seed=seed, read=read, write=out.append, warm_up=False, moves=moves)
    finally:
        vars(game).pop("init", None)
    return shown, moves, marks


def check_fits(shown):
    for lines in shown:
        assert len(lines) <= ROWS, "\n".join(lines)
        assert max(map(len, lines), default=0) <= COLUMNS


def narration(lines):
    """The screen's text between the board and the move list, whitespace collapsed."""
    end = next(i for i, line in enumerate(lines) if line.startswith("Your moves ("))
    start = max(i for i, line in enumerate(lines[:end]) if line.startswith(("Display ", "Jean's solo board")))
    return " ".join(" ".join(lines[start + 1 : end]).split())


def check_narrated(game, shown, moves, marks, seed, names):
    """Every move made since the previous prompt is named under the board, by whom."""
    s = game.init(np.array([seed], dtype=np.int64))
    made = []
    for a in moves:
        made.append((int(game.current_player(s)[0]), game.action_label(s[0], a)))
        game.step(s, np.array([a]))
    boards = 0
    for k in range(1, len(shown)):
        since = made[marks[k - 1] : marks[k]]
        if not since or not any(line.startswith("Map: ") for line in shown[k]):
            continue
        boards += 1
        text = narration(shown[k])
        assert "earlier lines" not in text
        for seat, label in since:
            assert " ".join(label.split()) in text, (label, text)
            assert f"{names[seat]}:" in text
    return boards


def test_three_players_every_screen_fits_and_narrates_the_opponents():
    g = games.make("maracaibo", num_players=3)
    shown, moves, marks = screens(g, 40, seed=4)
    check_fits(shown)
    names = {0: "player 0 (you)", 1: "player 1 (random)", 2: "player 2 (random)"}
    assert check_narrated(g, shown, moves, marks, 4, names) > 10
    first = shown[0]  # MA-3: the start, the person's dealt cards and careers
    assert first[0].startswith("maracaibo: you are player 0;") and any("Your dealt cards" in x for x in first)
    opponents = [k for k in range(1, len(shown)) if "player 2 (random):" in " ".join(shown[k])]
    assert opponents  # the opponents' turns stood next to the prompt


def test_four_players_as_the_last_seat_fit():
    g = games.make("maracaibo", num_players=4)
    shown, moves, marks = screens(g, 30, seed=2, seat=3)
    check_fits(shown)
    names = {0: "player 0 (random)", 1: "player 1 (random)", 2: "player 2 (random)", 3: "player 3 (you)"}
    assert check_narrated(g, shown, moves, marks, 2, names) > 5


def test_solo_screens_fit_and_narrate_jean():
    # MA-24: Jean moves inside the person's step; her turns are narrated under the board
    g = games.make("maracaibo_solo")
    shown, moves, marks = screens(g, 60, seed=2)
    check_fits(shown)
    assert check_narrated(g, shown, moves, marks, 2, {0: "player 0 (you)"}) > 10
    jean = [k for k in range(len(shown)) if any(line.startswith("Jean: card ") for line in shown[k])]
    assert jean and all("Jean: card " in narration(shown[k]) for k in jean)


def test_a_combat_screen_fits_and_names_v():
    # MA-8.4 / MA-8.6: the combat line says what V is; the combat menu fits
    g, s, p = in_combat()
    shown, _, _ = screens(g, 3, state=s, seat=p, script=["i"])
    check_fits(shown)
    first = shown[0]
    assert any(line.startswith("Combat: token ") and "combat value V " in line for line in first)
    assert any("(costs V " in line for line in first)
    assert any("V combat value" in line for line in shown[1])  # the bare 'i': the legend


def test_a_long_village_menu_fits_and_pages_in_a_smaller_terminal(monkeypatch):
    # MA-11.3: the village options with U8, U9 and U10 built
    g, s, p = village(mp=7, upgrades=(7, 8, 9), hand_cards=["A012", "A016", "A011", "A001", "A003", "A004"])
    shown, _, _ = screens(g, 2, state=s, seat=p, script=["m"])
    check_fits(shown)
    count = int(shown[0][-1].split("(1-")[1].split(",")[0])
    assert count >= 8
    monkeypatch.setattr(type(g), "screen_rows", 30)  # a shorter terminal: the list is paged
    shown, moves, _ = screens(g, 5, state=s, seat=p, script=["more", "l", "d", str(count)])
    assert all(len(lines) <= 30 for lines in shown)
    assert "more lines of moves: 'more' shows them" in shown[0][-2]
    assert "Nothing has happened since your last move." in shown[2]  # 'l' on the first screen
    assert "Board:" in shown[3] and "more lines: 'more' shows them" in shown[3][-2]  # 'd': the whole board, paged
    last = g.action_label(s[0], g.legal_actions(s[0])[count - 1])
    assert f"{count:>3}. {last}" in "\n".join(shown[1])  # 'more': the rest of the list
    assert moves[0] == g.legal_actions(s[0])[count - 1]  # a number beyond the first page is that move
