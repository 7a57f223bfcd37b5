"""A Maracaibo campaign (MA-26.1): the archive kept between games and the story deck.

The archive is what carries over from one game of a campaign to the next (MA-26.1,
MA-26.4): the legacy tiles in play (the next game's ``legacy_tiles`` option), the
tiles removed to the box, the C cards story cards brought in, and the story cards
open (waiting to be read) and read. It is a small JSON document with a format
version; ``load`` is strict and never unpickles, ``save`` writes a temporary file in
the same folder and renames it over the old one, so a failed write leaves the old
archive whole. The archive also keeps the campaign's **history** (format 2): per game
its number, seed, the tiles in play, the final scores and the story cards read after
it, so a campaign can be reviewed later (``GameRecord``); a format-1 archive loads
with an empty history. Format 3 adds ``story``: a story campaign, whose games are
story-mode games (``game_options``) and whose archive takes what each game's story did
(``campaign_game.finish_story_game``) instead of the between-games reading below;
formats 1 and 2 load as non-story campaigns.

Between two games (``finish_game``) the story is read (MA-26.1): every open story
card whose requirement the finished game met is read, lowest number first; its
instructions change the archive (MA-26.2 / MA-26.3; their effects and the words that
narrate them are ``campaign_story``'s) and the cards it draws open for the next game;
a "Read xx" card is read at once. A card that adds a tile the game does not play yet
sits out of the deck (``in_deck``), so the archive only ever holds tiles the engine plays. The
requirements are PLACEHOLDER stand-ins on the game's outcome (``data/story.py``), so
which cards are read is a function of the finished game's scores alone, and the
games' seeds are a function of the campaign seed and the game's number
(``game_seed``): a campaign played by the same bots from the same seed is the same
campaign.

The C cards the archive holds join the next game's project deck (MA-26.1, GAP-63):
``game_options`` passes them as the option ``c_cards``, so the 8-card deals draw from the
A and C cards together.
"""

import json
from dataclasses import dataclass, replace

import numpy as np

from ..core.documents import brief, envelope_problem, is_int, is_str, parse_json, read_document
from ..core.files import write_atomically
from ..core.game import SEED_MAX
from .campaign_story import act, card_numbers, requirement_text, tile_order
from .campaign_history import MAX_HISTORY, GameRecord, history_from_json, history_problem
from .data import chapters, story
from .data.legacy import LEGACY_TILE_IDS, check_legacy_tiles

KIND = "doubloon maracaibo campaign"
FORMAT_VERSION = 3
FORMATS = (1, 2, 3)  # the versions ``load`` reads: format 1 had no history, 1 and 2 no "story" (non-story)
GAMES = ("maracaibo", "maracaibo_solo")  # the games that take ``legacy_tiles``
KEYS_V1 = (
    "kind",
    "format",
    "game",
    "seed",
    "games_played",
    "tiles",
    "removed_tiles",
    "cards",
    "story_open",
    "story_read",
)
KEYS_V2 = KEYS_V1 + ("history",)
KEYS = KEYS_V2 + ("story",)
STORY = {card[0]: card for card in story.STORY_CARDS}  # number -> (number, requirement, instructions, draws, text)
# a campaign is a handful of games (MA-26.1: one per chapter of the story deck); the bound
# only keeps a file's count a plain number the CLI can print and add one to
MAX_GAMES_PLAYED = 1_000_000


class ArchiveError(ValueError):
    """An archive that cannot be used; the message names its source and the problem."""

    def __init__(self, source, problem):
        self.source, self.problem = source, problem
        super().__init__(f"{source}: {problem}")


