"""Jean, the solo opponent (MA-24): each rule on a position built with ``from_json``
(games.maracaibo.positions.edit), MA-30 scenarios T10, T11, T12, T16, T20, T21.

Seat 0 is the human, seat 1 Jean. Jean's kernels are called directly on row 0 through
one small njit helper; ``check_position`` validates every result.
"""

import functools

import numpy as np
import pytest
from numba import njit

from games.maracaibo.data import board, explorer
from games.maracaibo.data.codes import EN, ES, FR
from games.maracaibo.data.jean import JEAN_CARD_IDS
from games.maracaibo.solo import MaracaiboSolo
from games.maracaibo.solo.actions import jean_actions, jean_combat, jean_explore, jean_nation
from games.maracaibo.solo.rules import jean_end_bonuses, jean_income, jean_turn
from games.maracaibo.rules.scoring import final_scoring
from games.maracaibo.state import Phase, QS_BOARD, QS_DONE, QS_EXPLORER, QS_PILE, W_BOX
from tests.maracaibo.positions import act, edit, exp, legal, loc, opening

J, H = 1, 0
INF_FOR_LEVEL = {0: 0, 1: 1, 2: 3, 3: 6}  # influence giving that nobility level (D6)


@njit
def _kernel(states, what, a, b):
    rec = states[0]
    if what == 0:
        jean_turn(rec)
    elif what == 1:
        return jean_combat(rec, a, b != 0)
    elif what == 2:
        jean_explore(rec, a)
    elif what == 3:
        jean_end_bonuses(rec)
    elif what == 4:
        jean_actions(rec, a)
    elif what == 5:
        return jean_income(rec)
    elif what == 6:
        return jean_nation(rec, a)
    elif what == 7:
        final_scoring(rec)
    return -1


def run(g, s, what, a=0, b=0):
    out = _kernel(s, what, a, b)
    g.check_position(s[0])
    return out


@functools.lru_cache(maxsize=None)
def game(level=5):
    return MaracaiboSolo(level=level)


def start(level=5, seed=3):
    g = game(level)
    return g, opening(g, seed)


def cid(name):
    return JEAN_CARD_IDS.index(name)


def with_top(g, s, name):
    """Jean's solo deck with card ``name`` on top (same-letter swap keeps the level's mix)."""
    c = cid(name)
    deck = [int(x) for x in s[0]["jean_deck"][: s[0]["jean_deck_len"]]]
    if c not in deck:
        letter = name[0]
        j = next(i for i, x in enumerate(deck) if JEAN_CARD_IDS[x][0] == letter)
        deck[j] = c
    deck.remove(c)
    deck.append(c)
    arr = np.full(len(s[0]["jean_deck"]), -1)
    arr[: len(deck)] = deck
    return edit(g, s, jean_deck=arr)


def quests_at(s, where):
    st, arg = s[0]["quest_state"], s[0]["quest_arg"]
    return [q for q in range(len(st)) if st[q] == QS_BOARD and arg[q] == where]


def put_quest(g, s, where, order=None):
    """The top tile of the quest pile next to location ``where``."""
    rec = s[0]
    n = int(rec["quest_pile_len"])
    q = int(rec["quest_pile"][n - 1])
    pile = rec["quest_pile"].copy()
    pile[n - 1] = -1
    return edit(
        g,
        s,
        quest_pile=pile,
        quest_pile_len=n - 1,
        quest_state={q: QS_BOARD},
        quest_arg={q: where},
        quest_order={q: int(rec["quest_counter"]) if order is None else order},
        quest_counter=int(rec["quest_counter"]) + 1,
    ), q


def clear_quests(g, s, locations):
    """Tiles next to ``locations`` go back under the quest pile (positions only)."""
    rec = s[0]
    pile = [int(x) for x in rec["quest_pile"][: rec["quest_pile_len"]]]
    st, arg, order = rec["quest_state"].copy(), rec["quest_arg"].copy(), rec["quest_order"].copy()
    for q in range(len(st)):
        if st[q] == QS_BOARD and arg[q] in locations:
            pile.insert(0, q)
            st[q], arg[q], order[q] = QS_PILE, -1, -1
    arr = np.full(len(rec["quest_pile"]), -1)
    arr[: len(pile)] = pile
    return edit(g, s, quest_pile=arr, quest_pile_len=len(pile), quest_state=st, quest_arg=arg, quest_order=order)


