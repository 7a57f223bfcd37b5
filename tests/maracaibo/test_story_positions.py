"""Malformed story states are refused by ``from_json`` in one line naming the problem
(MA-26.1, GAP-59 - GAP-62; games/maracaibo/story_checks.py)."""

import pytest

import games
from games.maracaibo.data import story_tables as st
from tests.maracaibo.positions import edit, opening

CARD_01 = st.STORY_INDEX[1]


@pytest.fixture(scope="module")
def story():
    g = games.make("maracaibo", num_players=2, story=True)
    return g, opening(g, 2)


@pytest.mark.parametrize(
    "fields, message",
    [
        (dict(story_tile_loc={2: 5}), "story tile 3 is not laid yet"),  # MA-26.1: tiles are laid in order
        (dict(story_tile_owner={0: 1}), "story tile 1 lies on the board exactly when not taken"),  # GAP-61
        (dict(story_reader={CARD_01: 0}), "story card 01 has a reader exactly when it was read"),  # MA-26.1
        (dict(story_tile_card={0: st.STORY_INDEX[7]}), "carries card without a story quest"),  # GAP-61
        (dict(story_skull=1), "a skull tile to remove, but none is in play"),  # GAP-62
        (dict(story_votes={0: 0}), "votes cast with no vote in progress"),  # GAP-59
        (dict(story_vote_card=CARD_01), "a vote on a card that is not read or has no group choice"),  # GAP-59
    ],
)
def test_bad_story_states_are_refused(story, fields, message):
    g, s = story
    with pytest.raises(games.PositionError, match=message):
        edit(g, s, **fields)


def test_story_fields_are_pinned_without_story_mode():
    """MA-26.1: a game without story mode has no story card in play."""
    g = games.make("maracaibo", num_players=2)
    s = opening(g, 2)
    with pytest.raises(games.PositionError, match="story_status"):
        edit(g, s, story_status={CARD_01: 1})
    with pytest.raises(games.PositionError, match="opt_legacy"):
        edit(g, s, opt_legacy=1)  # only story mode changes the tiles in play (MA-26.2)
