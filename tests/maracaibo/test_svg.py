"""The drawn board of Maracaibo and its solo game (games/maracaibo/svg.py, Game.render_svg).

Whole random games are drawn at many positions, for every seat and both themes; what
the rules put on the board is found in the picture (MA-5 ships, MA-12.1 quests on the
map, MA-10 explorers, MA-9 influence, VP); a seat's picture shows only what its
observation holds (MA-29.2, MA-29.3)."""

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import games
from games.core import svg
from games.maracaibo.data import board, explorer, quests
from games.maracaibo.data.codes import NATIONS
from games.maracaibo.data.jean import JEAN_CARD_IDS
from games.maracaibo.component_text import card_name
from games.maracaibo.state import QS_BOARD, QS_EXPLORER

SVG = "{http://www.w3.org/2000/svg}"


def positions(game, seed, every):
    """Records of one random game (uniformly random legal moves), every ``every`` moves and the end."""
    state = game.init(np.array([seed]))
    rng = np.random.default_rng(seed)
    out, t = [], 0
    while not game.terminated(state)[0]:
        if t % every == 0:
            out.append(state[0].copy())
        game.step(state, np.array([rng.choice(game.legal_actions(state[0]))]))
        t += 1
    return out + [state[0].copy()]


@pytest.fixture(scope="module")
def three_player():
    game = games.make("maracaibo", num_players=3)
    return game, positions(game, seed=4, every=53)


@pytest.fixture(scope="module")
def solo():
    game = games.make("maracaibo_solo")
    return game, positions(game, seed=5, every=29)


def texts(root):
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def of_class(root, name):
    return [e for e in root.iter() if e.get("class") == name]


@pytest.mark.parametrize("which", ["three_player", "solo"])
def test_every_position_draws_well_formed_for_every_seat_and_theme(which, request):
    game, records = request.getfixturevalue(which)
    assert len(records) > 5
    for rec in records:
        for theme in sorted(svg.THEMES):
            for player in (None, *range(game.num_players)):
                root = ET.fromstring(game.render_svg(rec, player=player, theme=theme))
                assert root.tag == f"{SVG}svg" and float(root.get("height")) > 0
                assert root.find(f"{SVG}rect").get("fill") == svg.THEMES[theme].background
                assert float(root.get("height")) >= max(
                    float(r.get("y")) + float(r.get("height")) for r in root.iter(f"{SVG}rect")
                )


@pytest.mark.parametrize("which", ["three_player", "solo"])
def test_what_the_rules_put_on_the_board_is_drawn(which, request):
    game, records = request.getfixturevalue(which)
    for rec in records:
        root = ET.fromstring(game.render_svg(rec))
        n = int(rec["num_players"])
        # MA-5: one ship per seat, drawn on the location the record puts it
        ships = {int(c.get("data-seat")): c.get("data-loc") for c in of_class(root, "ship")}
        assert ships == {p: board.LOC_IDS[int(rec["ship"][p])] for p in range(n)}
        # MA-10: one explorer per seat, on its space
        explorers = {int(c.get("data-seat")): c.get("data-space") for c in of_class(root, "explorer")}
        assert explorers == {p: explorer.EXP_IDS[int(rec["explorer"][p])] for p in range(n)}
        # MA-9: each seat's disc on each nation's influence track
        influence = {
            (int(c.get("data-seat")), c.get("data-nation")): int(c.get("data-value"))
            for c in of_class(root, "influence")
        }
        assert influence == {(p, NATIONS[a]): int(rec["influence"][p, a]) for p in range(n) for a in range(3)}
        # MA-12.1: every quest tile on the map, at its location
        on_map = sorted((q.get("data-quest"), q.get("data-loc")) for q in of_class(root, "quest"))
        wanted = sorted(
            (quests.QUEST_IDS[q], board.LOC_IDS[int(rec["quest_arg"][q])])
            for q in range(quests.NUM_QUESTS)
            if rec["quest_state"][q] == QS_BOARD
        )
        assert on_map == wanted
        # MA-10.5 (D2): a quest tile lying on an explorer quest space is drawn at that space
        on_track = sorted((q.get("data-quest"), q.get("data-space")) for q in of_class(root, "explorer-quest"))
        slot_space = {int(explorer.EXP_QUEST_SLOT[s]): explorer.EXP_IDS[s] for s in range(explorer.NUM_EXPLORER_SPACES)}
        assert on_track == sorted(
            (quests.QUEST_IDS[q], slot_space[int(rec["quest_arg"][q])])
            for q in range(quests.NUM_QUESTS)
            if rec["quest_state"][q] == QS_EXPLORER
        )
        # every seat's VP is written in its panel and in the score line
        words = "\n".join(texts(root))
        for p in range(n):
            assert re.search(rf"^{int(rec['vp'][p])} VP", words, re.M)


def test_solo_draws_jean_s_board_and_her_latest_card(solo):
    # MA-24.2: her solo track; MA-24.5: the card of her latest turn
    game, records = solo
    shown = 0
    for rec in records:
        words = "\n".join(texts(ET.fromstring(game.render_svg(rec, player=0))))
        assert f"{int(rec['jean_removed'])}/22 discs off her track" in words
        if rec["jean_card"] >= 0:
            shown += 1
            assert f"Her latest solo card: {JEAN_CARD_IDS[int(rec['jean_card'])]}" in words
    assert shown > 0


@pytest.mark.parametrize("which", ["three_player", "solo"])
def test_a_seat_sees_only_its_observation(which, request):
    # MA-29.2 / MA-29.3: redrawing what seat p cannot see (its observation unchanged)
    # leaves p's picture unchanged, while the picture of every seat shows the hands
    game, records = request.getfixturevalue(which)
    seeds = np.arange(6)
    for rec in records:
        for p in range(game.num_players):
            redrawn = game.resample_hidden(rec, p, seeds)
            obs = game.observe(np.array([rec]), np.array([p]))
            picture = game.render_svg(rec, player=p)
            for other in redrawn:
                assert np.array_equal(game.observe(np.array([other]), np.array([p])), obs)
                assert game.render_svg(other, player=p) == picture


def test_other_hands_are_hidden_from_a_seat_and_shown_to_all(three_player):
    # MA-29.2: a player's hand is hidden from the others (its size is not)
    game, records = three_player
    rec = records[2]
    hand = [card_name(c) for c in rec["hand"][1][: int(rec["hand_len"][1])]]
    assert hand
    everything = "\n".join(texts(ET.fromstring(game.render_svg(rec))))
    seat0 = "\n".join(texts(ET.fromstring(game.render_svg(rec, player=0))))
    seat1 = "\n".join(texts(ET.fromstring(game.render_svg(rec, player=1))))
    for name in hand:
        assert name[:24] in everything and name[:24] in seat1 and name[:24] not in seat0
    assert f"{len(hand)} cards, hidden" in seat0


def test_placeholder_components_are_dashed_boxes(three_player):
    # the project cards, quests and the map's invented locations are PLACEHOLDER (GAP-1, GAP-7, GAP-8)
    game, records = three_player
    root = ET.fromstring(game.render_svg(records[2]))
    placeholder = svg.THEMES["light"].placeholder
    for quest in of_class(root, "quest"):
        assert quest.get("stroke") == placeholder and quest.get("stroke-dasharray")
    locations = {r.get("data-loc"): r for r in of_class(root, "location")}
    assert locations["1"].get("stroke-dasharray") and not locations["H"].get("stroke-dasharray")  # Havana: MA-1.1
