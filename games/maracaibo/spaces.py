"""Action and observation layouts of Maracaibo (MA-28.3, MA-29).

The flat action space has the 28 families of MA-28.3 in that order (277 actions),
then the legacy-tile families (MA-26.4), present whatever tiles are in play so that one
policy plays every tile set; they are legal only when their tile is in play.
"""

import numpy as np

from ..core.layout import Layout
from .data import actions, board, careers, codes, combat, explorer, legacy, prestige, projects, quest_cards, ship
from .data.codes import NUM_NATIONS, NUM_SYMBOLS, NUM_SYNERGIES
from .data.story_tables import NUM_VOTE_OPTIONS, SKULL_TILES
from .state import (
    H_MAX,
    NC_AB,
    NCC,
    NE,
    NL,
    NLT,
    NQ,
    NS,
    NST,
    NU,
    NUM_BASE_DECISIONS,
    NUM_DECISIONS,
    NUM_FRAME_KINDS,
    P,
    Phase,
    Source,
)

NUM_SAIL_TARGETS = board.NUM_LOCATIONS - 1  # locations 1..22 incl. 21a/21b (MA-28.2)

# MAIN_ACTION parameters (MA-28.3 family 5)
MAIN_CITY, MAIN_VILLAGE, MAIN_QUEST, MAIN_ASSIST, MAIN_NONE = 0, 1, 2, 6, 14
# VILLAGE_OPTION parameters (family 8)
VO_A, VO_B, VO_U8 = 0, 1, 2
VO_U9 = 3  # + good
VO_U10 = 6  # + nation
VO_VG2 = 9  # + good
VO_VMV, VO_VMD = 12, 13
VO_VBK = 14  # + card instance 0..1
VO_XQC = 16  # + card instance 0..3
VO_STOP = 20
NUM_VILLAGE_OPTIONS = VO_STOP + 1
# COMBAT_ACTION parameters (family 17)
CA_INF1, CA_INF2 = 0, 1
CA_FLAG = 2  # + location index - 1
CA_VILLAGE = 2 + NUM_SAIL_TARGETS  # + location index - 1
CA_CARD = 2 + 2 * NUM_SAIL_TARGETS  # + card instance 0..7 (CIV / CD3 cards by card id)
CA_END = CA_CARD + 8
# DRAW parameters (family 21)
DRAW_DECK = 0  # 1 + slot: display slot


