"""Text for people: the board, the Royal Navy, Nassau, every ship, and action labels."""

import textwrap

import numpy as np

from . import data as D
from .position_checks import as_record
from .rules.pirate import challenge_totals, move_destination, target_values
from .rules.scoring import category_points
from .rules.ship import capacity, ship_values
from .spaces import ACT_SMUGGLE, ACTION_LAYOUT, ACTIONS, BURY, CONVERSIONS, PENALTIES, TW_MODS
from .state import Challenge, Decision, Step


def seat_name(p):
    return f"P{p}"


def merchant_text(card):
    loot = ", ".join(f"{n} {D.ITEMS[i]}" for i, n in enumerate(D.M_LOOT[card]) if n)
    return f"{D.MERCHANT_IDS[card]} (sail {D.M_SAIL[card]}, cannon {D.M_CANNON[card]}; {loot})"


def navy_text(card):
    if card == D.GAME_END:
        return "Game End"
    if D.NAVY_EMPTY[card]:
        return f"{D.NAVY_IDS[card]} empty ocean"
    return f"{D.NAVY_IDS[card]} (sail {D.NAVY_SAIL[card]}, cannon {D.NAVY_CANNON[card]})"


def token_text(t):
    return f"{D.TOKEN_NAMES[t]} [{D.TOKEN_IDS[t]}]"


def position_text(pos):
    if pos == 0:
        return "Nassau"
    kind = D.POSITION_KINDS[D.POS_KIND[pos]]
    name = D.POS_NAME[pos]
    return f"{pos} ({name})" if name else f"{pos} ({kind})"


def hold_text(rec, p):
    return ", ".join(f"{int(rec['hold'][p, i])} {D.ITEMS[i]}" for i in range(5) if rec["hold"][p, i]) or "empty"


def _board_lines(rec):
    lines = ["Board:"]
    for pos in range(1, D.NUM_POSITIONS + 1):
        kind = int(D.POS_KIND[pos])
        what = D.POSITION_KINDS[kind]
        if kind == D.PORT:
            offer = "/".join(o for o, f in zip((*D.RESOURCES, "pesos"), D.POS_OFFER[pos]) if f)
            what = f"port {D.POS_NAME[pos]}, cannon {D.PORT_CANNON[pos]}, smuggle {offer}"
            if rec["raided"][pos]:
                what += ", RAIDED"
        elif kind == D.ROUTE:
            card = int(rec["route_card"][pos])
            what = f"trade route r{D.POS_REGION[pos]}: " + (merchant_text(card) if card >= 0 else "no merchant")
        ships = [seat_name(p) for p in range(rec["num_players"]) if rec["pos"][p] == pos]
        dice = [
            f"{seat_name(p)}:{int(rec['dice'][p, d])}{'+tw' if rec['die_tw'][p, d] else ''}"
            for p in range(rec["num_players"])
            for d in range(3)
            if rec["die_pos"][p, d] == pos
        ]
        extra = (f"  ships {' '.join(ships)}" if ships else "") + (f"  dice {' '.join(dice)}" if dice else "")
        lines.append(f"  {pos:2d} {what}{extra}")
    return lines


def navy_lines(rec):
    """The Royal Navy display and the decks' sizes."""
    shown = [f"{i + 1}:{navy_text(int(c))}" for i, c in enumerate(rec["navy_display"][: rec["num_players"]]) if c >= 0]
    return [
        f"Royal Navy display: {'; '.join(shown) or 'none'} | deck {int(rec['navy_deck_len'])} cards, "
        f"{int(rec['navy_fresh'])} never revealed",
        "Merchant decks: " + ", ".join(f"region {r + 1}: {int(rec['m_deck_len'][r])}" for r in range(3)),
    ]


