"""Observations and hidden information (SM-1.6, SM-9.1 - SM-9.7, docs/rules/spanish_main.md "Observation").

The central check (SM-9.5): two positions that differ only in information a seat
may not see give that seat identical observations and identical legal masks.
"""

import copy

import numpy as np
import pytest

from games.spanish_main import data as D
from games.spanish_main.spaces import OBS

from .positions import accuse, build, build_json, make, pass_, ship, step

G = make(3)
ROW = "E1(2) S1* D1(1) E2 S2(3) D2* E3 S3(1) D3"


def obs(g, s, p):
    return g.observe(s, p)[0]


def view(g, s, p, name):
    return OBS.view(obs(g, s, p), name)


def variant(g, obj, edit):
    o = copy.deepcopy(obj)
    edit(o["state"])
    return g.from_json(o)


def test_other_players_ownership_is_invisible():
    # SM-9.1, SM-9.2, SM-9.5: seat 0 keeps its ships; the others' and the removed ones differ
    a = build(G, row=ROW, owners=["E1 S1", "D1 E2", "S2 D2"], current=0)
    b = build(G, row=ROW, owners=["E1 S1", "E3 D3", "S3 D1"], current=0)
    assert np.array_equal(obs(G, a, 0), obs(G, b, 0))
    assert np.array_equal(G.legal_action_mask(a), G.legal_action_mask(b))
    assert not np.array_equal(obs(G, a, 1), obs(G, b, 1))  # seat 1 does see its own change


def test_deck_orders_and_rng_are_invisible():
    # SM-1.6, SM-3.3, SM-3.5, SM-9.5: deck orders (and the engine's random stream) are hidden
    obj = build_json(G, row=ROW)

    def shuffle_decks(st):
        n, m = st["adv_deck_len"], st["move_deck_len"]
        st["adv_deck"][:n] = st["adv_deck"][:n][::-1]
        st["move_deck"][:m] = st["move_deck"][:m][::-1]
        st["rng"] = [12345, 6]

    a, b = G.from_json(obj), variant(G, obj, shuffle_decks)
    assert not G.equal(a, b)
    for p in range(3):
        assert np.array_equal(obs(G, a, p), obs(G, b, p))
    assert np.array_equal(G.legal_action_mask(a), G.legal_action_mask(b))


def test_hands_are_private_in_move_cards_in_hand():
    # SM-10.2.1, SM-1.6: each hand is visible only to its owner; sizes are public
    g = make(3, move_cards_in_hand=True)
    a = build(g, hands=[["M01", "M02", "M03"], ["M11", "M11", "M04"], ["M05", "M06", "M07"]], current=0)
    b = build(g, hands=[["M01", "M02", "M03"], ["M08", "M09", "M12"], ["M11", "M10", "M04"]], current=0)
    assert np.array_equal(obs(g, a, 0), obs(g, b, 0))
    assert view(g, a, 1, "my_hand").tolist() == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0]
    assert view(g, a, 1, "hand_sizes").tolist() == [3, 3, 3, 0]


def test_own_pirates_visible_only_to_their_owner():
    # SM-9.1: "mine" marks exactly the observer's ships
    s = build(G, row=ROW, owners=["E1 S1", "D1 E2", "S2 D2"])
    for p, ships in enumerate(["E1 S1", "D1 E2", "S2 D2"]):
        mine = view(G, s, p, "mine")
        assert np.flatnonzero(mine).tolist() == sorted(ship(x) for x in ships.split())


