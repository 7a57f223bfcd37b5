"""Building positions for rule tests and analysis: play the opening with fixed
choices, then edit fields through the validated JSON round trip.

    g = Maracaibo(num_players=3)
    s = opening(g, seed=1)                 # round 1, the start player to sail
    s = edit(g, s, coins={0: 20}, ship={0: loc("8")})
"""

import numpy as np

from .data import board, explorer, projects, quests


def loc(name):
    """Location index of a board location id ("H", "1".."20", "21a", "21b", "22")."""
    return board.LOC_INDEX[name]


def exp(name):
    return explorer.EXP_INDEX[name]


def card(card_id):
    return projects.CARD_INDEX[card_id]


def quest(quest_id):
    return quests.QUEST_IDS.index(quest_id)


def act(g, state, family, index=0):
    """Play ``family[index]`` in row 0 (checked against the mask)."""
    actions = np.zeros(state.shape[0], dtype=np.int64)
    actions[0] = g.action_id(family, index)
    g.step(state, actions)
    return state


def legal(g, state, family=None):
    """Legal actions of row 0, as (family, index) pairs (or indices of one family)."""
    out = []
    for a in g.legal_actions(state[0]):
        seg, k = g.action_layout.locate(a)
        if family is None:
            out.append((seg.name, k))
        elif seg.name == family:
            out.append(k)
    return out


def opening(g, seed=0):
    """Init and play MA-3.12 / MA-3.13 for every seat: plan dealt card 0, discard 1-3,
    keep career 0. Returns a batch of one record at the start of round 1."""
    state = g.init(np.array([seed]))
    for _ in range(g.num_players):
        act(g, state, "setup_plan", 0)
        for i in (1, 2, 3):
            act(g, state, "setup_discard", i)
    for _ in range(g.num_players):
        act(g, state, "career_pick", 0)
    return state


def edit(g, state, **fields):
    """A new batch of one record with fields replaced; ``{seat: value}`` dicts edit one
    entry (or one row of a 2-D field), and everything is validated by ``from_json``.
    A career card given to a seat (``career={p: k}``) is taken from whoever kept it, who
    gets the seat's old card, so no two players keep the same one (MA-3.13)."""
    obj = g.to_json(state[0])
    st = obj["state"]
    if isinstance(fields.get("career"), dict):
        for p, k in fields["career"].items():
            for q, c in enumerate(st["career"]):
                if q != p and c == k:
                    st["career"][q] = st["career"][p]
    for name, value in fields.items():
        if isinstance(value, dict):
            for key, v in value.items():
                if isinstance(key, tuple):
                    st[name][key[0]][key[1]] = v
                else:
                    st[name][key] = v.tolist() if isinstance(v, np.ndarray) else v
        else:
            st[name] = value.tolist() if isinstance(value, np.ndarray) else value
    return g.from_json(obj)


def move_cards(g, state, card_ids, where):
    """Put the named cards at ``where`` (a state.W_* code, + seat), taking them out of
    the deck, display, hands and planning areas; a hand is appended to in order."""
    from .state import W_HAND, W_PLAN

    rec = state[0]
    ids = [card(c) for c in card_ids]
    cw = rec["card_where"].copy()
    deck = [int(c) for c in rec["deck"][: rec["deck_len"]] if int(c) not in ids]
    new_deck = np.full(len(rec["deck"]), -1)
    new_deck[: len(deck)] = deck
    display = np.array([(-1 if int(c) in ids else int(c)) for c in rec["display"]])
    hands = rec["hand"].copy()
    lens = rec["hand_len"].copy()
    for p in range(4):
        row = [int(c) for c in hands[p][: lens[p]] if int(c) not in ids]
        if W_HAND <= where < W_HAND + 4 and where - W_HAND == p:
            row += ids
        hands[p] = row + [-1] * (8 - len(row))
        lens[p] = len(row)
    planning = rec["planning"].copy()
    planning[np.isin(planning, ids)] = -1
    if W_PLAN <= where < W_PLAN + 4:
        free = [j for j in range(3) if planning[where - W_PLAN, j] < 0]
        for c, j in zip(ids, free):
            planning[where - W_PLAN, j] = c
    for c in ids:
        cw[c] = where
    return edit(g, state, card_where=cw, deck=new_deck, deck_len=len(deck), display=display,
                hand=hands, hand_len=lens, planning=planning)


def give_hand(g, state, p, card_ids):
    """Replace p's hand by the given cards; the old hand goes to the discard pile."""
    from .state import W_DISCARD, W_HAND

    old = [projects.CARD_IDS[int(c)] for c in state[0]["hand"][p][: state[0]["hand_len"][p]]]
    state = move_cards(g, state, [c for c in old if c not in card_ids], W_DISCARD)
    return move_cards(g, state, card_ids, W_HAND + p)
