"""The cities of the legacy tiles (MA-26.4, MA-26.7): the new cities L4 and L7 (the
explorer gate, 3 MP to and from them, their city actions, Jean) and L1 (Puerto Cabezas
a city with a quest slot), with the engine contract (position checks, observation, text,
SVG, random play). Placeholder data from data/legacy.py: L4 lies between 7 and 8 and
takes TOB, L7 lies between 16 and 17 and takes CORN, L1's market takes SUG."""

import functools

import numpy as np
import pytest

from games.core.errors import PositionError
from games.maracaibo.data import board, legacy, ship
from games.maracaibo.game import Maracaibo
from games.maracaibo.spaces import MAIN_CITY, MAIN_NONE, OBS
from games.maracaibo.state import Decision
from tests.maracaibo.positions import act, edit, exp, give_hand, legal, loc, opening

L4, L7 = 0, 1  # new-city index: legacy_sail parameter, legacy_city value


@functools.cache
def game(*tiles, n=2):
    return Maracaibo(num_players=n, legacy_tiles=tiles)


def at(tiles, where, explorer="E0", city=-1, seed=1, **more):
    """Round 1, the current player to sail from ``where`` (a new city with ``city``)."""
    g = game(*tiles)
    s = opening(g, seed)
    p = int(s[0]["current_player"])
    s = edit(g, s, ship={p: loc(where)}, explorer={p: exp(explorer)}, legacy_city={p: city}, **more)
    return g, s, p


def targets(g, s):
    return sorted((board.LOC_IDS[i + 1] for i in legal(g, s, "sail_to")), key=board.LOC_IDS.index)


def test_placeholder_positions():
    """The data the tests below use (data/legacy.py, PLACEHOLDER where the cities lie)."""
    assert [legacy.LEGACY_POSITION[legacy.LEGACY_INDEX[t]] for t in ("L4", "L7")] == ["7>8", "16>17"]
    assert list(legacy.NEW_CITY_EXPLORER) == [4, 11]  # MA-26.4: explorer space 4 / 11
    assert legacy.NEW_CITY_MP == 3


@pytest.mark.parametrize(
    "tile, k, start, short, reached",
    [
        ("L4", L4, "6", "E3", "E4"),  # MA-26.4 L4: explorer space 4
        ("L7", L7, "15", "E10a", "E11"),  # MA-26.4 L7: explorer space 11
    ],
)
def test_gate_is_the_explorer_space(tile, k, start, short, reached):
    """MA-26.4: a new city is usable once your explorer has reached its space."""
    g, s, _ = at((tile,), start, explorer=short)
    assert legal(g, s, "legacy_sail") == []
    g, s, _ = at((tile,), start, explorer=reached)
    assert legal(g, s, "legacy_sail") == [k]
    g, s, _ = at(("L2",), start, explorer="E12")  # not in play
    assert legal(g, s, "legacy_sail") == []


def test_sailing_to_l4_costs_3_mp_from_its_location():
    """MA-26.4 L4: moving to it costs 3 MP; from 5 the path 5 -> 6 -> 7 (2 MP) comes first;
    from Havana (7 steps to 7) it is out of reach (MA-5.1: 7 MP)."""
    g, s, p = at(("L4",), "7", explorer="E4")
    act(g, s, "legacy_sail", L4)
    rec = s[0]
    assert (rec["ship"][p], rec["legacy_city"][p], rec["mp_spent"], rec["last_sail_mp"]) == (loc("7"), L4, 3, 3)
    assert rec["decision"] == Decision.MAIN
    g, s, p = at(("L4",), "5", explorer="E4")
    act(g, s, "legacy_sail", L4)
    assert s[0]["mp_spent"] == 5
    g, s, _ = at(("L4",), "H", explorer="E4")
    assert legal(g, s, "legacy_sail") == []


