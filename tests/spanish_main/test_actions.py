"""Repair (SM-5.3), Accuse (SM-5.4, SM-9.3, SM-9.5) and Pass (SM-5.5)."""

import numpy as np
import pytest

from .positions import accuse, build, fame, legal, make, pass_, play, repair, ship, step

G = make(3)
NOOP = "Dutch Attack"  # with every Dutch ship damaged: no effect (SM-6.9.17)
ROW = "E1(3) S1 D1* E2(4) S2(1) D2* E3 S3(7) D3*"
OWNERS = ["E1 S2", "E2 S3", "E3 D1"]  # S1, D2, D3 unowned


# ----- Repair -------------------------------------------------------------------------------
def test_repair_fixes_every_ship():
    # SM-5.3.1: all damaged ships become undamaged; fame untouched
    s = build(G, row="E1* S1*(2) D1 E2* S2 D2* E3 S3* D3*", adventure="Treasure Map", deck_top=["Kraken"])
    step(G, s, repair(G))
    assert not s[0]["damaged"].any()
    # SM-5.3.2: the adventure step follows (on the repaired row: the first 3 ships gain)
    assert (fame(s, "E1"), fame(s, "S1"), fame(s, "D1")) == (1, 3, 1)


def test_repair_legal_with_nothing_damaged_draws_no_move_card():
    # SM-5.3.2, GAP-9; SM-7.3 "Repair and Accuse draw none"
    s = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", adventure="Kraken")
    moves = s[0]["move_row"].copy(), int(s[0]["move_deck_len"]), s[0]["move_discard"].copy()
    assert repair(G) in legal(G, s)
    step(G, s, repair(G))
    assert np.array_equal(s[0]["move_row"], moves[0]) and s[0]["move_deck_len"] == moves[1]
    assert np.array_equal(s[0]["move_discard"], moves[2])


# ----- Accuse -------------------------------------------------------------------------------
@pytest.mark.parametrize("f, banked, kept", [(5, 3, 2), (4, 2, 2), (7, 4, 3), (1, 1, 0), (0, 0, 0)])
def test_correct_accusation_banks_half_rounded_up(f, banked, kept):
    # SM-5.4.4, SM-0.7: ceil(f/2) to the accuser's bank, floor(f/2) stays on the ship
    s = build(G, row=ROW.replace("E2(4)", f"E2({f})"), owners=OWNERS, adventure=NOOP, current=2)
    step(G, s, accuse(G, 2, "E2"))  # seat 2 accuses seat 1 (two seats clockwise)
    rec = s[0]
    assert rec["revealed"][ship("E2")] == 1 and rec["last_accuse_correct"] == 1
    assert rec["banked"].tolist() == [0, 0, banked, 0] and fame(s, "E2") == kept


def test_accusation_target_is_by_seat_offset():
    # Decision points: ACCUSE offset 1..N-1 clockwise from the accuser
    s = build(G, row=ROW, owners=OWNERS, adventure=NOOP, current=1)
    step(G, s, accuse(G, 2, "E1"))  # seat 1 + 2 = seat 0, who owns E1
    assert s[0]["revealed"][ship("E1")] == 1 and s[0]["banked"][1] == 2
    s = build(G, row=ROW, owners=OWNERS, adventure=NOOP, current=1)
    step(G, s, accuse(G, 1, "E1"))  # seat 2 does not own E1
    assert s[0]["revealed"][ship("E1")] == 0 and s[0]["known_not_owner"][2, ship("E1")] == 1


def test_wrong_accusation_is_public_and_changes_nothing_else():
    # SM-5.4.5, SM-9.6: "t does not own x" becomes public; nothing else happens
    s = build(G, row=ROW, owners=OWNERS, adventure=NOOP, current=0)
    before = s.copy()
    step(G, s, accuse(G, 1, "E1"))  # seat 0 names its own pirate against seat 1: a bluff
    rec = s[0]
    assert rec["last_accuse_correct"] == 0
    assert np.flatnonzero(rec["known_not_owner"].ravel()).tolist() == [1 * 9 + ship("E1")]
    for field in ("fame", "banked", "revealed", "owner", "row", "damaged"):
        assert np.array_equal(rec[field], before[0][field]), field
    from games.spanish_main.spaces import OBS

    for viewer in range(3):  # everyone sees it, relative to their own seat
        nko = OBS.view(G.observe(s, viewer)[0], "known_not_owner")
        assert nko[(1 - viewer) % 3, ship("E1")] == 1 and nko.sum() == 1