# ----- setup (MA-24.1 - MA-24.4) ----------------------------------------------------------------
@pytest.mark.parametrize(
    "level,counts", [(1, (5, 0, 0)), (2, (5, 0, 1)), (3, (5, 1, 1)), (4, (5, 2, 1)), (5, (5, 3, 1))]
)
def test_setup_solo_deck_by_level_ma_24_4(level, counts):
    g = MaracaiboSolo(level=level)
    s = g.init(np.arange(6))
    for rec in s:
        deck = [JEAN_CARD_IDS[c] for c in rec["jean_deck"][: rec["jean_deck_len"]]]
        assert tuple(sum(1 for c in deck if c[0] == x) for x in "ABC") == counts
        assert not any(c.endswith("U") for c in deck)  # expansion cards off by default
        g.check_position(rec)


def test_setup_two_player_board_with_jean_ma_24_1_ma_24_3():
    g, s = start(3)
    rec = s[0]
    assert rec["num_players"] == 2 and rec["current_player"] == H and rec["start_player"] == H
    assert rec["coins"][H] == 8 and rec["coins"][J] == 0  # MA-24.3
    assert rec["ship"][J] == board.HAVANA and rec["explorer"][J] == explorer.EXP_START
    assert rec["vp"][J] == 0 and rec["influence"][J].tolist() == [0, 0, 0]
    assert rec["hand_len"][J] == 0 and rec["career"][J] == -1 and rec["fig_personal"][J] == 0
    assert rec["cp"][J] == 0 and rec["discs"][J].sum() == 0 and rec["jean_removed"] == 0
    assert rec["tile_at"][board.MARACAIBO] == board.MARACAIBO_TILE  # 1-2 players (MA-3.3)
    assert rec["marker_at"][loc("6")] == ES and rec["marker_at"][loc("7")] == EN  # MA-3.8, 2 players
    assert rec["round_no"] == 1 and rec["phase"] == 2  # the human sails first


def test_expansion_cards_option():
    g = MaracaiboSolo(level=5, expansion_cards=True)
    s = g.init(np.arange(40))
    seen = {JEAN_CARD_IDS[c] for rec in s for c in rec["jean_deck"][: rec["jean_deck_len"]]}
    assert "B7U" in seen and "C5U" in seen


# ----- movement, quest and city step (MA-24.6 - MA-24.8, T16) -------------------------------------
def t16(seed=3):
    g, s = start(5, seed)
    s = clear_quests(g, s, range(1, 6))
    return g, s


def test_t16_move_counts_cities_upper_branch_disc_to_market():
    g, s = t16()
    s = with_top(g, s, "A4")  # move 2, upper, slot 1, J-INF(ES)
    run(g, s, 0)
    rec = s[0]
    assert rec["ship"][J] == loc("4")  # 1 and 3 (villages without quests) not counted
    assert rec["market"][loc("4")] == 1 and rec["jean_removed"] == 1
    assert rec["influence"][J, ES] == 1 and rec["jean_cards"] == 0
    assert rec["jean_card"] == cid("A4") and rec["jean_discard"][rec["jean_discard_len"] - 1] == cid("A4")


def test_lower_branch_ma_24_6():
    g, s = t16()
    s = with_top(g, s, "A5")  # move 2, lower, J-INF(EN)
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("5") and s[0]["influence"][J, EN] == 1


def test_t16a_market_full_takes_display_card():
    g, s = t16()
    s = edit(g, with_top(g, s, "A4"), market={loc("4"): 2})
    slot1 = int(s[0]["display"][0])
    run(g, s, 0)
    rec = s[0]
    assert rec["card_where"][slot1] == W_BOX and rec["jean_cards"] == 1
    assert rec["display"][0] >= 0 and rec["display"][0] != slot1  # refilled at once
    assert rec["jean_removed"] == 0 and rec["influence"][J, ES] == 1


