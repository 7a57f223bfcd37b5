"""Story quests (MA-26.1, MA-26.3, GAP-61, GAP-62): the main action "complete a quest" at
a story tile's location paying its story card's requirement, its rewards, and the removal
of a skull tile (a decision of the rewarded player, Decision.STORY_SKULL)."""

from numba import njit

from ...core import rng
from ..data import board, legacy
from ..data import story_tables as st
from ..data.codes import ES
from ..spaces import A_REMOVE_SKULL, A_STORY_QUEST
from ..state import NST
from .combat import gain_cp
from .discs import push_remove
from .nobility import gain_influence
from .player import gain_coins, gain_vp
from .quests import costs_payable, pay_costs, quest_bonus


@njit(cache=True)
def story_quest_open(rec, p, k):
    """Story tile k lies at p's ship and its card's requirement can be paid now (GAP-61)."""
    i = rec.story_tile_card[k]
    if rec.story_tile_loc[k] != rec.ship[p] or rec.legacy_city[p] >= 0 or i < 0:
        return False
    n = st.QUEST_COST_COUNT[i]
    return costs_payable(rec, p, st.QUEST_COST_KIND[i], st.QUEST_COST_A0[i], st.QUEST_COST_A1[i], n)


@njit(cache=True)
def mask_story_quests(rec, p, out):
    """Decision.MAIN: the story quests open at the ship (one main action each, GAP-61)."""
    for k in range(NST):
        if story_quest_open(rec, p, k):
            out[A_STORY_QUEST + k] = True


@njit(cache=True)
def claim_story_quest(rec, p, k):
    """GAP-61 / MA-26.3: pay the card's requirement, take the story tile (a quest tile for
    MA-12.4 and final scoring), gain the rewards in printed order; discs to remove and skull
    tiles to remove are decisions that follow (Frame.REMOVE, ``story_skull``)."""
    rec.extra_main = 0  # MA-13.6: the extra main action after AS04 / AS14, if it was one
    rec.main_done = 1
    i = rec.story_tile_card[k]
    rec.story_tile_loc[k] = -1
    rec.story_tile_owner[k] = p
    quest_bonus(rec, p)
    for j in range(st.REWARD_COUNT[i]):
        kind, a0 = st.REWARD_KIND[i, j], st.REWARD_A0[i, j]
        if kind == st.R_VP:
            gain_vp(rec, p, a0)
        elif kind == st.R_D:
            gain_coins(rec, p, a0)
        elif kind == st.R_CP:
            gain_cp(rec, p, a0)
        elif kind == st.R_SPAIN:  # MA-26.3: +2 Spain influence
            gain_influence(rec, p, ES, a0)
        elif kind == st.R_SKULL:  # MA-26.3 / GAP-62: the player chooses after the payment
            rec.story_skull += 1
        else:  # R_DISCS, MA-26.3: remove 2 discs (MA-17.2)
            push_remove(rec, a0)
    n = st.QUEST_COST_COUNT[i]
    pay_costs(rec, p, st.QUEST_COST_KIND[i], st.QUEST_COST_A0[i], st.QUEST_COST_A1[i], n)


@njit(cache=True)
def skull_in_play(rec):
    for j in range(st.SKULL_TILES.shape[0]):
        if (rec.opt_legacy >> st.SKULL_TILES[j]) & 1:
            return True
    return False


@njit(cache=True)
def mask_skull(rec, p, out):
    """Decision.STORY_SKULL (GAP-62): a skull tile in play."""
    for j in range(st.SKULL_TILES.shape[0]):
        if (rec.opt_legacy >> st.SKULL_TILES[j]) & 1:
            out[A_REMOVE_SKULL + j] = True


@njit(cache=True)
def remove_skull_tile(rec, t):
    """MA-26.3 / GAP-62: tile t leaves the board; after L3 (the plague) a city tile of the
    player count not on the board, drawn from the seed, lies on Cartagena again."""
    rec.opt_legacy &= ~(1 << t)
    if t == legacy.PLAGUE_TILE:
        tset = board.TILE_SET_FOR_PLAYERS[rec.num_players]
        free = 0
        for c in range(board.TILE_SET.shape[0]):
            if board.TILE_SET[c] == tset and not _on_board(rec, c):
                free += 1
        pick = rng.randint(rec.rng, free) if free > 0 else -1
        for c in range(board.TILE_SET.shape[0]):
            if board.TILE_SET[c] == tset and not _on_board(rec, c):
                if pick == 0:
                    rec.tile_at[legacy.PLAGUE_LOCATION] = c
                pick -= 1


@njit(cache=True)
def _on_board(rec, c):
    for loc in range(rec.tile_at.shape[0]):
        if rec.tile_at[loc] == c:
            return True
    return False


@njit(cache=True)
def apply_skull(rec, p, fam, param):
    """REMOVE_SKULL(j): skull tile j of st.SKULL_TILES returns to the box (GAP-62)."""
    remove_skull_tile(rec, st.SKULL_TILES[param])
    rec.story_skull -= 1
