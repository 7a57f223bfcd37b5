"""The compact board and move list of ``doubloon play`` (a 120 x 50 terminal): the sea in two
columns, the Royal Navy, Nassau and one or two lines a ship; the full board (``render.render``)
on request. Every number a player chooses from starts at 1 (captain cards, display, slots)."""

import textwrap

from ..core.menu import grouped_menu
from . import data as D
from .position_checks import as_record
from .render import action_label, header, hold_text, seat_name, token_text
from .rules.ship import capacity, ship_values
from .spaces import ACTION_LAYOUT

SEA = "Sea (merchant sail/cannon: loot; port cannon: what it smuggles; <P1 the ships there):"


def _space(rec, pos):
    """One sea space in a few words."""
    kind = int(D.POS_KIND[pos])
    if kind == D.PORT:
        offer = "/".join(o for o, f in zip((*D.RESOURCES, "pesos"), D.POS_OFFER[pos]) if f)
        text = f"{D.POS_NAME[pos]} {D.PORT_CANNON[pos]}: {offer}" + (" RAIDED" if rec["raided"][pos] else "")
    elif kind == D.ROUTE:
        card = int(rec["route_card"][pos])
        if card >= 0:
            loot = ", ".join(f"{n} {D.ITEMS[i]}" for i, n in enumerate(D.M_LOOT[card]) if n)
            text = f"{D.MERCHANT_IDS[card]} {D.M_SAIL[card]}/{D.M_CANNON[card]}: {loot}"
        else:
            text = f"route r{D.POS_REGION[pos]}, no merchant"
    else:
        text = "intermediate"
    ships = [seat_name(p) for p in range(int(rec["num_players"])) if rec["pos"][p] == pos]
    return f"{pos:2d} {text}" + (f" <{' '.join(ships)}" if ships else "")


def sea_lines(rec, width):
    """The 20 spaces, 1-10 beside 11-20 where that fits ``width``."""
    cells = [_space(rec, pos) for pos in range(1, D.NUM_POSITIONS + 1)]
    half = len(cells) // 2
    left = max(len(c) for c in cells[:half])
    if left + 2 + max(len(c) for c in cells[half:]) > width:
        return [SEA, *cells]
    return [SEA] + [f"{a.ljust(left)}  {b}" for a, b in zip(cells[:half], cells[half:])]


def navy_line(rec):
    """The Royal Navy display (sail/cannon), its deck and the merchant decks."""
    shown = []
    for i, c in enumerate(rec["navy_display"][: rec["num_players"]]):
        card = int(c)
        if card == D.GAME_END:
            shown.append(f"{i + 1} Game End")
        elif card >= 0:
            what = "empty" if D.NAVY_EMPTY[card] else f"{D.NAVY_SAIL[card]}/{D.NAVY_CANNON[card]}"
            shown.append(f"{i + 1} {D.NAVY_IDS[card]} {what}")
    return (
        f"Royal Navy: {', '.join(shown) or 'none'} | deck {int(rec['navy_deck_len'])} "
        f"({int(rec['navy_fresh'])} never revealed) | merchant decks "
        + "/".join(str(int(n)) for n in rec["m_deck_len"][:3])
    )


def nassau_lines(rec, width):
    """Nassau's display by number, the stacks and the supply."""
    parts = [f"{i + 1} {token_text(int(t))}" for i, t in enumerate(rec["display"][:15]) if t >= 0]
    sup = rec["supply"]
    lines = textwrap.wrap("Nassau display: " + (", ".join(parts) or "empty"), width, subsequent_indent="    ")
    return lines + [
        f"Stacks: hull {int(rec['stack_len'][0])}, mast {int(rec['stack_len'][1])}, crew {int(rec['stack_len'][2])}"
        f" | supply: {int(sup[1])} gunpowder, {int(sup[2])} goods, {int(sup[3])} rum, {int(sup[4])} hostages, "
        f"{int(rec['tw_supply'])} trade winds"
    ]


