"""Bad input raises clear errors that name the problem, and leaves the state unchanged.

Actions (DESIGN "step": IllegalActionError naming rows, actions and the legal set),
arrays of the wrong dtype or shape, and malformed JSON positions (PositionError naming
the field; SpanishMain.check_position for card conservation and consistency).
"""

import copy
import json

import numpy as np
import pytest

import games

from .fuzz import check as fuzz_check, mutants, real_positions
from .positions import build, build_json, make, play

G = make(3)


@pytest.fixture
def state():
    return build(G, move_row=["M01", "M02", "M11"], row="E1* S1 D1 E2 S2 D2 E3 S3 D3")


def rejects(state, actions, error, match):
    before = state.copy()
    with pytest.raises(error, match=match):
        G.step(state, actions)
    assert G.equal(state, before), "a rejected step changed the state"


# ----- actions ---------------------------------------------------------------------------------
def test_illegal_action_id(state):
    # a kind not in the row, a damaged Sabotage target (SM-5.2.7), PASS discarding a missing kind
    for a in (play(G, "M03", 2), play(G, "M11", 1), 79 + 11):
        rejects(state, np.array([a]), games.IllegalActionError, rf"row 0: action {a} is not legal")


def test_illegal_action_error_lists_the_legal_set(state):
    with pytest.raises(games.IllegalActionError) as info:
        G.step(state, np.array([18]))
    err = info.value
    assert err.rows == [0] and err.actions == [18]
    assert err.legal == [G.legal_actions(state[0])]
    assert "legal: [" in str(err)


@pytest.mark.parametrize("a", [-1, 91, 103, 10_000])
def test_out_of_range_action(state, a):
    rejects(state, np.array([a]), games.IllegalActionError, rf"action {a} is not legal")


@pytest.mark.parametrize("actions", [np.array([78.0]), np.array(["78"]), np.array([True]), [78.5], "78"])
def test_wrong_action_dtype(state, actions):
    rejects(state, actions, TypeError, "actions must be integers")


@pytest.mark.parametrize("actions", [np.array([78, 78]), np.array([[78]]), np.array([], dtype=np.int64)])
def test_wrong_action_shape(state, actions):
    rejects(state, actions, ValueError, r"actions must have shape \(1,\)")


def test_scalar_action_broadcasts(state):
    G.step(state, 78)  # a 0-d int is one action per row
    assert state[0]["turn"] == 1


def test_accuse_discard_outside_its_phase(state):
    # SM-10.2.4: ACCUSE_DISCARD ids exist only with move cards in hand, and only in that sub-step
    gh = make(3, move_cards_in_hand=True)
    s = build(gh, hands=[["M01", "M02", "M03"], ["M04", "M05", "M06"], ["M07", "M08", "M09"]], current=0)
    before = s.copy()
    with pytest.raises(games.IllegalActionError, match="action 91 is not legal"):
        gh.step(s, np.array([91]))
    assert gh.equal(s, before)
    gh.step(s, np.array([51]))  # accuse: now only discards of held kinds are legal
    with pytest.raises(games.IllegalActionError, match="action 78 is not legal"):
        gh.step(s, np.array([78]))
    with pytest.raises(games.IllegalActionError, match="action 94 is not legal"):  # M04 not held
        gh.step(s, np.array([94]))


def test_state_of_another_dtype(state):
    other = np.zeros(1, dtype=[("turn", np.int16)])
    for fn in (lambda s: G.step(s, np.array([78])), G.legal_action_mask, G.scores, G.ranks, lambda s: G.observe(s, 0)):
        with pytest.raises(TypeError, match="expected a state batch"):
            fn(other)
    with pytest.raises(TypeError, match="expected a state batch"):
        G.step(state[0], np.array([78]))  # a record, not a batch
    with pytest.raises(TypeError, match="expected a state batch"):
        G.step(state.reshape(1, 1), np.array([78]))


def test_state_for_another_player_count(state):
    with pytest.raises(ValueError, match="made with num_players=3.*has num_players=4"):
        make(4).step(state.astype(make(4).dtype), np.array([78]))


