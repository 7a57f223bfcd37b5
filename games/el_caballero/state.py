"""The El Caballero record: every field of one game (EC-* rule IDs in comments).

Cells: the grid of EC-3.1 is stored as ``[y + R, x + R]`` (row, column), flat cell
index ``row * G + column`` with G = 2R + 1. Seats are absolute 0..3; arrays are
sized for 4 players and 10 map cards (seats and cards past the game's stay zero or -1).
Regions (EC-3.10) are not stored: the kernels derive them from the cards on the map
(union-find over pieces, games/el_caballero/rules/geometry.py), so no record can hold
regions that disagree with its map.
"""

import functools

import numpy as np

from ..core.codes import Codes
from ..core.state import make_dtype
from . import data as D

MAX_PLAYERS = 4
P, MAXM, NC, NG = MAX_PLAYERS, D.MAX_MAP_CARDS, D.NUM_CARDS, D.GOVERNORS
SCORINGS = 3  # at most three scorings (EC-10.2)


class Phase(Codes):
    POWER = "EC-5.2: the player to act plays a power card"
    TURN = "EC-5.7: a turn's actions (area placement, optional actions, END_TURN)"
    CELL = "EC-11: the cell of the pending placement (area card, caballero card, Governor)"
    OVER = "EC-9.1: the game has ended"


@functools.cache
def state_dtype(radius):
    """The record for a grid of radius ``radius`` (G = 2R + 1 cells a side)."""
    G = 2 * radius + 1
    return make_dtype(
        [
            # options, copied into the record so a position describes itself
            ("expanded", np.uint8),  # EC-10
            ("radius", np.int8),  # EC-3.1 R
            ("map_cards", np.int8),  # M (EC-GAP-6)
            ("power_row", np.int8),  # index into data.POWER_ROW_NAMES (EC-2.4)
            ("two_player_second", np.uint8),  # EC-GAP-22a alternative
            ("area_first", np.uint8),  # EC-GAP-11 flag order="area_first"
            ("court_cap", np.int16),  # EC-GAP-7 flag, 0 = no cap
            ("subaction_cap", np.int16),  # EC-GAP-26
            ("next_start_last", np.uint8),  # EC-GAP-10 flag next_start="last_played"
            ("tie_break_court", np.uint8),  # EC-9.3 flag tie_break="court"
            ("closed_no_caballero", np.uint8),  # EC-GAP-23 flag closed="no_legal_caballero"
            ("strict_order", np.uint8),  # EC-GAP-11 flag order="strict" (area_first is 1 too)
            ("one_land_regions", np.uint8),  # EC-GAP-5 flag one_land_rule="regions"
            # round structure (EC-5)
            ("phase", np.int8),
            ("round_no", np.int8),  # 1..rounds
            ("start_player", np.int8),  # who plays the first power card this round
            ("played", np.int8, (P,)),  # power value played this round, 0 = not yet
            ("power_hand", np.uint8, (P, D.POWER_VALUES)),  # 1 if value v+1 is still in hand (EC-5.4)
            ("turn_order", np.int8, (P,)),  # seats by power value, highest first (EC-5.5)
            ("turn_idx", np.int8),  # position in turn_order of the player on turn
            # per player
            ("court", np.int32, (P,)),  # EC-2.10
            ("ship_reserve", np.int8, (P,)),  # EC-2.6
            ("score", np.int32, (P,)),  # twelfths (EC-8.7)
            ("scoring_points", np.int32, (SCORINGS, P)),  # what each scoring paid, twelfths
            # supply (EC-4.3)
            ("supply_ships", np.int8),
            ("supply_castillos", np.int8),
            # area cards (EC-4.4, EC-4.5, EC-7.2); the deck top is deck[deck_len - 1]
            ("deck", np.int8, (NC,)),  # HIDDEN order; -1 past the end
            ("deck_len", np.int8),
            ("display", np.int8, (D.DISPLAY_SIZE,)),  # card id per slot, -1 = empty
            ("card_cell", np.int16, (NC,)),  # flat cell of each area card on the map, -1 = not on it
            ("card_rot", np.int8, (NC,)),  # EC-3.6 rotation of a card on the map
            ("area", np.int8, (G, G)),  # area card id in each cell, -1 = none
            # caballero cards (EC-2.1, EC-3.13 to EC-3.17)
            ("cab", np.int8, (G, G)),  # owner * 10 + k of the caballero card in each cell, -1 = none
            ("cab_cell", np.int16, (P, MAXM)),  # flat cell of card k, -1 = in hand
            ("cab_orient", np.int8, (P, MAXM)),  # o = 4 s + rho on the map, 0 in hand
            ("castillo", np.uint8, (P, MAXM)),  # EC-3.17
            ("ship", np.uint8, (P, MAXM, 4)),  # a ship on side d (EC-3.16)
            # expanded game (EC-10)
            ("grande", np.int8, (P,)),  # card k carrying the Grande, -1 = in reserve
            ("grande_moved", np.uint8, (P,)),  # EC-10.9: moved this round
            ("governor", np.int16, (P, NG)),  # piece node card * 3 + piece, -1 = in reserve (EC-3.18)
            # the turn of the player to act (EC-5.8)
            ("area_left", np.int8),  # area placements still required
            ("cab_used", np.int8),  # placements plus increases
            ("ships_bought", np.int8),
            ("castillos_built", np.int8),
            ("governor_used", np.uint8),
            ("subactions", np.int16),  # EC-GAP-26 counter
            ("turn_step", np.int8),  # the highest numbered step (2-7) taken this turn (EC-GAP-11 order="strict")
            ("pending_family", np.int8),  # the family awaiting its cell (Phase.CELL), -1 = none
            ("pending_param", np.int16),
        ]
    )
