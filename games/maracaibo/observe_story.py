"""Story mode's observation segments (MA-26.1, GAP-59 - GAP-61): the story cards in play
and read, the story tiles and who took them, and the story decision pending. Votes cast
are hidden until all have voted (GAP-59): only one's own vote shows (in the record)."""

from numba import njit

from .data.story_tables import NUM_VOTES
from .spaces import OBS
from .state import NL, NS, NST, NUM_BASE_DECISIONS, SC_NEW, SC_PLAY, SC_READ

O_SDEC = OBS.offset("story_decision")
O_SCARDS = OBS.offset("story_cards")
O_STILES = OBS.offset("story_tiles")
O_STCARDS = OBS.offset("story_tile_cards")
O_STAKEN = OBS.offset("story_tiles_taken")
O_VOPTS, O_VCAST = OBS.offset("story_vote_options"), OBS.offset("story_votes_cast")
O_MYVOTE = OBS.offset("my_story_vote")


@njit(cache=True)
def observe_story(rec, player, out):
    """The story segments of ``player``'s view (written only in a story game)."""
    if rec.decision >= NUM_BASE_DECISIONS:
        out[O_SDEC + rec.decision - NUM_BASE_DECISIONS] = 1.0
    for i in range(NS):
        st = rec.story_status[i]
        if st == SC_PLAY:
            out[O_SCARDS + 3 * i] = 1.0
        elif st == SC_NEW:
            out[O_SCARDS + 3 * i + 1] = 1.0
        elif st == SC_READ:
            out[O_SCARDS + 3 * i + 2] = 1.0
    n = rec.num_players
    for k in range(NST):
        if rec.story_tile_loc[k] >= 0:
            out[O_STILES + k * NL + rec.story_tile_loc[k]] = 1.0
        if rec.story_tile_card[k] >= 0:
            out[O_STCARDS + k * NS + rec.story_tile_card[k]] = 1.0
        if rec.story_tile_owner[k] >= 0:
            out[O_STAKEN + ((rec.story_tile_owner[k] - player) % n) * NST + k] = 1.0
    i = rec.story_vote_card
    if i >= 0:  # GAP-59: who voted shows, what only for one's own vote
        for o in range(NUM_VOTES[i]):
            out[O_VOPTS + o] = 1.0
        for q in range(n):
            if rec.story_votes[q] >= 0:
                out[O_VCAST + (q - player) % n] = 1.0
        if rec.story_votes[player] >= 0:
            out[O_MYVOTE + rec.story_votes[player]] = 1.0
