"""Combat (MA-8): PCB, piles, nations, modifiers, boosting, combat actions CA1-CA5, the
end of a combat, the spec's scenarios T1, T14, T17, T18 (MA-30), the combat sources
(COMBAT cities, space 20, quests Q09/Q18) and the combat context of the observation
(MA-29.1a). Positions are built with from_json (games.maracaibo.positions)."""

import numpy as np
import pytest

from games.core.errors import PositionError
from games.maracaibo.data import board, codes, combat, ship
from games.maracaibo.data.codes import EN, ES, FR
from games.maracaibo.game import Maracaibo
from games.maracaibo.spaces import (
    CA_CARD,
    CA_END,
    CA_FLAG,
    CA_INF1,
    CA_INF2,
    CA_VILLAGE,
    MAIN_CITY,
    MAIN_QUEST,
    OBS,
    VO_XQC,
)
from games.maracaibo.state import Decision, Phase, QS_BOARD, QS_CARD, QS_DONE, QS_EXPLORER, QS_PILE, W_BOUGHT
from tests.maracaibo.positions import act, card, edit, exp, give_hand, legal, loc, move_cards, opening, quest

G2 = Maracaibo(num_players=2)
G3 = Maracaibo(num_players=3)


def tok(tid):
    return combat.TOKEN_IDS.index(tid)


def flag(where):
    return CA_FLAG + loc(where) - 1


def village(where):
    return CA_VILLAGE + loc(where) - 1


def cur(s):
    return int(s[0]["current_player"])


def token_on_top(g, s, tid, pile=0):
    """Swap token ``tid`` (in either pile) onto the top of ``pile``."""
    t = tok(tid)
    piles = s[0]["token_pile"].copy()
    k, i = [(k, i) for k in range(2) for i in range(int(s[0]["token_pile_len"][k])) if piles[k, i] == t][0]
    j = int(s[0]["token_pile_len"][pile]) - 1
    piles[k, i], piles[pile, j] = piles[pile, j], piles[k, i]
    return edit(g, s, token_pile=piles)


def empty_piles(g, s, which=(0, 1)):
    """Every token of the named piles onto ship boards (round robin over the seats)."""
    owner = s[0]["token_owner"].copy()
    piles = s[0]["token_pile"].copy()
    lens = s[0]["token_pile_len"].copy()
    n = g.num_players
    for k in which:
        for i, t in enumerate(piles[k, : lens[k]]):
            owner[int(t)] = i % n
        piles[k, :] = -1
        lens[k] = 0
    return edit(g, s, token_owner=owner, token_pile=piles, token_pile_len=lens)


def markers(g, s, counts, at=("1", "3", "6", "7", "8", "10", "12", "15", "16", "18", "19")):
    """``counts`` markers of FR, ES, EN on villages (in this order), nothing elsewhere."""
    m = np.full(24, -1)
    spots = iter(at)
    for a, k in enumerate(counts):
        for _ in range(k):
            m[loc(next(spots))] = a
    return edit(g, s, marker_at=m, markers_taken=list(counts))


def own(g, s, p, ids, assistants=False):
    """p owns the cards; with ``assistants`` their assistants stand on the board (the
    figures come from p's general supply)."""
    s = move_cards(g, s, ids, W_BOUGHT + p)
    if assistants:
        asst = s[0]["assistants"].copy()
        j = int((asst[p] >= 0).sum())
        for cid in ids:
            asst[p, j] = card(cid)
            j += 1
        s = edit(g, s, assistants=asst, fig_general={p: int(s[0]["fig_general"][p]) - len(ids)})
    return s


def fight(g, s, token="TK01", src="8", city="9"):
    """The current player (empty hand: no delivery) sails src -> city and starts its city
    action (a combat); ``token`` on top of pile 0 (None: leave the piles alone)."""
    p = cur(s)
    s = give_hand(g, s, p, [])
    if token is not None:
        s = token_on_top(g, s, token)
    s = edit(g, s, ship={p: loc(src)})
    act(g, s, "sail_to", loc(city) - 1)
    act(g, s, "main_action", MAIN_CITY)
    return s, p


@pytest.fixture
def s3():
    return opening(G3, seed=5)


