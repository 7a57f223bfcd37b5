"""The test scenarios TEST-01 .. TEST-15 of docs/rules/spanish_main.md, one test (or group) each.

Each test builds the scenario's position with ``positions.build`` (validated by
``from_json``), plays the actions and asserts exactly the outcomes the rules state.

Where a scenario is about the action step only, the current adventure is a Dutch
Attack while every Dutch ship is damaged: no Dutch ship attacks, so the adventure
step changes nothing (SM-6.9.17 "If no X ship is undamaged, nothing happens").
"""

import numpy as np
import pytest

from .positions import (
    accuse,
    accuse_discard,
    build,
    fame,
    legal,
    make,
    pass_,
    play,
    repair,
    row_names,
    row_str,
    ship,
    step,
)

G3 = make(3)
NOOP = "Dutch Attack"  # with every Dutch ship damaged: no effect (SM-6.9.17)


def attachments(state):
    """Fame and damage by ship: what must travel with each ship (SM-5.1.5)."""
    rec = state[0]
    return rec["fame"].tolist(), rec["damaged"].tolist()


# ----- TEST-01 ---------------------------------------------------------------------------
# SM-5.1.3, SM-5.1.4, SM-5.2.1, SM-5.2.2, SM-5.1.5
TEST01_START = "E1 S1(2) D1* E2(1) S2 D2*(3) E3 S3(4) D3*"  # row E1 S1 D1 E2 S2 D2 E3 S3 D3


@pytest.mark.parametrize(
    "card, position, expected",
    [
        ("M01", 8, "E1 S3 S1 D1 E2 S2 D2 E3 D3"),  # Full Speed Ahead on S3
        ("M01", 4, "E2 E1 S1 D1 S2 D2 E3 S3 D3"),  # clamps to position 1
        ("M02", 2, "E1 D1 E2 S2 D2 E3 S3 S1 D3"),  # Lost at Sea: min(9, 8) = 8
    ],
    ids=["FSA-pos8", "FSA-pos4-clamped", "LostAtSea-pos2"],
)
def test_01_single_ship_moves(card, position, expected):
    s = build(G3, row=TEST01_START, adventure=NOOP, move_row=[card, "M11", "M03"])
    before = attachments(s)
    step(G3, s, play(G3, card, position))
    assert row_names(s) == expected
    assert attachments(s) == before  # SM-5.1.5: fame and damage stay with their ships


# ----- TEST-02 ---------------------------------------------------------------------------
# SM-5.2.3, SM-5.2.4, SM-5.1.4 (pairs move as a block)
@pytest.mark.parametrize(
    "card, front, expected",
    [
        ("M03", 5, "E1 S2 D2 S1 D1 E2 E3 S3 D3"),  # Temporary Alliance on (S2, D2)
        ("M04", 6, "E1 S1 D1 E2 S2 S3 D3 D2 E3"),  # Caught in a Rip on (D2, E3) clamps to 8-9
    ],
    ids=["Alliance-q5", "Rip-q6-clamped"],
)
def test_02_pair_moves(card, front, expected):
    s = build(G3, row=TEST01_START, adventure=NOOP, move_row=[card, "M11", "M01"])
    before = attachments(s)
    step(G3, s, play(G3, card, front))
    assert row_names(s) == expected
    assert attachments(s) == before


# ----- TEST-03 ---------------------------------------------------------------------------
# SM-5.2.5, SM-5.2.5a, SM-5.2.6, SM-5.2.6a, GAP-5
@pytest.mark.parametrize(
    "card, start, expected",
    [
        ("English Advance", "E1 E2 S1 D1 E3 S2 D2 S3 D3", "E2 E1 E3 S1 D1 S2 D2 S3 D3"),
        ("English Advance", "E1 E2 E3 S1 S2 S3 D1 D2 D3", "E3 E2 E1 S1 S2 S3 D1 D2 D3"),
        ("Dutch Retreat", "E1 S1 E2 S2 E3 S3 D1 D2 D3", "E1 S1 E2 S2 E3 S3 D3 D2 D1"),
        ("English Advance", "E1 S1 S2 E2 D1 D2 E3 S3 D3", "E1 E2 S1 S2 E3 D1 D2 S3 D3"),  # SM-5.2.5a
        ("Spanish Retreat", "E1 S1 E2 D1 E3 D2 D3 S2 S3", "E1 E2 D1 S1 E3 D2 D3 S3 S2"),  # SM-5.2.6a
    ],
    ids=[
        "advance-front-pushed-back",
        "advance-block-reverses",
        "retreat-block-reverses",
        "advance-no-wrap",
        "retreat-pushes-back-ship",
    ],
)
def test_03_nation_moves(card, start, expected):
    # the Dutch ships are damaged so the no-op Dutch Attack leaves the row alone
    marked = " ".join(t + "*" if t.startswith("D") else t for t in start.split())
    s = build(G3, row=marked, adventure=NOOP, move_row=[card, "M11", "M01"])
    step(G3, s, play(G3, card))
    assert row_names(s) == expected


