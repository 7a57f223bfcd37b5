"""heuristic against Jean: racing her to the quest tile she stops at next (MA-24.4,
MA-24.6, MA-24.7; training/bots/maracaibo/jean.py), in positions built with from_json
edits (tests/maracaibo/positions.py)."""

import numpy as np
import pytest

import games
from games.maracaibo.data.jean import JEAN_CARD_BRANCH, JEAN_CARD_IDS, JEAN_CARD_MOVE
from games.maracaibo.solo.rules import jean_destination
from games.maracaibo.spaces import A_MAIN, MAIN_QUEST, MAIN_VILLAGE
from games.maracaibo.state import NL
from tests.maracaibo.positions import arrive, clear_board_quests, edit, loc, opening, quest_at
from training.bots.maracaibo.jean import card_chances, next_stop_chance
from training.bots.maracaibo.solo import SoloHeuristic

HUMAN, JEAN = 0, 1


@pytest.fixture(scope="module")
def solo():
    return games.make("maracaibo_solo", level=1, expansion_cards=False)


def _deck(solo, s, deck, discard):
    """Jean's solo deck (top last) and discard pile, by card id (MA-24.4)."""
    n = len(s[0]["jean_deck"])
    cards = np.full(n, -1)
    cards[: len(deck)] = [JEAN_CARD_IDS.index(c) for c in deck]
    pile = np.full(n, -1)
    pile[: len(discard)] = [JEAN_CARD_IDS.index(c) for c in discard]
    return edit(solo, s, jean_deck=cards, jean_deck_len=len(deck), jean_discard=pile, jean_discard_len=len(discard))


def _forecast(solo, s):
    out = np.empty(NL)
    next_stop_chance(solo.observe(s, HUMAN)[0], int(s[0]["round_no"]), out)
    return out


def test_card_chances_are_the_unseen_cards_of_the_level(solo):
    """MA-24.4: level 1 is the five A cards; the discard pile is public, so the cards
    left in the deck are known, each equally likely on top; an empty deck is the
    discard pile reshuffled."""
    s = _deck(solo, opening(solo, 2), ["A1", "A3", "A5"], ["A2", "A4"])
    out = np.empty(len(JEAN_CARD_IDS))
    card_chances(solo.observe(s, HUMAN)[0], out)
    expected = {c: (1 / 3 if c in ("A1", "A3", "A5") else 0.0) for c in JEAN_CARD_IDS}
    assert out == pytest.approx([expected[c] for c in JEAN_CARD_IDS])
    s = _deck(solo, s, [], ["A1", "A2", "A3", "A4", "A5"])
    card_chances(solo.observe(s, HUMAN)[0], out)
    assert out == pytest.approx([0.2 if c[0] == "A" else 0.0 for c in JEAN_CARD_IDS])


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_next_stop_forecast_is_the_engines_move(solo, seed):
    """MA-24.6: for every card left in her level-1 deck, the engine moves her to a
    location the forecast gives exactly that card's share; a village with a quest tile
    counts as a location (GAP-42)."""
    s = edit(solo, opening(solo, seed), ship={JEAN: loc("5")})
    s = clear_board_quests(solo, clear_board_quests(solo, clear_board_quests(solo, s, "6"), "7"), "8")
    s = quest_at(solo, s, "Q22", "7")
    s = _deck(solo, s, ["A1", "A4", "A5", "A2"], ["A3"])
    expected = np.zeros(NL)
    for c in ("A1", "A4", "A5", "A2"):
        k = JEAN_CARD_IDS.index(c)
        expected[jean_destination(s[0], JEAN_CARD_MOVE[k], JEAN_CARD_BRANCH[k])] += 0.25
    assert expected[loc("7")] == 0.5 and expected[loc("9")] == 0.5  # move 1: 7 (quest), move 2: 9
    assert _forecast(solo, s) == pytest.approx(expected)


def _race_position(solo, deck, discard):
    """MA-12.2: the human sails 4 MP to village 6, where Q22 (at least 4 MP this turn:
    1 VP + 3 D) lies alone; Jean stands on city 5, one counted location before it."""
    s = opening(solo, 2)
    s = quest_at(solo, clear_board_quests(solo, s, "6"), "Q22", "6")
    s = _deck(solo, edit(solo, s, ship={JEAN: loc("5")}), deck, discard)
    return arrive(solo, s, "6", mp=4)


def _main_choice(bot, solo, s):
    a = int(bot(solo.observe(s, HUMAN), solo.legal_action_mask(s))[0])
    return a - A_MAIN


def test_takes_the_tile_jean_would_take_next(solo):
    """MA-24.6 / MA-24.7: with only move-1 cards left in her deck Jean's next turn ends
    on 6 and takes the tile there: completing the quest now is worth ``quest_race`` VP
    more (she loses the tile), and nothing more when only move-2 cards are left (she
    passes 6, her stop is 9). To see the race alone decide, the flat value of a board
    tile (``quest_deny``, 4 VP) is set to -16 VP, which puts the quest just below the
    two village actions (MA-11.2) without the race and above them with it."""
    weights = {"quest_deny": -16.0}
    racing = SoloHeuristic(solo, params={**weights, "quest_race": 6.0})
    blind = SoloHeuristic(solo, params={**weights, "quest_race": 0.0})
    s = _race_position(solo, ["A1", "A2", "A3"], ["A4", "A5"])
    assert _forecast(solo, s)[loc("6")] == pytest.approx(1.0)
    assert solo.legal_action_mask(s)[0, A_MAIN + MAIN_QUEST]
    quest = A_MAIN + MAIN_QUEST
    assert _values(racing, solo, s)[quest] == pytest.approx(_values(blind, solo, s)[quest] + 6.0)
    assert _main_choice(blind, solo, s) == MAIN_VILLAGE
    assert _main_choice(racing, solo, s) == MAIN_QUEST
    s = _race_position(solo, ["A4", "A5"], ["A1", "A2", "A3"])
    assert _forecast(solo, s)[loc("6")] == 0.0
    assert _values(racing, solo, s)[quest] == pytest.approx(_values(blind, solo, s)[quest])
    assert _main_choice(racing, solo, s) == MAIN_VILLAGE


def _values(bot, solo, s):
    return bot.bot.scores(solo.observe(s, HUMAN)[:, : bot.width], solo.legal_action_mask(s))[0]
