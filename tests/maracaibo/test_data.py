"""Maracaibo component data (games/maracaibo/data) against the rules spec.

Each test names the MA rule IDs / data sets (D1-D14) it checks. Numbers written
as literals here are the rulebook's (or the spec's decision's), never read back
from the module under test.
"""

import json
import os
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from numba import njit

from games.maracaibo import data
from games.maracaibo.data import (
    actions,
    board,
    c_cards,
    careers,
    codes,
    combat,
    components,
    explorer,
    jean,
    prestige,
    projects,
    quest_cards,
    quests,
    ship,
    story,
    tracks,
)
from games.maracaibo.data.codes import EN, ES, FR, NONE


def loc(name):
    return board.LOC_INDEX[name]


def exp(name):
    return explorer.EXP_INDEX[name]


# ======================================================================================
# Provenance and array form (MA-25.4, MA-31)
# ======================================================================================

ALL_TABLES = {
    "board.LOCATIONS": board.LOCATIONS,
    "board.EDGES": board.EDGES,
    "board.CITY_TILES": board.CITY_TILES,
    "board.SETUP_MARKERS_2P": board.SETUP_MARKERS_2P,
    "board.QUEST_SCHEDULE": board.QUEST_SCHEDULE,
    "explorer.EXPLORER_SPACES": explorer.EXPLORER_SPACES,
    "explorer.BARRIERS": explorer.BARRIERS,
    "tracks.SUPPLY_SPACES": tracks.SUPPLY_SPACES,
    "components.COMPONENT_COUNTS": components.COMPONENT_COUNTS,
    "actions.CITY_ACTIONS": actions.CITY_ACTIONS,
    "actions.VILLAGE_OPTIONS": actions.VILLAGE_OPTIONS,
    "actions.ASSISTANT_ACTIONS": actions.ASSISTANT_ACTIONS,
    "actions.COMBAT_ACTIONS": actions.COMBAT_ACTIONS,
    "ship.UPGRADES": ship.UPGRADES,
    "combat.COMBAT_TOKENS": combat.COMBAT_TOKENS,
    "quests.QUESTS": quests.QUESTS,
    "careers.GOAL_VALUES": careers.GOAL_VALUES,
    "careers.CAREERS": careers.CAREERS,
    "prestige.PRESTIGE_BUILDINGS": prestige.PRESTIGE_BUILDINGS,
    "projects.FAMILIES": projects.FAMILIES,
    "projects.CARDS": projects.CARDS,
    "c_cards.C_CARDS": c_cards.C_CARDS,
    "jean.JEAN_CARDS": jean.JEAN_CARDS,
    "jean.JEAN_LEVELS": jean.JEAN_LEVELS,
    "jean.JEAN_LEAD_BONUSES": jean.JEAN_LEAD_BONUSES,
}


@pytest.mark.parametrize("name", sorted(ALL_TABLES))
def test_every_row_names_its_provenance(name):
    """MA-0.1, MA-31: every row says whether it is RULEBOOK, DATA or PLACEHOLDER; a
    placeholder names the GAP entry that explains why."""
    for row in ALL_TABLES[name]:
        prov = row[-1]
        assert isinstance(prov, str), f"{name} {row[0]!r}: last column is not a provenance string"
        label = prov.split(":", 1)[0]
        assert label in codes.PROVENANCE_LABELS, f"{name} {row[0]!r}: bad label {label!r}"
        if label == codes.PLACEHOLDER:
            assert "GAP-" in prov, f"{name} {row[0]!r}: placeholder without a GAP reason"
        if label == codes.RULEBOOK:
            assert "MA-" in prov, f"{name} {row[0]!r}: rulebook row without a rule ID"


def test_datasets_cover_d1_to_d16():
    """MA-31: the module index lists every data set D1-D16 once."""
    assert [row[0] for row in data.DATASETS] == [f"D{i}" for i in range(1, 17)]
    for set_id, module, names, _status, _gap in data.DATASETS:
        for attr in names.split(", "):
            assert hasattr(module, attr), f"{set_id}: {module.__name__}.{attr} missing"


MODULES = (
    actions,
    board,
    c_cards,
    careers,
    codes,
    combat,
    components,
    explorer,
    jean,
    prestige,
    projects,
    quest_cards,
    quests,
    ship,
    tracks,
)


def test_derived_columns_are_int64_arrays():
    """docs/design.md (engine contract): kernels read int64 numpy columns; no object arrays."""
    found = 0
    for module in MODULES:
        for attr, value in vars(module).items():
            if isinstance(value, np.ndarray) and not attr.startswith("_"):
                found += 1
                assert value.dtype == np.int64, f"{module.__name__}.{attr} is {value.dtype}"
                assert value.flags.c_contiguous, f"{module.__name__}.{attr} is not contiguous"
    assert found > 50


def test_numba_kernels_can_read_the_tables():
    """docs/design.md: module-level arrays are usable as constants inside @njit code."""
    card_cost, token_strength, sail = projects.CARD_COST, combat.TOKEN_STRENGTH, board.SAIL_STEPS

    @njit
    def probe():
        return card_cost.sum() + token_strength[0, 0] + sail[0, 0, 1]

    assert probe() == int(projects.CARD_COST.sum()) + 6 + 1


def _programs():
    for table, col in (
        (actions.CITY_ACTIONS, 2),
        (actions.VILLAGE_OPTIONS, 2),
        (actions.ASSISTANT_ACTIONS, 1),
        (ship.UPGRADES, 2),
    ):
        for row in table:
            yield row[0], [codes.step(*s) for s in row[col]]


def test_effect_programs_are_well_formed():
    """codes.py program rules: known steps; CHOOSE_ONE(k) has k alternatives after it;
    a payment (MA-13.5: it gates what it pays for) is never the last step."""
    for name, program in _programs():
        for i, (code, a0, _a1) in enumerate(program):
            assert 0 <= code < len(codes.STEP_NAMES), name
            if code == codes.S_CHOOSE_ONE:
                assert a0 >= 2 and i + a0 < len(program), name
            if code in codes.PAY_STEPS:
                assert i + 1 < len(program), f"{name}: payment buys nothing"


# ======================================================================================
# Component counts (MA-2.1, MA-2.2, MA-3)
# ======================================================================================


def test_project_card_counts():
    """MA-2.2, MA-3.4: 157 project cards, 56 A (dark rope) and 101 B (light rope)."""
    decks = Counter(int(d) for d in projects.CARD_DECK)
    assert len(projects.CARDS) == projects.NUM_AB_CARDS == 157
    assert decks[projects.A] == 56 and decks[projects.B] == 101 and decks[c_cards.C] == 10
    expected_ids = [f"A{i:03d}" for i in range(1, 57)] + [f"B{i:03d}" for i in range(1, 102)]
    # D4; GAP-63: the C cards 90-99 follow as ids 157..166
    assert list(projects.CARD_IDS) == expected_ids + [f"C{i:03d}" for i in range(90, 100)]


@pytest.mark.parametrize("players, deck_size", [(1, 88), (2, 80), (3, 72), (4, 64)])
def test_draw_deck_size_after_dealing(players, deck_size):
    """MA-3.4: 8 A cards per player (solo: the human only) + 40 B cards form the deck."""
    dealt_to = 1 if players == 1 else players
    num_a = int((projects.CARD_DECK == projects.A).sum())
    assert num_a - components.A_CARDS_DEALT * dealt_to + components.B_CARDS_IN_DECK == deck_size


def test_card_total_is_265():
    """MA-2.2: 8 career + 157 project + 77 story + 15 solo + 8 prestige = 265 cards."""
    base_solo = int((jean.JEAN_CARD_EXPANSION == 0).sum())
    story_cards = 77
    total = len(careers.CAREERS) + len(projects.CARDS) + story_cards + base_solo + len(prestige.PRESTIGE_BUILDINGS)
    assert total == 265


