"""Votes on a story card's group choice (GAP-59, GAP-58): every player votes in seat order
from the reader, hidden from the others until all voted; most votes wins, a tie goes to
the reader's vote; in solo the human casts the only vote."""

import numpy as np
import pytest

import games
from games.maracaibo.data import legacy
from games.maracaibo.data import story_tables as st
from games.maracaibo.state import Decision, Phase
from tests.maracaibo.positions import act, cur, edit, finish_turn, legal, loc, opening, val

CARD = 9  # PLACEHOLDER card 09: a vote between "add tile L25" (0) and "Cards: 95" (1)
L25 = legacy.LEGACY_INDEX["L25"]


def to_vote(name="maracaibo", n=3, reader_offset=1):
    """Card 09's quest done by the seat ``reader_offset`` after the current one; the round
    ends and interim scoring reaches step 6, where the vote starts. Returns (g, s, reader)."""
    options = dict(num_players=n) if name == "maracaibo" else {}
    g = games.make(name, story=True, story_cards=[CARD], **options)
    s = opening(g, 4)
    p = cur(s)
    reader = (p + reader_offset) % max(n, 2) if name == "maracaibo" else 0
    k = val(s, "story_tile_card").index(st.STORY_INDEX[CARD])
    s = edit(g, s, story_tile_owner={k: reader}, story_tile_loc={k: -1}, ship={p: loc("20")})
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    while val(s, "phase") == Phase.SCORING_CHOICE and val(s, "decision") == Decision.BUY:
        act(g, s, "take_2vp")
    return g, s, reader


def test_votes_go_in_seat_order_from_the_reader_and_most_votes_win():
    """GAP-59: reader first, then clockwise; 2 votes for option 0 beat 1 for option 1."""
    g, s, reader = to_vote(n=3)
    assert val(s, "decision") == Decision.VOTE and val(s, "story_vote_card") == st.STORY_INDEX[CARD]
    assert val(s, "opt_legacy") >> legacy.LEGACY_INDEX["L2"] & 1  # the card's instructions acted first
    order = []
    for option in (1, 0, 0):
        order.append(cur(s))
        assert legal(g, s, "vote") == [0, 1]
        act(g, s, "vote", option)
    assert order == [reader, (reader + 1) % 3, (reader + 2) % 3]
    assert val(s, "opt_legacy") >> L25 & 1  # option 0: add tile L25
    assert val(s, "story_vote_card") == -1 and val(s, "story_votes") == [-1] * 4
    assert val(s, "round_no") == 2 and val(s, "phase") == Phase.SAIL  # step 7 and the next round followed


def test_a_tie_goes_to_the_readers_vote():
    """GAP-59: 1 vote each: the reader's option (1, Cards: 95) is carried out, not L25."""
    g, s, reader = to_vote(n=2)
    act(g, s, "vote", 1)
    act(g, s, "vote", 0)
    assert not val(s, "opt_legacy") >> L25 & 1
    assert val(s, "round_no") == 2


def test_votes_are_hidden_until_all_voted():
    """GAP-59: the others see who voted, not what; the voter sees its own vote."""
    g, s, reader = to_vote(n=3)
    act(g, s, "vote", 1)
    other = cur(s)
    cast, mine = g.obs_layout["story_votes_cast"], g.obs_layout["my_story_vote"]
    seen = g.observe(s, other)[0]
    assert seen[cast.start + (reader - other) % 3] == 1
    assert not np.any(seen[mine.start : mine.stop])
    own = g.observe(s, reader)[0]
    assert own[mine.start + 1] == 1
    assert g.equal(g.from_json(g.to_json(s[0])), s)  # a vote in progress is a valid position


def test_solo_the_human_casts_the_only_vote():
    """GAP-58: in solo the human reads and casts the only vote."""
    g, s, reader = to_vote(name="maracaibo_solo")
    assert val(s, "decision") == Decision.VOTE and cur(s) == 0
    act(g, s, "vote", 0)
    assert val(s, "opt_legacy") >> L25 & 1 and val(s, "story_vote_card") == -1


def test_a_bad_vote_position_is_refused():
    """GAP-59: votes with no vote in progress are no position."""
    g, s, reader = to_vote(n=2)
    act(g, s, "vote", 0)
    act(g, s, "vote", 0)
    obj = g.to_json(s[0])
    obj["state"]["story_votes"][0] = 1
    with pytest.raises(games.PositionError, match="no vote in progress"):
        g.from_json(obj)


def test_resampling_redraws_the_hidden_votes_only():
    """GAP-59 / MA-29.3: for search, the votes another player cannot see are redrawn
    among the card's options; the viewer's own vote stays."""
    g, s, reader = to_vote(n=3)
    act(g, s, "vote", 1)
    act(g, s, "vote", 1)
    viewer = cur(s)  # the third voter sees neither vote
    copies = g.resample_hidden(s[0], viewer, list(range(40)))
    seen = {tuple(r["story_votes"][:3]) for r in copies}
    assert all(v[viewer] == -1 for v in seen) and len(seen) > 1
    assert {v[reader] for v in seen} == {0, 1}
    mine = g.resample_hidden(s[0], reader, list(range(10)))
    assert all(r["story_votes"][reader] == 1 for r in mine)