@dataclass(frozen=True)
class Archive:
    """What one campaign carries from game to game (MA-26.1). Tiles are kept in the
    order of ``LEGACY_TILE_IDS``, cards and story numbers ascending (``read`` is in
    reading order)."""

    game: str
    seed: int
    games_played: int = 0
    tiles: tuple = ()
    removed_tiles: tuple = ()
    cards: tuple = ()
    story_open: tuple = story.FIRST_STORY_CARDS
    story_read: tuple = ()
    history: tuple = ()  # GameRecord of each game played since the archive kept a history
    story: bool = False  # format 3: a story campaign, its games played in story mode (MA-26.1)

    def to_json(self):
        return {
            "kind": KIND,
            "format": FORMAT_VERSION,
            "game": self.game,
            "seed": self.seed,
            "games_played": self.games_played,
            "tiles": list(self.tiles),
            "removed_tiles": list(self.removed_tiles),
            "cards": list(self.cards),
            "story_open": list(self.story_open),
            "story_read": list(self.story_read),
            "history": [record.to_json() for record in self.history],
            "story": self.story,
        }

    def game_options(self):
        """The next game's options from the archive: its tiles in play (MA-26.4) and the C
        cards story cards brought in (MA-26.1, GAP-63); in a story campaign also ``story`` and
        its open story cards as ``story_cards`` (a story with no card open left plays a
        game without story mode: the engine's story game needs a card in play)."""
        options = {"legacy_tiles": tuple(self.tiles), "c_cards": tuple(sorted(self.cards))}
        if self.story and self.story_open:
            options.update(story=True, story_cards=tuple(self.story_open))
        return options

    def next_seed(self):
        """The seed of the campaign's next game."""
        return self.seed_of(self.games_played + 1)

    def seed_of(self, number):
        """The seed of the campaign's game ``number`` (1 = the first)."""
        return game_seed(self.seed, number - 1)


# what each list of an archive may hold, each entry at most once
KNOWN = {
    "tiles": frozenset(LEGACY_TILE_IDS),
    "removed_tiles": frozenset(LEGACY_TILE_IDS),
    "cards": frozenset(story.C_CARDS),
    "story_open": frozenset(STORY),
    "story_read": frozenset(STORY),
}


def new_archive(game, seed, chapter=None, story_mode=False):
    """The archive a campaign starts from (MA-26.1): no tile, no card, the first story
    cards of ``game``'s deck open; or, started at a chapter card 80-89 (GAP-64), the
    tiles and C cards that card puts into play and the story cards it opens.
    ``story_mode``: a story campaign (its games are story games)."""
    if not isinstance(story_mode, bool):
        raise ArchiveError("new campaign", f"story must be True or False, got {brief(story_mode)}")
    if chapter is None:
        first = tuple(n for n in story.FIRST_STORY_CARDS if in_deck(game, n))
        return check(Archive(game, seed, story_open=first, story=story_mode), "new campaign")
    if chapter not in chapters.CHAPTER:
        raise ArchiveError(
            "new campaign",
            f"a campaign starts at a chapter card {', '.join(map(str, chapters.CHAPTER_NUMBERS))}, "
            f"got {brief(chapter)}",
        )
    _, _, tiles, cards, opens, _ = chapters.CHAPTER[chapter]
    opened = tuple(n for n in opens if in_deck(game, n))
    archive = Archive(game, seed, tiles=tiles, cards=cards, story_open=opened, story=story_mode)
    return check(archive, f"new campaign at chapter card {chapter}")


def in_deck(game, number):
    """Whether story card ``number`` is in ``game``'s deck: every tile it adds is one
    ``game`` plays (``check_legacy_tiles``); the others sit out (data/story.py)."""
    tiles = [args[0] for kind, *args in STORY[number][2] if kind == "add_tile"]
    try:
        check_legacy_tiles(game, tiles)
    except ValueError:
        return False
    return True


def game_seed(campaign_seed, index):
    """The seed of game ``index`` (0 = the first) of the campaign of ``campaign_seed``:
    numpy's ``SeedSequence`` of the two, whose output numpy keeps stable."""
    state = np.random.SeedSequence([int(campaign_seed), int(index)]).generate_state(1, np.uint64)[0]
    return int(state >> np.uint64(1))  # 0..2**63-1, the engine's seed range


# ----- between games -------------------------------------------------------------------
def requirement_met(requirement, scores):
    """Whether a finished game with final ``scores`` meets a card's requirement
    (PLACEHOLDER for MA-26.1's story quests, see data/story.py)."""
    kind, value = requirement
    if kind == "always":
        return True
    return max(scores) >= value  # "top_score"


def finish_game(archive, scores):
    """The archive after a game of the campaign ended with final ``scores`` (one per
    seat), and the story cards read, in reading order (MA-26.1: lowest number first).
    Cards drawn while reading wait for the next game; a card out of the game's deck
    (``in_deck``) is neither read nor opened. The game joins the history."""
    after, story_read = read_story(archive, scores)
    return after, [number for number, _ in story_read]


