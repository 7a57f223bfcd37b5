"""Quest and story tiles on the board (MA-12.1, MA-26.1, GAP-61) and the story cards
coming into play (MA-26.1): their fronts lay story tiles ("Story: n") and quest tiles
("Quests: n"). A story game's setup puts the cards of ``opt_story_cards`` into play
instead of card 75's setup quests (MA-3.11)."""

from numba import njit

from ..data import story_tables as st
from ..state import NS, NST, QS_BOARD, SC_NEW, SC_PLAY


@njit(cache=True)
def place_quest_from_pile(rec, loc):
    """Top tile of the face-up pile next to location ``loc``; nothing if empty (GAP-38)."""
    if rec.quest_pile_len == 0:
        return
    rec.quest_pile_len -= 1
    q = rec.quest_pile[rec.quest_pile_len]
    rec.quest_pile[rec.quest_pile_len] = -1
    rec.quest_state[q] = QS_BOARD
    rec.quest_arg[q] = loc
    rec.quest_order[q] = rec.quest_counter
    rec.quest_counter += 1


@njit(cache=True)
def card_with_tile(rec, i):
    """The story tile laid for card ``i``'s quest, -1."""
    for k in range(NST):
        if rec.story_tile_card[k] == i:
            return k
    return -1


@njit(cache=True)
def waiting_card(rec):
    """GAP-61: the lowest-numbered card in play whose story quest has no tile yet, -1."""
    for i in range(NS):
        if (rec.story_status[i] == SC_PLAY or rec.story_status[i] == SC_NEW) and st.HAS_QUEST[i]:
            if card_with_tile(rec, i) < 0:
                return i
    return -1


@njit(cache=True)
def lay_story_tile(rec, loc, card):
    """MA-26.2 "Story: n": the next story tile (1-4) at location n, carrying ``card``'s
    quest (-1: none yet, GAP-61); nothing once all 4 are laid."""
    k = rec.story_tiles_laid
    if k >= NST:
        return
    rec.story_tiles_laid += 1
    rec.story_tile_loc[k] = loc
    rec.story_tile_card[k] = card


@njit(cache=True)
def lay_quests(rec, loc, fewest):
    """MA-26.2 "Quests: n (player counts)": a quest tile at n when at least ``fewest`` play."""
    if rec.num_players >= fewest:
        place_quest_from_pile(rec, loc)


@njit(cache=True)
def enter_play(rec, i, status):
    """Story card ``i`` comes into play (``status`` SC_PLAY at setup, SC_NEW when drawn at
    step 6, GAP-60): a laid tile waiting for a card takes its quest, then its front acts."""
    rec.story_status[i] = status
    if st.HAS_QUEST[i]:
        for k in range(rec.story_tiles_laid):
            if rec.story_tile_card[k] < 0 and rec.story_tile_loc[k] >= 0:
                rec.story_tile_card[k] = i
                break
    for j in range(st.SETUP_COUNT[i]):
        kind, a0, a1 = st.SETUP_KIND[i, j], st.SETUP_A0[i, j], st.SETUP_A1[i, j]
        if kind == st.I_STORY:  # the card's own front: its own quest (GAP-61)
            lay_story_tile(rec, a0, i if st.HAS_QUEST[i] and card_with_tile(rec, i) < 0 else -1)
        elif kind == st.I_QUESTS:
            lay_quests(rec, a0, a1)


@njit(cache=True)
def story_setup(rec):
    """MA-26.1: the story cards of ``opt_story_cards`` come into play, lowest number first."""
    for i in range(NS):
        if rec.opt_story_cards >> i & 1:
            enter_play(rec, i, SC_PLAY)
