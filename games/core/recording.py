"""Recorded games: one small JSON file per game, the same format for every game.

A recording holds what it takes to play the game again, not its positions: the
game's name and options, the seed of the deal, the actions in order, the seats' bot
names (who played; ``"human"`` for a person) and the scores of the last position,
in the points people read (``Game.points``: El Caballero's twelfths are a tie-break).
Every position follows exactly from the seed and the actions (a game's trajectory
depends only on them, see "Randomness" in docs/design.md), so ``replay`` rebuilds
the record of every step.

``load`` is strict and never unpickles: a file that is not JSON, names an unknown
game or option, was written by another format version, holds an illegal action or
scores the replay does not reach is refused with a one-line ``RecordingError``
naming the file and the problem (the step number for an illegal action). What a file
declares is bounded before anything is allocated for it: its size
(``documents.MAX_BYTES``), its actions (``MAX_ACTIONS``, each inside the game's action
space) and its names (``MAX_NAME`` characters).
"""

import json
import numbers
from dataclasses import dataclass, field

import numpy as np

from .documents import brief, envelope_problem, is_int, parse_json, read_document
from .files import write_atomically
from .game import SEED_MAX

KIND = "doubloon recording"
FORMAT_VERSION = 1
KEYS = ("kind", "format", "game", "options", "seed", "bots", "actions", "scores")
# what a file may declare, checked before anything is allocated for it: no game of the
# suite comes near 20,000 actions (the soak's bound, which every game of millions ends
# within; the longest seen was 487, docs/design.md "The soak"), and a bot name is a
# bot's spec (``checkpoint:PATH`` the longest)
MAX_ACTIONS = 20_000
MAX_NAME = 200


class RecordingError(ValueError):
    """A recorded game that cannot be replayed; the message names the file and the problem."""

    def __init__(self, source, problem):
        self.source, self.problem = source, problem
        super().__init__(f"{source}: {problem}")


@dataclass
class Recording:
    game: str
    options: dict
    seed: int
    actions: list
    bots: list  # one name per seat
    scores: list = field(default_factory=list)  # of the last position, in points

    def make_game(self):
        import games  # the registry; games.core names no game itself

        return games.make(self.game, **self.options)

    def replay(self, game=None):
        """The records of every position, the deal first: a ``(len(actions) + 1,)`` state.
        An illegal action raises ``IllegalActionError``; ``load`` names its step."""
        game = game or self.make_game()
        state = game.init(np.array([self.seed], dtype=np.int64))
        records = np.empty(len(self.actions) + 1, dtype=game.dtype)
        records[0] = state[0]
        for i, action in enumerate(self.actions, 1):
            game.step(state, np.array([action], dtype=np.int64))
            records[i] = state[0]
        return records

    def to_json(self):
        return {
            "kind": KIND,
            "format": FORMAT_VERSION,
            "game": self.game,
            "options": dict(self.options),
            "seed": int(self.seed),
            "bots": list(self.bots),
            "actions": [int(a) for a in self.actions],
            "scores": [plain_number(s) for s in self.scores],
        }

    def save(self, path):
        """Write the recording (actions on one line: a game of 300 moves stays a few KB)."""
        write_atomically(path, json.dumps(self.to_json(), separators=(",", ":")) + "\n")


def plain_number(value):
    """A score as JSON writes it: an int when whole, else a float (numpy scalars unwrapped)."""
    value = value.item() if isinstance(value, np.generic) else value
    return int(value) if float(value).is_integer() else float(value)


def record(game, seed, actions, bots, scores=None):
    """The recording of a game of ``game`` played from ``seed``; ``scores`` (of its
    last position, as ``game.scores`` gives them) are computed by replaying when not
    given, and kept in points (``Game.points``)."""
    rec = Recording(game.name, dict(game.options), int(seed), [int(a) for a in actions], [_short(b) for b in bots])
    if len(rec.bots) != game.num_players:
        raise ValueError(f"{game.name}: {game.num_players} seats need {game.num_players} bot names, got {rec.bots}")
    if scores is None:
        scores = game.scores(rec.replay(game)[-1:])[0]
    rec.scores = [plain_number(s) for s in game.points(scores)]
    return rec


