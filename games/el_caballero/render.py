"""Text a person can read: the map as a character grid, labels, the tables of the docs."""

import numpy as np

from ..core.batch import kernel_record
from . import data as D
from .rules.scoring import score_now
from .spaces import CELL_OFFSET, FIRST, INCREASE_VALUES, K4, Family
from .state import MAXM, Phase

SEATS = "ABCD"
PIECE_NAMES = ("land", "sea", "second sea")
LAND_CH, SEA_CH = "#", "~"
CARD_LABELS = {  # families whose parameter is one of the player's map cards
    Family.BUILD_CASTILLO: "Build a castillo on card {}", Family.RETURN_CARD: "Return card {}",
    Family.PLACE_GRANDE: "Place the Grande on card {}", Family.MOVE_GRANDE: "Move the Grande to card {}",
}
SLOT_LABELS = {  # families whose parameter is a ship slot (card, side)
    Family.BUY_SHIP: "Buy a ship for card {}, side {}", Family.RETURN_SHIP: "Return the ship of card {}, side {}",
}


def xy(rec, cell):
    """The (x, y) of EC-3.1 of a flat cell index."""
    g = 2 * int(rec["radius"]) + 1
    row, col = divmod(int(cell), g)
    return col - int(rec["radius"]), row - int(rec["radius"])


def points(twelfths):
    """Twelfths as a readable number: 7.5, 10, 3 1/3."""
    whole, rest = divmod(int(twelfths), 12)
    if rest == 0:
        return str(whole)
    if rest == 6:
        return f"{whole}.5"
    from math import gcd
    k = gcd(rest, 12)
    return f"{whole} {rest // k}/{12 // k}" if whole else f"{rest // k}/{12 // k}"


def card_text(card, rot=0):
    """e.g. "CORNER, land N/E, gold"."""
    sides = D.card_sides(card, rot)
    land = "/".join(D.DIRECTIONS[d] for d in range(4) if sides[d] == "L")
    parts = [D.TYPE_NAMES[D.CARD_TYPE[card]], f"land {land}" if land else "all sea"]
    if D.CARD_GOLD[card]:
        parts.append("gold")
    if D.CARD_FISH[card]:
        parts.append("fish")
    return ", ".join(parts)


def orient_text(o):
    return " ".join(f"{D.DIRECTIONS[d]}{int(D.NUM[o, d])}" for d in range(4))


