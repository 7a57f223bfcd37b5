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
    for fn in (lambda s: G.step(s, np.array([78])), G.legal_action_mask, G.scores, G.ranks,
               lambda s: G.observe(s, 0)):
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
        G.action_from_label(state[0], "Sabotage: ship 1 (English)")


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
    bad(edited(position, adv_discard=disc, adv_deck=deck, adv_deck_len=n - 1,
               fame_drawn_unseen=st["fame_drawn_unseen"] + 1), "adv_seen", "must be counted as seen")
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
    bad(o, "format", "unsupported format 2")
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
    with pytest.raises(FileNotFoundError):
        G.load(tmp_path / "nope.json")
