"""The story on Maracaibo's drawn board (games/maracaibo/svg_story.py, MA-26.1 - MA-26.3,
GAP-59 - GAP-61): the story tiles at their locations and who took them, the story cards in
play in story_text's words, a vote in progress without any seat's option leaking into
another seat's picture, no text collisions, and nothing drawn without story mode."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import games
from games.core import svg
from games.maracaibo import story_text
from games.maracaibo.data import board
from games.maracaibo.data import story_tables as st
from games.maracaibo.render import Names
from games.maracaibo.state import SC_NEW, SC_PLAY
from tests.maracaibo.positions import act, cur, val
from tests.maracaibo.test_story_quests import at_tile, story_game
from tests.maracaibo.test_story_votes import CARD, to_vote
from tools.svg_layout import layout_problems

SVG = "{http://www.w3.org/2000/svg}"
NAMES = Names()  # P0, P1, ... as the board names seats


def root(g, s, player=None, theme="light"):
    return ET.fromstring(g.render_svg(s[0], player=player, theme=theme))


def texts(tree):
    return [t.text or "" for t in tree.iter(f"{SVG}text")]


def of_class(tree, name):
    return [e for e in tree.iter() if e.get("class") == name]


def tiles_on_map(tree):
    return sorted((e.get("data-tile"), e.get("data-loc"), e.get("data-card")) for e in of_class(tree, "story-tile"))


def tiles_in_record(rec):
    return sorted(
        (
            str(k + 1),
            board.LOC_IDS[int(rec["story_tile_loc"][k])],
            str(int(st.STORY_NUMBERS[rec["story_tile_card"][k]])),
        )
        for k in range(int(rec["story_tiles_laid"]))
        if rec["story_tile_loc"][k] >= 0
    )


@pytest.fixture(scope="module")
def started():
    """Cards 01 and 02 in play at the start of round 1: story tiles 1 and 2 laid (MA-26.1)."""
    return story_game([1, 2])


@pytest.fixture(scope="module")
def completed(started):
    """The seat to act completes card 01's story quest at story tile 1 (GAP-61, MA-26.3)."""
    g, s, p = started
    s = at_tile(g, s, 1, cp={p: 1})
    act(g, s, "story_quest", 0)
    return g, s, p


@pytest.fixture(scope="module")
def voting():
    """Card 09 read by a seat, which votes for option 2; the other two have still to vote (GAP-59)."""
    g, s, reader = to_vote(n=3)
    act(g, s, "vote", 1)
    return g, s, reader


def test_story_tiles_lie_on_the_map_at_their_locations(started):
    # MA-26.1: card 01 lays story tile 1 at 15, card 02 story tile 2 at 6, each carrying its card's quest
    g, s, _ = started
    tree = root(g, s)
    assert tiles_on_map(tree) == tiles_in_record(s[0])
    assert {t[2] for t in tiles_on_map(tree)} == {"1", "2"}
    assert any(t.endswith("Sn: story tile n (MA-26.1)") for t in texts(tree))


def test_a_completed_story_tile_leaves_the_map_and_names_who_took_it(completed):
    # GAP-61: the tile goes to the player as a quest tile (MA-12.4), off the map
    g, s, p = completed
    tree = root(g, s, player=p, theme="dark")
    assert [t[0] for t in tiles_on_map(tree)] == ["2"]
    words = texts(tree)
    assert story_text.tile_words(s[0], 0, NAMES) in words
    assert "taken by" in story_text.tile_words(s[0], 0, NAMES)
    assert any(w.startswith("quests S1 |") for w in words)  # the taker's panel lists it with its quests


def test_story_cards_in_play_show_their_quest_and_requirement_in_story_text_s_words(started):
    # MA-26.1 / MA-26.3: number, story quest (requirement -> reward) and when it is read in the game
    g, s, _ = started
    tree = root(g, s)
    words = texts(tree)
    shown = sorted(int(e.get("data-card")) for e in of_class(tree, "story-card"))
    assert shown == [1, 2]
    for number in shown:
        i = st.STORY_INDEX[number]
        assert story_text.card_name(i) in words
        assert f"story quest: {story_text.quest_cost(i)} -> {story_text.quest_rewards(i)}" in words
        assert f"in the game: {story_text.requirement_text(i)}" in words
        # the text board says the same (story_text.card_text)
        assert story_text.quest_text(i) in g.render(s[0])


def test_a_vote_in_progress_shows_its_options_and_who_has_voted(voting):
    # GAP-59: the options of card 09's group choice; the reader has voted, the others not yet
    g, s, reader = voting
    tree = root(g, s)
    words = texts(tree)
    for o in range(int(st.NUM_VOTES[st.STORY_INDEX[CARD]])):
        assert f"option {o + 1}: {story_text.option_text(st.STORY_INDEX[CARD], o)}" in words
    voted = {int(e.get("data-seat")): e.get("data-voted") for e in of_class(tree, "story-voter")}
    assert voted == {q: "yes" if q == reader else "no" for q in range(3)}
    assert [int(e.get("data-card")) for e in of_class(tree, "story-vote")] == [CARD]