def test_tile_and_token_counts():
    """MA-2.1: 24 quest tiles, 25 combat tokens, 13 city tiles, 8 careers, 8 prestige."""
    assert len(quests.QUESTS) == 24
    assert len(combat.COMBAT_TOKENS) == 25
    assert len(board.CITY_TILES) == 13
    assert len(careers.CAREERS) == 8
    assert len(prestige.PRESTIGE_BUILDINGS) == 8


def test_combat_token_piles():
    """MA-3.1, GAP-9: the 25 tokens are dealt alternately into piles of 13 and 12."""
    assert sum(combat.PILE_SIZES) == 25 and tuple(combat.PILE_SIZES) == (13, 12)


def test_ownership_markers():
    """MA-2.1, MA-3.7: 39 markers, 13 per nation; supply S1 holds 1, S2-S7 hold 2."""
    assert list(tracks.SUPPLY_CAPACITY) == [1, 2, 2, 2, 2, 2, 2]
    assert 3 * int(tracks.SUPPLY_CAPACITY.sum()) == 39


def test_doubloon_denominations():
    """MA-2.1: 58 coins = 18 x 1 + 16 x 2 + 24 x 5 (cosmetic; money is unlimited)."""
    assert dict(components.COIN_DENOMINATIONS) == {1: 18, 2: 16, 5: 24}
    assert sum(n for _, n in components.COIN_DENOMINATIONS) == 58


def test_player_start_values():
    """MA-2.3, MA-3.9, MA-3.10: money 8/9/10/11 by seat, CP 1, incomes 8 and 0, figures
    2 personal + 3 on the career card + 3 general = 8, 24 discs on the ship board."""
    assert list(components.START_DOUBLOONS_BY_SEAT) == [8, 9, 10, 11]
    assert components.CP_START == 1 and components.CP_MAX == 8
    assert tracks.DOUBLOON_INCOME_START == 8 and tracks.VP_INCOME_START == 0
    assert (
        components.FIGURES_PERSONAL_AT_START,
        components.FIGURES_ON_CAREER_CARD,
        components.FIGURES_GENERAL_AT_START,
    ) == (2, 3, 3)
    assert len(ship.UPGRADES) * components.DISCS_PER_POSITION == 24
    assert (components.OPENING_KEEP, components.OPENING_PLAN, components.OPENING_DISCARD) == (4, 1, 3)
    assert components.OPENING_KEEP + components.OPENING_PLAN + components.OPENING_DISCARD == components.A_CARDS_DEALT


def test_synergy_tokens():
    """MA-2.1, GAP-40: 20 synergy tokens of 5 types, 4 per type."""
    assert len(codes.SYNERGIES) == 5
    assert components.COMPONENT_COUNT["synergy tokens"] == 20


# ======================================================================================
# D1 board and sailing (MA-5, MA-7.4)
# ======================================================================================


def _reachable(rounds, start="H"):
    """Locations reachable over any number of sails in the given rounds."""
    seen, todo = {loc(start)}, [loc(start)]
    while todo:
        x = todo.pop()
        for r in rounds:
            for y in np.flatnonzero(board.SAIL_STEPS[r - 1, x] > 0):
                if y not in seen:
                    seen.add(int(y))
                    todo.append(int(y))
    return seen


def test_board_is_connected():
    """MA-5, D1: every location is reachable from Havana in some round."""
    assert _reachable((1, 2, 3, 4)) == set(range(board.NUM_LOCATIONS))
    assert len(board.LOCATIONS) == 24  # Havana, 1-20, 21a, 21b, 22 (MA-28.2: 23 + Havana)


def test_must_stop_spaces():
    """MA-5.5: exactly 20, 21a, 21b and 22 are must-stop, and every one is reachable."""
    must = {board.LOC_IDS[i] for i in np.flatnonzero(board.LOC_MUST_STOP)}
    assert must == {"20", "21a", "21b", "22"}
    assert {loc(x) for x in must} <= _reachable((1, 2, 3, 4))


@pytest.mark.parametrize("rnd", [1, 2, 3])
def test_route_rounds_1_to_3(rnd):
    """MA-1.2, MA-5.6: in rounds 1-3 the route ends on 21a; 21b and 22 are unreachable."""
    seen = _reachable((rnd,))
    assert loc("21a") in seen and loc("21b") not in seen and loc("22") not in seen
    assert board.FINAL_SPACE_BY_ROUND[rnd] == loc("21a")
    assert not (board.SAIL_STEPS[rnd - 1, loc("21a")] > 0).any()  # the route ends there


def test_route_round_4():
    """MA-1.2, MA-5.6: in round 4 the route is 20 -> 21b -> 22; 21a is unreachable."""
    seen = _reachable((4,))
    assert loc("21b") in seen and loc("22") in seen and loc("21a") not in seen
    assert board.FINAL_SPACE_BY_ROUND[4] == loc("22")
    assert not (board.SAIL_STEPS[3, loc("22")] > 0).any()


@pytest.mark.parametrize("rnd, start, only", [(1, "20", "21a"), (3, "20", "21a"), (4, "20", "21b"), (4, "21b", "22")])
def test_from_a_must_stop_space_you_move_exactly_one(rnd, start, only):
    """MA-5.6: a ship on 20 (or on 21b in round 4) next moves exactly one location."""
    targets = [board.LOC_IDS[i] for i in np.flatnonzero(board.SAIL_STEPS[rnd - 1, loc(start)] > 0)]
    assert targets == [only]
    assert board.SAIL_STEPS[rnd - 1, loc(start), loc(only)] == 1


def test_sailing_never_passes_a_must_stop_space():
    """MA-5.5, MA-5.8: from before 20 no sail reaches beyond 20."""
    for rnd in (1, 2, 3, 4):
        for start in range(loc("20")):
            for beyond in ("21a", "21b", "22"):
                assert board.SAIL_STEPS[rnd - 1, start, loc(beyond)] == NONE


def _all_path_lengths(a, b, rnd):
    bit = 1 << (rnd - 1)
    lengths, stack = set(), [(a, 0)]
    while stack:
        x, k = stack.pop()
        if x == b:
            lengths.add(k)
            continue
        for j in range(board.NUM_SUCC[x]):
            if board.SUCC_ROUND_MASK[x, j] & bit:
                stack.append((int(board.SUCC[x, j]), k + 1))
    return lengths


def test_both_branches_of_each_fork_are_equally_long():
    """D1, MA-5.8: Havana -> 20 is 18 steps on either branch, so a destination fixes the
    number of MP spent (MA-5.7) whatever branch is taken."""
    assert _all_path_lengths(loc("H"), loc("20"), 1) == {18}
    assert board.SAIL_STEPS[0, loc("H"), loc("20")] == 18


def test_forks_have_an_upper_and_a_lower_branch():
    """MA-5.3, MA-24.6, GAP-1: forks 3 -> {4 upper, 5 lower}, 12 -> {13 upper, 14 lower} in
    every round; 20's two arrows are not a fork (never open in the same round, MA-5.6)."""
    for rnd in (1, 2, 3, 4):
        forks = {}
        for x in range(board.NUM_LOCATIONS):
            open_ = [j for j in range(board.NUM_SUCC[x]) if board.SUCC_ROUND_MASK[x, j] & (1 << (rnd - 1))]
            if len(open_) > 1:
                forks[board.LOC_IDS[x]] = {int(board.SUCC_BRANCH[x, j]): board.LOC_IDS[board.SUCC[x, j]] for j in open_}
        assert forks == {"3": {board.UPPER: "4", board.LOWER: "5"}, "12": {board.UPPER: "13", board.LOWER: "14"}}


