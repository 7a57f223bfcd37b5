"""Move cards (SM-5.1, SM-5.2), the move deck (SM-5.1.6, GAP-24) and GAP-6.

The reference functions below are written straight from the formulas of docs/rules/spanish_main.md
(targets in SM-5.2.1 - SM-5.2.6, insertion in SM-5.1.4), independently of the
engine's kernels, and compared with the engine on many rows.
"""

import numpy as np
import pytest

from .positions import SHIPS, build, legal, make, pass_, play, row_names, step

G = make(3)
NATION = {s: s[0] for s in SHIPS}  # "E", "S" or "D"
# Dutch Attack with every Dutch ship damaged does nothing (SM-6.9.17), so the
# adventure step leaves the row as the move card left it.
NOOP = "Dutch Attack"


def insert(row, p, t, length=1):
    """SM-5.1.4: remove the block at 1-based p, re-insert it so its front is at t."""
    row = list(row)
    block = row[p - 1 : p - 1 + length]
    del row[p - 1 : p - 1 + length]
    row[t - 1 : t - 1] = block
    return row


def ref_single(row, p, dist):  # SM-5.2.1 / SM-5.2.2, SM-5.1.3
    return insert(row, p, min(9, max(1, p + dist)))


def ref_pair(row, q, dist):  # SM-5.2.3 / SM-5.2.4
    return insert(row, q, min(8, max(1, q + dist)), 2)


def ref_nation(row, nation, dist):  # SM-5.2.5 / SM-5.2.6: one at a time, front (back) first
    order = [s for s in row if NATION[s] == nation]
    if dist > 0:
        order = order[::-1]
    for s in order:
        p = row.index(s) + 1
        row = insert(row, p, min(9, max(1, p + dist)))
    return row


def random_rows(k, seed=0):
    rng = np.random.default_rng(seed)
    return [[SHIPS[i] for i in rng.permutation(9)] for _ in range(k)]


def with_dutch_damaged(names):
    return " ".join(s + "*" if s[0] == "D" else s for s in names)


def after(card, names, param=None):
    s = build(
        G,
        row=with_dutch_damaged(names),
        adventure=NOOP,
        move_row=[card, "M11", "M12"] if card not in ("M11", "M12") else [card, "M01", "M02"],
    )
    step(G, s, play(G, card, param))
    return row_names(s).split()


@pytest.mark.parametrize("card, dist", [("M01", -6), ("M02", +6)])
def test_single_ship_moves_every_position(card, dist):
    # SM-5.2.1, SM-5.2.2, SM-5.1.3 (clamping), SM-5.1.4 (insertion)
    for names in random_rows(4, seed=1):
        for p in range(1, 10):
            assert after(card, names, p) == ref_single(names, p, dist), (card, names, p)


@pytest.mark.parametrize("card, dist", [("M03", -3), ("M04", +3)])
def test_pair_moves_every_front(card, dist):
    # SM-5.2.3, SM-5.2.4: the pair moves as a block keeping its order, front clamped to 1..8
    for names in random_rows(4, seed=2):
        for q in range(1, 9):
            assert after(card, names, q) == ref_pair(names, q, dist), (card, names, q)


@pytest.mark.parametrize(
    "card, nation, dist",
    [("M05", "E", -2), ("M06", "S", -2), ("M07", "D", -2), ("M08", "E", +2), ("M09", "S", +2), ("M10", "D", +2)],
)
def test_nation_moves_order_and_clamping(card, nation, dist):
    # SM-5.2.5, SM-5.2.6 (frontmost first for Advance, backmost first for Retreat),
    # SM-5.2.5a / SM-5.2.6a (no wrap-around), GAP-5
    for names in random_rows(25, seed=3):
        assert after(card, names) == ref_nation(names, nation, dist), (card, names)


def test_nation_move_parameterless_and_only_that_nation_moves_forward():
    # SM-5.2.5: ships of other nations only shift by being passed; their order is kept
    names = "S1 E1 D1 S2 E2 D2 S3 E3 D3".split()
    out = after("M05", names)
    assert [s for s in out if s[0] != "E"] == [s for s in names if s[0] != "E"]
    assert out == "E1 S1 E2 D1 S2 E3 D2 S3 D3".split()


