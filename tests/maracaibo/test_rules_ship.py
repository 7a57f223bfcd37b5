"""Ship board (MA-17): disc removal with unlock conditions (T8), the upgrades' effects
when the second disc goes (U2 hand limit, U3 VP and free display cards, U4, U5, U6,
U11's three options, U12), GAP-24; Phase C drawing (MA-20): deck or display (1 D, free
with U3), hand limit 4/6, reshuffle of the discard pile, exhausted deck (GAP-20),
display refill without shifting (GAP-26)."""

import numpy as np
import pytest

from games.maracaibo.data import ship
from games.maracaibo.spaces import MAIN_VILLAGE
from games.maracaibo.state import NC, W_BOX, W_DECK, W_DISCARD, W_DISPLAY, W_HAND

from .positions import (
    ES,
    act,
    arrive,
    card,
    cur,
    decision,
    edit,
    exp,
    hand,
    legal,
    start,
    val,
)

U = ship  # U1..U12 indices


def removal(discs, n=3, seed=1, **per_seat):
    """The current player buys A020 (XDS: remove 1 disc; ID(1)) with the single village
    action at 10: the REMOVE_DISC decision with the given discs per position."""
    g, s, p = start(n, seed)
    s = hand(g, s, p, ["A020"])
    per_seat = {k: {p: v} for k, v in per_seat.items()}
    s = arrive(g, s, "10", mp=1, coins={p: 5}, discs={p: list(discs)}, **per_seat)
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    return g, s, p


def completed(*positions):
    d = [2] * 12
    for u in positions:
        d[u] = 0
    return d


# ----- unlock conditions (MA-17.3, T8) ------------------------------------------------
def test_fresh_board_legal_positions():
    """MA-17.3: U6 needs U5, U9 needs U8, U10/U11 need 4 others, U12 needs 6 others."""
    g, s, p = removal(completed())
    assert legal(g, s, "remove_disc") == [U.U1, U.U2, U.U3, U.U4, U.U5, U.U7, U.U8]


def test_t8_upgrade_locks():
    """T8: with U1-U5 completed U12 is illegal, U10/U11 legal, U6 legal (U5 done), U9 not
    (U8 not done); after U8 (6 upgrades) U12 and U9 become legal."""
    g, s, p = removal(completed(U.U1, U.U2, U.U3, U.U4, U.U5))
    got = legal(g, s, "remove_disc")
    assert U.U12 not in got and U.U10 in got and U.U11 in got and U.U6 in got and U.U9 not in got
    g, s, p = removal(completed(U.U1, U.U2, U.U3, U.U4, U.U5, U.U8))
    got = legal(g, s, "remove_disc")
    assert U.U12 in got and U.U9 in got


def test_others_count_only_completed_positions():
    """MA-17.3 / MA-17.4: a position with one disc left is not an upgrade."""
    d = completed(U.U1, U.U2, U.U3)
    d[U.U4] = 1
    g, s, p = removal(d)
    assert U.U10 not in legal(g, s, "remove_disc")


def test_first_disc_gives_nothing_second_completes():
    """MA-17.2: the effect applies when the second disc of a position is removed."""
    g, s, p = removal(completed())
    coins = val(s, "coins", p)
    act(g, s, "remove_disc", U.U4)
    assert val(s, "discs", p)[U.U4] == 1 and val(s, "coins", p) == coins
    d = completed()
    d[U.U4] = 1
    g, s, p = removal(d)
    coins = val(s, "coins", p)
    act(g, s, "remove_disc", U.U4)
    assert val(s, "coins", p) == coins + 5


