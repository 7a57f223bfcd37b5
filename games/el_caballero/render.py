"""Text a person can read, over 400 lines as it holds the map as a character grid, labels and the docs' tables."""

import textwrap
from math import gcd

import numpy as np

from ..core.batch import kernel_record
from . import data as D
from .rules.area import FRONTIER_MAX, frontier
from .rules.caballeros import increase_cost, placement_cost
from .rules.engine import board_facts
from .rules.geometry import held
from .rules.scoring import score_now
from .spaces import CELL_OFFSET, FIRST, INCREASE_VALUES, K4, Family
from .state import MAXM, Phase

SEATS = "ABCD"
PIECE_NAMES = ("land", "sea", "second sea")
LAND_CH, SEA_CH = "#", "~"
CARD_LABELS = {  # families whose parameter is one of the player's map cards
    Family.BUILD_CASTILLO: "Build a castillo on card {}",
    Family.RETURN_CARD: "Return card {}",
    Family.PLACE_GRANDE: "Place the Grande on card {}",
    Family.MOVE_GRANDE: "Move the Grande to card {}",
}
SLOT_LABELS = {  # families whose parameter is a ship slot (card, side)
    Family.BUY_SHIP: "Buy a ship for card {}, side {}",
    Family.RETURN_SHIP: "Return the ship of card {}, side {}",
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


def seat_name(p):
    """A seat as every text names it: "player B" (the map shows the letter alone)."""
    return f"player {SEATS[int(p)]}"


def caballeros(n):
    return f"{n} caballero{'' if n == 1 else 's'}"


def _costs(rec, fam, param):
    """The court the first-head choice costs: a number, or for a caballero card the
    distinct costs of its legal cells (the rules' ``placement_cost``). None: free."""
    if fam in (Family.PLACE_CABALLERO, Family.PLACE_CABALLERO_GRANDE):
        return cell_costs(rec, param, fam == Family.PLACE_CABALLERO_GRANDE)
    if fam == Family.INCREASE:
        k, v = divmod(param, INCREASE_VALUES)
        krec = kernel_record(rec)
        root, strength = board_facts(krec)
        cost = increase_cost(krec, max(int(rec["current_player"]), 0), k, v + 2, root, strength)
        return cost if cost >= 0 else None
    return FIXED_COSTS.get(fam)


FIXED_COSTS = {  # EC-6.6.1, EC-6.7.1, EC-6.9, EC-10.4, EC-10.6, EC-10.9
    Family.BUY_SHIP: D.SHIP_COST,
    Family.BUILD_CASTILLO: D.CASTILLO_COST,
    Family.MOVE_SHIP: D.MOVE_COST,
    Family.MOVE_CASTILLO: D.MOVE_COST,
    Family.PLACE_GOVERNOR: D.GOVERNOR_COST,
    Family.PLACE_GRANDE: D.GRANDE_COST,
    Family.MOVE_GRANDE: D.GRANDE_MOVE_COST,
}


def cell_costs(rec, o, with_grande, cell=None):
    """The costs of placing a caballero card with orientation ``o`` (EC-6.3.3, EC-6.3.4,
    EC-10.8): on ``cell``, or the sorted distinct costs over every cell it may go to."""
    krec = kernel_record(rec)
    p = max(int(rec["current_player"]), 0)
    root, strength = board_facts(krec)
    g = 2 * int(rec["radius"]) + 1
    if cell is not None:
        return int(placement_cost(krec, p, o, cell // g, cell % g, root, strength, with_grande))
    cells = np.empty(FRONTIER_MAX, np.int64)
    n = frontier(krec, cells)
    costs = {int(placement_cost(krec, p, o, c // g, c % g, root, strength, with_grande)) for c in cells[:n]}
    return sorted(c for c in costs if c >= 0)


def _cost_text(cost):
    if cost is None:
        return ""
    if isinstance(cost, list):  # a caballero card: the cost depends on the cell
        if not cost:
            return ""
        if len(cost) == 1:
            return f", costs {caballeros(cost[0])}"
        return f", costs {cost[0]}-{caballeros(cost[-1])} by cell"
    return f", costs {caballeros(cost)}"


def first_label(rec, a, cost=True):
    """The label of a first-head action (EC-11), with what it costs from the court
    (``cost``; a caballero card's cost depends on the cell it goes to)."""
    seg, i = FIRST.locate(a)
    fam = Family[seg.name.upper()]
    extra = _cost_text(_costs(rec, fam, i)) if cost else ""
    if fam == Family.PLAY_POWER:
        return f"Play power card {i + 1} (income {int(D.INCOME_TABLE[rec['power_row'], i])})"
    if fam == Family.PLACE_AREA:
        slot, rot = divmod(i, 4)
        card = int(rec["display"][slot])
        text = card_text(card, rot) if card >= 0 else "empty"
        return f"Place area card {slot} ({text}) rotated {90 * rot}"
    if fam in (Family.PLACE_CABALLERO, Family.PLACE_CABALLERO_GRANDE):
        grande = " with the Grande" if fam == Family.PLACE_CABALLERO_GRANDE else ""
        return f"Place a caballero card{grande} showing {orient_text(i)}{extra}"
    if fam == Family.INCREASE:
        k, v = divmod(i, INCREASE_VALUES)
        return f"Increase card {k} to {v + 2}{extra}"
    if fam == Family.RETURN_CARD:
        return f"Return card {i}{_return_text(rec, i)}"
    if fam in CARD_LABELS:
        return CARD_LABELS[fam].format(i) + extra
    if fam in SLOT_LABELS:
        return SLOT_LABELS[fam].format(i // 4, D.DIRECTIONS[i % 4]) + extra
    if fam == Family.MOVE_SHIP:
        src, dst = divmod(i, K4)
        where = "the reserve" if src == 0 else f"card {(src - 1) // 4} side {D.DIRECTIONS[(src - 1) % 4]}"
        return f"Move a ship from {where} to card {dst // 4} side {D.DIRECTIONS[dst % 4]}{extra}"
    if fam == Family.MOVE_CASTILLO:
        return f"Move the castillo of card {i // MAXM} to card {i % MAXM}{extra}"
    if fam == Family.PLACE_GOVERNOR:
        return f"Place a Governor on a {PIECE_NAMES[i]} region{extra}"
    if fam == Family.END_TURN:
        return "End the turn"
    return f"{seg.name.replace('_', ' ').capitalize()} {i}"  # a family this text does not know yet


def _return_text(rec, k):
    """EC-6.8.2: a card with a castillo sends h(K) caballeros back to the court."""
    p = max(int(rec["current_player"]), 0)
    if not rec["castillo"][p, k]:
        return ""
    return f", its castillo sends {caballeros(int(held(kernel_record(rec), p, k)))} back to the court"


def action_label(rec, a):
    """e.g. "Place area card 3 (CORNER, land N/E, gold) rotated 90 at (2, -1)"; a cell
    action repeats the pending choice it completes, and what it costs there."""
    if a < CELL_OFFSET:
        return first_label(rec, a)
    cell = a - CELL_OFFSET
    x, y = xy(rec, cell)
    fam = int(rec["pending_family"])
    if fam < 0:
        return f"At ({x}, {y})"
    param = int(rec["pending_param"])
    text = f"{first_label(rec, FIRST[FIRST.names()[fam]].start + param, cost=False)} at ({x}, {y})"
    if fam in (Family.PLACE_CABALLERO, Family.PLACE_CABALLERO_GRANDE):
        cost = cell_costs(rec, param, fam == Family.PLACE_CABALLERO_GRANDE, cell)
        return text + _cost_text(cost if cost >= 0 else None)
    return text + _cost_text(FIXED_COSTS.get(fam))


def menu_order(rec, legal):
    """The legal moves the list offers: rotations of a display card that make the same
    placement (``data.card_face``) once, the first of them (EC-3.6); the others stay
    legal (the mask keeps its layout), and a label typed in full still finds them."""
    offered, seen = [], set()
    for a in legal:
        seg, param = FIRST.locate(a) if a < CELL_OFFSET else (None, None)
        if seg is not None and seg.name == "place_area":
            slot, rot = divmod(param, 4)
            face = (slot, D.card_face(int(rec["display"][slot]), rot))
            if face in seen:
                continue
            seen.add(face)
        offered.append(a)
    return offered


def move_menu(rec, legal, width=80):
    """The moves ``legal`` (in screen order: ``menu_order``), one line each, numbered 1, 2, 3."""
    lines = []
    for i, a in enumerate(legal, 1):
        lines += textwrap.wrap(
            f"{i:>3}. {action_label(rec, a)}", width - 2, initial_indent="  ", subsequent_indent="         "
        )
    return lines


# ----- the map ------------------------------------------------------------------------
def bbox(rec):
    """(first row, last row, first column, last column) of the used board and a margin of one cell."""
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
        gov = [q for q in range(int(rec["num_players"])) for node in rec["governor"][q] if node >= 0 and node // 3 == a]

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


def map_text(rec, width=None):
    """The map, north at the top; wider than ``width`` columns, in bands of columns
    printed one under the other, west first."""
    r0, r1, c0, c1 = bbox(rec)
    radius = int(rec["radius"])
    per_band = c1 - c0 + 1 if width is None else max((width - 5) // 4, 1)
    lines = []
    for start in range(c0, c1 + 1, per_band):
        cols = range(start, min(start + per_band, c1 + 1))
        lines.append("     " + "".join(f"{col - radius:^4d}" for col in cols).rstrip())
        for row in range(r1, r0 - 1, -1):  # north at the top
            blocks = [_cell_block(rec, row, col) for col in cols]
            for i in range(3):
                label = f"{row - radius:>4d} " if i == 1 else "     "
                lines.append((label + "".join(b[i] + " " for b in blocks)).rstrip())
    return lines


def points_text(twelfths):
    """A score with its unit: scores are kept in twelfths of a point (EC-8.7)."""
    return f"{points(twelfths)} point{'' if int(twelfths) == 12 else 's'}"


LEGEND = (
    "Map: area cards show # land, ~ sea, g gold, f fish, a-d a Governor; a caballero card shows its "
    "player's letter with the number facing each side, C a castillo, s ships, a lower-case letter "
    "the Grande."
)


def header(rec):
    """ "El Caballero (basic, 3 players) - round 2/7, TURN, player B to act" """
    mode = "expanded" if rec["expanded"] else "basic"
    rounds = D.ROUNDS[bool(rec["expanded"])]
    head = (
        f"El Caballero ({mode}, {int(rec['num_players'])} players) - round {int(rec['round_no'])}/{rounds}, "
        f"{Phase.name_of(rec['phase'])}"
    )
    if rec["current_player"] >= 0:
        head += f", {seat_name(rec['current_player'])} to act"
    return head


def status_lines(rec):
    """The deck and supply, and during a turn what it has used (EC-5.8)."""
    lines = [
        f"Deck: {int(rec['deck_len'])} cards. Supply: {int(rec['supply_ships'])} ships, "
        f"{int(rec['supply_castillos'])} castillos."
    ]
    if rec["phase"] in (Phase.TURN, Phase.CELL):
        lines.append(
            f"Turn: {int(rec['area_left'])} area placement(s) left, {int(rec['cab_used'])}/2 caballero "
            f"placements, {int(rec['ships_bought'])}/2 ships, {int(rec['castillos_built'])}/2 castillos, "
            f"{int(rec['subactions'])} actions"
        )
    return lines


def seat_facts(rec):
    """Per seat, what both boards (``player_lines``, ``screen.player_rows``) word: the score
    and what a scoring now would add (None once the game is over, EC-8), the court, the
    caballero cards in hand, the ship reserve, the power card played and those left, and
    in the expanded game the Grande's card (-1: in reserve) and the Governors left (EC-10)."""
    projected = np.zeros(4, np.int64)
    score_now(kernel_record(rec), projected)
    over = rec["phase"] == Phase.OVER
    return [
        dict(
            score=rec["score"][p],
            upcoming=None if over else projected[p],
            court=int(rec["court"][p]),
            in_hand=int((rec["cab_cell"][p, : int(rec["map_cards"])] < 0).sum()),
            ships=int(rec["ship_reserve"][p]),
            played=int(rec["played"][p]),
            power_left=[v + 1 for v in range(D.POWER_VALUES) if rec["power_hand"][p, v]],
            grande=int(rec["grande"][p]),
            governors=int((rec["governor"][p] < 0).sum()),
        )
        for p in range(int(rec["num_players"]))
    ]


def player_lines(rec):
    """Per seat: its score, what a scoring now would add (while the game lasts), court and
    pieces; and its power cards left."""
    out = []
    for p, f in enumerate(seat_facts(rec)):
        upcoming = "" if f["upcoming"] is None else f" (a scoring now would add {points(f['upcoming'])})"
        row = (
            f"{seat_name(p)}: {points_text(f['score'])}{upcoming}, court {caballeros(f['court'])}, "
            f"cards in hand {f['in_hand']}, ship reserve {f['ships']}"
        )
        if f["played"]:
            row += f", played {f['played']}"
        if rec["expanded"]:
            grande = f["grande"]
            row += f", Grande {'in reserve' if grande < 0 else f'on card {grande}'}, {f['governors']} Governors left"
        out.append((row, f"power cards left: {' '.join(map(str, f['power_left']))}"))
    return out


def render(rec, width=None):
    """The board; ``width`` wraps its text lines (and bands the map) to that many columns."""
    lines = [header(rec), LEGEND, *map_text(rec, width)]
    shown = [f"{slot}: {card_text(int(c))}" for slot, c in enumerate(rec["display"]) if c >= 0]
    lines.append("Display: " + ("; ".join(shown) if shown else "empty"))
    lines += status_lines(rec)
    for row, power in player_lines(rec):
        lines += [row, f"   {power}"]
    if width is None:
        return "\n".join(lines)
    return "\n".join(
        line if len(line) <= width else textwrap.fill(line, width, subsequent_indent="    ", break_on_hyphens=False)
        for line in lines
    )


def score_line(rec):
    n = int(rec["num_players"])
    return "Scores: " + ", ".join(f"{seat_name(p)} {points_text(rec['score'][p])}" for p in range(n))


# ----- the i command of doubloon play ---------------------------------------------------
def area_info(t):
    """An area card type: its sides at rotation 0, its pieces and how many the deck holds."""
    name, edges, pieces = D.AREA_TYPES[t]
    sides = ", ".join(f"{D.DIRECTIONS[d]} {'land' if e == 'L' else 'sea'}" for d, e in enumerate(edges))
    groups = {}
    for d, piece in enumerate(pieces):
        groups.setdefault(piece, []).append(D.DIRECTIONS[d])
    parts = "; ".join(f"{PIECE_NAMES[min(piece, 2)]} piece {'/'.join(ds)}" for piece, ds in sorted(groups.items()))
    counts = next(c for c in D.AREA_CARDS if c[0] == name)
    return (
        f"Area card {name} (EC-3.5, EC-3.7): at rotation 0 {sides}; {parts}; each quarter turn moves every "
        f"side clockwise. The deck holds {counts[1]} plain, {counts[2]} with gold (on the land piece) and "
        f"{counts[3]} with fish (on the first sea piece) (PLACEHOLDER cards, EC-GAP-1)."
    )


def power_info(value, row):
    """A power card: its income in the game's power row, and the 9's second area card."""
    income = int(D.POWER_ROWS[row][value - 1])
    text = (
        f"Power card {value} (EC-2.3, EC-2.4): income {caballeros(income)} to the court at the start of its "
        f"holder's turn (power row {row}); the highest card played goes first (EC-5.5); each card is played "
        "once a game (EC-5.4)."
    )
    if value == D.POWER_TWO_AREAS:
        text += " Its holder places two area cards that turn (EC-6.2.1)."
    return text


def info(text, row="el_caballero"):
    """The ``i ID`` command of ``doubloon play``: an area card type (CAPE, CAPE+gold) or a
    power card (9, P9, power 9) of power row ``row``; None if ``text`` names neither."""
    key = text.strip().upper().replace(" CARD", "")
    for prefix in ("POWER ", "P"):
        if key.startswith(prefix) and key[len(prefix) :].strip().isdigit():
            key = key[len(prefix) :].strip()
    if key.isdigit():
        return power_info(int(key), row) if 1 <= int(key) <= D.POWER_VALUES else None
    base = key.split("+")[0].split(",")[0].strip()
    return area_info(D.TYPE_NAMES.index(base)) if base in D.TYPE_NAMES else None


def legend():
    return ["Type 'i' and an area card type (" + ", ".join(D.TYPE_NAMES) + ") or a power card (1-13, e.g. 'i 9')."]


# ----- tables of the docs --------------------------------------------------------------
def area_table():
    rows = ["| type | edges N E S W | pieces | plain | gold | fish |", "|---|---|---|---|---|---|"]
    for t, (name, edges, pieces) in enumerate(D.AREA_TYPES):
        counts = next(c for c in D.AREA_CARDS if c[0] == name)
        rows.append(
            f"| {name} | {' '.join(edges)} | {' '.join(map(str, pieces))} | {counts[1]} | {counts[2]} | {counts[3]} |"
        )
    return "\n".join(rows) + f"\n\nPLACEHOLDER distribution (EC-3.7): {D.NUM_CARDS} cards."


def number_table():
    rows = ["| o | N | E | S | W |", "|---|---|---|---|---|"]
    rows += [f"| {o} | " + " | ".join(str(int(v)) for v in D.NUM[o]) + " |" for o in range(D.NUM_ORIENT)]
    return "\n".join(rows) + "\n\nPLACEHOLDER arrangement (EC-3.13)."


def power_table():
    rows = ["| row | " + " | ".join(str(v) for v in range(1, 14)) + " |", "|---|" + "---|" * 13]
    for name, values in D.POWER_ROWS.items():
        rows.append(f"| {name} | " + " | ".join(map(str, values)) + " |")
    return "\n".join(rows) + (
        "\n\nThe default row `el_caballero` is derived from two sources, not from the physical cards (EC-2.4)."
    )
