"""Build Spanish Main positions for rule tests, in the rules' notation.

Every position starts from a seeded game's JSON, is edited field by field, and is
loaded back through ``g.from_json``, so the engine's own validation (types, ranges,
card conservation: ``SpanishMain.check_position``) checks each position we build.

Notation (docs/rules/spanish_main.md, "Test scenarios"): a row is written from
position 1 (front) to position 9 (back), e.g. ``"D1(5) S1 E1* S2*(1) ..."``: ``*`` marks a damaged ship and
``(n)`` its fame (0 when absent). Ships are E1..E3, S1..S3, D1..D3 (ids 0..8).
Positions in the record are 0-based; the helpers that take or return positions
say which.

Adventure cards are conserved this way: the face-up queue and the identified
discards are "seen" cards; every fame point on a ship or in a bank (less virtual
fame) and every unidentified discard counts as a card drawn unseen from the deck;
the deck holds what is left (or ``deck_len`` of it). Move cards: row / hands /
discard as given, the rest in the deck (or ``move_deck_len`` of it, the remainder
going to the discard pile).
"""

import re

import numpy as np

import games
from games.spanish_main import data as D

SHIPS = D.SHIP_NAMES  # ("E1", ..., "D3")
SHIP_ID = {name: i for i, name in enumerate(SHIPS)}
_TOKEN = re.compile(r"^([ESD][123])(\*?)(?:\((\d+)\))?(\*?)$")


def make(num_players=3, **options):
    """The game under test; options as ``games.make`` takes them."""
    return games.make("spanish_main", num_players=num_players, **options)


# ----- names -----------------------------------------------------------------------
def ship(name):
    """Ship id of "E1".."D3" (an int passes through)."""
    if isinstance(name, (int, np.integer)):
        return int(name)
    return SHIP_ID[name]


def adv_kind(card):
    """Adventure kind 0..23 from "A06", "Treasure Map" or an int."""
    if isinstance(card, (int, np.integer)):
        return int(card)
    if card in D.ADV_IDS:
        return D.ADV_IDS.index(card)
    return D.ADV_NAMES.index(card)


def move_kind(card):
    """Move kind 0..11 from "M01", "Full Speed Ahead!" (the "!" optional) or an int."""
    if isinstance(card, (int, np.integer)):
        return int(card)
    if card in D.MOVE_IDS:
        return D.MOVE_IDS.index(card)
    names = [n.rstrip("!") for n in D.MOVE_NAMES]
    return names.index(card.rstrip("!"))


def _ships(spec):
    if isinstance(spec, str):
        return [ship(s) for s in spec.split()]
    return [ship(s) for s in spec]


# ----- the row notation ----------------------------------------------------------------
def parse_row(text):
    """``"E1 S1* D1(3)"`` -> (ship ids front to back, damaged flags by ship, fame by ship)."""
    tokens = text.split()
    if len(tokens) != D.NUM_POSITIONS:
        raise ValueError(f"a row has 9 ships, got {len(tokens)}: {text!r}")
    row, damaged, fame = [], [0] * D.NUM_SHIPS, [0] * D.NUM_SHIPS
    for tok in tokens:
        m = _TOKEN.match(tok)
        if not m:
            raise ValueError(f"bad ship token {tok!r} in {text!r}")
        s = ship(m.group(1))
        row.append(s)
        damaged[s] = int(bool(m.group(2) or m.group(4)))
        fame[s] = int(m.group(3) or 0)
    if sorted(row) != list(range(D.NUM_SHIPS)):
        raise ValueError(f"a row holds each ship once: {text!r}")
    return row, damaged, fame


def _rec(state_or_rec):
    return state_or_rec[0] if isinstance(state_or_rec, np.ndarray) else state_or_rec


def row_names(state):
    """The ship names front to back, e.g. ``"E1 S3 S1 D1 E2 S2 D2 E3 D3"``."""
    return " ".join(SHIPS[s] for s in _rec(state)["row"])


def row_str(state, zero_fame=False):
    """The row in the rules' notation; ``zero_fame`` writes ``(0)`` too."""
    rec = _rec(state)
    out = []
    for s in rec["row"]:
        tok = SHIPS[s] + ("*" if rec["damaged"][s] else "")
        f = int(rec["fame"][s])
        if f or zero_fame:
            tok += f"({f})"
        out.append(tok)
    return " ".join(out)


def pos(state, name):
    """1-based position of a ship."""
    return int(np.flatnonzero(_rec(state)["row"] == ship(name))[0]) + 1


def at(state, position):
    """Name of the ship at 1-based ``position``."""
    return SHIPS[int(_rec(state)["row"][position - 1])]


def fame(state, name):
    return int(_rec(state)["fame"][ship(name)])


def damaged(state, name):
    return bool(_rec(state)["damaged"][ship(name)])


def owners(state):
    """Owner seat by ship name (-1 = unowned)."""
    rec = _rec(state)
    return {SHIPS[s]: int(rec["owner"][s]) for s in range(D.NUM_SHIPS)}


