"""The campaign archive and the story deck (MA-26.1 - MA-26.4; games/maracaibo/campaign.py).

No engine runs here: the archive is plain data between games. Playing a campaign
(the env wrapper, the CLI) is tested in tests/envs/test_campaign_env.py and
tests/training/test_campaign_cli.py.
"""

import json
import os
from dataclasses import replace

import pytest

import games

from games.maracaibo import campaign
from games.maracaibo.data import story
from games.maracaibo.data import legacy
from games.maracaibo.data.legacy import LEGACY_TILE_IDS, check_legacy_tiles

GAME = "maracaibo"


def card(number):
    return campaign.STORY[number]


def with_open(archive, *numbers):
    return replace(archive, story_open=tuple(numbers))


@pytest.fixture
def fresh():
    return campaign.new_archive(GAME, 7)


@pytest.fixture
def every_tile_played(monkeypatch):
    """The engine as if it played every legacy tile (check_legacy_tiles reads these sets)."""
    monkeypatch.setattr(legacy, "IMPLEMENTED", frozenset(LEGACY_TILE_IDS))
    monkeypatch.setattr(legacy, "IMPLEMENTED_SOLO", frozenset(LEGACY_TILE_IDS))


@pytest.fixture
def no_tile_played(monkeypatch):
    monkeypatch.setattr(legacy, "IMPLEMENTED", frozenset())
    monkeypatch.setattr(legacy, "IMPLEMENTED_SOLO", frozenset())


def tiles_added(number):
    return [args[0] for kind, *args in card(number)[2] if kind == "add_tile"]


# ----- the story deck's data ------------------------------------------------------------
def test_cards_adding_tiles_the_game_does_not_play_sit_out(no_tile_played):
    """MA-26.2 "add tile Lx" only for tiles the engine plays: such a card is neither
    opened nor read, whatever the scores, so no tile enters the archive."""
    with_tiles = {n for n, *_ in story.STORY_CARDS if tiles_added(n)}
    assert with_tiles, "the placeholder deck has cards that add tiles"
    for game in campaign.GAMES:
        archive = campaign.new_archive(game, 1)
        for _ in range(len(story.STORY_CARDS) + 1):
            archive, read = campaign.finish_game(archive, [999])
            assert not set(read) & with_tiles and not set(archive.story_open) & with_tiles
        assert archive.tiles == ()
        assert set(archive.story_read) == {n for n, *_ in story.STORY_CARDS} - with_tiles - _unreachable(with_tiles)


def _unreachable(out):
    """Cards reachable from the first ones only through cards that sit out."""
    seen, todo = set(), [n for n in story.FIRST_STORY_CARDS if n not in out]
    while todo:
        n = todo.pop()
        seen.add(n)
        chained = [args[0] for kind, *args in card(n)[2] if kind == "read"]
        todo += [d for d in (*card(n)[3], *chained) if d not in out and d not in seen]
    return {n for n, *_ in story.STORY_CARDS} - out - seen


def test_the_decks_tiles_can_all_lie_together(every_tile_played):
    """MA-26.4: tiles lie at fixed places, one per place; the deck's tiles never clash."""
    tiles = sorted({t for n, *_ in story.STORY_CARDS for t in tiles_added(n)})
    for game in campaign.GAMES:
        check_legacy_tiles(game, tiles)


def test_cards_are_placeholders_written_from_their_instructions():
    """MA-26.2: the texts say only what the instructions do, labelled PLACEHOLDER."""
    for number, requirement, instructions, draws, text, *_story_mode in story.STORY_CARDS:
        assert text == story.placeholder_text(instructions)
        assert text.startswith("PLACEHOLDER: ")
        assert requirement[0] in story.REQUIREMENT_KINDS
        assert all(kind in story.INSTRUCTION_KINDS for kind, *_ in instructions)
        assert all(n in campaign.STORY and n != number for n in draws)
    assert story.placeholder_text((("add_tile", "L10"), ("cards", (90, 91)), ("remove_skull",))) == (
        "PLACEHOLDER: add tile L10; Cards: 90, 91 (shuffle into the project deck); remove a skull tile"
    )
    assert all(n in campaign.STORY for n in story.FIRST_STORY_CARDS)
    assert len(campaign.STORY) == len(story.STORY_CARDS)  # numbers are unique