# ----- MA-30 scenarios -----------------------------------------------------------------
def test_t1_rulebook_example(s3):
    """T1 (MA-8.3, MA-8.5, MA-8.6, MA-8.7, MA-9.5): TK01 for France, CA1, boost with 1 CP
    and 1 figure, CA2 expelling Spain at 9 (to the box), +2 VP flag, token to the ship."""
    p = cur(s3)
    m = np.full(24, -1)
    m[loc("9")] = ES
    s = edit(
        G3,
        s3,
        coins={p: 10},
        cp={p: 3},
        fig_personal={p: 2},
        influence={p: [0, 0, 0]},
        marker_at=m,
        markers_taken=[0, 1, 0],
    )
    s, p = fight(G3, s, "TK01")
    assert s[0]["decision"] == Decision.COMBAT_PILE
    act(G3, s, "combat_pile", 0)
    assert s[0]["cb_token"] == tok("TK01") and s[0]["decision"] == Decision.COMBAT_NATION
    act(G3, s, "combat_nation", FR)
    rec = s[0]
    assert rec["coins"][p] == 8 and rec["cb_v"] == 6 and rec["cb_nation"] == FR
    act(G3, s, "combat_action", CA_INF1)
    assert s[0]["influence"][p, FR] == 1 and s[0]["cb_v"] == 4
    general = int(s[0]["fig_general"][p])
    act(G3, s, "combat_boost", 0)
    act(G3, s, "combat_boost", 1)
    rec = s[0]
    assert rec["cp"][p] == 2 and rec["fig_personal"][p] == 1 and rec["fig_general"][p] == general + 1
    assert rec["cb_v"] == 6
    vp = int(rec["vp"][p])
    assert flag("9") in legal(G3, s, "combat_action")
    act(G3, s, "combat_action", flag("9"))
    rec = s[0]
    assert rec["marker_at"][loc("9")] == FR and rec["markers_taken"].tolist() == [1, 1, 0]
    assert rec["influence"][p, FR] == 2 and rec["vp"][p] == vp + 2 and rec["cb_v"] == 0
    # CA1 / CA2 used, no U7: at V 0 only boosting (legal but useless) and END remain
    assert legal(G3, s, "combat_action") == [CA_END]
    assert legal(G3, s, "combat_boost") == [0, 1]
    act(G3, s, "combat_action", CA_END)
    rec = s[0]
    assert rec["token_owner"][tok("TK01")] == p and (rec["token_owner"] == p).sum() == 1
    assert rec["stk_len"] == 0 and rec["decision"] == Decision.MAIN and rec["cb_token"] == -1


def test_t14_exhausted_piles(s3):
    """T14 / MA-8.2: both piles empty: no pile decision, strength 3, no cost, bonus or
    modifier; no token is added to the ship board."""
    s = empty_piles(G3, s3)
    p = cur(s)
    s = markers(G3, s, (3, 3, 0))  # England has the fewest: FEWEST+3 would apply to a token
    tokens = int((s[0]["token_owner"] == p).sum())
    coins, vp = int(s[0]["coins"][p]), int(s[0]["vp"][p])
    s, p = fight(G3, s, token=None)
    assert s[0]["decision"] == Decision.COMBAT_NATION and legal(G3, s, "combat_nation") == [0, 1, 2]
    act(G3, s, "combat_nation", EN)
    assert s[0]["cb_v"] == 3 and s[0]["cb_token"] == -1
    assert s[0]["coins"][p] == coins and s[0]["vp"][p] == vp
    act(G3, s, "combat_action", CA_END)
    assert (s[0]["token_owner"] == p).sum() == tokens


