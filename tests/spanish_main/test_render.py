"""The board text (``g.render``), the per-turn report and the grouped move menu.

Render draws only positions ``from_json`` accepts; the "Last turn" line uses the
label the log showed (the label is made on the record before the action).
"""

import re

import numpy as np
import pytest

import games

from .positions import accuse, build, make, play, repair, row_names, ship, step

G = make(3)
OWNERS = ["E1 S1", "D1 E2", "S2 D2"]


def test_all_zero_record_is_refused_clearly():
    # an all-zero record is no position (0 players, a row of nine E1s): refused, not a crash
    zero = np.zeros(1, dtype=G.dtype)
    with pytest.raises(games.PositionError, match="cannot draw this record") as info:
        G.render(zero[0])
    assert info.value.field == "num_players"
    zero["num_players"] = 3
    with pytest.raises(games.PositionError, match="cannot draw this record"):
        G.render(zero[0], viewer=0)
    with pytest.raises(ValueError, match="made with num_players=0"):
        G.action_label(np.zeros(1, dtype=G.dtype)[0], 51)  # the accused seat is taken modulo N


def test_every_position_of_a_game_renders():
    rng = np.random.default_rng(0)
    s = G.init(np.array([2]))
    while not s[0]["terminated"]:
        for viewer in (None, 0, 1, 2):
            assert G.render(s[0], viewer=viewer).startswith("Pirates of the Spanish Main - 3 players")
        legal = G.legal_actions(s[0])
        step(G, s, legal[rng.integers(len(legal))])
    text = G.render(s[0], viewer=1)
    assert f"game over after {int(s[0]['turn'])} turns" in text and "to act" not in text
    assert "?" not in text.split("pirate")[1]  # SM-8.1: every owner is shown at the end


def test_last_turn_uses_the_log_label():
    # the label of a move names the ships where they were before it moved (SM-5.1.4)
    s = build(
        G,
        row="E1 S1 D1 D2 S2 E2 E3 S3 D3",
        owners=OWNERS,
        current=0,
        move_row=["M01", "M03", "M11"],
        adventure="Kraken",
    )
    for a in (play(G, "M01", 4), play(G, "M03", 5)):
        label = G.action_label(s[0], a)
        step(G, s, a)
        assert f"Last turn: player {int(s[0]['last_actor'])}: {label}; resolved" in G.render(s[0]).replace(
            "\n    ", " "
        )


def test_accusation_verdict_and_you():
    # SM-5.4.4: correct -> revealed, half the fame banked; the viewer's own ship reads "you"
    s = build(G, row="E1(4) S1 D1 E2 S2 D2 E3 S3 D3", owners=OWNERS, current=1, adventure="Kraken")
    before = s[0].copy()
    a = accuse(G, 2, "E1")  # seat 1 accuses seat 0 of E1: right
    step(G, s, a)
    report = G.turn_report(before, s[0], a, viewer=0)
    assert report[0] == "Accusation right: E1 is yours; player 1 banks 2 fame"
    board = G.render(s[0], viewer=0)
    assert "yours (revealed)" in board and "player 0 (revealed)" not in board
    assert "wrong" not in board and "right: E1 is yours" in board.replace("\n    ", " ")
    assert "Scores: you 2+?" not in board and "Scores: you 2, player 1 2+?" in board  # SM-8.2


def test_turn_report_names_the_adventure_effect():
    # SM-6.9.5 Treasure Map: the first 3 undamaged ships +1; SM-5.2.8 Fog: the card waits
    s = build(
        G,
        row="E1* S1 D1 E2 S2 D2 E3 S3 D3",
        owners=OWNERS,
        current=0,
        move_row=["M12", "M01", "M11"],
        adventure="Treasure Map",
    )
    before = s[0].copy()
    step(G, s, play(G, "M12"))
    assert G.turn_report(before, s[0], play(G, "M12")) == ["Fog: Treasure Map waits for the next turn (SM-5.2.8)"]
    before = s[0].copy()
    step(G, s, repair(G))  # SM-5.3: E1 repaired before the adventure, so it gains too
    assert G.turn_report(before, s[0], repair(G)) == ["Treasure Map: E1 +1 fame, S1 +1 fame, D1 +1 fame"]


def test_a_move_card_reports_the_ships_it_moved_by_name():
    # SM-5.2.6 Dutch Retreat: every Dutch ship 2 back, one at a time, the backmost first;
    # the ships it passes move up one (SM-5.1.4). The label names no ship: the report does.
    s = build(
        G,
        row="E1 S1 D1 E2 S2 D2 E3 S3 D3",
        owners=OWNERS,
        current=0,
        move_row=["M10", "M01", "M11"],
        adventure="Kraken",
    )
    before = s[0].copy()
    a = play(G, "M10")
    step(G, s, a)
    moved = G.turn_report(before, s[0], a)[0]
    after = row_names(s).split()
    assert moved.startswith("Moved: ")
    for name in ("D1", "D2"):  # D3 is last already
        old, new = before["row"].tolist().index(ship(name)) + 1, after.index(name) + 1
        assert f"{name} {old}->{new}" in moved and new == old + 2