def test_leaving_a_new_city_costs_3_mp():
    """MA-26.4 L4: moving from it costs 3 MP: 8 is 3 MP away, 12 is 3 + 4 = 7, 13 is out of
    reach; the route continues from 8 (7 is behind)."""
    g, s, p = at(("L4",), "7", explorer="E4", city=L4)
    assert targets(g, s) == ["8", "9", "10", "11", "12"]
    assert legal(g, s, "legacy_sail") == []  # already there
    act(g, s, "sail_to", loc("12") - 1)
    rec = s[0]
    assert (rec["ship"][p], rec["legacy_city"][p], rec["mp_spent"]) == (loc("12"), -1, 7)


def test_from_l4_to_l7():
    """MA-26.4: 3 MP out of L4 to 8, 8 -> 16 (8 steps) is too far for one turn; from 16 L7 is 3 MP."""
    g, s, _ = at(("L4", "L7"), "7", explorer="E11", city=L4)
    assert legal(g, s, "legacy_sail") == []
    g, s, p = at(("L4", "L7"), "16", explorer="E11")
    act(g, s, "legacy_sail", L7)
    assert (s[0]["ship"][p], s[0]["legacy_city"][p], s[0]["mp_spent"]) == (loc("16"), L7, 3)


def test_passing_assistants_around_a_new_city():
    """MA-5.10: sailing from 5 to L4 passes 6 and 7 (2 VP each for own assistants there)."""
    from games.maracaibo.data import projects
    from tests.maracaibo.test_rules_assistants import own

    g, s, p = at(("L4",), "5", explorer="E4")
    helper = next(
        projects.CARD_IDS[c]
        for c in range(len(projects.CARD_IDS))
        if projects.CARD_ASSISTANT_LOC[c] == loc("7") and s[0]["card_where"][c] != 0
    )
    s = own(g, s, p, [helper])
    vp = int(s[0]["vp"][p])
    act(g, s, "legacy_sail", L4)
    assert s[0]["vp"][p] == vp + 2


def _sailed_to(tile, k, start, explorer, hand):
    g, s, p = at((tile,), start, explorer=explorer)
    s = give_hand(g, s, p, hand)
    act(g, s, "legacy_sail", k)
    return g, s, p


def test_l4_city_action():
    """MA-26.4 L4: only its city action: deliver one good (TOB, placeholder; a disc leaves
    the ship board, MA-7.2), 2 village actions, and you may return a figure for 5 VP."""
    g, s, p = _sailed_to("L4", L4, "7", "E4", ["A004", "A014"])  # TOB, CORN
    s = edit(g, s, discs={(p, ship.U10): 0})  # VA-U10 open: it annexes the ship's village
    assert legal(g, s, "main_action") == [MAIN_CITY, MAIN_NONE]  # 7's village actions are not here
    market = s[0]["market"].copy()
    act(g, s, "main_action", MAIN_CITY)
    assert legal(g, s, "deliver") == [0, 8]  # the TOB card, or skip
    act(g, s, "deliver", 0)
    assert s[0]["hand_len"][p] == 1 and np.array_equal(s[0]["market"], market)
    assert s[0]["decision"] == Decision.REMOVE_DISC
    act(g, s, "remove_disc", legal(g, s, "remove_disc")[0])
    assert s[0]["decision"] == Decision.VILLAGE
    assert not set(legal(g, s, "village_option")) & {6, 7, 8}  # VA-U10 cannot annex 7 from the new city
    act(g, s, "village_option", 0)  # A
    act(g, s, "village_option", 0)
    assert s[0]["decision"] == Decision.CHOICE
    vp, fig = int(s[0]["vp"][p]), int(s[0]["fig_personal"][p])
    assert "Return 1 figure for: +5 VP" in g.action_label(s[0], g.action_id("choice", 1))
    act(g, s, "choice", 1)
    assert (s[0]["vp"][p], s[0]["fig_personal"][p]) == (vp + 5, fig - 1)


def test_l4_figure_payment_can_be_declined():
    g, s, p = _sailed_to("L4", L4, "7", "E4", ["A014"])  # no TOB: no delivery
    act(g, s, "main_action", MAIN_CITY)
    assert s[0]["decision"] == Decision.VILLAGE
    act(g, s, "village_option", 0)
    act(g, s, "village_option", 0)
    vp = int(s[0]["vp"][p])
    act(g, s, "choice", 0)
    assert s[0]["vp"][p] == vp and s[0]["decision"] == Decision.MAIN