def test_new_campaign_opens_the_first_story_card(fresh):
    """MA-26.1: the first story game uses story card 01; nothing is in the archive yet."""
    assert fresh.story_open == story.FIRST_STORY_CARDS
    assert (fresh.tiles, fresh.removed_tiles, fresh.cards, fresh.story_read) == ((), (), (), ())
    assert fresh.game_options() == {"legacy_tiles": (), "c_cards": ()}


# ----- reading the story between games ------------------------------------------------------
ALWAYS_WITH_TILE = next(
    n for n, (kind, _), instr, *_ in story.STORY_CARDS if kind == "always" and any(k == "add_tile" for k, *_ in instr)
)


def test_a_card_met_adds_its_tile_and_opens_what_it_draws(fresh, every_tile_played):
    """MA-26.1 / MA-26.2: a card read adds its tile; the cards it draws open for the
    next game and are not read in the same pass."""
    number = ALWAYS_WITH_TILE
    after, read = campaign.finish_game(with_open(fresh, number), [10, 5])
    assert read == [number]
    assert after.tiles == tuple(tiles_added(number))
    assert after.story_open == card(number)[3] and after.story_read == (number,)
    assert after.games_played == 1
    assert after.game_options() == {"legacy_tiles": after.tiles, "c_cards": tuple(sorted(after.cards))}


def test_a_requirement_not_met_keeps_the_card_open(fresh, every_tile_played):
    """MA-26.1: a story card is read only once its requirement is met (placeholder:
    the top final score reaches the card's value)."""
    number = next(n for n, (kind, value), *_ in story.STORY_CARDS if kind == "top_score")
    value = card(number)[1][1]
    archive = with_open(fresh, number)
    after, read = campaign.finish_game(archive, [value - 1, 0])
    assert read == [] and after.story_open == (number,) and after.tiles == ()
    after, read = campaign.finish_game(archive, [0, value])
    assert read == [number] and number in after.story_read


def test_cards_met_together_are_read_lowest_number_first(fresh, every_tile_played):
    """MA-26.1: every card whose requirement is met is read, lowest number first."""
    always = [n for n, (kind, _), *_ in story.STORY_CARDS if kind == "always"][:2]
    after, read = campaign.finish_game(with_open(fresh, *reversed(always)), [0])
    assert read == sorted(always)
    assert after.story_read == tuple(sorted(always))


def test_cards_instruction_adds_c_cards_for_good(fresh):
    """MA-26.1 / MA-26.2 "Cards: ...": C cards join the archive for good, each once."""
    number = next(n for n, _, instr, *_ in story.STORY_CARDS if any(k == "cards" for k, *_ in instr))
    ids = next(args[0] for kind, *args in card(number)[2] if kind == "cards")
    archive = replace(with_open(fresh, number), cards=(ids[0],))
    after, _ = campaign.finish_game(archive, [999])
    assert after.cards == tuple(sorted(set(ids)))
    assert all(c in story.C_CARDS for c in after.cards)


def test_remove_skull_returns_the_lowest_skull_tile_to_the_box(fresh, every_tile_played):
    """MA-26.3: a skull tile leaves play for the box; with none in play nothing happens."""
    number = next(
        n
        for n, _, instr, *_ in story.STORY_CARDS
        if any(k == "remove_skull" for k, *_ in instr) and not any(k == "add_tile" for k, *_ in instr)
    )
    skulls = list(story.SKULL_TILES)
    archive = replace(with_open(fresh, number), tiles=tuple(skulls))
    after, _ = campaign.finish_game(archive, [999])
    assert after.removed_tiles == (skulls[0],)
    assert after.tiles == tuple(skulls[1:])
    after, _ = campaign.finish_game(with_open(fresh, number), [999])
    assert after.tiles == () and after.removed_tiles == ()


def test_adding_a_tile_in_play_or_in_the_box(fresh, every_tile_played):
    """MA-26.4: a tile in play stays once (two cards demanding it keep one copy); a tile
    in the box comes back into play."""
    number = ALWAYS_WITH_TILE
    tile = tiles_added(number)[0]
    after, _ = campaign.finish_game(replace(with_open(fresh, number), tiles=(tile,)), [0])
    assert after.tiles == (tile,)
    after, _ = campaign.finish_game(replace(with_open(fresh, number), removed_tiles=(tile,)), [0])
    assert after.tiles == (tile,) and after.removed_tiles == ()


