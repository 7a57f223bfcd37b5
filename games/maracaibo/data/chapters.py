"""The chapter cards 80-89 (MA-26.1, GAP-64): PLACEHOLDER.

A campaign can start at a later chapter of the story: chapter card 80 starts chapter 2,
81 chapter 3, ... 89 chapter 11 (MA-26.1). Starting there is a new archive whose first
card is the chapter card: its setup instructions act at once (the legacy tiles and C
cards the earlier chapters would have brought in) and it opens the story cards the
chapter is played with (GAP-64). The cards' texts are not public, so every row is
PLACEHOLDER, written from the story deck (data/story.py): chapter k opens the story
card(s) a campaign reaches after k - 1 games along the deck's draws, with the tiles
and cards the cards before them add. A real list replaces ``CHAPTER_CARDS`` without
code changes (``games.maracaibo.campaign.new_archive`` reads nothing else).

A row is ``(number, chapter, tiles, cards, opens, provenance)``: the legacy tiles it
puts into play (ids of data/legacy.py), the C cards it brings in (90-99, D15) and the
story cards it opens.
"""

from .codes import placeholder

PH_CHAPTER = placeholder("GAP-64: the chapter cards 80-89 are not in any public source")

CHAPTER_CARDS = (
    (80, 2, ("L25",), (90,), (5,), PH_CHAPTER),
    (81, 3, ("L10", "L25"), (90, 91), (6,), PH_CHAPTER),
    (82, 4, ("L10", "L20", "L25"), (90, 91, 92, 93), (7,), PH_CHAPTER),
    (83, 5, ("L10", "L11", "L25"), (90, 91, 92, 93), (8, 9), PH_CHAPTER),
    (84, 6, ("L10", "L11", "L21", "L25"), (90, 91, 92, 93, 94), (11,), PH_CHAPTER),
    (85, 7, ("L2", "L6", "L10", "L11", "L21", "L25"), (90, 91, 92, 93, 94, 96), (12,), PH_CHAPTER),
    (86, 8, ("L2", "L6", "L10", "L11", "L12", "L13", "L21", "L25"), (90, 91, 92, 93, 94, 96), (14,), PH_CHAPTER),
    (87, 9, ("L2", "L6", "L10", "L11", "L12", "L13", "L14", "L21", "L22", "L25"),
     (90, 91, 92, 93, 94, 96), (16,), PH_CHAPTER),
    (88, 10, ("L2", "L6", "L8", "L10", "L11", "L12", "L13", "L14", "L18", "L21", "L22", "L25"),
     (90, 91, 92, 93, 94, 96), (17,), PH_CHAPTER),
    (89, 11, ("L2", "L6", "L8", "L10", "L11", "L12", "L13", "L14", "L15", "L16", "L17", "L18", "L21", "L22", "L25"),
     (90, 91, 92, 93, 94, 96, 97), (18,), PH_CHAPTER),
)  # fmt: skip
CHAPTER_NUMBERS = tuple(row[0] for row in CHAPTER_CARDS)
CHAPTER = {row[0]: row for row in CHAPTER_CARDS}


def chapter_text(number):
    """What chapter card ``number`` does, in the story cards' words (MA-26.2)."""
    _, chapter, tiles, cards, opens, _ = CHAPTER[number]
    parts = [f"chapter {chapter}"]
    if tiles:
        parts.append("add tiles " + ", ".join(tiles))
    if cards:
        parts.append("Cards: " + ", ".join(map(str, cards)))
    parts.append("open story card" + ("s " if len(opens) > 1 else " ") + ", ".join(f"{n:02d}" for n in opens))
    return "PLACEHOLDER: " + "; ".join(parts)