# ----- actions --------------------------------------------------------------------------
def play(g, card, position=None):
    """Action id playing move ``card`` ("M01" or name) on 1-based ``position`` (ship
    cards) or pair front ``position`` (pair cards); no position for parameterless cards."""
    k = move_kind(card)
    family = f"play_{D.MOVE_IDS[k].lower()}"
    return g.action_id(family, 0 if position is None else position - 1)


def accuse(g, offset, pirate):
    """ACCUSE id: the player ``offset`` seats clockwise (1..N-1) is pirate ``pirate``."""
    return g.action_id("accuse", (offset - 1) * D.NUM_SHIPS + ship(pirate))


def pass_(g, discard=None):
    """PASS, keeping the row (None) or discarding one card of kind ``discard``."""
    return g.action_id("pass", 0 if discard is None else 1 + move_kind(discard))


def accuse_discard(g, card):
    return g.action_id("accuse_discard", move_kind(card))


def repair(g):
    return g.action_id("repair")


def step(g, state, action):
    """Apply one action (id or label) to a batch of one; returns the state."""
    if isinstance(action, str):
        action = g.action_from_label(state[0], action)
    g.step(state, np.array([action], dtype=np.int64))
    return state


def legal(g, state):
    return set(g.legal_actions(state[0]))


# ----- building positions -----------------------------------------------------------------
def _kinds_list(cards, kind_fn):
    if cards is None:
        return []
    if isinstance(cards, dict):
        out = []
        for card, count in cards.items():
            out += [kind_fn(card)] * count
        return out
    return [kind_fn(c) for c in cards]


def _take(seq, counts):
    """Remove one occurrence per unit of ``counts`` from ``seq`` (a list of kinds)."""
    counts = counts.copy()
    out = []
    for k in seq:
        if counts[k] > 0:
            counts[k] -= 1
        else:
            out.append(k)
    return out


def _pile(cards, length):
    return list(cards) + [-1] * (length - len(cards))