def test_t17_village_annex_and_expel():
    """T17 (MA-8.6 CA3, MA-17.3 U7, GAP-54): 2 players, Spain with V 8. CA3 on the empty
    village 10 costs 2: Spain's marker, +1 influence, 3 D per own and 1 D per other
    assistant there (D9 has two @10 cards: P one, Q one). Expelling England at 7 costs 5;
    Spain's own 6 and cities are never CA3 targets; without U7 no CA3."""
    s = opening(G2, seed=3)
    p = cur(s)
    q = 1 - p
    s = own(G2, s, p, ["A034"], assistants=True)  # @10
    s = own(G2, s, q, ["B095"], assistants=True)  # @10
    s = edit(G2, s, discs={(p, ship.U7): 0}, cp={p: 3}, coins={p: 10})
    s, p = fight(G2, s, "TK05")  # Spain 5, pays 1 D, no modifier
    act(G2, s, "combat_pile", 0)
    act(G2, s, "combat_nation", ES)
    for _ in range(3):
        act(G2, s, "combat_boost", 0)
    assert s[0]["cb_v"] == 8
    got = legal(G2, s, "combat_action")
    assert village("10") in got and village("7") in got and village("8") in got
    assert village("6") not in got  # Spain's own setup marker
    assert all(village(c) not in got for c in ("2", "4", "5", "9", "11", "13", "14", "17", "20"))
    coins, inf = int(s[0]["coins"][p]), int(s[0]["influence"][p, ES])
    act(G2, s, "combat_action", village("10"))
    rec = s[0]
    assert rec["cb_v"] == 6 and rec["marker_at"][loc("10")] == ES and rec["influence"][p, ES] == inf + 1
    assert rec["coins"][p] == coins + 3 + 1
    assert all(not (CA_VILLAGE <= a < CA_CARD) for a in legal(G2, s, "combat_action"))  # CA3 used
    act(G2, s, "combat_action", CA_END)
    # a later combat for Spain: expel England at 7 for 5 V
    s = edit(G2, s, phase=Phase.SAIL, decision=Decision.SAIL, main_done=0, mp_spent=0, last_sail_mp=0, cp={p: 4})
    s, p = fight(G2, s, "TK04")  # Spain 4, no cost
    act(G2, s, "combat_pile", 0)
    act(G2, s, "combat_nation", ES)
    act(G2, s, "combat_boost", 0)
    assert s[0]["cb_v"] == 5 and village("7") in legal(G2, s, "combat_action")
    taken = s[0]["markers_taken"].tolist()
    act(G2, s, "combat_action", village("7"))
    rec = s[0]
    assert rec["cb_v"] == 0 and rec["marker_at"][loc("7")] == ES
    assert rec["markers_taken"][EN] == taken[EN] and rec["markers_taken"][ES] == taken[ES] + 1  # EN to the box
    # without U7 there is no CA3
    s = edit(G2, opening(G2, seed=3), cp={p: 3})
    s, p = fight(G2, s, "TK04")
    act(G2, s, "combat_pile", 0)
    act(G2, s, "combat_nation", ES)
    assert all(not (CA_VILLAGE <= a < CA_CARD) for a in legal(G2, s, "combat_action"))


def test_ca3_pays_for_other_players_assistants():
    """MA-8.6 CA3: +1 D per other player's assistant at the village (Q has two at 1)."""
    s = opening(G3, seed=6)
    p = cur(s)
    q = (p + 1) % 3
    s = own(G3, s, q, ["A030", "B091"], assistants=True)  # both @1
    s = edit(G3, s, discs={(p, ship.U7): 0}, coins={p: 10})
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)  # V 6
    coins = int(s[0]["coins"][p])
    act(G3, s, "combat_action", village("1"))
    assert s[0]["coins"][p] == coins + 2 and s[0]["cb_v"] == 4


@pytest.mark.parametrize(
    "tid,counts,nation,v",
    [
        ("TK02", (3, 3, 1), EN, 4 + 3),  # England strictly fewest: FEWEST+3
        ("TK02", (3, 3, 1), FR, 2),  # not the fewest
        ("TK02", (3, 1, 1), EN, 4),  # tie for fewest: no modifier
        ("TK03", (4, 3, 3), FR, 4 - 2),  # France strictly most: MOST-2
        ("TK03", (4, 4, 0), FR, 4),  # tie for most: no modifier
    ],
)
def test_t18_token_modifiers(s3, tid, counts, nation, v):
    """T18 / MA-8.4 / MA-9.7: modifiers count markers on the board when the nation is
    chosen; a tie for most / fewest cancels them."""
    s = markers(G3, s3, counts)
    s, p = fight(G3, s, tid)
    act(G3, s, "combat_pile", 0)
    vp = int(s[0]["vp"][p])
    act(G3, s, "combat_nation", nation)
    assert s[0]["cb_v"] == v
    if tid == "TK02" and nation == FR:
        assert s[0]["vp"][p] == vp + 2  # France's bonus on TK02