@pytest.mark.parametrize(
    "u, field, delta, pre",
    [
        (U.U3, "vp", 3, ()),
        (U.U4, "coins", 5, ()),
        (U.U5, "vp", 3, ()),
        (U.U6, "vp", 6, (U.U5,)),
        (U.U12, "vp", 10, (U.U1, U.U2, U.U3, U.U4, U.U5, U.U7)),
    ],
)
def test_brown_and_immediate_upgrade_effects(u, field, delta, pre):
    """MA-17.3: U3 +3 VP, U4 +5 D, U5 +3 VP, U6 +6 VP, U12 +10 VP, at once."""
    d = completed(*pre)
    d[u] = 1
    g, s, p = removal(d)
    was = val(s, field, p)
    act(g, s, "remove_disc", u)
    assert val(s, field, p) == was + delta


def test_u11_three_options():
    """MA-17.3 U11: explore up to 3, or +4 D and +4 VP, or one influence marker to its
    next noble level."""
    pre = (U.U1, U.U2, U.U3, U.U4)
    d = completed(*pre)
    d[U.U11] = 1
    g, s, p = removal(d, influence=[0, 4, 0])
    act(g, s, "remove_disc", U.U11)
    assert decision(s) == "choice" and legal(g, s, "choice") == [0, 1, 2]
    s0, s1, s2 = s.copy(), s.copy(), s.copy()
    act(g, s0, "choice", 0)
    assert decision(s0) == "explore" and len(legal(g, s0, "explore_to")) == 3
    coins, vp = val(s1, "coins", p), val(s1, "vp", p)
    act(g, s1, "choice", 1)
    assert val(s1, "coins", p) == coins + 4 and val(s1, "vp", p) == vp + 4
    act(g, s2, "choice", 2)
    assert decision(s2) == "nation"
    act(g, s2, "choose_nation", ES)
    assert val(s2, "influence", p) == [0, 6, 0]


def test_no_legal_position_removal_does_nothing():
    """MA-17.2 / GAP-24: without a legal position a removal effect does nothing."""
    g, s, p = removal([0] * 12)
    assert decision(s) == "main" and val(s, "d_income", p) == 9


def test_u2_hand_limit_six():
    """MA-17.3 U2 / MA-20.1: Phase C draws up to 6 with U2 (4 without)."""
    for discs, limit in ((completed(), 4), (completed(U.U2), 6)):
        g, s, p = start(3)
        s = hand(g, s, p, ["A012"])
        s = arrive(g, s, "10", mp=1, discs={p: discs})
        act(g, s, "done")
        k = 0
        while cur(s) == p and decision(s) == "draw":
            act(g, s, "draw", 0)
            k += 1
        assert k == limit - 1 and val(s, "hand_len", p) == limit


# ----- Phase C (MA-20) ------------------------------------------------------------------
def phase_c(hand_cards=("A012", "A016"), coins=5, discs=None, n=3, seed=1):
    g, s, p = start(n, seed)
    s = hand(g, s, p, list(hand_cards))
    fields = {"coins": {p: coins}}
    if discs is not None:
        fields["discs"] = {p: discs}
    s = arrive(g, s, "10", mp=1, **fields)
    act(g, s, "done")
    return g, s, p


def test_draw_deck_free_display_one_doubloon():
    """MA-20.1: each card from the deck (free) or a display card (1 D)."""
    g, s, p = phase_c(coins=5)
    assert decision(s) == "draw" and legal(g, s, "draw") == [0, 1, 2, 3, 4]
    top = val(s, "deck", val(s, "deck_len") - 1)
    act(g, s, "draw", 0)
    assert val(s, "coins", p) == 5 and val(s, "card_where", top) == W_HAND + p
    slot3 = val(s, "display", 2)
    act(g, s, "draw", 3)
    assert val(s, "coins", p) == 4 and val(s, "card_where", slot3) == W_HAND + p


def test_display_unaffordable_and_free_with_u3():
    """MA-20.1: display cards cost 1 D (not allowed without it); free with U3 (MA-17.3)."""
    g, s, p = phase_c(coins=0)
    assert legal(g, s, "draw") == [0]
    g, s, p = phase_c(coins=0, discs=completed(U.U3))
    assert legal(g, s, "draw") == [0, 1, 2, 3, 4]
    act(g, s, "draw", 1)
    assert val(s, "coins", p) == 0