def test_named_locations():
    """MA-3.3, MA-3.8 ([R] 步骤⑤, ⑨): tile slots Puerto Plata 4, Santo Domingo 5, Port Royal
    13, Cartagena 14 are cities; San Juan 6, St. Kitts 7, Martinique 8 are villages."""
    for number, name in (("4", "Puerto Plata"), ("5", "Santo Domingo"), ("13", "Port Royal"), ("14", "Cartagena")):
        i = loc(number)
        assert board.LOC_NAMES[i] == name and board.LOC_KIND[i] == board.CITY
        assert board.LOC_CITY_ACTION[i] == actions.CITY_FROM_TILE and i in board.TILE_SLOTS
    for number, name in (("6", "San Juan"), ("7", "St. Kitts"), ("8", "Martinique")):
        assert board.LOC_NAMES[loc(number)] == name and board.LOC_KIND[loc(number)] == board.VILLAGE
    assert board.LOC_NAMES[board.MARACAIBO] == "Maracaibo" and board.LOC_KIND[board.MARACAIBO] == board.CITY


def test_setup_markers_two_players():
    """MA-3.8: with 2 players (and solo) Spain starts on 6, England on 7, France on 8."""
    assert {(n, x) for n, x, _ in board.SETUP_MARKERS_2P} == {(ES, "6"), (EN, "7"), (FR, "8")}


def test_numbering_for_comparisons():
    """MA-0.4: Havana 0, 1-20 by number, 21a and 21b both 21, 22."""
    assert list(board.LOC_NUM) == list(range(21)) + [21, 21, 22]


def test_homeward_spaces():
    """MA-7.4, GAP-50: 20 = combat or explore 2, 21a/21b = +3 VP, 22 = +5 VP; no market,
    no flag on the homeward spaces."""
    expected = {"20": "HOME-20", "21a": "HOME-21", "21b": "HOME-21", "22": "HOME-22"}
    for space, code in expected.items():
        i = loc(space)
        assert board.LOC_KIND[i] == board.RETURN
        assert actions.CITY_ACTION_CODES[board.LOC_CITY_ACTION[i]] == code
        assert board.LOC_HAS_MARKET[i] == 0 and board.LOC_HAS_FLAG[i] == 0
    home20 = actions.CITY_ACTIONS[actions.CITY_HOME20][2]
    assert home20 == ((codes.S_CHOOSE_ONE, 2), (codes.S_COMBAT,), (codes.S_EXPLORE, 2))
    assert actions.CITY_ACTIONS[actions.CITY_HOME21][2] == ((codes.S_GAIN_VP, 3),)
    assert actions.CITY_ACTIONS[actions.CITY_HOME22][2] == ((codes.S_GAIN_VP, 5),)


def test_markets_and_flags():
    """MA-7.2, GAP-4, GAP-5: markets only at cities (never 20-22), flags exactly on the
    market cities; 2 slots with 1-3 players, 3 with 4."""
    cities = set(np.flatnonzero(board.LOC_KIND == board.CITY))
    markets = set(np.flatnonzero(board.LOC_HAS_MARKET))
    flags = set(np.flatnonzero(board.LOC_HAS_FLAG))
    assert markets == flags and markets <= cities and len(flags) == 8
    assert list(board.MARKET_SLOTS_BY_PLAYERS[1:]) == [2, 2, 2, 3]
    rewards = {(int(c), int(a)) for c, a in zip(board.LOC_FLAG_CODE[list(flags)], board.LOC_FLAG_AMOUNT[list(flags)])}
    assert rewards <= {(codes.S_GAIN_D, 3), (codes.S_GAIN_FIGURES, 1), (codes.S_GAIN_VP, 2)}  # [B]: D, figure, VP


def test_t1_location_9_is_a_flag_worth_2_vp():
    """MA-30 T1 (uses D1): location 9 is a flag location with reward +2 VP."""
    assert board.LOC_HAS_FLAG[9] and (board.LOC_FLAG_CODE[9], board.LOC_FLAG_AMOUNT[9]) == (codes.S_GAIN_VP, 2)


def _jean_walk(start, counted_steps, branch, rnd=1, quests_at=()):
    """MA-24.6, GAP-42: Jean counts only cities (incl. 20-22) and locations with quests,
    follows her card's branch at forks and stops on a must-stop space."""
    x, counted, bit = loc(start), 0, 1 << (rnd - 1)
    while counted < counted_steps:
        options = [j for j in range(board.NUM_SUCC[x]) if board.SUCC_ROUND_MASK[x, j] & bit]
        j = options[0] if len(options) == 1 else next(j for j in options if board.SUCC_BRANCH[x, j] == branch)
        x = int(board.SUCC[x, j])
        if board.LOC_KIND[x] in (board.CITY, board.RETURN) or board.LOC_IDS[x] in quests_at:
            counted += 1
        if board.LOC_MUST_STOP[x]:
            break
    return board.LOC_IDS[x]


def test_t16_jean_movement_on_this_board():
    """MA-30 T16 (D1, D10): from Havana card A4 (move 2, upper) ends on 4; with a quest
    on 3 it ends on 3; from 17 any move-2 card stops on 20 (must-stop)."""
    a4 = jean.JEAN_CARD_IDS.index("A4")
    move, branch = int(jean.JEAN_CARD_MOVE[a4]), int(jean.JEAN_CARD_BRANCH[a4])
    assert (move, branch, int(jean.JEAN_CARD_DISPLAY_SLOT[a4])) == (2, board.UPPER, 0)
    assert _jean_walk("H", move, branch) == "4"
    assert _jean_walk("H", move, branch, quests_at=("3",)) == "3"
    assert _jean_walk("17", 2, board.LOWER) == "20"
    assert _jean_walk("20", 1, board.UPPER, rnd=1) == "21a"


def test_t10_lowest_numbered_city_is_2():
    """MA-30 T10 (D1): Jean annexes 'the lowest-numbered empty city (2 if empty)'."""
    cities = [board.LOC_NUM[i] for i in np.flatnonzero(board.LOC_HAS_FLAG)]
    assert min(cities) == 2


# ----- D3 city tiles, city actions (MA-3.3, MA-7.3) ------------------------------------------


def test_city_tile_sets():
    """MA-3.3: one Maracaibo tile; each player-count set has exactly 2 helm tiles and at
    least 2 others (2 helm + 2 random are placed on 4 slots); solo uses the 1-2 set."""
    assert int((board.TILE_SET == board.SET_MARACAIBO).sum()) == 1
    assert board.TILE_SET[board.MARACAIBO_TILE] == board.SET_MARACAIBO
    for tile_set in (board.SET_1_2, board.SET_3_4):
        in_set = board.TILE_SET == tile_set
        assert int((in_set & (board.TILE_HELM == 1)).sum()) == 2
        assert int((in_set & (board.TILE_HELM == 0)).sum()) >= 2
    assert list(board.TILE_SET_FOR_PLAYERS[1:]) == [board.SET_1_2, board.SET_1_2, board.SET_3_4, board.SET_3_4]
    assert len(board.TILE_SLOTS) == board.TILES_PLACED == 4


def test_every_city_action_of_the_catalogue_is_on_a_tile():
    """MA-7.3, GAP-2, GAP-3: the nine 'other city actions' CX1-CX9 all appear on tiles."""
    on_tiles = {actions.CITY_ACTION_CODES[a] for a in board.TILE_ACTION}
    assert {f"CX{i}" for i in range(1, 10)} <= on_tiles
    assert all(g in (codes.TOB, codes.CORN, codes.SUG) for g in board.TILE_GOOD)  # MA-7.2: goods only


def test_city_action_programs():
    """MA-7.3: CX2 +1 CP then a disc; CX7 VP per token then the optional hand discard for
    4 D; CX8 4 D or 2 VP per assistant; CX9 pay 2 CP -> influence + 6 D."""
    prog = {r[0]: r[2] for r in actions.CITY_ACTIONS}
    assert prog["CX2"] == ((codes.S_GAIN_CP, 1), (codes.S_REMOVE_DISCS, 1))
    assert prog["CX7"] == ((codes.S_VP_PER_COMBAT_TOKEN, 1), (codes.S_PAY_WHOLE_HAND,), (codes.S_GAIN_D, 4))
    assert prog["CX8"] == ((codes.S_CHOOSE_ONE, 2), (codes.S_GAIN_D, 4), (codes.S_VP_PER_ASSISTANT, 2))
    assert prog["CX9"] == ((codes.S_PAY_CP, 2), (codes.S_INFLUENCE_ANY, 1), (codes.S_GAIN_D, 6))