# ----- TEST-04 ---------------------------------------------------------------------------
# SM-6.3, SM-6.6, SM-6.9.5, SM-7.1
def test_04_treasure_map_and_deck_accounting():
    s = build(
        G3,
        row="E1* S1 D1* E2 S2 D2 E3 S3 D3",
        adventure="Treasure Map",
        deck_len=20,
        deck_top=["Kraken", "Volcano", "Mutiny"],
    )
    rec = s[0]
    discard_before = rec["adv_discard"].copy(), int(rec["adv_discard_unknown"])
    unseen_before = int(rec["fame_drawn_unseen"])
    step(G3, s, pass_(G3))
    rec = s[0]
    # positions 2, 4, 5 (S1, E2, S2) gain 1 each; the damaged ships at 1 and 3 get nothing
    assert row_str(s) == "E1* S1(1) D1* E2(1) S2(1) D2 E3 S3 D3"
    # F = 3: the current card and 2 deck cards become fame, then the next card is revealed
    assert rec["adv_deck_len"] == 17
    assert rec["fame_drawn_unseen"] == unseen_before + 2
    assert np.array_equal(rec["adv_discard"], discard_before[0]) and rec["adv_discard_unknown"] == discard_before[1]
    assert rec["adv_queue"][0] == 17  # the third card from the top (A18 Mutiny): two went to fame


# ----- TEST-05 ---------------------------------------------------------------------------
# SM-6.4, SM-6.9.3, SM-6.9.8, SM-6.6
def test_05_neptunes_favor_fixed_positions():
    s = build(G3, row="E1 S1 D1* E2 S2 D2 E3 S3 D3", adventure="Neptune's Favor")
    deck, unseen = int(s[0]["adv_deck_len"]), int(s[0]["fame_drawn_unseen"])
    step(G3, s, pass_(G3))
    assert row_str(s) == "E1(1) S1 D1* E2 S2(1) D2 E3 S3 D3"  # no replacement for position 3
    assert s[0]["fame_drawn_unseen"] == unseen + 1  # F = 2: one deck card
    assert s[0]["adv_deck_len"] == deck - 1 - 1  # the fame draw, then the replenish draw


def test_05_cursed_treasure():
    s = build(G3, row="E1* S1 D1 E2 S2 D2 E3 S3 D3", adventure="Cursed Treasure")
    deck, unseen = int(s[0]["adv_deck_len"]), int(s[0]["fame_drawn_unseen"])
    step(G3, s, pass_(G3))
    assert row_str(s) == "E1* S1*(2) D1*(2) E2 S2 D2 E3 S3 D3"
    assert s[0]["fame_drawn_unseen"] == unseen + 3  # F = 4: 3 deck cards
    assert s[0]["adv_deck_len"] == deck - 3 - 1


# ----- TEST-06 ---------------------------------------------------------------------------
# SM-6.5, SM-6.9.14, SM-6.9.15, SM-6.8, GAP-21
def test_06_ghost_ship():
    s = build(G3, row="E1 S1 D1 E2 S2 D2 E3(0) S3*(2) D3(1)", adventure="Ghost Ship")
    rec = s[0]
    deck, unseen, unknown = int(rec["adv_deck_len"]), int(rec["fame_drawn_unseen"]), int(rec["adv_discard_unknown"])
    step(G3, s, pass_(G3))
    rec = s[0]
    assert row_str(s) == "E1 S1 D1 E2 S2 D2 E3* S3*(1) D3*"
    assert rec["adv_deck_len"] == deck - 1  # F = 0: only the replenish draw
    assert rec["fame_drawn_unseen"] == unseen
    assert rec["adv_discard"][12] == 1  # A13 Ghost Ship discarded
    assert rec["adv_discard_unknown"] == unknown + 2  # the 2 lost fame cards, unidentified (SM-6.8)