def read_story(archive, scores):
    """``finish_game`` that also says what each card read did: ``(archive, [(number,
    [event, ...]), ...])``, an event a sentence of what changed and why (the narration
    of ``doubloon campaign``)."""
    scores = [int(s) for s in scores]
    met = [n for n in sorted(archive.story_open) if in_deck(archive.game, n) and requirement_met(STORY[n][1], scores)]
    why = {n: f"read because {requirement_text(STORY[n][1], scores)}" for n in met}
    tiles, removed, cards = list(archive.tiles), list(archive.removed_tiles), set(archive.cards)
    opened = [n for n in archive.story_open if n not in met]
    queue, read, story_read = list(met), [], []
    while queue:
        number = queue.pop(0)
        if number in read:  # read already in this pass, by a "Read xx" chain
            continue
        read.append(number)
        events, chained = [why[number]], []
        for kind, *args in STORY[number][2]:
            if kind == "read":
                events.append(_chain(archive, number, args[0], read, chained, why))
            else:
                events.append(act(number, kind, args, tiles, removed, cards))
        queue[:0] = chained  # MA-26.2 "Read xx": at once, before the next card met
        drawn = [
            n
            for n in STORY[number][3]
            if in_deck(archive.game, n)
            and n not in opened
            and n not in archive.story_read
            and n not in read
            and n not in queue
        ]
        opened += drawn
        if drawn:
            events.append(f"opens story card{'s' * (len(drawn) > 1)} {card_numbers(drawn)} for the next game")
        story_read.append((number, events))
    opened = [n for n in opened if n not in read]  # a card read by a chain was open
    record = GameRecord(archive.games_played + 1, archive.next_seed(), tuple(archive.tiles), tuple(scores), tuple(read))
    after = replace(
        archive,
        games_played=archive.games_played + 1,
        tiles=tile_order(tiles),
        removed_tiles=tile_order(removed),
        cards=tuple(sorted(cards)),
        story_open=tuple(sorted(opened)),
        story_read=archive.story_read + tuple(read),
        history=(archive.history + (record,))[-MAX_HISTORY:],
    )
    return check(after, "the story"), story_read


def _chain(archive, number, target, read, chained, why):
    """MA-26.2 "Read xx" on story card ``number``: card ``target`` is read next (its
    requirement is not checked), once per campaign. Returns what happened."""
    if target in archive.story_read or target in read or target in chained:
        return f"Read {target:02d}: story card {target:02d} was read already"
    if not in_deck(archive.game, target):
        return f"Read {target:02d}: story card {target:02d} sits out (it adds a tile the game does not play)"
    chained.append(target)
    why[target] = f"read at once: story card {number:02d} says \"Read {target:02d}\" (MA-26.2)"
    return f"Read {target:02d} (MA-26.2): story card {target:02d} is read next"


def card_text(number):
    return STORY[number][4]


# ----- JSON ---------------------------------------------------------------------------
def load(path):
    """A checked ``Archive`` from ``path``; every problem is one ``ArchiveError`` line."""
    return parse(read_document(path, ArchiveError), source=str(path))


def parse(raw, source="<archive>"):
    """``load`` of JSON text (str or bytes) already read."""
    return from_json(parse_json(raw, source, ArchiveError, "an archive"), source)