def test_t16b_quest_stop_ends_turn():
    g, s = t16()
    s, q = put_quest(g, with_top(g, s, "A4"), loc("3"))
    run(g, s, 0)
    rec = s[0]
    assert rec["ship"][J] == loc("3")
    assert rec["quest_state"][q] == QS_DONE and rec["quest_arg"][q] == J and rec["vp"][J] == 0
    assert rec["influence"][J, ES] == 0 and rec["jean_removed"] == 0 and rec["jean_cards"] == 0


def test_village_with_quest_counts_when_passed_ma_24_6():
    g, s = t16()
    s, q = put_quest(g, with_top(g, s, "A4"), loc("1"))
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("2")  # 1 (quest) = 1st, 2 = 2nd
    assert s[0]["quest_state"][q] == QS_BOARD  # passed, not taken


def test_earliest_placed_quest_is_taken_ma_24_7():
    g, s = t16()
    s, q1 = put_quest(g, with_top(g, s, "A2"), loc("1"))
    s, q2 = put_quest(g, s, loc("1"))
    run(g, s, 0)  # A2: move 1
    assert s[0]["quest_arg"][q1] == J and s[0]["quest_state"][q2] == QS_BOARD


def test_t16c_must_stop_on_20_then_21a_ends_round():
    g, s = t16()
    s = clear_quests(g, s, (18, 19))
    s = edit(g, with_top(g, s, "A4"), ship={J: loc("17")})
    slot1 = int(s[0]["display"][0])
    run(g, s, 0)
    rec = s[0]
    assert rec["ship"][J] == loc("20") and rec["vp"][J] == 0  # no space-20 action, no VP
    assert rec["card_where"][slot1] == W_BOX and rec["jean_cards"] == 1 and rec["influence"][J, ES] == 1
    s = with_top(g, s, "A5")
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("21a") and s[0]["vp"][J] == 0  # no 3 VP (GAP-31)
    assert s[0]["round_trigger"] == J and s[0]["jean_cards"] == 2


def test_round_end_by_jean_scoring_and_income_ma_24_13_ma_24_16():
    """Jean reaches 21a during the game: she skips step 1, the human chooses, income follows."""
    g, s = t16()
    s = edit(g, with_top(g, s, "A2"), ship={J: loc("20")}, jean_removed=3, jean_cards=2)
    before = int(s[0]["vp"][J])
    act(g, s, "sail_to", loc("1") - 1)
    act(g, s, "done")
    while s[0]["current_player"] == H and s[0]["phase"] != Phase.SCORING_CHOICE:
        act(g, s, "draw", 0)
    rec = s[0]
    assert rec["round_trigger"] == J and rec["current_player"] == H and rec["phase"] == Phase.SCORING_CHOICE
    assert rec["vp"][J] == before  # no income yet
    act(g, s, "take_2vp")
    rec = s[0]
    # 21a has no market: she took a display card (3 cards now); T11: 3 discs -> 2, +1 per card
    assert rec["round_no"] == 2 and rec["jean_cards"] == 3 and rec["vp"][J] == before + 2 + 3
    assert rec["ship"][J] == board.HAVANA and rec["current_player"] == H  # H follows the trigger