def test_06_cursed_ship():
    s = build(G3, row="E1(0) S1*(3) D1 E2 S2 D2 E3 S3 D3", adventure="Cursed Ship")
    rec = s[0]
    deck, unseen, unknown = int(rec["adv_deck_len"]), int(rec["fame_drawn_unseen"]), int(rec["adv_discard_unknown"])
    step(G3, s, pass_(G3))
    rec = s[0]
    assert row_str(s) == "E1 S1*(2) D1 E2 S2 D2 E3 S3 D3"  # damage states unchanged
    assert rec["adv_deck_len"] == deck - 1
    assert rec["fame_drawn_unseen"] == unseen
    assert rec["adv_discard"][16] == 1  # A17 Cursed Ship discarded
    assert rec["adv_discard_unknown"] == unknown + 1


# ----- TEST-07 ---------------------------------------------------------------------------
# SM-6.9.17, GAP-14
def test_07_english_attack():
    s = build(G3, row="S1 D1 E1 S2 E2* D2 S3 E3 D3", adventure="English Attack")
    step(G3, s, pass_(G3))
    assert row_str(s) == "S1* D1* E1 S2* E2* D2* S3* E3 D3"
    assert s[0]["adv_discard"][18] == 1  # F = 0: discarded


# ----- TEST-08 ---------------------------------------------------------------------------
# SM-6.9.18, GAP-15
def test_08_dutch_loot():
    s = build(G3, row="D1(0) S1(1) D2(0) E1(2) S2*(1) D3*(0) E2(0) S3(3) E3(1)", adventure="Dutch Loot")
    rec = s[0]
    deck, unseen = int(rec["adv_deck_len"]), int(rec["fame_drawn_unseen"])
    assert rec["fame"].sum() == 8
    step(G3, s, pass_(G3))
    rec = s[0]
    assert row_str(s, zero_fame=True) == "D1(5) S1(0) D2(2) E1(0) S2*(0) D3*(0) E2(0) S3(1) E3(0)"
    assert rec["fame"].sum() == 8
    assert rec["adv_deck_len"] == deck - 1 and rec["fame_drawn_unseen"] == unseen  # no fame draw
    assert rec["adv_discard"][23] == 1  # A24 discarded


# ----- TEST-09 ---------------------------------------------------------------------------
# SM-5.4.2 - SM-5.4.7, SM-9.3, SM-9.5. A = seat 0, B = seat 1 (offset 1), C = seat 2.
T09_ROW = "E1 S1 D1* E2(5) S2 D2* E3 S3 D3*"
T09_OWNERS = ["E1 S2", "E2 S3", "E3 D1"]


def test_09_correct_accusation_reveals_and_banks_half_rounded_up():
    s = build(G3, row=T09_ROW, owners=T09_OWNERS, adventure=NOOP, current=0)
    deck = int(s[0]["adv_deck_len"])
    step(G3, s, accuse(G3, 1, "E2"))
    rec = s[0]
    assert rec["last_accuse_correct"] == 1
    assert rec["revealed"][ship("E2")] == 1 and rec["owner"][ship("E2")] == 1
    assert rec["banked"][0] == 3 and fame(s, "E2") == 2  # 5 -> 3 banked, 2 kept
    assert rec["adv_deck_len"] == deck - 1 and rec["adv_discard"][20] == 1  # the adventure resolved
    assert G3.scores(s)[0].tolist() == [3, 2, 0]  # SM-8.2: E2's 2 still score for B
    assert s[0]["current_player"] == 1
    assert not any(accuse(G3, off, "E2") in legal(G3, s) for off in (1, 2))  # masked from now on


def test_09_revealed_pirate_masked_for_everyone():
    for cur in range(3):
        s = build(G3, row=T09_ROW, owners=T09_OWNERS, revealed=["E2"], adventure=NOOP, current=cur)
        mask = legal(G3, s)
        for off in (1, 2):
            assert accuse(G3, off, "E2") not in mask
            assert all(accuse(G3, off, x) in mask for x in ("E1", "E3", "S1", "S2", "S3", "D1", "D2", "D3"))


def test_09_wrong_accusation_changes_only_the_public_record():
    s = build(G3, row=T09_ROW, owners=T09_OWNERS, revealed=["E2"], banked=[3], adventure=NOOP, current=0)
    before = s.copy()
    step(G3, s, accuse(G3, 1, "S1"))  # B does not own S1
    rec, old = s[0], before[0]
    assert rec["last_accuse_correct"] == 0
    assert rec["known_not_owner"][1, ship("S1")] == 1
    assert rec["known_not_owner"].sum() == 1
    for field in ("row", "damaged", "fame", "owner", "revealed", "banked", "known_unowned"):
        assert np.array_equal(rec[field], old[field]), field


