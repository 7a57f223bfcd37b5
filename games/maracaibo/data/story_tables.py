"""data/story.py's cards as numba-ready arrays for story mode in the engine (MA-26.1 -
MA-26.3, GAP-58 - GAP-62). Card index i is ``story.STORY_CARDS[i]``.

Instructions are flattened into ``(kind, a0, a1)`` rows, one per thing they do: "Quests:
16 (1-4), 19 (4)" becomes two rows, "Cards: 92, 93" two. Locations are board indices
(1..20 are the location numbers); legacy tiles are data.legacy indices.
"""

import numpy as np

from . import story
from .codes import NONE, pack_triples
from .legacy import LEGACY_INDEX, LEGACY_POSITION

NUM_STORY_CARDS = len(story.STORY_CARDS)
NUM_STORY_TILES = 4  # MA-26.1: story tiles 1-4, laid in number order
NUM_VOTE_OPTIONS = 4  # GAP-59: a group choice between at most 4 option lists
STORY_NUMBERS = np.array([c[0] for c in story.STORY_CARDS], dtype=np.int64)
STORY_INDEX = {c[0]: i for i, c in enumerate(story.STORY_CARDS)}

# instruction kinds (story.INSTRUCTION_KINDS, in that order)
I_ADD_TILE, I_CARDS, I_REMOVE_SKULL, I_DISCARD, I_READ, I_STORY, I_QUESTS = range(len(story.INSTRUCTION_KINDS))
I_VOTE = len(story.INSTRUCTION_KINDS)  # a group choice (GAP-59): the card's vote options follow its instructions
# reward kinds (story.REWARD_KINDS, in that order)
R_VP, R_D, R_CP, R_SPAIN, R_SKULL, R_DISCS = range(len(story.REWARD_KINDS))
# in-game requirement kinds (story.IN_GAME_KINDS)
REQ_QUEST, REQ_LEGACY_DISC = range(len(story.IN_GAME_KINDS))
SKULL_TILES = np.array([LEGACY_INDEX[t] for t in story.SKULL_TILES], dtype=np.int64)
# MA-26.4: the tiles lying on the same board place as tile t (bit mask), which it replaces
PLACE_CLASH = np.array(
    [
        sum(1 << u for u, q in enumerate(LEGACY_POSITION) if u != t and p is not None and q == p)
        for t, p in enumerate(LEGACY_POSITION)
    ],
    dtype=np.int64,
)


def instruction_rows(instructions):
    """One card's instructions as ``(kind, a0, a1)`` rows (see the module docstring)."""
    rows = []
    for kind, *args in instructions:
        k = story.INSTRUCTION_KINDS.index(kind)
        if kind == "add_tile":
            rows.append((k, LEGACY_INDEX[args[0]]))
        elif kind in ("cards", "discard"):
            rows.extend((k, c) for c in args[0])
        elif kind == "read":
            rows.append((k, STORY_INDEX[args[0]]))
        elif kind == "story":
            rows.append((k, args[0]))
        elif kind == "quests":
            rows.extend((k, loc, fewest) for loc, fewest in args[0])
        else:
            rows.append((k,))
    return rows


def _read_rows(card):
    """What reading a card does (its instructions, then its vote as one I_VOTE row)."""
    return instruction_rows(card[2]) + ([(I_VOTE, len(card[8]))] if card[8] else [])


READ_KIND, READ_A0, READ_A1, READ_COUNT = pack_triples([_read_rows(c) for c in story.STORY_CARDS])
SETUP_KIND, SETUP_A0, SETUP_A1, SETUP_COUNT = pack_triples([instruction_rows(c[5]) for c in story.STORY_CARDS])
VOTE_KIND, VOTE_A0, VOTE_A1, VOTE_COUNT = pack_triples(
    [instruction_rows(opt) for c in story.STORY_CARDS for opt in (c[8] + ((),) * NUM_VOTE_OPTIONS)[:NUM_VOTE_OPTIONS]]
)  # row i * NUM_VOTE_OPTIONS + o: option o of card i's vote
NUM_VOTES = np.array([len(c[8]) for c in story.STORY_CARDS], dtype=np.int64)
HAS_QUEST = np.array([c[6] is not None for c in story.STORY_CARDS], dtype=np.int64)
QUEST_COST_KIND, QUEST_COST_A0, QUEST_COST_A1, QUEST_COST_COUNT = pack_triples(
    [c[6][0] if c[6] else () for c in story.STORY_CARDS]
)
REWARD_KIND, REWARD_A0, _, REWARD_COUNT = pack_triples(
    [[(story.REWARD_KINDS.index(r[0]),) + tuple(r[1:]) for r in c[6][1]] if c[6] else () for c in story.STORY_CARDS]
)
REQ_KIND = np.array([story.IN_GAME_KINDS.index(c[7][0]) for c in story.STORY_CARDS], dtype=np.int64)
REQ_TILE = np.array(
    [LEGACY_INDEX[c[7][1]] if c[7][0] == "legacy_disc" else NONE for c in story.STORY_CARDS], dtype=np.int64
)
DRAWS = pack_triples([[(STORY_INDEX[d],) for d in c[3]] for c in story.STORY_CARDS])
DRAW_CARD, DRAW_COUNT = DRAWS[0], DRAWS[3]


def cards_mask(numbers):
    """The ``opt_story_cards`` bit mask of story card numbers."""
    return sum(1 << STORY_INDEX[n] for n in numbers)


def cards_of_mask(mask):
    return tuple(int(STORY_NUMBERS[i]) for i in range(NUM_STORY_CARDS) if mask >> i & 1)


def check_story_cards(game_name, story_on, cards):
    """The story cards in play at setup as a sorted tuple, or a one-line ValueError.
    Default (None): story.FIRST_STORY_CARDS in story mode, none otherwise."""
    if isinstance(cards, str) and cards.strip().lower() in ("", "none"):
        cards = None  # the text of the default (a form field left as it was)
    if cards is None:
        return tuple(story.FIRST_STORY_CARDS) if story_on else ()
    if isinstance(cards, str) and all(c.strip().isdigit() for c in cards.split(",")):
        cards = tuple(int(c) for c in cards.split(","))  # the CLI's text: -o story_cards=1,4
    if not isinstance(cards, (tuple, list)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in cards):
        raise ValueError(f"{game_name}: story_cards must be a list of story card numbers, got {cards!r}")
    unknown = [c for c in cards if c not in STORY_INDEX]
    if unknown:
        raise ValueError(f"{game_name}: story_cards: no story card {unknown[0]} (cards: {sorted(STORY_INDEX)})")
    if len(set(cards)) != len(cards):
        raise ValueError(f"{game_name}: story_cards names a card twice: {list(cards)}")
    if cards and not story_on:
        raise ValueError(f"{game_name}: story_cards {list(cards)} needs story=True (MA-26.1)")
    if story_on and not cards:
        raise ValueError(f"{game_name}: story=True needs at least one story card in play (MA-26.1)")
    return tuple(sorted(cards))