def test_round_end_by_human_income_before_jeans_next_turn_ma_24_13_ma_21():
    """The human reaches 21a: Jean's income is interim step 2 (MA-21.3, MA-24.13), paid
    before round 2 starts with her turn (MA-21.9), so the disc that turn places is not in it."""
    g, s = t16()
    s = edit(g, with_top(g, s, "A4"), ship={H: loc("20")}, jean_removed=3, jean_cards=2)
    before = int(s[0]["vp"][J])
    act(g, s, "sail_to", loc("21a") - 1)
    for _ in range(20):  # the human's turn at 21a and scoring step 1 (MA-21.2)
        if s[0]["round_no"] == 2:
            break
        fams = {f for f, _ in legal(g, s)}
        act(g, s, "take_2vp" if "take_2vp" in fams else "draw" if "draw" in fams else "done")
    rec = s[0]
    # Jean opened round 2 (MA-21.9): A4 from Havana to 4, a disc onto its market (MA-24.8)
    assert rec["round_no"] == 2 and rec["ship"][J] == loc("4") and rec["jean_removed"] == 4
    assert rec["market"][loc("4")] == 1 and rec["current_player"] == H
    # T11: 3 discs -> 2 VP, + 1 per card (2) = 4; A4 itself gives no VP
    assert rec["vp"][J] == before + 4


def test_t21_empty_track_nothing_placed_no_card():
    g, s = t16()
    s = edit(g, with_top(g, s, "A4"), jean_removed=22)
    run(g, s, 0)
    rec = s[0]
    assert rec["ship"][J] == loc("4") and rec["market"][loc("4")] == 0 and rec["jean_cards"] == 0
    assert rec["influence"][J, ES] == 1
    s = edit(g, s, round_no=3)
    v = int(s[0]["vp"][J])
    run(g, s, 4, cid("B3"))  # J-DISC removes nothing, +4 VP from round 3
    assert s[0]["jean_removed"] == 22 and s[0]["vp"][J] == v + 4
    s = edit(g, s, jean_cards=1)
    assert run(g, s, 5) == 38 + 1


# ----- card actions (MA-24.9, MA-24.10) -------------------------------------------------------
def test_disc_action_round_dependent_vp_ma_24_9():
    g, s = t16()
    run(g, s, 4, cid("B3"))
    assert s[0]["jean_removed"] == 1 and s[0]["vp"][J] == 0  # round 1: no VP part
    s = edit(g, s, round_no=3)
    run(g, s, 4, cid("B5"))
    assert s[0]["jean_removed"] == 2 and s[0]["vp"][J] == 4


def test_vp_disc_and_quest_pile_actions_ma_24_9():
    g, s = t16()
    run(g, s, 4, cid("C1"))  # J-VP(4); J-DISC
    assert s[0]["vp"][J] == 4 and s[0]["jean_removed"] == 1
    top = int(s[0]["quest_pile"][s[0]["quest_pile_len"] - 1])
    run(g, s, 4, cid("C2"))  # J-QPILE; J-VP(3)
    assert s[0]["quest_state"][top] == QS_DONE and s[0]["quest_arg"][top] == J and s[0]["vp"][J] == 7


def test_influence_beyond_12_gives_2_vp_ma_24_10():
    g, s = t16()
    s = edit(g, s, influence={(J, FR): 12})
    run(g, s, 4, cid("A2"))
    assert s[0]["influence"][J, FR] == 12 and s[0]["vp"][J] == 2


# ----- explorer (MA-24.12, GAP-39, T20) --------------------------------------------------------
def test_explorer_takes_nearest_quest_in_reach_ma_24_12():
    g, s = t16()
    qa = [q for q in range(24) if s[0]["quest_state"][q] == QS_EXPLORER and s[0]["quest_arg"][q] == 0][0]
    run(g, s, 2, 4)  # E3 (QA) is 3 counted steps away
    assert s[0]["explorer"][J] == exp("E3") and s[0]["quest_arg"][qa] == J and s[0]["quest_state"][qa] == QS_DONE
    assert s[0]["vp"][J] == 0 and s[0]["coins"][J] == 0  # no space rewards


def test_explorer_shortest_route_and_shortcut_ma_24_12():
    g, s = t16()
    s = edit(g, s, explorer={J: exp("E7")})
    run(g, s, 2, 2)  # no quest within 2 (QB at E11 is 2 away via the shortcut E8b)
    assert s[0]["explorer"][J] == exp("E11")
    g, s = t16()
    s = edit(g, s, explorer={J: exp("E4"), H: exp("E5")})
    run(g, s, 2, 2)  # E5 holds the human's explorer: skipped, not counted (MA-10.3)
    assert s[0]["explorer"][J] == exp("E7")