def nassau_lines(rec):
    """Nassau's display, the stacks and the supply."""
    parts = []
    for i in range(15):
        t = int(rec["display"][i])
        if t >= 0:
            parts.append(f"{i + 1}:{token_text(t)}")
    sup = rec["supply"]
    return [
        f"Nassau display: {' '.join(parts) or 'empty'}",
        f"Stacks: hull {int(rec['stack_len'][0])}, mast {int(rec['stack_len'][1])}, crew {int(rec['stack_len'][2])}"
        f" | supply: {int(sup[1])} gunpowder, {int(sup[2])} goods, {int(sup[3])} rum, {int(sup[4])} hostages, "
        f"{int(rec['tw_supply'])} trade winds",
    ]


def ship_lines(rec, p, viewer, over):
    """Seat ``p``'s ship, captain cards and hold (its chest only to ``viewer`` or once ``over``)."""
    cards = " ".join(
        f"{c + 1}:({D.CAPTAIN_SAIL[c]},{D.CAPTAIN_CANNON[c]}){'x' if rec['played'][p, c] else ''}"
        for c in range(D.CAPTAIN_CARDS)
    )
    chest = int(rec["chest"][p]) if (over or viewer == p) else "?"
    sail, cannon, raid, green, blue = ship_values(rec, p)
    head = (
        f"{seat_name(p)}: notoriety {int(rec['notoriety'][p])} | at {position_text(int(rec['pos'][p]))} | "
        f"sail {sail} cannon {cannon}"
        + (f" (+{raid} raiding)" if raid else "")
        + f" | sections {int(rec['sections'][p])} | hold {hold_text(rec, p)} (cap {capacity(rec, p)})"
        f" | chest {chest}"
    )
    tokens = [
        f"{k + 1}:{token_text(int(rec['slot'][p, k]))}{' (used)' if rec['slot_used'][p, k] else ''}"
        for k in range(D.NUM_SLOTS)
        if rec["slot"][p, k] >= 0
    ]
    dice = " ".join(
        f"{int(rec['dice'][p, d])}" + ("" if rec["die_pos"][p, d] == 0 else f"@{int(rec['die_pos'][p, d])}")
        for d in range(3)
    )
    more = (
        f"   cards {cards} | dice {dice} | trade wind {int(rec['tw_held'][p])} | raids {int(rec['raids'][p])}"
        f" | plank {int(rec['plank'][p])} | crew {blue} ship {green}"
    )
    return [head, more, "   tokens: " + (", ".join(tokens) or "none")]


def header(rec):
    """ "Pirates of Nassau, 4 players, round 2, step PIRATE pass 2 | P2 to act: ACTION" """
    head = (
        f"Pirates of Nassau, {int(rec['num_players'])} players, round {int(rec['round_no'])}, "
        f"step {Step.name_of(rec['step'])}"
    )
    if rec["step"] == Step.PIRATE:
        head += f" pass {int(rec['pass_no']) + 1}"
    if not rec["terminated"]:
        head += f" | {seat_name(int(rec['current_player']))} to act: {Decision.name_of(rec['decision'])}"
    return head


def render(rec, viewer=None, width=None, scores=True):
    """The board; ``viewer`` adds that seat's chest; ``width`` wraps each line to that many columns;
    ``scores`` False leaves out the running victory points (the play screen prints them
    when they change; the final ones are always shown)."""
    rec = as_record(rec)
    n = int(rec["num_players"])
    over = bool(rec["terminated"])
    lines = [header(rec)] + _board_lines(rec) + navy_lines(rec) + nassau_lines(rec)
    plundered = [
        f"{D.MERCHANT_IDS[int(rec['plundered'][i])]} by {seat_name(int(rec['plundered_by'][i]))}"
        for i in range(int(rec["plundered_len"]))
    ]
    if plundered:
        lines.append("Plundered this round: " + ", ".join(plundered))
    for p in range(n):
        lines += ship_lines(rec, p, viewer, over)
    if scores or rec["terminated"]:
        lines.append(score_line(rec, viewer))
    if width is None:
        return "\n".join(lines)
    return "\n".join(
        line if len(line) <= width else textwrap.fill(line, width, subsequent_indent="      ", break_on_hyphens=False)
        for line in lines
    )


