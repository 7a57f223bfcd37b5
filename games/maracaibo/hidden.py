"""What a player cannot see, redrawn for search (``Game.resample_hidden``, games/core/hidden.py).

Hidden from player p (MA-29.2, MA-29.3): the deck order, the unused B cards in the box,
other players' hands (and their dealt A cards before MA-3.12 resolves), other players'
dealt career cards (the kept one until everybody has chosen, GAP-28; the returned one
for good), the face-down prestige buildings, the token piles' contents and the quest
pile below its top tile. Each is redrawn uniformly among the completions that agree
with p's observation and with how the game put the cards there:

- project cards (MA-3.4): the cards in the deck, in the box and in the other hands are
  pooled by class; the box keeps its number of A and of B cards (the box holds the 61
  unused B cards, MA-3.4, and in the solo game the cards Jean took, which left the game
  face down, MA-24.8); the game's C cards count as A cards (they join the A cards,
  GAP-63) and the C cards not in the game stay in the box, known to be there;
  during setup (MA-3.12) the other hands hold only dealt A cards;
  everything else is dealt uniformly to the hands (by their public sizes) and the deck.
  A player in the middle of a decision (a pending frame: a payment, a combat with card
  boosts, a delivery) keeps the hand that decision was offered on, so the position can
  go on: its pending work names its hand cards.
- careers (MA-3.10, MA-3.13): the careers p has not seen are dealt again to the other
  seats' hidden career slots (a kept career stays kept: the redrawn card in its slot).
- prestige buildings (MA-3.6): the face-down spaces from the buildings not face up.
- combat tokens (MA-3.1): the two piles' tokens, pooled, dealt back by the pile sizes.
- quest tiles (MA-3.2): the tiles under the top one, in a fresh order.
- votes (GAP-59): the others' votes on a story card's group choice, until all voted, each
  among the card's options.
"""

import numpy as np
from numba import njit

from ..core import rng
from ..core.hidden import shuffled_complement
from .data import careers, prestige, projects
from .rules.c_cards import in_game
from .data.story_tables import NUM_VOTES
from .state import NC, NT, Phase, W_BOX, W_DECK, W_HAND

NK, NPB = careers.NUM_CAREERS, prestige.NUM_PRESTIGE
B_DECK = 1  # projects.CARD_DECK of a B card (MA-3.4)


@njit(cache=True)
def _hand_redrawn(rec, player, q):
    """MA-29.2: q's hand is hidden from p; it is redrawn unless q is in a pending decision."""
    return q != player and q < rec.num_players and not (q == rec.current_player and rec.stk_len > 0)


@njit(cache=True)
def _take(rec, cards, n, where):
    """Remove the top card of ``cards[:n]`` and place it ``where``; returns the new n."""
    n -= 1
    rec.card_where[cards[n]] = where
    return n


@njit(cache=True)
def _append(dst, n, src, m):
    """Copy ``src[:m]`` after ``dst[:n]``; returns the new length."""
    dst[n : n + m] = src[:m]
    return n + m


@njit(cache=True)
def _project_cards(rec, player):
    """MA-3.4, MA-29.3: deck, box and the other hands, dealt again by class."""
    pool_a = np.empty(NC, dtype=np.int64)
    pool_b = np.empty(NC, dtype=np.int64)
    na = nb = box_a = box_b = 0
    for c in range(NC):
        w = rec.card_where[c]
        if not in_game(rec, c):  # GAP-63: a C card not in this game stays in the box
            continue
        if w == W_DECK or w == W_BOX or (W_HAND <= w < W_HAND + 4 and _hand_redrawn(rec, player, w - W_HAND)):
            if projects.CARD_DECK[c] != B_DECK:  # the game's C cards are dealt as A cards (GAP-63)
                pool_a[na] = c
                na += 1
                box_a += w == W_BOX
            else:
                pool_b[nb] = c
                nb += 1
                box_b += w == W_BOX
    rng.shuffle(rec.rng, pool_a, 0, na)
    rng.shuffle(rec.rng, pool_b, 0, nb)
    for _ in range(box_a):
        na = _take(rec, pool_a, na, W_BOX)
    for _ in range(box_b):
        nb = _take(rec, pool_b, nb, W_BOX)
    setup = rec.phase < Phase.SAIL  # MA-3.12: the hands are the dealt A cards
    rest = np.empty(NC, dtype=np.int64)
    nr = 0
    if not setup:  # one pool for the hands and the deck
        nr = _append(rest, nr, pool_a, na)
        nr = _append(rest, nr, pool_b, nb)
        rng.shuffle(rec.rng, rest, 0, nr)
        na = 0
        nb = 0
    for q in range(rec.num_players):
        if _hand_redrawn(rec, player, q):
            for i in range(rec.hand_len[q]):
                if setup:
                    na = _take(rec, pool_a, na, W_HAND + q)
                    rec.hand[q, i] = pool_a[na]
                else:
                    nr = _take(rec, rest, nr, W_HAND + q)
                    rec.hand[q, i] = rest[nr]
    nr = _append(rest, nr, pool_a, na)  # setup: the A cards not in a hand, with the B cards
    nr = _append(rest, nr, pool_b, nb)
    rng.shuffle(rec.rng, rest, 0, nr)
    for i in range(nr):
        rec.deck[i] = rest[i]
        rec.card_where[rest[i]] = W_DECK


