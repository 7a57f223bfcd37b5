"""Codes every Maracaibo table shares: enumerations, provenance labels, the step
vocabulary of effect programs, and the packing of rows into numba-ready arrays.

An *effect program* is a tuple of steps ``(code, a0, a1)`` executed in order (missing
arguments are 0). Two structural steps make programs expressive enough for every
action in the rulebook without code per action:

- ``S_PAY_*`` steps are optional payments: paying unlocks the rest of the program,
  declining (or being unable to pay) ends it (MA-13.5 "parts whose payment is
  declined or impossible are skipped together with what they pay for").
- ``S_CHOOSE_ONE`` (a0 = k): exactly one of the next k steps is performed (the
  player's DECISION), e.g. space 20 "combat or explore 2" (MA-7.4).

Programs are used by city actions, village options, assistant actions (actions.py),
ship upgrades (ship.py), quest and explorer rewards and flag rewards.
"""

import numpy as np

NONE = -1  # "no value" in every int column (no synergy, no assistant, padding)

# ----- provenance labels -----------------------------------------------------------
# Every row of every table ends with a provenance string that starts with one of
# these labels; PLACEHOLDER rows name their GAP entry in the spec (MA-32).
RULEBOOK = "RULEBOOK"  # from the official rulebook ([R]); cites the MA rule / passage
DATA = "DATA"  # from a third-party data file outside the repo (docs/rules/maracaibo.md, D10)
PLACEHOLDER = "PLACEHOLDER"  # invented to make the engine runnable; replace when known
PROVENANCE_LABELS = (RULEBOOK, DATA, PLACEHOLDER)


def rulebook(ref):
    return f"{RULEBOOK}: {ref}"


def data_file(ref):
    return f"{DATA}: {ref}"


def placeholder(reason):
    return f"{PLACEHOLDER}: {reason}"


# ----- enumerations (D4) -------------------------------------------------------------
# Nation order FR, ES, EN is the rulebook's tie-break order for Jean (MA-24.11).
FR, ES, EN = 0, 1, 2
NATIONS = ("FR", "ES", "EN")
NATION_NAMES = ("France", "Spain", "England")
NUM_NATIONS = 3

# Card symbols: goods 0..2, items 3..6 (MA-0.3). Every project card shows exactly one.
TOB, CORN, SUG, HERB, MAP, BOOK, TELE = range(7)
SYMBOLS = ("TOB", "CORN", "SUG", "HERB", "MAP", "BOOK", "TELE")
NUM_GOODS = 3  # symbols below this are goods, the rest items
NUM_SYMBOLS = 7

# Synergy token types (MA-15.4): TOOLS = saw & axe, HOUSE = half-timbered house.
TOOLS, MEDAL, CROWN, HOUSE, ANCHOR = range(5)
SYNERGIES = ("TOOLS", "MEDAL", "CROWN", "HOUSE", "ANCHOR")
NUM_SYNERGIES = 5

# Explorer-track barriers, in the placeholder track order (D2, GAP-6).
GREEN, BLUE, RED = 0, 1, 2
BARRIER_NAMES = ("green", "blue", "red")