def test_accusation_legality_uses_public_information_only():
    # SM-5.4.2, GAP-10, SM-9.5: own pirates, unowned pirates, repeated wrong accusations and
    # fully revealed targets are all legal; only revealed pirates are masked
    # earlier wrong accusations showed seat 1 owns none of its unrevealed-pirate ships
    not_seat1 = [0 if x in ("E2", "S3") else 1 for x in ("E1", "E2", "E3", "S1", "S2", "S3", "D1", "D2", "D3")]
    s = build(
        G,
        row=ROW,
        owners=OWNERS,
        adventure=NOOP,
        current=0,
        turn=9,
        revealed=["E2", "S3"],
        fields={"known_not_owner": [[0] * 9, not_seat1, [0] * 9, [0] * 9]},
    )
    mask = legal(G, s)
    acc = {a for a in mask if 51 <= a <= 77}
    unrevealed = [x for x in ("E1", "E3", "S1", "S2", "D1", "D2", "D3")]
    assert acc == {accuse(G, off, x) for off in (1, 2) for x in unrevealed}
    # seat 1's pirates (E2, S3) are all revealed, yet seat 1 can still be accused
    assert accuse(G, 1, "D2") in mask


def test_accusation_mask_does_not_depend_on_hidden_ownership():
    # SM-9.5: same public information and same own cards -> same mask
    a = build(G, row=ROW, owners=["E1 S2", "E2 S3", "E3 D1"], adventure=NOOP, current=0)
    b = build(G, row=ROW, owners=["E1 S2", "D2 D3", "S1 E3"], adventure=NOOP, current=0)
    assert np.array_equal(G.legal_action_mask(a), G.legal_action_mask(b))


def test_revealed_pirate_can_never_be_named_again_but_adventures_still_hit_it():
    # SM-5.4.7: a revealed ship's fame is safe from accusation; Ghost Ship still applies
    s = build(G, row="E1 S1 D1* E2 S2 D2* E3 S3(4) D3*", owners=OWNERS, adventure="Ghost Ship", current=0)
    step(G, s, accuse(G, 1, "S3"))
    assert s[0]["revealed"][ship("S3")] == 1 and s[0]["banked"][0] == 2
    assert fame(s, "S3") == 1  # kept 2, then Ghost Ship took 1
    for cur in range(3):
        s2 = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", owners=OWNERS, revealed=["S3"], current=cur)
        assert not any(accuse(G, off, "S3") in legal(G, s2) for off in (1, 2))


def test_banked_fame_is_permanent():
    # SM-5.4.4: no effect removes banked fame (Cursed Ship, Loot, Mutiny touch ships only)
    for card in ("Cursed Ship", "English Loot", "Mutiny", "Ghost Ship"):
        s = build(
            G, row="E1(2) S1(2) D1(2) E2 S2 D2 E3(1) S3(1) D3(1)", owners=OWNERS, banked=[5, 1, 0], adventure=card
        )
        step(G, s, pass_(G))
        assert s[0]["banked"].tolist() == [5, 1, 0, 0], card


def test_accused_player_makes_no_decision():
    # SM-4.3, SM-9.3: the accusation resolves within the accuser's turn; the accused never acts
    s = build(G, row=ROW, owners=OWNERS, adventure=NOOP, current=0)
    step(G, s, accuse(G, 1, "E2"))
    assert s[0]["current_player"] == 1 and s[0]["turn"] == 1 and s[0]["phase"] == 0


# ----- Pass ---------------------------------------------------------------------------------
def test_pass_without_discard_keeps_the_row():
    # SM-5.5.1
    s = build(G, move_row=["M01", "M02", "M11"], adventure="Kraken")
    before = s[0]["move_row"].copy(), int(s[0]["move_deck_len"])
    step(G, s, pass_(G))
    assert np.array_equal(s[0]["move_row"], before[0]) and s[0]["move_deck_len"] == before[1]
    assert s[0]["adv_discard"][14] == 1  # SM-5.5.2: the adventure step follows


def test_pass_discarding_a_row_card_refills_from_the_deck():
    # SM-5.5.1: discard one face-up card, refill the slot from the top of the move deck
    s = build(G, move_row=["M01", "M02", "M11"], move_deck=["M03", "M12"], adventure="Kraken")
    discard = s[0]["move_discard"].copy()
    step(G, s, pass_(G, "M02"))
    assert s[0]["move_row"].tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]
    discard[1] += 1
    assert np.array_equal(s[0]["move_discard"], discard)
    assert s[0]["move_deck_len"] == 1


def test_pass_choices_are_at_most_four():
    # SM-5.5.1: "no discard" or the kind of one row card; duplicates give one choice
    s = build(G, move_row=["M11", "M11", "M03"])
    assert {a for a in legal(G, s) if a >= 78} == {pass_(G), pass_(G, "M11"), pass_(G, "M03")}


def test_played_and_passed_cards_not_in_row_are_illegal():
    # SM-5.1.1, SM-5.5.1: a kind not in the row can be neither played nor discarded
    s = build(G, move_row=["M11", "M11", "M03"])
    mask = legal(G, s)
    assert play(G, "M01", 3) not in mask and pass_(G, "M01") not in mask and play(G, "M12") not in mask