def test_observe_bad_player(state):
    with pytest.raises(ValueError, match="player must be in 0..2"):
        G.observe(state, 3)
    with pytest.raises(TypeError, match="player must be integers"):
        G.observe(state, 0.0)


def test_action_label_out_of_range(state):
    with pytest.raises(ValueError, match="action 91 outside 0..90"):
        G.action_label(state[0], 91)


def test_action_from_unknown_label(state):
    with pytest.raises(ValueError, match="no legal action is labelled 'Fly away'"):
        G.action_from_label(state[0], "Fly away")
    with pytest.raises(ValueError, match="no legal action"):  # a real label, but not legal here
        G.action_from_label(state[0], "Sabotage: E1 at 1")


def test_action_id_bad_index():
    with pytest.raises(ValueError, match="play_m03 takes an index in 0..7"):
        G.action_id("play_m03", 8)


def test_bad_options():
    with pytest.raises(ValueError, match="num_players must be an integer in 2..4"):
        make(5)
    with pytest.raises(ValueError, match="num_players"):
        make(1)
    with pytest.raises(ValueError, match="fame_source must be one of"):
        make(3, fame_source="bank")
    with pytest.raises(ValueError, match="reward must be one of"):
        make(3, reward="elo")


def test_bad_seeds():
    with pytest.raises(TypeError, match="seeds must be a 1-D integer array"):
        G.init(np.array([1.5]))
    with pytest.raises(ValueError, match="non-negative"):
        G.init(np.array([-1]))


# ----- JSON positions ------------------------------------------------------------------------------
@pytest.fixture
def position():
    return build_json(G, row="E1 S1(2) D1 E2 S2 D2 E3 S3 D3", owners=["E1 S1", "D1 E2", "S2 D2"])


def bad(obj, field, match):
    with pytest.raises(games.PositionError, match=match) as info:
        G.from_json(obj)
    assert info.value.field == field
    return info.value


def edited(obj, **changes):
    o = copy.deepcopy(obj)
    for name, value in changes.items():
        o["state"][name] = value
    return o


def test_valid_position_round_trips(position):
    s = G.from_json(position)
    assert G.to_json(s[0]) == position
    assert G.equal(G.from_json(json.dumps(position)), s)  # JSON text is accepted too


def test_missing_and_unknown_fields(position):
    o = copy.deepcopy(position)
    del o["state"]["fame"]
    bad(o, "fame", "missing")
    bad(edited(position, colour=3), "colour", "unknown field")
    o = copy.deepcopy(position)
    del o["options"]
    bad(o, "options", "missing")


def test_wrong_types(position):
    bad(edited(position, turn="0"), "turn", "expected an integer, got str")
    bad(edited(position, turn=0.0), "turn", "expected an integer, got float")
    bad(edited(position, turn=True), "turn", "expected an integer, got bool")  # bool where int
    bad(edited(position, row=5), "row", "expected a list of length 9, got int")
    bad(edited(position, damaged=[0, 0, 0, 0, False, 0, 0, 0, 0]), "damaged", "got bool")
    bad(edited(position, known_not_owner=[0] * 4), "known_not_owner", "expected a list of length 9")


def test_wrong_lengths(position):
    bad(edited(position, row=[0, 1, 2, 3, 4, 5, 6, 7]), "row", "expected length 9, got 8")
    bad(edited(position, banked=[0, 0, 0]), "banked", "expected length 4, got 3")


def test_out_of_range_values(position):
    bad(edited(position, current_player=3), "current_player", r"value 3 outside \[-1, 2\]")
    bad(edited(position, row=[0, 1, 2, 3, 4, 5, 6, 7, 9]), "row", r"outside \[0, 8\]")
    bad(edited(position, fame=[-1, 1, 0, 0, 0, 0, 0, 0, 0]), "fame", r"value -1 outside")  # SM-0.5
    bad(edited(position, damaged=[2] + [0] * 8), "damaged", r"outside \[0, 1\]")
    bad(edited(position, turn=201), "turn", r"outside \[0, 200\]")  # GAP-25
    bad(edited(position, num_players=4), "num_players", r"outside \[3, 3\]")


