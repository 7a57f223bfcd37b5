"""Project-card vocabulary (D9, MA-14, MA-15): effect families, their builders and the
requirement kinds, shared by the A/B card list (projects.py) and the C cards (c_cards.py).

A card effect is ``(family, a0, a1)``: one symbol of the rulebook's symbol overview ([R]
符号概览, pages 18-21; MA-15) with its printed numbers; a requirement is ``(kind, a0, a1)``
(MA-14.4). The builders (``ID(2)``, ``XI2(FR)``, ``AT(15)``...) only build those tuples.
"""


from .codes import HERB, column, rulebook

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

MAX_REQUIREMENTS = 2  # requirement / effect slots of a packed card row (pack_triples)
MAX_EFFECTS = 4

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
