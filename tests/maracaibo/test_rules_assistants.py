"""Assistant actions (MA-13.2, MA-13.3, MA-13.5, MA-13.6, GAP-30, GAP-36): which
assistants may act, their programs, the extra sail of AS04 / AS14 with its extra main
action, and unused-assistant VP. Positions are built with from_json (positions.py)."""

import pytest

from games.maracaibo.data import actions, board, ship
from games.maracaibo.game import Maracaibo
from games.maracaibo.spaces import MAIN_ASSIST, MAIN_CITY, MAIN_NONE, MAIN_VILLAGE
from games.maracaibo.state import STACK, Decision, Frame, Phase, Source, W_BOUGHT
from tests.maracaibo.positions import act, card, edit, give_hand, legal, loc, move_cards, opening

G3 = Maracaibo(num_players=3)


def cur(s):
    return int(s[0]["current_player"])


def own(g, s, p, ids):
    """p owns the cards with their assistants on the board (figures from the general supply)."""
    s = move_cards(g, s, ids, W_BOUGHT + p)
    asst = s[0]["assistants"].copy()
    j = int((asst[p] >= 0).sum())
    for cid in ids:
        asst[p, j] = card(cid)
        j += 1
    return edit(g, s, assistants=asst, fig_general={p: int(s[0]["fig_general"][p]) - len(ids)})


def arrive(g, s, src, dest, **fields):
    """The current player sails src -> dest (Phase A)."""
    p = cur(s)
    s = edit(g, s, ship={p: loc(src)}, **fields)
    act(g, s, "sail_to", loc(dest) - 1)
    return s, p


def assistants_legal(g, s):
    return [k - MAIN_ASSIST for k in legal(g, s, "main_action") if MAIN_ASSIST <= k < MAIN_NONE]


def sail_targets(g, s):
    return sorted((board.LOC_IDS[i + 1] for i in legal(g, s, "sail_to")), key=lambda x: board.LOC_INDEX[x])


@pytest.fixture
def s3():
    return opening(G3, seed=8)


def test_assistant_action_as01(s3):
    """MA-13.2 / MA-13.5 AS01: own assistant at the ship's location -> +3 VP and +5 D."""
    p = cur(s3)
    s = own(G3, s3, p, ["A030"])  # @1, AS01
    s, p = arrive(G3, s, "H", "1")
    assert assistants_legal(G3, s) == [0]
    label = G3.action_label(s[0], G3.action_id("main_action", MAIN_ASSIST))
    assert label == "Assistant 0: A030 Patron's Agent, AS01 (+3 VP, +5 D)"
    vp, coins = int(s[0]["vp"][p]), int(s[0]["coins"][p])
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    rec = s[0]
    assert rec["vp"][p] == vp + 3 and rec["coins"][p] == coins + 5
    assert rec["main_done"] == 1 and rec["asst_used"] == 1 and rec["decision"] == Decision.MAIN
    assert assistants_legal(G3, s) == []  # one assistant action per turn (MA-13.2)
    act(G3, s, "done")
    assert s[0]["vp"][p] == vp + 3  # the used assistant does not score (MA-13.3(b))


def test_only_own_assistants_present_on_arrival(s3):
    """MA-13.2: another player's assistant, an assistant elsewhere, or one that was not
    there on arrival cannot act."""
    p = cur(s3)
    q = (p + 1) % 3
    s = own(G3, s3, q, ["A030"])  # q's assistant @1
    s = own(G3, s, p, ["A031"])  # p's assistant @8
    s, p = arrive(G3, s, "H", "1")
    assert assistants_legal(G3, s) == []
    s = own(G3, s3, p, ["A030"])
    s = edit(G3, s, ship={p: loc("1")}, phase=Phase.ACTIONS, decision=Decision.MAIN, mp_spent=1, last_sail_mp=1)
    assert s[0]["asst_present"] == 0 and assistants_legal(G3, s) == []


def test_other_assistant_scores_when_one_is_used(s3):
    """MA-13.3(b) / T5: two assistants at 1; using one, the other scores 2 VP when
    Phase B ends."""
    p = cur(s3)
    s = own(G3, s3, p, ["A030", "B091"])  # both @1: AS01, AS12
    s, p = arrive(G3, s, "H", "1")
    assert assistants_legal(G3, s) == [0, 1]
    act(G3, s, "main_action", MAIN_ASSIST + 1)  # AS12: +3 D, +2 VP per assistant on the board
    vp = int(s[0]["vp"][p])
    act(G3, s, "done")
    assert s[0]["vp"][p] == vp + 2


