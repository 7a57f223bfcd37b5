"""Story quests (MA-26.1, MA-26.3, GAP-61, GAP-62): the main action at a story tile paying
its card's requirement, each reward, the story tile as a quest tile, and a skull tile's
removal (L3 lays a city tile on Cartagena again)."""

import numpy as np
import pytest

import games
from games.maracaibo.data import board, legacy, quests
from games.maracaibo.data import story_tables as st
from games.maracaibo.data.codes import ES
from games.maracaibo.state import Decision
from tests.maracaibo.positions import act, arrive, cur, edit, hand, legal, opening, quests_done, val

CARTAGENA = legacy.PLAGUE_LOCATION


def story_game(cards, n=2, seed=3, tiles=()):
    """(game, state, seat) at the start of round 1 of a story game with ``cards`` in play."""
    g = games.make("maracaibo", num_players=n, story=True, story_cards=list(cards), legacy_tiles=tiles)
    s = opening(g, seed)
    return g, s, cur(s)


def tile_of(s, number):
    """The story tile carrying card ``number``'s quest."""
    return val(s, "story_tile_card").index(st.STORY_INDEX[number])


def at_tile(g, s, number, mp=1, **fields):
    """The current player arrives at the story tile of card ``number`` (Phase B), having
    spent ``mp`` MP this turn (MA-5.7)."""
    loc = val(s, "story_tile_loc")[tile_of(s, number)]
    return edit(g, arrive(g, s, board.LOC_IDS[loc], **fields), mp_spent=mp)


def test_story_quest_is_a_main_action_at_the_tile_paying_1_cp():
    """GAP-61 / MA-26.3: card 01's quest (1 CP) is the main action at story tile 1 (at 15);
    it gives 5 D and 1 VP and the tile goes onto the ship board as a quest tile."""
    g, s, p = story_game([1])
    s = at_tile(g, s, 1, cp={p: 1})
    assert legal(g, s, "story_quest") == [0]
    before = {f: val(s, f, p) for f in ("coins", "vp", "cp")}
    counts = g.obs_layout["counts"]
    act(g, s, "story_quest", 0)
    assert val(s, "cp", p) == before["cp"] - 1
    assert val(s, "coins", p) == before["coins"] + 5 and val(s, "vp", p) == before["vp"] + 1
    assert val(s, "story_tile_owner") == [p, -1, -1, -1] and val(s, "story_tile_loc")[0] == -1
    assert val(s, "main_done") == 1 and legal(g, s, "main_action") == []
    obs = g.observe(s, p)[0]
    assert obs[counts.start + 2] == 1  # quests: the story tile counts (MA-12.4)


def test_story_quest_needs_its_requirement_and_the_tile_location():
    """MA-26.3: 1 CP, not payable with figures: with 0 CP the quest is not offered; nor
    is it at another location."""
    g, s, p = story_game([1])
    s1 = at_tile(g, s, 1, cp={p: 0})
    assert val(s1, "fig_personal", p) > 0
    assert legal(g, s1, "story_quest") == []
    s2 = arrive(g, s, "16", cp={p: 3})
    assert legal(g, s2, "story_quest") == []


def test_spain_influence_reward():
    """MA-26.3: +2 Spain influence (card 02: 2 D -> 4 VP, +2 Spain)."""
    g, s, p = story_game([2])
    s = at_tile(g, s, 2, coins={p: 5})
    inf, vp = val(s, "influence", p, ES), val(s, "vp", p)
    act(g, s, "story_quest", tile_of(s, 2))
    assert val(s, "coins", p) == 3 and val(s, "vp", p) == vp + 4
    assert val(s, "influence", p, ES) == inf + 2


def test_figure_requirement_and_cp_reward():
    """MA-26.3: a figure returned to the general supply (card 05: -> 2 CP, 2 VP)."""
    g, s, p = story_game([5])
    s = at_tile(g, s, 5, cp={p: 0})
    personal, general = val(s, "fig_personal", p), val(s, "fig_general", p)
    act(g, s, "story_quest", tile_of(s, 5))
    assert (val(s, "fig_personal", p), val(s, "fig_general", p)) == (personal - 1, general + 1)
    assert val(s, "cp", p) == 2