@pytest.mark.parametrize("f, taken", [(1, 1), (0, 0)])
def test_09_correct_accusation_small_piles(f, taken):
    s = build(G3, row=T09_ROW.replace("E2(5)", f"E2({f})"), owners=T09_OWNERS, adventure=NOOP, current=0)
    step(G3, s, accuse(G3, 1, "E2"))
    assert s[0]["revealed"][ship("E2")] == 1
    assert s[0]["banked"][0] == taken and fame(s, "E2") == f - taken


def test_09_known_wrong_accusations_are_not_masked():
    s = build(G3, row=T09_ROW, owners=T09_OWNERS, adventure=NOOP, current=0)
    mask = legal(G3, s)
    for x in ("D2", "D3", "S1"):  # unowned pirates
        assert accuse(G3, 1, x) in mask and accuse(G3, 2, x) in mask
    assert accuse(G3, 1, "E1") in mask  # the accuser's own pirate (a bluff)


# ----- TEST-10 ---------------------------------------------------------------------------
# SM-5.2.8, SM-7.1, SM-10.1.4, GAP-8
def test_10_fog():
    s = build(
        G3,
        row="E1 S1 D1 E2 S2 D2 E3 S3 D3",
        adventure="Volcano",
        current=0,
        move_row=["M12", "M11", "M01"],
        move_deck=["M02", "M03"],
    )
    rec = s[0]
    deck, seen = int(rec["adv_deck_len"]), rec["adv_seen"].copy()
    step(G3, s, play(G3, "M12"))
    rec = s[0]
    assert rec["move_discard"][11] == 1  # Fog discarded
    assert rec["move_row"].tolist() == [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]  # refilled with M03 (the top)
    assert rec["current_player"] == 1 and rec["turn"] == 1  # the turn ended
    assert rec["adv_queue"][0] == 13 and rec["adv_queue_len"] == 1  # Volcano still current
    assert rec["adv_deck_len"] == deck and np.array_equal(rec["adv_seen"], seen)
    assert not rec["damaged"].any()  # Volcano has not resolved
    step(G3, s, pass_(G3))  # the next player's action, then Volcano resolves
    assert row_str(s) == "E1* S1 D1 E2 S2 D2 E3 S3 D3"
    assert s[0]["adv_discard"][13] == 1 and s[0]["adv_deck_len"] == deck - 1


def test_10_fog_leaves_the_upcoming_queue_unchanged():
    g = make(3, upcoming_adventures=True)
    s = build(g, queue=["Volcano", "Kraken", "Mutiny"], move_row=["M12", "M11", "M01"])
    before = s[0]["adv_queue"].copy(), int(s[0]["adv_queue_len"]), int(s[0]["adv_deck_len"])
    step(g, s, play(g, "M12"))
    assert np.array_equal(s[0]["adv_queue"], before[0])
    assert s[0]["adv_queue_len"] == before[1] and s[0]["adv_deck_len"] == before[2]


# ----- TEST-11 ---------------------------------------------------------------------------
# SM-6.9.16, GAP-16, SM-6.8, SM-9.6. B = seat 1, C = seat 2.
def test_11_mutiny_reveals_frontmost_unrevealed_owner():
    s = build(
        G3,
        row="S2 D1*(5) E1(2) E2 S1 D2 E3 S3 D3",
        owners=["E2 S1", "D1 E3", "S2 E1"],
        revealed=["S2"],
        adventure="Mutiny",
    )
    banked, unknown = s[0]["banked"].copy(), int(s[0]["adv_discard_unknown"])
    step(G3, s, pass_(G3))
    rec = s[0]
    assert rec["revealed"][ship("D1")] == 1 and rec["owner"][ship("D1")] == 1
    assert fame(s, "D1") == 2  # lost ceil(5/2) = 3
    assert np.array_equal(rec["banked"], banked)  # nobody banks it
    assert rec["adv_discard_unknown"] == unknown + 3  # lost fame to the discard (SM-6.8)
    assert rec["revealed"][ship("E1")] == 0 and fame(s, "E1") == 2  # only one ship is hit


