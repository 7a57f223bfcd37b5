"""Action and observation layouts of Pirates of Nassau (PN-19, PN-20)."""

import numpy as np

from ..core.layout import Layout
from . import data as D
from .state import NP, NS, P, Decision, Step

MOVE_KINDS = ("exact/plus", "minus", "to 7", "to 14")  # PN-19.2 F1
K_PLUS, K_MINUS, K_TO7, K_TO14 = range(4)
TW_MODS = (0, +1, -1)  # none, +1, -1 (PN-7.6)
ACTIONS = (
    "pass",
    "trade winds",
    "plunder",
    "raid",
    "smuggle gunpowder",
    "smuggle goods",
    "smuggle rum",
    "smuggle pesos",
)
ACT_PASS, ACT_TW, ACT_PLUNDER, ACT_RAID, ACT_SMUGGLE = 0, 1, 2, 3, 4  # smuggle kind k = ACT_SMUGGLE + k
PENALTIES = ("lose half notoriety", "lose half cargo")
BURY = ("bury one", "bury all", "done")
# PN-19.2 F15: multisets of 3 resources (gunpowder, goods, rum), in lexicographic order
CONVERSIONS = tuple((a, b, c) for a in range(3) for b in range(a, 3) for c in range(b, 3))
CONVERT_COUNTS = np.array([[sum(1 for x in m if x == r) for r in range(3)] for m in CONVERSIONS], dtype=np.int64)
DISPLAY = 3 * P  # hull 0-4, mast 5-9, crew 10-14


def build_action_layout():
    lay = Layout()
    lay.add("move", (3, 4, 3), "F1 PN-7.4/7.5: die slot x (exact/plus, minus, to 7, to 14) x trade wind (none, +1, -1)")
    lay.add("action", len(ACTIONS), "F2 PN-8.1: pass, trade winds, plunder, raid, smuggle gunpowder/goods/rum/pesos")
    lay.add("captain_card", D.CAPTAIN_CARDS, "F3 PN-8.2: play captain card 0..3")
    lay.add("use_token", NS, "F4 PN-8.2/PN-9.2: flip the one-shot token on slot 0..15")
    lay.add("tokens_done", 1, "F4 PN-8.2: no more tokens, resolve the challenge")
    lay.add("ransom", 2, "F5 PN-8.8: 0 = no, 1 = ransom one hostage")
    lay.add(
        "remove_item",
        len(D.ITEMS),
        "F6 PN-8.12/PN-10.6/PN-8.13: remove (or, before a smuggle, discard) a peso, gunpowder, goods, rum or hostage",
    )
    lay.add("walk_plank", 1, "F6/F7 PN-8.14: a hostage from the hold walks the plank")
    lay.add("spend_trade_wind", 1, "F7 PN-9.2: the held trade wind for +1 notoriety")
    lay.add("end_adjust", 1, "F7 PN-9.2: end the notoriety adjustment")
    lay.add("collision", 2, "F8 PN-9.4: 0 = up, 1 = down")
    lay.add("navy_pick", P, "F9 PN-10.2: take the Royal Navy card at display index 0..4")
    lay.add("navy_penalty", 2, "F10 PN-10.6: 0 = lose half notoriety, 1 = lose half cargo")
    lay.add("exchange_peso", 3, "F11 PN-11.7: one hold peso for 2 gunpowder / goods / rum")
    lay.add("buy_section", 1, "F12 PN-11.4: buy the next ship section")
    lay.add("buy_token", (DISPLAY, NS), "F13 PN-11.5: Nassau display index 0..14 x slot 0..15")
    lay.add("nassau_pass", 1, "F14 PN-11.2: stop buying this round")
    lay.add("convert", len(CONVERSIONS), "F15 PN-11.8: 3 resources (a multiset) for 1 peso")
    lay.add("bury", len(BURY), "F16 PN-11.8: bury one peso, bury all, done")
    return lay


ACTION_LAYOUT = build_action_layout()
Family = ACTION_LAYOUT.family_codes()
FAMILY, PARAM = ACTION_LAYOUT.family_of()
A = {seg.name: seg.start for seg in ACTION_LAYOUT}
A_MOVE, A_ACTION, A_CARD, A_USE_TOKEN, A_TOKENS_DONE = (
    A[k] for k in ("move", "action", "captain_card", "use_token", "tokens_done")
)
A_RANSOM, A_REMOVE, A_WALK, A_SPEND_TW, A_END_ADJUST = (
    A[k] for k in ("ransom", "remove_item", "walk_plank", "spend_trade_wind", "end_adjust")
)
A_COLLISION, A_NAVY, A_PENALTY, A_EXCHANGE, A_BUY_SECTION = (
    A[k] for k in ("collision", "navy_pick", "navy_penalty", "exchange_peso", "buy_section")
)
A_BUY_TOKEN, A_NASSAU_PASS, A_CONVERT, A_BURY = (A[k] for k in ("buy_token", "nassau_pass", "convert", "bury"))

