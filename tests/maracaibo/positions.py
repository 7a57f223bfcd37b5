"""Position builders for the Maracaibo rule tests, in the spec's terms (MA-* IDs).

Every position starts from a seeded game after the opening choices (MA-3.12,
MA-3.13), is edited field by field through ``to_json``, and is loaded back with
``g.from_json``: the engine's own validation (field ranges, and Maracaibo.check_position:
card, quest, combat-token, marker and figure conservation) checks every position built
here. Players are absolute seats; ``p = cur(s)`` is the seat to act.

    g, s, p = start(3)                       # round 1, p about to sail from Havana
    s = hand(g, s, p, ["B002"])              # p's hand is exactly B002
    s = arrive(g, s, "2", mp=1)              # p sails 1 step to City 2 (Phase B)
    act(g, s, "main_action", MAIN_CITY)
"""

import functools

import numpy as np

from games.maracaibo.data import board, codes, explorer, projects, quests
from games.maracaibo.game import Maracaibo
from games.maracaibo.state import (
    QS_BOARD,
    QS_CARD,
    QS_DONE,
    QS_EXPLORER,
    QS_PILE,
    W_BOUGHT,
    W_DISCARD,
    W_HAND,
    W_PLAN,
)

FR, ES, EN = codes.FR, codes.ES, codes.EN
TOB, CORN, SUG, HERB, MAP, BOOK, TELE = (
    codes.TOB,
    codes.CORN,
    codes.SUG,
    codes.HERB,
    codes.MAP,
    codes.BOOK,
    codes.TELE,
)
TOOLS, MEDAL, CROWN, HOUSE, ANCHOR = codes.TOOLS, codes.MEDAL, codes.CROWN, codes.HOUSE, codes.ANCHOR
GREEN, BLUE, RED = codes.GREEN, codes.BLUE, codes.RED


# ----- the opening and field edits (g.to_json / g.from_json) -----------------------------------
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
    return edit(
        g,
        state,
        card_where=cw,
        deck=new_deck,
        deck_len=len(deck),
        display=display,
        hand=hands,
        hand_len=lens,
        planning=planning,
    )


def give_hand(g, state, p, card_ids):
    """Replace p's hand by the given cards; the old hand goes to the discard pile."""
    old = [projects.CARD_IDS[int(c)] for c in state[0]["hand"][p][: state[0]["hand_len"][p]]]
    state = move_cards(g, state, [c for c in old if c not in card_ids], W_DISCARD)
    return move_cards(g, state, card_ids, W_HAND + p)


# ----- rule-test positions in the spec's terms ---------------------------------------------------


@functools.lru_cache(maxsize=None)
def game(n):
    return Maracaibo(num_players=n)


def cur(s):
    return int(s[0]["current_player"])


def start(n=3, seed=1):
    """(game, state, seat to act) at the start of round 1 (Phase A of the start player)."""
    g = game(n)
    s = opening(g, seed)
    return g, s, cur(s)


def val(s, field, *index):
    """An int (or a list for an array) read from row 0."""
    v = s[0][field]
    if index:
        v = v[index]
    return v.tolist() if isinstance(v, np.ndarray) else int(v)


def snapshot(s, p, *fields):
    return {f: val(s, f, p) for f in fields}


# ----- hands, planning, bought cards --------------------------------------------------------
def hand(g, s, p, ids):
    """p's hand is exactly ``ids`` in this order (the old hand goes to the discard pile)."""
    return give_hand(g, s, p, list(ids))


def plan(g, s, p, ids):
    """``ids`` into p's planning slots (the current planning cards are discarded first)."""
    old = [projects.CARD_IDS[int(c)] for c in s[0]["planning"][p] if c >= 0]
    s = move_cards(g, s, [c for c in old if c not in ids], W_DISCARD)
    return move_cards(g, s, list(ids), W_PLAN + p)


def own(g, s, p, ids):
    """``ids`` lie in p's personal display (bought) without their purchase effects."""
    return move_cards(g, s, list(ids), W_BOUGHT + p)