def test_t20_first_crosser_and_end_rank():
    g, s = t16()
    s = edit(g, s, explorer={J: exp("E5")})
    run(g, s, 2, 2)
    rec = s[0]
    assert rec["barrier_first"][0] == 1 and rec["crossed"][J, 0] == 1 and rec["vp"][J] == 0
    s = edit(g, s, explorer={J: exp("E22")})
    run(g, s, 2, 3)
    rec = s[0]
    assert rec["explorer"][J] == exp("END") and rec["end_rank"][J] == 0 and rec["end_arrivals"] == 1
    assert rec["vp"][J] == 0
    run(g, s, 2, 3)  # moves after END are ignored
    assert s[0]["end_arrivals"] == 1


# ----- combat (MA-24.11, GAP-32, T10) ----------------------------------------------------------
def token(name):
    from games.maracaibo.data import combat

    return combat.TOKEN_IDS.index(name)


def nobility(g, s, jean=(0, 0, 0), human=(0, 0, 0)):
    inf = s[0]["influence"].copy()
    inf[J] = [INF_FOR_LEVEL[x] for x in jean]
    inf[H] = [INF_FOR_LEVEL[x] for x in human]
    return edit(g, s, influence=inf)


@pytest.mark.parametrize(
    "jean,human,want",
    [
        ((0, 0, 0), (0, 0, 0), FR),  # TK01: FR 6, ES 4, EN 2
        ((0, 0, 0), (3, 0, 0), ES),  # FR 3, ES 4 > EN 2
        ((0, 0, 2), (3, 0, 0), ES),  # ES 4 = EN 4: higher printed strength (ES 4 > EN 2)
        ((0, 2, 0), (2, 0, 0), ES),  # FR 4, ES 6
        ((0, 0, 3), (1, 0, 0), FR),  # EN 5 = FR 5: higher printed strength FR 6
    ],
)
def test_t10_nation_choice_tk01(jean, human, want):
    g, s = t16()
    s = nobility(g, s, jean, human)
    assert run(g, s, 6, token("TK01")) == want


def test_t10_exact():
    """T10: token FR 4, ES 5, EN 2 (TK03; its MOST-2 does not apply on the 1/1/1 setup board);
    Jean FR 2, ES 0, EN 1, human FR 1, ES 2, EN 0 -> FR 5, ES 3, EN 3 -> France, city 2."""
    g, s = t16()
    s = nobility(g, s, (2, 0, 1), (1, 2, 0))
    assert run(g, s, 6, token("TK03")) == FR
    s, _ = put_token_on_top(g, s, "TK03")
    inf = int(s[0]["influence"][J, FR])
    assert run(g, s, 1, 3, 0) == FR
    assert s[0]["marker_at"][loc("2")] == FR and s[0]["influence"][J, FR] == inf + 3 and s[0]["coins"][J] == 0
    # modified values tied FR 4 / ES 4 with printed FR 4 / ES 5 -> Spain (human ES level 1)
    s = nobility(g, s, (0, 0, 0), (0, 1, 0))
    assert run(g, s, 6, token("TK03")) == ES


def test_nation_choice_exhausted_piles_order_fr_es_en_ma_24_11():
    g, s = t16()
    assert run(g, s, 6, -1) == FR  # all 3: France first
    s = nobility(g, s, human=(1, 0, 0))
    assert run(g, s, 6, -1) == ES  # ES 3 = EN 3, equal printed: Spain before England


def test_nation_choice_with_token_modifier_ma_24_11():
    g, s = t16()  # TK02: FEWEST+3, FR 2, ES 3, EN 4; markers on board 1/1/1 -> no modifier
    assert run(g, s, 6, token("TK02")) == EN
    s = edit(g, s, marker_at={loc("9"): ES, loc("17"): EN}, markers_taken=[1, 2, 2])
    assert run(g, s, 6, token("TK02")) == FR  # France strictly fewest: 2 + 3 = 5