def test_the_story_is_a_function_of_the_scores(fresh):
    """Reproducibility: the same archive and outcome read the same cards; the game seeds
    follow from the campaign seed and the game's number alone."""
    a, b = fresh, fresh
    for scores in ([30, 20], [46, 10], [200, 1], [0, 0]):
        a, read_a = campaign.finish_game(a, scores)
        b, read_b = campaign.finish_game(b, scores)
        assert (a, read_a) == (b, read_b)
    assert [campaign.game_seed(7, i) for i in range(3)] == [campaign.game_seed(7, i) for i in range(3)]
    assert len({campaign.game_seed(7, i) for i in range(50)} | {campaign.game_seed(8, 0)}) == 51
    assert all(0 <= campaign.game_seed(s, i) < 2**63 for s in (0, 2**63 - 1) for i in (0, 10**6))
    assert fresh.next_seed() == campaign.game_seed(7, 0)


def test_every_instruction_kind_of_ma_26_2_is_on_some_card():
    """MA-26.2 / MA-26.3: the placeholder deck holds every instruction kind, so each is
    read somewhere; the texts say them in the rulebook's words."""
    used = {kind for _, _, instructions, *_ in story.STORY_CARDS for kind, *_ in instructions}
    assert used == set(story.INSTRUCTION_KINDS)
    assert story.placeholder_text((("story", 7), ("quests", ((3, 1), (10, 4))), ("discard", (96,)), ("read", 13))) == (
        "PLACEHOLDER: Story: 7; Quests: 3 (1-4 players), 10 (4 players); put cards 96 into the discard pile; Read 13"
    )


def _card_with(kind):
    return next(n for n, _, instr, *_ in story.STORY_CARDS if any(k == kind for k, *_ in instr))


def test_read_xx_reads_the_named_card_at_once(fresh, every_tile_played):
    """MA-26.2 "Read xx": the named card is read right after the card that names it
    (before the next card met), whatever its requirement; it opens what it draws, and a
    card read already is not read again."""
    number = _card_with("read")
    target = next(args[0] for kind, *args in card(number)[2] if kind == "read")
    assert card(target)[1][0] == "top_score"  # its own requirement is not met by a score of 0
    after, read = campaign.read_story(with_open(fresh, number, target), [0])
    assert [n for n, _ in read] == [number, target]
    assert f"Read {target:02d} (MA-26.2): story card {target:02d} is read next" in read[0][1]
    assert read[1][1][0] == f'read at once: story card {number:02d} says "Read {target:02d}" (MA-26.2)'
    assert target not in after.story_open and after.story_read == (number, target)
    assert set(card(target)[3]) <= set(after.story_open)
    again, read = campaign.read_story(replace(with_open(fresh, number), story_read=(target,)), [0])
    assert [n for n, _ in read] == [number] and f"Read {target:02d}: story card {target:02d} was read already" in read[
        0
    ][1]


def test_cards_into_the_discard_pile_join_the_campaign(fresh, every_tile_played):
    """MA-26.2: C cards put into the discard pile enter the deck from the next game on:
    the archive keeps them."""
    number = _card_with("discard")
    ids = next(args[0] for kind, *args in card(number)[2] if kind == "discard")
    after, read = campaign.read_story(with_open(fresh, number), [999])
    assert set(ids) <= set(after.cards)
    assert any("into the discard pile (MA-26.2)" in event for event in read[0][1])


@pytest.mark.parametrize("kind", ["story", "quests"])
def test_story_and_quests_change_nothing_between_games(fresh, every_tile_played, monkeypatch, kind):
    """MA-26.2 "Story: n" / "Quests: n" lay tiles in a story-mode game, which the engine
    does not play: between games the archive is as if the card did not say them, and
    the narration says so."""
    number = _card_with(kind)
    after, read = campaign.read_story(with_open(fresh, number), [999])
    assert any(e.startswith(kind.capitalize() + ":") and "changes nothing" in e for e in read[0][1])
    number_, requirement, instructions, draws, text, *story_mode = card(number)
    without = tuple(i for i in instructions if i[0] != kind)
    assert without != instructions
    monkeypatch.setitem(campaign.STORY, number, (number, requirement, without, draws, text, *story_mode))
    alone, _ = campaign.read_story(with_open(fresh, number), [999])
    assert after == alone


def test_an_unknown_instruction_is_refused(fresh, monkeypatch):
    monkeypatch.setitem(campaign.STORY, 1, (1, ("always", 0), (("fly",),), (), "x"))
    with pytest.raises(ValueError, match="story card 01: unknown instruction 'fly'"):
        campaign.finish_game(fresh, [0])