def with_assistant(g, s, p, card_id):
    """p owns ``card_id`` and its assistant stands at the card's location; the figure
    comes from p's personal supply (MA-13.1)."""
    c = card(card_id)
    assert projects.CARD_ASSISTANT_LOC[c] >= 0, card_id
    s = own(g, s, p, [card_id])
    asst = s[0]["assistants"].copy()
    j = int((asst[p] >= 0).sum())
    asst[p, j] = c
    return edit(g, s, assistants=asst, fig_personal={p: val(s, "fig_personal", p) - 1})


def synergies(*syns):
    out = [0] * 5
    for x in syns:
        out[x] = 1
    return out


# ----- quests (MA-12) -----------------------------------------------------------------------
def _place_quest(g, s, q_id, state, arg):
    qi = quest(q_id)
    st = s[0]["quest_state"].copy()
    qarg = s[0]["quest_arg"].copy()
    order = s[0]["quest_order"].copy()
    pile = [int(x) for x in s[0]["quest_pile"][: s[0]["quest_pile_len"]]]
    counter = int(s[0]["quest_counter"])
    if st[qi] == QS_PILE:
        pile.remove(qi)
    if state == QS_EXPLORER:  # a quest space holds one tile: the old one goes under the pile
        for x in np.flatnonzero((st == QS_EXPLORER) & (qarg == arg)):
            if x != qi:
                st[x], qarg[x], order[x] = QS_PILE, -1, -1
                pile.insert(0, int(x))
    st[qi], qarg[qi] = state, arg
    order[qi] = -1
    if state == QS_BOARD:
        order[qi] = counter
        counter += 1
    if state == QS_PILE:
        qarg[qi] = -1
        pile.append(qi)  # on top
    new_pile = np.full(quests.NUM_QUESTS, -1)
    new_pile[: len(pile)] = pile
    return edit(
        g,
        s,
        quest_state=st,
        quest_arg=qarg,
        quest_order=order,
        quest_pile=new_pile,
        quest_pile_len=len(pile),
        quest_counter=counter,
    )


def quest_at(g, s, q_id, where):
    """Quest tile ``q_id`` next to board location ``where`` (placed last, MA-12.1)."""
    return _place_quest(g, s, q_id, QS_BOARD, loc(where))


def quests_done(g, s, p, ids):
    """The tiles lie on p's ship board (MA-12.2)."""
    for q_id in ids:
        s = _place_quest(g, s, q_id, QS_DONE, p)
    return s


def quest_on_space(g, s, q_id, slot):
    """Tile on explorer quest space QA/QB/QC (slot 0/1/2, MA-10.5)."""
    return _place_quest(g, s, q_id, QS_EXPLORER, slot)


def quest_on_pile_top(g, s, q_id):
    return _place_quest(g, s, q_id, QS_PILE, -1)


def quest_on_card(g, s, q_id, card_id):
    return _place_quest(g, s, q_id, QS_CARD, card(card_id))


def clear_explorer_quests(g, s, slots=(0, 1, 2)):
    """Move the tiles off the given explorer quest spaces (to the bottom of the pile)."""
    for slot in slots:
        st, qarg = s[0]["quest_state"], s[0]["quest_arg"]
        for x in np.flatnonzero((st == QS_EXPLORER) & (qarg == slot)):
            pile = [int(y) for y in s[0]["quest_pile"][: s[0]["quest_pile_len"]]]
            st2, arg2 = st.copy(), qarg.copy()
            st2[x], arg2[x] = QS_PILE, -1
            pile.insert(0, int(x))
            new_pile = np.full(quests.NUM_QUESTS, -1)
            new_pile[: len(pile)] = pile
            s = edit(g, s, quest_state=st2, quest_arg=arg2, quest_pile=new_pile, quest_pile_len=len(pile))
    return s


def board_quests(s, where):
    """Quest ids lying at ``where`` in placement order (the QUEST slot order, MA-12.1)."""
    st, qarg, order = s[0]["quest_state"], s[0]["quest_arg"], s[0]["quest_order"]
    qs = [int(q) for q in np.flatnonzero((st == QS_BOARD) & (qarg == loc(where)))]
    return [quests.QUEST_IDS[q] for q in sorted(qs, key=lambda q: order[q])]


def clear_board_quests(g, s, where):
    for q_id in board_quests(s, where):
        s = _place_quest(g, s, q_id, QS_PILE, -1)
    return s


