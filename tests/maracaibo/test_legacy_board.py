"""Legacy tiles on the board (MA-26.4, MA-26.5, MA-26.7): skull tiles L20-L23, the
plague L3, the purchase tiles L10-L17 with L11's toll. Placeholder positions and
numbers from data/legacy.py: L20 at 3, L21 at 12, L22 at 16, L23 at 1; L10 at 2 (free,
+2 D), L11 at 9 (2 D, +2 VP), L12 at 4 (3 D, +3 VP); 3 disc spaces each."""

import functools

import numpy as np
import pytest

from games.core.batch import kernel_record
from games.core.errors import PositionError
from games.maracaibo.data import legacy
from games.maracaibo.data.codes import FR
from games.maracaibo.game import Maracaibo
from games.maracaibo.rules.nobility import markers_on_board
from games.maracaibo.solo import MaracaiboSolo
from games.maracaibo.spaces import MAIN_CITY, MAIN_NONE, MAIN_VILLAGE
from games.maracaibo.state import BOX_DISCS, Decision
from tests.maracaibo.positions import act, edit, exp, legal, loc, opening

L = legacy.LEGACY_INDEX


@functools.cache
def game(*tiles, n=2):
    return Maracaibo(num_players=n, legacy_tiles=tiles)


def at(tiles, where, seed=1, n=2, **fields):
    """Round 1, the current player's ship on ``where`` (Phase A); (game, state, player)."""
    g = game(*tiles, n=n)
    s = opening(g, seed)
    p = int(s[0]["current_player"])
    return g, edit(g, s, ship={p: loc(where)}, **fields), p


def sail(g, s, where):
    act(g, s, "sail_to", loc(where) - 1)


# ----- skull tiles (L20-L23) -------------------------------------------------------------------
@pytest.mark.parametrize(
    "tile, village, before", [("L20", "3", "2"), ("L21", "12", "11"), ("L22", "16", "15"), ("L23", "1", "H")]
)
def test_skull_tile_forbids_the_village_action(tile, village, before):
    """MA-26.4 L20-L23: no village actions on a skull tile; the other main actions stay."""
    g, s, p = at((tile,), before)
    sail(g, s, village)
    assert MAIN_VILLAGE not in legal(g, s, "main_action") and MAIN_NONE in legal(g, s, "main_action")
    g0, s0, _ = at((), before)
    sail(g0, s0, village)
    assert MAIN_VILLAGE in legal(g0, s0, "main_action")


# ----- the plague (L3) ---------------------------------------------------------------------------
def test_plague_removes_cartagenas_city():
    """MA-26.4 L3: Cartagena's city tile leaves; no city (nor village) action there."""
    g, s, p = at(("L3",), "12")
    assert s[0]["tile_at"][loc("14")] == -1
    assert (s[0]["tile_at"][[loc(x) for x in ("4", "5", "13")]] >= 0).all()
    sail(g, s, "14")
    assert legal(g, s, "main_action") == [MAIN_NONE]
    g0, s0, _ = at((), "12")
    assert s0[0]["tile_at"][loc("14")] >= 0
    sail(g0, s0, "14")
    assert MAIN_CITY in legal(g0, s0, "main_action")


def test_plague_position_checks():
    """MA-26.4 L3: no city tile, marker or market disc at Cartagena while the plague lies."""
    g, s, p = at(("L3",), "12")
    with pytest.raises(PositionError, match="plague"):
        edit(g, s, marker_at={loc("14"): FR}, markers_taken={FR: int(s[0]["markers_taken"][FR]) + 1})
    with pytest.raises(PositionError, match="plague"):
        edit(g, s, market={loc("14"): 1})


def test_jean_has_no_city_step_under_the_plague():
    """MA-26.7 does not exempt Jean from L3: ending on Cartagena she places no market disc
    and takes no display card; her card's own action still happens."""
    from tests.maracaibo.test_solo_jean import J, clear_quests, run, with_top

    out = []
    for tiles in (("L3",), ()):
        g = MaracaiboSolo(level=5, legacy_tiles=tiles)
        s = clear_quests(g, opening(g, 3), range(13, 16))
        s = with_top(g, edit(g, s, ship={J: loc("12")}), "A2")  # move 1, lower branch, +1 FR influence
        run(g, s, 0)
        out.append(
            (
                int(s[0]["ship"][J]),
                int(s[0]["market"][loc("14")]),
                int(s[0]["jean_removed"]),
                int(s[0]["jean_cards"]),
                int(s[0]["influence"][J, FR]),
            )
        )
    assert out == [(loc("14"), 0, 0, 0, 1), (loc("14"), 1, 1, 0, 1)]


