"""The Maracaibo record: every field of one game (MA-* rule IDs in comments).

Indexing: locations 0..23 are board.LOCATIONS (0 = Havana, 1..20, 21 = 21a, 22 = 21b,
23 = 22); project cards 0..166 are projects.ALL_CARDS (0..156 the A and B cards, 157..166
the C cards 90-99, GAP-63); quests 0..23, combat tokens 0..24,
prestige buildings 0..7, careers 0..7, explorer spaces 0..25, ship positions 0..11
(U1..U12) as in the data modules. Players are absolute seats; arrays are sized for 4
players and seats >= num_players stay at their zero/empty values. ``-1`` = none.

Decisions are split into successive atomic decisions of one player (MA-28.1): the
base ``phase`` says where the turn is, a small stack of pending *frames* (effect
programs, village batches, payments, disc removals, combats, explorer moves) holds
the work in progress, and ``decision`` names the decision the current player faces
now (set by rules.flow.advance after every action).
"""

import numpy as np

from ..core.codes import Codes
from ..core.state import make_dtype
from .data import board, careers, combat, explorer, legacy, prestige, projects, quests, story_tables
from .data.codes import NUM_NATIONS, NUM_SYNERGIES
from .data.jean import NUM_JEAN_CARDS

MAX_PLAYERS = 4
P = MAX_PLAYERS
NC = projects.NUM_CARDS  # 167: every card id, the C cards included (record arrays, kernels)
NC_AB = projects.NUM_AB_CARDS  # 157: the A and B cards (the card segments of the observation before GAP-63)
NCC = NC - NC_AB  # 10 C cards 90-99 (MA-26.1, D15), ids NC_AB..NC-1
NL = board.NUM_LOCATIONS  # 24
NQ = quests.NUM_QUESTS  # 24
NT = combat.NUM_COMBAT_TOKENS  # 25
NE = explorer.NUM_EXPLORER_SPACES  # 26
NPB = prestige.NUM_PRESTIGE  # 8
NK = careers.NUM_CAREERS  # 8
NU = 12  # ship-board positions U1..U12 (MA-17.1)
NLT = legacy.NUM_LEGACY_TILES  # 23 legacy tiles (MA-26.4)
NS = story_tables.NUM_STORY_CARDS  # story cards of data/story.py (MA-26.1)
NST = story_tables.NUM_STORY_TILES  # story tiles 1-4 (MA-26.1)
BOX_DISCS = P  # legacy_discs column of the discs from the box (MA-26.4 2 players, MA-26.7 Jean)
H_MAX = 8  # hand indices (MA-28.2)
# pending frames. Explorer rewards can chain (an explore reaches a quest or a village
# batch whose reward explores again, frame_checks.FRAME_CHILDREN): each nested EXPLORE starts
# further along the track, with at most 3 frames between two (VILLAGE, QUEST, a SINGLE
# program), so a chain holds at most 4 frames per explorer space, over the 6-deep base
# chain and the top frame's own pushes
STACK = 4 * NE + 10
PILE_MAX = 13  # combat-token pile capacity (MA-3.1, GAP-9)

# ----- where a project card is (card_where) -----------------------------------------------
W_BOX = 0  # one of the 61 unused B cards (MA-3.4), or a C card not (yet) in this game (GAP-63), never seen
W_DECK = 1
W_DISPLAY = 2
W_DISCARD = 3
W_HAND = 4  # + seat (the 8 dealt cards of MA-3.12 are in the hand until resolved)
W_PLAN = 8  # + seat: planning area (MA-6.4)
W_BOUGHT = 12  # + seat: personal display (bought, MA-14.3)

# ----- where a story card is (story_status, MA-26.1) ----------------------------------------
SC_OUT = 0  # in the story deck or the box
SC_PLAY = 1  # in play: its requirement is checked at interim step 6
SC_NEW = 2  # in play since this scoring step: checked from the next one on (GAP-60)
SC_READ = 3  # read: under the ship board of story_reader

# ----- where a quest tile is (quest_state; quest_arg names the place) ----------------------
QS_PILE = 0  # face-up pile; order in quest_pile (MA-3.2)
QS_BOARD = 1  # arg = location (MA-12.1)
QS_EXPLORER = 2  # arg = quest space 0..2 = QA/QB/QC (MA-10.5)
QS_CARD = 3  # arg = card id of an XQC card (MA-15.3, GAP-52)
QS_DONE = 4  # arg = seat: on that player's ship board (MA-12.2)


