"""Action and observation layouts of El Caballero (EC-11, EC-12).

Actions follow the spec's two-step factorisation (EC-11 notes): a decision first
picks the family with its non-cell parameters (``place_area`` slot x rotation,
``place_caballero`` orientation, ...), then, for the families that place something
on a cell, a second decision of the same player picks the cell from one shared
``cell`` head. Both live in the one flat ``Discrete(A)``; the ``cell`` head is last,
so the offsets of every other family are the same for every grid radius.
Families are sized for M = 10 map cards; cards past the game's M and the expanded
families in the basic game are masked.
"""

import functools

from ..core.layout import Layout
from . import data as D
from .state import MAXM, P

K4 = MAXM * 4  # ship slots (card k, side d)


def _first_head():
    lay = Layout()
    lay.add("play_power", D.POWER_VALUES, "EC-5.2: play the power card of value 1..13")
    lay.add("place_area", (D.DISPLAY_SIZE, 4), "EC-6.2: area card of display slot 0..4 at rotation 0..3; then a cell")
    lay.add("place_caballero", D.NUM_ORIENT, "EC-6.3: a caballero card from hand with orientation o; then a cell")
    lay.add(
        "place_caballero_grande",
        D.NUM_ORIENT,
        "EC-10.8 (expanded): a caballero card with the Grande on it, orientation o; then a cell",
    )
    lay.add("increase", (MAXM, D.MAX_VALUE - 1), "EC-6.4: card k shows the new value 2..8 on its land side")
    lay.add("buy_ship", (MAXM, 4), "EC-6.6.1: a ship from the supply onto card k, side d (N E S W)")
    lay.add("build_castillo", MAXM, "EC-6.7.1: a castillo on card k")
    lay.add("return_card", MAXM, "EC-6.8: card k back to hand")
    lay.add("return_ship", (MAXM, 4), "EC-6.8: the ship on card k, side d to the reserve")
    lay.add("move_ship", (K4 + 1, K4), "EC-6.9.1: a ship from the reserve (0) or slot 1 + 4k + d to slot 4k' + d'")
    lay.add("move_castillo", (MAXM, MAXM), "EC-6.9.2: the castillo of card k to card k'")
    lay.add(
        "place_governor", D.PIECES, "EC-10.4 (expanded): a Governor on the land (0) or sea (1, 2) piece; then the cell"
    )
    lay.add("place_grande", MAXM, "EC-10.6 (expanded): the Grande from the reserve onto card k")
    lay.add("move_grande", MAXM, "EC-10.9 (expanded): the Grande to card k")
    lay.add("end_turn", 1, "EC-6.10: end the turn")
    return lay


FIRST = _first_head()
Family = FIRST.family_codes()
CELL_OFFSET = FIRST.size  # the cell head follows the first head
A_POWER = FIRST.offset("play_power")
A_AREA = FIRST.offset("place_area")
A_CAB = FIRST.offset("place_caballero")
A_CAB_GRANDE = FIRST.offset("place_caballero_grande")
A_INCREASE = FIRST.offset("increase")
A_BUY_SHIP = FIRST.offset("buy_ship")
A_CASTILLO = FIRST.offset("build_castillo")
A_RETURN_CARD = FIRST.offset("return_card")
A_RETURN_SHIP = FIRST.offset("return_ship")
A_MOVE_SHIP = FIRST.offset("move_ship")
A_MOVE_CASTILLO = FIRST.offset("move_castillo")
A_GOVERNOR = FIRST.offset("place_governor")
A_PLACE_GRANDE = FIRST.offset("place_grande")
A_MOVE_GRANDE = FIRST.offset("move_grande")
A_END = FIRST.offset("end_turn")
INCREASE_VALUES = D.MAX_VALUE - 1  # new values 2..8


@functools.cache
def action_layout(radius):
    G = 2 * radius + 1
    lay = _first_head()
    lay.add("cell", (G, G), "EC-11: the cell (row y + R, column x + R) of the pending placement")
    return lay


