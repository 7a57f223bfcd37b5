"""The C cards 90-99 in a game (MA-26.1, MA-26.2, GAP-63): kernels a story card calls.

A C card is a project card (MA-14) with card id ``C_FIRST + number - 90`` (157..166,
data/projects.py ``ALL_CARDS``). ``rec.c_in_game`` holds the C cards this game uses (bit
i = card 90 + i): the option ``c_cards`` at setup (they join the A cards, MA-3.4), and
the ones story cards bring in during the game. A C card not in the game stays in the box
(``W_BOX``); a C card in the game is wherever play put it (in the solo game the box also
holds the cards Jean took, MA-24.8).

Kernels (numba; ``rec`` is one record, ``mask`` a C card bit mask as in
``data.c_cards.c_mask``, e.g. ``c_mask((90, 91, 92))``):

- ``shuffle_into_deck(rec, mask) -> int``: "Cards: 90-92" (MA-26.2, GAP-63): the masked
  cards still in the box join the game and the draw pile (not the display), and the draw
  pile is shuffled with the game's own randomness (``rec.rng``, as every shuffle of the
  engine, so trajectories depend on the seed and the actions only). Returns how many
  cards joined; with none it draws no random number.
- ``into_discard(rec, mask) -> int``: "put cards 90, 91 in the discard pile" (MA-26.2):
  the masked cards still in the box join the game on the discard pile, so they enter
  the deck at the next reshuffle (MA-20.2). Returns how many joined.
- ``c_card(number) -> int``: the card id of C card ``number`` (90-99).
- ``in_game(rec, card) -> bool``: card is an A/B card, or a C card of this game.

A masked card already in the game is left where it is (each card exists once).
"""

from numba import njit

from ...core import rng
from ..data import projects
from ..data.c_cards import FIRST_NUMBER
from ..state import NCC, W_BOX, W_DECK, W_DISCARD

C_DECK = 2  # projects.CARD_DECK of a C card (data/c_cards.py C)
C_FIRST = projects.C_FIRST


@njit(cache=True)
def c_card(number):
    """The card id of C card ``number`` (90-99)."""
    return C_FIRST + number - FIRST_NUMBER


@njit(cache=True)
def in_game(rec, card):
    """An A or B card, or a C card this game uses (GAP-63)."""
    if card < C_FIRST:
        return True
    return (rec.c_in_game >> (card - C_FIRST)) & 1 == 1


@njit(cache=True)
def _join(rec, mask, where):
    """The masked C cards still in the box join the game at ``where``; returns how many."""
    k = 0
    for i in range(NCC):
        c = C_FIRST + i
        if (mask >> i) & 1 and not in_game(rec, c) and rec.card_where[c] == W_BOX:
            rec.c_in_game |= 1 << i
            rec.card_where[c] = where
            if where == W_DECK:
                rec.deck[rec.deck_len] = c
                rec.deck_len += 1
            k += 1
    return k


@njit(cache=True)
def shuffle_into_deck(rec, mask):
    """MA-26.2 "Cards: ...", GAP-63: into the draw pile, which is shuffled (``rec.rng``)."""
    k = _join(rec, mask, W_DECK)
    if k > 0:
        rng.shuffle(rec.rng, rec.deck, 0, rec.deck_len)
    return k


@njit(cache=True)
def into_discard(rec, mask):
    """MA-26.2 "put cards ... in the discard pile": in the deck after the next reshuffle (MA-20.2)."""
    return _join(rec, mask, W_DISCARD)