def test_sabotage_names_the_ship():
    # SM-5.2.7: the narration and the menus both name ships (E1, D3), their position after
    s = build(
        G,
        row="E1 S1 D1 E2 S2 D2 E3 S3 D3",
        owners=OWNERS,
        current=0,
        move_row=["M11", "M01", "M10"],
        adventure="Kraken",
    )
    assert G.action_label(s[0], play(G, "M11", 3)) == "Sabotage: D1 at 3"


def test_i_takes_the_start_of_a_name():
    # as moves do: "There Be Fog" is the start of one card's name only; "E" starts several
    assert G.info("There Be Fog") == G.info("M12") == G.info("there be fog ahead!")
    assert G.info("E") is None and G.info("") is None


def test_move_menu_groups_fit_80_columns():
    g4 = make(4)
    s = g4.init(np.array([0]))
    legal = g4.legal_actions(s[0])
    menu = g4.move_menu(s[0], legal)
    assert all(len(line) <= 80 for line in menu)
    assert len(menu) <= 16 < len(legal)
    text = " ".join(menu)
    for i in range(1, len(legal) + 1):  # every move keeps its number, in order
        assert f" {i})" in f" {text}"
    accusations = [line for line in menu if line.startswith("  Accuse player")]
    assert len(accusations) == 3  # one line per other player (SM-5.4, 27 actions)


def test_hand_sizes_are_plural_aware():
    gh = make(3, move_cards_in_hand=True)
    s = build(gh, hands=[["M01"], ["M02", "M03"], ["M04", "M05", "M06"]])
    text = gh.render(s[0], viewer=0)
    assert "Hand sizes: you 1 card, player 1 2 cards, player 2 3 cards" in text


def pirate_column(board, ship_name):
    """The pirate column of ``ship_name``'s row on the board."""
    rows = [line.split(maxsplit=5) for line in board.splitlines()]
    return next(row[5] for row in rows if len(row) == 6 and row[1] == ship_name)


def test_a_wrong_accusation_shows_who_does_not_own_the_ship():
    # SM-5.4.5: after a wrong accusation everyone knows the accused does not own the ship
    s = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", owners=OWNERS, current=1, adventure="Kraken")
    assert pirate_column(G.render(s[0], viewer=1), "E3") == "?"
    step(G, s, accuse(G, 2, "E3"))  # seat 1 accuses seat 0 of E3: nobody owns it
    assert pirate_column(G.render(s[0], viewer=1), "E3") == "? (not player 0)"
    assert pirate_column(G.render(s[0], viewer=0), "E3") == "? (not you)"
    assert pirate_column(G.render(s[0], viewer=1), "E1") == "?"


def test_move_menu_numbers_run_down_the_screen():
    # the grouped menu (SM-5: play, repair, accuse, pass) numbers its items 1, 2, 3 in screen order
    g4 = make(4)
    s = g4.init(np.array([0]))
    order = g4.menu_order(s[0], g4.legal_actions(s[0]))
    assert sorted(order) == sorted(g4.legal_actions(s[0]))
    numbers = [int(n) for n in re.findall(r"(\d+)\)", " ".join(g4.move_menu(s[0], order)))]
    assert numbers == list(range(1, len(order) + 1))


@pytest.mark.parametrize("in_hand, keep", [(False, "keep the row"), (True, "keep your hand")])
def test_pass_without_discard_names_what_is_kept(in_hand, keep):
    # SM-5.5.1 keeps the move row; with SM-10.2.5 the hand
    g = make(3, move_cards_in_hand=in_hand)
    s = g.init(np.array([0]))
    menu = " ".join(g.move_menu(s[0], g.menu_order(s[0], g.legal_actions(s[0]))))
    assert f"){keep}" in menu
    assert ("keep the row" in menu) == (not in_hand)


def test_info_explains_adventures_move_cards_and_ships():
    # SM-2.2 / SM-6.9.5: Treasure Map; SM-2.4 / SM-5.2.3: Temporary Alliance; SM-0.3: ships
    assert (
        G.info("A06")
        == G.info("treasure map")
        == ("A06 Treasure Map (6 cards): the first 3 undamaged ships: +1 fame each")
    )
    assert G.info("M03") == (
        "M03 Temporary Alliance (4 cards): two adjacent ships move 3 spaces forward as a block, keeping their order"
    )
    assert G.info("Full Speed Ahead!").startswith("M01 Full Speed Ahead (2 cards): any one ship moves 6 spaces forward")
    assert G.info("m08") == (
        "M08 English Retreat (1 card): each English ship moves 2 spaces backward, one at a time, the backmost first"
    )  # SM-5.2.6
    assert G.info("D2") == "D2: one of the three Dutch ships"
    assert G.info("A25") is None and G.info("nothing") is None
    legend = "\n".join(G.legend(None))
    assert all(i in legend for i in ("A01", "A24", "M01", "M12", "D3"))
