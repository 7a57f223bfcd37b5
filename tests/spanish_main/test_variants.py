"""Variants: Upcoming Adventures (SM-10.1, GAP-19), Move Cards in Hand (SM-10.2, GAP-18)
and discarded adventures as fame (SM-10.3, GAP-11)."""

import numpy as np
import pytest

from games.spanish_main import data as D
from games.spanish_main.spaces import OBS

from .positions import accuse, accuse_discard, build, legal, make, pass_, play, row_names, ship, step

K = {name: D.ADV_NAMES.index(name) for name in D.ADV_NAMES}
NOOP = "Dutch Attack"  # every Dutch ship damaged in the rows below: no effect (SM-6.9.17)
ROW = "E1 S1 D1* E2 S2 D2* E3 S3 D3*"


# ----- SM-10.1 Upcoming Adventures --------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_upcoming_setup(n):
    # SM-10.1.1, SM-3.1: N face-up cards, 58 - N in the deck
    g = make(n, upcoming_adventures=True)
    for rec in g.init(np.arange(10)):
        assert rec["adv_queue_len"] == n and rec["adv_deck_len"] == 58 - n
        assert (rec["adv_queue"][:n] >= 0).all() and (rec["adv_queue"][n:] == -1).all()
        assert rec["adv_seen"].sum() == n


def test_upcoming_queue_is_public():
    # SM-10.1.6: the whole queue is in every observation, slot 0 = current
    g = make(4, upcoming_adventures=True)
    s = build(g, queue=["Kraken", "Mutiny", "Parley", "Volcano"])
    for p in range(4):
        q = OBS.view(g.observe(s, p)[0], "adventure_queue")
        assert q.argmax(axis=1).tolist() == [K["Kraken"], K["Mutiny"], K["Parley"], K["Volcano"]]
        assert q.sum() == 4


def test_upcoming_current_is_the_leftmost_card():
    # SM-10.1.1: queue index 0 resolves, not the others
    g = make(3, upcoming_adventures=True)
    s = build(g, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", queue=["Volcano", "Kraken", "Cursed Water"])
    step(g, s, pass_(g))
    assert s[0]["damaged"].tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 0]  # only Volcano resolved (E1)