# ----- step vocabulary of effect programs ---------------------------------------------
S_GAIN_D = 0  # a0 doubloons
S_GAIN_VP = 1  # a0 VP
S_GAIN_CP = 2  # a0 combat points, capped at CP_MAX (MA-8.8)
S_GAIN_FIGURES = 3  # a0 figures from the general supply, as far as available
S_INFLUENCE_ANY = 4  # a0 influence in one nation of the player's choice
S_INFLUENCE_NATION = 5  # a0 nation, a1 influence
S_REMOVE_DISCS = 6  # remove a0 discs from the ship board, one DECISION each (MA-17.2)
S_EXPLORE = 7  # explorer moves up to a0 (+1 per PEX card, MA-10.2)
S_COMBAT = 8  # a full combat (MA-8, GAP-50)
S_VILLAGE_ACTIONS = 9  # a0 village actions (MA-11.3); U1 does not apply (MA-11.2)
S_VILLAGE_ACTIONS_PER_COMPASS = 10  # one village action per compass owned (CX6)
S_EXTRA_SAIL = 11  # optional sail of 1..a0 MP, then one more main action (MA-13.6)
S_VP_PER_ASSISTANT = 12  # a0 VP per own assistant on the board
S_VP_PER_COMBAT_TOKEN = 13  # a0 VP per combat token on the ship board
S_GAIN_D_AND_VP = 14  # a0 doubloons and a0 VP
S_NEXT_NOBLE_LEVEL = 15  # one influence marker to its next band (MA-9.4)
S_PAY_SAME_GOODS = 16  # pay: discard a0 hand cards showing one good (not items)
S_PAY_CP = 17  # pay: a0 CP from the track, figures cannot substitute; a1 = PAY_FIGURES: a0 figures instead
S_PAY_WHOLE_HAND = 18  # pay: discard the whole hand, at least 1 card (GAP-49)
S_CHOOSE_ONE = 19  # exactly one of the next a0 steps (DECISION)
S_BUY_OR_INVEST = 20  # buy 1 card from hand/planning or invest in 1 prestige (VA-C)
S_ANNEX_THIS_VILLAGE = 21  # marker of a chosen nation at the ship's empty village, +a0 influence in it

STEP_NAMES = (
    "GAIN_D", "GAIN_VP", "GAIN_CP", "GAIN_FIGURES", "INFLUENCE_ANY", "INFLUENCE_NATION",
    "REMOVE_DISCS", "EXPLORE", "COMBAT", "VILLAGE_ACTIONS", "VILLAGE_ACTIONS_PER_COMPASS",
    "EXTRA_SAIL", "VP_PER_ASSISTANT", "VP_PER_COMBAT_TOKEN", "GAIN_D_AND_VP",
    "NEXT_NOBLE_LEVEL", "PAY_SAME_GOODS", "PAY_CP", "PAY_WHOLE_HAND", "CHOOSE_ONE",
    "BUY_OR_INVEST", "ANNEX_THIS_VILLAGE",
)
PAY_STEPS = (S_PAY_SAME_GOODS, S_PAY_CP, S_PAY_WHOLE_HAND)
# a1 of S_PAY_CP: return a0 figures from the personal supply to the general supply instead of
# paying CP (MA-26.4 L4 "return a figure for 5 VP"); a variant, not a new step, so that the
# step vocabulary -- and the observation's one-hot over it -- keeps its size
PAY_FIGURES = 1


def step(code, a0=0, a1=0):
    """One step as a full triple (rows may write ``(code,)`` or ``(code, a0)``)."""
    return (code, a0, a1)


# ----- packing rows into arrays -------------------------------------------------------
def column(rows, i, dtype=np.int64):
    return np.array([r[i] for r in rows], dtype=dtype)


def pack_triples(lists, width=None):
    """Lists of ``(code, a0, a1)`` tuples (short tuples padded with 0) -> four arrays.

    Returns ``code, a0, a1`` of shape ``(len(lists), width)`` with code NONE past
    each list's end, and ``count`` of shape ``(len(lists),)``.
    """
    width = max((len(x) for x in lists), default=0) if width is None else width
    n = len(lists)
    code = np.full((n, width), NONE, dtype=np.int64)
    a0 = np.zeros((n, width), dtype=np.int64)
    a1 = np.zeros((n, width), dtype=np.int64)
    count = np.zeros(n, dtype=np.int64)
    for i, items in enumerate(lists):
        if len(items) > width:
            raise ValueError(f"row {i} has {len(items)} entries, more than width {width}")
        count[i] = len(items)
        for j, item in enumerate(items):
            full = step(*item)
            code[i, j], a0[i, j], a1[i, j] = full
    return code, a0, a1, count