def test_moves_ignore_owner_and_damage():
    # SM-5.1.2: any ship may be chosen regardless of owner and damage state
    s = build(G, row="E1* S1* D1* E2* S2* D2* E3* S3* D3*", move_row=["M01", "M03", "M11"])
    mask = legal(G, s)
    assert all(play(G, "M01", p) in mask for p in range(1, 10))
    assert all(play(G, "M03", q) in mask for q in range(1, 9))


@pytest.mark.parametrize("card, param", [("M01", 1), ("M02", 9), ("M03", 1), ("M04", 8)])
def test_zero_displacement_move_is_legal_and_uses_the_card(card, param):
    # SM-5.1.3, GAP-6: a move that clamps to no movement is legal; the card is discarded
    names = "E1 S1 D1 E2 S2 D2 E3 S3 D3".split()
    s = build(G, row=with_dutch_damaged(names), adventure=NOOP, move_row=[card, "M11", "M12"], move_deck=["M05", "M06"])
    assert play(G, card, param) in legal(G, s)
    k = int(card[1:]) - 1
    discard = s[0]["move_discard"].copy()
    step(G, s, play(G, card, param))
    assert row_names(s).split() == names
    discard[k] += 1
    assert np.array_equal(s[0]["move_discard"], discard) and s[0]["move_row"][k] == 0
    assert s[0]["move_row"][5] == 1  # refilled from the top of the deck (M06)


@pytest.mark.parametrize("card, param", [("M01", 1), ("M02", 9), ("M03", 1), ("M04", 8)])
def test_mask_noop_moves_option(card, param):
    # GAP-6: the optional engine setting hides moves that clamp to no movement (off by default)
    g = make(3, mask_noop_moves=True)
    s = build(g, move_row=[card, "M11", "M12"])
    mask = legal(g, s)
    assert play(g, card, param) not in mask
    near = param + 1 if param in (1,) else param - 1
    assert play(g, card, near) in mask
    assert play(G, card, param) in legal(G, build(G, move_row=[card, "M11", "M12"]))


def test_sabotage_damages_one_undamaged_ship():
    # SM-5.2.7: the chosen undamaged ship turns damaged, nothing else changes
    s = build(G, row="E1 S1(2) D1* E2 S2 D2* E3 S3 D3*", adventure=NOOP, move_row=["M11", "M01", "M02"])
    mask = legal(G, s)
    assert {p for p in range(1, 10) if play(G, "M11", p) in mask} == {1, 2, 4, 5, 7, 8}
    step(G, s, play(G, "M11", 2))
    assert row_names(s) == "E1 S1 D1 E2 S2 D2 E3 S3 D3"
    assert s[0]["damaged"].tolist() == [0, 0, 0, 1, 0, 0, 1, 1, 1]
    assert s[0]["fame"][3] == 2


def test_sabotage_with_every_ship_damaged_cannot_be_played():
    # GAP-7: no target -> no Sabotage PLAY action, but PASS may discard it
    s = build(G, row="E1* S1* D1* E2* S2* D2* E3* S3* D3*", move_row=["M11", "M11", "M11"])
    mask = legal(G, s)
    assert not any(40 <= a <= 48 for a in mask)
    assert pass_(G, "M11") in mask


def test_only_row_cards_are_playable():
    # SM-5.1.1: a card must be in the move row; each kind in the row, every parameter
    s = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", move_row=["M02", "M07", "M12"])
    plays = {a for a in legal(G, s) if a < 50}
    assert plays == set(range(9, 18)) | {36, 49}
    passes = {a for a in legal(G, s) if a >= 78}
    assert passes == {78, 79 + 1, 79 + 6, 79 + 11}  # SM-5.5.1: no discard, or one row kind