def test_display_refilled_after_the_hand_is_full_without_shifting():
    """MA-20.3 / GAP-26: empty slots are refilled after drawing; others keep their slot."""
    g, s, p = phase_c(coins=5)
    disp = val(s, "display")
    act(g, s, "draw", 2)  # slot 2 taken
    assert val(s, "display")[1] == -1
    act(g, s, "draw", 0)
    after = val(s, "display")
    assert after[0] == disp[0] and after[2] == disp[2] and after[3] == disp[3] and after[1] >= 0
    assert cur(s) != p  # the turn ended


def test_reshuffle_when_the_deck_is_empty():
    """MA-20.2: an empty deck is replaced by the shuffled discard pile."""
    g, s, p = phase_c()
    where = s[0]["card_where"].copy()
    deck = [int(c) for c in s[0]["deck"][: s[0]["deck_len"]]]
    where[deck] = W_DISCARD
    s = edit(g, s, card_where=where, deck=np.full(NC, -1), deck_len=0)
    discard = set(np.flatnonzero(s[0]["card_where"] == W_DISCARD).tolist())
    act(g, s, "draw", 0)
    got = int(s[0]["hand"][p][2])
    assert got in discard
    assert val(s, "deck_len") == len(discard) - 1 and (s[0]["card_where"] == W_DISCARD).sum() == 0


def test_deck_and_discard_exhausted_display_still_available():
    """MA-20.2 / GAP-20: with deck and discard pile empty only display cards can be taken;
    without money the player stops below the hand limit; empty slots stay empty."""
    g, s, p = phase_c(coins=1)
    where = s[0]["card_where"].copy()
    where[(where == W_DECK) | (where == W_DISCARD)] = W_BOX
    s = edit(g, s, card_where=where, deck=np.full(NC, -1), deck_len=0)
    assert legal(g, s, "draw") == [1, 2, 3, 4]
    act(g, s, "draw", 1)
    assert val(s, "coins", p) == 0 and val(s, "hand_len", p) == 3
    assert cur(s) != p and val(s, "display")[0] == -1  # turn over, hand 3 < 4


def test_display_card_counts_toward_the_hand():
    g, s, p = phase_c(hand_cards=("A012", "A016", "A011"), coins=3)
    act(g, s, "draw", 4)
    assert val(s, "hand_len", p) == 4 and cur(s) != p


def test_no_draw_when_the_hand_is_full():
    g, s, p = phase_c(hand_cards=("A012", "A016", "A011", "A001"))
    assert cur(s) != p


def test_display_cards_are_in_display_until_taken():
    g, s, p = phase_c()
    for c in val(s, "display"):
        assert val(s, "card_where", c) == W_DISPLAY
    assert card("A012") in s[0]["hand"][p]


def test_explorer_disc_reward_uses_the_same_rules():
    """MA-10.4 / MA-17.2: the explorer's disc reward follows the unlock conditions."""
    g, s, p = start(3)
    s = hand(g, s, p, ["A012", "A016", "A011", "A001"])
    s = edit(g, s, explorer={p: exp("E5")})
    s = arrive(g, s, "2", mp=2)
    act(g, s, "main_action", 0)
    act(g, s, "explore_to", exp("E6"))
    assert legal(g, s, "remove_disc") == [U.U1, U.U2, U.U3, U.U4, U.U5, U.U7, U.U8]


def test_hand_above_the_limit_is_kept():
    """MA-20.4 / GAP-41: a hand above the limit is never reduced (no draw, no discard)."""
    g, s, p = phase_c(hand_cards=("A012", "A016", "A011", "A001", "A002"))
    assert cur(s) != p and val(s, "hand_len", p) == 5
