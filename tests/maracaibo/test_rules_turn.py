"""Turn structure, sailing, drawing, round end and scoring (MA-4, MA-5, MA-13.3, MA-19,
MA-20, MA-21, MA-22, MA-23, D11, D12)."""

import numpy as np

from games.maracaibo.data import board, tracks
from games.maracaibo.game import Maracaibo
from games.maracaibo.state import NC, Phase, QS_BOARD, W_BOUGHT
from tests.maracaibo.positions import act, card, edit, legal, loc, opening

G3 = Maracaibo(num_players=3)


def start(seed=1, g=G3):
    return opening(g, seed)


def sail_targets(g, s):
    return sorted(board.LOC_IDS[i + 1] for i in legal(g, s, "sail_to"))


def test_sail_from_havana_up_to_7_steps():
    """MA-5.1, MA-5.3, MA-5.8: 1-7 steps; both fork branches (4, 5) are reachable."""
    s = start()
    assert sail_targets(G3, s) == sorted(["1", "2", "3", "4", "5", "6", "7", "8"])
    p = int(s[0]["current_player"])
    act(G3, s, "sail_to", loc("6") - 1)
    assert s[0]["ship"][p] == loc("6") and s[0]["mp_spent"] == 5 and s[0]["phase"] == Phase.ACTIONS


def test_must_stop_and_round_routing():
    """MA-5.5, MA-5.6: 20 stops movement; 20 -> 21a in rounds 1-3, 21b -> 22 in round 4."""
    s = start()
    p = int(s[0]["current_player"])
    s = edit(G3, s, ship={p: loc("17")})
    assert sail_targets(G3, s) == ["18", "19", "20"]
    s = edit(G3, s, ship={p: loc("20")})
    assert sail_targets(G3, s) == ["21a"]
    s = edit(G3, s, round_no=4)
    assert sail_targets(G3, s) == ["21b"]
    s = edit(G3, s, ship={p: loc("21b")})
    assert sail_targets(G3, s) == ["22"]


def _with_assistant(g, s, p, card_id):
    """p owns ``card_id`` with its assistant on the board (figure from the personal supply)."""
    c = card(card_id)
    where = s[0]["card_where"].copy()
    assert where[c] in (0, 1, 3), "pick a card that is in the box, deck or discard pile"
    deck = [int(x) for x in s[0]["deck"][: s[0]["deck_len"]] if int(x) != c]
    new_deck = np.full(NC, -1)
    new_deck[: len(deck)] = deck
    where[c] = W_BOUGHT + p
    asst = s[0]["assistants"].copy()
    j = int((asst[p] >= 0).sum())
    asst[p, j] = c
    return edit(
        g,
        s,
        card_where=where,
        deck=new_deck,
        deck_len=len(deck),
        assistants=asst,
        fig_personal={p: int(s[0]["fig_personal"][p]) - 1},
    )


def test_passing_assistant_scores_2vp():
    """MA-5.10 (T5): passing one's own assistant numerically scores 2 VP."""
    s = start()
    p = int(s[0]["current_player"])
    s = _with_assistant(G3, s, p, "B084")  # assistant @9
    s = edit(G3, s, ship={p: loc("8")})
    vp = int(s[0]["vp"][p])
    act(G3, s, "sail_to", loc("10") - 1)
    assert s[0]["vp"][p] == vp + 2


def test_unused_assistant_at_stop_scores_at_end_of_phase_b():
    """MA-13.3(b): present on arrival and not used -> 2 VP when Phase B ends."""
    s = start()
    p = int(s[0]["current_player"])
    s = _with_assistant(G3, s, p, "B084")  # @9
    s = edit(G3, s, ship={p: loc("8")})
    act(G3, s, "sail_to", loc("9") - 1)
    vp = int(s[0]["vp"][p])
    act(G3, s, "done")
    assert s[0]["vp"][p] == vp + 2


def test_homeward_vp_and_interim_scoring():
    """MA-7.4 (+3 VP on 21a), MA-21.2 option b, MA-21.3 income, MA-21.6 prestige,
    MA-21.7 card-75 quests, MA-21.8 assistants ahead + ships home, MA-21.9 next starter."""
    s = start(seed=2)
    p = int(s[0]["current_player"])
    q = (p + 1) % 3
    s = _with_assistant(G3, s, q, "B099")  # q's assistant @19
    s = edit(G3, s, ship={p: loc("20"), q: loc("12")}, vp_income={q: 3}, d_income={p: 10})
    vp, coins = s[0]["vp"].copy(), s[0]["coins"].copy()
    act(G3, s, "sail_to", loc("21a") - 1)
    assert s[0]["vp"][p] == vp[p] + 3 and s[0]["main_done"] == 1 and s[0]["round_trigger"] == p
    assert ("main_action", 14) not in legal(G3, s)
    act(G3, s, "done")
    assert s[0]["phase"] == Phase.SCORING_CHOICE and s[0]["current_player"] == p
    for k in range(3):
        assert s[0]["current_player"] == (p + k) % 3
        act(G3, s, "take_2vp")
    rec = s[0]
    assert rec["round_no"] == 2 and rec["current_player"] == (p + 1) % 3 and rec["last_trigger"] == p
    assert rec["coins"][p] == coins[p] + 10 and rec["vp"][p] == vp[p] + 3 + 2
    # q: 2 VP option b, 3 VP income, 2 VP for the assistant at 19 ahead of its ship at 12
    assert rec["vp"][q] == vp[q] + 2 + 3 + 2
    assert all(rec["ship"][:3] == board.HAVANA)
    assert rec["prestige_revealed"] == 2
    locs = sorted(rec["quest_arg"][rec["quest_state"] == QS_BOARD].tolist())
    assert locs == sorted([15, 18, 6, 12, 16])