def test_l7_city_action():
    """MA-26.4 L7: deliver one good (CORN, placeholder), +3 CP and a combat (GAP-50: a full
    combat MA-8.1 - MA-8.7)."""
    g, s, p = _sailed_to("L7", L7, "16", "E11", ["A014"])  # CORN
    s = edit(g, s, cp={p: 2})
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "deliver", 0)
    act(g, s, "remove_disc", legal(g, s, "remove_disc")[0])
    assert s[0]["cp"][p] == 5
    assert s[0]["decision"] == Decision.COMBAT_PILE


@pytest.mark.parametrize(
    "fields, message",
    [
        (dict(legacy_city={0: L7}), "not in play"),
        (dict(legacy_city={0: L4}, explorer={0: exp("E3")}), "has not reached space 4"),
        (dict(legacy_city={0: L4}, explorer={0: exp("E4")}, ship={0: loc("8")}), "stands on 7"),
    ],
)
def test_bad_positions(fields, message):
    """from_json: a ship lies at a new city only when its tile is in play, the explorer
    reached the space, and the ship stands on the location before it."""
    g = game("L4")
    s = opening(g, 1)
    with pytest.raises(PositionError, match=message):
        edit(g, s, **fields)


def test_observation_text_and_svg():
    """MA-29: legacy_ship shows the ship at the new city (relative seat); the text and the
    SVG show the city and its ship; the sail label names the MP and the rewards."""
    g, s, p = at(("L4",), "7", explorer="E4")
    label = g.action_label(s[0], g.action_id("legacy_sail", L4))
    assert label.startswith("Sail to the new city L4 Hidden harbour (3 MP): deliver 1 TOB, 2 village actions")
    act(g, s, "legacy_sail", L4)
    seg = OBS["legacy_ship"]
    ship = g.observe(s, p)[0][seg.slice].reshape(seg.shape)
    assert ship[0].tolist() == [1.0, 0.0] and ship[1:].sum() == 0
    other = g.observe(s, 1 - p)[0][seg.slice].reshape(seg.shape)
    assert other[1].tolist() == [1.0, 0.0] and other[0].sum() == 0
    text = g.render(s[0])
    assert "L4 Hidden harbour (new city at 7 -> 8): explorer space 4+" in text and "; ships" in text
    assert "new-city-ship" in g.render_svg(s[0])


# ----- Jean (MA-26.7) -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "explorer, where, city",
    [
        ("E3", "9", -1),  # short of space 4: 7 and 8 are villages, 9 is the next city
        ("E4", "7", L4),  # MA-26.7: once her explorer reached space 4 she sails to L4
    ],
)
def test_jean_sails_to_l4_only_once_her_explorer_reached_it(explorer, where, city):
    """MA-26.7: she may sail to L4 only once her explorer has reached space 4; there it
    counts as a city (MA-24.6) and has no market, so her city step takes a display card
    (MA-24.8a). From it she continues to 8."""
    from games.maracaibo.solo import MaracaiboSolo
    from tests.maracaibo.test_solo_jean import J, clear_quests, run, with_top

    g = MaracaiboSolo(level=5, legacy_tiles=("L4",))
    s = opening(g, 3)
    s = clear_quests(g, s, range(1, 12))
    s = edit(g, s, ship={J: loc("6")}, explorer={J: exp(explorer)})
    s = with_top(g, s, "A1")  # move 1
    cards = int(s[0]["jean_cards"])
    run(g, s, 0)
    assert (s[0]["ship"][J], s[0]["legacy_city"][J]) == (loc(where), city)
    if city == L4:
        assert s[0]["jean_cards"] == cards + 1
        s = with_top(g, s, "A2")  # move 1
        run(g, s, 0)
        assert (s[0]["ship"][J], s[0]["legacy_city"][J]) == (loc("9"), -1)  # 8 is a village