def test_public_board_is_the_same_for_everyone():
    # SM-4.4, "Observation" items 1, 4, 5, 6: row, damage, fame, banks, adventures, move cards
    s = build(
        G,
        row=ROW,
        banked=[1, 4, 2],
        adventure="Mermaids",
        discard=["Kraken", "Volcano"],
        discard_unknown=2,
        move_row=["M01", "M11", "M11"],
        move_discard=["M05"],
    )
    rec = s[0]
    for p in range(3):
        o = obs(G, s, p)
        v = lambda name: OBS.view(o, name)
        assert np.array_equal(v("row").argmax(axis=1), rec["row"])
        assert v("row").sum() == 9
        assert np.array_equal(v("damaged"), rec["damaged"]) and np.array_equal(v("fame"), rec["fame"])
        assert v("banked").tolist() == [[1, 4, 2][(p + r) % 3] for r in range(3)] + [0]  # seat-relative
        assert v("adventure_queue")[0].argmax() == D.ADV_NAMES.index("Mermaids") and v("adventure_queue")[1:].sum() == 0
        assert v("adventure_deck_size")[0] == rec["adv_deck_len"]
        assert np.array_equal(v("adventure_discard"), rec["adv_discard"])
        assert v("adventure_discard_unknown")[0] == 2
        assert np.array_equal(v("adventures_seen"), rec["adv_seen"])
        assert v("fame_drawn_unseen")[0] == rec["fame_drawn_unseen"]
        assert v("move_row").tolist() == [1] + [0] * 9 + [2, 0]
        assert v("move_deck_size")[0] == rec["move_deck_len"]
        assert np.array_equal(v("move_discard"), rec["move_discard"])
        assert v("num_players").tolist() == [0, 1, 0]
        assert v("seat_exists").tolist() == [1, 1, 1, 0]


def test_seats_are_relative_to_the_observer():
    # "Observation" item 8: active and first player as offsets from the observer
    s = build(G, current=2, first=1)
    for p in range(3):
        assert view(G, s, p, "active").argmax() == (2 - p) % 3
        assert view(G, s, p, "first_player").argmax() == (1 - p) % 3
    assert view(G, s, 0, "turn")[0] == s[0]["turn"]


def test_revealed_owner_after_correct_accusation():
    # SM-5.4.4, "Observation" item 2: a revealed owner is public, seat-relative
    s = build(
        G,
        row="E1 S1 D1* E2(4) S2 D2* E3 S3 D3*",
        owners=["E1 S1", "E2 S2", "E3 S3"],
        adventure="Dutch Attack",
        current=0,
    )
    step(G, s, accuse(G, 1, "E2"))
    for p in range(3):
        rev = view(G, s, p, "revealed_owner")
        assert rev.sum() == 1 and rev[ship("E2"), (1 - p) % 3] == 1


def test_mutiny_unowned_ship_becomes_public():
    # SM-6.9.16 step 3, SM-9.6, "Observation" item 3
    s = build(G, row="S3 E1 D1 E2 S2 D2 E3 S1 D3", owners=["E1 S1", "E2 S2", "E3 D1"], adventure="Mutiny")
    step(G, s, pass_(G))
    for p in range(3):
        assert np.flatnonzero(view(G, s, p, "known_unowned")).tolist() == [ship("S3")]


def test_fame_drawn_unseen_does_not_reveal_identities():
    # GAP-17, SM-9.7: which cards were drawn as fame is hidden; only their number is public
    obj = build_json(G, row="E1(2) S1 D1 E2 S2 D2 E3 S3 D3")
    st = obj["state"]
    n = st["adv_deck_len"]
    deck = st["adv_deck"][:n]
    # exchange a deck card with a card drawn unseen as fame: only the deck's composition changes
    pool = np.array(D.ADV_COUNT) - np.bincount(deck, minlength=24) - np.array(st["adv_seen"])
    k_out = int(np.flatnonzero(pool)[0])
    j = next(i for i, k in enumerate(deck) if k != k_out)

    def swap(s2):
        s2["adv_deck"][j] = k_out

    a, b = G.from_json(obj), variant(G, obj, swap)
    for p in range(3):
        assert np.array_equal(obs(G, a, p), obs(G, b, p))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_observation_size_and_finiteness(n):
    g = make(n)
    s = g.init(np.arange(3))
    for p in range(n):
        o = g.observe(s, p)
        assert o.shape == (3, OBS.size) and o.dtype == np.float32 and np.isfinite(o).all()
