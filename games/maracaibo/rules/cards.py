"""Project cards in hands, the deck, the display and the discard pile (MA-14.1, MA-20):
hand limit (MA-20.1), taking and discarding, reshuffling (MA-20.2), the display refill
(MA-20.3) and counting the goods in a hand."""

from numba import njit

from ...core import rng
from ..data import projects, ship
from ..data.components import DISPLAY_SLOTS, HAND_LIMIT, HAND_LIMIT_WITH_U2
from ..state import NC, W_DECK, W_DISCARD, W_DISPLAY, W_HAND


@njit(cache=True)
def hand_limit(rec, p):
    """MA-20.1: the hand limit, higher with upgrade U2."""
    return HAND_LIMIT_WITH_U2 if rec.discs[p, ship.U2] == 0 else HAND_LIMIT


@njit(cache=True)
def display_cost(rec, p):
    """MA-20.1: 1 D per display card, free with ship.U3."""
    return 0 if rec.discs[p, ship.U3] == 0 else 1


@njit(cache=True)
def hand_add(rec, p, card):
    """``card`` into p's hand (last index)."""
    rec.hand[p, rec.hand_len[p]] = card
    rec.hand_len[p] += 1
    rec.card_where[card] = W_HAND + p


@njit(cache=True)
def hand_take(rec, p, i):
    """Remove and return the card at hand index i (later cards shift left)."""
    card = rec.hand[p, i]
    n = rec.hand_len[p]
    for j in range(i, n - 1):
        rec.hand[p, j] = rec.hand[p, j + 1]
    rec.hand[p, n - 1] = -1
    rec.hand_len[p] = n - 1
    return card


@njit(cache=True)
def discard_card(rec, card):
    """MA-20.2: ``card`` onto the discard pile."""
    rec.card_where[card] = W_DISCARD


@njit(cache=True)
def discard_from_hand(rec, p, i):
    """Hand card i of p onto the discard pile."""
    discard_card(rec, hand_take(rec, p, i))


@njit(cache=True)
def reshuffle_discard(rec):
    """MA-20.2: the discard pile becomes the new deck (RANDOM)."""
    n = 0
    for c in range(NC):
        if rec.card_where[c] == W_DISCARD:
            rec.deck[n] = c
            rec.card_where[c] = W_DECK
            n += 1
    rng.shuffle(rec.rng, rec.deck, 0, n)
    rec.deck_len = n


@njit(cache=True)
def deck_available(rec):
    """MA-20.2: a card can be drawn from the deck (reshuffling the discard pile)."""
    if rec.deck_len > 0:
        return True
    for c in range(NC):
        if rec.card_where[c] == W_DISCARD:
            return True
    return False


@njit(cache=True)
def draw_top(rec):
    """Top card of the deck (reshuffling the discard pile if needed), -1 if none (GAP-20)."""
    if rec.deck_len == 0:
        reshuffle_discard(rec)
        if rec.deck_len == 0:
            return -1
    rec.deck_len -= 1
    card = rec.deck[rec.deck_len]
    rec.deck[rec.deck_len] = -1
    return card


@njit(cache=True)
def refill_display(rec):
    """MA-20.3 / GAP-26: empty slots filled left to right from the deck."""
    for s in range(DISPLAY_SLOTS):
        if rec.display[s] < 0:
            card = draw_top(rec)
            if card < 0:
                return
            rec.display[s] = card
            rec.card_where[card] = W_DISPLAY


@njit(cache=True)
def hand_count_symbol(rec, p, symbol):
    """p's hand cards showing ``symbol`` (a good or an item, MA-14.2)."""
    n = 0
    for i in range(rec.hand_len[p]):
        if projects.CARD_SYMBOL[rec.hand[p, i]] == symbol:
            n += 1
    return n