CATEGORIES = ("most notorious", "motley crew", "best ship", "richest pirate")  # PN-16.2


def _points(pts, shown):
    """Victory points with the categories they come from (PN-16.3, PN-16.4)."""
    parts = " + ".join(f"{CATEGORIES[c]} {int(pts[c])}" for c in shown)
    return f"{int(pts[list(shown)].sum())} VP ({parts})"


def score_line(rec, viewer=None):
    """The victory points each player has (PN-16): while the game runs, as if it ended
    now without the hidden buried treasure; at the end, all four categories."""
    rec = as_record(rec)
    n = int(rec["num_players"])
    pts = np.zeros((n, 4), dtype=np.int64)
    category_points(rec, pts)
    if not rec["terminated"]:
        return "Victory points if the game ended now, treasure hidden: " + ", ".join(
            f"{seat_name(p)} {_points(pts[p], range(3))}" for p in range(n)
        )
    return "Victory points: " + ", ".join(f"{seat_name(p)} {_points(pts[p], range(4))}" for p in range(n))


def _gains(before, after, p):
    """What came into p's hold (before any overflow is resolved, PN-8.12)."""
    got = [(int(after["hold"][p, i]) - int(before["hold"][p, i]), D.ITEMS[i]) for i in range(len(D.ITEMS))]
    return ", ".join(f"{n} {item}" for n, item in got if n > 0) or "nothing (the supply is empty)"


def _totals(before, action, p):
    """The challenge totals against the target's values (PN-8.2 step 3), as the rules
    compute them when the challenge resolves."""
    trial = np.array(before).copy()
    seg, i = ACTION_LAYOUT.locate(action)
    if seg.name == "captain_card":
        trial["ch_card"] = i
    rec = as_record(trial)
    sail, cannon = challenge_totals(rec, p)
    t_sail, t_cannon = target_values(rec)
    return int(sail), int(cannon), int(t_sail), int(t_cannon)


def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def _losses(before, after, p):
    """What left p's hold."""
    lost = [(int(before["hold"][p, i]) - int(after["hold"][p, i]), D.ITEMS[i]) for i in range(len(D.ITEMS))]
    return ", ".join(f"{n} {item}" for n, item in lost if n > 0) or "nothing"


def _penalty_report(before, after, p):
    """PN-10.5: what the chosen penalty took."""
    noto = (int(before["notoriety"][p]), int(after["notoriety"][p]))
    parts = [f"notoriety {noto[0]} -> {noto[1]}"] if noto[0] != noto[1] else []
    if _losses(before, after, p) != "nothing":
        parts.append(f"lost {_losses(before, after, p)} (hold now: {hold_text(after, p)})")
    if after["current_player"] == p and after["decision"] == Decision.CARGO_LOSS:
        parts.append(f"half the cargo: {plural(int(after['cargo_left']), 'item')} to choose and lose (PN-10.6)")
    return [f"{seat_name(p)}: " + ("; ".join(parts) or "nothing to lose") + "."]