# ----- D13 story card 75 (MA-3.11, MA-21.7) -------------------------------------------------------


def _scheduled(when, players):
    return [
        board.LOC_IDS[x]
        for w, x, m in zip(board.SCHEDULE_WHEN, board.SCHEDULE_LOC, board.SCHEDULE_MIN_PLAYERS)
        if w == when and players >= m
    ]


@pytest.mark.parametrize("players, setup", [(1, ["15"]), (2, ["15"]), (3, ["15", "18"]), (4, ["15", "18", "19"])])
def test_card75_setup_quests(players, setup):
    """MA-3.11, MA-3 per-player-count table: quests at setup by player count."""
    assert _scheduled(board.SETUP, players) == setup


def test_card75_round_1_quests():
    """MA-21.7 ([R] 中程计分 step 6): after round 1, 6 and 12, plus 16 with 3-4 players."""
    assert _scheduled(board.END_ROUND_1, 2) == ["6", "12"]
    assert _scheduled(board.END_ROUND_1, 3) == ["6", "12", "16"]


def test_card75_schedule_fits_the_quest_pile():
    """MA-3.2, MA-21.7, GAP-38: with 4 players the 3 explorer quests and every scheduled
    tile fit into the 24 tiles; quests go on villages or cities, never homeward spaces."""
    scheduled = sum(
        len(_scheduled(w, 4)) for w in (board.SETUP, board.END_ROUND_1, board.END_ROUND_2, board.END_ROUND_3)
    )
    assert scheduled + quests.QUEST_SPACES_ON_EXPLORER_TRACK <= 24
    assert all(board.LOC_KIND[x] in (board.VILLAGE, board.CITY) for x in board.SCHEDULE_LOC)


# ======================================================================================
# D2 explorer track (MA-10)
# ======================================================================================


def test_explorer_track_shape():
    """MA-10.1, MA-28.2, D2: 26 spaces from E0 to END, every space on a path to END,
    two forks (long path / shortcut), longest route 23 steps, shortest 19."""
    assert explorer.NUM_EXPLORER_SPACES == 26
    assert (explorer.EXP_DIST_TO_END >= 0).all()
    assert explorer.EXP_DIST_TO_END[explorer.EXP_START] == 19
    assert int((explorer.EXP_NUM_SUCC == 2).sum()) == 2

    def longest(i):
        succ = explorer.EXP_SUCC[i, : explorer.EXP_NUM_SUCC[i]]
        return 0 if i == explorer.EXP_END else 1 + max(longest(int(j)) for j in succ)

    assert longest(explorer.EXP_START) == 23


def test_explorer_quest_spaces():
    """MA-3.2, MA-10.5: three quest spaces QA, QB, QC in track order."""
    slots = [(int(explorer.EXP_DIST_TO_END[i]), int(s)) for i, s in enumerate(explorer.EXP_QUEST_SLOT) if s != NONE]
    assert [s for _, s in sorted(slots, reverse=True)] == [explorer.QA, explorer.QB, explorer.QC]


def test_explorer_barriers():
    """MA-10.6: one green, one blue, one red barrier (order green, blue, red per D2); red
    gives 3 influence in one nation, blue/green 4 VP to the first crosser, 2 VP later."""
    crossings = [
        (-int(explorer.EXP_DIST_TO_END[i]), int(b)) for i, b in enumerate(explorer.EXP_BARRIER_AFTER) if b != NONE
    ]
    assert [b for _, b in sorted(crossings)] == [codes.GREEN, codes.BLUE, codes.RED]
    for i in np.flatnonzero(explorer.EXP_BARRIER_AFTER != NONE):
        assert explorer.EXP_NUM_SUCC[i] == 1  # a barrier is never on a fork
    assert list(explorer.BARRIER_FIRST_VP) == [4, 4, 0] and list(explorer.BARRIER_LATER_VP) == [2, 2, 0]
    assert list(explorer.BARRIER_INFLUENCE) == [0, 0, 3]


def test_explorer_end_and_rewards():
    """MA-10.4, MA-10.7: END pays 10/8/6/4 by arrival plus 1 village action; space rewards
    use exactly the rulebook's seven kinds (D, VP, CP, 2 figures, influence, disc, D+VP)."""
    assert list(explorer.END_ARRIVAL_VP) == [10, 8, 6, 4] and explorer.END_VILLAGE_ACTIONS == 1
    kinds = {(int(c), 2 if c == codes.S_GAIN_FIGURES else None) for c in explorer.EXP_REWARD_CODE if c != NONE}
    assert kinds == {
        (codes.S_GAIN_D, None),
        (codes.S_GAIN_VP, None),
        (codes.S_GAIN_CP, None),
        (codes.S_GAIN_FIGURES, 2),
        (codes.S_INFLUENCE_ANY, None),
        (codes.S_REMOVE_DISCS, None),
        (codes.S_GAIN_D_AND_VP, None),
    }
    fig = explorer.EXP_REWARD_CODE == codes.S_GAIN_FIGURES
    assert (explorer.EXP_REWARD_AMOUNT[fig] == 2).all()


def test_t7_blue_barrier_between_e13_and_e14():
    """MA-30 T7 (D2): leaving E13 crosses blue into E14, whose reward is +2 D and +2 VP."""
    assert explorer.EXP_BARRIER_AFTER[exp("E13")] == codes.BLUE
    assert list(explorer.EXP_SUCC[exp("E13")]) == [exp("E14"), NONE]
    assert (explorer.EXP_REWARD_CODE[exp("E14")], explorer.EXP_REWARD_AMOUNT[exp("E14")]) == (codes.S_GAIN_D_AND_VP, 2)


# ======================================================================================
# Influence, nobility, nation values, income (MA-9, MA-19, MA-22, D11, D12)
# ======================================================================================


def test_nobility_levels():
    """MA-9.3, GAP-22: bands at 1, 3, 6, 9, 10, 12 give x1..x6."""
    assert list(tracks.NOBILITY_LEVEL) == [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 5, 6]


def test_next_noble_level():
    """MA-9.4, GAP-37: to the next band above; on 12 nothing happens."""
    assert [int(tracks.NEXT_NOBLE_POSITION[p]) for p in (0, 1, 2, 5, 9, 10, 11, 12)] == [1, 3, 3, 6, 10, 12, 12, 12]


def test_nation_value_after_markers_taken():
    """D11: cumulative values 0; 1-2 -> 2; 3-4 -> 3; 5-6 -> 4; 7-8 -> 6; 9-10 -> 8;
    11-12 -> 11; 13 -> 14."""
    assert list(tracks.SUPPLY_VALUE_AFTER_TAKEN) == [0, 2, 2, 3, 3, 4, 4, 6, 6, 8, 8, 11, 11, 14]


def _rank_bonus(markers):
    """MA-22.6: most 2, second 1, third 0; tied nations take the higher bonus."""
    return [int(tracks.RANK_BONUS[sum(other > mine for other in markers)]) for mine in markers]


@pytest.mark.parametrize(
    "markers, bonus", [((4, 4, 2), [2, 2, 0]), ((5, 5, 3), [2, 2, 0]), ((6, 4, 4), [2, 1, 1]), ((3, 3, 3), [2, 2, 2])]
)
def test_rank_bonus(markers, bonus):
    """MA-22.6, MA-30 T13: rank bonus with ties."""
    assert _rank_bonus(markers) == bonus