def test_inconsistent_positions(position):
    bad(edited(position, row=[0, 0, 2, 3, 4, 5, 6, 7, 8]), "row", "each ship 0..8 exactly once")
    bad(edited(position, owner=[0, 0, 0, 1, 1, 2, 2, -1, -1]), "owner", r"must own 2 ships, got \[3, 2, 2\]")
    bad(edited(position, revealed=[0, 0, 0, 0, 0, 0, 0, 0, 1]), "revealed", "unowned ship cannot have a revealed")
    bad(edited(position, known_unowned=[1] + [0] * 8), "known_unowned", "marks a ship that has an owner")
    bad(edited(position, terminated=1), "current_player", "must be -1 exactly when the game is terminated")
    bad(edited(position, upcoming_adventures=1), "upcoming_adventures", "game's options say 0")
    bad(edited(position, phase=1, pending_accuse=3), "phase", "accusation-discard phase needs move cards in hand")
    # SM-5.4.5: a wrong accusation can only have named a pirate the target does not hold
    owner = position["state"]["owner"]
    knowledge = [[0] * 9 for _ in range(4)]
    knowledge[owner[0]][0] = 1
    bad(edited(position, known_not_owner=knowledge), "known_not_owner", "does not own a ship it owns")
    moved = [[0] * 9 for _ in range(4)]
    moved[3][0] = 2  # seat 3 does not play in a 3-player game
    bad(edited(position, moved_by=moved), "moved_by", "seats >= 3 must be empty")


def test_broken_card_conservation(position):
    st = position["state"]
    # one more fame point out of nowhere (SM-0.5): 58 adventure cards no longer add up
    fame = list(st["fame"])
    fame[0] += 1
    bad(edited(position, fame=fame), "fame", "adventure cards are not conserved: 59 != 58")
    # a card leaves the deck without being seen or drawn
    deck = list(st["adv_deck"])
    n = st["adv_deck_len"]
    deck[n - 1] = -1
    bad(edited(position, adv_deck=deck, adv_deck_len=n - 1), "adv_seen", "must be 58")
    # a deck entry past its length
    deck = list(st["adv_deck"])
    deck[n] = 3
    bad(edited(position, adv_deck=deck), "adv_deck", "the rest -1")
    # too many cards of one kind seen (Mutiny has 1 copy)
    seen = list(st["adv_seen"])
    seen[17] += 5
    bad(edited(position, adv_seen=seen), "adv_seen", "more cards of a kind than the game has")
    # a second Mutiny (A18 has 1 copy): the current card is not counted as seen, a deck card is
    mutiny_json = build_json(G, adventure="Mutiny")
    st2 = mutiny_json["state"]
    n2 = st2["adv_deck_len"]
    k = st2["adv_deck"][n2 - 1]
    deck2 = list(st2["adv_deck"])
    deck2[n2 - 1] = 17
    seen2 = list(st2["adv_seen"])
    seen2[17] -= 1
    seen2[k] += 1
    G.from_json(mutiny_json)  # the unedited position is fine
    bad(edited(mutiny_json, adv_deck=deck2, adv_seen=seen2), "adv_seen", "must be counted as seen")
    # an identified discard that was never seen
    disc = list(st["adv_discard"])
    disc[0] += 1
    deck = list(st["adv_deck"])
    deck[n - 1] = -1
    bad(
        edited(
            position, adv_discard=disc, adv_deck=deck, adv_deck_len=n - 1, fame_drawn_unseen=st["fame_drawn_unseen"] + 1
        ),
        "adv_seen",
        "must be counted as seen",
    )
    # a move card duplicated
    row = list(st["move_row"])
    row[11] += 1
    bad(edited(position, move_row=row), "move_deck", r"move cards per kind .* != \[2, 3, 4, 3")
    # the base game has no hands (SM-3.5)
    hand = [list(h) for h in st["hand"]]
    hand[0][0] += 1
    bad(edited(position, hand=hand), "move_deck", "move cards per kind")


