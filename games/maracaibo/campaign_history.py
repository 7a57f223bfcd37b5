"""The history a campaign archive keeps (from format 2 on, games/maracaibo/campaign.py): one
``GameRecord`` per finished game, so a campaign can be reviewed later (MA-26.1).

Reading it is strict, as the rest of the archive: the list is bounded (``MAX_HISTORY``)
before any entry is read, every field's type is checked before it is used, and every
problem is one line naming the entry (``record_from_json`` for the types,
``history_problem`` for the values).
"""

from dataclasses import dataclass

from ..core.documents import brief, is_int, is_str
from ..core.game import SEED_MAX
from .data.legacy import LEGACY_TILE_IDS

RECORD_KEYS = ("game", "seed", "tiles", "scores", "read")
# the history keeps the last MAX_HISTORY games (a file of as many records stays far under
# the readers' MAX_BYTES); the seats of a Maracaibo game (1 - 4 players)
MAX_HISTORY = 1000
MAX_SEATS = 4
MAX_SCORE = 1_000_000  # a final score's magnitude; real ones are a few hundred VP


@dataclass(frozen=True)
class GameRecord:
    """One finished game of the campaign: its number (1 = the first), its seed, the
    tiles in play, the final scores (one per seat) and the story cards read after it
    (reading order)."""

    game: int
    seed: int
    tiles: tuple
    scores: tuple
    read: tuple

    def to_json(self):
        return {
            "game": self.game,
            "seed": self.seed,
            "tiles": list(self.tiles),
            "scores": list(self.scores),
            "read": list(self.read),
        }


def history_from_json(values, story_cards):
    """The ``GameRecord`` tuple of a file's ``history`` value, every field's type checked;
    a ``ValueError`` with the problem otherwise. ``story_cards``: how many story cards
    exist (a ``read`` list is no longer)."""
    if not isinstance(values, list):
        raise ValueError(f"'history' must be a list of games, got {type(values).__name__}")
    if len(values) > MAX_HISTORY:
        raise ValueError(f"'history' holds {len(values):,} games; an archive keeps at most {MAX_HISTORY:,}")
    return tuple(record_from_json(entry, i + 1, story_cards) for i, entry in enumerate(values))


def record_from_json(entry, index, story_cards):
    """History entry ``index`` (1-based) of a file as a ``GameRecord``, types checked."""
    where = f"'history' entry {index}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where} must be an object, got {type(entry).__name__}")
    for key in RECORD_KEYS:
        if key not in entry:
            raise ValueError(f"{where}: missing {key!r}")
    unknown = sorted(set(entry) - set(RECORD_KEYS))
    if unknown:
        raise ValueError(f"{where}: unknown key {brief(unknown[0])}")
    for key in ("game", "seed"):
        if not is_int(entry[key]):
            raise ValueError(f"{where}: {key!r} must be an integer, got {brief(entry[key])}")
    lists = {}
    for key, ok, what, most in (
        ("tiles", is_str, "tile names", len(LEGACY_TILE_IDS)),
        ("scores", is_int, "scores", MAX_SEATS),
        ("read", is_int, "story card numbers", story_cards),
    ):
        values = entry[key]
        if not isinstance(values, list):
            raise ValueError(f"{where}: {key!r} must be a list of {what}, got {type(values).__name__}")
        if len(values) > most:
            raise ValueError(f"{where}: {key!r} holds {len(values):,} entries; at most {most} {what}")
        for value in values:  # every entry, None included, checked one by one
            if not ok(value):
                raise ValueError(f"{where}: {key!r} holds {brief(value)}, not one of the {what}")
        lists[key] = tuple(values)
    return GameRecord(entry["game"], entry["seed"], lists["tiles"], lists["scores"], lists["read"])


def history_problem(history, games_played, known_cards, seed_of):
    """Why ``history`` (``GameRecord``s of well-typed fields) does not fit an archive that
    has played ``games_played`` games, or None. ``known_cards``: the story card numbers;
    ``seed_of(game)``: the campaign's seed for game number ``game``."""
    if len(history) > MAX_HISTORY:
        return f"'history' holds {len(history):,} games; an archive keeps at most {MAX_HISTORY:,}"
    last = 0
    for index, record in enumerate(history, 1):
        where = f"'history' entry {index}"
        if not last < record.game <= games_played:
            return f"{where}: game {brief(record.game)} must be after game {last} and at most {games_played} played"
        last = record.game
        if not 0 <= record.seed <= SEED_MAX or record.seed != seed_of(record.game):
            return f"{where}: seed {brief(record.seed)} is not the campaign's seed of game {record.game}"
        if not 1 <= len(record.scores) <= MAX_SEATS:
            return f"{where}: {len(record.scores)} scores; a game has 1 to {MAX_SEATS} seats"
        for score in record.scores:
            if not -MAX_SCORE <= score <= MAX_SCORE:
                return f"{where}: score {brief(score)} is out of -{MAX_SCORE:,}..{MAX_SCORE:,}"
        for key, known in (("tiles", LEGACY_TILE_IDS), ("read", known_cards)):
            seen = set()
            for value in getattr(record, key):
                if value not in known:
                    what = "tile" if key == "tiles" else "story card"
                    return f"{where}: {key!r} holds {brief(value)}, not a known {what}"
                if value in seen:
                    return f"{where}: {key!r}: {brief(value)} is there twice"
                seen.add(value)
    return None