def put_token_on_top(g, s, name):
    t = token(name)
    piles, lens = s[0]["token_pile"].copy(), s[0]["token_pile_len"].copy()
    for k in range(2):
        row = [int(x) for x in piles[k][: lens[k]] if x != t]
        if len(row) < lens[k]:
            piles[k][:] = -1
            piles[k][: len(row)] = row
            lens[k] = len(row)
    big = 0 if lens[0] >= lens[1] else 1
    piles[big][lens[big]] = t
    lens[big] += 1
    return edit(g, s, token_pile=piles, token_pile_len=lens), big


def test_combat_pile_annex_city_influence_token_ma_24_11():
    g, s = t16()
    s, big = put_token_on_top(g, s, "TK01")
    n0 = int(s[0]["token_pile_len"][big])
    assert run(g, s, 1, 2, 0) == FR
    rec = s[0]
    assert rec["token_pile_len"][big] == n0 - 1 and rec["token_owner"][token("TK01")] == J
    assert rec["marker_at"][loc("2")] == FR and rec["markers_taken"][FR] == 2  # lowest empty city, no flag reward
    assert rec["influence"][J, FR] == 2 and rec["coins"][J] == 0 and rec["vp"][J] == 0


def test_combat_larger_pile_first_tie_pile_1_gap_32():
    g, s = t16()
    lens = s[0]["token_pile_len"].tolist()
    assert lens == [13, 12]
    top0 = int(s[0]["token_pile"][0][12])
    run(g, s, 1, 2, 0)
    assert s[0]["token_owner"][top0] == J  # 13 > 12: pile 1
    top1 = int(s[0]["token_pile"][0][11])
    run(g, s, 1, 2, 0)
    assert s[0]["token_owner"][top1] == J  # 12 = 12: pile 1 on a tie


def test_annex_order_and_armed_aggression_ma_24_11():
    g, s = t16()
    s, _ = put_token_on_top(g, s, "TK01")
    cities = [i for i in range(board.NUM_LOCATIONS) if board.LOC_KIND[i] == board.CITY and board.LOC_HAS_FLAG[i]]
    full = s[0]["marker_at"].copy()
    for c in cities:
        full[c] = ES
    taken = s[0]["markers_taken"].copy()
    taken[ES] += len(cities)
    s = edit(g, s, marker_at=full, markers_taken=taken)
    run(g, s, 1, 3, 1)  # C4: city none -> village 1; the extra village -> 2nd lowest empty village (3)
    rec = s[0]
    assert rec["marker_at"][loc("1")] == FR and rec["marker_at"][loc("3")] == FR
    assert rec["influence"][J, FR] == 3


def test_annex_nothing_with_empty_supply_gap_32():
    g, s = t16()
    s, _ = put_token_on_top(g, s, "TK01")
    s = edit(g, s, markers_taken=[13, 1, 1])
    before = s[0]["marker_at"].copy()
    run(g, s, 1, 2, 0)
    assert s[0]["marker_at"].tolist() == before.tolist() and s[0]["influence"][J, FR] == 2


def test_annex_removes_supply_marker_when_no_empty_location_ma_24_11():
    g, s = t16()
    s, _ = put_token_on_top(g, s, "TK01")
    full = s[0]["marker_at"].copy()
    for i in range(1, board.NUM_LOCATIONS):
        if board.LOC_KIND[i] in (board.CITY, board.VILLAGE) and full[i] < 0:
            full[i] = EN if i % 2 else ES
    taken = s[0]["markers_taken"].copy()
    taken[EN], taken[ES] = int((full == EN).sum()), int((full == ES).sum())
    s = edit(g, s, marker_at=full, markers_taken=taken)
    run(g, s, 1, 2, 0)
    assert s[0]["markers_taken"][FR] == 2 and (s[0]["marker_at"] == FR).sum() == 1


