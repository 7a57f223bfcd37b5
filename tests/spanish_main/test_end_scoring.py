"""End of game (SM-7.2, GAP-13, GAP-25), scoring and ranking (SM-8.1 - SM-8.6, GAP-22),
and the reward schemes built on them (``g.returns``: win, rank, score_margin)."""

import numpy as np
import pytest

from games.spanish_main.spaces import OBS

from .positions import build, legal, make, pass_, play, repair, step

# Cursed Ship with no fame on the two front ships changes nothing (SM-6.9.15, SM-6.5): a
# neutral last card, so the final position is exactly the one built.
NEUTRAL = "Cursed Ship"


def finish(g, row, owners, banked=(0, 0, 0, 0), last=NEUTRAL):
    """A game whose last card (``last``) resolves on this turn; returns the final state."""
    s = build(g, row=row, owners=owners, banked=list(banked), adventure=last, deck_len=0)
    step(g, s, pass_(g))
    assert s[0]["terminated"] == 1
    return s


# ----- end of game -------------------------------------------------------------------------
def test_game_ends_when_the_replenish_draw_finds_no_card():
    # SM-7.2, SM-1.4
    g = make(3)
    s = finish(g, "E1 S1 D1 E2 S2 D2 E3 S3 D3", ["E1 S1", "D1 E2", "S2 D2"])
    assert s[0]["current_player"] == -1 and s[0]["adv_queue_len"] == 0
    assert not g.legal_action_mask(s).any()


def test_finished_game_ignores_further_actions():
    # DESIGN "step": terminated rows are left unchanged whatever their action
    g = make(3)
    s = finish(g, "E1 S1 D1 E2 S2 D2 E3 S3 D3", ["E1 S1", "D1 E2", "S2 D2"])
    before = s.copy()
    for a in (78, 0, 90, 10_000, -5):
        g.step(s, np.array([a]))
        assert g.equal(s, before)


def test_game_continues_while_the_deck_has_cards():
    # SM-7.1: one card left -> it becomes the current adventure, the game goes on
    g = make(3)
    s = build(g, adventure=NEUTRAL, deck_len=1, row="E1 S1 D1 E2 S2 D2 E3 S3 D3")
    step(g, s, pass_(g))
    assert s[0]["terminated"] == 0 and s[0]["adv_deck_len"] == 0 and s[0]["adv_queue_len"] == 1


def test_fog_on_the_last_card_does_not_end_the_game():
    # SM-5.2.8, SM-7.1: no replenish step after Fog, so no end either
    g = make(3)
    s = build(g, adventure=NEUTRAL, deck_len=0, move_row=["M12", "M01", "M02"])
    step(g, s, play(g, "M12"))
    assert s[0]["terminated"] == 0 and s[0]["adv_queue_len"] == 1
    step(g, s, pass_(g))
    assert s[0]["terminated"] == 1


@pytest.mark.parametrize("turn, ends", [(198, False), (199, True)])
def test_turn_cap(turn, ends):
    # GAP-25, SM-7.3: the game stops after 200 turns and scores normally
    g = make(3)
    s = build(
        g, turn=turn, adventure="Kraken", row="E1(2) S1 D1 E2 S2(5) D2 E3 S3 D3", owners=["E1 S1", "S2 D1", "E2 E3"]
    )
    assert s[0]["adv_deck_len"] > 10
    step(g, s, repair(g))
    assert bool(s[0]["terminated"]) == ends and s[0]["turn"] == turn + 1
    if ends:
        assert s[0]["current_player"] == -1
        assert g.scores(s)[0].tolist() == [2, 5, 0]
        assert g.ranks(s)[0].tolist() == [1, 0, 2]
        assert g.returns(s)[0].tolist() == [0.0, 1.0, 0.0]


def test_turn_cap_counts_fog_turns():
    # GAP-25: the cap is on turns, Fog turns included
    g = make(3)
    s = build(g, turn=199, move_row=["M12", "M01", "M02"])
    step(g, s, play(g, "M12"))
    assert s[0]["terminated"] == 1


# ----- scoring -------------------------------------------------------------------------------
def test_score_is_owned_fame_plus_banked_unowned_ignored():
    # SM-8.2: revealed ships still score for their owner; unowned fame counts for no one
    g = make(3)
    s = build(
        g,
        row="E1(1) S1(2) D1(3) E2(4) S2(5) D2(6) E3(7) S3(8) D3(9)",
        owners=["E1 S1", "D1 E2", "S2 D2"],
        revealed=["D1", "S2"],
        banked=[3, 0, 5],
    )
    assert g.scores(s)[0].tolist() == [1 + 2 + 3, 3 + 4, 5 + 6 + 5]


