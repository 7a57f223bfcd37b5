"""Text a person can read: the board and action labels."""

import numpy as np

from . import data as D
from .spaces import A_ACCUSE, A_ACCUSE_DISCARD, A_PASS, A_REPAIR, PLAY_KIND, PLAY_PARAM
from .state import PHASE_ACCUSE_DISCARD


def _card(name):
    return name.rstrip("!")


def action_label(rec, a):
    """e.g. "Full Speed Ahead: ship 4 (Dutch) +6" -- positions are 1-based."""
    if a < A_REPAIR:
        kind, param = int(PLAY_KIND[a]), int(PLAY_PARAM[a])
        eff, dist, name = D.MOVE_EFFECT[kind], int(D.MOVE_DIST[kind]), _card(D.MOVE_NAMES[kind])
        nation = lambda i: D.NATIONS[D.SHIP_NATION[rec["row"][i]]]  # noqa: E731
        step = f"{'+' if dist < 0 else '-'}{abs(dist)}"
        if eff == D.MV_SINGLE:
            return f"{name}: ship {param + 1} ({nation(param)}) {step}"
        if eff == D.MV_PAIR:
            return f"{name}: ships {param + 1}-{param + 2} ({nation(param)}, {nation(param + 1)}) {step}"
        if eff == D.MV_SABOTAGE:
            return f"{name}: ship {param + 1} ({nation(param)})"
        return name
    if a == A_REPAIR:
        return "Repair all ships"
    if a < A_PASS:
        param = a - A_ACCUSE
        target = (int(rec["current_player"]) + 1 + param // D.NUM_SHIPS) % int(rec["num_players"])
        return f"Accuse player {target} of pirate {D.SHIP_NAMES[param % D.NUM_SHIPS]}"
    return action_label_static(a)


def _past_action(rec, a):
    """The last action without the ship nations (the row has changed since)."""
    if A_ACCUSE <= a < A_PASS:  # SM-10.2.4: the accusation waits for its discard
        param = a - A_ACCUSE
        target = (int(rec["last_actor"]) + 1 + param // D.NUM_SHIPS) % int(rec["num_players"])
        return f"accuses player {target} of pirate {D.SHIP_NAMES[param % D.NUM_SHIPS]}, paying with a card next"
    if a >= A_REPAIR:
        return "Repair all ships" if a == A_REPAIR else action_label_static(a)
    kind, param = int(PLAY_KIND[a]), int(PLAY_PARAM[a])
    name, eff = _card(D.MOVE_NAMES[kind]), D.MOVE_EFFECT[kind]
    if eff == D.MV_PAIR:
        return f"{name} from positions {param + 1}-{param + 2}"
    if eff in (D.MV_SINGLE, D.MV_SABOTAGE):
        return f"{name} from position {param + 1}"
    return name


def action_label_static(a):
    if a == A_PASS:
        return "Pass"
    if A_PASS < a < A_ACCUSE_DISCARD:
        return f"Pass, discarding {_card(D.MOVE_NAMES[a - A_PASS - 1])}"
    return f"Discard {_card(D.MOVE_NAMES[a - A_ACCUSE_DISCARD])} to accuse"


def _cards(counts, names):
    parts = []
    for k in np.flatnonzero(counts):
        c = int(counts[k])
        parts.append(_card(names[k]) + (f" x{c}" if c > 1 else ""))
    return ", ".join(parts) if parts else "-"


def render(rec, viewer=None):
    """The public board; ``viewer`` adds that seat's own pirates and hand.

    Once the game is over every owner is shown.
    """
    n = int(rec["num_players"])
    done = bool(rec["terminated"])
    who = "game over" if done else f"player {int(rec['current_player'])} to act"
    if rec["phase"] == PHASE_ACCUSE_DISCARD:
        who += " (choosing the card to discard for the accusation)"
    lines = [f"Pirates of the Spanish Main - {n} players, turn {int(rec['turn'])}, {who}"]
    queue = [D.ADV_NAMES[k] for k in rec["adv_queue"][: rec["adv_queue_len"]]]
    if queue:
        upcoming = f"   then: {', '.join(queue[1:])}" if len(queue) > 1 else ""
        lines.append(f"Adventure: {queue[0]}{upcoming}")
    lines.append(f"Adventure deck {int(rec['adv_deck_len'])}, discard {int(rec['adv_discard'].sum())}"
                 f" (+{int(rec['adv_discard_unknown'])} lost fame), virtual fame {int(rec['virtual_fame'])}")
    lines.append(" pos  ship  nation   fame  state    pirate")
    for i in range(D.NUM_POSITIONS):
        s = int(rec["row"][i])
        owner = int(rec["owner"][s])
        if rec["revealed"][s] or (done and owner >= 0):
            mine = viewer is not None and owner == viewer
            pirate = ("yours" if mine else f"player {owner}") + (" (revealed)" if rec["revealed"][s] else "")
        elif done or rec["known_unowned"][s]:
            pirate = "nobody"
        elif viewer is not None and owner == viewer:
            pirate = "yours"
        else:
            pirate = "?"
        state = "DAMAGED" if rec["damaged"][s] else "ok"
        lines.append(f"  {i + 1}   {D.SHIP_NAMES[s]:<4}  {D.NATIONS[D.SHIP_NATION[s]]:<8} {int(rec['fame'][s]):>4}"
                     f"  {state:<8} {pirate}")
    lines.append("Banked: " + ", ".join(f"player {p} {int(rec['banked'][p])}" for p in range(n)))
    if rec["move_cards_in_hand"]:
        sizes = ", ".join(f"player {p} {int(rec['hand'][p].sum())}" for p in range(n))
        lines.append(f"Hand sizes: {sizes}")
        if viewer is not None:
            lines.append(f"Your hand: {_cards(rec['hand'][viewer], D.MOVE_NAMES)}")
    else:
        lines.append(f"Move row: {_cards(rec['move_row'], D.MOVE_NAMES)}")
    lines.append(f"Move deck {int(rec['move_deck_len'])}, discard: {_cards(rec['move_discard'], D.MOVE_NAMES)}")
    if rec["last_actor"] >= 0:
        last = f"Last turn: player {int(rec['last_actor'])}"
        if rec["last_accuse"] >= 0:
            param = int(rec["last_accuse"])
            target = (int(rec["last_actor"]) + 1 + param // D.NUM_SHIPS) % n
            verdict = "correct" if rec["last_accuse_correct"] == 1 else "wrong"
            last += f" accused player {target} of {D.SHIP_NAMES[param % D.NUM_SHIPS]} ({verdict})"
        elif rec["last_action"] >= 0:
            last += f": {_past_action(rec, int(rec['last_action']))}"
        if rec["last_adventure"] >= 0:
            last += f"; resolved {D.ADV_NAMES[int(rec['last_adventure'])]}"
        lines.append(last)
    return "\n".join(lines)
