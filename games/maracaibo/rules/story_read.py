"""Reading story cards during the game (MA-26.1, MA-26.2, GAP-58, GAP-60): at interim
step 6 every story card in play whose requirement is met is read, lowest number first;
its instructions act at once in printed order, "Read xx" reads card xx before the next
met card, and the cards it draws come into play (checked from the next step 6 on). A
skull tile to remove is the reader's decision: the reading pauses there
(``story_reading``) and resumes after it. At final scoring a met card is read but what it
brings in is not executed (it goes to the campaign's archive)."""

import numpy as np
from numba import njit

from ..data import legacy
from ..data import story_tables as st
from ..data.c_cards import FIRST_NUMBER as C_FIRST_NUMBER
from ..state import BOX_DISCS, NS, NST, SC_NEW, SC_OUT, SC_PLAY, SC_READ
from .c_cards import into_discard, shuffle_into_deck
from .legacy import tile_discs
from .story_quests import skull_in_play
from .story_tiles import enter_play, lay_quests, lay_story_tile, waiting_card


@njit(cache=True)
def reader_of(rec, i):
    """Who meets card i's requirement now, -1: the player who did its story quest, or for a
    disc on a legacy tile the round-ending player (MA-26.1); in solo always the human
    (GAP-58: Jean meets no story requirement; seat 0 is the human)."""
    if st.REQ_KIND[i] == st.REQ_QUEST:
        for k in range(NST):
            if rec.story_tile_card[k] == i and rec.story_tile_owner[k] >= 0:
                return rec.story_tile_owner[k]
        return -1
    t = st.REQ_TILE[i]
    if (rec.opt_legacy >> t) & 1 and tile_discs(rec, t) > 0:
        return 0 if rec.jean_level > 0 else max(rec.round_trigger, 0)
    return -1


@njit(cache=True)
def add_tile(rec, t):
    """MA-26.2 "add tile Lx": the tile comes into play now (the tiles in play are game state
    in story mode, ``opt_legacy``); one on its board place leaves (MA-26.4: the later card
    wins). L3 takes Cartagena's city tile and marker off (MA-26.4); a purchase tile gets its
    box discs as at setup (MA-26.4 2 players, MA-26.7 Jean)."""
    if (rec.opt_legacy >> t) & 1:
        return
    rec.opt_legacy &= ~st.PLACE_CLASH[t]
    rec.opt_legacy |= 1 << t
    if t == legacy.PLAGUE_TILE:
        rec.tile_at[legacy.PLAGUE_LOCATION] = -1
        rec.marker_at[legacy.PLAGUE_LOCATION] = -1
    if legacy.LEGACY_KIND[t] == legacy.PURCHASE:
        box = legacy.PURCHASE_DISCS_2P if rec.num_players == 2 and t != legacy.FREE_TILE else 0
        rec.legacy_discs[t, BOX_DISCS] = box + (legacy.PURCHASE_DISCS_JEAN if rec.jean_level > 0 else 0)


@njit(cache=True)
def act_rows(rec, i, kinds, a0s, a1s, n, chain, n_chain):
    """Instruction rows of card i in printed order; "Read xx" queues xx in ``chain``, a
    group choice starts a vote (GAP-59). Returns the chain's new length. The C cards of
    "Cards: ..." (one row a card) join the draw pile in one shuffle after the rows, those
    "put into the discard pile" the discard pile (MA-26.2, GAP-63): no other instruction
    touches the project cards, so acting them last is acting them in printed order."""
    to_deck, to_discard = 0, 0
    for j in range(n):
        kind, a0, a1 = kinds[j], a0s[j], a1s[j]
        if kind == st.I_VOTE:
            rec.story_vote_card = i
        elif kind == st.I_ADD_TILE:
            add_tile(rec, a0)
        elif kind == st.I_REMOVE_SKULL:  # MA-26.3 / GAP-62: the reader chooses
            if skull_in_play(rec):
                rec.story_skull += 1
        elif kind == st.I_READ:
            chain[n_chain] = a0
            n_chain += 1
        elif kind == st.I_STORY:  # GAP-61: for the lowest card in play still without a tile
            lay_story_tile(rec, a0, waiting_card(rec))
        elif kind == st.I_QUESTS:
            lay_quests(rec, a0, a1)
        elif kind == st.I_CARDS:
            to_deck |= 1 << (a0 - C_FIRST_NUMBER)
        elif kind == st.I_DISCARD:
            to_discard |= 1 << (a0 - C_FIRST_NUMBER)
    if to_deck:
        shuffle_into_deck(rec, to_deck)
    if to_discard:
        into_discard(rec, to_discard)
    return n_chain


@njit(cache=True)
def _act(rec, i, chain, n_chain):
    """Card i's instructions, then the story cards it draws (MA-26.1)."""
    n_chain = act_rows(rec, i, st.READ_KIND[i], st.READ_A0[i], st.READ_A1[i], st.READ_COUNT[i], chain, n_chain)
    for j in range(st.DRAW_COUNT[i]):  # MA-26.1: new story cards, checked from the next step 6 on
        d = st.DRAW_CARD[i, j]
        if rec.story_status[d] == SC_OUT:
            enter_play(rec, d, SC_NEW)
    return n_chain


@njit(cache=True)
def read_card(rec, i, reader, execute):
    """Card i (and the cards its "Read xx" name, GAP-60) goes under ``reader``'s ship board;
    with ``execute`` its instructions act."""
    chain = np.empty(1 + NS * st.READ_KIND.shape[1], dtype=np.int64)  # each card is read once
    chain[0] = i
    n_chain = 1
    k = 0
    while k < n_chain:
        c = chain[k]
        k += 1
        if rec.story_status[c] == SC_READ:
            continue
        rec.story_status[c] = SC_READ
        rec.story_reader[c] = reader
        if execute:
            n_chain = _act(rec, c, chain, n_chain)


@njit(cache=True)
def read_pass(rec, start, execute):
    """Step 6 from card ``start`` on: read each met card in play; pause (``story_reading``,
    the reader to act) when a skull tile is to be removed or the group votes. Done: the new cards count from now."""
    for i in range(start, NS):
        if rec.story_status[i] != SC_PLAY:
            continue
        reader = reader_of(rec, i)
        if reader < 0:
            continue
        read_card(rec, i, reader, execute)
        if rec.story_skull > 0 or rec.story_vote_card >= 0:
            rec.story_reading = i + 2
            rec.current_player = reader
            return
    for i in range(NS):
        if rec.story_status[i] == SC_NEW:
            rec.story_status[i] = SC_PLAY
    rec.story_reading = 0
