"""``resample_hidden`` for Spanish Main: what a seat cannot see is redrawn, what it knows stays.

Rules: SM-3.4 and SM-9.1/SM-9.2 (who sees which pirate cards), SM-5.4.4/SM-5.4.5 and
SM-9.6 (public facts about ownership), SM-3.3 and SM-9.5 (the adventure deck), SM-10.2
(hands of move cards), SM-8.1 (the final reveal).
"""

import itertools

import numpy as np

from tests.spanish_main.positions import build, make, ship

SEEDS = np.arange(1200)


def _position(g):
    # seat 0 owns E1 S1; seat 1 E2 (revealed) D2; seat 2 E3 S3; S2 D1 D3 unowned, D3 known so (Mutiny)
    not_owner = np.zeros((4, 9), dtype=int)
    not_owner[2, ship("S2")] = not_owner[2, ship("D2")] = 1  # wrong accusations against seat 2
    not_owner[1, ship("E3")] = 1
    return build(
        g,
        owners=["E1 S1", "E2 D2", "E3 S3"],
        revealed=["E2"],
        known_unowned=["D3"],
        discard=["Mutiny"],
        turn=6,
        fields={"known_not_owner": not_owner.tolist()},
    )


def _consistent_assignments(state, player):
    """Every owner vector that agrees with what ``player`` knows, by brute force."""
    rec = state[0]
    hidden = [
        s for s in range(9) if rec["owner"][s] != player and not rec["revealed"][s] and not rec["known_unowned"][s]
    ]
    labels = sorted(int(rec["owner"][s]) for s in hidden)
    out = set()
    for perm in set(itertools.permutations(labels)):
        if all(q < 0 or not rec["known_not_owner"][q, s] for q, s in zip(perm, hidden)):
            own = rec["owner"].copy()
            own[hidden] = perm
            out.add(tuple(int(x) for x in own))
    return out


def test_owners_keep_every_public_fact():
    # SM-9.1: own pirates stay; SM-5.4.4: a revealed owner stays; SM-9.6: a known unowned
    # ship stays unowned; SM-3.4: each seat keeps its number of pirates; SM-5.4.5: no seat
    # gets a ship it is known not to own
    g = make(3)
    state = _position(g)
    res = g.resample_hidden(state[0], 0, SEEDS)
    own = res["owner"]
    assert np.all(own[:, ship("E1")] == 0) and np.all(own[:, ship("S1")] == 0)
    assert np.all(own[:, ship("E2")] == 1)
    assert np.all(own[:, ship("D3")] == -1)
    for q in range(3):
        assert np.all((own == q).sum(axis=1) == 2)
    assert not np.any(own[:, ship("S2")] == 2) and not np.any(own[:, ship("D2")] == 2)
    assert not np.any(own[:, ship("E3")] == 1)


def test_owners_uniform_over_consistent_assignments():
    # SM-9.2: nobody knows which ships are unowned: every consistent assignment is as likely
    g = make(3)
    state = _position(g)
    allowed = _consistent_assignments(state, 0)
    res = g.resample_hidden(state[0], 0, SEEDS)
    seen = [tuple(int(x) for x in row) for row in res["owner"]]
    assert set(seen) == allowed
    counts = np.array([seen.count(a) for a in sorted(allowed)])
    expected = len(SEEDS) / len(allowed)
    assert np.all(np.abs(counts - expected) < 5 * np.sqrt(expected))


def test_other_seat_view_keeps_its_own_pirates():
    # SM-9.1 from seat 2's side: E3 S3 stay its own, seat 0's ships are redrawn
    g = make(3)
    state = _position(g)
    res = g.resample_hidden(state[0], 2, SEEDS[:200])
    assert np.all(res["owner"][:, ship("E3")] == 2) and np.all(res["owner"][:, ship("S3")] == 2)
    assert len({tuple(r) for r in res["owner"]}) > 1


def test_adventure_deck_from_the_never_seen_cards():
    # SM-3.3, SM-9.5: the deck order and which unseen cards are still in it are hidden
    from games.spanish_main import data as D

    g = make(3)
    state = g.init(np.array([5]))
    res = g.resample_hidden(state[0], 0, SEEDS[:100])
    for rec in res:
        deck = np.bincount(rec["adv_deck"][: rec["adv_deck_len"]], minlength=D.NUM_ADVENTURE_KINDS)
        assert np.all(deck + rec["adv_seen"] <= D.ADV_COUNT)
    assert np.all(res["adv_deck_len"] == state["adv_deck_len"][0])
    assert len({bytes(r) for r in res["adv_deck"]}) == 100


def test_move_hands_redrawn_by_size():
    # SM-10.2: the other hands and the move deck are pooled; sizes and the own hand stay
    g = make(3, move_cards_in_hand=True)
    state = g.init(np.array([3]))
    res = g.resample_hidden(state[0], 1, SEEDS[:100])
    assert np.all(res["hand"][:, 1] == state["hand"][0, 1])
    assert np.all(res["hand"].sum(axis=2) == state["hand"][0].sum(axis=1))

    def pool(rec):
        deck = np.bincount(rec["move_deck"][: rec["move_deck_len"]], minlength=rec["hand"].shape[1])
        return deck + rec["hand"][0] + rec["hand"][2]

    assert all(np.array_equal(pool(r), pool(state[0])) for r in res)
    assert len({bytes(r) for r in res["hand"]}) > 1


def test_final_reveal_keeps_the_owners():
    # SM-8.1: after the game every owner is public
    g = make(3)
    state = _position(g)
    state["terminated"] = 1
    state["current_player"] = -1
    res = g.resample_hidden(state[0], 0, SEEDS[:50])
    assert np.all(res["owner"] == state["owner"][0])


def test_seeds_restart_the_future():
    # the copies' later chance events come from their seeds: same seed, same future
    g = make(3)
    state = _position(g)
    a = g.resample_hidden(state[0], 0, np.array([7, 8]))
    b = g.resample_hidden(state[0], 0, np.array([7, 8]))
    assert a.tobytes() == b.tobytes()
    assert not np.array_equal(a["rng"][0], a["rng"][1])