def _short(name):
    """A bot name as a recording keeps it: at most ``MAX_NAME`` characters."""
    return name if len(name) <= MAX_NAME else name[: MAX_NAME // 2 - 1] + "..." + name[-(MAX_NAME // 2 - 2) :]


def load(path):
    """A checked ``Recording`` from ``path``, with its game and the records of every step:
    ``(recording, game, records)``. Every problem is one ``RecordingError``."""
    return parse(read_document(path, RecordingError), source=str(path))


def parse(raw, source="<recording>"):
    """``load`` of JSON text (str or bytes) already read; ``source`` names it in errors."""
    rec = _decode(parse_json(raw, source, RecordingError, "a recording"), source)
    try:
        game = rec.make_game()
    except (ValueError, TypeError) as err:  # unknown game, unknown option, bad option value
        raise RecordingError(source, _one_line(err)) from None
    if len(rec.bots) != game.num_players or len(rec.scores) != game.num_players:
        raise RecordingError(
            source,
            f"{game.name} with these options has {game.num_players} seats, but the file "
            f"names {len(rec.bots)} bots and {len(rec.scores)} scores",
        )
    outside = next((i for i, a in enumerate(rec.actions) if not 0 <= a < game.num_actions), None)
    if outside is not None:
        raise RecordingError(
            source,
            f"step {outside + 1}: action {brief(rec.actions[outside])} is outside "
            f"{game.name}'s action space 0..{game.num_actions - 1}",
        )
    try:
        records = rec.replay(game)
    except ValueError:  # an illegal action, or one outside the action space
        step, legal = _first_illegal(rec, game)
        raise RecordingError(
            source, f"step {step}: action {rec.actions[step - 1]} is not legal there (legal: {legal})"
        ) from None
    last = records[-1:]
    over = np.flatnonzero(records["terminated"][:-1])
    if over.size:
        raise RecordingError(
            source, f"the game is over after step {int(over[0])}, but the file has {len(rec.actions)} actions"
        )
    engine = game.scores(last)[0]
    replayed = [plain_number(s) for s in game.points(engine)]
    # a file written before scores were kept in points holds the engine's units
    if rec.scores not in (replayed, [plain_number(s) for s in engine]):
        raise RecordingError(source, f"the recorded scores {rec.scores} differ from the replay's {replayed}")
    return rec, game, records


def _first_illegal(rec, game):
    """The step number (from 1) of the first action that is not legal, and the legal ones there."""
    state = game.init(np.array([rec.seed], dtype=np.int64))
    for step, action in enumerate(rec.actions, 1):
        legal = game.legal_actions(state[0]) if not state["terminated"][0] else []
        if action not in legal:
            return step, legal
        game.step(state, np.array([action], dtype=np.int64))
    raise AssertionError("every action replays legally")


def _decode(obj, source):
    problem = envelope_problem(obj, KIND, "a doubloon recording", FORMAT_VERSION, KEYS)
    if problem:
        raise RecordingError(source, problem)
    if not isinstance(obj["game"], str) or len(obj["game"]) > MAX_NAME:
        raise RecordingError(source, f"\"game\" must be a name, got {brief(obj['game'])}")
    if not isinstance(obj["options"], dict):
        raise RecordingError(source, f"\"options\" must be an object, got {type(obj['options']).__name__}")
    if not is_int(obj["seed"]) or not 0 <= obj["seed"] <= SEED_MAX:
        raise RecordingError(source, f"\"seed\" must be an integer in 0..{SEED_MAX}, got {brief(obj['seed'])}")
    for key, ok, what, most in (
        ("actions", is_int, "integers", MAX_ACTIONS),
        ("bots", _is_name, "names", None),
        ("scores", _is_number, "numbers", None),
    ):
        values = obj[key]
        if not isinstance(values, list):
            raise RecordingError(source, f"{key!r} must be a list of {what}, got {type(values).__name__}")
        if most is not None and len(values) > most:
            raise RecordingError(
                source, f"{len(values):,} actions, more than any game takes (at most {most:,} are read)"
            )
        bad = next((i for i, v in enumerate(values) if not ok(v)), None)
        if bad is not None:
            where = f"step {bad + 1}" if key == "actions" else f"entry {bad}"
            extra = f" of at most {MAX_NAME} characters" if key == "bots" else ""
            raise RecordingError(source, f"{key!r}: {where} is {brief(values[bad])}, not one of the {what}{extra}")
    return Recording(obj["game"], obj["options"], obj["seed"], obj["actions"], obj["bots"], obj["scores"])


def _is_name(value):
    return isinstance(value, str) and len(value) <= MAX_NAME


def _is_number(value):
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _one_line(err, limit=300):
    """An error's message on one line, cut to ``limit`` characters (it may quote the file)."""
    text = " ".join(str(err).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