# ----- observation (EC-12) ----------------------------------------------------------
# The map comes as lists, one row per card (at most 48 area cards and 4 x 10 caballero
# cards whatever the grid's size), and one G x G plane, the legal cells of Phase CELL:
# ~10 KB a step instead of 26 planes over the whole grid (101 KB at R = 15), which a
# batched step spent most of its time writing. ``board_planes`` (games/el_caballero/planes.py)
# and the policy's extractor (training/features.py) scatter the rows back onto the planes
# below, cell by cell; nothing is lost, since every card keeps its row.
AREA_FIELDS = (
    "on_map",
    "x",
    "y",
    "terrain_n",
    "terrain_e",
    "terrain_s",
    "terrain_w",
    "gold",
    "fish",
    "land_value",
    "sea_value",
    "land_closed",
    "governor_0",
    "governor_1",
    "governor_2",
)
CABALLERO_FIELDS = (
    "number_n",
    "number_e",
    "number_s",
    "number_w",
    "ship_n",
    "ship_e",
    "ship_s",
    "ship_w",
    "castillo",
    "grande",
)
PLANES = (
    ("area", "1 where an area card lies (area_cards.on_map)"),
    ("terrain_n", "side N of the area card: +1 land, -1 sea"),
    ("terrain_e", "side E: +1 land, -1 sea"),
    ("terrain_s", "side S: +1 land, -1 sea"),
    ("terrain_w", "side W: +1 land, -1 sea"),
    ("gold", "1 if the card shows gold"),
    ("fish", "1 if the card shows fish"),
    ("land_value", "V of the card's land region / 10 (EC-3.11)"),
    ("sea_value", "largest V of the card's sea regions / 10"),
    ("land_closed", "1 if the card's land region is closed (EC-3.12)"),
    ("owner_0", "caballero card of relative seat 0 (the observer; cards.on_map)"),
    ("owner_1", "caballero card of relative seat 1"),
    ("owner_2", "caballero card of relative seat 2"),
    ("owner_3", "caballero card of relative seat 3"),
    ("number_n", "number facing N / 8 (EC-3.13)"),
    ("number_e", "number facing E / 8"),
    ("number_s", "number facing S / 8"),
    ("number_w", "number facing W / 8"),
    ("ship_n", "ship on side N"),
    ("ship_e", "ship on side E"),
    ("ship_s", "ship on side S"),
    ("ship_w", "ship on side W"),
    ("castillo", "castillo on the card"),
    ("grande", "Grande on the card"),
    ("governor", "the largest (relative seat + 1) / 4 of a Governor on a piece of the card, 0 = none"),
    ("legal_cell", "1 where the pending placement may go (Phase CELL; the legal_cell segment)"),
)
PLANE = {name: i for i, (name, _) in enumerate(PLANES)}
COUNTERS = ("area_left", "cab_used", "ships_bought", "castillos_built", "governor_used", "grande_moved", "subactions")


TURN_STEPS = 7  # EC-GAP-11: the source's turn steps are numbered up to 7


@functools.cache
def obs_layout(radius, strict=False):
    """The observation of a grid of radius ``radius``; ``strict`` (order="strict", EC-GAP-11)
    appends ``turn_step`` after ``legal_cell``, so every other offset is the same either way and
    the default layout does not change."""
    G = 2 * radius + 1
    lay = Layout()
    lay.add("num_players", 3, "one-hot: 2, 3 or 4 players")
    lay.add("mode", 1, "1 in the expanded game (EC-10)")
    lay.add("round", 1, "round number / number of rounds")
    lay.add("scorings_left", 1, "scorings still to come")
    lay.add("phase", len(PHASE_NAMES), "one-hot phase: power play, turn, cell, over")
    lay.add("pending", len(FIRST.names()), "one-hot family awaiting its cell")
    lay.add("pending_param", 1, "its parameter (slot * 4 + rotation, orientation or piece)")
    lay.add("active", P, "one-hot relative seat to act")
    lay.add("start_player", P, "one-hot relative seat that started the power play")
    lay.add("turn_position", P, "per relative seat: position in this round's turn order / 4 (0 = not yet known)")
    lay.add("played", (P, D.POWER_VALUES), "power card played this round, one-hot per relative seat")
    lay.add("power_hand", (P, D.POWER_VALUES), "power cards left in hand per relative seat")
    lay.add("display", (D.DISPLAY_SIZE, D.NUM_TYPES + 2), "per slot: one-hot type, gold, fish (all 0 = empty)")
    lay.add("deck", D.NUM_CLASSES, "public deck contents: cards per type x (plain, gold, fish) (EC-12)")
    lay.add("deck_size", 1, "cards in the deck")
    lay.add("supply", 2, "ships and castillos in the general supply", fields=("ships", "castillos"))
    lay.add("counters", len(COUNTERS), "the turn of the player to act (EC-5.8)", fields=COUNTERS)
    lay.add(
        "players",
        (P, 7),
        "per relative seat",
        fields=("court", "hand", "ship_reserve", "grande_on_map", "governors_left", "score", "ships_on_map"),
    )
    lay.add("scorings", (3, P), "points of each scoring per relative seat / 12")
    lay.add(
        "cards",
        (P, MAXM, 3),
        "per relative seat and caballero card k: on map, x / R, y / R",
        fields=("on_map", "x", "y"),
    )
    lay.add(
        "area_cards",
        (D.NUM_CARDS, len(AREA_FIELDS)),
        "per area card id on the map (all 0 off it): 1, x / R, "
        "y / R, each side's terrain (+1 land, -1 sea), gold, fish, V / 10 of its land region and the largest "
        "of its sea regions (EC-3.11), land region closed (EC-3.12), per piece 0-2 (relative seat + 1) / 4 "
        "of the Governor on it (0 = none, EC-10.4)",
        fields=AREA_FIELDS,
    )
    lay.add(
        "caballeros",
        (P, MAXM, len(CABALLERO_FIELDS)),
        "per relative seat and caballero card k on the map "
        "(all 0 in hand): the number facing each side / 8 (EC-3.13), a ship on each side (EC-3.16), "
        "castillo (EC-3.17), Grande (EC-10.6)",
        fields=CABALLERO_FIELDS,
    )
    lay.add(
        "legal_cell",
        (G, G),
        "Phase CELL: 1 where the pending placement may go, row y + R, column x + R (the cell head's grid)",
    )
    if strict:
        lay.add(
            "turn_step",
            1,
            "order=\"strict\" only: the highest turn step (2-7) taken this turn / 7, 0 = "
            "none yet; families of lower steps 3-7 are closed (EC-GAP-11)",
        )
    return lay


PHASE_NAMES = ("POWER", "TURN", "CELL", "OVER")