def test_11_mutiny_on_an_unowned_ship_does_nothing_else():
    s = build(
        G3,
        row="S2 D1*(5) E1(2) E2 S1 D2 E3 S3 D3",
        owners=["E2 S1", "D2 E3", "S2 E1"],
        revealed=["S2"],
        adventure="Mutiny",
    )
    before = s.copy()
    step(G3, s, pass_(G3))
    rec = s[0]
    assert rec["known_unowned"].tolist() == [int(x == ship("D1")) for x in range(9)]  # "D1 unowned"
    assert rec["revealed"].tolist() == before[0]["revealed"].tolist()  # E1 at 3 is not revealed
    assert np.array_equal(rec["fame"], before[0]["fame"])


# ----- TEST-12 ---------------------------------------------------------------------------
# SM-6.6, SM-7.2, SM-8.2 - SM-8.5, GAP-11, GAP-13. A = seat 0, B = seat 1, C = seat 2.
T12_OWNERS = ["D1 D2", "S2 E3", "E1 E2"]  # S1 (position 2), S3 and D3 are unowned


def _test12(a_second_ship_damaged):
    d2 = "D2*(3)" if a_second_ship_damaged else "D2(3)"
    s = build(
        G3,
        row=f"E1(2) S1(4) D1(3) E2(4) S2(6) {d2} E3(3) S3 D3",
        owners=T12_OWNERS,
        banked=[2, 0, 0],
        adventure="Treasure Map",
        deck_len=0,
    )
    assert s[0]["virtual_fame"] == 0
    unseen = int(s[0]["fame_drawn_unseen"])
    step(G3, s, pass_(G3))
    assert s[0]["fame_drawn_unseen"] == unseen  # no card could be drawn
    return s


def test_12_end_of_game_virtual_fame_and_tie_break_1():
    s = _test12(True)
    rec = s[0]
    assert (fame(s, "E1"), fame(s, "S1"), fame(s, "D1")) == (3, 5, 4)  # the first 3 ships +1 each
    assert rec["virtual_fame"] == 2  # the current card + 2 virtual points
    assert rec["terminated"] == 1 and rec["current_player"] == -1  # SM-7.1 cannot draw: game over
    assert G3.scores(s)[0].tolist() == [9, 9, 7]  # S1's 5 counts for no one
    assert G3.ranks(s)[0].tolist() == [1, 0, 2]  # B has 2 undamaged ships, A 1 (SM-8.4)


def test_12_tie_break_2_frontmost_ship():
    s = _test12(False)
    assert G3.scores(s)[0].tolist() == [9, 9, 7]
    assert G3.ranks(s)[0].tolist() == [0, 1, 2]  # both 2 undamaged; A's front ship at 3, B's at 5 (SM-8.5)


# ----- TEST-13 ---------------------------------------------------------------------------
# SM-5.2.7, SM-5.3, GAP-7, GAP-9
def test_13_sabotage_masked_when_all_damaged_and_repair_all():
    s = build(G3, row="E1* S1* D1* E2* S2* D2* E3* S3* D3*", adventure="Ancient Relics", move_row=["M11", "M11", "M01"])
    mask = legal(G3, s)
    assert not any(play(G3, "M11", p) in mask for p in range(1, 10))
    assert pass_(G3, "M11") in mask and repair(G3) in mask
    step(G3, s, repair(G3))
    assert not s[0]["damaged"].any()


def test_13_single_undamaged_target():
    s = build(G3, row="E1* S1* D1* E2 S2* D2* E3* S3* D3*", move_row=["M11", "M01", "M02"])
    mask = legal(G3, s)
    assert [p for p in range(1, 10) if play(G3, "M11", p) in mask] == [4]


def test_13_repair_legal_with_nothing_damaged():
    s = build(G3, row="E1 S1 D1 E2 S2 D2 E3 S3 D3")
    assert repair(G3) in legal(G3, s)


# ----- TEST-14 ---------------------------------------------------------------------------
# SM-10.2.1 - SM-10.2.5, GAP-18
@pytest.mark.parametrize("n, size", [(3, 3), (2, 4)])
def test_14_starting_hands(n, size):
    g = make(n, move_cards_in_hand=True)
    for seed in range(5):
        s = g.init(np.array([seed]))
        assert s[0]["hand"][:n].sum(axis=1).tolist() == [size] * n


