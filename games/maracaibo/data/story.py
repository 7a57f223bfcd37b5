"""The story deck of a Maracaibo campaign (MA-26.1, MA-26.2): PLACEHOLDER.

The rulebook's story cards are not transcribed here. Every card below is a
PLACEHOLDER built only from the instructions MA-26.2 and MA-26.3 name -- "Story: n",
"Quests: n", "put cards into the discard pile", "Read xx", "add tile Lx", "Cards: ..."
(shuffle cards into the project deck) and "remove a skull tile" -- each on some card,
and its text is written from those instructions by ``placeholder_text``. A real
card list replaces ``STORY_CARDS`` (and ``FIRST_STORY_CARDS``) without code changes:
``games.maracaibo.campaign`` reads nothing else.

A card is ``(number, requirement, instructions, draws, text, setup, quest, in_game,
vote)``; the last four are what a story-mode game (option ``story``) plays:

- ``requirement`` ``(kind, value)``: when the card is read between two games.
  PLACEHOLDER for MA-26.1's story quest (met at a story tile by a player): the
  engine plays no story tiles, so the stand-in is the finished game's outcome --
  ``("always", 0)`` (read after any game) or ``("top_score", n)`` (read when some
  player ended the game with at least n VP).
- ``instructions``: ``("add_tile", "Lx")``, ``("cards", (id, ...))`` (C cards
  90-99 join the archive for good, MA-26.1), ``("remove_skull",)`` (the
  lowest-numbered skull tile in play returns to the box, MA-26.3), ``("discard",
  (id, ...))`` (C cards into the discard pile: they join the deck at its next
  reshuffle or the next game, MA-26.2), ``("read", n)`` (story card n is read at once,
  MA-26.2 "Read xx"), ``("story", location)`` (the next story tile at that location)
  and ``("quests", ((location, fewest players), ...))`` (quest tiles laid there when
  at least that many play). The last two act only in a story-mode game (option
  ``story``), which the campaign does not play yet: between games they change nothing.
- ``draws``: story cards that open once this one is read (MA-26.1 "usually a new
  story card is drawn"); they wait for the next game.
- ``setup``: the instructions ``("story", n)`` / ``("quests", ...)`` the card's front
  acts when it comes into play in a story game (MA-26.1: card 01 lays story tile 1 at
  15 and quests at 16, and at 19 with 4 players).
- ``quest``: its story quest ``(costs, rewards)`` or None: costs as data.quests' rows
  (QC_CP: 1 or 2 CP, figures cannot pay; QC_ITEMS / QC_GOODS from the hand; QC_D;
  QC_MIN_MP; QC_FIGURES to the general supply, MA-26.3), rewards ``(kind, amount)`` of
  ``REWARD_KINDS`` (``spain``: +n Spain influence, ``skull``: remove a skull tile,
  ``discs``: remove n discs, MA-26.3). It is completed at the story tile laid for it
  (GAP-61): "Story: n" on a card's front lays the next story tile at n for that card's
  quest; read from a card, for the lowest-numbered card in play whose quest has no tile
  yet (a card coming into play takes a laid tile still carrying no quest).
- ``in_game``: when it is read at interim step 6 (MA-26.1): ``("quest",)`` once its
  story quest is done (read by that player) or ``("legacy_disc", "Lx")`` once a disc
  lies on tile Lx (read by the round-ending player).
- ``vote``: option lists of instructions the group chooses between when the card is
  read (GAP-59), or ``()``.

Tiles: a card that adds a tile the game does not play yet
(``data.legacy.check_legacy_tiles`` refuses it) sits out of that game's deck: it is
never opened or read, so the campaign adds only tiles the engine plays. As the engine
implements more tiles, their cards join the deck with no change here or in code.
"""

from .codes import BOOK, CORN, placeholder
from .quests import QC_CP, QC_D, QC_FIGURES, QC_GOODS, QC_ITEMS, QC_MIN_MP

PH_STORY = placeholder(
    "MA-26.1: the story cards are not transcribed; this card is built from MA-26.2's instructions only"
)

SKULL_TILES = ("L3", "L20", "L21", "L22", "L23")  # MA-26.3: the skull legacy tiles
C_CARDS = tuple(range(90, 100))  # MA-26.1: C cards 90-99, which story cards bring in

REQUIREMENT_KINDS = ("always", "top_score")
IN_GAME_KINDS = ("quest", "legacy_disc")  # MA-26.1: the story quest done / a disc on a legacy tile
REWARD_KINDS = ("vp", "d", "cp", "spain", "skull", "discs")  # MA-26.3 (and the plain VP / D / CP)
INSTRUCTION_KINDS = ("add_tile", "cards", "remove_skull", "discard", "read", "story", "quests")


def placeholder_text(instructions):
    """A card's text written from its instructions (MA-26.2's wording)."""
    parts = []
    for kind, *args in instructions:
        if kind == "add_tile":
            parts.append(f"add tile {args[0]}")
        elif kind == "cards":
            parts.append("Cards: " + ", ".join(str(c) for c in args[0]) + " (shuffle into the project deck)")
        elif kind == "discard":
            parts.append("put cards " + ", ".join(str(c) for c in args[0]) + " into the discard pile")
        elif kind == "read":
            parts.append(f"Read {args[0]:02d}")
        elif kind == "story":
            parts.append(f"Story: {args[0]}")
        elif kind == "quests":
            parts.append("Quests: " + ", ".join(f"{loc} ({_players(fewest)})" for loc, fewest in args[0]))
        else:
            parts.append("remove a skull tile")
    return "PLACEHOLDER: " + "; ".join(parts)