def test_the_history_keeps_every_game_played(fresh, every_tile_played):
    """MA-26.1: the archive keeps each game's number, seed, tiles in play, scores and the
    story cards read after it, so the campaign can be reviewed later."""
    archive = fresh
    for scores in ([50, 20], [10, 60], [0, 0]):
        before = archive
        archive, read = campaign.finish_game(archive, scores)
        assert archive.history[-1] == campaign.GameRecord(
            archive.games_played, before.next_seed(), before.tiles, tuple(scores), tuple(read)
        )
    assert [r.game for r in archive.history] == [1, 2, 3]
    assert [n for r in archive.history for n in r.read] == list(archive.story_read)


def test_the_history_keeps_the_last_games_only(fresh, monkeypatch):
    """The history is bounded: past MAX_HISTORY games the oldest leave it."""
    monkeypatch.setattr(campaign, "MAX_HISTORY", 2)
    archive = fresh
    for _ in range(3):
        archive, _ = campaign.finish_game(archive, [0])
    assert [r.game for r in archive.history] == [2, 3]


def test_reading_a_skull_card_says_which_tile_left_and_what_a_skull_tile_is(fresh, every_tile_played):
    """MA-26.3: "remove a skull tile" returns a skull tile (L3, L20-L23) to the box; the
    narration names the card, the tile and what a skull tile is, or that none lay."""
    number = next(
        n
        for n, (kind, _), instr, *_ in story.STORY_CARDS
        if kind == "always" and any(k == "remove_skull" for k, *_ in instr)
    )
    after, read = campaign.read_story(replace(with_open(fresh, number), tiles=("L20", "L21")), [0])
    assert after.removed_tiles == ("L20",) and read[0][0] == number
    said = " ".join(read[0][1])
    assert "returns L20 to the box" in said and "a skull tile is a legacy tile marked with a skull" in said
    assert "no village action" in said and "MA-26.3" in said
    _, read = campaign.read_story(with_open(fresh, number), [0])
    assert "removes nothing: no skull tile is in play" in " ".join(read[0][1])


def test_narration_says_why_a_card_was_read_and_what_it_changed(fresh, every_tile_played):
    """MA-26.1 / MA-26.2: the reason (the requirement met) and each instruction's effect."""
    number = next(n for n, (kind, _), *_ in story.STORY_CARDS if kind == "top_score")
    value = card(number)[1][1]
    _, read = campaign.read_story(with_open(fresh, number), [value + 1, 0])
    events = read[0][1]
    assert events[0] == f"read because some player scored at least {value} VP (the top score was {value + 1})"
    assert len(events) >= 1 + len(card(number)[2])
    _, read = campaign.read_story(replace(with_open(fresh, ALWAYS_WITH_TILE)), [0])
    assert f"tile {tiles_added(ALWAYS_WITH_TILE)[0]} comes into play" in " ".join(read[0][1])
    tile = tiles_added(ALWAYS_WITH_TILE)[0]
    _, read = campaign.read_story(replace(with_open(fresh, ALWAYS_WITH_TILE), removed_tiles=(tile,)), [0])
    assert f"tile {tile} comes back from the box" in " ".join(read[0][1])


# ----- JSON ---------------------------------------------------------------------------------
def test_a_format_1_archive_loads_with_an_empty_history(tmp_path):
    """An archive written before the history (format 1) still loads; saved again, it is
    format 3 and keeps the games played from then on."""
    old = {k: v for k, v in good_json().items() if k not in ("history", "story")}
    old["format"] = 1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    archive = campaign.load(path)
    assert archive.history == () and archive.games_played == 1 and archive.story_read == (1,)
    archive, _ = campaign.finish_game(archive, [0, 0])
    campaign.save(archive, path)
    again = campaign.load(path)
    assert again == archive and [r.game for r in again.history] == [2]
    assert json.loads(path.read_text())["format"] == 3


def test_json_round_trip(fresh, tmp_path):
    archive = fresh
    for scores in ([50, 20], [200, 10], [190, 1]):
        archive, _ = campaign.finish_game(archive, scores)
    path = tmp_path / "campaign.json"
    campaign.save(archive, path)
    assert campaign.load(path) == archive
    assert campaign.parse(json.dumps(archive.to_json()).encode()) == archive
    assert json.loads(path.read_text())["format"] == campaign.FORMAT_VERSION
    assert os.listdir(tmp_path) == ["campaign.json"]  # no temporary file left


def good_json():
    archive, _ = campaign.finish_game(campaign.new_archive(GAME, 3), [50, 20])
    return archive.to_json()


RECORD = {"game": 1, "seed": campaign.game_seed(3, 0), "tiles": [], "scores": [50, 20], "read": [1]}


