"""Rule tests per chapter of docs/rules/pirates_of_nassau.md (IDs cited per test); the
worked scenarios PN-T1 .. PN-T15 are in test_scenarios.py."""

import numpy as np
import pytest

import games
from games.core.errors import PositionError
from games.pirates_of_nassau import data as D
from tests.pirates_of_nassau.positions import (
    Decision,
    Step,
    act,
    give_token,
    legal,
    load,
    navy_display,
    pirate_turn,
    record_plunder,
    set_display,
    set_hold,
    start,
    to_step,
)

PASS, TRADE_WINDS, PLUNDER, RAID, SM_GUNPOWDER, SM_GOODS, SM_RUM, SM_PESOS = range(8)


def random_play(g, st, seed=0, until=None):
    rng = np.random.default_rng(seed)
    while not st[0]["terminated"] and not (until and until(st[0])):
        a = g.legal_actions(st[0])
        g.step(st, np.array([a[rng.integers(len(a))]]))


def test_board_layout():
    # PN-3.2 - PN-3.5, PD-1: 7 ports, 11 trade routes (4/4/3), port cannon 4 + r
    assert D.PORTS == (1, 4, 9, 12, 16, 18, 20)
    assert [sum(1 for p in D.ROUTES if D.POS_REGION[p] == r) for r in (1, 2, 3)] == [4, 4, 3]
    assert [int(D.PORT_CANNON[p]) for p in D.PORTS] == [5, 5, 6, 6, 7, 7, 7]
    assert D.POS_KIND[7] == D.POS_KIND[14] == D.INTERMEDIATE and D.POS_NAME[1] == "La Havana"


@pytest.mark.parametrize("n, deck", [(3, 19), (4, 25), (5, 31)])
def test_setup_by_player_count(n, deck):
    # PN-4.2 - PN-4.9, PN-4.8 table: navy deck 12/6+1, 16/8+1, 20/10+1; N on display
    g, st = start(n, 3)
    r = st[0]
    assert r["navy_deck_len"] + n == deck and (r["navy_display"][:n] >= 0).all()
    assert D.GAME_END not in r["navy_display"].tolist()
    for s in range(3):
        assert (r["display"][s * 5 : s * 5 + n] >= 0).all() and (r["display"][s * 5 + n : (s + 1) * 5] == -1).all()
    assert all(r["route_card"][p] >= 0 for p in D.ROUTES)
    assert sorted(r["notoriety"][:n].tolist()) == list(range(1, n + 1))
    assert (r["pos"][:n] == 0).all() and (r["hold"] == 0).all() and (r["slot"] == -1).all()
    obs = g.obs_layout.decode(g.observe(st, 0)[0])
    assert obs.players.capacity[:n].tolist() == [6] * n and obs.players.sail[0] == 1 and obs.players.cannon[0] == 1


def test_phase1_above_phase2():
    # PN-4.3 step 3: phase-1 cards are revealed before any phase-2 card
    for seed in range(10):
        g, st = start(4, seed)
        r = st[0]
        top = r["navy_deck"][: r["navy_deck_len"]][::-1]
        phases = D.NAVY_PHASE[top]
        assert (np.diff(phases) >= 0).all() and (D.NAVY_PHASE[r["navy_display"][:4]] == 1).all()


def test_dice_rerolled_each_round():
    # PN-6.1, PN-15: a new round rolls new dice, cards come back, tokens are ready again
    g, st = start(3, 4)
    random_play(g, st, 1, until=lambda r: r["round_no"] == 2)
    r = st[0]
    assert r["step"] == Step.PIRATE and r["played"].sum() == 0 and r["slot_used"].sum() == 0
    assert ((r["dice"][:3] >= 1) & (r["dice"][:3] <= 6)).all()
    assert (r["die_pos"] == 0).all() and (r["pos"] == 0).all()