# ----- MA-8.1 - MA-8.3 -----------------------------------------------------------------------
def test_pre_combat_bonus_first_and_capped(s3):
    """MA-8.1 / MA-8.8: each PCB card gives 1 CP before the pile is chosen; CP cap 8."""
    p = cur(s3)
    s = own(G3, s3, p, ["A012", "A013"])
    s = edit(G3, s, cp={p: 2})
    s1, _ = fight(G3, s)
    assert s1[0]["decision"] == Decision.COMBAT_PILE and s1[0]["cp"][p] == 4
    s = edit(G3, s, cp={p: 7})
    s2, _ = fight(G3, s)
    assert s2[0]["cp"][p] == 8


def test_pile_choice_reveals_top_token(s3):
    """MA-8.2: only a non-empty pile may be chosen; its top token is revealed."""
    s = token_on_top(G3, s3, "TK07", 0)
    s = empty_piles(G3, s, which=(1,))
    s, p = fight(G3, s, token=None)
    assert legal(G3, s, "combat_pile") == [0]
    n = int(s[0]["token_pile_len"][0])
    act(G3, s, "combat_pile", 0)
    assert s[0]["cb_token"] == tok("TK07") and s[0]["token_pile_len"][0] == n - 1
    assert s[0]["token_pile"][0, n - 1] == -1


def test_unaffordable_nation_is_illegal(s3):
    """MA-8.3 / GAP-21: TK01 France costs 2 D; with 1 D only Spain and England."""
    p = cur(s3)
    s = edit(G3, s3, coins={p: 1})
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    assert legal(G3, s, "combat_nation") == [ES, EN]


@pytest.mark.parametrize(
    "tid,nation,field,delta",
    [
        ("TK01", EN, "coins", 2),  # +2 D
        ("TK02", FR, "vp", 2),  # +2 VP
        ("TK09", ES, "influence", 1),  # +1 influence in that nation
        ("TK03", EN, "fig_personal", 1),  # +1 figure from the general supply
    ],
)
def test_nation_bonus(s3, tid, nation, field, delta):
    """MA-8.3: the chosen nation's entry on the token applies at once."""
    s, p = fight(G3, s3, tid)
    act(G3, s, "combat_pile", 0)
    before = s[0][field][p].copy()
    act(G3, s, "combat_nation", nation)
    after = s[0][field][p]
    if field == "influence":
        assert after[nation] == before[nation] + delta
    else:
        assert after == before + delta


def test_figure_bonus_can_boost(s3):
    """MA-8.3: a figure gained from the token may be used for boosting in this combat."""
    p = cur(s3)
    s = edit(G3, s3, fig_personal={p: 0}, fig_general={p: 5}, cp={p: 0})
    s, p = fight(G3, s, "TK03")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", EN)
    assert s[0]["fig_personal"][p] == 1 and legal(G3, s, "combat_boost") == [1]
    act(G3, s, "combat_boost", 1)
    assert s[0]["cb_v"] == 3 and s[0]["fig_personal"][p] == 0 and s[0]["fig_general"][p] == 5


def test_pnc_cards_give_cp_for_their_nation(s3):
    """MA-8.3 PNC: +2 CP when fighting for the named nation only."""
    p = cur(s3)
    s = own(G3, s3, p, ["B048"])  # PNC(FR)
    s = edit(G3, s, cp={p: 1}, coins={p: 10})
    s1, _ = fight(G3, s, "TK04")
    act(G3, s1, "combat_pile", 0)
    act(G3, s1, "combat_nation", FR)
    assert s1[0]["cp"][p] == 3
    s2, _ = fight(G3, s, "TK04")
    act(G3, s2, "combat_pile", 0)
    act(G3, s2, "combat_nation", ES)
    assert s2[0]["cp"][p] == 1


