"""Setup (EC-4)."""

from numba import njit

from ...core import rng
from .. import data as D
from ..state import NC, NG, P, Phase
from .geometry import grid_size


@njit(cache=True)
def reveal_display(rec):
    """EC-4.5, EC-7.2: the top min(5, deck) cards face up into slots 0..4."""
    for slot in range(D.DISPLAY_SIZE):
        rec.display[slot] = -1
        if rec.deck_len > 0:
            rec.deck_len -= 1
            rec.display[slot] = rec.deck[rec.deck_len]
            rec.deck[rec.deck_len] = -1


@njit(cache=True)
def init_one(rec, seed, config):
    """config = [num_players, expanded, radius, map_cards, power_row, two_player_second,
    area_first, court_cap, subaction_cap, next_start_last, tie_break_court, closed_no_caballero,
    strict_order, one_land_regions, first_player (-1 random)]."""
    rng.seed_stream(rec.rng, seed)
    n = config[0]
    rec.num_players = n
    rec.expanded = config[1]
    rec.radius = config[2]
    rec.map_cards = config[3]
    rec.power_row = config[4]
    rec.two_player_second = config[5]
    rec.area_first = config[6]
    rec.court_cap = config[7]
    rec.subaction_cap = config[8]
    rec.next_start_last = config[9]
    rec.tie_break_court = config[10]
    rec.closed_no_caballero = config[11]
    rec.strict_order = config[12]
    rec.one_land_regions = config[13]
    g = grid_size(rec)
    rec.area[:, :] = -1
    rec.cab[:, :] = -1
    rec.card_cell[:] = -1
    rec.cab_cell[:, :] = -1
    rec.grande[:] = -1
    rec.governor[:, :] = -1
    rec.pending_family = -1
    rec.pending_param = -1
    # EC-4.4: shuffle, turn cards over until one shows neither gold nor fish
    for i in range(NC):
        rec.deck[i] = i
    rng.shuffle(rec.rng, rec.deck, 0, NC)
    top = NC - 1
    while D.CARD_PLAIN[rec.deck[top]] == 0:
        top -= 1
    start = rec.deck[top]
    rec.deck[top] = rec.deck[NC - 1]
    rec.deck[NC - 1] = -1
    rec.deck_len = NC - 1
    # EC-4.5: the other 47 shuffled together, five face up
    rng.shuffle(rec.rng, rec.deck, 0, NC - 1)
    centre = rec.radius
    rec.area[centre, centre] = start
    rec.card_cell[start] = centre * g + centre
    rec.card_rot[start] = rng.randint(rec.rng, 4)  # EC-GAP-14
    reveal_display(rec)
    # EC-4.2, EC-4.3
    for p in range(n):
        rec.court[p] = D.START_COURT
        for v in range(D.POWER_VALUES):
            rec.power_hand[p, v] = 1
    for p in range(n, P):
        for i in range(NG):
            rec.governor[p, i] = -1
    supply = D.SUPPLY[rec.expanded]
    rec.supply_ships = supply
    rec.supply_castillos = supply
    # EC-4.6, EC-4.7
    rec.round_no = 1
    rec.start_player = rng.randint(rec.rng, n) if config[14] < 0 else config[14]
    rec.phase = Phase.POWER
    rec.current_player = rec.start_player
