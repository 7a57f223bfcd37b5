"""``doubloon play pirates_of_nassau``: a person (here: always the first listed move)
plays a whole game in the terminal against heuristic bots (training/play.py)."""

import games
from training.bots import make_bots
from training.play import play


def test_a_whole_game_in_the_terminal():
    game = games.make("pirates_of_nassau", num_players=3)
    out = []
    scores = play(
        game, make_bots("heuristic", game), human_seat=1, seed=4, read=lambda: "1\n", write=out.append, warm_up=False
    )
    text = "\n".join(out)
    assert scores is not None and len(scores) == 3
    assert "Pirates of Nassau, 3 players" in text and "Royal Navy: " in text  # the compact board (screen.py)
    assert "Final scores:" in text and "Winner: P" in text
