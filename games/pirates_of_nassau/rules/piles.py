"""The piles the rules draw from and put back into: merchant decks, the Royal Navy deck
and the token stacks (PN-4.2, PN-4.5, PN-9.5, PN-10.8, PN-13, PN-14)."""

from numba import njit

from ...core import rng
from .. import data as D


@njit(cache=True)
def to_bottom(pile, length, card):
    """Put ``card`` under the pile (index 0 is the bottom); returns the new length."""
    for i in range(length, 0, -1):
        pile[i] = pile[i - 1]
    pile[0] = card
    return length + 1


@njit(cache=True)
def pop_top(pile, length):
    """(top card, new length) of a pile of ``length`` cards (the top at index ``length - 1``,
    whose place becomes -1); (-1, 0) for an empty pile."""
    if length == 0:
        return -1, 0
    card = pile[length - 1]
    pile[length - 1] = -1
    return card, length - 1


@njit(cache=True)
def merchant_to_bottom(rec, card):
    """PN-9.5, PN-13.1: a merchant goes to the bottom of the deck of its card back."""
    r = D.M_REGION[card] - 1
    rec.m_deck_len[r] = to_bottom(rec.m_deck[r], rec.m_deck_len[r], card)


@njit(cache=True)
def draw_merchant(rec, region):
    """Top card of a region's deck, -1 when empty (PN-13.6)."""
    r = region - 1
    card, rec.m_deck_len[r] = pop_top(rec.m_deck[r], rec.m_deck_len[r])
    return card


@njit(cache=True)
def shuffle_stack(rec, s, counts):
    """PN-4.5, GAP-31: token stack ``s`` made of ``counts[t]`` tokens of each of its types, shuffled."""
    n = 0
    for t in range(D.NUM_TOKEN_TYPES):
        if D.T_STACK[t] == s:
            for _ in range(counts[t]):
                rec.stack[s, n] = t
                n += 1
    rng.shuffle(rec.rng, rec.stack[s], 0, n)
    rec.stack_len[s] = n


@njit(cache=True)
def draw_token(rec, s):
    """PN-14.3, GAP-31: top of stack ``s``; reshuffle its discard pile when empty; -1 if none."""
    if rec.stack_len[s] == 0:
        shuffle_stack(rec, s, rec.discard)
        for t in range(D.NUM_TOKEN_TYPES):
            if D.T_STACK[t] == s:
                rec.discard[t] = 0
    t, rec.stack_len[s] = pop_top(rec.stack[s], rec.stack_len[s])
    return t


@njit(cache=True)
def fill_display(rec):
    """PN-4.5, PN-14.2: N tokens from each stack, face up."""
    for s in range(3):
        for i in range(rec.num_players):
            rec.display[s * 5 + i] = draw_token(rec, s)


@njit(cache=True)
def reveal_navy(rec, i):
    """PN-4.3, PN-12.1: the top card of the Royal Navy deck onto display place ``i``."""
    card, rec.navy_deck_len = pop_top(rec.navy_deck, rec.navy_deck_len)
    if rec.navy_fresh > 0:
        rec.navy_fresh -= 1
    rec.navy_display[i] = card
    return card