@njit(cache=True)
def _careers(rec, player):
    """MA-3.10, MA-3.13, MA-29.2, GAP-28: careers p has not seen, to the hidden career slots."""
    revealed = rec.phase >= Phase.SAIL
    seen = np.zeros(NK, dtype=np.bool_)
    for j in range(2):
        if rec.career_dealt[player, j] >= 0:
            seen[rec.career_dealt[player, j]] = True
    kept = np.full(4, -1, dtype=np.int64)  # the slot of a kept career
    for q in range(rec.num_players):
        for j in range(2):
            if rec.career[q] >= 0 and rec.career_dealt[q, j] == rec.career[q]:
                kept[q] = j
        if q != player and revealed and rec.career[q] >= 0:
            seen[rec.career[q]] = True
    pool = np.empty(NK, dtype=np.int64)
    n = shuffled_complement(rec.rng, seen, pool)
    for q in range(rec.num_players):
        if q == player:
            continue
        for j in range(2):
            c = rec.career_dealt[q, j]
            if c >= 0 and not (revealed and j == kept[q]):
                n -= 1
                rec.career_dealt[q, j] = pool[n]
        if not revealed and kept[q] >= 0:
            rec.career[q] = rec.career_dealt[q, kept[q]]


@njit(cache=True)
def _prestige(rec):
    """MA-3.6: the face-down prestige spaces from the buildings not face up."""
    up = np.zeros(NPB, dtype=np.bool_)
    for s in range(rec.prestige_revealed):
        up[rec.prestige[s]] = True
    pool = np.empty(NPB, dtype=np.int64)
    shuffled_complement(rec.rng, up, pool)
    for s in range(rec.prestige_revealed, 4):
        rec.prestige[s] = pool[s - rec.prestige_revealed]


@njit(cache=True)
def _tokens_and_quests(rec):
    """MA-3.1: the two token piles from their pooled tokens; MA-3.2: the quest pile under its top."""
    pool = np.empty(NT, dtype=np.int64)
    n = 0
    for k in range(2):
        for i in range(rec.token_pile_len[k]):
            pool[n] = rec.token_pile[k, i]
            n += 1
    rng.shuffle_sorted(rec.rng, pool, 0, n)
    for k in range(2):
        for i in range(rec.token_pile_len[k]):
            n -= 1
            rec.token_pile[k, i] = pool[n]
    rng.shuffle_sorted(rec.rng, rec.quest_pile, 0, max(rec.quest_pile_len - 1, 0))


@njit(cache=True)
def redraw_maracaibo(rec, player):
    """Everything of the Maracaibo record hidden from ``player`` (MA-29.2, MA-29.3)."""
    _project_cards(rec, player)
    _careers(rec, player)
    _prestige(rec)
    _tokens_and_quests(rec)
    _votes(rec, player)


@njit(cache=True)
def _votes(rec, player):
    """GAP-59: a vote in progress keeps the others' votes hidden: each redrawn uniformly."""
    i = rec.story_vote_card
    if i < 0:
        return
    for q in range(rec.num_players):
        if q != player and rec.story_votes[q] >= 0:
            rec.story_votes[q] = rng.randint(rec.rng, NUM_VOTES[i])