def _players(fewest):
    return "4 players" if fewest == 4 else f"{fewest}-4 players"


def _card(number, requirement, instructions, draws, setup=(), quest=None, in_game=("quest",), vote=()):
    return (number, requirement, instructions, draws, placeholder_text(instructions), setup, quest, in_game, vote)


# story quests (MA-26.3): costs as data.quests' QC_* rows, rewards as REWARD_KINDS rows
_CP1, _CP2, _D2, _MP4, _FIG = ((QC_CP, 1),), ((QC_CP, 2),), ((QC_D, 2),), ((QC_MIN_MP, 4),), ((QC_FIGURES, 1),)
_BOOKS, _CORN = ((QC_ITEMS, BOOK, 2),), ((QC_GOODS, CORN, 2),)

# number, requirement, instructions, draws, text, setup, quest, in-game requirement, vote --
# every row PH_STORY. Every legacy tile is added by some card; the requirements spread over
# the scores of random play (about 20-50 VP) and of the heuristic bot (about 120-210 VP).
STORY_CARDS = (
    _card(
        1,
        ("always", 0),
        (("cards", (90,)),),
        (2, 3, 4),
        (("story", 15), ("quests", ((16, 1), (19, 4)))),
        (_CP1, (("d", 5), ("vp", 1))),
    ),
    _card(2, ("always", 0), (("add_tile", "L25"),), (5,), (("story", 6),), (_D2, (("vp", 4), ("spain", 2)))),
    _card(
        3,
        ("top_score", 40),
        (("add_tile", "L10"), ("cards", (91,))),
        (6,),
        (("story", 12),),
        (_BOOKS, (("vp", 3), ("discs", 2))),
    ),
    _card(4, ("top_score", 45), (("cards", (92, 93)),), (6, 7), (("story", 3),), (_MP4, (("d", 4), ("skull",)))),
    _card(5, ("top_score", 150), (("add_tile", "L20"),), (7, 8), (("story", 10),), (_FIG, (("cp", 2), ("vp", 2)))),
    _card(
        6,
        ("always", 0),
        (("add_tile", "L11"), ("remove_skull",)),
        (9,),
        (("story", 16),),
        (_CORN, (("vp", 3), ("spain", 2))),
    ),
    _card(7, ("top_score", 60), (("remove_skull",), ("cards", (94,))), (8, 10), (), None, ("legacy_disc", "L10")),
    _card(8, ("always", 0), (("add_tile", "L21"), ("story", 7)), (11,), (), (_CP2, (("vp", 5),))),
    _card(
        9,
        ("top_score", 35),
        (("add_tile", "L2"), ("quests", ((3, 1), (10, 4)))),
        (12,),
        (("story", 19),),
        (_CP1, (("d", 3), ("skull",))),
        vote=((("add_tile", "L25"),), (("cards", (95,)),)),
    ),
    _card(10, ("top_score", 170), (("add_tile", "L5"), ("cards", (95,))), (12,), (("story", 8),), (_D2, (("vp", 3),))),
    _card(
        11,
        ("always", 0),
        (("add_tile", "L6"), ("discard", (96,)), ("read", 13)),
        (),
        (("story", 1),),
        (_MP4, (("vp", 4),)),
    ),
    _card(
        12, ("top_score", 50), (("add_tile", "L12"), ("add_tile", "L13")), (14,), (("story", 17),), (_FIG, (("d", 6),))
    ),
    _card(13, ("top_score", 140), (("add_tile", "L9"), ("cards", (96,))), (15,), (), (_CP1, (("vp", 2),))),
    _card(14, ("always", 0), (("add_tile", "L22"), ("add_tile", "L14")), (16,), (("story", 9),), (_D2, (("vp", 3),))),
    _card(
        15, ("top_score", 55), (("add_tile", "L8"), ("add_tile", "L18")), (16,), (("story", 2),), (_BOOKS, (("vp", 4),))
    ),
    _card(
        16,
        ("top_score", 180),
        (("add_tile", "L3"), ("remove_skull",), ("cards", (97,))),
        (17,),
        (("story", 5),),
        (_CP2, (("skull",), ("vp", 2))),
    ),
    _card(
        17,
        ("always", 0),
        (("add_tile", "L15"), ("add_tile", "L16"), ("add_tile", "L17")),
        (18,),
        (("story", 13),),
        (_MP4, (("d", 5),)),
    ),
    _card(
        18, ("top_score", 30), (("add_tile", "L23"), ("add_tile", "L1")), (19,), (("story", 4),), (_FIG, (("vp", 3),))
    ),
    _card(
        19,
        ("top_score", 190),
        (("add_tile", "L4"), ("add_tile", "L7"), ("cards", (98, 99))),
        (),
        (("story", 20),),
        (_D2, (("vp", 5),)),
    ),
)
FIRST_STORY_CARDS = (1,)  # open in a new campaign (MA-26.1: the first story game reads card 01)