def build_action_layout():
    lay = Layout()
    lay.add("setup_plan", H_MAX, "MA-3.12: put dealt card i into the planning area")
    lay.add("setup_discard", H_MAX, "MA-3.12: discard dealt card i (3 times)")
    lay.add("career_pick", 2, "MA-3.13: keep dealt career card 0 or 1")
    lay.add("sail_to", NUM_SAIL_TARGETS, "MA-5: sail to location index 1+i (1..20, 21a, 21b, 22)")
    lay.add("main_action", 15, "MA-6.2: 0 city, 1 village, 2-5 quest slot, 6-13 own assistant slot, 14 none")
    lay.add("deliver", H_MAX + 1, "MA-7.2: deliver hand card i; 8 = skip")
    lay.add("remove_disc", NU, "MA-17.2: remove a disc from position U1..U12")
    lay.add(
        "village_option",
        NUM_VILLAGE_OPTIONS,
        "MA-11.3: A, B, U8, U9(good), U10(nation), VG2(good), VMV, VMD, VBK(inst 0-1), XQC(inst 0-3), STOP",
    )
    lay.add("buy_hand", H_MAX, "MA-14.3: buy hand card i")
    lay.add("buy_plan", 3, "MA-14.3: buy the card in planning slot j")
    lay.add("invest", 4, "MA-16: invest in prestige space I-IV")
    lay.add("take_2vp", 1, "MA-21.2 / MA-22.2 option b")
    lay.add("pay_card", H_MAX, "discard hand card i as payment (goods / items)")
    lay.add("combat_pile", 2, "MA-8.2: reveal the top token of pile 0 or 1")
    lay.add("combat_nation", NUM_NATIONS, "MA-8.3: fight for FR / ES / EN")
    lay.add("combat_boost", 2, "MA-8.5: +1 V paying 1 CP (0) or 1 figure (1)")
    lay.add("combat_action", CA_END + 1, "MA-8.6: CA1 +1/+2, CA2(location), CA3(location), CA4/CA5(card inst 0-7), END")
    lay.add("explore_to", explorer.NUM_EXPLORER_SPACES, "MA-10.2: move the explorer to space i")
    lay.add("choose_nation", NUM_NATIONS, "FR / ES / EN")
    lay.add("choose_location", NUM_SAIL_TARGETS, "location index 1+i (XVM / XVN village)")
    lay.add("draw", 5, "MA-20: 0 = deck, 1+s = display slot s")
    lay.add("free_plan", H_MAX, "MA-6.3 F-PLAN: hand card i to an empty planning slot")
    lay.add("free_career", 6, "MA-18: goal g (0-2) x tier low (0) / high (1): index 2g+tier")
    lay.add("free_fig2cp", 1, "MA-6.3 F-FIG2CP (PFC): 1 figure -> 2 CP")
    lay.add("choice", 4, "option 0-3 of the pending choice (0 = no / first option)")
    lay.add("choose_synergy", NUM_SYNERGIES, "XSA: synergy type")
    lay.add("count", 9, "XFC: number of figures")
    lay.add("done", 1, "end Phase B / decline an optional step")
    # legacy tiles (MA-26.4): fixed whatever tiles are in play
    lay.add("legacy_buy", 1, "MA-26.4 L10-L17: before the main action, buy the legacy tile at the ship")
    lay.add("legacy_combat", 2, "MA-26.4: combat action escort (L6) / gold mine (L9)")
    lay.add("legacy_sail", 2, "MA-26.4: sail to the new city L4 / L7")
    lay.add("legacy_annex", legacy.NUM_NEW_CITIES, "MA-26.4 / MA-8.6: combat action CA2 at the new city L4 / L7")
    # story mode (MA-26.1 - MA-26.3): fixed whatever story cards are in play
    lay.add("story_quest", NST, "MA-26.1 / GAP-61: main action: the story quest of story tile 1+k at the ship")
    lay.add("remove_skull", len(SKULL_TILES), "MA-26.3 / GAP-62: remove skull tile L3, L20, L21, L22 or L23")
    lay.add("vote", NUM_VOTE_OPTIONS, "GAP-59: vote for option i of the story card's group choice")
    return lay


ACTIONS = build_action_layout()


def _off(name):
    return ACTIONS.offset(name)


A_SETUP_PLAN = _off("setup_plan")
A_SETUP_DISCARD = _off("setup_discard")
A_CAREER_PICK = _off("career_pick")
A_SAIL_TO = _off("sail_to")
A_MAIN = _off("main_action")
A_DELIVER = _off("deliver")
A_REMOVE_DISC = _off("remove_disc")
A_VILLAGE = _off("village_option")
A_BUY_HAND = _off("buy_hand")
A_BUY_PLAN = _off("buy_plan")
A_INVEST = _off("invest")
A_TAKE_2VP = _off("take_2vp")
A_PAY_CARD = _off("pay_card")
A_COMBAT_PILE = _off("combat_pile")
A_COMBAT_NATION = _off("combat_nation")
A_COMBAT_BOOST = _off("combat_boost")
A_COMBAT_ACTION = _off("combat_action")
A_EXPLORE_TO = _off("explore_to")
A_NATION = _off("choose_nation")
A_LOCATION = _off("choose_location")
A_DRAW = _off("draw")
A_FREE_PLAN = _off("free_plan")
A_FREE_CAREER = _off("free_career")
A_FREE_FIG2CP = _off("free_fig2cp")
A_CHOICE = _off("choice")
A_SYNERGY = _off("choose_synergy")
A_COUNT = _off("count")
A_DONE = _off("done")
A_LEGACY_BUY = _off("legacy_buy")
A_LEGACY_COMBAT = _off("legacy_combat")
A_LEGACY_SAIL = _off("legacy_sail")
A_LEGACY_ANNEX = _off("legacy_annex")
A_STORY_QUEST = _off("story_quest")
A_REMOVE_SKULL = _off("remove_skull")
A_VOTE = _off("vote")
NUM_ACTIONS = ACTIONS.size

# the families as codes (Family.SAIL_TO, ... in layout order) and, per flat action, its family
# and its parameter (the index inside the family): one encoding of each family, the layout's
Family = ACTIONS.family_codes("Family")
ACTION_FAMILY, ACTION_PARAM = ACTIONS.family_of()