def test_t2_nobility_scoring_example():
    """MA-22.6, MA-30 T2 ([R] 终局计分 example): FR and ES 4 markers on the board, EN 2;
    FR took 5 markers, ES 4, EN 2 -> values 6, 5, 2; levels FR 2, ES 3, EN 1 -> 29 VP."""
    taken, on_board = (5, 4, 2), (4, 4, 2)
    values = [int(tracks.SUPPLY_VALUE_AFTER_TAKEN[t]) + b for t, b in zip(taken, _rank_bonus(on_board))]
    assert values == [6, 5, 2]
    influence = (3, 6, 1)
    levels = [int(tracks.NOBILITY_LEVEL[i]) for i in influence]
    assert levels == [2, 3, 1]
    assert sum(lv * v for lv, v in zip(levels, values)) == 2 * 6 + 3 * 5 + 1 * 2 == 29


def test_doubloon_income_final_vp():
    """MA-22.3, MA-30 T15, GAP-13: 23 -> 4, 24 -> 5, 34 -> 10; start 8 -> 0; never falls."""
    vp = tracks.DOUBLOON_INCOME_FINAL_VP
    assert (vp[8], vp[23], vp[24], vp[34]) == (0, 4, 5, 10)
    assert (np.diff(vp) >= 0).all() and len(vp) == 35


def test_income_track_ends():
    """MA-19.3, MA-19.4: doubloon income ends at 34, VP income at 20; [R] example: in
    round 3 the VP-income marker should reach 22 -> marker 2 and +40 VP."""
    assert tracks.DOUBLOON_INCOME_MAX == 34 and tracks.VP_INCOME_MAX == 20
    marker, rnd = 22, 3
    gained = tracks.VP_INCOME_OVERFLOW_VP * tracks.SCORINGS_LEFT_BEFORE_INCOME[rnd]
    assert (marker - tracks.VP_INCOME_MAX, gained) == (2, 40)
    # MA-30 T19: round 1 -> 4 payments still to come (+80), round 4 -> 1 (+20)
    assert list(tracks.SCORINGS_LEFT_BEFORE_INCOME[1:]) == [4, 3, 2, 1]


def test_influence_cap():
    """MA-9.2, MA-30 T7: influence stops at 12; each further point is 2 VP."""
    assert tracks.INFLUENCE_MAX == 12 and tracks.INFLUENCE_OVERFLOW_VP == 2
    assert tracks.INFLUENCE_MAJORITY_VP == 3  # MA-22.5


# ======================================================================================
# Village actions, assistant actions, combat actions (MA-11, MA-13, MA-8)
# ======================================================================================


def test_village_actions_by_mp():
    """MA-11.2, MA-30 T4: 1-3 MP -> 1, 4-6 -> 2, 7 -> 3; with U1 1 -> 1, 2-4 -> 2, 5-7 -> 3."""
    assert list(actions.VILLAGE_ACTIONS_BY_MP[1:]) == [1, 1, 1, 2, 2, 2, 3]
    assert list(actions.VILLAGE_ACTIONS_BY_MP_U1[1:]) == [1, 2, 2, 2, 3, 3, 3]


def test_base_village_options():
    """MA-11.3: A discard the hand for 2 D, B +1 D, C buy or invest; U8 +1 CP +1 D; U9 3 same
    goods -> 2 D 2 VP; U10 annex the current empty village, +1 influence, +1 D."""
    prog = {r[0]: r[2] for r in actions.VILLAGE_OPTIONS}
    assert prog["VA-A"] == ((codes.S_PAY_WHOLE_HAND,), (codes.S_GAIN_D, 2))
    assert prog["VA-B"] == ((codes.S_GAIN_D, 1),)
    assert prog["VA-C"] == ((codes.S_BUY_OR_INVEST,),)
    assert prog["VA-U9"] == ((codes.S_PAY_SAME_GOODS, 3), (codes.S_GAIN_D, 2), (codes.S_GAIN_VP, 2))
    assert not actions.VILLAGE_OPTION_IS_LAST.any()  # MA-11.4: only card options are "last"


def test_assistant_actions():
    """MA-13.5: 17 assistant actions; spot checks of AS01, AS04, AS13, AS15 ([R] page 20)."""
    assert actions.ASSISTANT_ACTION_CODES == tuple(f"AS{i:02d}" for i in range(1, 18))
    prog = {r[0]: r[1] for r in actions.ASSISTANT_ACTIONS}
    assert prog["AS01"] == ((codes.S_GAIN_VP, 3), (codes.S_GAIN_D, 5))
    assert prog["AS04"] == ((codes.S_GAIN_CP, 2), (codes.S_EXTRA_SAIL, 3))
    assert prog["AS13"] == ((codes.S_VP_PER_COMBAT_TOKEN, 1), (codes.S_VILLAGE_ACTIONS, 3))
    assert prog["AS15"] == ((codes.S_PAY_CP, 2), (codes.S_GAIN_D, 5), (codes.S_VILLAGE_ACTIONS, 3))


def test_combat_action_costs():
    """MA-8.6, GAP-54: influence 2 -> +1 / 5 -> +2; flag 4 empty / 6 expel; village (U7)
    2 / 5; card actions CIV 2, CD3 1."""
    cost = {
        code: tuple(int(c) for c in row) for code, row in zip(actions.COMBAT_ACTION_CODES, actions.COMBAT_ACTION_COST)
    }
    assert cost == {"CA1": (2, 5), "CA2": (4, 6), "CA3": (2, 5), "CA4": (2, NONE), "CA5": (1, NONE)}
    assert list(actions.CA1_INFLUENCE) == [1, 2]
    assert (actions.CA3_D_PER_OWN_ASSISTANT, actions.CA3_D_PER_OTHER_ASSISTANT) == (3, 1)  # MA-30 T17: 3 + 2 = 5 D


# ======================================================================================
# D5 combat tokens (MA-8.2 - MA-8.4)
# ======================================================================================


def test_every_token_has_an_affordable_nation():
    """GAP-21: every token has at least one nation without a doubloon cost."""
    assert ((combat.TOKEN_BONUS != combat.PAY_D).sum(axis=1) >= 1).all()


def test_token_modifiers():
    """MA-8.4, D5: MOST-2 and FEWEST+3 (6 tokens each in the placeholder design)."""
    assert list(combat.MODIFIER_VALUE) == [0, -2, 3]
    counts = Counter(int(m) for m in combat.TOKEN_MODIFIER)
    assert counts[combat.MOST_MINUS_2] == 6 and counts[combat.FEWEST_PLUS_3] == 6
    assert combat.STRENGTH_WHEN_EXHAUSTED == 3  # MA-8.2, MA-30 T14


def test_tokens_of_the_rulebook_examples():
    """MA-30 T1 ([R] 战斗范例): TK01 France 6, pay 2 D. T18 ([R] photos): TK02 FEWEST+3 with
    FR 2 / +2 VP, ES 3 / +1 VP, EN 4; TK03 MOST-2 with France 4."""
    t1, t2, t3 = (combat.TOKEN_IDS.index(t) for t in ("TK01", "TK02", "TK03"))
    assert (combat.TOKEN_STRENGTH[t1, FR], combat.TOKEN_BONUS[t1, FR], combat.TOKEN_BONUS_AMOUNT[t1, FR]) == (
        6,
        combat.PAY_D,
        2,
    )
    assert combat.TOKEN_MODIFIER[t2] == combat.FEWEST_PLUS_3
    assert list(combat.TOKEN_STRENGTH[t2]) == [2, 3, 4]
    assert list(combat.TOKEN_BONUS[t2]) == [combat.GAIN_VP, combat.GAIN_VP, combat.NO_BONUS]
    assert list(combat.TOKEN_BONUS_AMOUNT[t2, :2]) == [2, 1]
    assert combat.TOKEN_MODIFIER[t3] == combat.MOST_MINUS_2 and combat.TOKEN_STRENGTH[t3, FR] == 4


# ======================================================================================
# D6 quests (MA-12)
# ======================================================================================


