"""Build Pirates of Nassau positions for rule tests.

Every position starts from a seeded game (``start``), is edited on its numpy record
with helpers that keep the components conserved (a resource put into a hold leaves
the supply, a merchant put on a route leaves its deck, a token put on a ship leaves
its stack), and is loaded back through ``g.from_json`` (``load``), so the engine's own
validation (``games/pirates_of_nassau/position_checks.py``) checks each position we build.
Players are seats 0..N-1; positions are the printed 1..20 (0 = Nassau).
"""

import numpy as np

import games
from games.pirates_of_nassau import data as D
from games.pirates_of_nassau.state import Challenge, Decision, Step

ITEM = {name: i for i, name in enumerate(D.ITEMS)}


def make(num_players=4, **options):
    return games.make("pirates_of_nassau", num_players=num_players, **options)


def start(num_players=4, seed=0, **options):
    g = make(num_players, **options)
    return g, g.init(np.array([seed]))


def load(g, st):
    """The edited record, validated by ``from_json`` (a batch of one)."""
    return g.from_json(g.to_json(st[0]))


def act(g, st, family, index=0):
    g.step(st, np.array([g.action_id(family, index)]))


def legal(g, st, family):
    """Legal parameters of ``family`` now."""
    seg = g.action_layout[family]
    return [a - seg.start for a in g.legal_actions(st[0]) if seg.start <= a < seg.stop]


def merchant(name):
    return D.MERCHANT_IDS.index(name)


def navy(name):
    return D.NAVY_IDS.index(name)


def token(type_id):
    return D.TOKEN_IDS.index(type_id)


# ----- edits that keep components conserved -------------------------------------------------
def set_hold(st, p, **items):
    """Hold counts by item name; resources and hostages come from / go to the supply."""
    r = st[0]
    for name, n in items.items():
        i = ITEM[name]
        if i != D.I_PESO:
            r["supply"][i] += r["hold"][p, i] - n
            assert r["supply"][i] >= 0, f"the supply has too few {name}"
        r["hold"][p, i] = n


def place_merchant(st, pos, name):
    """Merchant ``name`` onto trade route ``pos``; the card there goes under its deck."""
    r = st[0]
    card = merchant(name)
    where = np.flatnonzero(r["route_card"] == card)
    if where.size:
        r["route_card"][where[0]] = -1
    else:
        _take_from_deck(r, card)
    old = int(r["route_card"][pos])
    if old >= 0:
        _under_deck(r, old)
    r["route_card"][pos] = card


def clear_route(st, pos):
    r = st[0]
    old = int(r["route_card"][pos])
    if old >= 0:
        _under_deck(r, old)
    r["route_card"][pos] = -1


def _take_from_deck(r, card):
    reg = D.M_REGION[card] - 1
    n = int(r["m_deck_len"][reg])
    deck = [int(c) for c in r["m_deck"][reg][:n] if c != card]
    assert len(deck) == n - 1, f"{D.MERCHANT_IDS[card]} is not in its deck"
    r["m_deck"][reg][:] = -1
    r["m_deck"][reg][: n - 1] = deck
    r["m_deck_len"][reg] = n - 1


def _under_deck(r, card):
    reg = D.M_REGION[card] - 1
    n = int(r["m_deck_len"][reg])
    r["m_deck"][reg][1 : n + 1] = r["m_deck"][reg][:n].copy()
    r["m_deck"][reg][0] = card
    r["m_deck_len"][reg] = n + 1


def give_token(st, p, slot, type_id):
    """A token of ``type_id`` from its stack (or discard pile) onto player p's slot."""
    r = st[0]
    t = token(type_id)
    s = int(D.T_STACK[t])
    n = int(r["stack_len"][s])
    pile = r["stack"][s][:n].tolist()
    if t in pile:
        pile.remove(t)
        r["stack"][s][:] = -1
        r["stack"][s][: n - 1] = pile
        r["stack_len"][s] = n - 1
    else:
        assert r["discard"][t] > 0
        r["discard"][t] -= 1
    old = int(r["slot"][p, slot])
    if old >= 0:
        r["discard"][old] += 1
    r["slot"][p, slot] = t


def set_notoriety(st, values):
    """Notoriety per seat; the step's order and player to act follow (PN-5.3)."""
    r = st[0]
    n = int(r["num_players"])
    r["notoriety"][:n] = values
    descending = r["step"] in (Step.NOTORIETY, Step.BUY, Step.BURY, Step.CHECK)
    order = sorted(range(n), key=lambda p: -values[p] if descending else values[p])
    r["order"][:n] = order
    r["current_player"] = order[int(r["order_idx"])]