def test_declined_payment_skips_the_rest(s3):
    """MA-13.5 AS05: "pay 3 same goods" declined -> nothing of what it pays for."""
    p = cur(s3)
    s = own(G3, s3, p, ["B085"])  # @16, AS05
    s = give_hand(G3, s, p, ["A014", "B004", "A031"])  # 3 CORN
    s, p = arrive(G3, s, "15", "16")
    coins = int(s[0]["coins"][p])
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    assert s[0]["decision"] == Decision.PAY_CARD and legal(G3, s, "done") == [0]
    act(G3, s, "done")
    assert s[0]["coins"][p] == coins and s[0]["stk_len"] == 0 and s[0]["hand_len"][p] == 3


def test_paid_assistant_action_with_village_actions(s3):
    """MA-13.5 AS05: 3 same goods -> +5 D and 2 village actions (U1 does not apply, MA-11.2)."""
    p = cur(s3)
    s = own(G3, s3, p, ["B085"])
    s = give_hand(G3, s, p, ["A014", "B004", "A031"])
    s = edit(G3, s, discs={(p, ship.U1): 0})
    s, p = arrive(G3, s, "15", "16")
    coins = int(s[0]["coins"][p])
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    for _ in range(3):
        act(G3, s, "pay_card", 0)
    assert s[0]["coins"][p] == coins + 5 and s[0]["decision"] == Decision.VILLAGE
    act(G3, s, "village_option", 1)
    act(G3, s, "village_option", 1)
    assert s[0]["coins"][p] == coins + 7 and s[0]["decision"] == Decision.MAIN


def test_as04_extra_sail_and_extra_main_action(s3):
    """MA-13.6 / GAP-30: AS04 +2 CP; sail 1-3 MP (passing an own assistant scores, MA-5.10);
    one more main action there; its village count uses that sail's MP with U1."""
    p = cur(s3)
    s = own(G3, s3, p, ["B084", "A034"])  # @9 AS04, @10 AS07
    s = edit(G3, s, discs={(p, ship.U1): 0}, cp={p: 1})
    s, p = arrive(G3, s, "8", "9")
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    assert s[0]["cp"][p] == 3 and s[0]["decision"] == Decision.CHOICE and legal(G3, s, "choice") == [0, 1]
    act(G3, s, "choice", 1)
    assert s[0]["decision"] == Decision.SAIL and sail_targets(G3, s) == ["10", "11", "12"]
    vp = int(s[0]["vp"][p])
    act(G3, s, "sail_to", loc("12") - 1)
    rec = s[0]
    assert rec["ship"][p] == loc("12") and rec["vp"][p] == vp + 2  # passed the assistant at 10
    assert rec["mp_spent"] == 1 + 3 and rec["last_sail_mp"] == 3
    assert rec["extra_main"] == 1 and rec["stk_len"] == 0 and rec["decision"] == Decision.MAIN
    assert MAIN_VILLAGE in legal(G3, s, "main_action")
    act(G3, s, "main_action", MAIN_VILLAGE)
    assert s[0]["stk_x"][0] == 2  # 3 MP with U1 -> 2 village actions
    assert s[0]["extra_main"] == 0
    act(G3, s, "village_option", 1)
    act(G3, s, "village_option", 1)
    assert legal(G3, s, "main_action") == []  # both main actions are used


def test_extra_sail_without_u1_gives_one_village_action(s3):
    """MA-11.2 / GAP-30: without U1 a 1-3 MP sail gives 1 village action."""
    p = cur(s3)
    s = own(G3, s3, p, ["B084"])
    s, p = arrive(G3, s, "3", "9")  # 5 MP in Phase A (2 village actions for the main action)
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    act(G3, s, "choice", 1)
    act(G3, s, "sail_to", loc("12") - 1)
    act(G3, s, "main_action", MAIN_VILLAGE)
    assert s[0]["stk_x"][0] == 1