def ship_lines(rec, p, viewer, over, width):
    """Seat ``p``: its ship and hold, then its captain cards (x: played), dice and tokens."""
    sail, cannon, raid, green, blue = ship_values(rec, p)
    at = int(rec["pos"][p])
    chest = int(rec["chest"][p]) if (over or viewer == p) else "?"
    head = (
        f"{seat_name(p)}{' (you)' if p == viewer else ''}: notoriety {int(rec['notoriety'][p])}, at "
        f"{'Nassau' if at == 0 else at}, sail {sail} cannon {cannon}"
        + (f" (+{raid} raiding)" if raid else "")
        + f", crew {blue} ship {green}, sections {int(rec['sections'][p])}, hold {hold_text(rec, p)} "
        f"(cap {capacity(rec, p)}), chest {chest}"
    )
    cards = " ".join(
        f"{c + 1}:{D.CAPTAIN_SAIL[c]}/{D.CAPTAIN_CANNON[c]}{'x' if rec['played'][p, c] else ''}"
        for c in range(D.CAPTAIN_CARDS)
    )
    dice = " ".join(
        f"{int(rec['dice'][p, d])}" + ("" if rec["die_pos"][p, d] == 0 else f"@{int(rec['die_pos'][p, d])}")
        for d in range(3)
    )
    tokens = [
        f"{k + 1} {token_text(int(rec['slot'][p, k]))}{' (used)' if rec['slot_used'][p, k] else ''}"
        for k in range(D.NUM_SLOTS)
        if rec["slot"][p, k] >= 0
    ]
    more = (
        f"    captain cards {cards} | dice {dice} | trade wind {int(rec['tw_held'][p])}, raids {int(rec['raids'][p])}"
        f", plank {int(rec['plank'][p])} | slots: {', '.join(tokens) or 'none'}"
    )
    return [
        line
        for text in (head, more)
        for line in textwrap.wrap(text, width, subsequent_indent="        ", break_on_hyphens=False)
    ]


def compact(rec, viewer=None, width=120):
    """The board in about 30 lines of ``width`` columns; the ships' numbers shown as a/b
    (sail/cannon); 'i ID' tells what a card or token does."""
    rec = as_record(rec)
    over = bool(rec["terminated"])
    lines = [header(rec), *sea_lines(rec, width), navy_line(rec), *nassau_lines(rec, width)]
    plundered = [
        f"{D.MERCHANT_IDS[int(rec['plundered'][i])]} by {seat_name(int(rec['plundered_by'][i]))}"
        for i in range(int(rec["plundered_len"]))
    ]
    if plundered:
        lines.append("Plundered this round: " + ", ".join(plundered))
    for p in range(int(rec["num_players"])):
        lines += ship_lines(rec, p, viewer, over, width)
    return "\n".join(
        line if len(line) <= width else textwrap.fill(line, width, subsequent_indent="    ", break_on_hyphens=False)
        for line in lines
    )


# ----- the move list ---------------------------------------------------------------------
GROUPS = {  # a family: its group's title and the start of its labels that the title says
    "captain_card": ("Play captain card:", "Play captain card "),
    "use_token": ("Use the token on slot:", "Use token on slot "),
    "exchange_peso": ("Exchange 1 peso for 2:", "Exchange 1 peso for 2 "),
    "convert": ("Convert into 1 peso:", "Convert "),
    "navy_pick": ("Take Royal Navy card:", "Take Royal Navy card "),
}


def _group(rec, a):
    """(the group's title, the move's words in it) for one action."""
    seg, i = ACTION_LAYOUT.locate(a)
    label = action_label(rec, a)
    if seg.name == "move":
        title = f"Move with die {i // 12 + 1}:"
        return title, label.removeprefix(title[:-1] + " ")
    if seg.name == "buy_token":
        di, k = divmod(i, D.NUM_SLOTS)
        old = int(rec["slot"][int(rec["current_player"]), k])
        title = f"Buy {token_text(int(rec['display'][di]))} from display {di + 1} onto slot:"
        return title, f"{k + 1} {D.SLOT_KINDS[D.SLOT_KIND[k]]}" + (f" replacing {token_text(old)}" if old >= 0 else "")
    if seg.name in GROUPS:
        title, prefix = GROUPS[seg.name]
        return title, label.removeprefix(prefix).removesuffix(" into 1 peso")
    return "", label


def _groups(rec, legal):
    groups = {}
    for a in legal:
        title, words = _group(rec, a)
        groups.setdefault(title, []).append((a, words))
    return list(groups.items())


def menu_order(rec, legal):
    """The legal actions in the order ``move_menu`` shows them."""
    return [a for _, items in _groups(as_record(rec), legal) for a, _ in items]


def move_menu(rec, legal, width=120):
    """The moves grouped (a die's moves, a token's slots), numbered 1, 2, 3 in screen order."""
    rec = as_record(rec)
    number = {a: i for i, a in enumerate(menu_order(rec, legal), 1)}
    return grouped_menu(_groups(rec, legal), number, width)