def test_smuggle_needs_room():
    # PN-8.7, GAP-19: no free space -> no smuggle (and so no ransom)
    g, st = start(4, 5)
    pirate_turn(st, 0, [(2, 16), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, goods=4, hostage=1)
    s = load(g, st)
    act(g, s, "action", SM_RUM)  # room for 1 of the 2
    assert s[0]["hold"][0, 3] == 1 and s[0]["decision"] == Decision.RANSOM
    g, st = start(4, 5)
    pirate_turn(st, 0, [(2, 16), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, goods=6)
    s = load(g, st)
    assert set(legal(g, s, "action")) == {PASS, RAID}


def test_discard_makes_room_for_the_smuggle():
    # PN-8.13, GAP-17, PN-8.7: at a region-3 port with one free space, discarding an old
    # item first lets the player take both smuggled goods; the action is still to choose
    g, st = start(4, 5)
    pirate_turn(st, 0, [(2, 16), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, rum=3, gunpowder=2)  # 5 of 6
    s = load(g, st)
    assert legal(g, s, "remove_item") == [D.I_GUNPOWDER, D.I_RUM]
    act(g, s, "remove_item", D.I_RUM)
    r = s[0]
    assert r["decision"] == Decision.ACTION and r["current_player"] == 0
    assert r["hold"][0].tolist() == [0, 2, 0, 2, 0] and r["supply"][D.I_RUM] == 18
    assert legal(g, s, "remove_item") == []  # the hold has room for 2 now: no discard helps
    act(g, s, "action", SM_GOODS)
    assert s[0]["hold"][0].tolist() == [0, 2, 2, 2, 0]


def test_discard_before_a_smuggle_with_a_full_hold():
    # PN-8.13, GAP-17, GAP-19: a full hold rules out smuggling, so a discard is offered
    g, st = start(4, 5)
    pirate_turn(st, 0, [(2, 4), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, rum=6)
    s = load(g, st)
    assert set(legal(g, s, "action")) == {PASS, RAID} and legal(g, s, "remove_item") == [D.I_RUM]
    act(g, s, "remove_item", D.I_RUM)
    assert set(legal(g, s, "action")) == {PASS, RAID, SM_GUNPOWDER, SM_GOODS}


def test_discard_only_where_it_changes_the_smuggle():
    # PN-8.13, GAP-17: no discard with room for the whole offer, at a raided port
    # (PN-8.10) or away from a port
    g, st = start(4, 5)
    pirate_turn(st, 0, [(2, 4), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, rum=5)  # room for the 1 a region-1 port offers
    assert legal(g, load(g, st), "remove_item") == []
    st[0]["hold"][0, D.I_RUM] = 6
    st[0]["supply"][D.I_RUM] -= 1
    st[0]["raided"][4] = 1
    assert legal(g, load(g, st), "remove_item") == []
    g, st = start(4, 5)
    pirate_turn(st, 0, [(2, 3), (1, 0), (1, 0)], action=True)  # a trade route
    set_hold(st, 0, rum=6)
    assert legal(g, load(g, st), "remove_item") == []


def smuggled_with_hostages(hostages):
    """Player 0 has smuggled goods at an unraided port holding ``hostages``: the ransom is offered (PN-8.8)."""
    g, st = start(4, 5)
    pirate_turn(st, 0, [(2, 4), (1, 0), (1, 0)], action=True)
    set_hold(st, 0, hostage=hostages)
    s = load(g, st)
    act(g, s, "action", SM_GOODS)
    return g, s


def test_plank_withdraws_the_ransom():
    # PN-8.8, PN-8.14, GAP-16: a ransom needs a held hostage; walking the last one off the
    # plank while the ransom is pending withdraws the ransom (the turn goes on as after a "no")
    g, s = smuggled_with_hostages(1)
    assert s[0]["decision"] == Decision.RANSOM and legal(g, s, "ransom") == [0, 1]
    act(g, s, "walk_plank")
    r = s[0]
    assert r["hold"][0, D.I_HOSTAGE] == 0 and r["plank"][0] == 1 and r["supply"][D.I_HOSTAGE] == 6
    assert r["decision"] == Decision.MOVE and r["current_player"] != 0  # the turn ended
    g.from_json(g.to_json(r))  # a position the engine accepts


def test_plank_keeps_the_ransom_while_a_hostage_is_held():
    # PN-8.8, PN-8.14: with a second hostage the ransom is still open after a walk
    g, s = smuggled_with_hostages(2)
    act(g, s, "walk_plank")
    assert s[0]["decision"] == Decision.RANSOM and legal(g, s, "ransom") == [0, 1]
    act(g, s, "ransom", 1)
    assert s[0]["hold"][0].tolist() == [1, 0, 1, 0, 0] and s[0]["plank"][0] == 1


def test_walk_the_plank_scores_three():
    # PN-8.14, PN-9.2: a hostage walked in step 2 gives +3 in this round's step 3
    g, st = start(4, 6)
    to_step(st, Step.NOTORIETY)
    p = int(st[0]["current_player"])
    set_hold(st, p, hostage=1)
    s = load(g, st)
    v = int(s[0]["notoriety"][p])
    act(g, s, "walk_plank")
    assert s[0]["plank"][p] == 1 and s[0]["decision"] == Decision.ADJUST
    act(g, s, "end_adjust")
    assert s[0]["notoriety"][p] == v + 3


def test_plank_window_option():
    # GAP-16: plank_any_time=False offers WALK_PLANK only until the own step-3 adjustment
    for any_time, offered in ((True, [0]), (False, [])):
        g, st = start(4, 6, plank_any_time=any_time)
        to_step(st, Step.BUY)
        p = int(st[0]["current_player"])
        set_hold(st, p, hostage=1)
        s = load(g, st)
        assert legal(g, s, "walk_plank") == offered


def test_step3_cleanup():
    # PN-9.5: merchants to their decks in plunder order, plank hostages and trade winds back
    g, st = start(3, 7)
    to_step(st, Step.NOTORIETY)
    order = st[0]["order"][:3].tolist()
    record_plunder(st, order[0], "M2-05")
    record_plunder(st, order[1], "M1-03")
    st[0]["plank"][order[1]] = 1
    st[0]["supply"][4] -= 1
    st[0]["tw_held"][order[2]] = 1
    st[0]["die_tw"][order[0], 1] = 1
    st[0]["tw_supply"] -= 2
    s = load(g, st)
    for _ in range(3):
        while s[0]["decision"] == Decision.COLLISION:
            act(g, s, "collision", 0)
        if s[0]["step"] == Step.NOTORIETY:
            act(g, s, "end_adjust")
    r = s[0]
    assert r["step"] == Step.NAVY and r["plundered_len"] == 0
    assert r["m_deck"][1][0] == D.MERCHANT_IDS.index("M2-05") and r["m_deck"][0][0] == D.MERCHANT_IDS.index("M1-03")
    assert r["supply"][4] == 7 and r["tw_supply"] == 10 and r["die_tw"].sum() == 0 and r["plank"].sum() == 0


def test_empty_ocean_and_free_penalty():
    # PN-10.3: no card played; PN-10.6a: LOSE_HALF_CARGO with an empty hold is allowed
    g, st = start(3, 8)
    to_step(st, Step.NAVY)
    navy_display(st, ["N1-01", "N1-05", "N1-06"])
    s = load(g, st)
    p = int(s[0]["current_player"])
    act(g, s, "navy_pick", 0)
    assert s[0]["played"][p].sum() == 0 and s[0]["current_player"] != p
    q = int(s[0]["current_player"])
    act(g, s, "navy_pick", 1)  # (1, 2)
    act(g, s, "captain_card", 2)  # (2, 1): sail 3 > 1, cannon 2 not > 2
    assert s[0]["decision"] == Decision.PENALTY and legal(g, s, "navy_penalty") == [0, 1]
    act(g, s, "navy_penalty", 1)
    assert s[0]["current_player"] != q and s[0]["hold"][q].sum() == 0


def test_sections_pass_and_replacement():
    # PN-11.2 (a pass is final, GAP-25), PN-11.4 (capacity 9), PN-11.5 (replacement discarded)
    g, st = start(3, 9)
    to_step(st, Step.BUY)
    p = int(st[0]["current_player"])
    set_hold(st, p, gunpowder=4, goods=3, rum=2)
    give_token(st, p, 0, "H-A")
    set_display(st, 0, "H-C")
    s = load(g, st)
    assert legal(g, s, "buy_section") == [0]
    act(g, s, "buy_section")
    assert s[0]["sections"][p] == 1
    obs = g.obs_layout.decode(g.observe(s, p)[0])
    assert obs.players.capacity[0] == 9 and obs.slots.available[0][7] == 1 and obs.slots.available[0][11] == 0
    act(g, s, "nassau_pass")
    act(g, s, "nassau_pass")
    assert s[0]["current_player"] == p
    discards = int(s[0]["discard"][0])
    act(g, s, "buy_token", 0 * D.NUM_SLOTS + 0)  # Figurehead over the Cannon
    assert s[0]["slot"][p, 0] == D.TOKEN_IDS.index("H-C") and s[0]["discard"][0] == discards + 1
    act(g, s, "nassau_pass")
    assert s[0]["step"] == Step.BURY


def test_convert_bury_and_final_check():
    # PN-11.8 (3 resources -> 1 peso, bury), PN-11.7 (exchange beyond storage), PN-11.10
    g, st = start(3, 10)
    to_step(st, Step.BURY)
    p = int(st[0]["current_player"])
    set_hold(st, p, gunpowder=1, goods=1, rum=1, peso=4)
    s = load(g, st)
    m = [(a, b, c) for a in range(3) for b in range(a, 3) for c in range(b, 3)].index((0, 1, 2))
    assert legal(g, s, "convert") == [m]
    act(g, s, "convert", m)
    assert s[0]["hold"][p].tolist() == [5, 0, 0, 0, 0]
    act(g, s, "bury", 0)
    assert s[0]["chest"][p] == 1
    act(g, s, "exchange_peso", 2)
    act(g, s, "exchange_peso", 2)
    act(g, s, "exchange_peso", 2)
    assert s[0]["hold"][p].sum() == 7  # over the 6 spaces until the end of step 5
    while s[0]["step"] == Step.BURY:
        act(g, s, "bury", 2)
    assert s[0]["step"] == Step.CHECK and s[0]["current_player"] == p
    act(g, s, "remove_item", 3)
    assert s[0]["step"] == Step.PIRATE and s[0]["hold"][p].sum() == 6


def test_game_ends_in_rounds_four_to_six():
    # PN-12.2, PD-3: the Game End card appears in step 6 of round 4, 5 or 6
    for n in (3, 4, 5):
        g = games.make("pirates_of_nassau", num_players=n)
        st = g.init(np.arange(32))
        rng = np.random.default_rng(n)
        while not g.terminated(st).all():
            mask = g.legal_action_mask(st)
            score = rng.random(mask.shape)
            score[~mask] = -1
            g.step(st, score.argmax(axis=1))
        assert set(st["round_no"].tolist()) <= {4, 5, 6}
        assert all(D.GAME_END in r["navy_display"].tolist() for r in st)


def test_restock_nassau():
    # PN-14.1, PN-14.2: the display goes to the discards, N new tokens of each stack
    g, st = start(3, 11)
    shown = st[0]["display"].copy()
    random_play(g, st, 2, until=lambda r: r["round_no"] == 2)
    r = st[0]
    left = [int(t) for t in shown if t >= 0]
    bought = sum(int((r["slot"][p] >= 0).sum()) for p in range(3))
    assert int(r["discard"].sum()) >= len(left) - bought
    for s in range(3):
        assert (r["display"][s * 5 : s * 5 + 3] >= 0).all()


def test_observation_hides_chests_and_orders():
    # PN-18.2, PN-20.2, PN-20.3: chests private until the end; deck orders never shown
    g, st = start(4, 12)
    to_step(st, Step.BUY)
    st[0]["chest"][:4] = (5, 6, 7, 8)
    s = load(g, st)
    for p in range(4):
        chest = g.obs_layout.view(g.observe(s, p)[0], "chest")
        assert chest[:4].tolist() == [5 + p, 0, 0, 0]
    shuffled = s.copy()
    r = shuffled[0]
    r["m_deck"][0][: r["m_deck_len"][0]] = r["m_deck"][0][: r["m_deck_len"][0]][::-1]
    k = int(r["stack_len"][2])
    r["stack"][2][:k] = r["stack"][2][:k][::-1]
    for p in range(4):
        assert np.array_equal(g.observe(s, p), g.observe(shuffled, p))


def test_final_observation_reveals_everything():
    # PN-20.4: every chest, the category points, VP and ranks once the game is over
    g, st = start(3, 13)
    random_play(g, st, 3)
    obs = g.obs_layout.decode(g.observe(st, 1)[0])
    vp = g.scores(st)[0]
    assert obs.final.vp[:3].tolist() == [vp[1], vp[2], vp[0]]
    assert obs.chest[:3].tolist() == [st[0]["chest"][1], st[0]["chest"][2], st[0]["chest"][0]]


def test_action_space_and_labels():
    # PN-19.2: the flat space of 342 actions in named families; labels a person reads
    g, st = start(4, 14)
    assert g.num_actions == 342
    pirate_turn(st, 0, [(3, 3), (1, 0), (1, 0)], action=True)
    s = load(g, st)
    card = int(s[0]["route_card"][3])
    label = g.action_label(s[0], g.action_id("action", PLUNDER))
    assert label == (f"Plunder merchant {D.MERCHANT_IDS[card]} at 3 (sail {D.M_SAIL[card]}, cannon {D.M_CANNON[card]})")
    act(g, s, "action", PLUNDER)
    label = g.action_label(s[0], g.action_id("captain_card", 2))
    assert label.startswith("Play captain card 3 (sail 2, cannon 1) against merchant ")  # numbered from 1 on screen
    for a in g.legal_actions(s[0]):
        assert g.action_from_label(s[0], g.action_label(s[0], a)) == a


def test_labels_unique_along_a_game():
    # PN-19.1: every legal action has its own label (the golden playthrough replays labels)
    g, st = start(5, 15)
    rng = np.random.default_rng(4)
    while not st[0]["terminated"]:
        acts = g.legal_actions(st[0])
        labels = [g.action_label(st[0], a) for a in acts]
        assert len(set(labels)) == len(labels), labels
        g.step(st, np.array([acts[rng.integers(len(acts))]]))


def test_bad_positions_name_the_field():
    # PN-2.1 conservation, PN-9.4 distinct notoriety, PN-19.3 pending decision
    g, st = start(4, 16)
    doc = g.to_json(st[0])
    cases = {
        "supply": lambda s: s["supply"].__setitem__(1, s["supply"][1] - 1),
        "notoriety": lambda s: s["notoriety"].__setitem__(1, s["notoriety"][0]),
        "decision": lambda s: s.__setitem__("decision", int(Decision.BURY)),
        "route_card": lambda s: s["route_card"].__setitem__(7, s["route_card"][2]),
    }
    for field, edit in cases.items():
        bad = {**doc, "state": {k: (list(v) if isinstance(v, list) else v) for k, v in doc["state"].items()}}
        edit(bad["state"])
        with pytest.raises(PositionError) as err:
            g.from_json(bad)
        assert err.value.field in doc["state"], err.value  # a field of the record, named


# ----- the optional flags: GAP-8 starting tokens, PN-19.3 auto-resolution ------------------------
def test_random_starting_tokens():
    # GAP-8 option: seat by seat, the top token of each stack goes onto the first empty slot of
    # its kind on the bow and stern (PD-5), else to the discard pile; then the display (PN-4.5)
    n = 4
    g0, off = start(n, 21)
    g1, on = start(n, 21, random_starting_tokens=True)
    r0, r1 = off[0], on[0]
    bow_stern = [k for k in range(D.NUM_SLOTS) if D.SLOT_SECTION[k] == 0]
    discarded = np.zeros(D.NUM_TOKEN_TYPES, dtype=np.int64)
    for p in range(n):
        expect = {}
        for s in range(3):
            t = int(r0["display"][s * 5 + p])  # without the option, seat p's token is dealt to the display
            k = next((k for k in bow_stern if D.SLOT_KIND[k] == D.T_SLOT[t] and k not in expect), None)
            if k is None:
                discarded[t] += 1
            else:
                expect[k] = t
        assert {k: int(t) for k, t in enumerate(r1["slot"][p]) if t >= 0} == expect
        assert not r1["slot_used"][p].any()
    assert r1["discard"].tolist() == discarded.tolist()
    for s in range(3):  # the display is the next N tokens of each stack
        top = r0["stack"][s][: r0["stack_len"][s]][::-1][:n]
        assert r1["display"][s * 5 : s * 5 + n].tolist() == top.tolist()
    assert (r0["slot"] == -1).all()  # off (the default): ships start bare (PN-4.4)
    load(g1, on)  # PN-2.1: every token is still accounted for
    obs = g1.obs_layout.decode(g1.observe(on, 0)[0])
    tokens = [t for t in r1["slot"][0] if t >= 0]
    assert obs.players.sail[0] == D.PRINTED_SAIL + sum(D.T_SAIL[t] for t in tokens)  # PN-8.16


def test_auto_resolve_takes_only_forced_decisions():
    # PN-19.3 option: after each action the engine takes every decision with one legal action;
    # every other decision is still asked, of the same player, and the game is the same game
    off, a = start(4, 31)
    on, b = start(4, 31, auto_resolve=True)
    rng = np.random.default_rng(5)
    forced = 0
    while not a[0]["terminated"]:
        acts = off.legal_actions(a[0])
        if len(acts) == 1:
            forced += 1
            off.step(a, np.array(acts))
            continue
        assert b[0]["current_player"] == a[0]["current_player"]
        assert on.legal_actions(b[0]) == acts
        choice = np.array([acts[rng.integers(len(acts))]])
        off.step(a, choice)
        on.step(b, choice)
    assert forced > 0 and b[0]["terminated"]
    for name in a.dtype.names:
        if name != "auto_resolve":
            assert np.array_equal(a[0][name], b[0][name]), name


def test_option_flags_are_checked():
    # GAP-8, PN-19.3: the flags are booleans, and a record made with other flags is refused
    for name in ("random_starting_tokens", "auto_resolve"):
        with pytest.raises(ValueError, match=name):
            games.make("pirates_of_nassau", **{name: 1})
        g, st = start(4, 3, **{name: True})
        plain = games.make("pirates_of_nassau")
        with pytest.raises(PositionError) as err:
            plain.from_json(g.to_json(st[0]))
        assert err.value.field == "options"  # the document says which options made it
        doc = {**g.to_json(st[0]), "options": plain.options}
        with pytest.raises(PositionError) as err:
            plain.from_json(doc)
        assert err.value.field == name  # and so does the record