def test_q01_is_the_rulebook_example():
    """MA-30 T6 ([R] 任务范例): pay 1 figure; 2 D per compass + explore 3; with 3 compasses 6 D."""
    q = quests.QUEST_IDS.index("Q01")
    assert quests.QUESTS[q][1] == ((quests.QC_FIGURES, 1),)
    assert (quests.QUEST_PER_COMPASS_CODE[q], quests.QUEST_PER_COMPASS_AMOUNT[q]) == (codes.S_GAIN_D, 2)
    assert quests.QUESTS[q][3] == ((codes.S_EXPLORE, 3),)
    assert 3 * quests.QUEST_PER_COMPASS_AMOUNT[q] == 6


def test_quest_count_bonus():
    """MA-12.4, MA-30 T6: 4th tile +3 VP, every later tile +2 VP, the first three nothing."""
    assert list(quests.QUEST_BONUS_VP[1:7]) == [0, 0, 0, 3, 2, 2]
    assert (quests.QUEST_BONUS_VP[5:] == 2).all() and len(quests.QUEST_BONUS_VP) == 25


def test_quests_use_the_rulebook_cost_and_reward_kinds():
    """MA-12.3, MA-12.5: every cost kind appears; per-compass parts are D or VP; fixed
    rewards are from the rulebook's list (D, VP, influence, figure, CP, combat, explore,
    2 discs, 2 Spanish influence)."""
    kinds = {int(k) for k in quests.QUEST_COST_KIND.ravel() if k != NONE}
    assert kinds == set(range(len(quests.QUEST_COST_NAMES)))
    assert set(quests.QUEST_PER_COMPASS_CODE) <= {codes.S_GAIN_D, codes.S_GAIN_VP}
    allowed = {
        codes.S_GAIN_D,
        codes.S_GAIN_VP,
        codes.S_INFLUENCE_ANY,
        codes.S_GAIN_FIGURES,
        codes.S_GAIN_CP,
        codes.S_COMBAT,
        codes.S_EXPLORE,
        codes.S_REMOVE_DISCS,
        codes.S_INFLUENCE_NATION,
    }
    assert {int(c) for c in quests.QUEST_REWARD_CODE.ravel() if c != NONE} <= allowed
    goods = quests.QUEST_COST_KIND == quests.QC_GOODS
    assert (quests.QUEST_COST_A0[goods] < codes.NUM_GOODS).all()
    items = quests.QUEST_COST_KIND == quests.QC_ITEMS
    assert (quests.QUEST_COST_A0[items] >= codes.NUM_GOODS).all()


# ======================================================================================
# D7 careers (MA-18), D8 prestige (MA-16)
# ======================================================================================


def test_career_cards():
    """MA-18.1, GAP-10: 3 different goals per card, each goal type on exactly 3 cards;
    the high tier asks more than the low tier and pays VP on top."""
    assert careers.CAREER_GOAL_TYPE.shape == (8, 3)
    for row in careers.CAREER_GOAL_TYPE:
        assert len(set(row)) == 3
    assert Counter(careers.CAREER_GOAL_TYPE.ravel().tolist()) == {g: 3 for g in range(8)}
    assert (careers.CAREER_HIGH_THRESHOLD > careers.CAREER_LOW_THRESHOLD).all()
    assert (careers.CAREER_HIGH_D >= careers.CAREER_LOW_D).all() and (careers.CAREER_HIGH_VP > 0).all()
    assert (careers.CAREER_ALL_DONE_D, careers.CAREER_ALL_DONE_VP) == (2, 2)  # MA-18.4


def test_k1_is_the_photographed_card():
    """MA-30 T9 ([R] 生涯卡牌 photo): K1 = combat 3 -> 2 D / 4 -> 2 D 2 VP, influence 6 -> 3 D
    / 9 -> 3 D 3 VP, quests 4 -> 4 D / 6 -> 4 D 4 VP."""
    k1 = careers.CAREER_IDS.index("K1")
    goals = {
        int(careers.CAREER_GOAL_TYPE[k1, g]): (
            int(careers.CAREER_LOW_THRESHOLD[k1, g]),
            int(careers.CAREER_LOW_D[k1, g]),
            int(careers.CAREER_HIGH_THRESHOLD[k1, g]),
            int(careers.CAREER_HIGH_D[k1, g]),
            int(careers.CAREER_HIGH_VP[k1, g]),
        )
        for g in range(3)
    }
    assert goals == {
        careers.G_COMBAT: (3, 2, 4, 2, 2),
        careers.G_INF1: (6, 3, 9, 3, 3),
        careers.G_QUESTS: (4, 4, 6, 4, 4),
    }


def test_prestige_scoring_rules():
    """MA-16.5: the eight buildings and what each scores per unit (Basilica capped at 16)."""
    rules = {r[1]: (r[4], r[5], r[6]) for r in prestige.PRESTIGE_BUILDINGS}
    assert rules == {
        "Monastery": (prestige.PS_BARRIERS_CROSSED, 4, NONE),
        "Palace": (prestige.PS_QUEST_TILES, 2, NONE),
        "Basilica": (prestige.PS_ASSISTANTS, 4, 16),
        "Fortress": (prestige.PS_CP_AND_PERSONAL_FIGURES, 2, NONE),
        "Great Church": (prestige.PS_SYNERGIES, 3, NONE),
        "Military Base": (prestige.PS_COMBAT_TOKENS, 2, NONE),
        "Academy": (prestige.PS_SHIP_UPGRADES, 2, NONE),
        "Cathedral": (prestige.PS_DOUBLOON_INCOME_VP, 2, NONE),
    }
    assert (prestige.PRESTIGE_COST == 20).all()  # GAP-11 decision
    assert components.PRESTIGE_FIRST_INVESTOR_VP == 2  # MA-16.3


def test_prestige_worked_examples():
    """MA-16.5 ([R] 堡垒: 2 figures + 3 CP -> 10 VP; 主教座堂, MA-30 T15: income 24 ->
    5 + 10 = 15 VP)."""
    fortress = prestige.PRESTIGE_IDS.index("PB4")
    assert prestige.PRESTIGE_VP_PER_UNIT[fortress] * (2 + 3) == 10
    cathedral = prestige.PRESTIGE_IDS.index("PB8")
    base = tracks.DOUBLOON_INCOME_FINAL_VP[24]
    assert base + prestige.PRESTIGE_VP_PER_UNIT[cathedral] * base == 15


# ======================================================================================
# MA-17 ship upgrades
# ======================================================================================


def test_upgrade_unlock_conditions():
    """MA-17.3, MA-30 T8: U6 after U5, U9 after U8, U10 and U11 after 4 other positions,
    U12 after 6 others; the rest are free."""
    unlock = {
        uid: (int(k), int(a)) for uid, k, a in zip(ship.UPGRADE_IDS, ship.UPGRADE_UNLOCK, ship.UPGRADE_UNLOCK_ARG)
    }
    free = (ship.UNLOCK_NONE, 0)
    assert unlock == {
        "U1": free,
        "U2": free,
        "U3": free,
        "U4": free,
        "U5": free,
        "U6": (ship.UNLOCK_AFTER, ship.U5),
        "U7": free,
        "U8": free,
        "U9": (ship.UNLOCK_AFTER, ship.U8),
        "U10": (ship.UNLOCK_OTHERS, 4),
        "U11": (ship.UNLOCK_OTHERS, 4),
        "U12": (ship.UNLOCK_OTHERS, 6),
    }


