"""The compact board and move list of ``doubloon play`` (a 120 x 50 terminal): the map with
the display, the turn and the players beside it, and the moves grouped (a card's rotations,
a placement's cells); the full board (``render.render``) on request."""

import re
import textwrap


from ..core.menu import grouped_menu
from . import data as D
from .render import action_label, card_text, header, map_text, points, points_text, seat_facts, seat_name
from .spaces import CELL_OFFSET, FIRST
from .state import Phase

GAP = 3  # columns between the map and the text beside it
MIN_TEXT = 50  # the text beside the map is at least this wide, else it goes under the map
KEY = (  # render.LEGEND in one line ('f': the full board, with the whole legend)
    "Key: # land ~ sea g gold f fish a-d Governor; a caballero card: owner's letter (lower-case: Grande), C castillo, "
    "s ships"
)


def _status(rec, width):
    """The turn's budget (EC-5.8) and the deck and supply, in one line where it fits."""
    supply = (
        f"deck {int(rec['deck_len'])}, supply {int(rec['supply_ships'])} ships, "
        f"{int(rec['supply_castillos'])} castillos"
    )
    if rec["phase"] not in (Phase.TURN, Phase.CELL):
        return [supply.capitalize()]
    turn = (
        f"Turn: area cards {int(rec['area_left'])} left, caballero cards {int(rec['cab_used'])}/2, ships "
        f"{int(rec['ships_bought'])}/2, castillos {int(rec['castillos_built'])}/2, actions {int(rec['subactions'])}"
    )
    return [f"{turn} | {supply}"] if len(turn) + len(supply) + 3 <= width else [turn, supply.capitalize()]


def _text_lines(rec, width):
    """The legend, the display, the turn and the players, wrapped to ``width``."""
    shown = [f"{slot}: {card_text(int(c))}" for slot, c in enumerate(rec["display"]) if c >= 0]
    texts = [KEY, "Display: " + ("; ".join(shown) if shown else "empty"), *_status(rec, width)]
    texts += player_rows(rec)
    return [
        line for text in texts for line in textwrap.wrap(text, width, subsequent_indent="    ", break_on_hyphens=False)
    ]


def _rows(rec):
    """The map's column header and its rows, north first, each a row's non-blank lines
    (a row with no card drawn is one line)."""
    lines = map_text(rec)
    rows = [[line for line in lines[i : i + 3] if line.strip()] for i in range(1, len(lines), 3)]
    return lines[0], rows


def _folded(head, rows, width, bands):
    """A tall map as ``bands`` maps side by side, north to south from left to right, each
    with about as many lines; None where they do not fit ``width``."""
    total, parts, part, seen = sum(map(len, rows)), [], [], 0
    for row in rows:
        part += row
        seen += len(row)
        if seen >= total * (len(parts) + 1) / bands and len(parts) < bands - 1:
            parts.append(part)
            part = []
    parts = [[head, *lines] for lines in [*parts, part] if lines]
    height = max(map(len, parts))
    widths = [max(map(len, lines)) + GAP for lines in parts]
    if sum(widths) - GAP > width:
        return None
    parts = [lines + [""] * (height - len(lines)) for lines in parts]
    return ["".join(line.ljust(w) for line, w in zip(lines, widths)).rstrip() for lines in zip(*parts)]


def player_rows(rec):
    """Per seat, one line: its points, what a scoring now would add (while the game lasts),
    its court (caballeros), caballero cards in hand, ships in reserve ("ships 2"), the power card it played and
    the power cards left ("power 1 2 3") (render.player_lines in fewer words)."""
    rows = []
    for p, f in enumerate(seat_facts(rec)):
        soon = "" if f["upcoming"] is None else f" (+{points(f['upcoming'])} if scored now)"
        row = (
            f"{seat_name(p)}: {points_text(f['score'])}{soon}, court {f['court']}, "
            f"hand {f['in_hand']}, ships {f['ships']}"
        )
        if f["played"]:
            row += f", played {f['played']}"
        if rec["expanded"]:
            grande = f["grande"]
            row += f", Grande {'in reserve' if grande < 0 else f'card {grande}'}, "
            row += f"{f['governors']} Governors left"
        rows.append(f"{row} | power {' '.join(map(str, f['power_left']))}")
    return rows


