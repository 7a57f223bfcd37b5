"""C cards 90-99 (D15, MA-26.1, GAP-63): PLACEHOLDER project cards story cards bring in.

The C cards are project cards (MA-14) that join the A cards for good once a story
card brings them into a campaign (MA-26.1; "Cards: 90-92", MA-26.2). Their contents
are not in the rulebook, so every row is PLACEHOLDER, written in the schema of the
project cards (``projects.CARDS``: id, deck, name, cost, requirements, end-game VP,
symbol, synergy symbol, effects, provenance) with D9's effect families and
requirement kinds only (as on the A and B cards, a card that places an assistant, @n, has
an assistant action); a real list replaces ``C_CARDS`` alone.

In the engine a C card is a project card (MA-14): ``projects.ALL_CARDS`` appends these
rows to the A and B cards, so card number 90 + i has card id ``projects.C_FIRST + i``
(157..166). The option ``c_cards`` (numbers 90-99) puts them in a game's deck at setup
(MA-3.4, GAP-63); its record value is a bit mask, bit i = card 90 + i.
"""

from .codes import ANCHOR, BOOK, CORN, CROWN, ES, HERB, MAP, NONE, SUG, TELE, TOB, TOOLS, pack_triples, placeholder
from .actions import AS02, AS09
from .card_effects import AS, AT, CP, F, ID, IV, MAX_EFFECTS, MAX_REQUIREMENTS, PCB, XCP, XF2, XI1, XI2, XVQ, IVs

C = 2  # the deck (projects: A = 0, B = 1)
PH_C = placeholder("GAP-63: the C cards' contents are not in the rulebook")

# Columns as projects.CARDS. Ids C090-C099 are the numbers the story cards print (90-99).
C_CARDS = (
    ("C090", C, "Castaway", 4, (), 0, CORN, NONE, (ID(1), XCP(2)), PH_C),
    ("C091", C, "Cartographer", 6, (), 1, MAP, NONE, (IV(1),), PH_C),
    ("C092", C, "Smuggler", 5, (F(1),), 0, TOB, ANCHOR, (ID(2),), PH_C),
    ("C093", C, "Buccaneer", 7, (CP(2),), 2, SUG, NONE, (PCB, XI1), PH_C),
    ("C094", C, "Surgeon", 6, (), 0, HERB, TOOLS, (XF2,), PH_C),
    ("C095", C, "Governor's Aide", 8, (AT(9),), 1, BOOK, NONE, (XI2(ES), AS(AS09)), PH_C),
    ("C096", C, "Quartermaster", 9, (), 2, TELE, CROWN, (IVs(TOOLS, 2), ID(1)), PH_C),
    ("C097", C, "Treasure Hunter", 7, (), 0, MAP, NONE, (XVQ,), PH_C),
    ("C098", C, "Navigator", 10, (AT(14),), 2, TELE, NONE, (IV(2), AS(AS02)), PH_C),
    ("C099", C, "Admiral", 12, (CP(2),), 4, CORN, ANCHOR, (IV(1), XI1), PH_C),
)
C_CARD_IDS = tuple(r[0] for r in C_CARDS)
C_CARD_NUMBERS = tuple(int(cid[1:]) for cid in C_CARD_IDS)
# packed as the project cards are, so the same kernels can read them once they are dealt
C_CARD_REQ_KIND, C_CARD_REQ_A0, C_CARD_REQ_A1, C_CARD_REQ_COUNT = pack_triples(
    [r[4] for r in C_CARDS], MAX_REQUIREMENTS
)
C_CARD_FX_FAMILY, C_CARD_FX_A0, C_CARD_FX_A1, C_CARD_FX_COUNT = pack_triples([r[8] for r in C_CARDS], MAX_EFFECTS)
FIRST_NUMBER = C_CARD_NUMBERS[0]  # 90
ALL_C_MASK = (1 << len(C_CARDS)) - 1


def c_mask(numbers):
    """The bit mask of a checked tuple of C card numbers (bit i = card 90 + i)."""
    return sum(1 << (n - FIRST_NUMBER) for n in numbers)


def numbers_of_mask(mask):
    """The sorted C card numbers of a bit mask."""
    return tuple(n for i, n in enumerate(C_CARD_NUMBERS) if int(mask) >> i & 1)


def check_c_cards(game_name, numbers):
    """The option ``c_cards`` as a sorted tuple of numbers 90-99 (given as ints, or as the
    digit strings ``-o c_cards=90,91`` gives), or a one-line ValueError: every C card exists
    once (MA-26.1, GAP-63)."""
    if isinstance(numbers, (str, bytes)) or not isinstance(numbers, (tuple, list)):
        raise ValueError(f"{game_name}: option c_cards must be a tuple of C card numbers like (90, 91), "
                         f"got {numbers!r}")
    seen = set()
    for n in numbers:
        if isinstance(n, str) and n.strip().isdigit():  # -o c_cards=90,91 (games.option_from_text)
            n = int(n)
        if isinstance(n, bool) or not isinstance(n, int) or n not in C_CARD_NUMBERS:
            raise ValueError(f"{game_name}: unknown C card {n!r} (C cards are numbered 90-99)")
        if n in seen:
            raise ValueError(f"{game_name}: C card {n} given twice (each card exists once)")
        seen.add(n)
    return tuple(sorted(seen))
