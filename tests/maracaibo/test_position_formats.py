"""Maracaibo positions of format 1, saved before the legacy tiles (MA-26.4), read as the
same positions with no legacy tile in play (games/maracaibo/position_formats.py)."""

import copy
import json
from pathlib import Path

import numpy as np
import pytest

import games
from games.maracaibo import position_formats

HERE = Path(__file__).parent
LEGACY_FIELDS = tuple(position_formats.NO_LEGACY_TILES)
STORY_FIELDS = tuple(position_formats.NO_STORY)


def read(path):
    return json.loads(path.read_text(encoding="utf-8"))


def as_format_1(obj):
    """A position as format 1 wrote it: no legacy_tiles option, none of the legacy fields."""
    old = copy.deepcopy(obj)
    old["format"] = 1
    del old["options"]["legacy_tiles"]
    for field in LEGACY_FIELDS:
        del old["state"][field]
    return {**without_quest_card(old), "format": 1}


def without_quest_card(obj):
    """A position as formats 1 and 2 wrote it: no quest_card option, no opt_quest_card
    (and nothing of the C cards, ``before_c_cards``)."""
    old = before_c_cards(obj)
    del old["options"]["quest_card"]
    del old["state"]["opt_quest_card"]
    return old


def before_c_cards(obj):
    """A position as formats 1-3 wrote it (GAP-63): no c_cards option, no opt_c_cards /
    c_in_game, 157 entries in the card-indexed fields."""
    old = as_format_4(obj)
    del old["options"]["c_cards"]
    del old["state"]["opt_c_cards"], old["state"]["c_in_game"]
    for field in position_formats.C_CARD_PADDING:
        old["state"][field] = old["state"][field][:157]
    return old


def as_format_4(obj):
    """A position as format 4 wrote it: no story options, none of the story fields (MA-26.1)."""
    old = copy.deepcopy(obj)
    old["format"] = 4
    del old["options"]["story"], old["options"]["story_cards"]
    for field in STORY_FIELDS:
        del old["state"][field]
    return old


@pytest.mark.parametrize("golden", ["playthrough_3p", "playthrough_solo"])
def test_a_position_saved_before_the_legacy_tiles_is_read(golden):
    """tests/maracaibo/fixtures/position_format1_*.json: the final positions of the golden
    playthroughs as they were stored before commit 8fb3850 (the option legacy_tiles and
    opt_legacy, MA-26.4), in format 1; the playthroughs did not change, so each reads as
    today's final position."""
    old = read(HERE / "fixtures" / f"position_format1_{golden.split('_')[1]}.json")
    assert old["format"] == 1 and "legacy_tiles" not in old["options"] and "opt_legacy" not in old["state"]
    now = read(HERE / "golden" / f"{golden}.json")
    g = games.make(now["game"], **now["options"])
    before = copy.deepcopy(old)
    state = g.from_json(old)
    assert old == before  # the caller's object is left as it was
    assert g.equal(state, g.from_json(now["final"]["position"]))
    assert g.to_json(state[0])["format"] == position_formats.FORMAT


def test_a_mid_game_position_of_format_1_reads_as_the_same_position():
    g = games.make("maracaibo", num_players=2)
    state = g.init([11])
    rng = np.random.default_rng(0)
    for _ in range(40):
        g.step(state, [int(rng.choice(g.legal_actions(state[0])))])
    obj = g.to_json(state[0])
    assert g.equal(g.from_json(as_format_1(obj)), state)


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_the_migrated_fields_are_those_of_a_game_without_legacy_tiles(name):
    """MA-26.4: a game set up with no legacy tile has these values in the legacy fields."""
    g = games.make(name)
    fresh = g.to_json(g.init([5])[0])["state"]
    migrated = position_formats.without_legacy_tiles(as_format_1(g.to_json(g.init([5])[0])))
    migrated = position_formats.with_card_75(migrated)
    migrated = position_formats.without_story(position_formats.without_c_cards(migrated))["state"]
    assert {f: migrated[f] for f in LEGACY_FIELDS} == {f: fresh[f] for f in LEGACY_FIELDS}


def test_a_position_with_legacy_tiles_needs_format_2():
    """A format-1 position cannot have had a tile in play: one with legacy_tiles in its
    options is not passed off as format 1."""
    g = games.make("maracaibo", num_players=2, legacy_tiles=("L2",))
    obj = g.to_json(g.init([1])[0])
    old = {**obj, "format": 1}
    with pytest.raises(games.PositionError, match="options"):
        g.from_json(old)


def test_a_newer_format_is_refused_naming_both_versions():
    g = games.make("maracaibo", num_players=2)
    obj = g.to_json(g.init([1])[0])
    with pytest.raises(
        games.PositionError,
        match=r"maracaibo position format 6 cannot be read: this version reads "
        r"format 5 \(and migrates 1, 2, 3, 4\)$",
    ):
        g.from_json({**obj, "format": 6})


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_a_format_2_position_was_played_with_quest_card_75(name):
    """MA-26.1, D16: before the option quest_card every game was played with card 75."""
    g = games.make(name)
    state = g.init([7])
    old = {**without_quest_card(g.to_json(state[0])), "format": 2}
    assert g.equal(g.from_json(old), state)
    # a position of card 76 cannot have been written by format 2
    g76 = games.make(name, quest_card=76)
    with pytest.raises(games.PositionError, match="options"):
        g76.from_json({**without_quest_card(g76.to_json(g76.init([7])[0])), "format": 2})


@pytest.mark.parametrize("golden", ["playthrough_3p", "playthrough_solo"])
def test_a_position_saved_before_the_c_cards_is_read(golden):
    """GAP-63: a format-3 position (before the C cards) reads as the same position with
    every C card in the box: the golden final positions as format 3 wrote them (157 card
    entries, no c_cards option, no opt_c_cards / c_in_game)."""
    now = read(HERE / "golden" / f"{golden}.json")
    pos = now["final"]["position"]
    old = {**before_c_cards(pos), "format": 3}
    g = games.make(now["game"], **now["options"])
    state = g.from_json(old)
    assert g.equal(state, g.from_json(pos))
    assert (state[0]["card_where"][157:] == 0).all() and (state[0]["deck"][157:] == -1).all()


def test_a_mid_game_position_of_format_4_reads_without_story_mode():
    """MA-26.1: a format-4 position was no story game; it reads with the story fields of
    a game without story mode, the same position as today's."""
    g = games.make("maracaibo", num_players=3)
    state = g.init([4])
    rng = np.random.default_rng(1)
    for _ in range(30):
        g.step(state, [int(rng.choice(g.legal_actions(state[0])))])
    assert g.equal(g.from_json(as_format_4(g.to_json(state[0]))), state)


def test_a_story_position_needs_format_5():
    """A format-4 position cannot have been a story game: story options are refused there."""
    g = games.make("maracaibo", num_players=2, story=True)
    obj = g.to_json(g.init([1])[0])
    with pytest.raises(games.PositionError, match="options"):
        g.from_json({**obj, "format": 4})
