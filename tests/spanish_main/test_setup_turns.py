"""Setup (SM-3), turn structure (SM-4) and the action index layout ("Decision points")."""

import numpy as np
import pytest

from games.spanish_main import data as D
from games.spanish_main.spaces import OBS

from .positions import build, legal, make, pass_, play, repair, step

SEEDS = np.arange(40)


@pytest.mark.parametrize("n, per_player, unowned", [(2, 3, 3), (3, 2, 3), (4, 2, 1)])
def test_pirate_deal_by_player_count(n, per_player, unowned):
    # SM-3.1, SM-3.4: pirate cards per player; the rest are removed unseen
    g = make(n)
    s = g.init(SEEDS)
    for rec in s:
        counts = np.bincount(rec["owner"][rec["owner"] >= 0], minlength=n)
        assert counts.tolist() == [per_player] * n
        assert (rec["owner"] == -1).sum() == unowned
        assert not rec["revealed"].any() and not rec["known_unowned"].any()
    # the deal is random: the removed set is not the same in every game
    removed = {tuple(np.flatnonzero(rec["owner"] == -1)) for rec in s}
    assert len(removed) > 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_removed_pirates_hidden_from_every_observation(n):
    # SM-3.4, SM-9.2: nobody learns the removed cards; each seat sees only its own
    g = make(n)
    s = g.init(SEEDS[:10])
    for p in range(n):
        obs = g.observe(s, p)
        mine = OBS.view(obs, "mine")
        assert np.array_equal(mine, (s["owner"] == p).astype(np.float32))
        assert not OBS.view(obs, "revealed_owner").any()
        assert not OBS.view(obs, "known_unowned").any()
        assert not OBS.view(obs, "terminal_owner").any()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ship_row_and_fame_at_setup(n):
    # SM-3.2: a random permutation, all undamaged, no fame; SM-3.7: banks at 0
    s = make(n).init(SEEDS)
    for rec in s:
        assert sorted(rec["row"].tolist()) == list(range(9))
        assert not rec["damaged"].any() and not rec["fame"].any() and not rec["banked"].any()
    assert len({tuple(rec["row"]) for rec in s}) > 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_adventure_deck_at_setup(n):
    # SM-3.3: 58 shuffled cards, the top one face up, 57 in the deck, empty discard
    s = make(n).init(SEEDS)
    for rec in s:
        assert rec["adv_queue_len"] == 1 and rec["adv_deck_len"] == 57
        cards = np.bincount(rec["adv_deck"][:57], minlength=24) + np.bincount(rec["adv_queue"][:1], minlength=24)
        assert np.array_equal(cards, D.ADV_COUNT)  # SM-2.2 / SM-2.3 counts, 58 in all
        assert rec["adv_seen"].tolist() == np.bincount(rec["adv_queue"][:1], minlength=24).tolist()
        assert not rec["adv_discard"].any() and rec["adv_discard_unknown"] == 0
        assert rec["fame_drawn_unseen"] == 0 and rec["virtual_fame"] == 0
    assert D.ADV_COUNT.sum() == 58 and D.ADV_COUNT[:10].sum() == 29  # SM-2.3
    assert len({int(rec["adv_queue"][0]) for rec in s}) > 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_move_cards_at_setup(n):
    # SM-3.5: 24 cards, 3 face up, 21 in the deck; SM-2.5: Fog = 1 (GAP-2)
    s = make(n).init(SEEDS)
    assert D.MOVE_COUNT.tolist() == [2, 3, 4, 3, 1, 1, 1, 1, 1, 1, 5, 1]
    for rec in s:
        assert rec["move_row"].sum() == 3 and rec["move_deck_len"] == 21
        cards = np.bincount(rec["move_deck"][:21], minlength=12) + rec["move_row"]
        assert np.array_equal(cards, D.MOVE_COUNT)
        assert not rec["move_discard"].any() and not rec["hand"].any()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_player_uniformly_random(n):
    # SM-3.6, GAP-23: the first player is random and acts first
    s = make(n).init(np.arange(400))
    assert np.array_equal(s["current_player"], s["first_player"])
    counts = np.bincount(s["first_player"], minlength=n)
    assert counts.min() > 400 / n * 0.6  # every seat starts often (a loose uniformity check)
    assert np.all(s["turn"] == 0) and np.all(s["phase"] == 0)


def test_init_is_deterministic_per_seed():
    # SM-1.5: randomness only from the seed's stream
    g = make(3)
    a, b = g.init(np.array([5, 6])), g.init(np.array([5, 6]))
    assert g.equal(a, b)
    assert not g.equal(a[:1], a[1:])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_turns_go_clockwise_one_action_each(n):
    # SM-4.1, SM-4.2, SM-0.4: one action per turn, then the next seat clockwise
    g = make(n)
    s = build(g, current=n - 1, first=0)
    assert s[0]["turn"] == n - 1  # the seat to act is (first + turn) mod N
    seats = []
    for t in range(2 * n + 1):
        seats.append(int(s[0]["current_player"]))
        deck = int(s[0]["adv_deck_len"])
        step(g, s, repair(g))
        assert s[0]["turn"] == n + t
        assert s[0]["adv_deck_len"] <= deck - 1  # every non-Fog turn resolves an adventure (SM-4.2)
    assert seats == [(n - 1 + t) % n for t in range(2 * n + 1)]