def test_14_accuse_with_two_cards_then_one_card_left():
    g = make(3, move_cards_in_hand=True)
    s = build(
        g,
        row="E1 S1 D1* E2 S2 D2* E3 S3 D3*",
        owners=T09_OWNERS,
        adventure=NOOP,
        current=0,
        hands=[["M01", "M11"], ["M02", "M03", "M04"], ["M05", "M06", "M07"]],
    )
    assert accuse(g, 1, "S1") in legal(g, s)
    step(g, s, accuse(g, 1, "S1"))
    # the accuser must now choose the card to discard: only their hand's kinds are legal
    assert s[0]["current_player"] == 0
    assert legal(g, s) == {accuse_discard(g, "M01"), accuse_discard(g, "M11")}
    step(g, s, accuse_discard(g, "M11"))
    rec = s[0]
    assert rec["hand"][0].tolist() == [1] + [0] * 11  # the chosen card went, none replaced
    assert rec["move_discard"][10] == 1
    assert rec["current_player"] == 1
    # back to seat 0 (two no-op turns), who now holds 1 card: every ACCUSE is masked
    step(g, s, pass_(g))
    step(g, s, pass_(g))
    mask = legal(g, s)
    assert not any(a in mask for a in range(51, 78))
    # playing the last card draws one: the hand size stays 1
    step(g, s, play(g, "M01", 5))
    assert s[0]["hand"][0].sum() == 1


def test_14_pass_with_discard_keeps_hand_size():
    g = make(3, move_cards_in_hand=True)
    s = build(g, hands=[["M01", "M11", "M02"], ["M02", "M03", "M04"], ["M05", "M06", "M07"]], current=0)
    assert s[0]["move_discard"].sum() == 0
    step(g, s, pass_(g, "M11"))
    assert s[0]["hand"][0].sum() == 3 and s[0]["move_discard"].tolist() == [0] * 10 + [1, 0]


def test_14_others_see_hand_sizes_not_contents():
    from games.spanish_main.spaces import OBS

    g = make(3, move_cards_in_hand=True)
    a = build(g, hands=[["M01", "M11", "M02"], ["M02", "M03", "M04"], ["M05", "M06"]], current=0)
    b = build(g, hands=[["M01", "M11", "M02"], ["M08", "M09", "M10"], ["M12", "M11"]], current=0)
    oa, ob = g.observe(a, 0)[0], g.observe(b, 0)[0]
    assert OBS.view(oa, "hand_sizes").tolist() == [3, 3, 2, 0]
    assert np.array_equal(oa, ob)  # the other hands' contents are invisible to seat 0
    assert not np.array_equal(g.observe(a, 1), g.observe(b, 1))  # but seat 1 sees its own


# ----- TEST-15 ---------------------------------------------------------------------------
# SM-10.1.1 - SM-10.1.5, GAP-19
def test_15_queue_at_setup():
    g = make(3, upcoming_adventures=True)
    s = g.init(np.array([7]))
    rec = s[0]
    assert rec["adv_queue_len"] == 3 and rec["adv_deck_len"] == 55
    assert rec["adv_seen"].sum() == 3


def test_15_queue_advances_and_fame_comes_from_the_deck():
    g = make(3, upcoming_adventures=True)
    # a = Treasure Map awarding F = 3 (first 3 ships undamaged)
    s = build(g, queue=["Treasure Map", "Kraken", "Volcano"], deck_top=["A01", "A03", "Mutiny"])
    deck, unseen = int(s[0]["adv_deck_len"]), int(s[0]["fame_drawn_unseen"])
    step(g, s, pass_(g))
    rec = s[0]
    # 2 fame cards came off the deck (A01, A03), not from the queue; d = Mutiny
    assert rec["adv_queue"][:3].tolist() == [14, 13, 17] and rec["adv_queue_len"] == 3
    assert rec["adv_deck_len"] == deck - 3 and rec["fame_drawn_unseen"] == unseen + 2


def test_15_queue_shrinks_and_the_game_ends_when_empty():
    g = make(3, upcoming_adventures=True)
    s = build(g, queue=["Kraken", "Cursed Water", "Volcano"], deck=["Maelstrom"])
    step(g, s, pass_(g))
    assert s[0]["adv_queue"][:3].tolist() == [15, 13, 11] and s[0]["adv_deck_len"] == 0  # [b, c, d]
    lengths = []
    for _ in range(3):
        assert not s[0]["terminated"]
        step(g, s, pass_(g))
        lengths.append(int(s[0]["adv_queue_len"]))
    assert lengths == [2, 1, 0]
    assert s[0]["terminated"] == 1 and s[0]["current_player"] == -1