def test_document_level_errors(position):
    bad("{not json", "<document>", "not valid JSON")
    bad([1, 2], "<document>", "expected a JSON object, got list")
    o = copy.deepcopy(position)
    o["game"] = "maracaibo"
    bad(o, "game", "position is for 'maracaibo', not 'spanish_main'")
    o = copy.deepcopy(position)
    o["format"] = 2
    bad(o, "format", "position format 2 cannot be read: this version reads format 1")
    o = copy.deepcopy(position)
    o["state"] = [1]
    bad(o, "state", "expected an object of fields")


def test_mismatched_options(position):
    for other in (make(4), make(3, upcoming_adventures=True), make(3, reward="rank")):
        with pytest.raises(games.PositionError, match="differ from this game's") as info:
            other.from_json(position)
        assert info.value.field == "options"


def test_load_malformed_files(tmp_path, position):
    good = tmp_path / "good.json"
    G.save(G.from_json(position)[0], good)
    assert G.to_json(G.load(good)[0]) == position
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "spanish_main", "format": 1,', encoding="utf-8")
    with pytest.raises(games.PositionError, match="broken.json is not valid JSON") as info:
        G.load(broken)
    assert info.value.field == "<document>"
    o = copy.deepcopy(position)
    del o["state"]["row"]
    missing = tmp_path / "missing.json"
    missing.write_text(json.dumps(o), encoding="utf-8")
    with pytest.raises(games.PositionError, match="'row': missing"):
        G.load(missing)
    with pytest.raises(games.PositionError, match=r"nope\.json: cannot read it \(No such file or directory\)"):
        G.load(tmp_path / "nope.json")  # the suite's error, naming the file (issue 34 item 9)


# ----- positions the game cannot go on from (issue 8) ---------------------------------------------

GH = make(3, move_cards_in_hand=True)


def midgame(g, seed=1, step=9):
    """The JSON of a real position: ``step`` random actions into seed ``seed``'s game."""
    return real_positions(g, seed, stops=(step,))[0]


def discard_step(g=GH, seed=0):
    """A real position in the SM-10.2.4 discard step (an accusation awaiting its card)."""
    for obj in real_positions(g, seed, stops=()):
        if obj["state"]["phase"] == 1:
            return obj
    raise AssertionError("no accusation in this game")


def refused(g, obj, field, match):
    with pytest.raises(games.PositionError, match=match) as info:
        g.from_json(obj)
    assert info.value.field == field
    return info.value


def test_real_positions_are_accepted():
    for g in (G, GH, make(4, upcoming_adventures=True)):
        for obj in real_positions(g, 3):
            g.from_json(obj)
    GH.from_json(discard_step())


def test_self_accusation_is_refused():
    # SM-5.4.1: the target is another player; with 3 players the offsets are 1..2, so
    # parameter 18.. (offset 3) would name the accuser (the field is sized for 4 players)
    obj = discard_step()
    st = obj["state"]
    ship = st["pending_accuse"] % 9
    self_accuse = 18 + ship
    o = edited(obj, pending_accuse=self_accuse, last_action=51 + self_accuse)
    refused(GH, o, "pending_accuse", r"value \d+ outside \[-1, 17\]")
    o = edited(midgame(G), last_accuse=20)
    refused(G, o, "last_accuse", r"value 20 outside \[-1, 17\]")


def test_pending_accusation_must_have_been_legal():
    # SM-5.4.2: a revealed pirate cannot be named; SM-10.2.4: the accuser held 2+ cards
    obj = discard_step()
    st = obj["state"]
    ship = st["pending_accuse"] % 9
    owner = st["owner"][ship]
    if owner >= 0:
        revealed = list(st["revealed"])
        revealed[ship] = 1
        refused(GH, edited(obj, revealed=revealed), "pending_accuse", "already revealed")
    p = st["current_player"]
    hand = [list(h) for h in st["hand"]]
    k = next(i for i, c in enumerate(hand[p]) if c)
    moved = sum(hand[p]) - 1  # keep one card; the rest go back to the deck
    deck, n = list(st["move_deck"]), st["move_deck_len"]
    for i in range(12):
        while hand[p][i] and sum(hand[p]) > 1:
            hand[p][i] -= 1
            deck[n] = i
            n += 1
    assert moved and hand[p][k] >= 0
    refused(GH, edited(obj, hand=hand, move_deck=deck, move_deck_len=n), "hand", "fewer than 2 cards")