# ----- MA-8.5 - MA-8.7 -------------------------------------------------------------------------
def test_boosting_needs_cp_or_figures(s3):
    """MA-8.5: +1 V per CP paid or figure returned; none without CP and figures."""
    p = cur(s3)
    s = edit(G3, s3, cp={p: 0}, fig_personal={p: 0}, fig_general={p: 5})
    s, p = fight(G3, s, "TK04")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", ES)
    assert legal(G3, s, "combat_boost") == []


def test_ca1_variants_once_per_combat(s3):
    """MA-8.6 CA1: +1 influence for 2 V or +2 for 5 V; either uses CA1 up."""
    p = cur(s3)
    s = edit(G3, s3, coins={p: 10})
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)  # V 6
    assert {CA_INF1, CA_INF2} <= set(legal(G3, s, "combat_action"))
    act(G3, s, "combat_action", CA_INF2)
    assert s[0]["influence"][p, FR] == 2 and s[0]["cb_v"] == 1
    assert not {CA_INF1, CA_INF2} & set(legal(G3, s, "combat_action"))


def test_ca1_needs_enough_v(s3):
    """MA-8.6: a combat action needs V >= its cost (TK02 France: V 2 -> no +2 variant)."""
    s = markers(G3, s3, (1, 1, 1))
    s, p = fight(G3, s, "TK02")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)
    got = legal(G3, s, "combat_action")
    assert CA_INF1 in got and CA_INF2 not in got and not any(CA_FLAG <= a < CA_CARD for a in got)


def test_ca2_targets_and_flag_rewards(s3):
    """MA-8.6 CA2 / D1 flags: empty flag costs 4; flag 4 gives a figure, flag 2 gives 3 D;
    never a village, space 20 or a flag with the fighting nation's marker (GAP-45)."""
    p = cur(s3)
    m = np.full(24, -1)
    m[loc("2")] = FR
    s = edit(G3, s3, coins={p: 10}, marker_at=m, markers_taken=[1, 0, 0])
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)  # V 6
    got = [a - CA_FLAG + 1 for a in legal(G3, s, "combat_action") if CA_FLAG <= a < CA_VILLAGE]
    assert sorted(board.LOC_IDS[x] for x in got) == sorted(["4", "5", "9", "11", "13", "14", "17"])
    figs = int(s[0]["fig_personal"][p])
    act(G3, s, "combat_action", flag("4"))
    rec = s[0]
    assert rec["fig_personal"][p] == figs + 1 and rec["cb_v"] == 2 and rec["marker_at"][loc("4")] == FR
    assert not any(CA_FLAG <= a < CA_VILLAGE for a in legal(G3, s, "combat_action"))  # CA2 used
    s2 = edit(G3, s3, coins={p: 10})
    s2, p = fight(G3, s2, "TK01")
    act(G3, s2, "combat_pile", 0)
    act(G3, s2, "combat_nation", FR)
    coins = int(s2[0]["coins"][p])
    act(G3, s2, "combat_action", flag("2"))
    assert s2[0]["coins"][p] == coins + 3


def test_empty_supply_blocks_annexing(s3):
    """MA-9.8: with France's supply empty CA2 / CA3 for France are unavailable; CA1 is not."""
    p = cur(s3)
    s = edit(G3, s3, coins={p: 10}, markers_taken=[13, 0, 0], discs={(p, ship.U7): 0})
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)
    got = legal(G3, s, "combat_action")
    assert CA_INF1 in got and not any(CA_FLAG <= a < CA_CARD for a in got)


def test_expel_pxv_and_box(s3):
    """MA-8.6 / MA-9.6 / PXV: an expelled marker leaves the game (its nation's supply
    count is unchanged) and each PXV card gives 3 VP."""
    p = cur(s3)
    m = np.full(24, -1)
    m[loc("13")] = EN
    s = own(G3, s3, p, ["B051"])  # PXV
    s = edit(G3, s, coins={p: 10}, marker_at=m, markers_taken=[0, 0, 1])
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)  # V 6
    vp, figs = int(s[0]["vp"][p]), int(s[0]["fig_personal"][p])
    act(G3, s, "combat_action", flag("13"))  # expel: 6 V; flag 13 gives a figure
    rec = s[0]
    assert rec["marker_at"][loc("13")] == FR and rec["markers_taken"].tolist() == [1, 0, 1]
    assert rec["vp"][p] == vp + 3 and rec["fig_personal"][p] == figs + 1 and rec["cb_v"] == 0


