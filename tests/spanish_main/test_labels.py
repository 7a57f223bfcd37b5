"""Action labels (``g.action_label``) and their inverse (``g.action_from_label``).

Positions in labels are the rules' 1-based positions (SM-0.2); the ship named is the
one at the position when the label is made. Accusation labels name the
absolute seat found from the seat offset (Decision points).
"""

import numpy as np
import pytest

from .positions import accuse, accuse_discard, build, legal, make, pass_, play, repair, step

G = make(3)
ROW = "E1 S1 D1 D2 S2 E2 E3 S3 D3"  # position 4 holds D2


def test_label_examples():
    s = build(G, row=ROW, current=2, move_row=["M01", "M03", "M11"])
    rec = s[0]
    assert G.action_label(rec, play(G, "M01", 4)) == "Full Speed Ahead: D2 at 4 +6"
    assert G.action_label(rec, play(G, "M02", 2)) == "Lost at Sea: S1 at 2 -6"
    assert G.action_label(rec, play(G, "M03", 5)) == "Temporary Alliance: S2+E2 at 5-6 +3"
    assert G.action_label(rec, play(G, "M04", 1)) == "Caught in a Rip: E1+S1 at 1-2 -3"
    assert G.action_label(rec, play(G, "M05")) == "English Advance"
    assert G.action_label(rec, play(G, "M10")) == "Dutch Retreat"
    assert G.action_label(rec, play(G, "M11", 3)) == "Sabotage: D1 at 3"
    assert G.action_label(rec, play(G, "M12")) == "There Be Fog Ahead"
    assert G.action_label(rec, repair(G)) == "Repair all ships"
    assert G.action_label(rec, accuse(G, 1, "E2")) == "Accuse player 0 of pirate E2"  # seat 2 + 1
    assert G.action_label(rec, accuse(G, 2, "D3")) == "Accuse player 1 of pirate D3"
    assert G.action_label(rec, pass_(G)) == "Pass"
    assert G.action_label(rec, pass_(G, "M11")) == "Pass, discarding Sabotage"
    gh = make(3, move_cards_in_hand=True)
    assert gh.action_label(build(gh)[0], accuse_discard(gh, "M04")) == "Discard Caught in a Rip to accuse"


def test_label_follows_the_row():
    # the same action id names another ship when another ship sits at the position
    a = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3")
    b = build(G, row="S1 E1 D1 E2 S2 D2 E3 S3 D3")
    assert G.action_label(a[0], 0) == "Full Speed Ahead: E1 at 1 +6"
    assert G.action_label(b[0], 0) == "Full Speed Ahead: S1 at 1 +6"


def roundtrip(g, s):
    labels = {a: g.action_label(s[0], a) for a in legal(g, s)}
    assert len(set(label.lower() for label in labels.values())) == len(labels), "labels of legal actions must differ"
    for a, label in labels.items():
        assert g.action_from_label(s[0], label) == a
        assert g.action_from_label(s[0], "  " + label.upper() + " ") == a  # case and spaces ignored
    return labels


@pytest.mark.parametrize(
    "options",
    [dict(num_players=3), dict(num_players=2), dict(num_players=4), dict(num_players=3, move_cards_in_hand=True)],
)
def test_round_trip_every_legal_action(options):
    g = make(**options)
    rng = np.random.default_rng(3)
    s = g.init(np.array([8]))
    seen = set()
    for _ in range(30):
        if s[0]["terminated"]:
            break
        seen |= set(roundtrip(g, s))
        step(g, s, int(rng.choice(sorted(legal(g, s)))))
    assert len(seen) > 40


def test_round_trip_in_the_accusation_discard_step():
    gh = make(3, move_cards_in_hand=True)
    s = build(gh, hands=[["M01", "M11", "M11"], ["M02", "M03", "M04"], ["M05", "M06", "M07"]], current=0)
    step(gh, s, accuse(gh, 1, "E1"))
    labels = roundtrip(gh, s)
    assert sorted(labels.values()) == ["Discard Full Speed Ahead to accuse", "Discard Sabotage to accuse"]


def test_step_by_label():
    s = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", move_row=["M01", "M03", "M11"], adventure="Dutch Attack")
    step(G, s, "Full Speed Ahead: D3 at 9 +6")
    assert s[0]["row"].tolist()[2] == 8  # D3 moved from 9 to 3


def test_render_mentions_the_board():
    s = build(G, row="E1* S1(2) D1 E2 S2 D2 E3 S3 D3", adventure="Kraken", owners=["E1 S1", "D1 E2", "S2 D2"])
    text = G.render(s[0], viewer=0)
    assert "Adventure: Kraken" in text and "DAMAGED" in text and "yours" in text
    public = G.render(s[0])
    assert "yours" not in public  # no private information without a viewer (SM-9.5)


def test_render_names_the_viewers_own_revealed_ship_as_yours():
    s = build(G, row=ROW, owners=["E1 S1", "E2 D2", "E3 S3"], revealed=["E1", "E2"], current=0)
    own = [line for line in G.render(s[0], viewer=0).splitlines() if " E1 " in line][0]
    other = [line for line in G.render(s[0], viewer=0).splitlines() if " E2 " in line][0]
    assert own.endswith("yours (revealed)") and other.endswith("player 1 (revealed)")
    assert [line for line in G.render(s[0]).splitlines() if " E1 " in line][0].endswith("player 0 (revealed)")
