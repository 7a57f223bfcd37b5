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
from .codes import (
    ANCHOR, BOOK, CORN, CROWN, EN, ES, FR, HERB, HOUSE, MAP, MEDAL, NONE, SUG, TELE, TOB,
    TOOLS, column, pack_triples, placeholder, rulebook,
)

# ----- effect families (MA-15; one per symbol of the rulebook's overview) ----------------
INCOME, PERMANENT, IMMEDIATE, ASSISTANT = 0, 1, 2, 3  # green, red, brown, blue panels
PANEL_NAMES = ("income", "permanent", "immediate", "assistant")

F_ID, F_IV, F_IDS, F_IVS = 0, 1, 2, 3
F_PI, F_PD, F_PCB, F_PCO, F_PEX, F_PST, F_PAV, F_PAD, F_PFC, F_PNC, F_PXV = range(4, 15)
F_VMV, F_VMD, F_VBK, F_VG2 = range(15, 19)
F_CIV, F_CD3 = 19, 20
(F_XI2, F_XI1, F_XCP, F_XDS, F_XF2, F_XSA, F_XVM, F_XVN, F_XQC, F_XVT, F_XVA, F_XVQ, F_XVC, F_XFC,
 F_XVS, F_XV3) = range(21, 37)
F_AS = 37

# Sections of the rulebook's symbol overview.
OV_INCOME = "收入效果 (income)"
OV_PERMANENT = "持续效果与额外行动 (permanent effects)"
OV_VILLAGE = "新的村庄行动 (new village actions)"
OV_COMBAT = "新的战斗行动 (new combat actions)"
OV_IMMEDIATE = "即时效果 (immediate effects)"
OV_ASSISTANT = "助手行动 (assistant actions)"


def _overview(rule):
    return rulebook(f"{rule} ([R] 符号概览)")