def test_game_over_with_adventures_left_is_refused():
    # SM-7.2: the game ends only when an adventure must be revealed and none is left
    obj = midgame(G)
    assert obj["state"]["adv_deck_len"] > 20
    refused(G, edited(obj, terminated=1, current_player=-1), "terminated", "ends only when no adventure")


def test_live_game_at_the_turn_cap_is_refused():
    # GAP-25: the 200th turn ends the game, so a live game has turn < 200
    obj = midgame(G)
    st = obj["state"]
    n = st["num_players"]
    refused(G, edited(obj, turn=200, first_player=(st["current_player"] - 200) % n), "turn", "below the 200-turn cap")


def test_player_out_of_turn_is_refused():
    # SM-4.1, SM-4.2 step 4, GAP-23: turns go clockwise from the first player, one per turn
    obj = midgame(G)
    st = obj["state"]
    assert st["current_player"] == (st["first_player"] + st["turn"]) % 3
    refused(G, edited(obj, current_player=(st["current_player"] + 1) % 3), "current_player", "is player")
    refused(G, edited(obj, first_player=(st["first_player"] + 1) % 3), "current_player", "is player")
    refused(G, edited(obj, turn=st["turn"] + 1), "current_player", "is player")


def test_public_summaries_beyond_the_turns_taken_are_refused():
    # SM-9.6 summaries: at most 6 spaces per turn (SM-5.2.1, SM-5.2.2), one Sabotage
    # per turn (SM-5.2.7), one wrong accusation per turn (SM-5.4.5)
    obj = midgame(G)
    st = obj["state"]
    moved = [list(r) for r in st["moved_by"]]
    moved[0][0] = 32767
    refused(G, edited(obj, moved_by=moved), "moved_by", "outside")
    moved[0][0] = 6 * 200
    refused(G, edited(obj, moved_by=moved), "moved_by", "more than 6 spaces a turn")
    sab = [list(r) for r in st["sabotaged_by"]]
    sab[1][2] = 200
    refused(G, edited(obj, sabotaged_by=sab), "sabotaged_by", "more Sabotage cards")
    kno = [list(r) for r in st["known_not_owner"]]
    fresh = G.to_json(G.init(np.array([5]))[0])  # turn 0: nobody has accused anybody
    kno = [[0] * 9 for _ in range(4)]
    owner = fresh["state"]["owner"]
    kno[0][next(s for s in range(9) if owner[s] != 0)] = 1
    refused(G, edited(fresh, known_not_owner=kno), "known_not_owner", "more wrong accusations than turns")


def test_adventure_queue_and_virtual_fame_must_fit_the_deck():
    # SM-7.1 / SM-10.1.2: the queue refills while the deck has cards; GAP-11: virtual
    # fame only once the deck is empty, at most F-1 = 3 per resolution (SM-2.2 F max)
    obj = midgame(G)
    st = obj["state"]
    refused(
        G,
        edited(obj, virtual_fame=1, fame=[st["fame"][0] + 1] + st["fame"][1:]),
        "virtual_fame",
        "only once the deck is empty",
    )
    gu = make(3, upcoming_adventures=True)
    obj = midgame(gu)
    st = obj["state"]
    q, n = list(st["adv_queue"]), st["adv_queue_len"]
    disc = list(st["adv_discard"])
    disc[q[n - 1]] += 1
    q[n - 1] = -1
    refused(
        gu,
        edited(obj, adv_queue=q, adv_queue_len=n - 1, adv_discard=disc),
        "adv_queue_len",
        "holds 3 while the deck has cards",
    )
    done = real_positions(G, 2, stops=())[-1]  # a finished game: one face-up slot at most
    q = list(done["state"]["adv_queue"])
    q[:2] = [0, 0]
    refused(G, edited(done, adv_queue=q, adv_queue_len=2), "adv_queue_len", "at most 1 face-up")
    refused(
        G,
        edited(
            done,
            virtual_fame=done["state"]["virtual_fame"] + 4,
            banked=[b + 4 * (i == 0) for i, b in enumerate(done["state"]["banked"])],
        ),
        "virtual_fame",
        "at most 3 each",
    )


