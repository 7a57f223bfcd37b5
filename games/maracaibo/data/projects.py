"""Project cards (D9, MA-14, MA-15): effect families, requirement kinds, the card list.

A card is data only: cost, requirements, end-game VP, one good/item symbol, an
optional synergy symbol, and a list of effects. Each effect is ``(family, a0, a1)``
where the family is one symbol of the rulebook's symbol overview ([R] 符号概览,
pages 18-21; MA-15) and a0/a1 are its printed numbers, so a real card list with other
numbers or combinations loads by replacing CARDS alone. The helpers below (``ID(2)``,
``XI2(FR)``, ``AS(AS06)``, ``AT(15)``...) only build those tuples and fill in the
numbers the overview prints; the table reads like the spec's D9.

Real: the number of cards (157 = 56 A + 101 B), every family and requirement kind
and their printed numbers (RULEBOOK). The card list itself is PLACEHOLDER (GAP-7):
no public source lists it. B001/B002 (Legionnaire) and B003 (Harbour) are modelled on
the rulebook's two worked examples.
"""

import numpy as np

from .actions import (
    AS01, AS02, AS03, AS04, AS05, AS06, AS07, AS08, AS09, AS10, AS11, AS12, AS13, AS14,
    AS15, AS16, AS17,
)
from .card_effects import *  # noqa: F403 (the vocabulary: families, builders, requirement kinds)
from .card_effects import (
    AS, AT, CD3, CIV, CP, F, F_AS, F_PCO, FAMILIES, FC, H3, MAX_EFFECTS, MAX_REQUIREMENTS, ID, IDs, IV, IVs, N3, PAD,
    PAV, PCB, PCO, PD, PEX, PFC, PI,
    PNC, PST, PXV, REQ_ASSISTANT, VBK, VG2, VMD, VMV, XCP, XDS, XF2, XFC, XI1, XI2, XQC, XSA, XV3, XVA, XVC,
    XVM, XVN, XVQ, XVS, XVT,
)
from .codes import (
    ANCHOR, BOOK, CORN, CROWN, EN, ES, FR, HERB, HOUSE, MAP, MEDAL, NONE, SUG, TELE, TOB,
    TOOLS, column, pack_triples, placeholder,
)
from .c_cards import C_CARDS

# ----- the cards (D9) -------------------------------------------------------------------
A, B = 0, 1  # deck: A = dark rope border, B = light rope border (MA-3.4)
PH_CARD = placeholder("GAP-7: no public project-card list")
PH_LEGIONNAIRE = (PH_CARD + "; panels from the RULEBOOK example 军团士兵"
                  " (cost 12: 5 CP, +2 D income, +2 VP income with ANCHOR)")
PH_HARBOUR = (PH_CARD + "; from the RULEBOOK example 港口 (cost 16, 2 VP; +4 VP income with TOOLS, +2 more with CROWN)"
              "; the split 2 + 2 TOOLS + 2 CROWN is a guess")