def turn_report(before, after, action, viewer=None):
    """How a challenge went, once the move resolves it (PN-8.2): a plunder (PN-8.3) or a
    raid (PN-8.9) won, with what it gave, or lost; a Royal Navy ship (PN-10.4) evaded or not;
    what a smuggle gave (PN-8.7) and what a Royal Navy penalty took (PN-10.5)."""
    seg, i = ACTION_LAYOUT.locate(action)
    kind, p = int(before["ch_kind"]), int(before["current_player"])
    if seg.name == "action" and i >= ACT_SMUGGLE:
        gave = _losses(before, after, p)
        return [
            f"{seat_name(p)} smuggled {_gains(before, after, p)}"
            + (f" for {gave}" if gave != "nothing" else "")
            + f" (hold now: {hold_text(after, p)})."
        ]
    if seg.name == "navy_penalty":
        return _penalty_report(before, after, p)
    if seg.name not in ("captain_card", "tokens_done") or kind == Challenge.NONE:
        return []
    if after["decision"] == Decision.BOOST and after["current_player"] == p:
        return []  # tokens may still be flipped: the challenge is not resolved yet
    sail, cannon, t_sail, t_cannon = _totals(before, action, p)
    tests = f"sail {sail} against {t_sail}, cannon {cannon} against {t_cannon}"
    if kind == Challenge.PLUNDER:
        pos = int(before["ch_target"])
        card = int(before["route_card"][pos])
        if after["route_card"][pos] != card:
            return [
                f"Plunder of merchant {D.MERCHANT_IDS[card]} won ({tests}): {seat_name(p)} takes the card and "
                f"{_gains(before, after, p)}."
            ]
        return [f"Plunder of merchant {D.MERCHANT_IDS[card]} lost ({tests}): nothing happens."]
    if kind == Challenge.RAID:
        pos = int(before["ch_target"])
        name = f"port {D.POS_NAME[pos]}"
        if after["raided"][pos] and not before["raided"][pos]:
            return [
                f"Raid on {name} won (cannon {cannon} against {t_cannon}): {seat_name(p)} gains "
                f"{_gains(before, after, p)}; the port is raided."
            ]
        return [f"Raid on {name} lost (cannon {cannon} against {t_cannon}): nothing happens."]
    ship = f"Royal Navy ship {navy_text(int(before['ch_target']))}"
    if after["current_player"] == p and after["decision"] == Decision.PENALTY:
        return [f"{ship}: one test failed ({tests}); {seat_name(p)} chooses a penalty."]
    if (
        after["notoriety"][p] < before["notoriety"][p]
        or after["cargo_pending"]
        or (after["current_player"] == p and after["decision"] in (Decision.COLLISION, Decision.CARGO_LOSS))
    ):
        lost = _losses(before, after, p)
        return [
            f"{ship}: both tests failed ({tests}); {seat_name(p)} loses half the notoriety "
            f"({int(before['notoriety'][p])} -> {int(after['notoriety'][p])}) and half the cargo"
            + (f": {lost}." if lost != "nothing" else ".")
        ]
    return [f"{ship} evaded ({tests})."]


def _move_label(rec, p, i):
    die, kind, tw = i // 12, (i // 3) % 4, i % 3
    value = int(rec["dice"][p, die])
    mod = TW_MODS[tw]
    dest = move_destination(rec, p, die, kind, tw)
    how = ("exactly" if rec["pos"][p] == 0 else "forward", "back", "", "")[kind]  # MOVE_KINDS: to 7 / 14 say where
    text = f"Move with die {die + 1} ({value}{'%+d' % mod if mod else ''}"
    text += ", the trade wind)" if mod else ")"
    return text + (f" {how}" if how else "") + (f" to {position_text(dest)}" if dest else "")


def _challenge_target(rec):
    kind = int(rec["ch_kind"])
    if kind == Challenge.PLUNDER:
        pos = int(rec["ch_target"])
        card = int(rec["route_card"][pos])
        return f"merchant {D.MERCHANT_IDS[card]} at {pos} (sail {D.M_SAIL[card]}, cannon {D.M_CANNON[card]})"
    if kind == Challenge.RAID:
        pos = int(rec["ch_target"])
        return f"port {D.POS_NAME[pos]} at {pos} (cannon {D.PORT_CANNON[pos]})"
    return f"Royal Navy {navy_text(int(rec['ch_target']))}"