# ----- codes (games/core/codes.py: numbered in writing order, each with its meaning) ---------
class Phase(Codes):
    """Base phases: where the game is (``phase``)."""

    SETUP_CARDS = "MA-3.12: plan 1, discard 3 of the 8 dealt A cards (per seat, in order)"
    SETUP_CAREER = "MA-3.13: keep 1 of 2 career cards"
    SAIL = "Phase A (MA-5)"
    ACTIONS = "Phase B (MA-6)"
    DRAW = "Phase C (MA-20)"
    SCORING_CHOICE = "interim / final scoring step 1 (MA-21.2, MA-22.2)"
    SCORING_REFILL = "interim step 1a refill (GAP-25)"
    SCORING_CAREER = "final step 1: career goals after the choice (MA-22.2, MA-18.5)"
    GAME_OVER = "the game is over (MA-23)"


class Decision(Codes):
    """What the current player answers next (``decision``, MA-28.1)."""

    NONE = "no decision (the game is over)"
    SETUP_PLAN = "MA-3.12: the dealt card to plan"
    SETUP_DISCARD = "MA-3.12: a dealt card to discard (3 times)"
    CAREER = "MA-3.13: the career card to keep"
    SAIL = "MA-5 / MA-13.6: where to sail"
    MAIN = "MA-6.2: main action, free actions, DONE (end of Phase B)"
    DELIVER = "MA-7.2: a card to deliver, or skip"
    REMOVE_DISC = "MA-17.2: the disc to remove"
    VILLAGE = "MA-11.3: village option, VA-C purchase, free actions, STOP"
    BUY = "MA-21.2 / MA-22.2: a purchase / investment, or TAKE_2VP (scoring step 1)"
    PAY_CARD = "a hand card to pay with"
    COMBAT_PILE = "MA-8.2: the combat pile to reveal"
    COMBAT_NATION = "MA-8.3: the nation to fight for"
    COMBAT = "MA-8.5 / MA-8.6: boost, combat action or END"
    EXPLORE = "MA-10.2: the explorer's destination"
    NATION = "a nation (card effect, red barrier, program step)"
    LOCATION = "MA-15.3: the village for XVM / XVN"
    DRAW = "MA-20: the deck or a display slot"
    CHOICE = "an option of the pending choice"
    SYNERGY = "MA-15.3 XSA: a synergy type"
    COUNT = "MA-15.3 XFC: a number of figures"
    CAREER_GOALS = "MA-22.2: final scoring, career goals then DONE"
    # story mode (MA-26.1 - MA-26.3), appended so the older codes keep their numbers
    STORY_SKULL = "MA-26.3 / GAP-62: the skull tile to remove"
    VOTE = "GAP-59: a vote on the story card's group choice"


NUM_DECISIONS = len(Decision)
NUM_BASE_DECISIONS = Decision.CAREER_GOALS + 1  # the observation's "decision" one-hot; story ones follow


class Frame(Codes):
    """Pending frames (``stk_kind``)."""

    PROG = "an effect program: stk_src / stk_id name it, stk_pc the next step"
    VILLAGE = "a batch of village actions: stk_x actions left (MA-11)"
    PAY = "discard stk_y more hand cards showing symbol stk_x"
    REMOVE = "remove stk_x discs (MA-17.2), one decision each"
    DELIVER = "the delivery decision of a city action (MA-7.2), then the city program"
    QUEST = "rewards of quest stk_id (MA-12.2): pc 0 = per-compass part, then the fixed steps"
    EXPLORE = "explorer move (MA-10): stk_x = max steps; pc = stage; stk_y = barriers crossed (bits)"
    CARD = "purchase effects of card stk_id (MA-14.3): pc = effect index; stk_x = chosen nation"
    COMBAT = "a full combat (MA-8): pc = stage (rules/combat.py); its state is in the cb_* fields"


NUM_FRAME_KINDS = len(Frame)


class Source(Codes):
    """Program sources (``stk_src`` of a Frame.PROG frame). A Source.ASSIST frame at its
    EXTRA_SAIL step keeps the chosen sail's max MP in stk_y (MA-13.6)."""

    CITY = "actions.CITY_ACTIONS[id]"
    VILLAGE = "actions.VILLAGE_OPTIONS[id]"
    ASSIST = "actions.ASSISTANT_ACTIONS[id]"
    UPGRADE = "ship.UPGRADES[id]"
    SINGLE = "one step: code stk_x, a0 stk_y (explorer / flag rewards, a chosen option)"