# ----- the engine contract with ships at the new cities ------------------------------------------
@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_random_play_through_the_new_cities(name):
    """Every implemented tile in play, every explorer past space 11 from the start of round
    1, random legal actions that take a new city and annex one whenever that is legal:
    every position passes ``from_json`` (to_json round trip), every legal action has a
    label, the ships visit L4 and L7 and take their city actions, and markers reach their
    flags."""
    import games

    tiles = tuple(
        sorted(legacy.IMPLEMENTED_SOLO if name == "maracaibo_solo" else legacy.IMPLEMENTED, key=legacy.LEGACY_INDEX.get)
    )
    g = (
        games.make(name, legacy_tiles=tiles)
        if name == "maracaibo_solo"
        else games.make(name, num_players=2, legacy_tiles=tiles)
    )
    rng = np.random.default_rng(0)
    sail = g.action_id("legacy_sail", 0)
    annex = g.action_id("legacy_annex", 0)
    city = g.action_id("main_action", MAIN_CITY)
    visits, annexed, actions_there = set(), set(), 0
    for seed in range(2):
        s = opening(g, seed)
        s = edit(g, s, explorer={q: exp("E11") for q in range(2)})
        for _ in range(3000):
            if s[0]["terminated"]:
                break
            legal_now = g.legal_actions(s[0])
            assert all(g.action_label(s[0], a) for a in legal_now)
            ours = [
                a
                for a in legal_now
                if sail <= a < sail + legacy.NUM_NEW_CITIES or annex <= a < annex + legacy.NUM_NEW_CITIES
            ]
            a = int(rng.choice(ours)) if ours else int(rng.choice(legal_now))
            if a == city and s[0]["legacy_city"][s[0]["current_player"]] >= 0:
                actions_there += 1
            act_id = np.array([a])
            g.step(s, act_id)
            visits |= {int(c) for c in s[0]["legacy_city"] if c >= 0}
            annexed |= {c for c in range(legacy.NUM_NEW_CITIES) if s[0]["legacy_city_marker"][c] >= 0}
            back = g.from_json(g.to_json(s[0]))
            assert back.tobytes() == s.tobytes()
        assert s[0]["terminated"]
    assert visits == {L4, L7} and actions_there > 0 and annexed


# ----- L1: Puerto Cabezas becomes a city with a quest slot (MA-26.4) ------------------------------
def _cards_with(symbol, n, avoid=()):
    from games.maracaibo.data import projects

    return [
        projects.CARD_IDS[c]
        for c in range(len(projects.CARD_IDS))
        if projects.CARD_SYMBOL[c] == symbol and projects.CARD_IDS[c] not in avoid
    ][:n]


def _at_puerto_cabezas(tiles=("L1",), hand=()):
    """3 players (story card 75 lays a quest at 18, D13), the current player's ship at 18
    in Phase B after a 1-MP sail from 17."""
    g = game(*tiles, n=3)
    s = opening(g, 1)
    p = int(s[0]["current_player"])
    s = edit(g, s, ship={p: loc("17")})
    if hand:
        s = give_hand(g, s, p, list(hand))
    act(g, s, "sail_to", loc("18") - 1)
    return g, s, p


def test_l1_puerto_cabezas_is_a_city():
    """MA-26.4 L1: no village actions at 18 any more; its city action delivers one good
    (SUG, PLACEHOLDER) to its market while a slot is free; without L1 it is a village."""
    from games.maracaibo.data.codes import SUG

    sug = _cards_with(SUG, 2)
    g, s, p = _at_puerto_cabezas(("L2",), hand=sug)
    assert 1 in legal(g, s, "main_action") and MAIN_CITY not in legal(g, s, "main_action")
    g, s, p = _at_puerto_cabezas(hand=sug)
    main = legal(g, s, "main_action")
    assert 1 not in main and MAIN_CITY in main  # 1 = village actions
    assert "deliver 1 SUG" in g.action_label(s[0], g.action_id("main_action", MAIN_CITY))
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "deliver", legal(g, s, "deliver")[0])
    assert s[0]["market"][loc("18")] == 1
    g, s, p = _at_puerto_cabezas(hand=_cards_with(legacy.QUEST_CITY_GOOD + 1, 1))  # no SUG: nothing to deliver
    assert MAIN_CITY not in legal(g, s, "main_action")