def from_json(obj, source="<archive>"):
    """An ``Archive`` from a parsed JSON document, checked (``check``). Format 1 (no
    history) loads with an empty history; another version is refused."""
    version = obj.get("format") if isinstance(obj, dict) else None
    if isinstance(obj, dict) and obj.get("kind") == KIND and not (is_int(version) and version in FORMATS):
        raise ArchiveError(source, f"written by format version {brief(version)}; this doubloon reads versions 1 to 3")
    keys = {1: KEYS_V1, 2: KEYS_V2}.get(version, KEYS)
    problem = envelope_problem(obj, KIND, "a Maracaibo campaign archive", version, keys)
    if problem:
        raise ArchiveError(source, problem)
    for key in ("seed", "games_played"):
        if not is_int(obj[key]):
            raise ArchiveError(source, f"{key!r} must be an integer, got {brief(obj[key])}")
    lists = {}
    for key, ok, what in (
        ("tiles", is_str, "tile names"),
        ("removed_tiles", is_str, "tile names"),
        ("cards", is_int, "card numbers"),
        ("story_open", is_int, "story card numbers"),
        ("story_read", is_int, "story card numbers"),
    ):
        values = obj[key]
        if not isinstance(values, list):
            raise ArchiveError(source, f"{key!r} must be a list of {what}, got {type(values).__name__}")
        if len(values) > len(KNOWN[key]):  # each at most once: a longer list cannot be right
            raise ArchiveError(
                source, f"{key!r} holds {len(values):,} entries; there are only {len(KNOWN[key])} {what}"
            )
        for value in values:
            if not ok(value):
                raise ArchiveError(source, f"{key!r} holds {brief(value)}, not one of the {what}")
        lists[key] = tuple(values)
    try:
        history = history_from_json(obj["history"], len(STORY)) if version != 1 else ()
    except ValueError as err:
        raise ArchiveError(source, str(err)) from None
    archive = Archive(
        obj["game"],
        obj["seed"],
        obj["games_played"],
        lists["tiles"],
        lists["removed_tiles"],
        lists["cards"],
        lists["story_open"],
        lists["story_read"],
        history,
        obj["story"] if version == FORMAT_VERSION else False,
    )
    return check(archive, source)


def check(archive, source="<archive>"):
    """``archive`` if it is consistent, with its lists in their canonical order; else
    an ``ArchiveError`` naming the first problem."""
    if archive.game not in GAMES:
        raise ArchiveError(source, f"\"game\" must be one of {', '.join(GAMES)}, got {brief(archive.game)}")
    if not isinstance(archive.story, bool):
        raise ArchiveError(source, f"'story' must be true or false, got {brief(archive.story)}")
    if not 0 <= archive.seed <= SEED_MAX:
        raise ArchiveError(source, f"\"seed\" must be in 0..{SEED_MAX}, got {brief(archive.seed)}")
    if not 0 <= archive.games_played <= MAX_GAMES_PLAYED:
        raise ArchiveError(
            source, f"\"games_played\" must be in 0..{MAX_GAMES_PLAYED:,}, got {brief(archive.games_played)}"
        )
    for key in ("tiles", "removed_tiles"):
        for tile in getattr(archive, key):
            if tile not in KNOWN[key]:
                raise ArchiveError(source, f"{key!r}: unknown tile {brief(tile)} (tiles: {', '.join(LEGACY_TILE_IDS)})")
    for key in ("tiles", "removed_tiles", "cards", "story_open", "story_read"):
        seen = set()  # a set: the check stays linear in the list's length
        for value in getattr(archive, key):
            if value in seen:
                raise ArchiveError(source, f"{key!r}: {brief(value)} is there twice")
            if value not in KNOWN[key]:
                raise ArchiveError(
                    source,
                    f"{key!r}: unknown {'card' if key == 'cards' else 'story card'} "
                    f"{brief(value)} (known: {', '.join(map(str, sorted(KNOWN[key])))})",
                )
            seen.add(value)
    removed, read = set(archive.removed_tiles), set(archive.story_read)
    both = next((t for t in archive.tiles if t in removed), None)
    if both is not None:
        raise ArchiveError(source, f"tile {both} is in play and removed at once")  # MA-26.4
    both = next((n for n in archive.story_open if n in read), None)
    if both is not None:
        raise ArchiveError(source, f"story card {both} is open and read at once")
    problem = history_problem(archive.history, archive.games_played, KNOWN["story_read"], archive.seed_of)
    if problem:
        raise ArchiveError(source, problem)
    try:
        check_legacy_tiles(archive.game, archive.tiles)
    except ValueError as err:
        raise ArchiveError(source, " ".join(str(err).split())) from None
    return replace(
        archive,
        tiles=tile_order(archive.tiles),
        removed_tiles=tile_order(archive.removed_tiles),
        cards=tuple(sorted(archive.cards)),
        story_open=tuple(sorted(archive.story_open)),
    )


def save(archive, path):
    """Write ``archive`` to ``path``; never half-written (``write_atomically``)."""
    write_atomically(path, json.dumps(archive.to_json(), indent=1) + "\n")
