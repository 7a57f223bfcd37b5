"""Story mode's options and setup (MA-26.1, GAP-58): the options ``story`` and
``story_cards`` of ``maracaibo`` and ``maracaibo_solo``, the story cards in play at setup
and what their fronts lay, and the story fields pinned when story mode is off."""

import numpy as np
import pytest

import games
from games.maracaibo.data import board, story, story_tables
from games.maracaibo.state import QS_BOARD, SC_OUT, SC_PLAY
from games.maracaibo.story_checks import NO_STORY

CARD_01 = story_tables.STORY_INDEX[1]


def board_quest_locations(rec):
    return sorted(
        int(rec["quest_arg"][q]) for q in range(rec["quest_state"].shape[0]) if rec["quest_state"][q] == QS_BOARD
    )


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_story_is_off_by_default_and_its_fields_stay_empty(name):
    """MA-26.1: story mode is an option (GAP-58: of both games), off by default; off, the
    story fields hold the values no story game changes."""
    g = games.make(name)
    assert g.options["story"] is False and g.options["story_cards"] == ()
    rec = g.init([3])[0]
    for field, value in NO_STORY.items():
        assert np.all(rec[field] == value), field


@pytest.mark.parametrize("n, extra", [(3, []), (4, [19])])
def test_card_01_lays_story_tile_1_at_15_and_its_quests(n, extra):
    """MA-26.1: the first story game uses story card 01: story tile 1 at 15, quests at 16
    and, with 4 players, at 19 -- instead of card 75's setup quests (MA-3.11)."""
    g = games.make("maracaibo", num_players=n, story=True)
    assert g.options["story_cards"] == story.FIRST_STORY_CARDS == (1,)
    rec = g.init([7])[0]
    assert rec["story_status"][CARD_01] == SC_PLAY
    assert np.all(np.delete(rec["story_status"], CARD_01) == SC_OUT)
    assert rec["story_tiles_laid"] == 1
    assert rec["story_tile_loc"].tolist() == [board.LOC_INDEX["15"], -1, -1, -1]
    assert rec["story_tile_card"].tolist() == [CARD_01, -1, -1, -1]  # GAP-61: tile 1 carries card 01's quest
    assert board_quest_locations(rec) == [board.LOC_INDEX["16"]] + [board.LOC_INDEX[str(x)] for x in extra]


def test_story_cards_option_puts_those_cards_in_play():
    """MA-26.1 / GAP-64: an archive's cards are in play at setup, lowest number first; each
    card's front lays the next story tile for its own quest (GAP-61)."""
    g = games.make("maracaibo", num_players=2, story=True, story_cards=[3, 2])
    assert g.options["story_cards"] == (2, 3)
    rec = g.init([1])[0]
    i2, i3 = story_tables.STORY_INDEX[2], story_tables.STORY_INDEX[3]
    assert rec["story_status"][i2] == rec["story_status"][i3] == SC_PLAY
    assert rec["story_tile_card"].tolist() == [i2, i3, -1, -1]
    assert rec["story_tile_loc"].tolist()[:2] == [board.LOC_INDEX["6"], board.LOC_INDEX["12"]]
    assert board_quest_locations(rec) == []  # neither front lays quest tiles


def test_solo_story_game():
    """GAP-58: story mode is an option of the solo game too."""
    g = games.make("maracaibo_solo", story=True)
    rec = g.init([2])[0]
    assert rec["opt_story"] == 1 and rec["story_tile_loc"][0] == board.LOC_INDEX["15"]


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(story=1), "option story must be True or False"),
        (dict(story=False, story_cards=[1]), r"story_cards \[1\] needs story=True"),
        (dict(story=True, story_cards=[]), "needs at least one story card"),
        (dict(story=True, story_cards=[42]), "no story card 42"),
        (dict(story=True, story_cards=[1, 1]), "names a card twice"),
        (dict(story=True, story_cards="one"), "must be a list of story card numbers"),
    ],
)
def test_bad_story_options(options, message):
    with pytest.raises(ValueError, match=message):
        games.make("maracaibo", num_players=2, **options)


def test_story_options_round_trip_json():
    g = games.make("maracaibo", num_players=3, story=True, story_cards=[1, 4])
    state = g.init([5])
    obj = g.to_json(state[0])
    assert obj["options"]["story"] is True and obj["options"]["story_cards"] == [1, 4]
    assert g.equal(g.from_json(obj), state)


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_api_with_story(name):
    """The engine contract (games.api_test) in story games."""
    options = dict(num_players=3) if name == "maracaibo" else {}
    games.api_test(games.make(name, story=True, story_cards=[1, 2, 3], **options), num_games=2, max_steps=6000, alone=2)


def test_pettingzoo_api_in_a_story_game():
    """The PettingZoo AEC checks in a story game (MA-26.1 - MA-26.3): story quests, reading
    and hidden votes (GAP-59) keep the env contract."""
    import warnings

    from pettingzoo.test import api_test

    from envs import maracaibo_v0

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(maracaibo_v0.env(num_players=3, render_mode="ansi", story=True, story_cards=(1, 2, 9)), num_cycles=200)


def test_story_cards_from_the_command_line_text():
    """``-o story=true -o story_cards=1,4`` (MA-26.1): the text names the cards in play."""
    from games.core.options import from_text
    from games.maracaibo.game import Maracaibo

    text = from_text("maracaibo", Maracaibo, "story_cards", "1,4")
    assert games.make("maracaibo", story=True, story_cards=text).options["story_cards"] == (1, 4)
    for default in ("", "None"):  # the default's text (a form field left as it was): the first cards
        assert games.make("maracaibo", story=True, story_cards=default).options["story_cards"] == (1,)
        assert games.make("maracaibo", story_cards=default).options["story_cards"] == ()
    one = from_text("maracaibo", Maracaibo, "story_cards", "2")
    assert games.make("maracaibo", story=True, story_cards=one).options["story_cards"] == (2,)
    with pytest.raises(ValueError, match="story_cards must be a list of story card numbers, got '1,x'"):
        games.make("maracaibo", story=True, story_cards=from_text("maracaibo", Maracaibo, "story_cards", "1,x"))
