"""The position helper itself: notation, and card conservation of what it builds
(the identities of the rules' components, SM-2.1 - SM-2.5, checked by the engine's
``from_json`` and again here)."""

import numpy as np
import pytest

import games
from games.spanish_main import data as D

from .positions import build, build_json, make, parse_row, pos, row_names, row_str


def conserved(rec):
    adv = (
        int(rec["adv_deck_len"])
        + int(rec["adv_queue_len"])
        + int(rec["adv_discard"].sum())
        + int(rec["adv_discard_unknown"])
        + int(rec["fame"].sum())
        + int(rec["banked"].sum())
        - int(rec["virtual_fame"])
    )
    seen = int(rec["adv_deck_len"]) + int(rec["adv_seen"].sum()) + int(rec["fame_drawn_unseen"])
    moves = (
        np.bincount(rec["move_deck"][: rec["move_deck_len"]], minlength=12)
        + rec["move_row"]
        + rec["hand"].sum(axis=0)
        + rec["move_discard"]
    )
    return adv == 58 and seen == 58 and np.array_equal(moves, D.MOVE_COUNT)


def test_notation_round_trip():
    text = "D1(5) S1 D2(2) E1* S2*(1) D3* E2 S3(13) E3"
    g = make(3)
    s = build(g, row=text)
    assert row_str(s) == text
    assert row_names(s) == "D1 S1 D2 E1 S2 D3 E2 S3 E3"
    assert pos(s, "S3") == 8
    row, dmg, fame = parse_row("E1*(2) S1 D1 E2 S2 D2 E3 S3 D3")
    assert row == [0, 3, 6, 1, 4, 7, 2, 5, 8] and dmg[0] == 1 and fame[0] == 2


@pytest.mark.parametrize(
    "text", ["E1 S1 D1", "E1 E1 D1 E2 S2 D2 E3 S3 D3", "E1 S1 D1 E2 S2 D2 E3 S3 X9", "E1 S1 D1 E2 S2 D2 E3 S3 D3(x)"]
)
def test_bad_notation(text):
    with pytest.raises(ValueError):
        parse_row(text)


@pytest.mark.parametrize(
    "options",
    [
        dict(num_players=2),
        dict(num_players=3),
        dict(num_players=4),
        dict(num_players=4, upcoming_adventures=True, move_cards_in_hand=True),
        dict(num_players=3, fame_source="discard_then_deck"),
    ],
)
def test_built_positions_conserve_cards(options):
    g = make(**options)
    n = options["num_players"]
    hands = [["M01", "M02"], ["M11"], ["M12", "M03", "M03"], ["M04"]][:n] if options.get("move_cards_in_hand") else None
    queue = ["Kraken", "Mutiny", "Parley", "Volcano"][:n] if options.get("upcoming_adventures") else None
    kw = dict(
        row="E1(3) S1* D1(1) E2 S2(2) D2* E3 S3 D3(4)",
        banked=[2] + [0] * (n - 1),
        discard=["Kraken"],
        discard_unknown=2,
        queue=queue,
        hands=hands,
        move_row=None if hands else ["M01", "M11", "M11"],
        move_discard=["M05"],
    )
    for deck_len in (None, 0, 5):
        s = build(g, deck_len=deck_len, **kw)
        rec = s[0]
        assert conserved(rec)
        if deck_len is not None:
            assert rec["adv_deck_len"] == deck_len
        assert rec["adv_discard_unknown"] == 2


def test_builder_positions_go_through_validation():
    g = make(3)
    with pytest.raises(games.PositionError, match="must own 2 ships"):
        build(g, owners=["E1 S1 D1", "E2 S2", "E3 S3"])
    with pytest.raises(games.PositionError, match="revealed"):
        build(g, owners=["E1 S1", "E2 S2", "E3 S3"], revealed=["D1"])
    obj = build_json(g, current=1)
    assert obj["state"]["current_player"] == 1 and g.from_json(obj)[0]["current_player"] == 1
