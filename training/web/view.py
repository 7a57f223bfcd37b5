"""What the page reads of a game: a JSON-ready dict seen from one seat.

Everything in it is what that seat may know: the board is ``render_svg(record,
player=viewer)`` (what ``observe`` shows the seat), the legal moves are listed only on
the seat's own turn, the narration is the play screen's as that seat reads it
(``training.play.outcome_lines``); a move's board target names an element of the
board the seat already sees, so a click tells nothing the list does not; the scores
and the recording come at the end, when nothing is hidden any more. The page puts
every text in as text (``textContent``), the board as the game drew it (``render_svg``
escapes its own text).
"""

import bisect

from ..play import _screen_order
from ..replay import points


def families(game):
    """``(starts, names)``: the first action id of each family of ``game.action_layout``,
    ascending, and the family's name as the page shows it ("sail to")."""
    segments = sorted(game.action_layout, key=lambda seg: seg.start)
    return [seg.start for seg in segments], [seg.name.replace("_", " ") for seg in segments]


def family_of(game, action, layout=None):
    starts, names = layout or families(game)
    return names[bisect.bisect_right(starts, action) - 1]


def moves(match):
    """The person to move's legal moves, in the order the play screen lists them, each
    with its label, family and board target (``Game.board_target``: the ``data-target``
    of the drawn element a click on which picks it, or None)."""
    game, record = match.game, match.record
    layout = families(game)
    legal = _screen_order(game, record, game.legal_actions(record))
    return [
        {
            "action": int(a),
            "label": game.action_label(record, a),
            "family": family_of(game, a, layout),
            "target": game.board_target(record, a),
        }
        for a in legal
    ]


def view(match, game_id):
    """The page's picture of ``match`` from its viewer."""
    game, viewer = match.game, match.viewer
    seat = match.to_move
    over = match.over
    out = {
        "id": game_id,
        "game": game.name,
        "version": match.version,
        "seats": [match.name(s) for s in range(game.num_players)],
        "people": [s for s in range(game.num_players) if match.is_person(s)],
        "viewer": viewer,
        "to_move": None if over else seat,
        "waiting": "over" if over else ("person" if match.is_person(seat) else "bot"),
        "board": game.render_svg(match.record, player=viewer),
        "moves": moves(match) if not over and seat == viewer else [],
        "log": [
            {"seat": e["seat"], "who": e["who"], "label": e["labels"][viewer], "lines": e["lines"][viewer]}
            for e in match.log
        ],
    }
    if over:
        out["result"] = final(match)
    return out


def final(match):
    """The final scores and winner, as the play screen says them (nothing is hidden once
    the game is over)."""
    game, state = match.game, match.state
    ranks = game.ranks(state)[0]
    if hasattr(game, "outcome"):  # the game's own result line (Maracaibo solo: you against Jean)
        line = game.outcome(state[0])
    else:
        line = "Winner: " + ", ".join(match.name(s) for s in range(game.num_players) if ranks[s] == ranks.min())
    score_text = getattr(game, "score_text", None)  # the unit, where the game names one
    raw, shown = game.scores(state)[0], points(game, game.scores(state)[0])
    return {
        "line": line,
        "scores": [
            {"seat": match.name(s), "score": score_text(raw[s]) if score_text else str(shown[s]), "rank": int(ranks[s])}
            for s in range(game.num_players)
        ],
    }