def first_label(rec, a):
    """The label of a first-head action (EC-11)."""
    seg, i = FIRST.locate(a)
    fam = Family[seg.name.upper()]
    if fam == Family.PLAY_POWER:
        return f"Play power card {i + 1} (income {int(D.INCOME_TABLE[rec['power_row'], i])})"
    if fam == Family.PLACE_AREA:
        slot, rot = divmod(i, 4)
        card = int(rec["display"][slot])
        text = card_text(card, rot) if card >= 0 else "empty"
        return f"Place area card {slot} ({text}) rotated {90 * rot}"
    if fam in (Family.PLACE_CABALLERO, Family.PLACE_CABALLERO_GRANDE):
        extra = " with the Grande" if fam == Family.PLACE_CABALLERO_GRANDE else ""
        return f"Place a caballero card{extra} showing {orient_text(i)}"
    if fam == Family.INCREASE:
        k, v = divmod(i, INCREASE_VALUES)
        return f"Increase card {k} to {v + 2}"
    if fam in CARD_LABELS:
        return CARD_LABELS[fam].format(i)
    if fam in SLOT_LABELS:
        return SLOT_LABELS[fam].format(i // 4, D.DIRECTIONS[i % 4])
    if fam == Family.MOVE_SHIP:
        src, dst = divmod(i, K4)
        where = "the reserve" if src == 0 else f"card {(src - 1) // 4} side {D.DIRECTIONS[(src - 1) % 4]}"
        return f"Move a ship from {where} to card {dst // 4} side {D.DIRECTIONS[dst % 4]}"
    if fam == Family.MOVE_CASTILLO:
        return f"Move the castillo of card {i // MAXM} to card {i % MAXM}"
    if fam == Family.PLACE_GOVERNOR:
        return f"Place a Governor on a {PIECE_NAMES[i]} region"
    return "End the turn"


def action_label(rec, a):
    """e.g. "Place area card 3 (CORNER, land N/E, gold) rotated 90 at (2, -1)"; a cell
    action repeats the pending choice it completes."""
    if a < CELL_OFFSET:
        return first_label(rec, a)
    x, y = xy(rec, a - CELL_OFFSET)
    fam = int(rec["pending_family"])
    if fam < 0:
        return f"At ({x}, {y})"
    return f"{first_label(rec, FIRST[FIRST.names()[fam]].start + int(rec['pending_param']))} at ({x}, {y})"


# ----- the map ------------------------------------------------------------------------
def _bbox(rec):
    g = 2 * int(rec["radius"]) + 1
    used = (rec["area"] >= 0) | (rec["cab"] >= 0)
    rows, cols = np.nonzero(used)
    return (max(rows.min() - 1, 0), min(rows.max() + 1, g - 1), max(cols.min() - 1, 0), min(cols.max() + 1, g - 1))


def _cell_block(rec, row, col):
    """Three lines of three characters for one cell."""
    a, c = int(rec["area"][row, col]), int(rec["cab"][row, col])
    if a >= 0:
        sides = D.card_sides(a, int(rec["card_rot"][a]))
        ch = [LAND_CH if s == "L" else SEA_CH for s in sides]
        mid = "g" if D.CARD_GOLD[a] else "f" if D.CARD_FISH[a] else (LAND_CH if "L" in sides else SEA_CH)
        gov = [q for q in range(int(rec["num_players"])) for node in rec["governor"][q]
               if node >= 0 and node // 3 == a]
        def corner(a, b):  # between two sides: their terrain when they agree
            return ch[a] if ch[a] == ch[b] else " "

        nw = SEATS[gov[0]].lower() if gov else corner(0, 3)
        return [f"{nw}{ch[0]}{corner(0, 1)}", f"{ch[3]}{mid}{ch[1]}", f"{corner(2, 3)}{ch[2]}{corner(1, 2)}"]
    if c >= 0:
        p, k = divmod(c, MAXM)
        o = int(rec["cab_orient"][p, k])
        n = [str(int(D.NUM[o, d])) for d in range(4)]
        centre = SEATS[p] if rec["grande"][p] != k else SEATS[p].lower()
        tl = "C" if rec["castillo"][p, k] else " "
        tr = "s" if rec["ship"][p, k].any() else " "
        return [f"{tl}{n[0]}{tr}", f"{n[3]}{centre}{n[1]}", f" {n[2]} "]
    return ["   ", " . ", "   "]


def map_text(rec):
    r0, r1, c0, c1 = _bbox(rec)
    radius = int(rec["radius"])
    lines = ["     " + "".join(f"{col - radius:^4d}" for col in range(c0, c1 + 1))]
    for row in range(r1, r0 - 1, -1):  # north at the top
        blocks = [_cell_block(rec, row, col) for col in range(c0, c1 + 1)]
        for i in range(3):
            label = f"{row - radius:>4d} " if i == 1 else "     "
            lines.append(label + "".join(b[i] + " " for b in blocks))
    return lines


def render(rec):
    n = int(rec["num_players"])
    mode = "expanded" if rec["expanded"] else "basic"
    rounds = D.ROUNDS[bool(rec["expanded"])]
    phase = Phase.name_of(rec["phase"])
    lines = [f"El Caballero ({mode}, {n} players) - round {int(rec['round_no'])}/{rounds}, {phase}"]
    if rec["current_player"] >= 0:
        lines[0] += f", player {SEATS[int(rec['current_player'])]} to act"
    lines.append("Map (area: # land ~ sea, g gold, f fish, a-d Governor; caballero: seat letter, numbers facing each side,"
                 " C castillo, s ships, lower-case seat = Grande):")
    lines += map_text(rec)
    shown = [f"{slot}: {card_text(int(c))}" for slot, c in enumerate(rec["display"]) if c >= 0]
    lines.append("Display: " + ("; ".join(shown) if shown else "empty"))
    lines.append(f"Deck: {int(rec['deck_len'])} cards. Supply: {int(rec['supply_ships'])} ships, "
                 f"{int(rec['supply_castillos'])} castillos.")
    if rec["phase"] in (Phase.TURN, Phase.CELL):
        lines.append(f"Turn: {int(rec['area_left'])} area placement(s) left, {int(rec['cab_used'])}/2 caballero "
                     f"placements, {int(rec['ships_bought'])}/2 ships, {int(rec['castillos_built'])}/2 castillos, "
                     f"{int(rec['subactions'])} actions")
    projected = np.zeros(4, np.int64)
    score_now(kernel_record(rec), projected)
    for p in range(n):
        hand = [v + 1 for v in range(D.POWER_VALUES) if rec["power_hand"][p, v]]
        in_hand = int((rec["cab_cell"][p, : int(rec["map_cards"])] < 0).sum())
        row = (f"{SEATS[p]}: score {points(rec['score'][p])} (if scored now +{points(projected[p])}), "
               f"court {int(rec['court'][p])}, cards in hand {in_hand}, ship reserve {int(rec['ship_reserve'][p])}")
        if rec["played"][p]:
            row += f", played {int(rec['played'][p])}"
        if rec["expanded"]:
            grande = int(rec["grande"][p])
            gov = int((rec["governor"][p] < 0).sum())
            row += f", Grande {'in reserve' if grande < 0 else f'on card {grande}'}, {gov} Governors left"
        lines.append(row)
        lines.append(f"   power cards left: {' '.join(map(str, hand))}")
    return "\n".join(lines)


def score_line(rec):
    n = int(rec["num_players"])
    return "Scores: " + ", ".join(f"{SEATS[p]} {points(rec['score'][p])}" for p in range(n))


# ----- tables of the docs --------------------------------------------------------------
def area_table():
    rows = ["| type | edges N E S W | pieces | plain | gold | fish |", "|---|---|---|---|---|---|"]
    for t, (name, edges, pieces) in enumerate(D.AREA_TYPES):
        counts = next(c for c in D.AREA_CARDS if c[0] == name)
        rows.append(f"| {name} | {' '.join(edges)} | {' '.join(map(str, pieces))} | {counts[1]} | {counts[2]} | "
                    f"{counts[3]} |")
    return "\n".join(rows) + f"\n\nPLACEHOLDER distribution (EC-3.7): {D.NUM_CARDS} cards."


def number_table():
    rows = ["| o | N | E | S | W |", "|---|---|---|---|---|"]
    rows += [f"| {o} | " + " | ".join(str(int(v)) for v in D.NUM[o]) + " |" for o in range(D.NUM_ORIENT)]
    return "\n".join(rows) + "\n\nPLACEHOLDER arrangement (EC-3.13)."


def power_table():
    rows = ["| row | " + " | ".join(str(v) for v in range(1, 14)) + " |", "|---|" + "---|" * 13]
    for name, values in D.POWER_ROWS.items():
        rows.append(f"| {name} | " + " | ".join(map(str, values)) + " |")
    return "\n".join(rows) + ("\n\nThe default row `el_caballero` is derived from two sources, not from the "
                              "physical cards (EC-2.4).")

