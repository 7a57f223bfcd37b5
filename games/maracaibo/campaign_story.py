"""What a story card's instructions do to a campaign's archive between games, and the
words that say it (MA-26.1 - MA-26.3; games/maracaibo/campaign.py reads the cards).

Each instruction works on the archive's lists (tiles in play, tiles in the box, C
cards) and returns one sentence of what happened and why: the narration
``doubloon campaign`` prints under each card read.
"""

from .data import story
from .data.legacy import LEGACY_TILE_IDS


def act(number, kind, args, tiles, removed, cards):
    """One instruction of story card ``number`` between games; what happened, in words."""
    if kind == "add_tile":
        return add_tile(args[0], tiles, removed)
    if kind == "cards":
        return add_cards(args[0], cards)
    if kind == "discard":  # MA-26.2: into the discard pile, so in the deck from the next game on
        return add_cards(
            args[0], cards, "put into the discard pile (MA-26.2), so in the project deck from the next game on"
        )
    if kind == "remove_skull":
        return remove_skull(tiles, removed)
    if kind == "story":
        return (
            f"Story: {args[0]} lays the next story tile at location {args[0]} in a story-mode game "
            "(MA-26.2); a campaign without story mode plays no story game, so between games it changes nothing"
        )
    if kind == "quests":
        return (
            f"Quests: lays quest tiles at {', '.join(str(loc) for loc, _ in args[0])} in a story-mode game "
            "(MA-26.2); a campaign without story mode plays no story game, so between games it changes nothing"
        )
    raise ValueError(f"story card {number:02d}: unknown instruction {kind!r}")


def add_cards(numbers, cards, where="in the campaign for good from now (MA-26.1)"):
    """MA-26.1 "Cards: ...": C cards join the campaign for good (``where`` says how).
    Returns what happened."""
    new = [c for c in numbers if c not in cards]
    cards.update(numbers)
    if not new:
        return f"{_plural('C card', numbers)} {', '.join(map(str, numbers))} {_are(numbers)} in the campaign already"
    return f"{_plural('C card', new)} {', '.join(map(str, new))} {_are(new)} {where}"


def _are(items):
    return "are" if len(items) > 1 else "is"


def _plural(word, items):
    return word + "s" * (len(items) > 1)


def requirement_text(requirement, scores):
    """Why a card's requirement was met, in words (PLACEHOLDER requirements, data/story.py)."""
    kind, value = requirement
    if kind == "always":
        return "its requirement is met after any game"
    return f"some player scored at least {value} VP (the top score was {max(scores)})"


def add_tile(tile, tiles, removed):
    """MA-26.2 "add tile Lx": a tile already in play stays (one copy, MA-26.4); one in
    the box comes back. Returns what happened, in words."""
    if tile in tiles:
        return f"tile {tile} is in play already and stays, one copy (MA-26.4)"
    tiles.append(tile)
    if tile in removed:
        removed.remove(tile)
        return f"tile {tile} comes back from the box into play (MA-26.2 \"add tile {tile}\")"
    return f"tile {tile} comes into play from the next game on (MA-26.2 \"add tile {tile}\")"


SKULL_WORDS = (
    f"a skull tile is a legacy tile marked with a skull ({', '.join(story.SKULL_TILES)}): "
    "at L20-L23 no village action may be taken, L3 is the plague at Cartagena (no city or village actions there)"
)


def remove_skull(tiles, removed):
    """MA-26.3: a skull tile returns to the box; the lowest-numbered one in play (the
    rules let the reader choose). Nothing when none lies. Returns what happened."""
    skulls = [t for t in tile_order(tiles) if t in story.SKULL_TILES]
    if not skulls:
        return f"\"remove a skull tile\" (MA-26.3) removes nothing: no skull tile is in play ({SKULL_WORDS})"
    tiles.remove(skulls[0])
    removed.append(skulls[0])
    return (
        f"\"remove a skull tile\" (MA-26.3) returns {skulls[0]} to the box for good, the lowest-numbered "
        f"skull tile in play (the reader may choose; the engine takes the lowest) -- {SKULL_WORDS}"
    )


def card_numbers(numbers):
    return ", ".join(f"{n:02d}" for n in numbers)


def tile_order(tiles):
    return tuple(sorted(tiles, key=LEGACY_TILE_IDS.index))