def test_hands_shrink_only_by_accusing():
    # SM-10.2.1: 3 cards each with 3 players; SM-10.2.4: an accusation costs one, and
    # needs two, so a hand holds 1..3 cards
    obj = midgame(GH, step=2)
    st = obj["state"]
    hand = [list(h) for h in st["hand"]]
    deck, n = list(st["move_deck"]), st["move_deck_len"]
    k = deck[n - 1]
    deck[n - 1] = -1
    hand[0][k] += 1
    refused(GH, edited(obj, hand=hand, move_deck=deck, move_deck_len=n - 1), "hand", "holds 4 cards, not 1..3")


def test_one_mutiny_shows_at_most_one_unowned_ship():
    # SM-6.9.16 / SM-9.6: only Mutiny makes "ship s is unowned" public; the game has one
    obj = midgame(G)
    owner = obj["state"]["owner"]
    unowned = [int(o < 0) for o in owner]
    refused(G, edited(obj, known_unowned=unowned), "known_unowned", "resolved Mutiny cards")
    one = [int(s == unowned.index(1)) for s in range(9)]
    st = obj["state"]
    mutiny_gone = st["adv_seen"][17] - st["adv_queue"][: st["adv_queue_len"]].count(17)
    if not mutiny_gone:  # the Mutiny is still to come: nobody can know yet
        refused(G, edited(obj, known_unowned=one), "known_unowned", "by 0 resolved Mutiny cards")


def test_last_turn_record_must_match_the_position():
    # the last-turn fields drive render and the play log: the previous seat (SM-4.1),
    # the accusation verdict as the owners say (SM-5.4.3 - SM-5.4.5), an adventure
    # resolved on every turn but Fog (SM-4.2, SM-5.2.8)
    obj = midgame(G)
    st = obj["state"]
    assert st["last_actor"] == (st["current_player"] - 1) % 3
    refused(G, edited(obj, last_actor=st["current_player"]), "last_actor", "was not player")
    refused(G, edited(obj, last_adventure=-1), "last_adventure", "every turn but a Fog turn")
    refused(
        G,
        edited(obj, last_action=49, last_accuse=-1, last_accuse_correct=-1),
        "last_adventure",
        "every turn but a Fog turn",
    )
    refused(G, edited(obj, last_action=-1), "last_action", "has an action")
    # an accusation the owners contradict
    actor, owner = st["last_actor"], st["owner"]
    target = (actor + 1) % 3
    ship = next(s for s in range(9) if owner[s] != target and not st["known_not_owner"][target][s])
    refused(
        G,
        edited(obj, last_action=51 + ship, last_accuse=ship, last_accuse_correct=0),
        "last_accuse_correct",
        "does not match who owns",
    )
    refused(
        G,
        edited(obj, last_action=51 + ship, last_accuse=ship, last_accuse_correct=1),
        "last_accuse_correct",
        "does not match who owns",
    )
    refused(G, edited(obj, last_accuse=3, last_accuse_correct=0), "last_accuse", "not an accusation")
    # an unrecorded last turn is all -1
    blank = edited(obj, last_actor=-1, last_action=-1, last_accuse=-1, last_accuse_correct=-1, last_adventure=-1)
    G.from_json(blank)
    refused(G, edited(blank, last_adventure=3), "last_adventure", "must be -1 when no last turn")


@pytest.mark.parametrize(
    "options",
    [
        dict(num_players=2),
        dict(num_players=3, move_cards_in_hand=True),
        dict(num_players=4, upcoming_adventures=True, fame_source="discard_then_deck"),
    ],
)
def test_mutated_positions_are_refused_or_play_on(options):
    # every mutation of a real position is refused naming a field, or the game goes on
    # from it to the end with every later position accepted (see tests/spanish_main/fuzz.py)
    g = make(**options)
    rng = np.random.default_rng(0)
    obj = discard_step(g) if options.get("move_cards_in_hand") else midgame(g)
    fields = set(obj["state"])
    problems = [f"{what}: {p}" for what, m in mutants(obj, rng, per_field=4) if (p := fuzz_check(g, m, rng, fields))]
    assert not problems, "\n".join(problems[:20])