def test_min_mp_requirement():
    """MA-26.3: at least 4 MP spent this turn (card 04)."""
    g, s, p = story_game([4])
    assert legal(g, at_tile(g, s, 4, mp=3), "story_quest") == []
    assert legal(g, at_tile(g, s, 4, mp=4), "story_quest") == [tile_of(s, 4)]


def test_item_requirement_and_remove_2_discs_reward():
    """MA-26.3: items from the hand (card 03: 2 BOOK cards) -> 3 VP and remove 2 discs: the
    cards are paid first, then two REMOVE_DISC decisions (MA-17.2)."""
    g, s, p = story_game([3])
    s = at_tile(g, s, 3)
    s = hand(g, s, p, ["A011", "A018", "A001"])
    assert legal(g, s, "story_quest") == [tile_of(s, 3)]
    vp = val(s, "vp", p)
    act(g, s, "story_quest", tile_of(s, 3))
    for _ in range(2):
        assert val(s, "decision") == Decision.PAY_CARD
        act(g, s, "pay_card", legal(g, s, "pay_card")[0])
    assert val(s, "hand_len", p) == 1 and val(s, "vp", p) == vp + 3
    discs = sum(val(s, "discs", p))
    for _ in range(2):
        assert val(s, "decision") == Decision.REMOVE_DISC
        act(g, s, "remove_disc", legal(g, s, "remove_disc")[0])
    assert sum(val(s, "discs", p)) == discs - 2 and val(s, "decision") == Decision.MAIN


@pytest.mark.parametrize("tiles", [("L3", "L20")])
def test_skull_reward_is_a_decision_and_l3_lays_a_city_tile(tiles):
    """MA-26.3 / GAP-62: "remove a skull tile" is the rewarded player's decision among the
    skull tiles in play; removing L3 lays a city tile of the player count that is not on
    the board on Cartagena (drawn from the seed: the same seed, the same tile)."""
    g, s, p = story_game([4], tiles=tiles)
    assert val(s, "tile_at", CARTAGENA) == -1  # MA-26.4 L3: the plague
    s = at_tile(g, s, 4, mp=4)
    act(g, s, "story_quest", tile_of(s, 4))
    assert val(s, "decision") == Decision.STORY_SKULL
    skulls = [legacy.LEGACY_TILE_IDS[t] for t in st.SKULL_TILES]
    assert [skulls[j] for j in legal(g, s, "remove_skull")] == ["L3", "L20"]
    twin = s.copy()
    act(g, s, "remove_skull", skulls.index("L3"))
    assert not val(s, "opt_legacy") >> legacy.PLAGUE_TILE & 1
    assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L20"] & 1
    tile = val(s, "tile_at", CARTAGENA)
    assert board.TILE_SET[tile] == board.TILE_SET_FOR_PLAYERS[2]
    assert val(s, "tile_at").count(tile) == 1
    act(g, twin, "remove_skull", skulls.index("L3"))
    assert val(twin, "tile_at", CARTAGENA) == tile  # seeded
    assert val(s, "decision") == Decision.MAIN  # back to the turn, main action done
    assert g.equal(g.from_json(g.to_json(s[0])), s)  # a consistent position


def test_skull_reward_with_no_skull_tile_does_nothing():
    """GAP-62: nothing when no skull tile lies."""
    g, s, p = story_game([4])
    s = at_tile(g, s, 4, mp=4)
    act(g, s, "story_quest", tile_of(s, 4))
    assert val(s, "decision") == Decision.MAIN and val(s, "story_skull") == 0


def test_fourth_quest_tile_bonus_counts_story_tiles():
    """MA-12.4 / GAP-61: the story tile counts as a quest tile: the 4th gives 3 VP."""
    g, s, p = story_game([1])
    done = np.flatnonzero(np.asarray(val(s, "quest_state")) == 0)[:3]  # 3 tiles from the pile
    s = quests_done(g, s, p, [quests.QUEST_IDS[q] for q in done])
    s = at_tile(g, s, 1, cp={p: 1})
    vp = val(s, "vp", p)
    act(g, s, "story_quest", 0)
    assert val(s, "vp", p) == vp + 1 + 3