MISSING = object()


BAD = [
    ("not JSON", b"{", "not JSON"),
    ("not UTF-8", b"\xff\xfe", "not UTF-8"),
    ("NaN", lambda d: json.dumps(d).replace('"seed": 3', '"seed": NaN'), "NaN"),
    ("a list", "[]", "expected a JSON object"),
    ("another kind", {"kind": "doubloon recording"}, "not a Maracaibo campaign archive"),
    ("another format", {"format": 4}, "written by format version 4; this doubloon reads versions 1 to 3"),
    ("format a bool", {"format": True}, "format version True"),
    ("format 1 with a history", {"format": 1}, "unknown key 'history'"),
    ("format 2 with story", {"format": 2}, "unknown key 'story'"),  # GAP-60: format 3 added it
    ("story not a bool", {"story": 1}, "'story' must be true or false, got 1"),
    ("history not a list", {"history": {}}, "'history' must be a list of games, got dict"),
    ("history entry null", {"history": [None]}, "'history' entry 1 must be an object, got NoneType"),
    ("history entry key missing", {"history": [{"game": 1}]}, "'history' entry 1: missing 'seed'"),
    ("history seed a string", {"history": [{**RECORD, "seed": "1"}]}, "'history' entry 1: 'seed' must be an integer"),
    ("history scores null", {"history": [{**RECORD, "scores": [None]}]}, "'scores' holds None"),  # the fuzz bug's kin
    ("history read null", {"history": [{**RECORD, "read": [1, None]}]}, "'read' holds None"),
    ("history tiles null", {"history": [{**RECORD, "tiles": [None]}]}, "'tiles' holds None"),
    ("history five scores", {"history": [{**RECORD, "scores": [1] * 5}]}, "'scores' holds 5 entries; at most 4"),
    ("history no score", {"history": [{**RECORD, "scores": []}]}, "0 scores; a game has 1 to 4 seats"),
    ("history game unplayed", {"history": [{**RECORD, "game": 2}]}, "game 2 must be after game 0 and at most 1"),
    ("history wrong seed", {"history": [{**RECORD, "seed": 5}]}, "seed 5 is not the campaign's seed of game 1"),
    ("history unknown card", {"history": [{**RECORD, "read": [999]}]}, "'read' holds 999, not a known story card"),
    ("history unknown tile", {"history": [{**RECORD, "tiles": ["L0"]}]}, "'tiles' holds 'L0', not a known tile"),
    ("missing key", {"tiles": MISSING}, "missing 'tiles'"),
    ("unknown key", {"extra": 1}, "unknown key 'extra'"),
    ("unknown game", {"game": "chess"}, "\"game\" must be one of"),
    ("seed not an int", {"seed": "3"}, "'seed' must be an integer"),
    ("seed out of range", {"seed": 2**63}, "\"seed\" must be in"),
    ("negative games", {"games_played": -1}, "\"games_played\" must be in 0..1,000,000"),
    ("tiles not a list", {"tiles": "L10"}, "'tiles' must be a list"),
    ("tile not a name", {"tiles": [10]}, "'tiles' holds 10"),
    ("unknown tile", {"tiles": ["L99"]}, "unknown tile 'L99'"),
    ("unknown removed tile", {"removed_tiles": ["L0"]}, "unknown tile 'L0'"),
    ("a tile twice", {"tiles": ["L25", "L25"]}, "'tiles': 'L25' is there twice"),
    ("removed still in play", {"tiles": ["L20"], "removed_tiles": ["L20"]}, "tile L20 is in play and removed at once"),
    ("unknown card", {"cards": [12]}, "unknown card 12"),
    ("a card twice", {"cards": [90, 90]}, "'cards': 90 is there twice"),
    ("card a bool", {"cards": [True]}, "'cards' holds True"),
    ("unknown story card", {"story_open": [999]}, "unknown story card 999"),
    ("story open and read", {"story_open": [1], "story_read": [1]}, "story card 1 is open and read at once"),
    ("story cards null", {"story_open": [None, None]}, "'story_open' holds None"),  # found by the fuzz test
]


