"""C cards 90-99 (D15, MA-26.1, GAP-63): PLACEHOLDER project cards story cards bring in.

The C cards are project cards (MA-14) that join the A cards for good once a story
card brings them into a campaign (MA-26.1; "Cards: 90-92", MA-26.2). Their contents
are not in the rulebook, so every row is PLACEHOLDER, written in the schema of the
project cards (``projects.CARDS``: id, deck, name, cost, requirements, end-game VP,
symbol, synergy symbol, effects, provenance) with D9's effect families and
requirement kinds only; a real list replaces ``C_CARDS`` alone. The engine's project
deck does not hold them yet (story mode is not played): the campaign archive keeps
their numbers (``story.C_CARDS``).
"""

from .codes import ANCHOR, BOOK, CORN, CROWN, ES, HERB, MAP, NONE, SUG, TELE, TOB, TOOLS, pack_triples, placeholder
from .projects import AT, CP, F, ID, IV, MAX_EFFECTS, MAX_REQUIREMENTS, PCB, XCP, XF2, XI1, XI2, XVQ, IVs

C = 2  # the deck (projects: A = 0, B = 1)
PH_C = placeholder("GAP-63: the C cards' contents are not in the rulebook")

# Columns as projects.CARDS. Ids C090-C099 are the numbers the story cards print (90-99).
C_CARDS = (
    ("C090", C, "Castaway", 4, (), 0, CORN, NONE, (ID(1), XCP(2)), PH_C),
    ("C091", C, "Cartographer", 6, (), 1, MAP, NONE, (IV(1),), PH_C),
    ("C092", C, "Smuggler", 5, (F(1),), 0, TOB, ANCHOR, (ID(2),), PH_C),
    ("C093", C, "Buccaneer", 7, (CP(2),), 2, SUG, NONE, (PCB, XI1), PH_C),
    ("C094", C, "Surgeon", 6, (), 0, HERB, TOOLS, (XF2,), PH_C),
    ("C095", C, "Governor's Aide", 8, (AT(9),), 1, BOOK, NONE, (XI2(ES),), PH_C),
    ("C096", C, "Quartermaster", 9, (), 2, TELE, CROWN, (IVs(TOOLS, 2), ID(1)), PH_C),
    ("C097", C, "Treasure Hunter", 7, (), 0, MAP, NONE, (XVQ,), PH_C),
    ("C098", C, "Navigator", 10, (AT(14),), 2, TELE, NONE, (IV(2),), PH_C),
    ("C099", C, "Admiral", 12, (CP(2),), 4, CORN, ANCHOR, (IV(1), XI1), PH_C),
)
C_CARD_IDS = tuple(r[0] for r in C_CARDS)
C_CARD_NUMBERS = tuple(int(cid[1:]) for cid in C_CARD_IDS)
# packed as the project cards are, so the same kernels can read them once they are dealt
C_CARD_REQ_KIND, C_CARD_REQ_A0, C_CARD_REQ_A1, C_CARD_REQ_COUNT = pack_triples(
    [r[4] for r in C_CARDS], MAX_REQUIREMENTS
)
C_CARD_FX_FAMILY, C_CARD_FX_A0, C_CARD_FX_A1, C_CARD_FX_COUNT = pack_triples([r[8] for r in C_CARDS], MAX_EFFECTS)