def compact(rec, width=120):
    """The board in ``width`` columns, whichever is shortest: the map (a row with no card
    drawn in one line) with the rest beside it, or the map folded into two or three bands
    of rows side by side, north to south, with the rest under it."""
    head, rows = _rows(rec)
    grid = [head] + [line for row in rows for line in row]
    left = max(map(len, grid))
    below = _text_lines(rec, width)
    folds = [_folded(head, rows, width, bands) for bands in (2, 3)]
    folded = min(
        ([*f, *below] for f in folds if f),
        key=len,
        default=None,
    )
    if left > width - GAP - MIN_TEXT:  # a wide map: banded to the width, the text under it
        beside = [*map_text(rec, width), *_text_lines(rec, width)]
    else:
        text = _text_lines(rec, width - left - GAP)
        height = max(len(grid), len(text))
        grid += [""] * (height - len(grid))
        text += [""] * (height - len(text))
        beside = [f"{g.ljust(left + GAP)}{t}".rstrip() for g, t in zip(grid, text)]
    if folded and len(folded) < len(beside):
        return "\n".join([f"{header(rec)} | the map in bands, north first", *folded])
    return "\n".join([header(rec), *beside])


# ----- the move list ---------------------------------------------------------------------
def _group(rec, a):
    """(the group's title, the move's words in it) for one action."""
    label = action_label(rec, a)
    if a >= CELL_OFFSET:  # the cell completing a placement: its card is the title
        head, _, cell = label.partition(" at (")
        if ", costs " not in cell:
            return f"{head} at:", f"({cell}"
        return f"{head} at (cell: caballeros it costs):", "(" + cell.replace(", costs ", ": ").split(" caballero")[0]
    seg, i = FIRST.locate(a)
    if seg.name == "place_area":
        slot, rot = divmod(i, 4)
        card = int(rec["display"][slot])
        extras = "".join(f", {x}" for x, on in (("gold", D.CARD_GOLD[card]), ("fish", D.CARD_FISH[card])) if on)
        land = card_text(card, rot).split(", ")[1]
        return f"Place area card {slot} ({D.TYPE_NAMES[D.CARD_TYPE[card]]}{extras}) rotated:", f"{90 * rot} ({land})"
    if seg.name in ("place_caballero", "place_caballero_grande"):
        head, _, rest = label.partition(" showing ")
        numbers, _, cost = rest.partition(", costs ")
        cost = cost.replace(" caballeros", "").replace(" caballero", "").replace(" by cell", "")
        return f"{head} showing (costs):", f"{numbers} ({cost})" if cost else numbers
    power = re.fullmatch(r"Play power card (\d+) \(income (\d+)\)", label)
    if power:  # EC-5.4: the power cards in hand, with their income
        return "Play power card (its income):", f"{power.group(1)} ({power.group(2)})"
    raise_to = re.fullmatch(r"(Increase card \d+ to) (\d+), costs (\d+) caballeros?", label)
    if raise_to:  # EC-6.5: the values a card may be raised to, with what each costs
        return f"{raise_to.group(1)} (caballeros it costs):", f"{raise_to.group(2)} ({raise_to.group(3)})"
    sail = re.fullmatch(r"(Move a ship from .*?) to (card \d+ side [NESW])(, costs .*)?", label)
    if sail:  # one ship's moves, where it may go
        return f"{sail.group(1)}{sail.group(3) or ''}, to:", sail.group(2)
    # one kind of move on each of the player's cards (a castillo, the Grande, a ship on a side), together
    card = re.fullmatch(r"(.*?\bcard) (\d+)(?:,? side ([NESW]))?(, costs [^,]*)?", label)
    if card and " card " not in card.group(1):
        head, k, side, cost = card.groups()
        return f"{head}{' side' if side else ''}{cost or ''}:", k + (f" {side}" if side else "")
    return "", label


def _groups(rec, legal):
    """The moves by group, in order of first appearance; a group of one is a move like the untitled."""
    titled = {}
    for a in legal:
        title, words = _group(rec, a)
        titled.setdefault(title, []).append((a, words))
    groups = {}
    for title, items in titled.items():
        for a, words in items:
            alone = len(items) == 1 and title and not title.startswith("Place")  # a placement keeps its title
            groups.setdefault("" if alone else title, []).append((a, action_label(rec, a) if alone else words))
    return list(groups.items())


def move_menu(rec, legal, width=120):
    """The moves ``legal`` (in screen order: ``render.menu_order``) grouped, numbered 1, 2, 3:
    the numbers follow ``legal``, so a group holds the moves next to each other there."""
    number = {a: i for i, a in enumerate(legal, 1)}
    return grouped_menu(_groups(rec, legal), number, width)


def grouped_order(rec, legal):
    """``legal`` with each group's moves together, the groups in the order they first appear."""
    return [a for _, items in _groups(rec, legal) for a, _ in items]