def action_label(rec, a):
    rec = as_record(rec)
    seg, i = ACTION_LAYOUT.locate(a)
    p = int(rec["current_player"])
    p = max(p, 0)
    name = seg.name
    if name == "move":
        return _move_label(rec, p, i)
    if name == "action":
        pos = int(rec["pos"][p])
        if i == 2 and rec["route_card"][pos] >= 0:
            card = int(rec["route_card"][pos])
            return (
                f"Plunder merchant {D.MERCHANT_IDS[card]} at {pos} (sail {D.M_SAIL[card]}, cannon {D.M_CANNON[card]})"
            )
        if i == 3 and D.POS_KIND[pos] == D.PORT:
            return f"Raid port {D.POS_NAME[pos]} at {pos} (cannon {D.PORT_CANNON[pos]})"
        return ACTIONS[i].capitalize() + (f" at {pos}" if i >= 4 else "")
    if name == "captain_card":
        text = f"Play captain card {i + 1} (sail {D.CAPTAIN_SAIL[i]}, cannon {D.CAPTAIN_CANNON[i]})"
        return text + (f" against {_challenge_target(rec)}" if rec["ch_kind"] != Challenge.NONE else "")
    if name == "use_token":
        t = int(rec["slot"][p, i])
        return f"Use token on slot {i + 1}" + (f": {token_text(t)}" if t >= 0 else "")
    if name == "tokens_done":
        return "No more tokens: resolve the challenge"
    if name == "ransom":
        return "Ransom a hostage" if i else "Do not ransom"
    if name == "remove_item":
        if rec["decision"] == Decision.ACTION:  # PN-8.13: a discard before the smuggle
            return f"Discard one {D.ITEMS[i]} to make room"
        if rec["decision"] == Decision.CARGO_LOSS:  # PN-10.6: the lost half of the cargo
            return f"Lose one {D.ITEMS[i]} ({plural(int(rec['cargo_left']), 'item')} of the cargo to lose)"
        return f"Remove one {D.ITEMS[i]}"
    if name == "walk_plank":
        return "Walk a hostage off the plank"
    if name == "spend_trade_wind":
        return "Spend the trade wind for +1 notoriety"
    if name == "end_adjust":
        return "End the notoriety adjustment"
    if name == "collision":
        return f"Move the notoriety marker {'down' if i else 'up'} from {int(rec['col_target'])}"
    if name == "navy_pick":
        card = int(rec["navy_display"][i])
        return f"Take Royal Navy card {i + 1}" + (f": {navy_text(card)}" if card >= 0 else "")
    if name == "navy_penalty":
        return PENALTIES[i].capitalize()
    if name == "exchange_peso":
        return f"Exchange 1 peso for 2 {D.RESOURCES[i]}"
    if name == "buy_section":
        section = "brigantine" if rec["sections"][p] == 0 else "galleon"
        return f"Buy the {section} section (2 gunpowder, 2 goods, 2 rum)"
    if name == "buy_token":
        di, k = divmod(i, D.NUM_SLOTS)
        t = int(rec["display"][di])
        what = token_text(t) if t >= 0 else f"display token {di + 1}"
        old = int(rec["slot"][p, k])
        return f"Buy {what} from display {di + 1} onto slot {k + 1} ({D.SLOT_KINDS[D.SLOT_KIND[k]]})" + (
            f" replacing {token_text(old)}" if old >= 0 else ""
        )
    if name == "nassau_pass":
        return "Pass: no more purchases this round"
    if name == "convert":
        return "Convert " + " + ".join(D.RESOURCES[r] for r in CONVERSIONS[i]) + " into 1 peso"
    if name == "bury":
        return BURY[i].capitalize() if i < 2 else "Done burying"
    return f"{name.replace('_', ' ').capitalize()} {i}"  # a family this text does not know yet


# ----- the i command of doubloon play ---------------------------------------------------
def merchant_info(card):
    return (
        f"Merchant {merchant_text(card)}, region {int(D.M_REGION[card])} (PD-2): plundered with sail above "
        f"{D.M_SAIL[card]} and cannon above {D.M_CANNON[card]}, it gives 1 peso plus its loot (PN-8.3)."
    )


