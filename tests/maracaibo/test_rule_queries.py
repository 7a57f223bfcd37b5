"""The pure rule queries the engine and the bots share: the engine fills them from the
record, the bots from the observation (training/bots/maracaibo). Purchase requirements
(MA-14.4, MA-15.2), counted explorer steps (MA-10.2, MA-10.3) and the route ahead
(MA-0.4, MA-5.6)."""

import numpy as np

from games.maracaibo.data import board, explorer, projects
from games.maracaibo.data.codes import NUM_NATIONS, NUM_SYMBOLS
from games.maracaibo.rules.buying import requirements_met
from games.maracaibo.rules.explore import BIG, fewest_counted_steps, reachable_spaces, space_counts
from games.maracaibo.rules.sailing import ahead_on_route

NO_WAIVER = np.zeros(NUM_SYMBOLS, dtype=np.int64)
NO_MARKERS = np.zeros(NUM_NATIONS, dtype=np.int64)
NONE = np.full(1, -1, dtype=np.int64)  # an empty hand


def cards_requiring(kind):
    """Cards with exactly one requirement, of ``kind``: (card, a0, a1)."""
    return [
        (c, int(projects.CARD_REQ_A0[c, 0]), int(projects.CARD_REQ_A1[c, 0]))
        for c in range(len(projects.CARD_COST))
        if projects.CARD_REQ_COUNT[c] == 1 and projects.CARD_REQ_KIND[c, 0] == kind
    ]


def of_symbol(symbol, n, besides):
    return np.array(
        [c for c in range(len(projects.CARD_COST)) if projects.CARD_SYMBOL[c] == symbol and c != besides][:n],
        dtype=np.int64,
    )


# ----- purchase requirements (MA-14.4, MA-15.2) ---------------------------------------------
def test_item_payment_needs_the_cards_less_the_pi_cards():
    """MA-14.4: a1 hand cards of the item (besides the card itself); MA-15.2: each PI
    card of that item pays one of them."""
    c, item, n = cards_requiring(projects.REQ_PAY_ITEMS)[0]
    assert n >= 2
    assert requirements_met(c, of_symbol(item, n, c), NO_MARKERS, 0, 0, NO_WAIVER)
    short = of_symbol(item, n - 1, c)
    assert not requirements_met(c, short, NO_MARKERS, 0, 0, NO_WAIVER)
    waived = NO_WAIVER.copy()
    waived[item] = 1
    assert requirements_met(c, short, NO_MARKERS, 0, 0, waived)
    waived[item] = n + 2  # never below zero cards
    assert requirements_met(c, NONE, NO_MARKERS, 0, 0, waived)


def test_markers_cp_and_figures():
    """MA-14.4: a1 markers of the nation on the board (MA-9.7), the CP paid, one
    personal figure per assistant."""
    c, nation, n = cards_requiring(projects.REQ_NATION_MARKERS)[0]
    on_board = NO_MARKERS.copy()
    on_board[nation] = n - 1
    assert not requirements_met(c, NONE, on_board, 0, 0, NO_WAIVER)
    on_board[nation] = n
    assert requirements_met(c, NONE, on_board, 0, 0, NO_WAIVER)
    c, cp, _ = cards_requiring(projects.REQ_PAY_CP)[0]
    assert not requirements_met(c, NONE, NO_MARKERS, cp - 1, 0, NO_WAIVER)
    assert requirements_met(c, NONE, NO_MARKERS, cp, 0, NO_WAIVER)
    c, _, _ = cards_requiring(projects.REQ_ASSISTANT)[0]
    assert not requirements_met(c, NONE, NO_MARKERS, 0, 0, NO_WAIVER)
    assert requirements_met(c, NONE, NO_MARKERS, 0, 1, NO_WAIVER)


# ----- counted explorer steps (MA-10.2, MA-10.3) ----------------------------------------------
def test_space_counts():
    """MA-10.3: END always counts; another explorer or a quest space without its tile is
    skipped; a quest space with its tile counts."""
    quest_space = int(np.flatnonzero(explorer.EXP_QUEST_SLOT >= 0)[0])
    plain = int(np.flatnonzero(explorer.EXP_QUEST_SLOT < 0)[1])
    assert space_counts(explorer.EXP_END, True, False)
    assert space_counts(plain, False, False) and not space_counts(plain, True, False)
    assert space_counts(quest_space, False, True) and not space_counts(quest_space, False, False)
    assert not space_counts(quest_space, True, True)


def test_skipped_spaces_are_not_counted():
    """MA-10.2 / MA-10.3: with every space counting, one step reaches the successors;
    with the next space skipped, one step reaches past it."""
    ne = len(explorer.EXP_IDS)
    counts = np.ones(ne, dtype=np.bool_)
    out = np.zeros(ne, dtype=np.bool_)
    assert reachable_spaces(0, counts, 1, out)
    nxt = int(explorer.EXP_SUCC[0, 0])
    assert np.flatnonzero(out).tolist() == [nxt]
    counts[nxt] = False
    reachable_spaces(0, counts, 1, out)
    assert not out[nxt] and np.flatnonzero(out).tolist() == [int(explorer.EXP_SUCC[nxt, 0])]
    best, pred = np.empty(ne, dtype=np.int64), np.empty(ne, dtype=np.int64)
    fewest_counted_steps(0, counts, best, pred)
    assert best[nxt] == 0 and pred[int(explorer.EXP_SUCC[nxt, 0])] == nxt
    assert best[0] == 0 and (best < BIG).all()  # every space lies ahead of the first


# ----- the route ahead (MA-0.4, MA-5.6) -------------------------------------------------------
def test_ahead_on_route():
    """MA-5.6: 21a ends rounds 1-3, 21b and 22 are round 4's; MA-0.4: ahead is numbered
    higher; every destination a hop reaches that round (MA-5.8) lies ahead."""
    loc = board.LOC_INDEX
    for r in (1, 2, 3):
        assert ahead_on_route(r, loc["20"], loc["21a"])
        assert not ahead_on_route(r, loc["20"], loc["21b"]) and not ahead_on_route(r, loc["19"], loc["22"])
    assert not ahead_on_route(4, loc["20"], loc["21a"])
    assert ahead_on_route(4, loc["20"], loc["21b"]) and ahead_on_route(4, loc["20"], loc["22"])
    assert ahead_on_route(1, loc["4"], loc["5"])  # the other branch of a fork, by number
    n = board.NUM_LOCATIONS
    for r in range(1, 5):
        for a in range(n):
            for b in range(n):
                if board.SAIL_STEPS[r - 1, a, b] >= 1:
                    assert ahead_on_route(r, a, b), (r, a, b)
                if board.LOC_NUM[b] <= board.LOC_NUM[a]:
                    assert not ahead_on_route(r, a, b), (r, a, b)
