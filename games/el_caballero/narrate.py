"""What a scoring paid, told region by region for the play screen (EC-8, EC-10.5).

The engine adds a scoring's twelfths in one go (rules/scoring.score_round); this module
retells it from the board it scored: each land region's value and who ranked where
(EC-8.2, EC-8.3), each seat's ships on sea regions (EC-8.5) and Governors (EC-10.5).
"""

import numpy as np

from ..core.batch import kernel_record
from . import data as D
from .render import points, seat_name, xy
from .rules.geometry import NODES, contact, grid_size
from .rules.scoring import board_regions, majority_share, second_place_pays

SCORING_ROUNDS = {0: 4, 1: 7, 2: 10}  # scoring index -> the round it ends (EC-8.1, EC-10.2)


def _where(rec, node):
    """A region named by the area card its root piece lies on: "at (2, -1)"."""
    x, y = xy(rec, int(rec["card_cell"][node // D.PIECES]))
    return f"at ({x}, {y})"


def _land_lines(rec, root, value, strength):
    n = int(rec["num_players"])
    second = second_place_pays(n, bool(rec["two_player_second"]))
    lines, gained = [], np.zeros(n, np.int64)
    for r in range(NODES):
        if root[r] != r or r % D.PIECES != 0 or value[r] <= 0:
            continue
        order = sorted((p for p in range(n) if strength[r, p] > 0), key=lambda p: -strength[r, p])
        if not order:
            lines.append(f"land {_where(rec, r)}, value {int(value[r])}: nobody holds it")
            continue
        shares = []
        for p in order:
            share = majority_share(strength[r], n, int(value[r]), second, p)
            gained[p] += share
            shares.append(f"{seat_name(p)} strength {int(strength[r, p])} +{points(share)}")
        lines.append(f"land {_where(rec, r)}, value {int(value[r])}: " + ", ".join(shares))
    return lines, gained


def _sea_lines(rec, kr, root, value):
    """EC-8.5 ships (each pays its sea region's value) and EC-10.5 Governors, per seat;
    ``kr``: ``rec`` as the kernels read it."""
    n, g = int(rec["num_players"]), grid_size(kr)
    lines, gained = [], np.zeros(n, np.int64)
    for p in range(n):
        ships, governors = [], []
        for k in range(int(rec["map_cards"])):
            cell = int(rec["cab_cell"][p, k])
            if cell < 0:
                continue
            for d in range(4):
                if rec["ship"][p, k, d]:
                    t, node = contact(kr, cell // g, cell % g, d)
                    if t == D.SEA:
                        ships.append(int(value[root[node]]))
        for node in rec["governor"][p]:
            if node >= 0:
                governors.append(int(value[root[node]]) * (2 if node % D.PIECES == 0 else 1))
        gained[p] = D.SCORE_UNIT * (sum(ships) + sum(governors))
        if ships:
            lines.append(
                f"{seat_name(p)}'s {len(ships)} ship(s) on seas of value {'+'.join(map(str, ships))}: +{sum(ships)}"
            )
        if governors:
            lines.append(f"{seat_name(p)}'s Governors: +{sum(governors)}")
    return lines, gained


def scoring_lines(rec) -> tuple[list[str], np.ndarray]:
    """The scoring of ``rec``'s board as it stands, one line per land region and per seat's
    ships and Governors; and the twelfths each seat gains (rules/scoring.score_now's sum)."""
    kr = kernel_record(rec.copy())
    root = np.empty(NODES, np.int64)
    value = np.empty(NODES, np.int64)
    strength = np.empty((NODES, 4), np.int64)
    board_regions(kr, root, value, strength)
    land, land_gain = _land_lines(rec, root, value, strength)
    sea, sea_gain = _sea_lines(rec, kr, root, value)
    return land + sea, land_gain + sea_gain


def scoring_report(before, after) -> list[str]:
    """The scoring a move triggered (EC-8.1), told region by region, then the totals; none
    when the move triggered none. Where the retelling would not add up to what the
    engine paid (the board changed after the scoring), only the totals are told."""
    n = int(after["num_players"])
    paid = [
        i
        for i in range(after["scoring_points"].shape[0])
        if np.any(after["scoring_points"][i, :n] != before["scoring_points"][i, :n])
    ]
    if not paid:
        return []
    i = paid[0]
    gained = after["scoring_points"][i, :n].astype(np.int64)
    lines, told = scoring_lines(after)
    head = f"Scoring {i + 1} (end of round {SCORING_ROUNDS[i]}): " + ", ".join(
        f"{seat_name(p)} +{points(gained[p])}" for p in range(n)
    )
    if not np.array_equal(told, gained):
        lines = []
    return [head, *("  " + line for line in lines)]