def navy_info(card):
    if card == D.GAME_END:
        return "Game End (PN-12.2): revealed while refilling the Royal Navy display, it ends the game."
    if D.NAVY_EMPTY[card]:
        return f"Royal Navy card {D.NAVY_IDS[card]}: empty ocean, nothing to evade (PN-10.3)."
    return (
        f"Royal Navy ship {navy_text(card)} (PD-3): evaded with sail above {D.NAVY_SAIL[card]} and cannon above "
        f"{D.NAVY_CANNON[card]}; one test failed costs a penalty, both half the notoriety and the cargo (PN-10.4 "
        "to PN-10.6)."
    )


def captain_info(c):
    return (
        f"Captain card {c + 1} (PD-4): sail {D.CAPTAIN_SAIL[c]}, cannon {D.CAPTAIN_CANNON[c]} added to the "
        "ship's in a "
        "challenge; played once a round, back in hand in step 9 (PN-8.2, PN-15.2)."
    )


def port_info(pos):
    offer = "/".join(o for o, f in zip((*D.RESOURCES, "pesos"), D.POS_OFFER[pos]) if f)
    return (
        f"Port {D.POS_NAME[pos]} at {pos} (PD-1): raided with cannon above {D.PORT_CANNON[pos]} (PN-8.9); "
        f"smuggles {offer} (PN-8.7)."
    )


def token_info(t):
    effects = [
        (D.T_SAIL[t], "sail"),
        (D.T_CANNON[t], "cannon"),
        (D.T_RAID[t], "cannon when raiding"),
        (D.T_BOOST_SAIL[t], "sail in one challenge (flipped)"),
        (D.T_BOOST_CANNON[t], "cannon in one challenge (flipped)"),
        (D.T_NOTO[t], "notoriety in step 3 (flipped)"),
        (D.T_GREEN[t], "best ship"),
        (D.T_BLUE[t], "motley crew"),
    ]
    text = ", ".join(f"+{int(v)} {what}" for v, what in effects if v) or "no effect"
    cost = ", ".join(f"{int(n)} {r}" for n, r in zip(D.T_COST[t], D.RESOURCES) if n)
    return (
        f"Token {token_text(t)} (PD-6): {text}; goes on a {D.SLOT_KINDS[D.T_SLOT[t]]} slot; costs {cost}; "
        f"{int(D.T_COUNT[t])} in the game."
    )


def info(text):
    """The ``i ID`` command of ``doubloon play``: a merchant (M1-15), a Royal Navy card
    (N1-16, GE), a token (H-B) or a captain card (captain 2); None if ``text`` names none."""
    key = text.strip().upper().strip("[]")
    for ids, describe in ((D.MERCHANT_IDS, merchant_info), (D.NAVY_IDS, navy_info), (D.TOKEN_IDS, token_info)):
        if key in ids:
            return describe(ids.index(key))
    names = [name.upper() for name in D.TOKEN_NAMES]
    if key in names:
        return token_info(names.index(key))
    words = key.replace("CARD", "").split()
    if len(words) == 2 and words[0] == "CAPTAIN" and words[1].isdigit() and 1 <= int(words[1]) <= D.CAPTAIN_CARDS:
        return captain_info(int(words[1]) - 1)
    ports = [pos for pos in range(1, D.NUM_POSITIONS + 1) if D.POS_KIND[pos] == D.PORT]
    named = [pos for pos in ports if " ".join(key.split()) in (D.POS_NAME[pos].upper(), f"PORT {pos}")]
    return port_info(named[0]) if named else None


def legend():
    return [
        "Type 'i' and a merchant (e.g. M1-15), a Royal Navy card (N1-16, GE), a token (H-B or its name) or a "
        f"captain card (captain 1 to captain {D.CAPTAIN_CARDS}), or a port (e.g. 'i La Havana')."
    ]
