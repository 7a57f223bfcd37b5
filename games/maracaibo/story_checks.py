"""Story mode's record fields checked by ``from_json`` (MA-26.1, GAP-60, GAP-61): their
bounds and the consistency rules a malformed story state breaks (one line each)."""

import numpy as np

from ..core.errors import PositionError
from .data import board, legacy, story_tables
from .state import NS, NST, SC_PLAY, SC_READ

# the story fields as a game without story mode sets them up and never changes them
NO_STORY = {
    "opt_story": 0,
    "opt_story_cards": 0,
    "story_status": 0,
    "story_reader": -1,
    "story_tile_loc": -1,
    "story_tile_card": -1,
    "story_tile_owner": -1,
    "story_tiles_laid": 0,
    "story_skull": 0,
    "story_reading": 0,
    "story_vote_card": -1,
    "story_votes": -1,
}


def story_bounds(n):
    """``Game.field_bounds`` of the story fields for ``n`` seats."""
    return {
        "opt_story": (0, 1),
        "opt_story_cards": (0, (1 << NS) - 1),
        "story_status": (0, SC_READ),
        "story_reader": (-1, n - 1),
        "story_tile_loc": (-1, board.NUM_LOCATIONS - 1),
        "story_tile_card": (-1, NS - 1),
        "story_tile_owner": (-1, n - 1),
        "story_tiles_laid": (0, NST),
        "story_skull": (0, len(story_tables.SKULL_TILES)),
        "story_reading": (0, NS + 1),
        "story_vote_card": (-1, NS - 1),
        "story_votes": (-1, story_tables.NUM_VOTE_OPTIONS - 1),
        "opt_legacy_setup": (0, legacy.ALL_TILES_MASK),
    }


def check_story(rec):
    """MA-26.1 / GAP-61: the story fields of one record agree with each other."""
    if not rec["opt_story"]:
        if rec["opt_legacy"] != rec["opt_legacy_setup"]:
            raise PositionError("opt_legacy", "differs from the tiles at setup, which only story mode changes")
        for field, value in NO_STORY.items():
            if np.any(rec[field] != value):
                raise PositionError(field, f"is {rec[field].tolist()} without story mode (want {value})")
        return
    status, reader = rec["story_status"], rec["story_reader"]
    for i in range(NS):
        number = int(story_tables.STORY_NUMBERS[i])
        if (status[i] == SC_READ) != (reader[i] >= 0):
            raise PositionError("story_reader", f"story card {number:02d} has a reader exactly when it was read")
    laid = int(rec["story_tiles_laid"])
    for k in range(NST):
        loc, card, owner = (int(rec[f][k]) for f in ("story_tile_loc", "story_tile_card", "story_tile_owner"))
        if k >= laid and (loc, card, owner) != (-1, -1, -1):
            raise PositionError("story_tile_loc", f"story tile {k + 1} is not laid yet but lies, carries or is taken")
        if k < laid and (loc >= 0) == (owner >= 0):
            raise PositionError("story_tile_owner", f"story tile {k + 1} lies on the board exactly when not taken")
        if owner >= 0 and card < 0:
            raise PositionError("story_tile_card", f"story tile {k + 1} was taken but carries no story quest (GAP-61)")
        if card >= 0 and not story_tables.HAS_QUEST[card]:
            raise PositionError("story_tile_card", f"story tile {k + 1} carries card without a story quest")
        if card >= 0 and status[card] < SC_PLAY:
            raise PositionError("story_tile_card", f"story tile {k + 1} carries a card not in play")
        if card >= 0 and list(rec["story_tile_card"][:k]).count(card):
            raise PositionError("story_tile_card", "two story tiles carry the quest of one card (GAP-61)")
    mask = int(rec["opt_legacy"])
    skulls = any(mask >> int(t) & 1 for t in story_tables.SKULL_TILES)
    if rec["story_skull"] > 0 and not skulls:
        raise PositionError("story_skull", "a skull tile to remove, but none is in play (GAP-62)")
    vote = int(rec["story_vote_card"])
    if vote >= 0 and (rec["story_status"][vote] != SC_READ or not story_tables.NUM_VOTES[vote]):
        raise PositionError("story_vote_card", "a vote on a card that is not read or has no group choice (GAP-59)")
    if vote < 0 and (rec["story_votes"] >= 0).any():
        raise PositionError("story_votes", "votes cast with no vote in progress (GAP-59)")
    if vote >= 0 and (rec["story_votes"] >= story_tables.NUM_VOTES[vote]).any():
        raise PositionError("story_votes", "a vote for an option the card does not offer (GAP-59)")
    if rec["story_reading"] > 0 and rec["score_done"] != rec["num_players"]:
        raise PositionError("story_reading", "step 6 is paused only after every player's step 1 (MA-21.2, GAP-60)")
    if rec["story_reading"] > 0 and rec["story_skull"] == 0 and vote < 0:
        raise PositionError("story_reading", "step 6 waits for a story decision, but none is pending (GAP-60)")