def test_card_combat_actions_once_per_card(s3):
    """MA-8.6 CA4 / CA5, GAP-41: each CIV / CD3 card once per combat (two CIV cards give two
    uses); instances by card id (MA-28.2); CD3 +2 VP only with HOUSE."""
    p = cur(s3)
    s = own(G3, s3, p, ["B074", "A050", "A049"])  # CIV(1), CIV(1), CD3 in card-id order
    s = edit(G3, s, coins={p: 10})
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)  # V 6
    cards = [a - CA_CARD for a in legal(G3, s, "combat_action") if CA_CARD <= a < CA_END]
    assert cards == [0, 1, 2]
    vp, inf = int(s[0]["vp"][p]), int(s[0]["influence"][p, FR])
    act(G3, s, "combat_action", CA_CARD + 0)
    assert s[0]["cb_v"] == 4 and s[0]["vp"][p] == vp + 1 and s[0]["influence"][p, FR] == inf + 1
    assert CA_CARD + 0 not in legal(G3, s, "combat_action") and CA_CARD + 1 in legal(G3, s, "combat_action")
    act(G3, s, "combat_action", CA_CARD + 1)
    coins, vp = int(s[0]["coins"][p]), int(s[0]["vp"][p])
    act(G3, s, "combat_action", CA_CARD + 2)  # CD3: 1 V, +3 D, no HOUSE
    assert s[0]["cb_v"] == 1 and s[0]["coins"][p] == coins + 3 and s[0]["vp"][p] == vp
    assert s[0]["cb_cards"] == 0b111
    s2 = own(G3, s3, p, ["B074"])
    s2 = edit(G3, s2, synergy={(p, codes.HOUSE): 1})
    s2, p = fight(G3, s2, "TK04")
    act(G3, s2, "combat_pile", 0)
    act(G3, s2, "combat_nation", ES)
    vp = int(s2[0]["vp"][p])
    act(G3, s2, "combat_action", CA_CARD + 0)
    assert s2[0]["vp"][p] == vp + 2


def test_combat_may_end_without_actions(s3):
    """MA-8.7: zero combat actions; the nation bonus and the token are kept, V is lost."""
    s, p = fight(G3, s3, "TK01")
    act(G3, s, "combat_pile", 0)
    coins = int(s[0]["coins"][p])
    act(G3, s, "combat_nation", EN)  # +2 D
    act(G3, s, "combat_action", CA_END)
    assert s[0]["coins"][p] == coins + 2 and s[0]["token_owner"][tok("TK01")] == p and s[0]["cb_v"] == 0


def test_free_actions_between_combat_actions(s3):
    """GAP-23 / MA-6.3: F-PLAN, F-CAREER and F-FIG2CP (PFC) at every decision of the own
    Phase B "including between combat actions": at the pile and nation choices too (MA-8
    forbids none: PCB is gained before the pile choice, MA-8.1; PNC comes with the nation,
    MA-8.3; the D of a career goal may make a costly nation affordable, GAP-21)."""
    p = cur(s3)
    s = own(G3, s3, p, ["B046"])  # PFC
    syn = [1 if x in (codes.TOOLS, codes.MEDAL, codes.HOUSE) else 0 for x in range(5)]
    s = edit(G3, s, career={p: 2}, synergy={p: syn})  # K3: the SYN goal (3 synergies) is met
    s, p = fight(G3, s, "TK04")
    s = give_hand(G3, s, p, ["A012", "A016"])
    assert s[0]["decision"] == Decision.COMBAT_PILE
    assert legal(G3, s, "free_plan") == [0, 1] and 2 in legal(G3, s, "free_career")
    assert legal(G3, s, "free_fig2cp") == [0]
    cp = int(s[0]["cp"][p])
    act(G3, s, "free_fig2cp")
    assert s[0]["cp"][p] == min(8, cp + 2) and s[0]["decision"] == Decision.COMBAT_PILE
    act(G3, s, "free_plan", 0)
    assert s[0]["decision"] == Decision.COMBAT_PILE and s[0]["hand_len"][p] == 1
    act(G3, s, "combat_pile", 0)
    assert s[0]["decision"] == Decision.COMBAT_NATION and legal(G3, s, "free_plan") == [0]
    coins = int(s[0]["coins"][p])
    act(G3, s, "free_career", 2)  # K3 SYN, low tier: +2 D and the goal's figure
    assert s[0]["decision"] == Decision.COMBAT_NATION and s[0]["coins"][p] == coins + 2
    assert legal(G3, s, "free_fig2cp") == [0]
    act(G3, s, "combat_nation", ES)
    assert legal(G3, s, "free_plan") == [0] and legal(G3, s, "free_fig2cp") == [0]
    cp = int(s[0]["cp"][p])
    act(G3, s, "free_fig2cp")
    assert s[0]["cp"][p] == min(8, cp + 2) and s[0]["decision"] == Decision.COMBAT