# ----- purchase tiles (L10-L17) ------------------------------------------------------------------
def test_starting_discs_by_player_count():
    """MA-26.4: with 2 players L11-L17 start with one disc (L10 none); 3-4 players none;
    MA-26.7: against Jean one more on each of L10-L17."""
    buy = ("L10", "L11", "L12", "L17")
    box = lambda g: [int(g.init(np.array([0]))[0]["legacy_discs"][L[t], BOX_DISCS]) for t in buy]
    assert box(game(*buy)) == [0, 1, 1, 1]
    assert box(game(*buy, n=3)) == [0, 0, 0, 0]
    assert box(MaracaiboSolo(legacy_tiles=buy)) == [1, 2, 2, 2]


def test_buy_a_tile_before_the_main_action():
    """MA-26.4 L10-L17: ending the movement on the tile, pay its cost (L12: 3 D) for its
    reward (+3 VP) and move a disc from the ship board onto it; the main action follows."""
    g, s, p = at(("L12",), "2", coins={0: 3, 1: 3})
    vp, discs = int(s[0]["vp"][p]), int(s[0]["discs"][p].sum())
    sail(g, s, "4")
    assert legal(g, s, "legacy_buy") == [0]
    act(g, s, "legacy_buy")
    assert s[0]["decision"] == Decision.REMOVE_DISC
    act(g, s, "remove_disc", legal(g, s, "remove_disc")[0])
    rec = s[0]
    assert (rec["coins"][p], rec["vp"][p], rec["discs"][p].sum()) == (0, vp + 3, discs - 1)
    assert rec["legacy_discs"][L["L12"], p] == 1 and rec["legacy_bought"] == 1
    assert rec["decision"] == Decision.MAIN and MAIN_CITY in legal(g, s, "main_action")
    assert legal(g, s, "legacy_buy") == []  # once per arrival


def test_no_purchase_without_the_cost_or_after_the_main_action():
    """MA-26.4: the cost must be paid (L12: 3 D); the purchase comes before the main action."""
    g, s, p = at(("L12",), "2", coins={0: 2, 1: 2})
    sail(g, s, "4")
    assert legal(g, s, "legacy_buy") == []
    g, s, p = at(("L12",), "2", coins={0: 5, 1: 5})
    sail(g, s, "4")
    act(g, s, "main_action", MAIN_NONE)
    assert legal(g, s, "legacy_buy") == []


def test_free_tile_and_a_full_tile():
    """MA-26.4: L10 is free (+2 D); a tile whose disc spaces are full is inactive."""
    g, s, p = at(("L10",), "1", coins={0: 0, 1: 0})
    s_full = edit(g, s, legacy_discs={(L["L10"], BOX_DISCS): 3})
    sail(g, s, "2")
    act(g, s, "legacy_buy")
    act(g, s, "remove_disc", legal(g, s, "remove_disc")[0])
    assert s[0]["coins"][p] == 2
    sail(g, s_full, "2")
    assert legal(g, s_full, "legacy_buy") == []


def test_the_disc_can_complete_an_upgrade():
    """MA-26.4: the disc moved onto the tile may be the last of a ship position (MA-17.2)."""
    g, s, p = at(("L10",), "1")
    s = edit(g, s, discs={(p, 0): 1})
    sail(g, s, "2")
    act(g, s, "legacy_buy")
    assert 0 in legal(g, s, "remove_disc")
    act(g, s, "remove_disc", 0)
    assert s[0]["discs"][p, 0] == 0 and s[0]["legacy_discs"][L["L10"], p] == 1


def test_toll():
    """MA-26.4 L11: passing it costs 2 D; ending there costs nothing; who cannot pay must
    stop there."""
    g, s, p = at(("L11",), "8", coins={0: 5, 1: 5})
    s_end, s_poor = s.copy(), edit(g, s, coins={p: 1})
    sail(g, s, "10")
    assert s[0]["coins"][p] == 3
    sail(g, s_end, "9")
    assert s_end[0]["coins"][p] == 5
    assert legal(g, s_poor, "sail_to") == [loc("9") - 1]


def test_markers_on_legacy_tiles_count_on_the_board():
    """MA-26.5: markers on legacy tiles count as markers on the board (MA-9.7)."""
    g, s, p = at((), "H")
    rec = s[0].copy()
    before = markers_on_board(kernel_record(rec), FR)
    rec["legacy_markers"][2] = FR
    assert markers_on_board(kernel_record(rec), FR) == before + 1


def test_purchase_positions_are_checked():
    """MA-26.4: discs only on purchase tiles in play, within their spaces."""
    g, s, p = at(("L12",), "H")
    with pytest.raises(PositionError, match="4 discs on 3 spaces"):
        edit(g, s, legacy_discs={(L["L12"], BOX_DISCS): 3, (L["L12"], p): 1}, discs={(p, 0): 1})
    with pytest.raises(PositionError, match="no purchase tile in play"):
        edit(g, s, legacy_discs={(L["L13"], BOX_DISCS): 1})
    with pytest.raises(PositionError, match="more discs on legacy tiles"):
        edit(g, s, legacy_discs={(L["L12"], p): 1})