def test_play_discards_then_draws_the_top_card():
    # SM-5.1.6: played card face up on the discard; the top of the deck fills the slot
    s = build(
        G,
        adventure=NOOP,
        row="E1 S1 D1* E2 S2 D2* E3 S3 D3*",
        move_row=["M01", "M01", "M11"],
        move_deck=["M03", "M04", "M12"],
    )
    step(G, s, play(G, "M01", 5))
    rec = s[0]
    assert rec["move_row"].tolist() == [1] + [0] * 9 + [1, 1]  # one M01 left, Fog drawn
    assert rec["move_discard"][0] == 1
    assert rec["move_deck_len"] == 2 and rec["move_deck"][:2].tolist() == [2, 3]


def test_reshuffle_includes_the_card_just_discarded():
    # SM-5.1.6, GAP-24: an empty deck is rebuilt from the whole discard pile, the played card included
    s = build(G, adventure=NOOP, row="E1 S1 D1* E2 S2 D2* E3 S3 D3*", move_row=["M01", "M11", "M12"], move_deck_len=0)
    assert s[0]["move_discard"].sum() == 21
    step(G, s, play(G, "M01", 5))
    rec = s[0]
    assert rec["move_discard"].sum() == 0  # the whole pile was shuffled in
    assert rec["move_deck_len"] == 21  # 21 + the card just played = 22, minus the draw
    assert rec["move_row"].sum() == 3  # SM-5.1.7
    total = np.bincount(rec["move_deck"][:21], minlength=12) + rec["move_row"]
    assert total.tolist() == [2, 3, 4, 3, 1, 1, 1, 1, 1, 1, 5, 1]


def test_reshuffle_on_pass_discard_and_shuffle_is_random():
    # SM-5.5.1 (refill per SM-5.1.6); Random: the reshuffle order depends on the game's stream
    orders = set()
    for seed in range(6):
        s = build(
            G,
            seed=seed,
            adventure=NOOP,
            row="E1 S1 D1* E2 S2 D2* E3 S3 D3*",
            move_row=["M01", "M11", "M12"],
            move_deck_len=0,
        )
        step(G, s, pass_(G, "M12"))
        assert s[0]["move_deck_len"] == 21 and s[0]["move_discard"].sum() == 0
        orders.add(tuple(s[0]["move_deck"][:21]))
    assert len(orders) > 1


def test_no_reshuffle_while_the_deck_has_a_card():
    # SM-5.1.6: reshuffle only when a draw finds the deck empty
    s = build(G, adventure=NOOP, row="E1 S1 D1* E2 S2 D2* E3 S3 D3*", move_row=["M01", "M11", "M12"], move_deck_len=1)
    top = int(s[0]["move_deck"][0])
    step(G, s, play(G, "M01", 5))
    assert s[0]["move_deck_len"] == 0 and s[0]["move_discard"].sum() == 21
    assert s[0]["move_row"][top] >= 1


def test_move_row_always_three_cards():
    # SM-5.1.7 and card conservation over a whole random game
    s = G.init(np.array([11]))
    rng = np.random.default_rng(1)
    while not s[0]["terminated"]:
        rec = s[0]
        assert rec["move_row"].sum() == 3
        total = np.bincount(rec["move_deck"][: rec["move_deck_len"]], minlength=12)
        total += rec["move_row"] + rec["move_discard"]
        assert total.tolist() == [2, 3, 4, 3, 1, 1, 1, 1, 1, 1, 5, 1]
        step(G, s, int(rng.choice(sorted(legal(G, s)))))


def test_fog_skips_adventure_and_replenish():
    # SM-5.2.8, GAP-8: no adventure leaves or enters play; the next player resolves it
    s = build(G, adventure="Storm Ahead", current=2, move_row=["M12", "M01", "M02"])
    before = s.copy()
    step(G, s, play(G, "M12"))
    rec, old = s[0], before[0]
    for field in (
        "adv_deck",
        "adv_deck_len",
        "adv_queue",
        "adv_queue_len",
        "adv_discard",
        "adv_seen",
        "fame_drawn_unseen",
        "damaged",
        "fame",
        "row",
    ):
        assert np.array_equal(rec[field], old[field]), field
    assert rec["current_player"] == 0 and rec["turn"] == old["turn"] + 1
    assert rec["last_adventure"] == -1