# Columns: family, code, panel, overview section, meaning of a0 / a1, provenance.
FAMILIES = (
    (F_ID, "ID", INCOME, OV_INCOME, "doubloon income +a0", _overview("MA-15.1")),
    (F_IV, "IV", INCOME, OV_INCOME, "VP income +a0", _overview("MA-15.1")),
    (F_IDS, "IDs", INCOME, OV_INCOME, "doubloon income +a1 once synergy a0 is owned", _overview("MA-15.1")),
    (F_IVS, "IVs", INCOME, OV_INCOME, "VP income +a1 once synergy a0 is owned", _overview("MA-15.1")),
    (F_PI, "PI", PERMANENT, OV_PERMANENT, "pay 1 fewer of item a0 (HERB/MAP/BOOK)", _overview("MA-15.2")),
    (F_PD, "PD", PERMANENT, OV_PERMANENT, "purchases and investments cost a0 D less", _overview("MA-15.2")),
    (F_PCB, "PCB", PERMANENT, OV_PERMANENT, "+a0 CP before each Combat action", _overview("MA-8.1")),
    (F_PCO, "PCO", PERMANENT, OV_PERMANENT, "+a0 compass", _overview("MA-15.2")),
    (F_PEX, "PEX", PERMANENT, OV_PERMANENT, "explorer moves may go a0 further", _overview("MA-10.2")),
    (F_PST, "PST", PERMANENT, OV_PERMANENT, "steal a0 VP per explorer skipped", _overview("MA-10.8")),
    (F_PAV, "PAV", PERMANENT, OV_PERMANENT, "+a0 VP when any ship stops at your assistant", _overview("MA-5.9")),
    (F_PAD, "PAD", PERMANENT, OV_PERMANENT, "+a0 D when any ship stops at your assistant", _overview("MA-5.9")),
    (F_PFC, "PFC", PERMANENT, OV_PERMANENT, "any time: return 1 figure for a0 CP", _overview("MA-6.3")),
    (F_PNC, "PNC", PERMANENT, OV_PERMANENT, "+a1 CP when fighting for nation a0", _overview("MA-8.3")),
    (F_PXV, "PXV", PERMANENT, OV_PERMANENT, "+a0 VP per expelled marker", _overview("MA-8.6")),
    (F_VMV, "VMV", PERMANENT, OV_VILLAGE, "last village action: 2 maps -> a0 VP, explore a1", _overview("MA-11.3")),
    (F_VMD, "VMD", PERMANENT, OV_VILLAGE, "last village action: 2 maps -> a0 D, explore a1", _overview("MA-11.3")),
    (F_VBK, "VBK", PERMANENT, OV_VILLAGE, "last village action: 2 books -> a0 D and a0 VP", _overview("MA-11.3")),
    (F_VG2, "VG2", PERMANENT, OV_VILLAGE, "village action: 2 same goods -> a0 D", _overview("MA-11.3")),
    (F_CIV, "CIV", PERMANENT, OV_COMBAT, "combat action CA4: V 2 -> +1 influence, +a0 VP", _overview("MA-8.6")),
    (F_CD3, "CD3", PERMANENT, OV_COMBAT, "combat action CA5: V 1 -> +a0 D, +a1 VP with HOUSE", _overview("MA-8.6")),
    (F_XI2, "XI2", IMMEDIATE, OV_IMMEDIATE, "+a1 influence in nation a0", _overview("MA-15.3")),
    (F_XI1, "XI1", IMMEDIATE, OV_IMMEDIATE, "+a0 influence in any nation", _overview("MA-15.3")),
    (F_XCP, "XCP", IMMEDIATE, OV_IMMEDIATE, "+a0 CP", _overview("MA-15.3")),
    (F_XDS, "XDS", IMMEDIATE, OV_IMMEDIATE, "remove a0 discs from the ship board", _overview("MA-15.3")),
    (F_XF2, "XF2", IMMEDIATE, OV_IMMEDIATE, "+a0 figures from the general supply", _overview("MA-15.3")),
    (F_XSA, "XSA", IMMEDIATE, OV_IMMEDIATE, "gain a synergy type you lack (choice)", _overview("MA-15.3")),
    (F_XVM, "XVM", IMMEDIATE, OV_IMMEDIATE, "marker of a chosen nation on an empty village", _overview("MA-15.3")),
    (F_XVN, "XVN", IMMEDIATE, OV_IMMEDIATE, "marker on an empty village, that nation's next noble level",
     _overview("MA-15.3")),
    (F_XQC, "XQC", IMMEDIATE, OV_IMMEDIATE, "top quest tile onto this card; last village action completes it",
     _overview("MA-15.3")),
    (F_XVT, "XVT", IMMEDIATE, OV_IMMEDIATE, "+a0 VP per combat token", _overview("MA-15.3")),
    (F_XVA, "XVA", IMMEDIATE, OV_IMMEDIATE, "+a0 VP per assistant on the board", _overview("MA-15.3")),
    (F_XVQ, "XVQ", IMMEDIATE, OV_IMMEDIATE, "+a0 VP per quest tile", _overview("MA-15.3")),
    (F_XVC, "XVC", IMMEDIATE, OV_IMMEDIATE, "+a0 VP per compass", _overview("MA-15.3")),
    (F_XFC, "XFC", IMMEDIATE, OV_IMMEDIATE, "figures onto this card, +a0 doubloon income each", _overview("MA-15.3")),
    (F_XVS, "XVS", IMMEDIATE, OV_IMMEDIATE, "+a0 VP per synergy token", _overview("MA-15.3")),
    (F_XV3, "XV3", IMMEDIATE, OV_IMMEDIATE, "+a0 VP per nation with >= a1 influence", _overview("MA-15.3")),
    (F_AS, "AS", ASSISTANT, OV_ASSISTANT, "assistant action a0 (actions.ASSISTANT_ACTIONS)", _overview("MA-13.5")),
)
FAMILY_CODES = tuple(r[1] for r in FAMILIES)
FAMILY_PANEL = column(FAMILIES, 2)


# Effect builders; numbers are the ones the symbol overview prints.
def ID(x):
    return (F_ID, x, 0)


def IV(x):
    return (F_IV, x, 0)


def IDs(syn, x):
    return (F_IDS, syn, x)


def IVs(syn, x):
    return (F_IVS, syn, x)


def PI(item):
    return (F_PI, item, 0)


def PD(x):
    return (F_PD, x, 0)


def PNC(nation):
    return (F_PNC, nation, 2)


def VBK(x):
    return (F_VBK, x, 0)


def CIV(x):
    return (F_CIV, x, 0)