def navy_display(st, names):
    """The Royal Navy display shows ``names``; the other cards form the deck, phase 2
    (Game End on top of it) under phase 1, all unrevealed."""
    r = st[0]
    n = int(r["num_players"])
    shown = [navy(x) for x in names]
    cards = set(r["navy_deck"][: r["navy_deck_len"]].tolist()) | set(int(c) for c in r["navy_display"][:n] if c >= 0)
    rest = sorted(cards - set(shown))
    deck = (
        [c for c in rest if D.NAVY_PHASE[c] == 2 and c != D.GAME_END]
        + [D.GAME_END]
        + [c for c in rest if D.NAVY_PHASE[c] == 1]
    )
    r["navy_deck"][:] = -1
    r["navy_deck"][: len(deck)] = deck
    r["navy_deck_len"] = len(deck)
    r["navy_fresh"] = len(deck)
    r["navy_display"][:] = -1
    r["navy_display"][: len(shown)] = shown


def sail_out(st, p, moves):
    """Player p's dice as ``[(value, position or 0)]``: the dice used and where they lie."""
    r = st[0]
    for d, (value, pos) in enumerate(moves):
        r["dice"][p, d] = value
        r["die_pos"][p, d] = pos
    used = [pos for _, pos in moves if pos]
    r["pos"][p] = used[-1] if used else 0


def pirate_turn(st, p, moves=((1, 0), (1, 0), (1, 0)), action=False):
    """Make it p's pirate turn: p gets the lowest notoriety (first in order), its dice
    are ``moves`` ([(value, position or 0)], the last used one is where the ship is),
    and every other player has used as many dice as p's completed turns (on 7).
    ``action``: p has just moved (the ACTION decision), else p is to move."""
    r = st[0]
    n = int(r["num_players"])
    sail_out(st, p, moves)
    done = sum(1 for _, pos in moves if pos) - (1 if action else 0)
    for q in range(n):
        if q != p:
            sail_out(st, q, [(1, 7) if d < done else (1, 0) for d in range(3)])
    r["step"] = Step.PIRATE
    r["pass_no"] = done
    r["order_idx"] = 0
    others = [q for q in range(n) if q != p]
    set_notoriety(st, [1 if q == p else 2 + others.index(q) for q in range(n)])
    r["decision"] = Decision.ACTION if action else Decision.MOVE


def record_plunder(st, p, name):
    """This round's plunder record (PN-8.15): merchant ``name`` from its deck, taken by p."""
    r = st[0]
    card = merchant(name)
    _take_from_deck(r, card)
    k = int(r["plundered_len"])
    r["plundered"][k] = card
    r["plundered_by"][k] = p
    r["plundered_len"] = k + 1


def set_display(st, index, type_id):
    """Nassau display entry ``index`` shows a token of ``type_id`` (swapped with its stack)."""
    r = st[0]
    t = token(type_id)
    s = int(D.T_STACK[t])
    assert index // 5 == s, "hull 0-4, mast 5-9, crew 10-14"
    n = int(r["stack_len"][s])
    pile = r["stack"][s][:n].tolist()
    pile.remove(t)
    old = int(r["display"][index])
    if old >= 0:
        pile.append(old)
    r["stack"][s][:] = -1
    r["stack"][s][: len(pile)] = pile
    r["stack_len"][s] = len(pile)
    r["display"][index] = t


def to_step(st, step, order_idx=0):
    """Step NOTORIETY / NAVY / BUY / BURY: every die used (step 3, 4) or the ships in
    Nassau (step 5), the navy display as that step has it, the order recomputed."""
    r = st[0]
    n = int(r["num_players"])
    r["step"] = step
    r["order_idx"] = order_idx
    for p in range(n):
        if step in (Step.NOTORIETY, Step.NAVY):
            moves = [(int(r["dice"][p, d]), 7 if d == 0 else 14 if d == 1 else 18) for d in range(3)]
        else:
            moves = [(int(r["dice"][p, d]), 0) for d in range(3)]
        sail_out(st, p, moves)
    if step in (Step.NAVY, Step.BUY, Step.BURY):
        for p in range(n):
            r["tw_supply"] += r["tw_held"][p] + r["die_tw"][p].sum()
            r["tw_held"][p] = 0
            r["die_tw"][p] = 0
    if step in (Step.BUY, Step.BURY):
        navy_display(st, [])
        r["passed"][:n] = 1 if step == Step.BURY else 0
    r["decision"] = {
        Step.NOTORIETY: Decision.ADJUST,
        Step.NAVY: Decision.NAVY_PICK,
        Step.BUY: Decision.BUY,
        Step.BURY: Decision.BURY,
    }[step]
    set_notoriety(st, [int(v) for v in r["notoriety"][:n]])


__all__ = [
    "Challenge",
    "Decision",
    "Step",
    "act",
    "clear_route",
    "give_token",
    "legal",
    "load",
    "make",
    "merchant",
    "navy",
    "navy_display",
    "pirate_turn",
    "place_merchant",
    "sail_out",
    "set_hold",
    "record_plunder",
    "set_display",
    "set_notoriety",
    "start",
    "to_step",
    "token",
]
