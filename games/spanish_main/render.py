"""Text a person can read, over 400 lines as it holds four views: board, action labels, turn reports, move menu."""

import textwrap

import numpy as np

from . import data as D
from .rules import move_block
from .spaces import A_ACCUSE, A_ACCUSE_DISCARD, A_PASS, A_REPAIR, PLAY_KIND, PLAY_PARAM
from .state import Phase


def card_name(name):
    """A move card's name as the text shows it (without its "!")."""
    return name.rstrip("!")


def action_label(rec, a):
    """e.g. "Full Speed Ahead: D3 at 4 +6": ships by name as the menus and the board show
    them, with their row position (1-based)."""
    if a < A_REPAIR:
        kind, param = int(PLAY_KIND[a]), int(PLAY_PARAM[a])
        eff, dist, name = D.MOVE_EFFECT[kind], int(D.MOVE_DIST[kind]), card_name(D.MOVE_NAMES[kind])

        def ship(i):
            return D.SHIP_NAMES[int(rec["row"][i])]

        step = f"{'+' if dist < 0 else '-'}{abs(dist)}"
        if eff == D.MoveEffect.SINGLE:
            return f"{name}: {ship(param)} at {param + 1} {step}"
        if eff == D.MoveEffect.PAIR:
            return f"{name}: {ship(param)}+{ship(param + 1)} at {param + 1}-{param + 2} {step}"
        if eff == D.MoveEffect.SABOTAGE:
            return f"{name}: {ship(param)} at {param + 1}"
        return name
    if a == A_REPAIR:
        return "Repair all ships"
    if a < A_PASS:
        param = a - A_ACCUSE
        target = (int(rec["current_player"]) + 1 + param // D.NUM_SHIPS) % int(rec["num_players"])
        return f"Accuse player {target} of pirate {D.SHIP_NAMES[param % D.NUM_SHIPS]}"
    return action_label_static(a)


def before_last_action(rec):
    """The record as the last actor saw it, as far as the last action's label needs:
    their seat to act and the ship row before the move (an insertion moved back).

    So the board's "Last turn" line shows the label the log showed for that action."""
    arr = np.empty(1, dtype=rec.dtype)
    arr[0] = rec
    before = arr[0]
    before["current_player"] = rec["last_actor"]
    a = int(rec["last_action"])
    if 0 <= a < A_REPAIR:
        kind, param = int(PLAY_KIND[a]), int(PLAY_PARAM[a])
        eff = D.MOVE_EFFECT[kind]
        if eff in (D.MoveEffect.SINGLE, D.MoveEffect.PAIR):
            length = 1 if eff == D.MoveEffect.SINGLE else 2
            target = min(max(param + int(D.MOVE_DIST[kind]), 0), D.NUM_POSITIONS - length)
            row = before["row"]
            move_block(row, target, length, param)  # SM-5.1.4 insertion, undone
        elif eff == D.MoveEffect.NATION:
            pass  # the label names no ship
    return before


def action_label_static(a):
    if a == A_PASS:
        return "Pass"
    if A_PASS < a < A_ACCUSE_DISCARD:
        return f"Pass, discarding {card_name(D.MOVE_NAMES[a - A_PASS - 1])}"
    return f"Discard {card_name(D.MOVE_NAMES[a - A_ACCUSE_DISCARD])} to accuse"


def cards_text(counts, names):
    """Cards by count ("Broadside x2, Tack"), "-" for none."""
    parts = []
    for k in np.flatnonzero(counts):
        c = int(counts[k])
        parts.append(card_name(names[k]) + (f" x{c}" if c > 1 else ""))
    return ", ".join(parts) if parts else "-"


def plural(count, word):
    """ "1 card", "2 cards" """
    return f"{count} {word}" + ("" if count == 1 else "s")


def who(p, viewer=None):
    """A seat as the viewer reads it: "you" for their own seat."""
    return "you" if viewer is not None and p == viewer else f"player {p}"


def _target(actor, param, n):
    """The seat an accusation parameter names (seat offset clockwise, Decision points)."""
    return (actor + 1 + param // D.NUM_SHIPS) % n


def verdict(rec, viewer=None):
    """The last resolved accusation (SM-5.4.3 - SM-5.4.5), e.g. "right: player 2 owns E1,
    player 0 banks 3 fame"; None if the last turn resolved none."""
    if rec["last_accuse"] < 0:
        return None
    param, actor = int(rec["last_accuse"]), int(rec["last_actor"])
    target, ship = _target(actor, param, int(rec["num_players"])), D.SHIP_NAMES[param % D.NUM_SHIPS]
    if rec["last_accuse_correct"] == 1:
        owner = "yours" if target == viewer else f"player {target}'s"
        return f"right: {ship} is {owner}"
    return f"wrong: {who(target, viewer)} {'do' if target == viewer else 'does'} not own {ship}"


def score_line(rec, viewer=None, everything=False):
    """Each player's fame as the viewer can count it (SM-8.2): banked fame plus the fame
    of ships known to be theirs; "+?" while some of their ships are still hidden.
    Once the game is over (or with ``everything``) every owner is known."""
    n, done = int(rec["num_players"]), bool(rec["terminated"]) or everything
    parts = []
    for p in range(n):
        ships = np.flatnonzero(rec["owner"] == p)
        known = [s for s in ships if done or rec["revealed"][s] or p == viewer]
        total = int(rec["banked"][p]) + int(sum(int(rec["fame"][s]) for s in known))
        parts.append(f"{who(p, viewer)} {total}" + ("" if len(known) == len(ships) else "+?"))
    return "Scores: " + ", ".join(parts)


def last_turn_line(rec, viewer=None):
    """ "Last turn: player 2: <the log's label>; <verdict>; resolved <adventure>"."""
    if rec["last_actor"] < 0 or rec["last_action"] < 0:
        return None
    label = action_label(before_last_action(rec), int(rec["last_action"]))
    text = f"Last turn: {who(int(rec['last_actor']), viewer)}: {label}"
    if rec["phase"] == Phase.ACCUSE_DISCARD:
        return text + ", paying with a card next (SM-10.2.4)"
    v = verdict(rec, viewer)
    if v:
        text += f" - {v}"
    if rec["last_adventure"] >= 0:
        text += f"; resolved {D.ADV_NAMES[int(rec['last_adventure'])]}"
    elif rec["last_action"] < A_REPAIR:
        text += "; the adventure waits (Fog)"
    return text


def turn_report(before, after, action, viewer=None):
    """What one step did beyond its label, as lines: the accusation's verdict and the
    adventure's effect per ship (fame won or lost, damage, reveals), or Fog's wait.

    ``before`` is the record the action was chosen on, ``after`` the record after it."""
    lines = []
    if after["last_actor"] < 0 or after["phase"] == Phase.ACCUSE_DISCARD:
        return lines  # SM-10.2.4: nothing resolves before the card is chosen
    actor = int(after["last_actor"])
    fame = before["fame"].astype(np.int64)
    damaged = before["damaged"].astype(bool)
    revealed = before["revealed"].astype(bool)
    v = verdict(after, viewer)
    if v:
        lines.append(f"Accusation {v}")
        if after["last_accuse_correct"] == 1:
            ship = int(after["last_accuse"]) % D.NUM_SHIPS
            take = int(after["banked"][actor]) - int(before["banked"][actor])
            fame[ship] -= take
            revealed[ship] = True
            lines[-1] += f"; {who(actor, viewer)} {'bank' if actor == viewer else 'banks'} {take} fame"
    moved = [
        f"{D.SHIP_NAMES[s]} {i + 1}->{j + 1}"
        for j, s in enumerate(after["row"])
        for i in np.flatnonzero(before["row"] == s)
        if i != j
    ]
    if action < A_REPAIR and moved:  # SM-5.1: the row as the move card left it
        lines.append("Moved: " + ", ".join(moved))
    if A_REPAIR == action:
        damaged[:] = False
    elif action < A_REPAIR and D.MOVE_EFFECT[PLAY_KIND[action]] == D.MoveEffect.SABOTAGE:
        damaged[before["row"][PLAY_PARAM[action]]] = True
    kind = int(after["last_adventure"])
    if kind < 0:
        queue = before["adv_queue"]
        lines.append(f"Fog: {D.ADV_NAMES[int(queue[0])]} waits for the next turn (SM-5.2.8)")
        return lines
    effects = []
    for s in after["row"]:
        name, parts = D.SHIP_NAMES[s], []
        delta = int(after["fame"][s]) - int(fame[s])
        if delta:
            parts.append(f"{delta:+d} fame")
        if after["damaged"][s] and not damaged[s]:
            parts.append("damaged")
        if after["revealed"][s] and not revealed[s]:  # SM-6.9.16
            owner = int(after["owner"][s])
            parts.insert(0, "revealed as " + ("yours" if owner == viewer else f"player {owner}'s"))
        if after["known_unowned"][s] and not before["known_unowned"][s]:
            parts.append("shown unowned")
        if parts:
            effects.append(f"{name} {' and '.join(parts)}")
    lines.append(f"{D.ADV_NAMES[kind]}: " + (", ".join(effects) if effects else "no effect"))
    return lines


def _wrap(title, items, width, indent=4):
    """``title`` then the items two spaces apart, wrapped to ``width`` columns."""
    lines, line = [], title
    for item in items:
        if len(line) + 2 + len(item) > width and line.strip() != title.strip():
            lines.append(line)
            line = " " * indent + item
        else:
            line = f"{line}  {item}" if line.strip() else f"{line}{item}"
    lines.append(line)
    return lines


def wrap_line(text, width=80, indent=4):
    """One long board line over several, at spaces."""
    return "\n".join(textwrap.wrap(text, width, subsequent_indent=" " * indent, break_long_words=False))


def _menu_groups(rec, legal):
    """The legal actions grouped for the move menu: one group per move card (its target
    ships front to back, pairs as front+back), one per accused player (the pirates),
    Pass, and the rest. A list of (title, [(action, item text)]) in screen order."""
    groups = {}
    n = int(rec["num_players"])
    keep = "keep your hand" if rec["move_cards_in_hand"] else "keep the row"  # SM-5.5.1 / SM-10.2.5
    for a in legal:
        if a < A_REPAIR:
            kind, param = int(PLAY_KIND[a]), int(PLAY_PARAM[a])
            eff, dist = D.MOVE_EFFECT[kind], int(D.MOVE_DIST[kind])
            name = card_name(D.MOVE_NAMES[kind])
            step = f" {'+' if dist < 0 else '-'}{abs(dist)}" if dist else ""
            ship = D.SHIP_NAMES[int(rec["row"][param])]
            if eff == D.MoveEffect.PAIR:
                title, item = f"{name}{step}:", f"{ship}+{D.SHIP_NAMES[int(rec['row'][param + 1])]}"
            elif eff in (D.MoveEffect.SINGLE, D.MoveEffect.SABOTAGE):
                title, item = f"{name}{step}:", ship
            else:
                title, item = "Other:", name
        elif A_ACCUSE <= a < A_PASS:
            param = a - A_ACCUSE
            title = f"Accuse player {_target(int(rec['current_player']), param, n)}:"
            item = D.SHIP_NAMES[param % D.NUM_SHIPS]
        elif A_PASS <= a < A_ACCUSE_DISCARD:
            title, item = "Pass:", keep if a == A_PASS else f"discard {card_name(D.MOVE_NAMES[a - A_PASS - 1])}"
        elif a == A_REPAIR:
            title, item = "Other:", "Repair all ships"
        else:
            title, item = "Discard to accuse:", card_name(D.MOVE_NAMES[a - A_ACCUSE_DISCARD])
        groups.setdefault(title, []).append((int(a), item))
    return list(groups.items())


def menu_order(rec, legal):
    """The legal actions in the order ``move_menu`` shows them."""
    return [a for _, items in _menu_groups(rec, legal) for a, _ in items]


def move_menu(rec, legal, width=80):
    """The legal actions in a few grouped lines, numbered 1, 2, 3 in screen order (the
    number a player types is the action's place in ``menu_order``)."""
    number = {a: i for i, a in enumerate(menu_order(rec, legal), 1)}
    lines = []
    for title, items in _menu_groups(rec, legal):
        lines += _wrap(f"  {title}", [f"{number[a]}){item}" for a, item in items], width, indent=4)
    return lines


def _not_owners(rec, ship, viewer=None):
    """ " (not player 2)": the players a wrong accusation showed not to own ``ship`` (SM-5.4.5)."""
    cleared = [who(p, viewer) for p in range(int(rec["num_players"])) if rec["known_not_owner"][p, ship]]
    return f" (not {', '.join(cleared)})" if cleared else ""


def header(rec, viewer=None):
    """ "3 players, turn 5, player 1 to act" or "3 players - game over after 12 turns"."""
    n, turn = int(rec["num_players"]), int(rec["turn"])
    if rec["terminated"]:
        return f"{n} players - game over after {plural(turn, 'turn')}"
    p = int(rec["current_player"])
    acting = "you to act" if p == viewer else f"player {p} to act"
    if rec["phase"] == Phase.ACCUSE_DISCARD:
        acting += " (choosing the card to discard for the accusation)"
    return f"{n} players, turn {turn + 1}, {acting}"


def pirate_text(rec, s, viewer=None, everything=False):
    """Whose pirate sails on ship ``s``, as far as ``viewer`` knows: revealed owners,
    the viewer's own ships, every owner once the game is over (or ``everything``:
    every owner, for a picture of all hidden information); "?" otherwise, with the
    players a wrong accusation cleared."""
    owner, done = int(rec["owner"][s]), bool(rec["terminated"]) or everything
    if rec["revealed"][s] or (done and owner >= 0):
        return ("yours" if viewer is not None and owner == viewer else who(owner, viewer)) + (
            " (revealed)" if rec["revealed"][s] else ""
        )
    if done or rec["known_unowned"][s]:
        return "nobody"
    if viewer is not None and owner == viewer:
        return "yours"
    return "?" + _not_owners(rec, s, viewer)


def render(rec, viewer=None, last_turn=True):
    """The public board; ``viewer`` adds that seat's own pirates and hand.

    Once the game is over every owner is shown.
    """
    n = int(rec["num_players"])
    lines = [f"Pirates of the Spanish Main - {header(rec, viewer)}"]
    queue = [D.ADV_NAMES[k] for k in rec["adv_queue"][: rec["adv_queue_len"]]]
    if queue:
        upcoming = f"; then {', '.join(queue[1:])}" if len(queue) > 1 else ""
        lines.append(wrap_line(f"Adventure: {queue[0]}{upcoming}"))
    lines.append(
        f"Adventure deck {int(rec['adv_deck_len'])}, discard {int(rec['adv_discard'].sum())}"
        f" (+{int(rec['adv_discard_unknown'])} lost fame), virtual fame {int(rec['virtual_fame'])}"
    )
    lines.append(" pos  ship  nation   fame  state    pirate")
    for i in range(D.NUM_POSITIONS):
        s = int(rec["row"][i])
        pirate = pirate_text(rec, s, viewer)
        state = "DAMAGED" if rec["damaged"][s] else "ok"
        lines.append(
            f"  {i + 1}   {D.SHIP_NAMES[s]:<4}  {D.NATIONS[D.SHIP_NATION[s]]:<8} {int(rec['fame'][s]):>4}"
            f"  {state:<8} {pirate}"
        )
    lines.append("Banked: " + ", ".join(f"{who(p, viewer)} {int(rec['banked'][p])}" for p in range(n)))
    lines.append(score_line(rec, viewer))
    if rec["move_cards_in_hand"]:
        sizes = ", ".join(f"{who(p, viewer)} {plural(int(rec['hand'][p].sum()), 'card')}" for p in range(n))
        lines.append(f"Hand sizes: {sizes}")
        if viewer is not None:
            lines.append(f"Your hand: {cards_text(rec['hand'][viewer], D.MOVE_NAMES)}")
    else:
        lines.append(f"Move row: {cards_text(rec['move_row'], D.MOVE_NAMES)}")
    lines.append(
        wrap_line(f"Move deck {int(rec['move_deck_len'])}, discard: {cards_text(rec['move_discard'], D.MOVE_NAMES)}")
    )
    last = last_turn_line(rec, viewer) if last_turn else None
    if last:
        lines.append(wrap_line(last))
    return "\n".join(lines)


# ----- the 'i' command of doubloon play ----------------------------------------------------------
def move_effect(k):
    """One move card kind's effect in words, from its data row (SM-5.2)."""
    eff, dist = int(D.MOVE_EFFECT[k]), int(D.MOVE_DIST[k])
    way = "forward" if dist < 0 else "backward"
    if eff == D.MoveEffect.SINGLE:
        return f"any one ship moves {abs(dist)} spaces {way}"
    if eff == D.MoveEffect.PAIR:
        return f"two adjacent ships move {abs(dist)} spaces {way} as a block, keeping their order"
    if eff == D.MoveEffect.NATION:
        first = "frontmost" if dist < 0 else "backmost"
        return (
            f"each {D.NATIONS[int(D.MOVE_NATION[k])]} ship moves {abs(dist)} spaces {way}, one at a time, "
            f"the {first} first"
        )
    if eff == D.MoveEffect.SABOTAGE:
        return "one undamaged ship is damaged"
    return "no adventure this turn: the current one waits for the next player"


def _card_text(ids, names, counts, k, effect):
    return f"{ids[k]} {card_name(names[k])} ({plural(int(counts[k]), 'card')}): {effect(k)}"


def info(text):
    """What the adventure card, move card or ship ``text`` (its id or name, any case) is,
    or None: ``i ID`` in ``doubloon play``."""
    key = " ".join(text.strip().lower().rstrip("!").split())
    if not key:
        return None
    tables = (
        (D.ADV_IDS, D.ADV_NAMES, D.ADV_COUNT, adventure_effect),
        (D.MOVE_IDS, D.MOVE_NAMES, D.MOVE_COUNT, move_effect),
    )
    answers = {}  # every id and name -> its answer; a name may be given by its start, as moves are
    for ids, names, counts, effect in tables:
        for k in range(len(ids)):
            answer = _card_text(ids, names, counts, k, effect)
            answers[ids[k].lower()] = answers[card_name(names[k]).lower()] = answer
    for s in range(D.NUM_SHIPS):
        nation = D.NATIONS[int(D.SHIP_NATION[s])]
        answers[D.SHIP_NAMES[s].lower()] = f"{D.SHIP_NAMES[s]}: one of the three {nation} ships"
    if key in answers:
        return answers[key]
    started = {answers[name] for name in answers if name.startswith(key)}
    return started.pop() if len(started) == 1 else None


def legend():
    """What a bare ``i`` lists: the ids ``i`` knows."""
    return [
        f"Adventures: {', '.join(f'{i} {n}' for i, n in zip(D.ADV_IDS, D.ADV_NAMES))}",
        f"Move cards: {', '.join(f'{i} {card_name(n)}' for i, n in zip(D.MOVE_IDS, D.MOVE_NAMES))}",
        f"Ships: {', '.join(D.SHIP_NAMES)}. Type 'i' and an id or a name, e.g. 'i A06' or 'i Treasure Map'.",
    ]


# ----- generated doc tables (python -m tools.docs) ----------------------------------------------
def adventure_effect(k):
    """One adventure kind's effect in words, from its data row (SM-6.9)."""
    sel, n, gain = int(D.ADV_SELECT[k]), int(D.ADV_N[k]), int(D.ADV_GAIN[k])
    if sel == D.Select.MUTINY:
        return "the owner of the frontmost unrevealed ship is revealed; it loses half its fame, rounded up"
    if sel in (D.Select.ATTACK, D.Select.LOOT):
        nation = D.NATIONS[int(D.ADV_NATION[k])]
        if sel == D.Select.ATTACK:
            return f"every other-nation ship in front of an undamaged {nation} ship is damaged"
        return f"undamaged {nation} ships, front to back, take 1 fame from every other-nation ship behind them"
    if sel == D.Select.POSITIONS:
        where = [str(int(p) + 1) for p in D.ADV_POSITIONS[k] if p >= 0]
        who = "ships at positions " + ", ".join(where)
    else:
        who = f"the {'first' if sel == D.Select.FIRST else 'last'} {n} undamaged " + ("ship" if n == 1 else "ships")
    parts = []
    if gain:
        parts.append(f"+{gain} fame each" + (" if undamaged" if sel == D.Select.POSITIONS else ""))
    if D.ADV_DAMAGE[k]:
        parts.append(("then " if gain else "") + "damaged")
    if D.ADV_LOSE[k]:
        parts.append(f"-{int(D.ADV_LOSE[k])} fame each")
    return f"{who}: {', '.join(parts)}"


def adventure_table():
    rows = ["| kind | id | card | count | effect |", "|---|---|---|---|---|"]
    for k in range(D.NUM_ADVENTURE_KINDS):
        rows.append(f"| {k} | {D.ADV_IDS[k]} | {D.ADV_NAMES[k]} | {int(D.ADV_COUNT[k])} | {adventure_effect(k)} |")
    rows.append(f"\n{D.NUM_ADVENTURE_KINDS} kinds, {D.NUM_ADVENTURES} cards.")
    return "\n".join(rows)


def ship_table():
    rows = ["| ship id | ship (and its pirate) | nation |", "|---|---|---|"]
    for s in range(D.NUM_SHIPS):
        rows.append(f"| {s} | {D.SHIP_NAMES[s]} | {D.NATIONS[int(D.SHIP_NATION[s])]} |")
    return "\n".join(rows)