# ----- combat actions L6 (escort) and L9 (gold mine) ---------------------------------------------
def _combat(tiles, v, explorer="E0", escorted=-1, escorted_twice=False):
    """A combat for France at city 9 (test_rules_combat.fight), with V = ``v``; ``escorted``:
    the nation whose markers an earlier combat put on L6's first space (both spaces when
    ``escorted_twice``)."""
    from tests.maracaibo.test_rules_combat import fight

    g = game(*tiles)
    s = opening(g, 5)
    p = int(s[0]["current_player"])
    s = edit(g, s, explorer={p: exp(explorer)}, coins={p: 10})
    if escorted >= 0:
        spaces = 2 if escorted_twice else 1
        s = edit(
            g,
            s,
            legacy_markers={i: escorted for i in range(spaces)},
            markers_taken={escorted: int(s[0]["markers_taken"][escorted]) + spaces},
        )
    s, p = fight(g, s, "TK01")
    act(g, s, "combat_pile", 0)
    act(g, s, "combat_nation", FR)
    return g, edit(g, s, cb_v=v), p


def test_escort_fills_two_spaces_at_10_and_11():
    """MA-26.4 L6: escort costs 10 on the first space and 11 on the second: a marker of
    the fighting nation (out of its supply, MA-9.5), +3 influence, +8 D; unavailable when
    both spaces are full. MA-26.5: the marker counts on the board."""
    g, s, p = _combat(("L6",), 12)
    rec = s[0]
    inf, coins, taken = int(rec["influence"][p, FR]), int(rec["coins"][p]), int(rec["markers_taken"][FR])
    on_board = markers_on_board(kernel_record(rec.copy()), FR)
    assert legal(g, s, "legacy_combat") == [0]
    act(g, s, "legacy_combat", 0)
    rec = s[0]
    assert (rec["cb_v"], rec["legacy_markers"][0], rec["influence"][p, FR], rec["coins"][p]) == (
        2,
        FR,
        inf + 3,
        coins + 8,
    )
    assert rec["markers_taken"][FR] == taken + 1
    assert markers_on_board(kernel_record(rec.copy()), FR) == on_board + 1
    assert legal(g, s, "legacy_combat") == []  # 2 V < 11
    g, s, p = _combat(("L6",), 11, escorted=FR)  # a later combat: the second space
    assert legal(g, s, "legacy_combat") == [0]
    act(g, s, "legacy_combat", 0)
    assert s[0]["legacy_markers"][1] == FR and s[0]["cb_v"] == 0
    g, s, p = _combat(("L6",), 30, escorted=FR, escorted_twice=True)
    assert legal(g, s, "legacy_combat") == []  # both spaces full


def test_escort_once_per_combat():
    """MA-8.6 / MA-26.4 L6: a combat action from a legacy tile follows the combat rule, each
    kind once per combat: "deduct 10 or 11" is one action with two prices, so after the
    escort at 10 the 11 V left do not buy the second space in the same combat."""
    g, s, p = _combat(("L6",), 21)
    act(g, s, "legacy_combat", 0)
    assert s[0]["cb_v"] == 11 and s[0]["legacy_markers"][1] == -1
    assert legal(g, s, "legacy_combat") == []
    assert ("combat_action", 0) in legal(g, s)  # CA1 is another kind: still open
    with pytest.raises(PositionError, match="cb_used"):  # the escort's bit needs its marker on L6
        edit(g, _combat(("L6",), 21)[1], cb_used=8)


def test_gold_mine_needs_explorer_space_5():
    """MA-26.4 L9: cost 8, explorer on space 5 or beyond; a marker on the mine, +12 D;
    once occupied, unavailable."""
    g, s, p = _combat(("L9",), 12, explorer="E4")
    assert legal(g, s, "legacy_combat") == []
    g, s, p = _combat(("L9",), 12, explorer="E5")
    coins = int(s[0]["coins"][p])
    assert legal(g, s, "legacy_combat") == [1]
    act(g, s, "legacy_combat", 1)
    assert (s[0]["cb_v"], s[0]["legacy_markers"][2], s[0]["coins"][p]) == (4, FR, coins + 12)
    s = edit(g, s, cb_v=30)
    assert legal(g, s, "legacy_combat") == []


def test_no_legacy_combat_without_the_tiles():
    g, s, p = _combat(("L2",), 30, explorer="E5")
    assert legal(g, s, "legacy_combat") == []