def test_upgrade_effects():
    """MA-17.3: immediate VP/D of U3, U4, U5, U6, U12; U2 hand limit 6; U7 unlocks CA3;
    U8-U10 unlock their village options; U11 is a choice of three."""
    imm = {r[0]: r[2] for r in ship.UPGRADES}
    assert imm["U3"] == ((codes.S_GAIN_VP, 3),) and imm["U4"] == ((codes.S_GAIN_D, 5),)
    assert imm["U5"] == ((codes.S_GAIN_VP, 3),) and imm["U6"] == ((codes.S_GAIN_VP, 6),)
    assert imm["U12"] == ((codes.S_GAIN_VP, 10),)
    assert imm["U11"] == (
        (codes.S_CHOOSE_ONE, 3),
        (codes.S_EXPLORE, 3),
        (codes.S_GAIN_D_AND_VP, 4),
        (codes.S_NEXT_NOBLE_LEVEL,),
    )
    perm = {r[0]: r[3] for r in ship.UPGRADES}
    assert perm["U1"] == (ship.UP_VILLAGE_COUNT, 0)
    assert perm["U2"] == (ship.UP_HAND_LIMIT, 6)
    assert perm["U3"] == (ship.UP_FREE_DISPLAY, 0)
    assert perm["U7"] == (ship.UP_COMBAT_ACTION, actions.CA3)
    assert [perm[u] for u in ("U8", "U9", "U10")] == [
        (ship.UP_VILLAGE_OPTION, v) for v in (actions.VA_U8, actions.VA_U9, actions.VA_U10)
    ]
    brown = {u for u, p in zip(ship.UPGRADE_IDS, ship.UPGRADE_PANEL) if p == ship.BROWN_PANEL}
    assert brown == {"U4", "U5", "U6", "U11", "U12"}


# ======================================================================================
# D9 project cards (MA-14, MA-15)
# ======================================================================================


def _families_used():
    return {int(f) for f in projects.CARD_FX_FAMILY.ravel() if f != NONE}


def test_every_symbol_overview_family_is_on_a_placeholder_card():
    """MA-15, GAP-7: the placeholder list uses every effect family of the rulebook's symbol
    overview (income, permanent, new village and combat actions, immediate, assistant)."""
    assert list(projects.FAMILY_CODES) == [
        "ID",
        "IV",
        "IDs",
        "IVs",
        "PI",
        "PD",
        "PCB",
        "PCO",
        "PEX",
        "PST",
        "PAV",
        "PAD",
        "PFC",
        "PNC",
        "PXV",
        "VMV",
        "VMD",
        "VBK",
        "VG2",
        "CIV",
        "CD3",
        "XI2",
        "XI1",
        "XCP",
        "XDS",
        "XF2",
        "XSA",
        "XVM",
        "XVN",
        "XQC",
        "XVT",
        "XVA",
        "XVQ",
        "XVC",
        "XFC",
        "XVS",
        "XV3",
        "AS",
    ]
    assert [r[0] for r in projects.FAMILIES] == list(range(len(projects.FAMILIES)))
    missing = set(range(len(projects.FAMILIES))) - _families_used()
    assert not missing, f"families never used: {[projects.FAMILY_CODES[f] for f in missing]}"


def _args_of(family, col=projects.CARD_FX_A0):
    return {int(a) for a in col[projects.CARD_FX_FAMILY == family]}


def test_every_overview_variant_is_on_a_placeholder_card():
    """MA-15.2, MA-15.3, MA-13.5 ([R] 符号概览): PI for herb, map and book; PNC and XI2 for
    each nation; all 17 assistant actions; every synergy symbol on some card."""
    assert _args_of(projects.F_PI) == {codes.HERB, codes.MAP, codes.BOOK}
    assert _args_of(projects.F_PNC) == {FR, ES, EN}
    assert _args_of(projects.F_XI2) == {FR, ES, EN}
    assert _args_of(projects.F_AS) == set(range(17))
    assert {int(s) for s in projects.CARD_SYNERGY if s != NONE} == set(range(codes.NUM_SYNERGIES))


def test_every_requirement_kind_is_on_a_placeholder_card():
    """MA-14.4 ([R] 购买需求): @n, return figures, figure on card, 3 herbs, N3, CP(x)."""
    used = {int(k) for k in projects.CARD_REQ_KIND.ravel() if k != NONE}
    assert used == set(range(len(projects.REQUIREMENT_CODES)))
    h3 = projects.CARD_REQ_KIND == projects.REQ_PAY_ITEMS
    assert set(projects.CARD_REQ_A0[h3]) == {codes.HERB} and set(projects.CARD_REQ_A1[h3]) == {3}


def test_c_cards_are_project_cards_of_the_story_numbers():
    """MA-26.1, GAP-63 (D15): the C cards are the ten numbers 90-99 story cards bring in,
    rows of the project cards' schema (D9's families and requirement kinds only), card ids
    after the 157 A and B cards (MA-2.2), read by the kernels as any project card (MA-14)."""
    assert c_cards.C_CARD_NUMBERS == story.C_CARDS == tuple(range(90, 100))
    assert not set(c_cards.C_CARD_IDS) & set(projects.CARD_IDS[: projects.C_FIRST])
    assert projects.CARD_IDS[projects.C_FIRST :] == c_cards.C_CARD_IDS and len(projects.CARDS) == 157
    for row in c_cards.C_CARDS:
        assert len(row) == len(projects.CARDS[0]) and row[1] == c_cards.C not in (projects.A, projects.B)
        assert row[3] >= 0 and row[5] >= 0 and row[6] in range(len(codes.SYMBOLS))
        assert row[7] == NONE or row[7] in range(codes.NUM_SYNERGIES)
    families = {int(f) for f in c_cards.C_CARD_FX_FAMILY.ravel() if f != NONE}
    kinds = {int(k) for k in c_cards.C_CARD_REQ_KIND.ravel() if k != NONE}
    assert families <= set(range(len(projects.FAMILIES))) and kinds <= set(range(len(projects.REQUIREMENT_CODES)))
    assert (c_cards.C_CARD_FX_COUNT >= 1).all()  # every card does something


def test_effect_arguments_are_in_range():
    """MA-15: nations 0-2, synergies 0-4, assistant actions 0-16, positive amounts."""
    fam, a0, a1 = projects.CARD_FX_FAMILY, projects.CARD_FX_A0, projects.CARD_FX_A1
    for f in (projects.F_XI2, projects.F_PNC):
        assert set(a0[fam == f]) <= {FR, ES, EN}
    for f in (projects.F_IDS, projects.F_IVS):
        assert set(a0[fam == f]) <= set(range(codes.NUM_SYNERGIES)) and (a1[fam == f] > 0).all()
    for f in (projects.F_ID, projects.F_IV, projects.F_PD, projects.F_XCP, projects.F_VBK, projects.F_CIV):
        assert (a0[fam == f] > 0).all()
    assert (projects.CARD_COST >= 0).all() and (projects.CARD_END_VP >= 0).all()


def test_card_symbols():
    """MA-14.1, D9: each card shows exactly one good or item; placeholder mix 31 of each
    good, 16 of each item."""
    counts = Counter(codes.SYMBOLS[s] for s in projects.CARD_SYMBOL[: projects.NUM_AB_CARDS])
    assert counts == {"TOB": 31, "CORN": 31, "SUG": 31, "HERB": 16, "MAP": 16, "BOOK": 16, "TELE": 16}


def test_assistant_cards():
    """MA-13.1, GAP-50: a card places an assistant (@n) exactly when it has an assistant
    action; assistants stand on locations 1-19, never on Havana or homeward spaces."""
    has_at = projects.CARD_ASSISTANT_LOC != NONE
    has_as = projects.CARD_ASSISTANT_ACTION != NONE
    assert (has_at == has_as).all() and int(has_at[: projects.NUM_AB_CARDS].sum()) == 30  # C cards too (GAP-63)
    assert set(board.LOC_NUM[projects.CARD_ASSISTANT_LOC[has_at]]) <= set(range(1, 20))


def test_legionnaire_and_harbour_examples():
    """MA-15.1 ([R] 军团士兵, 港口 examples): Legionnaire costs 12, gives 5 CP, +2 doubloon
    income, +2 VP income with ANCHOR. Harbour costs 16, 2 VP; with TOOLS but no CROWN the
    VP income rises by 4, a later CROWN adds 2."""
    leg = projects.CARDS[projects.CARD_INDEX["B001"]]
    assert leg[3] == 12 and set(leg[8]) == {projects.XCP(5), projects.ID(2), projects.IVs(codes.ANCHOR, 2)}
    harbour = projects.CARDS[projects.CARD_INDEX["B003"]]
    assert (harbour[3], harbour[5]) == (16, 2)

    def vp_income(effects, synergies):
        total = 0
        for fam, a0, a1 in effects:
            if fam == projects.F_IV:
                total += a0
            elif fam == projects.F_IVS and a0 in synergies:
                total += a1
        return total

    assert vp_income(harbour[8], {codes.TOOLS}) == 4
    assert vp_income(harbour[8], {codes.TOOLS, codes.CROWN}) == 6