def test_adventure_step_follows_every_action_family():
    # SM-4.2, SM-5.3.2, SM-5.4.6, SM-5.5.2: Repair, Accuse, Pass and Play all resolve the adventure
    g = make(3)
    for action in (repair(g), pass_(g), pass_(g, "M01"), 51, play(g, "M01", 5)):
        s = build(g, adventure="Volcano", row="E1 S1 D1 E2 S2 D2 E3 S3 D3", move_row=["M01", "M02", "M03"])
        step(g, s, action)
        assert s[0]["adv_discard"][13] == 1, action  # Volcano resolved and discarded
        assert s[0]["damaged"].sum() == 1


def test_action_index_layout_matches_spec():
    # "Suggested index layout": 0-8 M01, 9-17 M02, 18-25 M03, 26-33 M04, 34-36 M05-07,
    # 37-39 M08-10, 40-48 M11, 49 M12, 50 REPAIR, 51-77 ACCUSE, 78 PASS, 79-90 PASS+discard,
    # 91-102 ACCUSE_DISCARD (SM-10.2 only)
    g, gh = make(3), make(3, move_cards_in_hand=True)
    assert g.num_actions == 91 and gh.num_actions == 103
    expect = {
        "play_m01": (0, 9),
        "play_m02": (9, 9),
        "play_m03": (18, 8),
        "play_m04": (26, 8),
        "play_m05": (34, 1),
        "play_m06": (35, 1),
        "play_m07": (36, 1),
        "play_m08": (37, 1),
        "play_m09": (38, 1),
        "play_m10": (39, 1),
        "play_m11": (40, 9),
        "play_m12": (49, 1),
        "repair": (50, 1),
        "accuse": (51, 27),
        "pass": (78, 13),
    }
    for name, (start, size) in expect.items():
        assert (g.action_layout[name].start, g.action_layout[name].size) == (start, size), name
    assert (gh.action_layout["accuse_discard"].start, gh.action_layout["accuse_discard"].size) == (91, 12)
    # ACCUSE: 51 + 9*(offset-1) + pirate
    assert g.action_id("accuse", 9 * 1 + 4) == 51 + 9 * 1 + 4


@pytest.mark.parametrize("n", [2, 3, 4])
def test_mask_never_empty_repair_and_pass_always_legal(n):
    # SM-5.0, SM-5.3.2, SM-5.5.1: REPAIR and PASS are legal in every live position
    g = make(n)
    s = g.init(np.arange(8))
    rng = np.random.default_rng(0)
    while not g.terminated(s).all():
        mask = g.legal_action_mask(s)
        live = ~g.terminated(s)
        assert mask[live, 50].all() and mask[live, 78].all()
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
        g.step(s, acts)
    assert np.all(s["turn"] <= 61)  # SM-7.3: at most 61 turns in the base game


def test_only_existing_seats_can_be_accused():
    # SM-5.4.1 / Decision points: seat offsets 1..N-1 only
    for n in (2, 3, 4):
        g = make(n)
        mask = legal(g, g.init(np.array([1])))
        accusations = {a for a in mask if 51 <= a <= 77}
        assert accusations == set(range(51, 51 + 9 * (n - 1)))


@pytest.mark.parametrize(
    "options",
    [
        dict(num_players=2),
        dict(num_players=4, upcoming_adventures=True),
        dict(num_players=3, move_cards_in_hand=True),
        dict(num_players=2, move_cards_in_hand=True, upcoming_adventures=True),
        dict(num_players=3, fame_source="discard_then_deck"),
    ],
    ids=str,
)
def test_random_games_stay_valid_positions(options):
    # every reachable position passes the engine's own validation (card conservation,
    # SM-2.2 per-kind counts) and round-trips through JSON exactly
    g = make(**options)
    s = g.init(np.array([21]))
    rng = np.random.default_rng(2)
    while not s[0]["terminated"]:
        assert g.equal(g.from_json(g.to_json(s[0])), s)
        step(g, s, int(rng.choice(sorted(legal(g, s)))))
    assert g.equal(g.from_json(g.to_json(s[0])), s)


def test_adventures_add_no_randomness():
    # SM-1.5: fame draws take the next deck cards; the random stream is used only by
    # setup and move-deck reshuffles
    g = make(3)
    s = build(
        g,
        row="E1 S1 D1 E2 S2 D2 E3 S3 D3",
        adventure="Legendary Treasure",
        move_row=["M01", "M02", "M03"],
        move_deck_len=5,
    )
    rng_before = s[0]["rng"].copy()
    for _ in range(4):  # 4 turns of plays and passes, no reshuffle needed
        step(g, s, pass_(g, "M01") if pass_(g, "M01") in legal(g, s) else pass_(g))
    assert np.array_equal(s[0]["rng"], rng_before)
    s = build(g, move_row=["M01", "M02", "M03"], move_deck_len=0)
    rng_before = s[0]["rng"].copy()
    step(g, s, pass_(g, "M01"))  # reshuffle
    assert not np.array_equal(s[0]["rng"], rng_before)