def test_no_seat_s_picture_shows_another_seat_s_vote(voting):
    # GAP-59: votes are hidden until all have voted: what the reader chose changes no other
    # seat's picture (nor the picture for every seat, nor the text board), only the reader's own
    g, s, reader = voting
    g2, s2, reader2 = to_vote(n=3)
    act(g2, s2, "vote", 0)
    assert reader2 == reader and cur(s2) == cur(s)
    for q in (None, *(q for q in range(3) if q != reader)):
        for theme in sorted(svg.THEMES):
            assert g.render_svg(s[0], player=q, theme=theme) == g2.render_svg(s2[0], player=q, theme=theme)
        assert g.render(s[0], viewer=q) == g2.render(s2[0], viewer=q)
    mine = [e.text for e in of_class(root(g, s, player=reader), "story-voter")]
    assert f"{NAMES[reader]}: voted (your vote: option 2)" in mine
    assert "your vote: option 1" in " ".join(texts(root(g2, s2, player=reader)))


def test_solo_the_human_is_the_only_voter():
    # GAP-58: in solo the human casts the only vote; Jean is not listed to vote
    g, s, _ = to_vote(name="maracaibo_solo")
    tree = root(g, s, player=0)
    assert [(e.get("data-seat"), e.text) for e in of_class(tree, "story-voter")] == [("0", "You: to vote")]
    assert tiles_on_map(tree) == tiles_in_record(s[0])


def test_a_game_without_story_mode_draws_no_story():
    # MA-26.1: story mode is an option; without it the board has no story parts
    g = games.make("maracaibo", num_players=3)
    state = g.init(np.array([2]))
    tree = ET.fromstring(g.render_svg(state[0]))
    assert not [e for e in tree.iter() if (e.get("class") or "").startswith("story")]
    assert not [t for t in texts(tree) if "story" in t.lower() or "Sn:" in t]


@pytest.mark.parametrize("which", ["started", "completed", "voting"])
def test_no_text_collides_on_story_positions(which, request):
    g, s, _ = request.getfixturevalue(which)
    for theme in sorted(svg.THEMES):
        for player in (None, *range(g.num_players)):
            assert layout_problems(g.render_svg(s[0], player=player, theme=theme)) == []


def test_no_text_collides_on_a_solo_vote():
    g, s, _ = to_vote(name="maracaibo_solo")
    for theme in sorted(svg.THEMES):
        assert layout_problems(g.render_svg(s[0], player=0, theme=theme)) == []


def targets_of(g, s, family):
    """{action: data-target} of the legal moves of ``family`` for the seat to act."""
    return {a: g.board_target(s[0], a) for a in g.legal_actions(s[0]) if g.action_layout.locate(a)[0].name == family}


def test_a_story_quest_is_played_by_clicking_its_story_tile(started):
    # GAP-61: the story quest is the main action at the tile's location: its target is that tile's badge
    g, s, p = started
    s = at_tile(g, s, 1, cp={p: 1})
    wanted = targets_of(g, s, "story_quest")
    assert len(wanted) == 1
    tree = root(g, s, player=p)
    for a, target in wanted.items():
        drawn = [e for e in tree.iter() if e.get("data-target") == target]
        assert [e.get("class") for e in drawn] == ["story-tile"]
        k = g.action_layout.locate(a)[1]
        assert drawn[0].get("data-tile") == str(k + 1)
        assert g.action_label(s[0], a).startswith(f"Complete story tile {k + 1}:")


def test_a_vote_is_cast_by_clicking_its_option(voting):
    # GAP-59: each option the seat to vote may choose is clickable on its line in the vote's box
    g, s, _ = voting
    q = cur(s)
    wanted = targets_of(g, s, "vote")
    assert len(wanted) == int(st.NUM_VOTES[st.STORY_INDEX[CARD]])
    tree = root(g, s, player=q)
    for a, target in wanted.items():
        o = g.action_layout.locate(a)[1]
        drawn = [e.text for e in tree.iter() if e.get("data-target") == target]
        assert drawn == [f"option {o + 1}: {story_text.option_text(st.STORY_INDEX[CARD], o)}"]
        assert g.action_label(s[0], a).startswith(f"Vote for option {o + 1}: ")


def random_story_positions(name, seed, every, **options):
    """Records of one uniformly random story game, every ``every`` moves and the end."""
    g = games.make(name, story=True, **options)
    state = g.init(np.array([seed]))
    rng = np.random.default_rng(seed)
    out, t = [], 0
    while not g.terminated(state)[0]:
        if t % every == 0:
            out.append(state[0].copy())
        g.step(state, np.array([rng.choice(g.legal_actions(state[0]))]))
        t += 1
    return g, out + [state[0].copy()]