# Columns: id, deck, name, cost (D), requirements, end-game VP, symbol, synergy symbol,
# effects (in printed order), provenance.
CARDS = (
    ("A001", A, "Merchant", 5, (), 0, TELE, NONE, (ID(2),), PH_CARD),
    ("A002", A, "Merchant", 5, (), 0, TELE, NONE, (ID(2),), PH_CARD),
    ("A003", A, "Merchant", 5, (), 0, CORN, TOOLS, (ID(2),), PH_CARD),
    ("A004", A, "Merchant", 5, (), 0, TOB, NONE, (ID(2),), PH_CARD),
    ("A005", A, "Merchant", 5, (), 0, TOB, NONE, (ID(2),), PH_CARD),
    ("A006", A, "Trader", 3, (), 0, HERB, MEDAL, (ID(1), XCP(2)), PH_CARD),
    ("A007", A, "Trader", 3, (), 0, TOB, NONE, (ID(1), XCP(2)), PH_CARD),
    ("A008", A, "Trader", 3, (), 0, TOB, NONE, (ID(1), XCP(2)), PH_CARD),
    ("A009", A, "Clerk", 5, (), 0, TELE, CROWN, (IV(1),), PH_CARD),
    ("A010", A, "Clerk", 5, (), 0, SUG, NONE, (IV(1),), PH_CARD),
    ("A011", A, "Clerk", 5, (), 0, BOOK, NONE, (IV(1),), PH_CARD),
    ("A012", A, "Sailor", 4, (), 1, HERB, HOUSE, (PCB,), PH_CARD),
    ("A013", A, "Sailor", 4, (), 1, HERB, NONE, (PCB,), PH_CARD),
    ("A014", A, "Sailor", 4, (), 1, CORN, NONE, (PCB,), PH_CARD),
    ("A015", A, "Envoy", 4, (), 0, CORN, ANCHOR, (XI2(FR),), PH_CARD),
    ("A016", A, "Envoy", 4, (), 0, MAP, NONE, (XI2(ES),), PH_CARD),
    ("A017", A, "Envoy", 4, (), 0, TOB, NONE, (XI2(EN),), PH_CARD),
    ("A018", A, "Navigator", 5, (), 1, BOOK, TOOLS, (PCO,), PH_CARD),
    ("A019", A, "Navigator", 5, (), 1, MAP, NONE, (PCO,), PH_CARD),
    ("A020", A, "Shipwright", 5, (), 0, CORN, NONE, (XDS, ID(1)), PH_CARD),
    ("A021", A, "Shipwright", 5, (), 0, TOB, MEDAL, (XDS, ID(1)), PH_CARD),
    ("A022", A, "Shipwright", 5, (), 0, SUG, NONE, (XDS, ID(1)), PH_CARD),
    ("A023", A, "Specialist", 4, (), 0, SUG, NONE, (PI(HERB), ID(1)), PH_CARD),
    ("A024", A, "Specialist", 4, (), 0, TOB, CROWN, (PI(MAP), ID(1)), PH_CARD),
    ("A025", A, "Specialist", 4, (), 0, MAP, NONE, (PI(BOOK), ID(1)), PH_CARD),
    ("A026", A, "Recruiter", 3, (), 0, TELE, NONE, (XF2,), PH_CARD),
    ("A027", A, "Recruiter", 3, (), 0, CORN, HOUSE, (XF2,), PH_CARD),
    ("A028", A, "Quartermaster", 5, (), 0, CORN, NONE, (PD(1),), PH_CARD),
    ("A029", A, "Quartermaster", 5, (), 0, CORN, NONE, (PD(1),), PH_CARD),
    ("A030", A, "Patron's Agent", 5, (AT(1),), 0, HERB, NONE, (AS(AS01),), PH_CARD),
    ("A031", A, "Patron's Agent", 5, (AT(8),), 0, CORN, NONE, (AS(AS01),), PH_CARD),
    ("A032", A, "Emissary", 4, (AT(15),), 0, TOB, NONE, (AS(AS03),), PH_CARD),
    ("A033", A, "Emissary", 4, (AT(3),), 0, SUG, NONE, (AS(AS03),), PH_CARD),
    ("A034", A, "Dockhand", 4, (AT(10),), 0, TELE, NONE, (AS(AS07),), PH_CARD),
    ("A035", A, "Dockhand", 4, (AT(17),), 0, HERB, NONE, (AS(AS07),), PH_CARD),
    ("A036", A, "Scout", 3, (AT(5),), 0, BOOK, NONE, (AS(AS10),), PH_CARD),
    ("A037", A, "Scout", 3, (AT(12),), 0, SUG, NONE, (AS(AS10),), PH_CARD),
    ("A038", A, "Boatswain", 4, (AT(19),), 0, CORN, NONE, (AS(AS06),), PH_CARD),
    ("A039", A, "Boatswain", 4, (AT(7),), 0, CORN, NONE, (AS(AS06),), PH_CARD),
    ("A040", A, "Guild Member", 4, (), 0, TOB, TOOLS, (ID(1), IVs(TOOLS, 1)), PH_CARD),
    ("A041", A, "Guild Member", 4, (), 0, CORN, MEDAL, (ID(1), IVs(MEDAL, 1)), PH_CARD),
    ("A042", A, "Guild Member", 4, (), 0, TOB, CROWN, (ID(1), IVs(CROWN, 1)), PH_CARD),
    ("A043", A, "Guild Member", 4, (), 0, SUG, HOUSE, (ID(1), IVs(HOUSE, 1)), PH_CARD),
    ("A044", A, "Guild Member", 4, (), 0, MAP, ANCHOR, (ID(1), IVs(ANCHOR, 1)), PH_CARD),
    ("A045", A, "Pathfinder", 4, (), 0, BOOK, ANCHOR, (PEX,), PH_CARD),
    ("A046", A, "Pathfinder", 4, (), 0, SUG, NONE, (PEX,), PH_CARD),
    ("A047", A, "Haggler", 3, (), 0, MAP, NONE, (VG2,), PH_CARD),
    ("A048", A, "Haggler", 3, (), 0, MAP, TOOLS, (VG2,), PH_CARD),
    ("A049", A, "Skirmisher", 4, (), 0, SUG, NONE, (CIV(1),), PH_CARD),
    ("A050", A, "Skirmisher", 4, (), 0, BOOK, NONE, (CIV(1),), PH_CARD),
    ("A051", A, "Courier", 4, (), 0, BOOK, MEDAL, (XI1, ID(1)), PH_CARD),
    ("A052", A, "Courier", 4, (), 0, TOB, NONE, (XI1, ID(1)), PH_CARD),
    ("A053", A, "Mercenary", 3, (), 1, SUG, NONE, (XCP(3),), PH_CARD),
    ("A054", A, "Mercenary", 3, (), 1, SUG, CROWN, (XCP(3),), PH_CARD),
    ("A055", A, "Chronicler", 2, (), 0, HERB, NONE, (XVQ,), PH_CARD),
    ("A056", A, "Diplomat", 5, (), 0, SUG, NONE, (XSA, ID(1)), PH_CARD),
    ("B001", B, "Legionnaire", 12, (), 0, TOB, HOUSE, (XCP(5), ID(2), IVs(ANCHOR, 2)), PH_LEGIONNAIRE),
    ("B002", B, "Legionnaire", 12, (), 0, SUG, NONE, (XCP(5), ID(2), IVs(ANCHOR, 2)), PH_LEGIONNAIRE),
    ("B003", B, "Harbour", 16, (), 2, TOB, NONE, (IV(2), IVs(TOOLS, 2), IVs(CROWN, 2)), PH_HARBOUR),
    ("B004", B, "Plantation Owner", 8, (), 1, CORN, ANCHOR, (ID(3),), PH_CARD),
    ("B005", B, "Plantation Owner", 8, (), 1, TELE, NONE, (ID(3),), PH_CARD),
    ("B006", B, "Plantation Owner", 8, (), 1, SUG, NONE, (ID(3),), PH_CARD),
    ("B007", B, "Banker", 11, (), 0, TOB, TOOLS, (IV(2),), PH_CARD),
    ("B008", B, "Banker", 11, (), 0, SUG, NONE, (IV(2),), PH_CARD),
    ("B009", B, "Banker", 11, (), 0, TOB, NONE, (IV(2),), PH_CARD),
    ("B010", B, "Ship Owner", 10, (), 0, BOOK, MEDAL, (ID(2), IV(1)), PH_CARD),
    ("B011", B, "Ship Owner", 10, (), 0, BOOK, NONE, (ID(2), IV(1)), PH_CARD),
    ("B012", B, "Ship Owner", 10, (), 0, SUG, NONE, (ID(2), IV(1)), PH_CARD),
    ("B013", B, "Guild Master", 8, (), 0, SUG, TOOLS, (ID(2), IDs(CROWN, 2)), PH_CARD),
    ("B014", B, "Guild Master", 8, (), 0, TOB, MEDAL, (ID(2), IDs(HOUSE, 2)), PH_CARD),
    ("B015", B, "Guild Master", 8, (), 0, BOOK, CROWN, (ID(2), IDs(ANCHOR, 2)), PH_CARD),
    ("B016", B, "Guild Master", 8, (), 0, SUG, HOUSE, (ID(2), IDs(TOOLS, 2)), PH_CARD),
    ("B017", B, "Artisan", 9, (), 1, BOOK, ANCHOR, (IV(1), IVs(MEDAL, 2)), PH_CARD),
    ("B018", B, "Artisan", 9, (), 1, CORN, TOOLS, (IV(1), IVs(CROWN, 2)), PH_CARD),
    ("B019", B, "Artisan", 9, (), 1, HERB, MEDAL, (IV(1), IVs(HOUSE, 2)), PH_CARD),
    ("B020", B, "Artisan", 9, (), 1, TOB, CROWN, (IV(1), IVs(ANCHOR, 2)), PH_CARD),
    ("B021", B, "Veteran", 5, (), 1, CORN, CROWN, (XVT,), PH_CARD),
    ("B022", B, "Veteran", 5, (), 1, TOB, NONE, (XVT,), PH_CARD),
    ("B023", B, "Overseer", 5, (), 0, BOOK, NONE, (XVA,), PH_CARD),
    ("B024", B, "Overseer", 5, (), 0, TOB, HOUSE, (XVA,), PH_CARD),
    ("B025", B, "Storyteller", 4, (), 1, SUG, NONE, (XVQ,), PH_CARD),
    ("B026", B, "Storyteller", 4, (), 1, TELE, NONE, (XVQ,), PH_CARD),
    ("B027", B, "Astronomer", 5, (), 0, TOB, ANCHOR, (XVC,), PH_CARD),
    ("B028", B, "Astronomer", 5, (), 0, TELE, NONE, (XVC,), PH_CARD),
    ("B029", B, "Councillor", 6, (), 0, SUG, NONE, (XVS,), PH_CARD),
    ("B030", B, "Councillor", 6, (), 0, TELE, TOOLS, (XVS,), PH_CARD),
    ("B031", B, "Courtier", 6, (), 0, TELE, NONE, (XV3,), PH_CARD),
    ("B032", B, "Investor", 3, (), 0, MAP, NONE, (XFC,), PH_CARD),
    ("B033", B, "Investor", 3, (), 0, TOB, MEDAL, (XFC,), PH_CARD),
    ("B034", B, "Networker", 6, (), 0, HERB, NONE, (XSA, ID(1)), PH_CARD),
    ("B035", B, "Networker", 6, (), 0, SUG, NONE, (XSA, ID(1)), PH_CARD),
    ("B036", B, "Settler", 5, (), 1, SUG, HOUSE, (XVM,), PH_CARD),
    ("B037", B, "Settler", 5, (), 1, HERB, HOUSE, (XVM,), PH_CARD),
    ("B038", B, "Settler", 5, (), 1, MAP, HOUSE, (XVM,), PH_CARD),
    ("B039", B, "Colonial Governor", 9, (), 1, TOB, CROWN, (XVN,), PH_CARD),
    ("B040", B, "Colonial Governor", 9, (), 1, CORN, NONE, (XVN,), PH_CARD),
    ("B041", B, "Adventurer", 4, (), 0, SUG, NONE, (XQC,), PH_CARD),
    ("B042", B, "Adventurer", 4, (), 0, TOB, HOUSE, (XQC,), PH_CARD),
    ("B043", B, "Ambassador", 6, (N3(FR),), 2, BOOK, NONE, (XI2(FR),), PH_CARD),
    ("B044", B, "Ambassador", 6, (N3(ES),), 2, CORN, NONE, (XI2(ES),), PH_CARD),
    ("B045", B, "Ambassador", 6, (N3(EN),), 2, TELE, ANCHOR, (XI2(EN),), PH_CARD),
    ("B046", B, "Pirate", 6, (), 0, CORN, NONE, (XCP(4), PFC), PH_CARD),
    ("B047", B, "Pirate", 6, (), 0, MAP, NONE, (XCP(4), PFC), PH_CARD),
    ("B048", B, "Privateer", 5, (), 1, TELE, TOOLS, (PNC(FR),), PH_CARD),
    ("B049", B, "Privateer", 5, (), 1, MAP, NONE, (PNC(ES),), PH_CARD),
    ("B050", B, "Privateer", 5, (), 1, HERB, NONE, (PNC(EN),), PH_CARD),
    ("B051", B, "Conqueror", 7, (), 1, MAP, MEDAL, (PXV,), PH_CARD),
    ("B052", B, "Conqueror", 7, (), 1, CORN, NONE, (PXV,), PH_CARD),
    ("B053", B, "Rival Explorer", 4, (), 0, CORN, NONE, (PST, XCP(2)), PH_CARD),
    ("B054", B, "Innkeeper", 7, (), 0, CORN, CROWN, (PAV,), PH_CARD),
    ("B055", B, "Tax Collector", 6, (), 0, TOB, NONE, (PAD,), PH_CARD),
    ("B056", B, "Master Builder", 11, (), 1, TOB, NONE, (PD(2),), PH_CARD),
    ("B057", B, "Purser", 7, (), 0, CORN, HOUSE, (PD(1), ID(1)), PH_CARD),
    ("B058", B, "Expert", 7, (), 0, SUG, NONE, (PI(HERB), IV(1)), PH_CARD),
    ("B059", B, "Expert", 7, (), 0, CORN, NONE, (PI(MAP), IV(1)), PH_CARD),
    ("B060", B, "Expert", 7, (), 0, HERB, ANCHOR, (PI(BOOK), IV(1)), PH_CARD),
    ("B061", B, "Master Navigator", 8, (), 2, CORN, NONE, (PCO,), PH_CARD),
    ("B062", B, "Master Navigator", 8, (), 2, TELE, NONE, (PCO,), PH_CARD),
    ("B063", B, "Master Navigator", 8, (), 2, MAP, TOOLS, (PCO,), PH_CARD),
    ("B064", B, "Trailblazer", 7, (), 1, HERB, NONE, (PEX, XI1), PH_CARD),
    ("B065", B, "Trailblazer", 7, (), 1, SUG, NONE, (PEX, XI1), PH_CARD),
    ("B066", B, "Map Dealer", 3, (), 0, TOB, MEDAL, (VMV,), PH_CARD),
    ("B067", B, "Map Dealer", 3, (), 0, HERB, NONE, (VMV,), PH_CARD),
    ("B068", B, "Map Trader", 3, (), 0, HERB, NONE, (VMD,), PH_CARD),
    ("B069", B, "Map Trader", 3, (), 0, SUG, CROWN, (VMD,), PH_CARD),
    ("B070", B, "Librarian", 4, (), 0, CORN, NONE, (VBK(3),), PH_CARD),
    ("B071", B, "Librarian", 4, (), 0, SUG, NONE, (VBK(3),), PH_CARD),
    ("B072", B, "Captain", 6, (), 0, CORN, HOUSE, (CIV(2),), PH_CARD),
    ("B073", B, "Captain", 6, (), 0, SUG, NONE, (CIV(2),), PH_CARD),
    ("B074", B, "Raider", 4, (), 0, MAP, NONE, (CD3,), PH_CARD),
    ("B075", B, "Raider", 4, (), 0, CORN, ANCHOR, (CD3,), PH_CARD),
    ("B076", B, "Apothecary", 6, (H3,), 5, TOB, NONE, (), PH_CARD),
    ("B077", B, "Apothecary", 6, (H3,), 5, TELE, NONE, (), PH_CARD),
    ("B078", B, "Admiral", 5, (CP(4),), 4, MAP, TOOLS, (XI1,), PH_CARD),
    ("B079", B, "Admiral", 5, (CP(4),), 4, MAP, NONE, (XI1,), PH_CARD),
    ("B080", B, "Viceroy", 10, (N3(FR), F(1)), 6, CORN, NONE, (), PH_CARD),
    ("B081", B, "Viceroy", 10, (N3(ES), FC), 6, HERB, MEDAL, (), PH_CARD),
    ("B082", B, "Foreman", 6, (AT(14),), 0, TOB, NONE, (AS(AS02),), PH_CARD),
    ("B083", B, "Foreman", 6, (AT(2),), 0, TELE, NONE, (AS(AS02),), PH_CARD),
    ("B084", B, "Harbour Pilot", 6, (AT(9),), 0, SUG, NONE, (AS(AS04),), PH_CARD),
    ("B085", B, "Wholesaler", 5, (AT(16),), 0, SUG, NONE, (AS(AS05),), PH_CARD),
    ("B086", B, "Wholesaler", 5, (AT(4),), 0, CORN, NONE, (AS(AS05),), PH_CARD),
    ("B087", B, "Arms Dealer", 5, (AT(11),), 0, TOB, NONE, (AS(AS08),), PH_CARD),
    ("B088", B, "Consul", 6, (AT(18),), 0, TOB, NONE, (AS(AS09),), PH_CARD),
    ("B089", B, "Expedition Leader", 8, (AT(6),), 0, BOOK, NONE, (AS(AS11),), PH_CARD),
    ("B090", B, "Expedition Leader", 8, (AT(13),), 0, SUG, NONE, (AS(AS11),), PH_CARD),
    ("B091", B, "Recruiting Officer", 7, (AT(1),), 0, CORN, NONE, (AS(AS12),), PH_CARD),
    ("B092", B, "Recruiting Officer", 7, (AT(8),), 0, CORN, NONE, (AS(AS12),), PH_CARD),
    ("B093", B, "Garrison Commander", 8, (AT(15),), 0, BOOK, NONE, (AS(AS13),), PH_CARD),
    ("B094", B, "Garrison Commander", 8, (AT(3),), 0, MAP, NONE, (AS(AS13),), PH_CARD),
    ("B095", B, "Smuggler", 8, (AT(10),), 0, TELE, NONE, (AS(AS14),), PH_CARD),
    ("B096", B, "Fencing Master", 6, (AT(17),), 0, CORN, NONE, (AS(AS15),), PH_CARD),
    ("B097", B, "Fencing Master", 6, (AT(5),), 0, SUG, NONE, (AS(AS15),), PH_CARD),
    ("B098", B, "Gunner", 6, (AT(12),), 0, BOOK, NONE, (AS(AS16),), PH_CARD),
    ("B099", B, "Exporter", 5, (AT(19),), 0, TOB, NONE, (AS(AS17),), PH_CARD),
    ("B100", B, "Exporter", 5, (AT(7),), 0, BOOK, NONE, (AS(AS17),), PH_CARD),
    ("B101", B, "Benefactor", 7, (AT(14),), 0, HERB, NONE, (AS(AS01),), PH_CARD),
)
NUM_AB_CARDS = len(CARDS)  # 157: the A and B cards (MA-3.4)
# Card ids index ALL_CARDS: 0..156 the A and B cards, then the C cards 90-99 of D15 as ids
# 157..166 (C_FIRST + number - 90, GAP-63): every array below covers them, so the kernels
# read a C card as any project card (MA-14).
ALL_CARDS = CARDS + C_CARDS
C_FIRST = NUM_AB_CARDS
NUM_CARDS = len(ALL_CARDS)  # 167
CARD_IDS = tuple(r[0] for r in ALL_CARDS)
CARD_INDEX = {cid: i for i, cid in enumerate(CARD_IDS)}
CARD_NAMES = tuple(r[2] for r in ALL_CARDS)
CARD_DECK = column(ALL_CARDS, 1)
CARD_COST = column(ALL_CARDS, 3)
CARD_END_VP = column(ALL_CARDS, 5)
CARD_SYMBOL = column(ALL_CARDS, 6)
CARD_SYNERGY = column(ALL_CARDS, 7)  # NONE = no synergy symbol
CARD_REQ_KIND, CARD_REQ_A0, CARD_REQ_A1, CARD_REQ_COUNT = pack_triples([r[4] for r in ALL_CARDS], MAX_REQUIREMENTS)
CARD_FX_FAMILY, CARD_FX_A0, CARD_FX_A1, CARD_FX_COUNT = pack_triples([r[8] for r in ALL_CARDS], MAX_EFFECTS)
# Conveniences the engine reads often.
CARD_ASSISTANT_LOC = np.array([next((q[1] for q in r[4] if q[0] == REQ_ASSISTANT), NONE) for r in ALL_CARDS],
                              dtype=np.int64)
CARD_ASSISTANT_ACTION = np.array([next((e[1] for e in r[8] if e[0] == F_AS), NONE) for r in ALL_CARDS],
                                 dtype=np.int64)
CARD_COMPASSES = np.array([sum(e[1] for e in r[8] if e[0] == F_PCO) for r in ALL_CARDS], dtype=np.int64)


def _cards_by_family():
    """(FAMILY_CARDS, FAMILY_NUM_CARDS): per effect family, the ids of the cards with an
    effect of it (ascending, -1 past the count), so a sum over one family's effects on a
    player's cards (rules/effects.card_effects) visits those few cards, not all NUM_CARDS."""
    lists = [[c for c in range(NUM_CARDS) if f in CARD_FX_FAMILY[c, :CARD_FX_COUNT[c]]] for f in range(len(FAMILIES))]
    cards = np.full((len(lists), max(len(x) for x in lists)), -1, dtype=np.int64)
    for f, ids in enumerate(lists):
        cards[f, :len(ids)] = ids
    return cards, np.array([len(x) for x in lists], dtype=np.int64)


FAMILY_CARDS, FAMILY_NUM_CARDS = _cards_by_family()