def code_words(code):
    """A code's name in words, as the board shows it: ``Phase.SCORING_CHOICE`` -> "scoring choice"."""
    return code.name.lower().replace("_", " ")


DTYPE = make_dtype(
    [
        # ----- game ------------------------------------------------------------------------------
        ("start_player", np.int8),  # MA-3.10a: start player of the game (random, GAP-29)
        ("round_no", np.int8),  # 1..4 (MA-1.2); 0 during setup
        ("round_starter", np.int8),  # first player of the current round (MA-4.3, MA-21.9)
        ("round_trigger", np.int8),  # player whose ship ended the round, -1 (MA-21.1, MA-22.1)
        ("last_trigger", np.int8),  # who triggered the previous round end (MA-29.1), -1
        ("phase", np.int8),  # Phase
        ("decision", np.int8),  # Decision the current player faces now
        ("setup_seat", np.int8),  # seats done with the current setup step (MA-3.12/3.13, GAP-28)
        # ----- options (MA-25; fixed by the Game's options, checked by from_json) -------------------
        ("opt_prestige_open", np.uint8),  # MA-25.1: all 4 prestige buildings face up from the start
        ("opt_leftover_vp", np.uint8),  # MA-25.2 / GAP-18: 1 VP per 5 D left at final scoring
        ("opt_round4_assistants", np.uint8),  # MA-25.3 / GAP-19: MA-13.3(c) also after round 4
        ("opt_legacy", np.int32),  # MA-26.4: legacy tiles in play, bit i = data.legacy.LEGACY_TILES[i]
        ("opt_quest_card", np.int8),  # MA-26.1, D16: the quest card 75 / 76 / 77 as 0 / 1 / 2
        ("opt_c_cards", np.int16),  # GAP-63: C cards joining the A cards at setup, bit i = card 90 + i
        # the option legacy_tiles as a mask: opt_legacy at setup, which only story mode changes (MA-26.2, MA-26.3)
        ("opt_legacy_setup", np.int32),
        # ----- project cards (MA-3.4, MA-14, MA-20) -----------------------------------------------
        ("card_where", np.int8, (NC,)),  # W_* (+ seat)
        ("deck", np.int16, (NC,)),  # HIDDEN order; top = deck[deck_len - 1]; -1 past the end
        ("deck_len", np.int16),
        ("display", np.int16, (4,)),  # display slots 1-4 (MA-20, GAP-26), -1 empty
        ("hand", np.int16, (P, H_MAX)),  # HIDDEN hands in acquisition order, -1 past the end
        ("hand_len", np.int8, (P,)),
        ("setup_pick", np.int8, (P, H_MAX)),  # HIDDEN until resolved: 0 keep, 1 plan, 2 discard (MA-3.12)
        ("planning", np.int16, (P, 3)),  # planning slots (MA-6.4), -1 empty
        ("card_figs", np.int8, (NC,)),  # figures on FC / XFC cards (MA-14.4, MA-15.3)
        ("c_in_game", np.int16),  # GAP-63: C cards in this game (opt_c_cards + story cards read), bit i = 90 + i
        # ----- players (MA-2.3) --------------------------------------------------------------------
        ("vp", np.int32, (P,)),
        ("coins", np.int32, (P,)),  # doubloons (MA-3.10a)
        ("cp", np.int8, (P,)),  # combat track 0-8 (MA-8.8)
        ("d_income", np.int8, (P,)),  # 8-34 (MA-19)
        ("vp_income", np.int8, (P,)),  # 0-19 (MA-19.4)
        ("influence", np.int8, (P, NUM_NATIONS)),  # 0-12 (MA-9)
        ("ship", np.int8, (P,)),  # location (MA-5)
        ("explorer", np.int8, (P,)),  # explorer space (MA-10)
        ("crossed", np.uint8, (P, 3)),  # barriers crossed: green, blue, red (MA-10.6)
        ("end_rank", np.int8, (P,)),  # arrival order at END 0..3, -1 (MA-10.7)
        ("discs", np.int8, (P, NU)),  # discs left per ship position 0..2 (MA-17)
        ("fig_personal", np.int8, (P,)),  # figures in the personal supply (MA-2.3)
        ("fig_general", np.int8, (P,)),  # figures of this colour in the general supply
        ("career_dealt", np.int8, (P, 2)),  # HIDDEN until chosen: the 2 dealt career cards (MA-3.10)
        ("career", np.int8, (P,)),  # kept career card (hidden until all chose, GAP-28), -1
        ("goal_done", np.int8, (P, 3)),  # 0 open (figure on it), 1 low tier, 2 high tier (MA-18)
        ("synergy", np.uint8, (P, NUM_SYNERGIES)),  # synergy tokens owned (MA-15.4)
        ("assistants", np.int16, (P, 8)),  # cards whose assistant stands on the board, placement order (MA-13)
        ("invested", np.uint8, (P, 4)),  # figure on prestige space I-IV (MA-16.3)
        # ----- board ------------------------------------------------------------------------------
        ("tile_at", np.int8, (NL,)),  # city tile at a location (MA-3.3), -1
        ("market", np.int8, (NL,)),  # discs in each city's market (MA-7.2)
        ("marker_at", np.int8, (NL,)),  # ownership marker nation at a location, -1 (MA-9.6)
        ("markers_taken", np.int8, (NUM_NATIONS,)),  # markers that left each supply row (MA-9.5)
        ("quest_state", np.int8, (NQ,)),  # QS_* (MA-12)
        ("quest_arg", np.int16, (NQ,)),  # location / quest space / card / seat
        ("quest_order", np.int16, (NQ,)),  # placement counter when laid out, -1 (MA-29.1)
        ("quest_pile", np.int8, (NQ,)),  # face-up pile, top = quest_pile[quest_pile_len - 1] (MA-3.2)
        ("quest_pile_len", np.int8),
        ("quest_counter", np.int16),  # next placement number
        ("token_pile", np.int8, (2, PILE_MAX)),  # HIDDEN combat-token piles, top last (MA-3.1)
        ("token_pile_len", np.int8, (2,)),
        ("token_owner", np.int8, (NT,)),  # seat holding a revealed token face down, -1 (MA-8.7)
        ("prestige", np.int8, (4,)),  # building on spaces I-IV (HIDDEN until revealed, MA-3.6)
        ("prestige_revealed", np.int8),  # spaces revealed so far, 1..4 (MA-21.6)
        ("barrier_first", np.uint8, (3,)),  # somebody crossed this barrier (MA-10.6)
        ("end_arrivals", np.int8),  # explorers at END so far (MA-10.7)
        # ----- legacy tiles (MA-26.4; all 0 / -1 while opt_legacy is 0) --------------------------
        ("legacy_discs", np.int8, (NLT, P + 1)),  # discs on purchase tiles L10-L17 per seat, BOX_DISCS from the box
        ("legacy_markers", np.int8, (legacy.NUM_MARKER_SPACES,)),  # nation on L6's 2 spaces and L9's space, -1
        ("legacy_bought", np.uint8),  # the purchase tile at the ship was bought since the ship arrived
        ("legacy_city", np.int8, (P,)),  # new city k (data.legacy NEW_CITY_*) the ship lies at, -1; ship = its FROM
        ("legacy_city_marker", np.int8, (legacy.NUM_NEW_CITIES,)),  # nation annexed at new city k (CA2), -1
        # ----- story mode (MA-26.1 - MA-26.3; all 0 / -1 while opt_story is 0) ---------------------
        ("opt_story", np.uint8),  # MA-26.1: a story game (GAP-58 also solo)
        ("opt_story_cards", np.int32),  # the story cards in play at setup, bit i = data.story.STORY_CARDS[i]
        ("story_status", np.int8, (NS,)),  # SC_* per story card
        ("story_reader", np.int8, (NS,)),  # seat under whose ship board a read card lies, -1
        ("story_tile_loc", np.int8, (NST,)),  # location of story tile k on the board, -1 (not laid / taken)
        ("story_tile_card", np.int8, (NST,)),  # story card whose quest tile k carries, -1
        ("story_tile_owner", np.int8, (NST,)),  # seat that completed tile k's quest (a quest tile there), -1
        ("story_tiles_laid", np.int8),  # story tiles laid so far: the next is tile story_tiles_laid
        ("story_skull", np.int8),  # skull tiles the current player still removes (MA-26.3, GAP-62)
        ("story_vote_card", np.int8),  # story card whose group choice is being voted on, -1 (GAP-59)
        ("story_votes", np.int8, (P,)),  # HIDDEN until all voted: each seat's option, -1 not yet
        ("story_reading", np.int8),  # step 6 paused for a decision: resumes at card story_reading - 1; 0 (GAP-60)
        # ----- this turn (MA-29.1a) ------------------------------------------------------------
        ("mp_spent", np.int8),  # MP spent sailing this turn, Phase A + extra sails (MA-5.7, GAP-30)
        ("last_sail_mp", np.int8),  # MP of the latest sail (MA-11.2, GAP-30)
        ("main_done", np.uint8),  # the main action of this turn has been taken (MA-6.1)
        ("extra_main", np.uint8),  # an extra main action is pending after AS04/AS14 (MA-13.6)
        ("asst_present", np.uint8),  # bits over assistant slots: present at the ship on arrival (MA-13.2)
        ("asst_used", np.uint8),  # bits: used this turn (MA-13.2)
        ("asst_scored", np.uint8),  # bits: already scored as unused this turn (MA-13.6)
        ("income_paid", np.uint8),  # this round's interim income has been paid (GAP-47)
        ("score_done", np.int8),  # players done with scoring step 1 (MA-21.2)
        ("score_bought", np.uint8),  # the scoring player bought (refill follows, GAP-25)
        # ----- the combat in progress (MA-8, MA-29.1a; one at a time, under a Frame.COMBAT frame) ------
        ("cb_token", np.int8),  # revealed token, -1 (not yet revealed, or both piles empty)
        ("cb_nation", np.int8),  # fighting nation, -1 until chosen (MA-8.3)
        ("cb_v", np.int8),  # combat value V (MA-8.4, MA-8.5)
        ("cb_used", np.uint8),  # bits: CA1, CA2, CA3, L6's escort used in this combat (MA-8.6, MA-26.4)
        ("cb_cards", np.uint8),  # bits over card instances 0-7: CA4 / CA5 of that card used (GAP-41)
        # ----- pending frames --------------------------------------------------------------------
        ("stk_len", np.int8),
        ("stk_kind", np.int8, (STACK,)),
        ("stk_src", np.int8, (STACK,)),
        ("stk_id", np.int16, (STACK,)),
        ("stk_pc", np.int8, (STACK,)),
        ("stk_x", np.int16, (STACK,)),
        ("stk_y", np.int16, (STACK,)),
        # ----- the last action, for render and logs ------------------------------------------------
        ("last_actor", np.int8),
        ("last_action", np.int16),
        # ----- Jean, the solo opponent (MA-24; solo/state.py says how they are used) ----------------
        # Empty (all 0) in a 2-4 player game. They are in every Maracaibo record so that solo
        # mode runs on this very record type: its kernels then call the base game's kernels
        # as compiled (and cached) for Maracaibo, instead of compiling all of them a second
        # time for a wider record (docs/design.md, "numba").
        ("jean_level", np.int8),  # difficulty 1..5 (MA-24.4, D10)
        ("opt_jean_expansion", np.uint8),  # the "U" cards may be drawn into her deck
        ("jean_deck", np.int8, (NUM_JEAN_CARDS,)),  # HIDDEN order; top = jean_deck[jean_deck_len - 1]; -1 past the end
        ("jean_deck_len", np.int8),
        ("jean_discard", np.int8, (NUM_JEAN_CARDS,)),  # solo discard pile in discard order, -1 past the end (public)
        ("jean_discard_len", np.int8),
        ("jean_card", np.int8),  # card of her latest turn (public, now on the discard pile), -1
        ("jean_removed", np.int8),  # discs gone from her solo track 0..22 (MA-24.2, D14)
        ("jean_cards", np.int16),  # project cards face-down next to her solo board (MA-24.8)
        ("jean_bonus", np.int16, (4,)),  # end bonuses (MA-24.14): quests x5, quest lead, upgrade lead, explorer lead
    ]
)
# Jean's fields, all 0 outside solo mode (the base game's field_bounds pin them there)
JEAN_FIELD_NAMES = (
    "jean_level",
    "opt_jean_expansion",
    "jean_deck",
    "jean_deck_len",
    "jean_discard",
    "jean_discard_len",
    "jean_card",
    "jean_removed",
    "jean_cards",
    "jean_bonus",
)
