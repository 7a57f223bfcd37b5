"""``doubloon play spanish_main``: every turn's outcome, the scores, and 80x50 screens."""

import games
from training.bots import make_bots
from training.play import play


def scripted(options, seed=0, script=("1",) * 300, seat=0):
    g = games.make("spanish_main", **options)
    feed = iter(line + "\n" for line in script)
    out = []
    scores = play(
        g,
        make_bots("heuristic,random", g, seed=seed),
        human_seat=seat,
        seed=seed,
        read=lambda: next(feed, ""),
        write=out.append,
    )
    return scores, "\n".join(out).split("\n")


def screens(lines):
    """What the person sees before each of their moves: everything since the last prompt."""
    chunks, cur = [], []
    for line in lines:
        cur.append(line)
        if line.startswith("Your move ("):
            chunks.append(cur)
            cur = []
    return chunks


def test_every_turn_reports_its_outcome_and_the_screens_fit():
    for options in (
        dict(num_players=4),
        dict(num_players=4, move_cards_in_hand=True),
        dict(num_players=4, upcoming_adventures=True),
    ):
        scores, lines = scripted(options)
        assert scores is not None
        assert max(len(line) for line in lines) <= 80
        assert max(len(chunk) for chunk in screens(lines)) < 50  # the typed answer needs a line too
        turns = [i for i, line in enumerate(lines) if line.startswith("player ") and ": " in line]
        mine = [i for i in turns if lines[i].startswith("player 0 (you): ")]
        assert mine and len(turns) > 20
        for i in turns:  # SM-4.2: the adventure (or Fog's wait) after every turn, the person's too
            declared = options.get("move_cards_in_hand") and "Accuse player" in lines[i]  # SM-10.2.4
            assert lines[i + 1].startswith("    ") or (declared and "to accuse" in lines[i + 1]), lines[i : i + 3]
        assert any("Accusation right" in line or "Accusation wrong" in line for line in lines)
        assert any(line.startswith("    Scores: you ") for line in lines)
        assert "player 0 (revealed)" not in "\n".join(lines)  # your own ship reads "you"
        assert lines[-1].startswith("Winner: player")


def test_moves_only_redraw_and_grouped_accusations():
    _, lines = scripted(dict(num_players=3), script=("m", "q"))
    assert lines[-1] == "You left the game."
    menus = [i for i, line in enumerate(lines) if line.startswith("Your moves")]
    boards = [i for i, line in enumerate(lines) if line.startswith("Pirates of the Spanish Main")]
    assert len(menus) == 2 and len(boards) == 1  # 'm' lists the moves again, not the board
    assert sum(line.startswith("  Accuse player") for line in lines[menus[1] :]) == 2


def test_game_over_screen():
    scores, lines = scripted(dict(num_players=2))
    text = "\n".join(lines)
    assert "game over after" in text and "Final scores: player 0 (you)" in text
    assert len(scores) == 2