def test_upcoming_fame_draws_from_the_deck_with_virtual_shortfall():
    # SM-10.1.3: never from the queue; deck short -> virtual fame
    g = make(3, upcoming_adventures=True)
    s = build(g, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", queue=["Legendary Treasure", "Kraken", "Volcano"], deck=["Mutiny"])
    step(g, s, pass_(g))
    rec = s[0]
    assert rec["adv_queue"][:2].tolist() == [K["Kraken"], K["Volcano"]] and rec["adv_queue_len"] == 2
    assert rec["virtual_fame"] == 2 and rec["adv_deck_len"] == 0  # F - 1 = 3: Mutiny + 2 virtual
    assert rec["terminated"] == 0  # SM-10.1.5: the queue is not empty yet


@pytest.mark.parametrize("n", [2, 4])
def test_upcoming_game_ends_when_queue_empty(n):
    # SM-10.1.5, GAP-19
    g = make(n, upcoming_adventures=True)
    s = build(g, queue=["Kraken", "Volcano"], deck_len=0)
    step(g, s, pass_(g))
    assert s[0]["terminated"] == 0 and s[0]["adv_queue_len"] == 1
    step(g, s, pass_(g))
    assert s[0]["terminated"] == 1 and s[0]["adv_queue_len"] == 0


# ----- SM-10.2 Move Cards in Hand ---------------------------------------------------------------
@pytest.mark.parametrize("n, size", [(2, 4), (3, 3), (4, 3)])
def test_hand_setup(n, size):
    # SM-10.2.1, SM-3.1: hands of 4 / 3 / 3, no move row, the rest in the deck
    g = make(n, move_cards_in_hand=True)
    for rec in g.init(np.arange(10)):
        assert rec["hand"].sum(axis=1).tolist() == [size] * n + [0] * (4 - n)
        assert not rec["move_row"].any()
        assert rec["move_deck_len"] == 24 - n * size
        total = rec["hand"].sum(axis=0) + np.bincount(rec["move_deck"][: rec["move_deck_len"]], minlength=12)
        assert np.array_equal(total, D.MOVE_COUNT)


def test_hand_play_draws_into_the_hand():
    # SM-10.2.3: play from the hand, discard, draw 1 into the hand
    g = make(3, move_cards_in_hand=True)
    s = build(
        g,
        row=ROW,
        adventure=NOOP,
        current=1,
        hands=[["M01", "M02", "M03"], ["M01", "M11", "M12"], ["M05", "M06", "M07"]],
        move_deck=["M04", "M08"],
    )
    mask = legal(g, s)
    assert {a for a in mask if a < 50} == set(range(0, 9)) | {40, 41, 43, 44, 46, 47} | {49}
    discard = s[0]["move_discard"].copy()
    step(g, s, play(g, "M01", 9))
    rec = s[0]
    assert row_names(s) == "E1 S1 D3 D1 E2 S2 D2 E3 S3"  # 9 - 6 = 3
    assert rec["hand"][1].tolist() == [0] * 7 + [1] + [0] * 2 + [1, 1]  # M08 drawn
    discard[0] += 1
    assert np.array_equal(rec["move_discard"], discard) and rec["move_deck_len"] == 1


def test_hand_accusation_is_a_two_step_decision():
    # SM-10.2.4, GAP-18: the accuser picks the discard before the accusation resolves
    g = make(3, move_cards_in_hand=True)
    s = build(
        g,
        row="E1 S1 D1* E2(4) S2 D2* E3 S3 D3*",
        owners=["E1 S1", "E2 S2", "E3 S3"],
        adventure=NOOP,
        current=0,
        hands=[["M01", "M11", "M11"], ["M02", "M03", "M04"], ["M05", "M06", "M07"]],
    )
    deck = int(s[0]["adv_deck_len"])
    step(g, s, accuse(g, 1, "E2"))
    rec = s[0]
    assert rec["phase"] == 1 and rec["current_player"] == 0 and rec["turn"] == 0
    assert rec["revealed"][ship("E2")] == 0 and rec["banked"][0] == 0  # not yet resolved
    assert rec["adv_deck_len"] == deck  # the adventure waits too
    assert legal(g, s) == {accuse_discard(g, "M01"), accuse_discard(g, "M11")}
    assert OBS.view(g.observe(s, 0)[0], "accuse_discard_phase")[0] == 1
    assert OBS.view(g.observe(s, 1)[0], "accuse_discard_phase")[0] == 0
    # SM-5.4.1: the accusation is declared publicly; every seat sees it, seat-relative
    for seat in range(3):
        pending = OBS.view(g.observe(s, seat)[0], "pending_accusation")
        assert pending.sum() == 1 and pending[(1 - seat) % 3, ship("E2")] == 1
    step(g, s, accuse_discard(g, "M11"))
    rec = s[0]
    assert rec["phase"] == 0 and rec["revealed"][ship("E2")] == 1 and rec["banked"][0] == 2
    assert rec["hand"][0].tolist() == [1] + [0] * 9 + [1, 0]  # not replaced
    assert rec["current_player"] == 1 and rec["turn"] == 1 and rec["adv_deck_len"] == deck - 1


@pytest.mark.parametrize("n, accusations", [(3, 2), (2, 3)])
def test_hand_limits_the_number_of_accusations(n, accusations):
    # SM-10.2.4: each accusation shrinks hand and hand limit by 1; none with 1 card left
    g = make(n, move_cards_in_hand=True)
    s = g.init(np.array([4]))
    me = int(s[0]["current_player"])
    made = 0
    for _ in range(10):
        if s[0]["terminated"]:
            break
        if s[0]["current_player"] == me:
            mask = legal(g, s)
            size = int(s[0]["hand"][me].sum())
            can = any(51 <= a <= 77 for a in mask)
            assert can == (size >= 2)
            if not can:
                break
            step(g, s, accuse(g, 1, next(x for x in D.SHIP_NAMES if not s[0]["revealed"][ship(x)])))
            step(g, s, min(a for a in legal(g, s)))
            made += 1
            assert s[0]["hand"][me].sum() == size - 1
        else:
            step(g, s, pass_(g))
    assert made == accusations


def test_hand_pass_discard_and_reshuffle():
    # SM-10.2.5, SM-10.2.6: pass may swap one card; an empty deck reshuffles the discard pile
    g = make(3, move_cards_in_hand=True)
    s = build(
        g, hands=[["M01", "M02", "M03"], ["M11", "M11", "M04"], ["M05", "M06", "M07"]], current=0, move_deck_len=0
    )
    assert s[0]["move_discard"].sum() == 15
    step(g, s, pass_(g, "M02"))
    rec = s[0]
    assert rec["hand"][0].sum() == 3 and rec["move_discard"].sum() == 0 and rec["move_deck_len"] == 15


def test_hand_fog_from_the_hand():
    # SM-10.2.7, SM-5.2.8
    g = make(3, move_cards_in_hand=True)
    s = build(
        g, hands=[["M12", "M02", "M03"], ["M11", "M11", "M04"], ["M05", "M06", "M07"]], current=0, adventure="Volcano"
    )
    step(g, s, play(g, "M12"))
    assert s[0]["hand"][0].sum() == 3 and s[0]["adv_queue"][0] == K["Volcano"] and not s[0]["damaged"].any()


def test_hand_accusation_needs_two_cards_even_for_other_seats():
    # SM-10.2.4: the condition is on the accuser's own hand
    g = make(3, move_cards_in_hand=True)
    s = build(g, hands=[["M01"], ["M02"], ["M05", "M06", "M07"]], current=2)
    assert any(51 <= a <= 77 for a in legal(g, s))
    s = build(g, hands=[["M01", "M02", "M03"], ["M04", "M11", "M12"], ["M05"]], current=2)
    assert not any(51 <= a <= 77 for a in legal(g, s))


# ----- SM-10.3 discarded adventures as fame -----------------------------------------------------
@pytest.mark.parametrize("in_discard, from_discard, from_deck", [(5, 2, 0), (1, 1, 1), (0, 0, 2)])
def test_fame_from_discard_first(in_discard, from_discard, from_deck):
    # SM-10.3.1: the F - 1 extra points come from the discard pile first, then the deck
    g = make(3, fame_source="discard_then_deck")
    s = build(
        g,
        row="E1 S1 D1 E2 S2 D2 E3 S3 D3",
        adventure="Treasure Map",
        discard=["Kraken"] * min(in_discard, 2) + ["Maelstrom"] * max(in_discard - 2, 0),
    )
    deck, unseen, discard = int(s[0]["adv_deck_len"]), int(s[0]["fame_drawn_unseen"]), int(s[0]["adv_discard"].sum())
    step(g, s, pass_(g))
    rec = s[0]
    assert rec["fame"].sum() == 3
    assert rec["adv_discard"].sum() == discard - from_discard
    assert rec["fame_drawn_unseen"] == unseen + from_deck
    assert rec["adv_deck_len"] == deck - from_deck - 1


def test_fame_from_discard_uses_lost_fame_cards_too():
    # SM-10.3.1 with SM-6.8: unidentified discards are discarded adventure cards as well
    g = make(3, fame_source="discard_then_deck")
    s = build(g, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", adventure="Secret Charts", discard_unknown=1)
    deck = int(s[0]["adv_deck_len"])
    step(g, s, pass_(g))
    assert s[0]["adv_discard_unknown"] + s[0]["adv_discard"].sum() == 0
    assert s[0]["adv_deck_len"] == deck - 1


def test_default_fame_source_ignores_the_discard():
    # GAP-11: "deck" is the main rule
    g = make(3)
    s = build(g, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", adventure="Treasure Map", discard=["Kraken", "Kraken"])
    deck = int(s[0]["adv_deck_len"])
    step(g, s, pass_(g))
    assert s[0]["adv_discard"].sum() == 2 and s[0]["adv_deck_len"] == deck - 3
