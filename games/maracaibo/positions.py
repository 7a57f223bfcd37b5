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
    entry (or one row of a 2-D field), and everything is validated by ``from_json``."""
    obj = g.to_json(state[0])
    st = obj["state"]
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


def give_hand(g, state, p, card_ids):
    """Replace p's hand by the given cards (taken from wherever they are except other
    hands / planning areas; the old hand goes to the discard pile)."""
    rec = state[0].copy()
    where = rec["card_where"].copy()
    hand = [card(c) for c in card_ids]
    deck = [int(c) for c in rec["deck"][: rec["deck_len"]] if int(c) not in hand]
    display = [(-1 if int(c) in hand else int(c)) for c in rec["display"]]
    for c in rec["hand"][p][: rec["hand_len"][p]]:
        where[int(c)] = 3  # discard
    for c in hand:
        where[c] = 4 + p
    new_deck = np.full(len(rec["deck"]), -1)
    new_deck[: len(deck)] = deck
    row = [-1] * 8
    row[: len(hand)] = hand
    hands = rec["hand"].copy()
    hands[p] = row
    lens = rec["hand_len"].copy()
    lens[p] = len(hand)
    return edit(g, state, card_where=where, deck=new_deck, deck_len=len(deck), display=np.array(display),
                hand=hands, hand_len=lens)