def XI2(nation):
    return (F_XI2, nation, 2)


def XCP(x):
    return (F_XCP, x, 0)


def AS(action):
    return (F_AS, action, 0)


# Families whose numbers the overview fixes, so the card table names them bare.
PCB = (F_PCB, 1, 0)
PCO = (F_PCO, 1, 0)
PEX = (F_PEX, 1, 0)
PST = (F_PST, 1, 0)
PAV = (F_PAV, 1, 0)
PAD = (F_PAD, 2, 0)
PFC = (F_PFC, 2, 0)
PXV = (F_PXV, 3, 0)
VMV = (F_VMV, 2, 2)
VMD = (F_VMD, 3, 2)
VG2 = (F_VG2, 4, 0)
CD3 = (F_CD3, 3, 2)
XI1 = (F_XI1, 1, 0)
XDS = (F_XDS, 1, 0)
XF2 = (F_XF2, 2, 0)
XSA = (F_XSA, 0, 0)
XVM = (F_XVM, 0, 0)
XVN = (F_XVN, 0, 0)
XQC = (F_XQC, 0, 0)
XVT = (F_XVT, 1, 0)
XVA = (F_XVA, 2, 0)
XVQ = (F_XVQ, 1, 0)
XVC = (F_XVC, 2, 0)
XFC = (F_XFC, 2, 0)
XVS = (F_XVS, 2, 0)
XV3 = (F_XV3, 3, 3)

# ----- requirements (MA-14.4; [R] 购买需求) -----------------------------------------------
REQ_ASSISTANT = 0  # a0 location: 1 figure from the personal supply becomes an assistant there
REQ_RETURN_FIGURES = 1  # a0 figures back to the general supply
REQ_FIGURE_ON_CARD = 2  # 1 figure from the personal supply onto this card
REQ_PAY_ITEMS = 3  # a0 item, a1 cards (-1 per matching PI card)
REQ_NATION_MARKERS = 4  # nation a0 has >= a1 markers on the board (not a payment)
REQ_PAY_CP = 5  # a0 CP from the track (figures cannot substitute)
REQUIREMENT_CODES = ("@", "F", "FC", "H", "N", "CP")


def AT(location):  # "@n"; index = number for 1..20
    return (REQ_ASSISTANT, location, 0)


def F(n):
    return (REQ_RETURN_FIGURES, n, 0)


def N3(nation):
    return (REQ_NATION_MARKERS, nation, 3)


def CP(x):
    return (REQ_PAY_CP, x, 0)


FC = (REQ_FIGURE_ON_CARD, 0, 0)
H3 = (REQ_PAY_ITEMS, HERB, 3)

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
NUM_CARDS = len(CARDS)
CARD_IDS = tuple(r[0] for r in CARDS)
CARD_INDEX = {cid: i for i, cid in enumerate(CARD_IDS)}
CARD_NAMES = tuple(r[2] for r in CARDS)
CARD_DECK = column(CARDS, 1)
CARD_COST = column(CARDS, 3)
CARD_END_VP = column(CARDS, 5)
CARD_SYMBOL = column(CARDS, 6)
CARD_SYNERGY = column(CARDS, 7)  # NONE = no synergy symbol
MAX_REQUIREMENTS = 2
MAX_EFFECTS = 4
CARD_REQ_KIND, CARD_REQ_A0, CARD_REQ_A1, CARD_REQ_COUNT = pack_triples([r[4] for r in CARDS], MAX_REQUIREMENTS)
CARD_FX_FAMILY, CARD_FX_A0, CARD_FX_A1, CARD_FX_COUNT = pack_triples([r[8] for r in CARDS], MAX_EFFECTS)
# Conveniences the engine reads often.
CARD_ASSISTANT_LOC = np.array([next((q[1] for q in r[4] if q[0] == REQ_ASSISTANT), NONE) for r in CARDS],
                              dtype=np.int64)
CARD_ASSISTANT_ACTION = np.array([next((e[1] for e in r[8] if e[0] == F_AS), NONE) for r in CARDS],
                                 dtype=np.int64)
CARD_COMPASSES = np.array([sum(e[1] for e in r[8] if e[0] == F_PCO) for r in CARDS], dtype=np.int64)
