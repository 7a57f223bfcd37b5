"""Where the bot reads its observation: indices into ``spaces.OBS`` by segment and
field name (the names ``games/maracaibo/observe.py`` writes), compile-time constants
for the kernels. Seats are relative: seat 0 is the bot, the ``O_*`` offsets are seat 0's
rows; a rival's row is ``O_X + seat * stride``."""

from numba import njit

from games.maracaibo.solo.spaces import JEAN_UPGRADES
from games.maracaibo.spaces import OBS
from games.maracaibo.state import NC_AB, NCC

O = OBS.offset
O_SEAT, O_ROUND, O_ACTIVE = O("seat_exists"), O("round"), O("active")
O_DECISION, O_PHASE, O_OWN_ASST = O("decision"), O("phase"), O("own_assistants_here")
O_CB_TOKEN = O("combat_token")
O_FKIND, O_FPROG, O_FSTEP, O_FFX = O("frame_kind"), O("frame_program"), O("frame_step"), O("frame_effect")
O_VP, O_COINS, O_CP, O_DINC, O_VINC = O("vp"), O("coins"), O("cp"), O("d_income"), O("vp_income")
O_INF, O_SHIP, O_EXP, O_CROSSED, O_END = O("influence"), O("ship"), O("explorer"), O("crossed"), O("end_rank")
O_DISCS, O_GOALS, O_SYN = O("discs"), O("goals"), O("synergy")
O_ASST, O_INVESTED, O_BOUGHT, O_PLANNING = O("assistants"), O("invested"), O("bought"), O("planning")
O_HAND, O_PICK, O_CDEALT, O_CKEPT = O("my_hand"), O("my_setup_pick"), O("my_career_dealt"), O("my_career_kept")
O_DISPLAY, O_MARKERS, O_MFREE, O_TILES, O_MTILE = (
    O("display"),
    O("markers"),
    O("market_free"),
    O("city_tiles"),
    O("maracaibo_tile"),
)
O_QAT, O_QEXP, O_PRESTIGE, O_PILES = O("quests_at"), O("quests_explorer"), O("prestige"), O("token_piles")
O_BFIRST, O_ENDN = O("barrier_first"), O("end_arrivals")
# GAP-63: the C cards' twins of the card segments (ids NC_AB.. of the engine)
O_CBOUGHT, O_CPLANNING, O_CHAND = O("c_cards_bought"), O("c_cards_planning"), O("c_cards_my_hand")
O_CDISPLAY = O("c_cards_display")
# legacy tiles (MA-26.4); O_LSHIP is seat 0's row: the own ship at new city L4 / L7;
# O_LCMARKERS: the marker nation on new city k's flag (one-hot, k * 3 + nation)
O_LT, O_LDISCS, O_LMARKERS, O_LBOUGHT, O_LSHIP, O_LCMARKERS = (
    O("legacy_tiles"),
    O("legacy_discs"),
    O("legacy_markers"),
    O("legacy_bought"),
    O("legacy_ship"),
    O("legacy_city_markers"),
)

# single entries by field name (MA-29.1a turn context, the combat, the top frame)
TURN_MP_SPENT, TURN_LAST_SAIL_MP, TURN_MAIN_DONE, TURN_EXTRA_MAIN = (
    OBS.index("turn_context", f) for f in ("mp_spent", "last_sail_mp", "main_done", "extra_main")
)
CB_NATION, CB_V, CB_ACTIONS_USED, CB_CARDS_USED = (
    OBS.index("combat", f) for f in ("nation", "v", "actions_used", "cards_used")
)
FD_STAGE, FD_A0, FD_COUNT = (OBS.index("frame_detail", f) for f in ("stage", "a0", "count"))
# the bot's own (seat 0) figures and counts
FIG_PERSONAL, FIG_GENERAL, FIG_ASSISTANTS = (OBS.index("figures", 0, f) for f in ("personal", "general", "assistants"))
COUNT_QUESTS, COUNT_TOKENS = OBS.index("counts", 0, "quests"), OBS.index("counts", 0, "tokens")
COUNT_STRIDE = OBS["counts"].stride  # a rival's quests: COUNT_QUESTS + seat * COUNT_STRIDE
# solo only (the vector goes on past spaces.OBS): Jean's yellow spaces revealed / 11 (MA-24.2, D14)
SOLO_JEAN_UPGRADES = JEAN_UPGRADES
# per nation: SUPPLY_X + nation * SUPPLY_STRIDE
SUPPLY_STRIDE = OBS["supply"].stride
SUPPLY_TAKEN, SUPPLY_ON_BOARD, SUPPLY_VALUE = (OBS.index("supply", 0, f) for f in ("taken", "on_board", "value"))
NUM_TILE_KINDS = OBS["city_tiles"].shape[1]


@njit(cache=True)
def argmax(obs, off, n):
    """The hot index of a one-hot run of n entries from ``off``; -1 if none is set."""
    for i in range(n):
        if obs[off + i] > 0.5:
            return i
    return -1


@njit(cache=True)
def card_at(obs, o_ab, o_c, row):
    """The card id hot in ``row`` of a card segment (A/B cards at ``o_ab``, their C twin at
    ``o_c``, GAP-63); -1 if none."""
    c = argmax(obs, o_ab + row * NC_AB, NC_AB)
    if c >= 0:
        return c
    c = argmax(obs, o_c + row * NCC, NCC)
    return c + NC_AB if c >= 0 else -1