# ----- scoring (MA-24.13, MA-24.14, T11, T12) ------------------------------------------------------
@pytest.mark.parametrize("removed,cards,want", [(3, 2, 4), (7, 0, 8), (0, 1, 1), (22, 0, 38)])
def test_t11_income(removed, cards, want):
    g, s = t16()
    s = edit(g, s, jean_removed=removed, jean_cards=cards)
    assert run(g, s, 5) == want


def give_quests(g, s, n_jean, n_human):
    rec = s[0]
    pile = [int(x) for x in rec["quest_pile"][: rec["quest_pile_len"]]]
    take = pile[len(pile) - n_jean - n_human :]
    rest = pile[: len(pile) - n_jean - n_human]
    arr = np.full(len(rec["quest_pile"]), -1)
    arr[: len(rest)] = rest
    st, arg = rec["quest_state"].copy(), rec["quest_arg"].copy()
    for i, q in enumerate(take):
        st[q], arg[q] = QS_DONE, (J if i < n_jean else H)
    return edit(g, s, quest_pile=arr, quest_pile_len=len(rest), quest_state=st, quest_arg=arg)


def human_upgrades(g, s, n):
    discs = s[0]["discs"].copy()
    for u in range(n):
        discs[H, u] = 0
    return edit(g, s, discs=discs)


@pytest.mark.parametrize("jq,hq,want", [(7, 3, 30), (6, 3, 20), (4, 3, 10), (5, 3, 10), (3, 3, 0), (1, 3, 0)])
def test_t12_quest_bonuses(jq, hq, want):
    g, s = t16()
    s = give_quests(g, s, jq, hq)
    run(g, s, 3)
    assert s[0]["jean_bonus"][:2].tolist() == [5 * jq, want]


@pytest.mark.parametrize("removed,ups,want", [(11, 4, 10), (14, 3, 30), (12, 3, 20), (8, 3, 10), (6, 3, 0), (0, 0, 0)])
def test_t12_upgrade_lead(removed, ups, want):
    g, s = t16()
    s = human_upgrades(g, edit(g, s, jean_removed=removed), ups)
    run(g, s, 3)
    assert s[0]["jean_bonus"][2] == want


@pytest.mark.parametrize(
    "human,jean,want",
    [("E0", "E22", 30), ("E5", "E15", 20), ("E5", "E8b", 10), ("E5", "E5", 0), ("E8a", "E8b", 10), ("E8b", "E8a", 0)],
)
def test_t12_explorer_lead_by_distance(human, jean, want):
    g, s = t16()
    if human == jean:
        s = edit(g, s, explorer={H: exp(human)})
    else:
        s = edit(g, s, explorer={H: exp(human), J: exp(jean)})
    run(g, s, 3)
    d = explorer.EXP_DIST_TO_END
    lead = int(d[exp(human)] - d[exp(jean)])
    assert s[0]["jean_bonus"][3] == want, lead
    assert s[0]["vp"][J] == s[0]["jean_bonus"].sum()


# ----- more of MA-24.6, MA-24.15, MA-24.16 -------------------------------------------------------
def test_t16_jean_triggers_the_humans_pav_gap_35():
    from .positions import own, with_assistant

    g, s = t16()
    s = with_assistant(g, s, H, "B086")  # the human's assistant at 4
    s = own(g, s, H, ["B054"])  # PAV: +1 VP
    v = int(s[0]["vp"][H])
    s = with_top(g, s, "A4")
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("4") and s[0]["vp"][H] == v + 1


def test_round_4_homeward_path_20_21b_22():
    g, s = t16()
    s = clear_quests(g, s, (18, 19))
    s = edit(g, with_top(g, s, "A4"), round_no=4, ship={J: loc("20")})
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("21b") and s[0]["round_trigger"] == -1
    s = with_top(g, s, "A5")
    run(g, s, 0)
    assert s[0]["ship"][J] == loc("22") and s[0]["round_trigger"] == J and s[0]["vp"][J] == 0  # no 5 VP