# ----- observation and positions (MA-29.1a) ---------------------------------------------------
def test_observation_shows_the_combat(s3):
    """MA-29.1a: token, fighting nation, V and used combat actions are public."""
    p = cur(s3)
    s = edit(G3, s3, coins={p: 10})
    s, p = fight(G3, s, "TK01")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", FR)
    act(G3, s, "combat_action", CA_INF1)
    t0, c0 = OBS.offset("combat_token"), OBS.offset("combat")
    for viewer in range(3):
        o = G3.observe(s, viewer)[0]
        assert o[t0 + tok("TK01")] == 1 and o[t0 : t0 + combat.NUM_COMBAT_TOKENS + 1].sum() == 1
        assert o[c0 : c0 + 3].tolist() == [1, 0, 0] and o[c0 + 3] == 4
        assert o[c0 + 4 : c0 + 7].tolist() == [1, 0, 0] and o[c0 + 7 : c0 + 15].sum() == 0
    act(G3, s, "combat_action", CA_END)
    o = G3.observe(s, p)[0]
    assert o[t0 : c0 + 15].sum() == 0
    s2 = empty_piles(G3, s3)
    s2, p = fight(G3, s2, token=None)
    o = G3.observe(s2, p)[0]
    assert o[t0 + combat.NUM_COMBAT_TOKENS] == 1  # piles empty


def test_positions_in_combat_round_trip_and_validate(s3):
    """to_json / from_json mid-combat; a revealed token also left in a pile, or combat
    fields set outside a combat, are rejected."""
    s, p = fight(G3, s3, "TK04")
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", ES)
    back = G3.from_json(G3.to_json(s[0]))
    assert back.tobytes() == s.tobytes()
    assert "Combat: token TK04" in G3.render(s[0])
    piles = s[0]["token_pile"].copy()
    piles[0, s[0]["token_pile_len"][0]] = tok("TK04")
    with pytest.raises(PositionError):
        edit(
            G3, s, token_pile=piles, token_pile_len=[int(s[0]["token_pile_len"][0]) + 1, int(s[0]["token_pile_len"][1])]
        )
    with pytest.raises(PositionError):
        edit(G3, s3, cb_v=3)


# ----- the combat sources (MA-7.3, MA-7.4, MA-12.5, GAP-50) ------------------------------------
def test_combat_city_17(s3):
    """MA-7.3 COMBAT at city 17 (D1)."""
    s, p = fight(G3, s3, "TK04", src="16", city="17")
    assert s[0]["decision"] == Decision.COMBAT_PILE


def test_space_20_combat_or_explore(s3):
    """MA-7.4 / GAP-50: space 20 offers a full combat (option 0) or explore 2 (option 1)."""
    p = cur(s3)
    s = give_hand(G3, s3, p, [])
    s = edit(G3, s, ship={p: loc("19")})
    act(G3, s, "sail_to", loc("20") - 1)
    act(G3, s, "main_action", MAIN_CITY)
    assert s[0]["decision"] == Decision.CHOICE and legal(G3, s, "choice") == [0, 1]
    act(G3, s, "choice", 0)
    assert s[0]["decision"] == Decision.COMBAT_PILE
    act(G3, s, "combat_pile", 0)
    act(G3, s, "combat_nation", legal(G3, s, "combat_nation")[0])
    act(G3, s, "combat_action", CA_END)
    assert s[0]["stk_len"] == 0 and s[0]["decision"] == Decision.MAIN