def test_declining_the_extra_sail(s3):
    """MA-13.6: the sail is optional; no extra main action without it."""
    p = cur(s3)
    s = own(G3, s3, p, ["B095"])  # @10 AS14
    s, p = arrive(G3, s, "9", "10")
    vp = int(s[0]["vp"][p])
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    assert s[0]["vp"][p] == vp + 3
    act(G3, s, "choice", 0)
    rec = s[0]
    assert rec["ship"][p] == loc("10") and rec["extra_main"] == 0 and rec["stk_len"] == 0
    assert legal(G3, s, "main_action") == []


def test_unused_assistants_left_behind_score_and_chaining(s3):
    """MA-13.6 / GAP-36: the unused assistant at the first location scores 2 VP at the
    sail; at the new location another own assistant may act (chaining); assistants
    there that stay unused score at the end of Phase B."""
    p = cur(s3)
    s = own(G3, s3, p, ["B095", "A034", "A037"])  # @10 AS14, @10 AS07, @12 AS10
    s, p = arrive(G3, s, "9", "10")
    assert assistants_legal(G3, s) == [0, 1]
    act(G3, s, "main_action", MAIN_ASSIST + 0)  # AS14: +3 VP
    act(G3, s, "choice", 1)
    vp = int(s[0]["vp"][p])
    act(G3, s, "sail_to", loc("12") - 1)
    assert s[0]["vp"][p] == vp + 2  # A034 at 10 was present and unused
    assert assistants_legal(G3, s) == [2]  # A037 at 12 was there on arrival
    vp = int(s[0]["vp"][p])
    act(G3, s, "done")
    assert s[0]["vp"][p] == vp + 2  # A037 unused at the final location
    # with the chain: A037's AS10 (+2 D, explore 3) is the extra main action
    s = own(G3, s3, p, ["B095", "A037"])
    s, p = arrive(G3, s, "9", "10")
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    act(G3, s, "choice", 1)
    act(G3, s, "sail_to", loc("12") - 1)
    coins = int(s[0]["coins"][p])
    act(G3, s, "main_action", MAIN_ASSIST + 1)
    assert s[0]["coins"][p] == coins + 2 and s[0]["asst_used"] == 0b11


def test_extra_sail_onto_21a_ends_the_round(s3):
    """MA-13.6 / MA-7.4 / MA-1.2: an extra sail to 21a gives its 3 VP as the extra main
    action and the round ends after this turn."""
    p = cur(s3)
    s = edit(
        G3,
        s3,
        ship={p: loc("20")},
        phase=Phase.ACTIONS,
        decision=Decision.CHOICE,
        main_done=1,
        mp_spent=1,
        last_sail_mp=1,
        stk_len=1,
        stk_kind=[Frame.PROG] + [0] * (STACK - 1),
        stk_src=[Source.ASSIST] + [0] * (STACK - 1),
        stk_id=[actions.AS14] + [0] * (STACK - 1),
        stk_pc=[1] + [0] * (STACK - 1),
    )
    act(G3, s, "choice", 1)
    assert sail_targets(G3, s) == ["21a"]
    vp = int(s[0]["vp"][p])
    act(G3, s, "sail_to", loc("21a") - 1)
    rec = s[0]
    assert rec["vp"][p] == vp + 3 and rec["round_trigger"] == p and rec["extra_main"] == 0
    assert legal(G3, s, "main_action") == []


def test_no_extra_sail_when_nothing_is_ahead(s3):
    """MA-13.6: with nothing 1-3 MP ahead (21a in rounds 1-3) the sail step is skipped."""
    from games.maracaibo.rules.sailing import can_extra_sail

    p = cur(s3)
    at_end = s3.copy()  # a kernel helper on a bare record: in Phase A with nowhere to sail, no position
    at_end[0]["ship"][p] = loc("21a")
    assert not can_extra_sail(at_end[0], 3)
    assert can_extra_sail(edit(G3, s3, ship={p: loc("19")})[0], 3)


def test_city_main_action_after_extra_sail(s3):
    """GAP-36: the extra main action may be a city action (Port Royal, 13: its tile's action)."""
    p = cur(s3)
    s = own(G3, s3, p, ["B095"])
    s = give_hand(G3, s, p, [])
    s, p = arrive(G3, s, "9", "10")
    act(G3, s, "main_action", MAIN_ASSIST + 0)
    act(G3, s, "choice", 1)
    assert "14" in sail_targets(G3, s) and "15" not in sail_targets(G3, s)
    act(G3, s, "sail_to", loc("13") - 1)
    assert MAIN_CITY in legal(G3, s, "main_action")