# ----- combat tokens -------------------------------------------------------------------------
def give_tokens(g, s, p, n):
    """p holds n combat tokens face down on the ship board (taken from the piles)."""
    piles = s[0]["token_pile"].copy()
    lens = s[0]["token_pile_len"].copy()
    owner = s[0]["token_owner"].copy()
    for _ in range(n):
        k = 0 if lens[0] >= lens[1] else 1
        lens[k] -= 1
        t = piles[k, lens[k]]
        piles[k, lens[k]] = -1
        owner[t] = p
    return edit(g, s, token_pile=piles, token_pile_len=lens, token_owner=owner)


# ----- markers (MA-9) ----------------------------------------------------------------------
def markers(g, s, placed, taken=None):
    """Ownership markers: ``placed`` = {location id: nation}; ``taken`` per nation
    defaults to the markers on the board (none expelled)."""
    at = np.full(board.NUM_LOCATIONS, -1)
    for where, nation in placed.items():
        at[loc(where)] = nation
    if taken is None:
        taken = [int((at == a).sum()) for a in range(3)]
    return edit(g, s, marker_at=at, markers_taken=list(taken))


# ----- moving ------------------------------------------------------------------------------
def source_for(s, where, mp):
    """A location from which ``where`` is exactly ``mp`` steps away this round (MA-5)."""
    r = val(s, "round_no")
    dest = loc(where)
    for src in range(board.NUM_LOCATIONS):
        if board.SAIL_STEPS[r - 1, src, dest] == mp:
            return src
    raise ValueError(f"no location {mp} steps before {where}")


def arrive(g, s, where, mp=1, **fields):
    """The current player sails ``mp`` steps to ``where`` (other fields edited first);
    afterwards the position is in Phase B (MA-5.7: MP spent = mp)."""
    p = cur(s)
    s = edit(g, s, ship={p: source_for(s, where, mp)}, **fields)
    act(g, s, "sail_to", loc(where) - 1)
    return s


def tile_at(g, s, where, tile_id):
    """City tile ``tile_id`` (D3) on tile slot ``where`` (4, 5, 13, 14; MA-3.3); a slot that
    held it gets this slot's old tile, so each tile lies at one location."""
    t = board.TILE_IDS.index(tile_id)
    tiles = s[0]["tile_at"].copy()
    tiles[tiles == t] = tiles[loc(where)]
    tiles[loc(where)] = t
    return edit(g, s, tile_at=tiles)


def hand_ids(s, p):
    return [projects.CARD_IDS[int(c)] for c in s[0]["hand"][p][: s[0]["hand_len"][p]]]


def decision(s):
    from games.maracaibo.state import Decision, code_words

    return code_words(Decision(int(s[0]["decision"])))


def legal_families(g, s):
    return sorted({f for f, _ in legal(g, s)})


def where_is(s, card_id):
    w = int(s[0]["card_where"][card(card_id)])
    return w


def in_hand(p):
    return W_HAND + p


def bought_by(p):
    return W_BOUGHT + p


EXP = explorer.EXP_INDEX


# ----- playing on ------------------------------------------------------------------------
def finish_turn(g, s):
    """End the current player's Phase B and draw from the deck until the turn is over."""
    p = cur(s)
    if decision(s) == "main":
        act(g, s, "done")
    while cur(s) == p and decision(s) == "draw":
        act(g, s, "draw", 0)
    return s


def score_all_2vp(g, s):
    """Scoring step 1 for everybody: option b (2 VP); decline career goals (MA-22.2)."""
    while not s[0]["terminated"] and decision(s) in ("buy", "career goals"):
        if decision(s) == "buy":
            act(g, s, "take_2vp")
        else:
            act(g, s, "done")
    return s


def end_game(g, s):
    """Round 4: the current player sails 21b -> 22 (+5 VP), ends the turn and every
    player takes option b of final-scoring step 1; returns the final position."""
    p = cur(s)
    s = edit(g, s, round_no=4, ship={p: loc("21b")})
    act(g, s, "sail_to", loc("22") - 1)
    finish_turn(g, s)
    return score_all_2vp(g, s)