# ======================================================================================
# D10, D14 Jean (MA-24)
# ======================================================================================


@pytest.mark.parametrize("level, abc", [(1, (5, 0, 0)), (2, (5, 0, 1)), (3, (5, 1, 1)), (4, (5, 2, 1)), (5, (5, 3, 1))])
def test_jean_deck_per_level(level, abc):
    """MA-24.4, D10: A/B/C cards per difficulty level; the default pool can supply them."""
    assert tuple(int(n) for n in jean.JEAN_LEVEL_COUNTS[level]) == abc
    for letter, need in enumerate(abc):
        assert len(jean.jean_card_pool(letter)) >= need


def test_jean_base_cards():
    """MA-2.2, MA-24.4: 15 base solo cards lettered A/B/C; default level 3."""
    base = [cid for cid, e in zip(jean.JEAN_CARD_IDS, jean.JEAN_CARD_EXPANSION) if not e]
    assert len(base) == 15
    assert Counter(cid[0] for cid in base) == {"A": 5, "B": 6, "C": 4}
    assert jean.JEAN_DEFAULT_LEVEL == 3


def test_jean_uprising_cards_are_excluded_by_default():
    """D10, GAP-15: B7U and C5U (The Uprising) are flagged and only join on request."""
    flagged = {cid for cid, e in zip(jean.JEAN_CARD_IDS, jean.JEAN_CARD_EXPANSION) if e}
    assert flagged == {"B7U", "C5U"}
    default = {jean.JEAN_CARD_IDS[i] for letter in range(3) for i in jean.jean_card_pool(letter)}
    with_u = {jean.JEAN_CARD_IDS[i] for letter in range(3) for i in jean.jean_card_pool(letter, True)}
    assert not default & flagged and with_u == default | flagged
    base_actions = jean.JEAN_ACT_CODE[jean.JEAN_CARD_EXPANSION == 0]
    assert jean.J_REDUCE_COMBAT not in base_actions  # not a base-game action (MA-24.9)


def test_jean_cards_match_the_rulebook_actions():
    """MA-24.9: the DISC card gains 4 VP from round 3 (B3); explore 2 then 4 from round 3
    (B1); the combat cards give 2, or 3 influence and 2 VP; Armed aggression (C4) annexes
    an extra village."""

    def card(cid):
        i = jean.JEAN_CARD_IDS.index(cid)
        return jean.JEAN_CARDS[i][6]

    assert card("B3") == ((jean.J_REMOVE_DISC, 0, 0, 1, 4), (jean.J_VP, 4, 0, 3, 4))
    assert card("B1") == ((jean.J_VP, 4, 0, 1, 4), (jean.J_EXPLORE, 2, 0, 1, 2), (jean.J_EXPLORE, 4, 0, 3, 4))
    assert card("A3") == ((jean.J_COMBAT, 2, 0, 1, 4),)
    assert card("B6") == ((jean.J_COMBAT, 3, 0, 1, 4), (jean.J_VP, 2, 0, 1, 4))
    assert card("C4")[0] == (jean.J_COMBAT, 3, 1, 1, 4)


def test_jean_solo_track():
    """MA-24.13, D14, MA-30 T11/T12/T21: 3 discs -> 2 VP ([R] example); 7 -> 8; 0 -> 0;
    22 -> 38; yellow spaces revealed = half the discs removed (11 -> 5)."""
    income = jean.JEAN_INCOME_BY_REMOVED
    # the 22 values printed on the solo board ([R] 单人面板照片)
    printed = [0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38]
    assert list(income[1:]) == printed
    assert (income[0], income[3], income[7], income[22]) == (0, 2, 8, 38)
    assert jean.JEAN_TRACK_DISCS == 22 and len(income) == 23
    assert jean.JEAN_UPGRADES_BY_REMOVED[11] == 5 and jean.JEAN_UPGRADES_BY_REMOVED[22] == 11


def _lead_bonus(category, lead):
    for minimum, vp in zip(jean.JEAN_LEAD_MIN[category], jean.JEAN_LEAD_VP[category]):
        if lead >= minimum:
            return int(vp)
    return 0


def test_jean_end_bonuses():
    """MA-24.14, MA-30 T12: 5 VP per quest; Jean 7 quests vs 3 -> 35 + 30; upgrade lead 1 ->
    10; explorer lead 9 -> 20, 0 -> 0; quest lead 3 -> 20, 2 -> 10; explorer 11 -> 30."""
    assert 7 * jean.JEAN_VP_PER_QUEST + _lead_bonus(jean.LEAD_QUESTS, 7 - 3) == 65
    assert _lead_bonus(jean.LEAD_UPGRADES, 5 - 4) == 10
    assert _lead_bonus(jean.LEAD_EXPLORER, 15 - 6) == 20 and _lead_bonus(jean.LEAD_EXPLORER, 0) == 0
    assert _lead_bonus(jean.LEAD_QUESTS, 3) == 20 and _lead_bonus(jean.LEAD_QUESTS, 2) == 10
    assert _lead_bonus(jean.LEAD_EXPLORER, 11) == 30 and _lead_bonus(jean.LEAD_EXPLORER, 7) == 10


# The D10 source file lives outside the repository (docs/rules/maracaibo.md, D10);
# DOUBLOON_SHARED points at the folder that holds data/maracaibo/jean_solo_cards.json.
SHARED = Path(os.environ.get("DOUBLOON_SHARED", Path(__file__).resolve().parents[3] / "shared"))
JEAN_JSON = SHARED / "data" / "maracaibo" / "jean_solo_cards.json"


@pytest.mark.skipif(not JEAN_JSON.exists(), reason="the D10 data file jean_solo_cards.json is not on this machine")
def test_jean_cards_equal_the_real_data_file():
    """D10: our rows re-express every fact of jean_solo_cards.json (same cards, moves,
    branches, display slots, actions and round ranges)."""
    nation = {"FRANCE": FR, "SPAIN": ES, "ENGLAND": EN}
    branch = {"UPPER": board.UPPER, "LOWER": board.LOWER}

    def action(a):
        code = a["action"]
        rounds = (a["roundFrom"], a["roundTo"])
        if code == "INFLUENCE":
            return jean.act(jean.J_INFLUENCE, nation[a["nation"]], a["influence"], rounds)
        if code == "COMBAT":
            return jean.act(jean.J_COMBAT, a["influence"], int(a.get("combatAdditionalVillage", False)), rounds)
        simple = {
            "EXPLORE": (jean.J_EXPLORE, "exploreSteps"),
            "VP": (jean.J_VP, "vp"),
            "REMOVE_DISC": (jean.J_REMOVE_DISC, None),
            "QUEST_PILE": (jean.J_QUEST_PILE, None),
            "REDUCE_COMBAT": (jean.J_REDUCE_COMBAT, "reduceCombat"),
        }
        j_code, key = simple[code]
        return jean.act(j_code, a[key] if key else 0, 0, rounds)

    cards = json.loads(JEAN_JSON.read_text(encoding="utf-8"))
    assert len(cards) == len(jean.JEAN_CARDS)
    for c, row in zip(cards, jean.JEAN_CARDS):
        assert row[:6] == (
            c["id"],
            jean.LETTERS.index(c["cardLevel"]),
            int(c["id"].endswith("U")),
            c["movementSteps"],
            branch[c["direction"]],
            c["displayCard"],
        )
        assert row[6] == tuple(action(a) for a in c["actions"]), c["id"]