@pytest.mark.parametrize("change, problem", [(c, p) for _, c, p in BAD], ids=[n for n, _, _ in BAD])
def test_bad_archive_is_one_line_naming_the_problem(tmp_path, change, problem):
    doc = good_json()
    if isinstance(change, dict):
        doc.update(change)
        doc = {k: v for k, v in doc.items() if v is not MISSING}
        raw = json.dumps(doc)
    elif callable(change):
        out = change(doc)
        raw = out if isinstance(out, str) else json.dumps(out)
    else:
        raw = change
    path = tmp_path / "bad.json"
    path.write_bytes(raw if isinstance(raw, bytes) else raw.encode())
    with pytest.raises(campaign.ArchiveError) as err:
        campaign.load(path)
    message = str(err.value)
    assert problem in message and "\n" not in message
    assert message.startswith(str(path))


def test_a_tile_the_engine_does_not_play_is_refused(tmp_path, no_tile_played):
    """An archive may hold only tiles the engine plays (check_legacy_tiles' own message)."""
    path = tmp_path / "a.json"
    path.write_text(json.dumps({**good_json(), "tiles": ["L25"]}))
    with pytest.raises(campaign.ArchiveError, match="legacy tile L25 is not implemented yet"):
        campaign.load(path)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(campaign.ArchiveError, match="cannot read it"):
        campaign.load(tmp_path / "none.json")


# ----- atomic writes -----------------------------------------------------------------------
@pytest.mark.parametrize("fails", ["fsync", "replace"])
def test_a_failed_write_leaves_the_old_archive_whole(tmp_path, monkeypatch, fails):
    path = tmp_path / "campaign.json"
    old = campaign.new_archive(GAME, 1)
    campaign.save(old, path)
    before = path.read_bytes()
    new, _ = campaign.finish_game(old, [100, 0])

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, fails, broken)  # games.core.files.write_atomically calls os.*
    with pytest.raises(OSError, match="disk full"):
        campaign.save(new, path)
    assert path.read_bytes() == before
    assert campaign.load(path) == old
    assert os.listdir(tmp_path) == ["campaign.json"]  # the temporary file is gone


def test_the_docs_example_is_a_valid_archive():
    """docs/maracaibo.md shows an archive; it must load."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "maracaibo.md").read_text(encoding="utf-8")
    block = page.split("The archive is a small JSON document", 1)[1].split("```\n", 2)[1]
    archive = campaign.parse(block, source="docs/maracaibo.md")
    assert archive.game == GAME and archive.games_played == 2


def test_some_card_adds_every_legacy_tile():
    """The deck is ready for every tile (data/story.py): a card per tile, in the deck as
    soon as the engine plays it."""
    assert {t for n, *_ in story.STORY_CARDS for t in tiles_added(n)} == set(LEGACY_TILE_IDS)


def test_with_every_tile_played_the_whole_deck_is_read(every_tile_played):
    """Every card is reachable from card 01 (MA-26.1); once all are read, every tile not
    sent back to the box by "remove a skull tile" (MA-26.3) is in play."""
    for game in campaign.GAMES:
        archive = campaign.new_archive(game, 1)
        while archive.story_open:
            archive, read = campaign.finish_game(archive, [999])
            chained = {args[0] for n in read for kind, *args in card(n)[2] if kind == "read"}
            met = [n for n in read if n not in chained]  # MA-26.1: lowest first; a chained card
            assert met == sorted(met) and read  # follows the card that names it (MA-26.2)
            for n in read:
                assert all(args[0] in read[: read.index(n) + 2] for kind, *args in card(n)[2] if kind == "read")
        assert sorted(archive.story_read) == sorted(campaign.STORY)
        assert set(archive.tiles) | set(archive.removed_tiles) == set(LEGACY_TILE_IDS)
        assert set(archive.removed_tiles) <= set(story.SKULL_TILES)
        assert set(archive.cards) == set(story.C_CARDS)


def test_a_campaign_now_brings_l1_l4_and_l7():
    """MA-26.2 "add tile Lx" with the engine as it is (no tile stubbed): L1, L4 and L7
    (MA-26.4) are played by both games, so card 18 (adds L1) and card 19 (adds L4, L7),
    which it draws, are in both decks, and a campaign lays the three tiles out."""
    assert "L1" in tiles_added(18) and 19 in card(18)[3] and {"L4", "L7"} <= set(tiles_added(19))
    for game in campaign.GAMES:
        assert campaign.in_deck(game, 18) and campaign.in_deck(game, 19)
        archive = campaign.new_archive(game, 1)
        while archive.story_open:
            archive, _ = campaign.finish_game(archive, [999])
        assert {"L1", "L4", "L7"} <= set(archive.tiles)
        g = games.make(game, **archive.game_options())
        assert {"L1", "L4", "L7"} <= set(g.options["legacy_tiles"])
