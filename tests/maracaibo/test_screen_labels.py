"""What the play screen's words say (issue 37): a label says what the move will do,
the deck's card is told to the player who drew it and nobody else, and V is named."""

import numpy as np

from games.maracaibo.spaces import A_DRAW, VO_A

from games.maracaibo.component_text import card_name

from .positions import act, cur, legal, start, val
from .test_render import in_combat
from .test_rules_village import village


def va_a_label(g, s):
    return g.action_label(s[0], g.action_id("village_option") + VO_A)


def test_discarding_an_empty_hand_says_it_pays_nothing():
    # MA-11.3 VA-A: always allowed; +2 D only if at least one card went
    g, s, p = village(mp=4)
    assert va_a_label(g, s) == "Village: discard your hand (4 cards) for 2 D"
    act(g, s, "village_option", VO_A)
    assert val(s, "hand_len", p) == 0
    coins = val(s, "coins", p)
    label = va_a_label(g, s)
    assert label == "Village: discard your empty hand (no D)"
    act(g, s, "village_option", VO_A)
    assert val(s, "coins", p) == coins  # the label told the truth


def draw_position():
    """A 3-player game at its first DRAW decision (MA-20.1), the deck not empty."""
    g, s, _ = start(3)
    rng = np.random.default_rng(0)
    for _ in range(400):
        if A_DRAW in g.legal_actions(s[0]):
            return g, s
        moves = g.legal_actions(s[0])
        g.step(s, np.array([moves[int(rng.integers(len(moves)))]]))
    raise AssertionError("no draw decision reached")


def test_the_card_drawn_from_the_deck_is_told_to_its_player_only():
    # MA-20.1: the deck's top card goes to the drawer's hand, hidden from the others
    g, s = draw_position()
    p = cur(s)
    before = s[0].copy()
    g.step(s, np.array([A_DRAW]))
    assert g.action_label(before, A_DRAW) == "Draw from the deck"
    (told,) = g.turn_report(before, s[0], A_DRAW, p)
    drawn = [int(c) for c in s[0]["hand"][p][: int(s[0]["hand_len"][p])] if c not in before["hand"][p]]
    assert told.startswith("you drew ") and len(drawn) == 1
    assert card_name(drawn[0]) in told
    for other in range(3):
        if other != p:
            assert g.turn_report(before, s[0], A_DRAW, other) == []
    assert g.turn_report(before, s[0], A_DRAW, None) == []


def test_v_is_named_the_combat_value_once_on_the_screen_and_in_the_legend():
    # MA-8.4 / MA-8.6: a combat action "costs V n" of the combat value
    g, s, p = in_combat()
    board = g.render(s[0], viewer=p, compact=True)
    assert "combat value V " in board
    costs = [g.action_label(s[0], g.action_id("combat_action", k)) for k in legal(g, s, "combat_action")]
    assert any("(costs V " in label for label in costs)
    assert any("V combat value" in line for line in g.legend(s[0]))
