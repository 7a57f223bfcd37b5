"""Who won a finished game, in one line a person reads (the pictures' result line).

Only the engine decides: ``Game.scores`` and ``Game.ranks`` (rank 0 wins, with each game's
own tie-breaks; tied winners share rank 0), named with the game's ``seat_name`` and
``score_text`` (the unit, El Caballero's points rather than its twelfths) where it has them.
"""

from typing import Any, Callable

import numpy as np


def result_line(
    game: Any,
    record: Any,
    name: Callable[[int], str] | None = None,
    score_text: Callable[[Any], str] | None = None,
) -> str | None:
    """ "Winner: P1 - final scores: P0 12, P1 15" for a finished game, None while it runs;
    ``name`` / ``score_text`` replace the game's own seat names and score words."""
    state = np.array([game.one_record(record)], dtype=game.dtype)
    if not game.terminated(state)[0]:
        return None
    scores, ranks = game.scores(state)[0], game.ranks(state)[0]
    named = name if name is not None else getattr(game, "seat_name", lambda seat: f"player {seat}")
    worded = score_text if score_text is not None else getattr(game, "score_text", lambda score: str(int(score)))
    winners = [named(s) for s in range(game.num_players) if ranks[s] == 0]
    who = f"Winner: {winners[0]}" if len(winners) == 1 else f"Winners (tied): {', '.join(winners)}"
    finals = ", ".join(f"{named(s)} {worded(scores[s])}" for s in range(game.num_players))
    return f"{who} - final scores: {finals}"
