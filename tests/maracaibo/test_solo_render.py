"""Text of the solo game (MA-24) for a person: Jean by name, her turns in words
(``narrate_jean``, derived from the record: it keeps no log), her cards explained,
the result against her from the engine's scores and rank."""

import numpy as np

import games
from games.maracaibo.data import board
from games.maracaibo.data.jean import JEAN_CARD_IDS
from games.maracaibo.solo.render import jean_card_text, narrate_jean
from games.maracaibo.solo.state import JEAN


def random_game(seed=3, level=3, stop=None):
    """A solo game played by a seeded random policy; yields (before, action, after)."""
    g = games.make("maracaibo_solo", level=level)
    s = g.init(np.array([seed]))
    rng = np.random.default_rng(seed)
    while not g.terminated(s)[0]:
        before = s[0].copy()
        a = int(rng.choice(g.legal_actions(s[0])))
        g.step(s, np.array([a]))
        yield g, before, a, s[0].copy()


def test_every_jean_turn_is_one_narrated_line():
    turns = lines = 0
    for g, before, _, after in random_game():
        said = narrate_jean(before, after)
        played = int(after["jean_discard_len"]) != int(before["jean_discard_len"]) or (
            int(after["jean_deck_len"]) != int(before["jean_deck_len"])
        )
        if not played:
            assert said == []
            continue
        turns += 1
        lines += len(said)
        assert len(said) == 1 and said[0].startswith(f"Jean: card {JEAN_CARD_IDS[int(after['jean_card'])]}")
        a, b = int(before["ship"][JEAN]), int(after["ship"][JEAN])
        if a != b:
            assert f"sails {board.LOC_IDS[a]} to {board.LOC_IDS[b]} " in said[0]
        vp = int(after["vp"][JEAN]) - int(before["vp"][JEAN])
        if vp:
            assert f"{vp:+d} VP (now {int(after['vp'][JEAN])})" in said[0]
    assert turns > 10 and lines == turns


def test_render_names_jean_and_counts_in_words():
    g = games.make("maracaibo_solo", level=2)
    s = g.init(np.array([1]))
    text = g.render(s[0], viewer=0)
    assert text.startswith("Maracaibo solo vs Jean (level 2), setup")
    assert " P1" not in text and "ships You Jean" in text
    assert "Jean: 0 VP | influence" in text  # no D, CP, hand or ship board for her
    assert "solo deck 6 cards" in text and "0 project cards" in text
    s = g.from_json({**g.to_json(s[0]), "state": {**g.to_json(s[0])["state"], "jean_cards": 1}})
    assert "1 project card," in g.render(s[0])


def test_game_over_says_who_won_against_jean():
    for g, _, _, after in random_game(seed=4):
        pass
    state = np.array([after], dtype=g.dtype)
    you, jean, rank = int(g.scores(state)[0, 0]), int(g.jean_scores(state)[0]), int(g.ranks(state)[0, 0])
    verdict = f"Jean wins by {jean - you} VP" if rank else ("a draw" if you == jean else f"you win by {you - jean} VP")
    line = f"Final scores: you {you} VP, Jean (level 3, medium) {jean} VP -- {verdict}"
    assert g.outcome(after) == line
    text = g.render(after, viewer=0, width=80)
    assert line in text and text.startswith("Maracaibo solo vs Jean (level 3), game over after round 4")
    assert "(rank " not in text


def test_jean_cards_are_explained():
    g = games.make("maracaibo_solo")
    a1 = g.info("a1")
    assert a1.startswith("Jean's solo card A1: sail 1 counted location (upper branch)")
    assert "display card 3" in a1 and "explorer 2 steps" in a1
    assert "(rounds 3-4)" in jean_card_text(JEAN_CARD_IDS.index("B1"))
    assert g.info("TK01").startswith("TK01: France 6")  # Maracaibo's info too
    s = g.init(np.array([0]))
    legend = g.legend(s[0])
    assert legend[0].startswith("Abbreviations:")  # the abbreviations first, as in the multiplayer game
    jean = legend.index("Jean's solo cards:")
    assert len(legend) == jean + 1 + 7