# ----- observation (MA-29) ------------------------------------------------------------------
# Programs of Frame.PROG frames as one catalogue (frame_program): city actions, village
# options, assistant actions, ship upgrades; PROGRAM_BASE[src] is where source src starts.
PROGRAM_SIZES = (
    len(actions.CITY_ACTIONS),
    len(actions.VILLAGE_OPTIONS),
    len(actions.ASSISTANT_ACTIONS),
    ship.NUM_UPGRADES,
)
PROGRAM_BASE = np.cumsum((0,) + PROGRAM_SIZES[:-1]).astype(np.int64)
NUM_PROGRAMS = sum(PROGRAM_SIZES)
PROGRAM_IDS = (
    actions.CITY_ACTION_CODES + actions.VILLAGE_OPTION_CODES + actions.ASSISTANT_ACTION_CODES + ship.UPGRADE_IDS
)
NUM_SOURCES = len(Source)
NUM_STEP_CODES = len(codes.STEP_NAMES)
NUM_CARD_FAMILIES = len(projects.FAMILIES)
BARRIERS = ("green", "blue", "red")  # explorer-track barriers in codes.GREEN / BLUE / RED order (MA-10.6)


def build_obs_layout():
    lay = Layout()
    # game context (MA-29.1)
    lay.add("num_players", 3, "one-hot: 2, 3 or 4 players")
    lay.add("seat_exists", P, "relative seats in the game")
    lay.add("round", 4, "one-hot round 1-4 (all zero during setup)")
    lay.add("active", P, "one-hot relative seat to act")
    lay.add("round_starter", P, "one-hot relative seat that started this round")
    lay.add("last_trigger", P, "one-hot relative seat that ended the previous round")
    lay.add("decision", NUM_BASE_DECISIONS, "one-hot pending decision kind (state.Decision; story: story_decision)")
    lay.add("phase", len(Phase), "one-hot base phase (state.Phase)")
    # turn context (MA-29.1a)
    lay.add(
        "turn_context",
        8,
        "MP spent, last sail MP, main done, extra main pending, village actions left, "
        "pending payment count, pending disc removals, stack depth",
        fields=(
            "mp_spent",
            "last_sail_mp",
            "main_done",
            "extra_main",
            "village_actions_left",
            "payments_left",
            "disc_removals_left",
            "stack_depth",
        ),
    )
    lay.add(
        "own_assistants_here",
        (8, 2),
        "own assistant slot: present on arrival, used this turn",
        fields=("present", "used"),
    )
    lay.add(
        "combat_token",
        combat.NUM_COMBAT_TOKENS + 1,
        "combat in progress: one-hot revealed token; last = both piles were empty (MA-8.2)",
        fields=(("token", combat.NUM_COMBAT_TOKENS), "piles_empty"),
    )
    lay.add(
        "combat",
        15,
        "combat in progress: fighting nation (3), V, CA1-CA3 used (3), card combat actions used (instances 0-7)",
        fields=(("nation", NUM_NATIONS), "v", ("actions_used", 3), ("cards_used", 8)),
    )
    # the pending sub-decision (MA-29.1a): the top two frames of the stack (row 0 = top)
    lay.add(
        "frame_kind",
        (2, NUM_FRAME_KINDS),
        "pending frames, row 0 the top one and row 1 the one below it: "
        "one-hot kind (state.Frame: program, village batch, payment, disc removal, delivery, quest rewards, "
        "explorer move, card purchase, combat)",
    )
    lay.add(
        "frame_source",
        (2, NUM_SOURCES),
        "program frames: one-hot source (city action, village option, assistant action, ship upgrade, single step)",
    )
    lay.add(
        "frame_program",
        (2, NUM_PROGRAMS),
        "program frames: one-hot program: city action 0-14 (COMBAT, "
        "EXPLORE-3/4, CX1-CX9, HOME-20/21/22), village option 15-20, assistant action 21-37 (AS01-AS17), "
        "ship upgrade 38-49 (U1-U12)",
    )
    lay.add("frame_quest", (2, NQ), "quest-reward frames: one-hot quest being rewarded")
    lay.add(
        "frame_step",
        (2, NUM_STEP_CODES),
        "program / quest-reward frames: one-hot step (codes.S_*) at the "
        "program counter, e.g. CHOOSE_ONE, PAY_CP, PAY_WHOLE_HAND, EXTRA_SAIL, INFLUENCE_ANY",
    )
    lay.add(
        "frame_effect",
        (2, NUM_CARD_FAMILIES),
        "card-purchase frames: one-hot effect family (projects.F_*) being resolved (XI1, XSA, XVM, XVN, XFC...)",
    )
    lay.add(
        "frame_detail",
        4,
        "top frame: stage (program counter), a0 and a1 of its step or card effect "
        "(amount, number of options, CP to pay...), count (explore: steps allowed; extra sail: max MP; "
        "payment: cards left; disc removal: discs left; village batch: actions left)",
        fields=("stage", "a0", "a1", "count"),
    )
    lay.add(
        "frame_symbol",
        NUM_SYMBOLS + 1,
        "pending payment of hand cards: one-hot symbol to discard "
        "(TOB CORN SUG HERB MAP BOOK TELE; last = any one good, a0 cards of it)",
        fields=(("symbol", NUM_SYMBOLS), "any_good"),
    )
    lay.add("frame_nation", NUM_NATIONS, "top frame a card purchase: nation already chosen for XVM / XVN")
    lay.add(
        "stack_programs",
        NUM_PROGRAMS + NQ,
        "multi-hot: programs (as frame_program) and quests "
        "(after them) anywhere on the stack, where a nested decision comes from",
    )
    # per player, relative seats (MA-29.1)
    lay.add("vp", P, "VP per relative seat")
    lay.add("coins", P, "doubloons")
    lay.add("cp", P, "combat points")
    lay.add("d_income", P, "doubloon income")
    lay.add("vp_income", P, "VP income")
    lay.add("influence", (P, NUM_NATIONS), "influence per nation")
    lay.add("nobility", (P, NUM_NATIONS), "nobility level per nation (MA-9.3)")
    lay.add("ship", (P, NL), "one-hot ship location")
    lay.add("explorer", (P, NE), "one-hot explorer space")
    lay.add("crossed", (P, 3), "barriers crossed", fields=BARRIERS)
    lay.add("end_rank", (P, 4), "one-hot END arrival order")
    lay.add("discs", (P, NU), "discs left per ship position")
    lay.add(
        "figures",
        (P, 4),
        "figures: personal supply, general supply, career card, assistants on the board",
        fields=("personal", "general", "career", "assistants"),
    )
    lay.add("career", (P, careers.NUM_CAREERS), "one-hot kept career card (once all have chosen)")
    lay.add("goals", (P, 3, 2), "career goal done at low / high tier", fields=("low", "high"))
    lay.add("synergy", (P, NUM_SYNERGIES), "synergy tokens")
    lay.add(
        "counts",
        (P, 4),
        "hand size, compasses, quest tiles, combat tokens",
        fields=("hand", "compasses", "quests", "tokens"),
    )
    lay.add("assistants", (P, NL), "assistants per location")
    lay.add("invested", (P, 4), "figure on prestige space I-IV")
    lay.add("bought", (P, NC_AB), "multi-hot personal display (bought cards)")
    lay.add("planning", (P, 3, NC_AB), "one-hot card in each planning slot")
    # private (MA-29.2)
    lay.add("my_hand", (H_MAX, NC_AB), "PRIVATE: one-hot card at each hand index")
    lay.add(
        "my_setup_pick",
        (H_MAX, 2),
        "PRIVATE: dealt card chosen to plan / to discard (MA-3.12)",
        fields=("plan", "discard"),
    )
    lay.add("my_career_dealt", (2, careers.NUM_CAREERS), "PRIVATE: the two dealt career cards")
    lay.add("my_career_kept", careers.NUM_CAREERS, "PRIVATE: own kept career card")
    # cards (MA-29.1)
    lay.add("display", (4, NC_AB), "one-hot card in each display slot")
    lay.add("discard", NC_AB, "multi-hot discard pile")
    lay.add("deck_size", 1, "cards in the draw deck")
    # board
    lay.add("markers", (NL, NUM_NATIONS), "one-hot ownership marker nation at each location")
    lay.add("market", NL, "discs in each city's market")
    lay.add("market_free", NL, "empty market slots")
    lay.add("city_tiles", (4, 13), "one-hot tile at slots 4, 5, 13, 14 (and CTL00 at 11 as a 5th flag)")
    lay.add("maracaibo_tile", 1, "1 if the Maracaibo tile lies on 11")
    lay.add("quests_at", (NL, NQ), "quest tiles lying at each location")
    lay.add("quests_explorer", (3, NQ), "quest tile on explorer quest space QA / QB / QC")
    lay.add("quest_pile", NQ + 1, "one-hot top tile of the quest pile; last = pile size", fields=(("top", NQ), "size"))
    lay.add(
        "supply",
        (NUM_NATIONS, 3),
        "markers taken from the supply, markers on the board, nation value",
        fields=("taken", "on_board", "value"),
    )
    lay.add("prestige", (4, prestige.NUM_PRESTIGE), "one-hot revealed building on spaces I-IV")
    lay.add("token_piles", 2, "combat tokens left in each pile")
    lay.add("barrier_first", 3, "somebody crossed green / blue / red", fields=BARRIERS)
    lay.add("end_arrivals", 1, "explorers at END")
    lay.add("tokens_owned", (P, combat.NUM_COMBAT_TOKENS), "combat tokens on each ship board (GAP-27: public)")
    # legacy tiles (MA-26.4): fixed whatever tiles are in play
    lay.add("legacy_tiles", NLT, "MA-26.4: multi-hot legacy tiles in play (data/legacy.py order L1..L25)")
    lay.add(
        "legacy_discs",
        (legacy.NUM_PURCHASE_TILES, P + 1),
        "discs on L10-L17 per relative seat; last = discs from the box (MA-26.4, MA-26.7)",
    )
    lay.add(
        "legacy_markers",
        (legacy.NUM_MARKER_SPACES, NUM_NATIONS),
        "one-hot marker nation on L6's spaces (cost 10, 11) and L9's space (MA-26.4, MA-26.5)",
    )
    lay.add("legacy_bought", 1, "the purchase tile at the active ship was bought since it arrived (MA-26.4)")
    lay.add("legacy_ship", (P, 2), "ship at the new city L4 / L7 (MA-26.4)")
    lay.add(
        "legacy_city_markers",
        (legacy.NUM_NEW_CITIES, NUM_NATIONS),
        "one-hot marker nation on the flag of the new city L4 / L7 (MA-26.4, MA-8.6)",
    )
    # the quest card (MA-26.1, D16): which schedule lays the quest tiles still to come
    lay.add("quest_card", len(quest_cards.QUEST_CARDS), "one-hot quest card 75 / 76 / 77")
    # C cards 90-99 (GAP-63): the card segments above hold the A and B cards; these hold
    # the C cards the same way (last axis = card number - 90), so no earlier entry moved
    lay.add("c_cards_bought", (P, NCC), "GAP-63: multi-hot C cards in the personal display")
    lay.add("c_cards_planning", (P, 3, NCC), "GAP-63: one-hot C card in each planning slot")
    lay.add("c_cards_my_hand", (H_MAX, NCC), "GAP-63: PRIVATE: one-hot C card at each hand index")
    lay.add("c_cards_display", (4, NCC), "GAP-63: one-hot C card in each display slot")
    lay.add("c_cards_discard", NCC, "GAP-63: multi-hot C cards on the discard pile")
    lay.add("c_cards_in_game", NCC, "GAP-63: C cards in this game (the rest stay in the box)")
    # story mode (MA-26.1 - MA-26.3): fixed whatever story cards are in play
    lay.add(
        "story_decision",
        NUM_DECISIONS - NUM_BASE_DECISIONS,
        "one-hot story decision: skull tile to remove, vote (state.Decision after CAREER_GOALS)",
    )
    lay.add(
        "story_cards",
        (NS, 3),
        "per story card of data/story.py: in play (requirement checked at step 6), in play from the next "
        "step 6 on, read (MA-26.1, GAP-60)",
        fields=("in_play", "new", "read"),
    )
    lay.add("story_tiles", (NST, NL), "one-hot location of story tile 1-4 on the board (MA-26.1)")
    lay.add("story_tile_cards", (NST, NS), "one-hot story card whose quest story tile 1-4 carries (GAP-61)")
    lay.add("story_tiles_taken", (P, NST), "story tile 1-4 on the ship board of each relative seat (GAP-61)")
    lay.add("story_vote_options", NUM_VOTE_OPTIONS, "vote in progress: the options of the group choice (GAP-59)")
    lay.add("story_votes_cast", P, "vote in progress: relative seats that have voted (what: hidden, GAP-59)")
    lay.add("my_story_vote", NUM_VOTE_OPTIONS, "PRIVATE: one-hot own vote in the vote in progress (GAP-59)")
    return lay


OBS = build_obs_layout()