@pytest.mark.parametrize(
    "name, seed, every, options",
    [
        ("maracaibo", 2, 53, dict(num_players=4, story_cards=[1, 2, 6, 9])),
        ("maracaibo_solo", 7, 19, dict(story_cards=[1, 6])),
    ],
)
def test_a_random_story_game_draws_its_story_at_every_position_without_collisions(name, seed, every, options):
    # MA-26.1: the tiles lying on the map and the cards in play are drawn as the record has them;
    # card 01 lays quests at 16 (and 19 with 4 players) and card 06 story tile 3 at 16: badges share a row.
    # (4 players, seed 2: all 4 tiles laid, 3 taken; seeds 1 and 5 meet an overlap older than the
    # story, an explorer pawn under a barrier label)
    g, records = random_story_positions(name, seed, every, **options)
    assert len(records) > 5
    for rec in records:
        for player, theme in ((None, "light"), (0, "dark")):
            picture = g.render_svg(rec, player=player, theme=theme)
            assert layout_problems(picture) == []
        tree = ET.fromstring(picture)
        assert tiles_on_map(tree) == tiles_in_record(rec)
        in_play = sorted(
            int(st.STORY_NUMBERS[i]) for i in range(st.NUM_STORY_CARDS) if rec["story_status"][i] in (SC_PLAY, SC_NEW)
        )
        assert sorted(int(e.get("data-card")) for e in of_class(tree, "story-card")) == in_play


def test_a_story_tile_beside_a_new_city_s_name_does_not_collide():
    # MA-26.4 L7: the new city's name (with its flag's marker) lies on 16's quest row, where card 06
    # lays story tile 3 beside card 01's quest (MA-26.1): the badge moves up beside the city tile row
    from games.maracaibo.data import explorer, legacy
    from tests.maracaibo.positions import edit, opening

    g = games.make("maracaibo", num_players=4, story=True, story_cards=[1, 4, 6], legacy_tiles=["L7"])
    s = opening(g, 3)
    space = next(i for i in range(explorer.NUM_EXPLORER_SPACES) if int(explorer.EXP_STEP_NUMBER[i]) >= 11)
    k = list(legacy.NEW_CITY_TILES).index(legacy.LEGACY_INDEX["L7"])
    taken = s[0]["markers_taken"].copy()
    taken[0] += 1  # the marker on L7's flag has left the supply
    s = edit(g, s, legacy_city_marker={k: 0}, explorer={0: space}, markers_taken=taken)
    at_16 = [t for t in tiles_on_map(root(g, s)) if t[1] == "16"]
    assert len(at_16) == 1 and int(legacy.NEW_CITY_FROM[k]) == board.LOC_INDEX["16"]
    for theme in sorted(svg.THEMES):
        assert layout_problems(g.render_svg(s[0], theme=theme)) == []


def test_the_move_logs_name_a_vote_s_option_only_to_its_voter():
    # GAP-59: the browser page's log (seen_label) and the play screen's (_seen_label) tell the
    # other seats that a vote was cast, never its option; the voter reads its own label
    from training.play import _seen_label
    from training.web.match import seen_label

    g, s, reader = to_vote(n=3)
    rec = s[0]
    for a in targets_of(g, s, "vote"):
        assert g.action_label(rec, a).startswith("Vote for option ")
        for label in (seen_label, _seen_label):
            assert label(g, rec, a, reader) == g.action_label(rec, a)
            assert {label(g, rec, a, q) for q in range(3) if q != reader} == {"vote"}
    # a public move keeps its label for everyone
    g, s, p = story_game([1])
    a = g.legal_actions(s[0])[0]
    assert _seen_label(g, s[0], a, (p + 1) % 2) == g.action_label(s[0], a)


def test_a_skull_tile_is_removed_by_clicking_it_on_the_map():
    # GAP-62 / MA-26.3: card 04's reward "remove a skull tile" is the player's decision among
    # the skull tiles in play (L3 at Cartagena, L20): each is clickable on its name on the map
    g, s, p = story_game([4], tiles=("L3", "L20"))
    s = at_tile(g, s, 4, mp=4)
    act(g, s, "story_quest", val(s, "story_tile_card").index(st.STORY_INDEX[4]))
    wanted = targets_of(g, s, "remove_skull")
    assert sorted(wanted.values()) == ["skull:L20", "skull:L3"]
    tree = root(g, s, player=p)
    for a, target in wanted.items():
        drawn = [e for e in tree.iter() if e.get("data-target") == target]
        assert [(e.get("class"), e.text) for e in drawn] == [("legacy-tile", target.split(":")[1])]
        assert g.action_label(s[0], a).startswith(f"Remove skull tile {target.split(':')[1]} ")
    # without story mode the same tiles are no targets (nothing changes, MA-26.1)
    plain = games.make("maracaibo", num_players=2, legacy_tiles=["L3", "L20"])
    assert "skull:" not in plain.render_svg(plain.init(np.array([3]))[0])