def place_quest(g, s, qid, state, arg):
    """Quest ``qid`` to (state, arg); a tile displaced from an explorer space goes back
    onto the pile."""
    qi = quest(qid)
    st, a, order = s[0]["quest_state"].copy(), s[0]["quest_arg"].copy(), s[0]["quest_order"].copy()
    pile = [int(x) for x in s[0]["quest_pile"][: s[0]["quest_pile_len"]] if int(x) != qi]
    if state == QS_EXPLORER:
        for q in np.flatnonzero((st == QS_EXPLORER) & (a == arg)):
            if q != qi:
                st[q], a[q], order[q] = QS_PILE, -1, -1
                pile.append(int(q))
    counter = int(s[0]["quest_counter"])
    st[qi], a[qi], order[qi] = state, arg, (counter if state == QS_BOARD else -1)
    new_pile = np.full(24, -1)
    new_pile[: len(pile)] = pile
    return edit(
        g,
        s,
        quest_state=st,
        quest_arg=a,
        quest_order=order,
        quest_pile=new_pile,
        quest_pile_len=len(pile),
        quest_counter=counter + (state == QS_BOARD),
    )


def test_quest_with_combat_on_the_board(s3):
    """MA-12.5 COMBAT reward (Q18: pay 2 CP, 1 VP per compass, then a full combat)."""
    p = cur(s3)
    s = place_quest(G3, s3, "Q18", QS_BOARD, loc("16"))
    s = edit(G3, s, ship={p: loc("15")}, cp={p: 3})
    act(G3, s, "sail_to", loc("16") - 1)
    slots = [k - MAIN_QUEST for k in legal(G3, s, "main_action") if MAIN_QUEST <= k < MAIN_QUEST + 4]
    qs = sorted(
        np.flatnonzero((s[0]["quest_state"] == QS_BOARD) & (s[0]["quest_arg"] == loc("16"))),
        key=lambda q: s[0]["quest_order"][q],
    )
    j = qs.index(quest("Q18"))
    assert j in slots
    vp = int(s[0]["vp"][p])
    act(G3, s, "main_action", MAIN_QUEST + j)
    assert s[0]["cp"][p] == 1 and s[0]["vp"][p] == vp + 1 and s[0]["decision"] == Decision.COMBAT_PILE
    assert s[0]["quest_state"][quest("Q18")] == QS_DONE


def test_quest_with_combat_on_an_explorer_space(s3):
    """MA-10.5: Q18 on explorer quest space QA (E3) can be completed; its combat follows."""
    p = cur(s3)
    s = place_quest(G3, s3, "Q18", QS_EXPLORER, 0)
    s = give_hand(G3, s, p, [])
    s = edit(G3, s, ship={p: loc("1")}, cp={p: 2})
    act(G3, s, "sail_to", loc("2") - 1)
    act(G3, s, "main_action", MAIN_CITY)  # City 2: explore 3
    act(G3, s, "explore_to", exp("E3"))
    assert s[0]["decision"] == Decision.CHOICE
    act(G3, s, "choice", 1)
    assert s[0]["decision"] == Decision.COMBAT_PILE and s[0]["cp"][p] == 0


def test_quest_with_combat_on_an_xqc_card(s3):
    """MA-15.3 XQC / GAP-52: the quest on the card, as the last village action; Q09 pays 2
    telescopes."""
    p = cur(s3)
    s = own(G3, s3, p, ["B041"])
    s = place_quest(G3, s, "Q09", QS_CARD, card("B041"))
    s = give_hand(G3, s, p, ["A034", "B095"])  # two TELE cards
    s = edit(G3, s, ship={p: loc("H")})
    act(G3, s, "sail_to", loc("1") - 1)
    act(G3, s, "main_action", 1)  # village
    assert VO_XQC in legal(G3, s, "village_option")
    act(G3, s, "village_option", VO_XQC)
    act(G3, s, "pay_card", 0)
    act(G3, s, "pay_card", 0)
    assert s[0]["hand_len"][p] == 0 and s[0]["decision"] == Decision.COMBAT_PILE