def test_jean_ends_the_game_final_income_and_bonuses():
    """MA-24.16: Jean reaches 22; she skips final step 1, the human decides, the game ends
    with her final income and end bonuses."""
    g, s = t16()
    s = clear_quests(g, s, (18, 19))
    s = edit(g, with_top(g, s, "A2"), round_no=4, ship={J: loc("21b")}, jean_removed=7)
    act(g, s, "sail_to", loc("1") - 1)
    act(g, s, "done")
    for _ in range(40):
        if s[0]["terminated"]:
            break
        fams = {f for f, _ in legal(g, s)}
        if "draw" in fams:
            act(g, s, "draw", 0)
        elif "take_2vp" in fams:
            act(g, s, "take_2vp")
        else:
            act(g, s, "done")
    rec = s[0]
    assert rec["terminated"] and rec["ship"][J] == loc("22") and rec["current_player"] == -1
    assert rec["jean_bonus"][0] == 0 and rec["vp"][J] >= 8 + 1 + int(rec["jean_bonus"].sum())  # income 8 + 1 card


def test_influence_majority_counts_jean_ma_24_15():
    g, s = t16()
    s = edit(g, s, influence={(J, FR): 5, (H, FR): 3})
    # Jean's influence is a player's (rules.scoring.final_scoring loops over both seats);
    # the observation shows it as relative seat 1
    obs = g.observe(s, 0)[0]
    inf = g.obs_layout.view(obs, "influence")
    assert inf[1][FR] == 5 and inf[0][FR] == 3
    from games.maracaibo.data import tracks

    vp = s[0]["vp"].copy()
    run(g, s, 7)  # MA-22.5: the majority in France is Jean's
    gain = (s[0]["vp"] - vp).tolist()
    nob = tracks.NOBILITY_LEVEL
    value = gain[H] // nob[3]  # the human scores France's nobility only (level 2)
    assert gain[H] == nob[3] * value and gain[J] == tracks.INFLUENCE_MAJORITY_VP + nob[5] * value


def test_observation_shows_jean_public_state_only():
    g, s = t16()
    s = edit(g, s, jean_removed=3, jean_cards=2)
    s = with_top(g, s, "A4")
    run(g, s, 0)
    obs = g.observe(s, 0)[0]
    view = lambda name: g.obs_layout.view(obs, name)
    assert view("jean_level").tolist() == [0, 0, 0, 0, 1]
    assert view("jean_card")[cid("A4")] == 1 and view("jean_discard")[cid("A4")] == 1
    assert view("jean_discard").sum() == 1  # deck order and contents stay hidden
    text = g.render(s[0])
    assert "vs Jean (level 5)" in text and "latest card A4" in text


@pytest.mark.parametrize(
    "field,value",
    [
        ("coins", {J: 3}),
        ("hand_len", {J: 1}),
        ("career", {J: 0}),
        ("jean_deck_len", 8),
        ("jean_level", 4),
        ("current_player", 1),
        ("jean_removed", 23),
    ],
)
def test_from_json_rejects_impossible_solo_positions(field, value):
    from games.core.errors import PositionError

    g, s = t16()
    with pytest.raises(PositionError):
        edit(g, s, **{field: value})


@pytest.mark.parametrize("round_no,steps", [(1, 2), (2, 2), (3, 4), (4, 4)])
def test_card_actions_by_round_b1_ma_24_9(round_no, steps):
    """MA-24.9 / D10: B1 = J-VP(4); J-EXP(2) in rounds 1-2, J-EXP(4) in rounds 3-4."""
    g, s = t16()
    s = edit(g, s, round_no=round_no, explorer={J: exp("E11")})  # QB's tile is gone: no quest in reach
    qb = [q for q in range(24) if s[0]["quest_state"][q] == QS_EXPLORER and s[0]["quest_arg"][q] == 1][0]
    s = edit(g, s, quest_state={qb: QS_DONE}, quest_arg={qb: H})
    run(g, s, 4, cid("B1"))
    assert s[0]["vp"][J] == 4
    assert s[0]["explorer"][J] == exp("E1%d" % (1 + steps))  # E13 / E15 on the single path after E11