def test_scores_and_ranks_in_two_player_game():
    # SM-3.1 (3 ships each), SM-8.2, SM-8.3
    g = make(2)
    s = finish(g, "E1 S1 D1 E2(3) S2(1) D2 E3(2) S3 D3(9)", ["E1 S1 E2", "D1 S2 E3"], banked=(1, 0))
    assert g.scores(s)[0].tolist() == [4, 3]
    assert g.ranks(s)[0].tolist() == [0, 1]
    assert g.returns(s)[0].tolist() == [1.0, 0.0]


def test_tie_break_1_counts_undamaged_owned_ships_at_the_end():
    # SM-8.4: the last adventure's damage counts; Volcano damages B's front ship
    g = make(3)
    row = "E1 E2 S1(3) D1(1) S2(3) D2 E3 S3 D3"  # A: S1 D1 (front at 3); B: E1 S2 (front at 1)
    owners = ["S1 D1", "E1 S2", "E2 E3"]
    s = finish(g, row, owners)
    assert g.scores(s)[0].tolist() == [4, 3, 0]
    tied = finish(g, row.replace("S2(3)", "S2(4)"), owners)
    assert g.scores(tied)[0].tolist() == [4, 4, 0]
    assert g.ranks(tied)[0].tolist() == [1, 0, 2]  # equal undamaged (2 each): B's ship at 1 is in front
    hit = finish(g, row.replace("S2(3)", "S2(4)"), owners, last="Volcano")  # damages E1 (B)
    assert g.ranks(hit)[0].tolist() == [0, 1, 2]  # now A has 2 undamaged, B 1


def test_full_ranking_four_players():
    # SM-8.6, GAP-22: (score desc, undamaged owned desc, frontmost owned position asc)
    g = make(4)
    # seats: 0 = E1 S1, 1 = D1 E2, 2 = S2 D2, 3 = E3 S3; D3 unowned
    row = "D3 E2 E3(2) D1*(3) S2(1) E1(2) D2(2) S1(1) S3(1)"
    s = finish(g, row, ["E1 S1", "D1 E2", "S2 D2", "E3 S3"])
    # scores 3, 3, 3, 3; undamaged 2, 1, 2, 2; frontmost owned position 6, 2, 5, 3:
    # seat 1 has the front ship but loses on tie-break 1 first
    assert g.scores(s)[0].tolist() == [3, 3, 3, 3]
    assert g.ranks(s)[0].tolist() == [2, 3, 1, 0]
    assert g.returns(s)[0].tolist() == [0.0, 0.0, 0.0, 1.0]


def test_returns_by_reward_scheme():
    # DESIGN returns: win (1 to the winner), rank (1 .. -1 linear), score_margin (own - best other)
    row = "S1 E3 E1(5) D1(2) E2(4) S2 D2(1) S3(7) D3"
    owners = ["E1 S1", "D1 E2", "S2 D2"]  # scores 5, 6, 1
    expected = {"win": [0.0, 1.0, 0.0], "rank": [0.0, 1.0, -1.0], "score_margin": [-1.0, 1.0, -5.0]}
    for reward, want in expected.items():
        g = make(3, reward=reward)
        s = finish(g, row, owners)
        assert g.scores(s)[0].tolist() == [5, 6, 1]
        assert g.ranks(s)[0].tolist() == [1, 0, 2]
        assert g.returns(s)[0].tolist() == want, reward


def test_returns_zero_while_the_game_runs():
    g = make(3, reward="score_margin")
    s = build(g, row="E1(5) S1 D1(2) E2(4) S2 D2(1) E3 S3(7) D3", owners=["E1 S1", "D1 E2", "S2 D2"])
    assert not g.returns(s).any()


def test_final_reveal_in_every_observation():
    # SM-8.1, "Terminal observation": full ownership for all players once the game is over
    g = make(3)
    owners = ["E1 S1", "D1 E2", "S2 D2"]
    live = build(g, adventure=NEUTRAL, deck_len=0, owners=owners, row="E1 S1 D1 E2 S2 D2 E3 S3 D3")
    for p in range(3):
        assert not OBS.view(g.observe(live, p)[0], "terminal_owner").any()
    step(g, live, pass_(g))
    for p in range(3):
        term = OBS.view(g.observe(live, p)[0], "terminal_owner")
        for seat, ships in enumerate(owners):
            for name in ships.split():
                sid = ("E1", "E2", "E3", "S1", "S2", "S3", "D1", "D2", "D3").index(name)
                assert term[sid, (seat - p) % 3] == 1
        assert term.sum() == 6  # unowned ships have no owner
    assert legal(g, live) == set()