def test_drawing_phase_c():
    """MA-20.1: refill to 4, deck free, display 1 D; an unaffordable display card is masked."""
    s = start()
    p = int(s[0]["current_player"])
    hand = s[0]["hand"].copy()
    where = s[0]["card_where"].copy()
    for c in hand[p][2:4]:
        where[int(c)] = 3
    hand[p][2:4] = -1
    s = edit(G3, s, hand=hand, hand_len={p: 2}, card_where=where, coins={p: 1})
    act(G3, s, "sail_to", 0)
    act(G3, s, "done")
    assert sorted(legal(G3, s, "draw")) == [0, 1, 2, 3, 4]
    act(G3, s, "draw", 2)
    assert s[0]["coins"][p] == 0 and s[0]["hand_len"][p] == 3 and s[0]["display"][1] == -1
    assert legal(G3, s, "draw") == [0]
    act(G3, s, "draw", 0)
    assert s[0]["hand_len"][p] == 4 and s[0]["display"][1] >= 0  # refilled after the turn
    assert s[0]["current_player"] == (p + 1) % 3


def test_nation_values_rulebook_example():
    """MA-22.6 / T2 / D11: markers FR 4, ES 4, EN 2 on the board, FR 5, ES 4, EN 2 taken
    -> values 6, 5, 2; levels 2, 3, 1 score 29."""
    from games.maracaibo.rules.scoring import nation_values

    vals = np.zeros(3, dtype=np.int64)
    s = start()
    marker = np.full(24, -1)
    marker[[1, 3, 6, 8]] = 0
    marker[[2, 4, 7, 10]] = 1
    marker[[12, 15]] = 2
    s = edit(G3, s, marker_at=marker, markers_taken=[5, 4, 2])
    nation_values(s[0], vals)
    assert vals.tolist() == [6, 5, 2]
    levels = tracks.NOBILITY_LEVEL[[3, 6, 1]]
    assert int((levels * vals).sum()) == 29


def test_rank_bonus_ties():
    """T13: markers 5/5/3 -> bonus 2, 2, 0; 6/4/4 -> 2, 1, 1."""
    from games.maracaibo.rules.scoring import nation_values

    s = start()
    for counts, want in (((5, 5, 3), [2, 2, 0]), ((6, 4, 4), [2, 1, 1]), ((0, 0, 0), [2, 2, 2])):
        marker = np.full(24, -1)
        i = 1
        for a, k in enumerate(counts):
            marker[i : i + k] = a
            i += k
        s = edit(G3, s, marker_at=marker, markers_taken=list(counts))
        vals = np.zeros(3, dtype=np.int64)
        nation_values(s[0], vals)
        base = tracks.SUPPLY_VALUE_AFTER_TAKEN[list(counts)]
        assert (vals - base).tolist() == want


def _final_position(g, seed=3, **fields):
    """Round 4, the current player on 21b about to end the game."""
    s = opening(g, seed)
    p = int(s[0]["current_player"])
    s = edit(g, s, round_no=4, income_paid=0, ship={p: loc("21b")}, **fields)
    return s, p


def test_final_scoring_doubloon_income_majority_and_ties():
    """MA-22.3 (D12: 23 -> 4, 34 -> 10), MA-22.5 majority (ties all 3, nobody at 0),
    MA-22.6 nobility, MA-23.2 ties share the win."""
    g = Maracaibo(num_players=2)
    s, p = _final_position(g)
    q = 1 - p
    marker = np.full(24, -1)  # the 2-player setup markers (ES 6, EN 7, FR 8) stay
    marker[[loc("6"), loc("7"), loc("8")]] = [1, 2, 0]
    s = edit(
        g,
        s,
        d_income={p: 23, q: 34},
        vp_income={p: 2, q: 0},
        vp={p: 0, q: 0},
        influence={p: [7, 0, 0], q: [7, 0, 0]},
        marker_at=marker,
    )
    act(g, s, "sail_to", loc("22") - 1)  # +5 VP, triggers final scoring
    act(g, s, "done")
    for _ in range(2):
        act(g, s, "take_2vp")
        if legal(g, s, "done"):  # MA-22.2: career goals may follow the choice; decline
            act(g, s, "done")
    rec = s[0]
    assert rec["terminated"] == 1 and rec["current_player"] == -1
    # values: each nation took 1 marker (S1 emptied: 2) + all tied on the board (2) = 4
    nob = tracks.NOBILITY_LEVEL[7] * 4
    assert rec["vp"][p] == 5 + 2 + 2 + 4 + 3 + nob
    assert rec["vp"][q] == 2 + 0 + 10 + 3 + nob
    assert g.ranks(s)[0].tolist() == ([0, 1] if p == 0 else [1, 0])