def build_json(
    g,
    *,
    seed=0,
    row=None,
    owners=None,
    revealed=(),
    known_unowned=(),
    current=None,
    first=None,
    turn=None,
    banked=None,
    adventure=None,
    queue=None,
    deck=None,
    deck_top=(),
    deck_len=None,
    discard=None,
    discard_unknown=0,
    virtual_fame=0,
    move_row=None,
    hands=None,
    move_discard=None,
    move_deck=None,
    move_deck_len=None,
    fields=None,
):
    """The JSON object of a position (see ``build``), not yet validated."""
    base = g.init(np.array([seed]))[0]
    obj = g.to_json(base)
    st = obj["state"]

    # ships (SM-0.2 .. SM-0.6)
    if row is not None:
        r, dmg, fm = parse_row(row)
        st["row"], st["damaged"], st["fame"] = r, dmg, fm
    if owners is not None:
        own = [-1] * D.NUM_SHIPS
        for seat, spec in enumerate(owners):
            for s in _ships(spec):
                own[s] = seat
        st["owner"] = own
    st["revealed"] = [int(s in _ships(revealed)) for s in range(D.NUM_SHIPS)]
    st["known_unowned"] = [int(s in _ships(known_unowned)) for s in range(D.NUM_SHIPS)]
    if banked is not None:
        st["banked"] = list(banked) + [0] * (4 - len(banked))
    # SM-4.1, GAP-23: turns go clockwise from the first player, so the seat to act is
    # (first + turn) mod N; the fields not given are made to agree with those given
    n = st["num_players"]
    if turn is None and first is not None and current is not None:
        turn = (current - first) % n
    if turn is not None:
        st["turn"] = turn
    if first is not None:
        st["first_player"] = first
    elif current is not None:
        st["first_player"] = (current - st["turn"]) % n
    st["current_player"] = (st["first_player"] + st["turn"]) % n

    # adventures (SM-3.3, SM-6.6, SM-6.8, SM-10.1)
    if queue is None:
        queue = [adventure] if adventure is not None else st["adv_queue"][: st["adv_queue_len"]]
    q = [adv_kind(c) for c in queue]
    disc = _counts(_kinds_list(discard, adv_kind), D.NUM_ADVENTURE_KINDS)
    seen = _counts(q, D.NUM_ADVENTURE_KINDS) + disc
    if np.any(seen > D.ADV_COUNT):
        raise ValueError(f"more adventure cards of a kind than exist: {seen.tolist()}")
    # every fame card (less virtual fame) and every lost-fame discard was drawn unseen
    unseen = sum(st["fame"]) + sum(st["banked"]) - virtual_fame + discard_unknown
    order = st["adv_deck"][: st["adv_deck_len"]] + st["adv_queue"][: st["adv_queue_len"]][::-1]
    rest = _take(order, seen)  # the seeded card order, bottom to top, less the seen cards
    if deck is not None:
        deck_cards = [adv_kind(c) for c in deck]
        rest = _take(rest, _counts(deck_cards, D.NUM_ADVENTURE_KINDS))
        if len(rest) + len(deck_cards) + int(seen.sum()) != D.NUM_ADVENTURES:
            raise ValueError("the explicit adventure deck holds cards that are already elsewhere")
    else:
        top = [adv_kind(c) for c in deck_top][::-1]  # given next card first; stored top last
        rest = _take(rest, _counts(top, D.NUM_ADVENTURE_KINDS))
        if deck_len is None:
            deck_len = len(rest) + len(top) - unseen
        if not len(top) <= deck_len <= len(rest) + len(top) - unseen:
            raise ValueError(
                f"cannot make an adventure deck of {deck_len} cards "
                f"({len(rest) + len(top)} left, {unseen} of them drawn as fame)"
            )
        keep = deck_len - len(top)
        deck_cards = rest[len(rest) - keep :] + top if keep else top
        rest = rest[: len(rest) - keep]
    excess = len(rest) - unseen  # cards neither in the deck nor fame: resolved and discarded
    if excess < 0:
        raise ValueError(f"{unseen} fame cards but only {len(rest)} adventure cards left for them")
    disc = disc + _counts(rest[:excess], D.NUM_ADVENTURE_KINDS)
    seen = _counts(q, D.NUM_ADVENTURE_KINDS) + disc
    st["adv_deck"] = _pile(deck_cards, D.NUM_ADVENTURES)
    st["adv_deck_len"] = len(deck_cards)
    st["adv_queue"] = _pile(q, 4)
    st["adv_queue_len"] = len(q)
    st["adv_discard"] = disc.tolist()
    st["adv_discard_unknown"] = discard_unknown
    st["adv_seen"] = seen.tolist()
    st["virtual_fame"] = virtual_fame
    st["fame_drawn_unseen"] = D.NUM_ADVENTURES - len(deck_cards) - int(seen.sum())

    # move cards (SM-3.5, SM-5.1.6, SM-10.2)
    order = st["move_deck"][: st["move_deck_len"]] + _outside_deck(st)  # all 24, seeded order
    if move_row is not None:
        st["move_row"] = _counts(_kinds_list(move_row, move_kind), D.NUM_MOVE_KINDS).tolist()
    if hands is not None:
        h = [[0] * D.NUM_MOVE_KINDS for _ in range(4)]
        for seat, cards in enumerate(hands):
            h[seat] = _counts(_kinds_list(cards, move_kind), D.NUM_MOVE_KINDS).tolist()
        st["hand"] = h
    mdisc = _counts(_kinds_list(move_discard, move_kind), D.NUM_MOVE_KINDS)
    used = np.array(st["move_row"]) + np.array(st["hand"]).sum(axis=0) + mdisc
    if np.any(used > D.MOVE_COUNT):
        raise ValueError(f"more move cards of a kind than exist: {used.tolist()}")
    left = _take(order, used)
    if move_deck is not None:
        mdeck = [move_kind(c) for c in move_deck]
        n_left = len(left)
        left = _take(left, _counts(mdeck, D.NUM_MOVE_KINDS))
        if len(left) + len(mdeck) != n_left:
            raise ValueError("move_deck holds cards that are already elsewhere")
    else:
        keep = len(left) if move_deck_len is None else move_deck_len
        if not 0 <= keep <= len(left):
            raise ValueError(f"cannot make a move deck of {keep} cards from {len(left)}")
        mdeck, left = left[len(left) - keep :], left[: len(left) - keep]
    st["move_deck"] = _pile(mdeck, D.NUM_MOVES)
    st["move_deck_len"] = len(mdeck)
    st["move_discard"] = (mdisc + _counts(left, D.NUM_MOVE_KINDS)).tolist()

    for name, value in (fields or {}).items():
        st[name] = value
    return obj


def _counts(kinds, size):
    return np.bincount(np.array(kinds, dtype=np.int64), minlength=size)


def _outside_deck(st):
    """The seeded game's move cards outside its deck (row, hands, discard) as kinds."""
    counts = np.array(st["move_row"]) + np.array(st["hand"]).sum(axis=0) + np.array(st["move_discard"])
    return [k for k in range(D.NUM_MOVE_KINDS) for _ in range(int(counts[k]))]


def build(g, **kw):
    """A validated position (a batch of one) built from seed ``seed``'s game.

    Keywords: ``row`` (notation string), ``owners`` (per seat, e.g.
    ``["E1 S1", "E2 D2", "E3 S3"]``; ships not listed are unowned), ``revealed``,
    ``known_unowned`` (ship names), ``current``, ``first``, ``turn`` (the seat to act is
    (first + turn) mod N: the ones not given are made to fit), ``banked`` (per
    seat); adventures: ``adventure`` (the current card) or ``queue`` (SM-10.1),
    ``deck_top`` (cards on top of the deck, next card first), ``deck_len``, ``deck``
    (explicit, bottom to top), ``discard`` (identified cards: list or {card: count}),
    ``discard_unknown``, ``virtual_fame``; moves: ``move_row`` (3 cards), ``hands``
    (per seat, SM-10.2), ``move_discard``, ``move_deck`` (bottom to top) or
    ``move_deck_len``; ``fields``: raw record fields set last.
    """
    return g.from_json(build_json(g, **kw))