# per token type, the features an observation shows (Nassau display and ship slots)
TOKEN_FEATURES = (
    "hull",
    "sail",
    "mizzen",
    "crew",
    "red",
    "black",
    "yellow",
    "purple",
    "green_border",
    "perm_sail",
    "perm_cannon",
    "raid_cannon",
    "boost_sail",
    "boost_cannon",
    "notoriety",
    "green",
    "blue",
)
_KIND_OF_SLOT = {
    D.SLOT_HULL_RED: (0, 4),
    D.SLOT_HULL_BLACK: (0, 5),
    D.SLOT_SAIL_YELLOW: (1, 6),
    D.SLOT_SAIL_PURPLE: (1, 7),
    D.SLOT_MIZZEN: (2, 8),
    D.SLOT_CREW: (3, -1),
}
TOKEN_FEATURE_TABLE = np.zeros((D.NUM_TOKEN_TYPES, len(TOKEN_FEATURES)), dtype=np.float32)
for _t in range(D.NUM_TOKEN_TYPES):
    _k, _b = _KIND_OF_SLOT[int(D.T_SLOT[_t])]
    TOKEN_FEATURE_TABLE[_t, _k] = 1
    if _b >= 0:
        TOKEN_FEATURE_TABLE[_t, _b] = 1
    TOKEN_FEATURE_TABLE[_t, 9:] = (
        D.T_SAIL[_t],
        D.T_CANNON[_t],
        D.T_RAID[_t],
        D.T_BOOST_SAIL[_t],
        D.T_BOOST_CANNON[_t],
        D.T_NOTO[_t],
        D.T_GREEN[_t],
        D.T_BLUE[_t],
    )
NTF = len(TOKEN_FEATURES)

BOARD_FIELDS = (
    "port",
    "route",
    "intermediate",
    "region",
    "port_cannon",
    "offer_gunpowder",
    "offer_goods",
    "offer_rum",
    "offer_pesos",
    "raided",
    "merchant",
    "merchant_id",
    "m_sail",
    "m_cannon",
    "loot_pesos",
    "loot_gunpowder",
    "loot_goods",
    "loot_rum",
    "loot_hostages",
)
PLAYER_FIELDS = (
    "exists",
    "notoriety",
    "track_space",
    "laps",
    "sections",
    "sail",
    "cannon",
    "raid_cannon",
    "capacity",
    "pesos",
    "gunpowder",
    "goods",
    "rum",
    "hostages",
    "items",
    "trade_wind",
    "card_0",
    "card_1",
    "card_2",
    "card_3",
    "in_nassau",
    "position",
    "plundered",
    "plunder_notoriety",
    "raids",
    "plank",
    "passed",
    "best_ship",
    "motley_crew",
)
DIE_FIELDS = ("value", "used", "position", "trade_wind_under")
PENDING_FIELDS = (
    "plunder",
    "raid",
    "navy",
    "target_sail",
    "target_cannon",
    "card",
    "card_sail",
    "card_cannon",
    "boost_sail",
    "boost_cannon",
    "boost_notoriety",
    "trade_wind_spent",
    "collision_target",
    "cargo_left",
    "cargo_pending",
)
NAVY_FIELDS = ("present", "empty_ocean", "sail", "cannon", "phase")


def build_obs_layout():
    lay = Layout()
    lay.add(
        "flow",
        fields=("round", "pass", "order_index", "num_players"),
        doc="round (1-based), pass 1-3 of step 2, place of the actor in the step's order, players",
    )
    lay.add("step", len(Step), "one-hot Step (PN-5.1)")
    lay.add("decision", len(Decision), "one-hot pending Decision (PN-19.3)")
    lay.add("active", P, "one-hot relative seat to act (0 = observer)")
    lay.add("order", (P, P), "the step's order: slot x one-hot relative seat")
    lay.add(
        "pending",
        fields=PENDING_FIELDS,
        doc="the open challenge, its values and boosts; collision target; cargo to lose",
    )
    lay.add(
        "board",
        (NP - 1, len(BOARD_FIELDS)),
        "positions 1-20: kind, region, port values, raided, merchant values",
        fields=BOARD_FIELDS,
    )
    lay.add("ships_at", (NP, P), "position 0 (Nassau) .. 20 x relative seat: ship marker there")
    lay.add("navy_display", (P, len(NAVY_FIELDS)), "face-up Royal Navy cards", fields=NAVY_FIELDS)
    lay.add(
        "navy_deck",
        fields=("size", "fresh", "phase1_unseen", "phase2_unseen", "game_end_unseen"),
        doc="Royal Navy deck size; never-revealed cards by phase (composition, not order)",
    )
    lay.add("merchant_decks", 3, "cards left in the region 1/2/3 merchant decks")
    lay.add(
        "nassau",
        (3 * P, NTF + 1),
        "Nassau display: index 0-14 token features, last = present",
        fields=TOKEN_FEATURES + ("present",),
    )
    lay.add("stacks", 3, "tokens left in the hull / mast / crew stacks")
    lay.add("token_discards", D.NUM_TOKEN_TYPES, "discard piles per token type")
    lay.add("supply", fields=("gunpowder", "goods", "rum", "hostages", "trade_winds"), doc="general supply")
    lay.add(
        "players",
        (P, len(PLAYER_FIELDS)),
        "per relative seat: notoriety, ship, hold, cards, position, this round's record",
        fields=PLAYER_FIELDS,
    )
    lay.add(
        "dice",
        (P, 3, len(DIE_FIELDS)),
        "per relative seat and die: value, used, position, trade wind under it",
        fields=DIE_FIELDS,
    )
    lay.add(
        "slots",
        (P, NS, NTF + 3),
        "per relative seat and slot: token features, present, used, slot available",
        fields=TOKEN_FEATURES + ("present", "used", "available"),
    )
    lay.add("chest", P, "PRIVATE: the observer's chest; every chest once the game is over (PN-20.2, PN-20.4)")
    lay.add(
        "final",
        (P, 6),
        "after the game: category points, VP, rank per relative seat",
        fields=("notoriety_points", "crew_points", "ship_points", "treasure_points", "vp", "rank"),
    )
    return lay


OBS = build_obs_layout()
O = {seg.name: seg.start for seg in OBS}
