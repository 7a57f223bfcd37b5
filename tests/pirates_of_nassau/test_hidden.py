"""``resample_hidden`` for Pirates of Nassau (PN-20.3: deck and stack orders, seen by nobody).

PN-4.3 (the Royal Navy deck: phase 1 above phase 2, the Game End card in phase 2),
PN-20.1 (the never-revealed cards' count by phase is public), PN-20.2 (the own chest),
PN-20.3 (what nobody sees).
"""

import numpy as np

from games.core.api_test import changed_fields
from games.pirates_of_nassau import data as D
from tests.pirates_of_nassau.positions import start

SEEDS = np.arange(200)
REDRAWN = {"navy_deck", "m_deck", "stack"}


def _phase(card):
    return D.NAVY_PHASE[card]  # the Game End card counts as phase 2 (PN-4.3 step 2)


def _mid_game(g, seed=3, steps=150):
    """A position after ``steps`` random moves (so cards went back under the navy deck)."""
    st = g.init(np.array([seed]))
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if st["terminated"][0]:
            break
        legal = np.flatnonzero(g.legal_action_mask(st)[0])
        g.step(st, np.array([rng.choice(legal)]))
    return st


def test_only_orders_are_redrawn():
    # PN-20.3: the navy deck, merchant decks and token stacks change order, nothing else changes;
    # PN-20.2: chests are kept
    g, st = start(4, seed=2)
    for p in range(4):
        res = g.resample_hidden(st[0], p, SEEDS)
        assert changed_fields(st[0], res) == REDRAWN
        for r in range(3):
            n = st["m_deck_len"][0, r]
            assert all(sorted(x["m_deck"][r, :n]) == sorted(st["m_deck"][0, r, :n]) for x in res)
            n = st["stack_len"][0, r]
            assert all(sorted(x["stack"][r, :n]) == sorted(st["stack"][0, r, :n]) for x in res)


def test_navy_deck_keeps_its_phases():
    # PN-4.3 step 3: the phase-1 pile lies on the phase-2 pile (with Game End); PN-20.1:
    # the unrevealed cards by phase are public
    g, st = start(4, seed=1)
    res = g.resample_hidden(st[0], 0, SEEDS)
    top, fresh = int(st["navy_deck_len"][0]), int(st["navy_fresh"][0])
    want = [_phase(c) for c in st["navy_deck"][0, top - fresh : top]]
    for x in res:
        assert [_phase(c) for c in x["navy_deck"][top - fresh : top]] == want
        assert sorted(x["navy_deck"][:top]) == sorted(st["navy_deck"][0, :top])
    ends = {int(np.flatnonzero(x["navy_deck"][:top] == D.GAME_END)[0]) for x in res}
    assert len(ends) > 1  # PN-20.3: where the Game End card lies is hidden


def test_returned_navy_cards_stay_under_the_fresh_ones():
    # PN-10: cards taken go back under the deck; PN-20.1: the never-revealed part is a count
    g = start(4)[0]
    st = _mid_game(g)
    top, fresh = int(st["navy_deck_len"][0]), int(st["navy_fresh"][0])
    assert top > fresh, "the random game sent no navy card back"
    res = g.resample_hidden(st[0], 1, SEEDS)
    for x in res:
        assert sorted(x["navy_deck"][: top - fresh]) == sorted(st["navy_deck"][0, : top - fresh])
        assert sorted(x["navy_deck"][top - fresh : top]) == sorted(st["navy_deck"][0, top - fresh : top])
    assert np.all(res["chest"] == st["chest"][0])  # PN-20.2