def test_l1_quest_slot_is_completed_with_the_delivery_and_refilled():
    """MA-26.4 L1: the city action completes the quest there (costs first, MA-12.2), the
    slot is refilled from the quest pile, and one good is delivered."""
    from games.maracaibo.data import quests
    from games.maracaibo.data.codes import MAP, SUG
    from games.maracaibo.state import QS_BOARD, QS_DONE

    g, s, p = _at_puerto_cabezas(hand=_cards_with(SUG, 1) + _cards_with(MAP, 2))
    rec = s[0]
    here = [
        q for q in range(quests.NUM_QUESTS) if rec["quest_state"][q] == QS_BOARD and rec["quest_arg"][q] == loc("18")
    ]
    assert [quests.QUEST_IDS[q] for q in here] == ["Q12"]  # costs 2 MAP (placeholder tile, D13)
    top = int(rec["quest_pile"][rec["quest_pile_len"] - 1])
    pile = int(rec["quest_pile_len"])
    label = g.action_label(rec, g.action_id("main_action", 2))
    assert "with the L1 city action" in label
    act(g, s, "main_action", 2)  # MAIN_QUEST slot 0
    rec = s[0]
    assert (rec["quest_state"][here[0]], rec["quest_arg"][here[0]]) == (QS_DONE, p)
    assert (rec["quest_state"][top], rec["quest_arg"][top], rec["quest_pile_len"]) == (QS_BOARD, loc("18"), pile - 1)
    for _ in range(30):  # pay the MAPs, explore (the quest's reward), then the delivery
        if s[0]["decision"] == Decision.DELIVER:
            break
        fam, k = next((f, k) for f, k in legal(g, s) if not f.startswith("free_"))
        act(g, s, fam, k)
    assert s[0]["decision"] == Decision.DELIVER
    act(g, s, "deliver", legal(g, s, "deliver")[0])
    assert s[0]["market"][loc("18")] == 1


def test_l1_new_flag_keeps_the_marker_and_is_a_flag_target():
    """MA-26.4 L1: an existing marker at 18 moves to the new flag (the same marker_at
    entry); 18 is a flag for CA2 (MA-8.6) and no longer a village for CA3."""
    from games.maracaibo.spaces import CA_FLAG, CA_VILLAGE
    from tests.maracaibo.test_rules_combat import fight

    for tiles, flag in ((("L1",), True), (("L2",), False)):
        g = game(*tiles)
        s = opening(g, 5)
        p = int(s[0]["current_player"])
        s = edit(g, s, marker_at={loc("18"): 2}, markers_taken={2: int(s[0]["markers_taken"][2]) + 1})
        assert s[0]["marker_at"][loc("18")] == 2
        s = edit(g, s, discs={(p, ship.U7): 0})  # CA3 needs U7
        s, p = fight(g, s, "TK01")
        act(g, s, "combat_pile", 0)
        act(g, s, "combat_nation", 0)
        s = edit(g, s, cb_v=30)
        ca = legal(g, s, "combat_action")
        assert (CA_FLAG + loc("18") - 1 in ca) == flag
        assert (CA_VILLAGE + loc("18") - 1 in ca) == (not flag)


def test_jean_counts_puerto_cabezas_as_a_city():
    """MA-26.7 (L1 is not among the tiles she ignores): 18 is a city on her route (MA-24.6)
    and her city step puts a disc on its market (MA-24.8)."""
    from games.maracaibo.solo import MaracaiboSolo
    from tests.maracaibo.test_solo_jean import J, clear_quests, run, with_top

    for tiles, where in ((("L2",), "20"), (("L1",), "18")):
        g = MaracaiboSolo(level=5, legacy_tiles=tiles)
        s = opening(g, 3)
        s = clear_quests(g, s, range(17, 21))
        s = edit(g, s, ship={J: loc("17")})
        s = with_top(g, s, "A1")  # move 1
        removed = int(s[0]["jean_removed"])
        run(g, s, 0)
        assert s[0]["ship"][J] == loc(where)
        if where == "18":
            assert (s[0]["market"][loc("18")], s[0]["jean_removed"]) == (1, removed + 1)
