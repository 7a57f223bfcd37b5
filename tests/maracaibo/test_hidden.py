"""``resample_hidden`` for Maracaibo and its solo game: MA-29.2 / MA-29.3 say what is hidden.

MA-3.4 (project cards: A dealt, B in the deck, the rest boxed), MA-3.12 (the dealt
hands), MA-3.10 / MA-3.13 / GAP-28 (careers), MA-3.6 (prestige), MA-3.1 (combat
tokens), MA-3.2 (the quest pile), MA-24.4 / GAP-15 (Jean's deck).
"""

import numpy as np

import games
from games.core.api_test import changed_fields
from games.maracaibo.data import projects
from games.maracaibo.data.jean import JEAN_CARD_LETTER, JEAN_LEVEL_COUNTS
from games.maracaibo.state import Phase, W_BOX, W_DECK, W_HAND
from tests.maracaibo.positions import game, start

SEEDS = np.arange(60)
IS_A = projects.CARD_DECK == 0


def _hand(rec, q):
    return sorted(rec["hand"][q, : rec["hand_len"][q]].tolist())


def test_setup_hands_are_dealt_a_cards():
    # MA-3.4 / MA-3.12: before the opening resolves the other hands are 8 dealt A cards,
    # the box holds B cards only; MA-29.2: the own hand stays
    g = game(3)
    st = g.init(np.array([2]))
    assert st["phase"][0] == Phase.SETUP_CARDS
    res = g.resample_hidden(st[0], 0, SEEDS)
    for x in res:
        assert _hand(x, 0) == _hand(st[0], 0)
        for q in (1, 2):
            assert x["hand_len"][q] == st["hand_len"][0, q] and IS_A[x["hand"][q, : x["hand_len"][q]]].all()
        assert not IS_A[x["card_where"] == W_BOX].any()
    assert len({bytes(x["hand"]) for x in res}) == len(SEEDS)


def test_round_one_redraws_only_what_seat_cannot_see():
    # MA-29.3: deck, box, other hands, others' returned careers, face-down prestige,
    # token piles, quest pile below its top; nothing public changes
    g, st, p = start(3)
    res = g.resample_hidden(st[0], p, SEEDS)
    assert changed_fields(st[0], res) <= {
        "card_where",
        "deck",
        "hand",
        "career_dealt",
        "prestige",
        "token_pile",
        "quest_pile",
    }
    rec = st[0]
    for x in res:
        assert _hand(x, p) == _hand(rec, p)  # MA-29.2
        assert np.array_equal(x["hand_len"], rec["hand_len"]) and np.array_equal(x["display"], rec["display"])
        box = x["card_where"] == W_BOX  # MA-3.4: the box keeps its A and B counts
        assert box.sum() == (rec["card_where"] == W_BOX).sum() and not IS_A[box].any()
        hidden = (
            (rec["card_where"] == W_DECK)
            | (rec["card_where"] == W_BOX)
            | ((rec["card_where"] >= W_HAND) & (rec["card_where"] < W_HAND + 4) & (rec["card_where"] != W_HAND + p))
        )
        assert np.array_equal(
            np.sort(np.flatnonzero(hidden)),
            np.sort(
                np.flatnonzero(
                    (x["card_where"] == W_DECK)
                    | (x["card_where"] == W_BOX)
                    | ((x["card_where"] >= W_HAND) & (x["card_where"] < W_HAND + 4) & (x["card_where"] != W_HAND + p))
                )
            ),
        )
        # MA-3.10 / MA-3.13: own careers stay, kept careers of others are public after the choice
        assert np.array_equal(x["career"], rec["career"])
        assert np.array_equal(x["career_dealt"][p], rec["career_dealt"][p])
        dealt = x["career_dealt"][:3].ravel()
        assert len(set(dealt.tolist())) == 6
        for q in range(3):
            assert rec["career"][q] in x["career_dealt"][q]
        # MA-3.6: space I face up; II-IV three other buildings
        assert x["prestige"][0] == rec["prestige"][0] and len(set(x["prestige"].tolist())) == 4
        # MA-3.1: the piles keep their sizes and, together, their tokens
        assert sorted(x["token_pile"][x["token_pile"] >= 0].tolist()) == sorted(
            rec["token_pile"][rec["token_pile"] >= 0].tolist()
        )
        # MA-3.2: the top quest tile stays
        n = rec["quest_pile_len"]
        assert x["quest_pile"][n - 1] == rec["quest_pile"][n - 1]
        assert sorted(x["quest_pile"][:n].tolist()) == sorted(rec["quest_pile"][:n].tolist())
    for field in ("deck", "hand", "prestige", "token_pile", "quest_pile", "career_dealt"):
        assert len({bytes(x[field]) for x in res}) > 1, field


def test_pending_decision_keeps_the_deciders_hand():
    # a player in a pending decision (a frame on the stack) keeps the hand it was offered on
    g = game(3)
    st = g.init(np.array([5]))
    rng = np.random.default_rng(0)
    for _ in range(3000):
        if st["stk_len"][0] > 0 and st["current_player"][0] != 0 and st["hand_len"][0, st["current_player"][0]]:
            break
        g.step(st, np.array([rng.choice(np.flatnonzero(g.legal_action_mask(st)[0]))]))
    else:
        raise AssertionError("no pending decision of another seat in the random game")
    q = int(st["current_player"][0])
    res = g.resample_hidden(st[0], 0, SEEDS[:20])
    assert all(np.array_equal(x["hand"][q], st["hand"][0, q]) for x in res)


def test_jean_deck_by_letter():
    # MA-24.4 / GAP-15: the level's cards per letter, random within the letter, less the discards
    g = games.make("maracaibo_solo", level=3)
    st = g.init(np.array([1]))
    rng = np.random.default_rng(1)
    while st["jean_discard_len"][0] < 3:
        g.step(st, np.array([rng.choice(np.flatnonzero(g.legal_action_mask(st)[0]))]))
    res = g.resample_hidden(st[0], 0, SEEDS)
    discard = st["jean_discard"][0, : st["jean_discard_len"][0]]
    for x in res:
        deck = x["jean_deck"][: x["jean_deck_len"]]
        assert x["jean_deck_len"] == st["jean_deck_len"][0] and not set(deck) & set(discard)
        counts = np.bincount(JEAN_CARD_LETTER[np.concatenate([deck, discard])], minlength=JEAN_LEVEL_COUNTS.shape[1])
        assert np.array_equal(counts, JEAN_LEVEL_COUNTS[3])
    assert len({bytes(x["jean_deck"]) for x in res}) > 1
    assert len({frozenset(x["jean_deck"][: x["jean_deck_len"]].tolist()) for x in res}) > 1
