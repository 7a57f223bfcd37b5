"""The campaign archive and the story deck (MA-26.1 - MA-26.4; games/maracaibo/campaign.py).

No engine runs here: the archive is plain data between games. Playing a campaign
(the env wrapper, the CLI) is tested in tests/envs/test_campaign_env.py and
tests/training/test_campaign_cli.py.
"""

import json
import os
from dataclasses import replace

import pytest

from games.maracaibo import campaign as C
from games.maracaibo.data import story as S
from games.maracaibo.data.legacy import LEGACY_TILE_IDS, check_legacy_tiles

GAME = "maracaibo"


def card(number):
    return C.STORY[number]


def with_open(archive, *numbers):
    return replace(archive, story_open=tuple(numbers))


@pytest.fixture
def fresh():
    return C.new_archive(GAME, 7)


# ----- the story deck's data ------------------------------------------------------------
def test_every_card_adds_only_tiles_the_engine_plays():
    """MA-26.2 "add tile Lx": the deck may only add tiles check_legacy_tiles accepts."""
    for game in C.GAMES:
        for number, _, instructions, _, _ in S.STORY_CARDS:
            tiles = [args[0] for kind, *args in instructions if kind == "add_tile"]
            check_legacy_tiles(game, tiles)  # raises for a tile the engine does not play
            assert all(t in LEGACY_TILE_IDS for t in tiles), number


def test_cards_are_placeholders_written_from_their_instructions():
    """MA-26.2: the texts say only what the instructions do, labelled PLACEHOLDER."""
    for number, requirement, instructions, draws, text in S.STORY_CARDS:
        assert text == S.placeholder_text(instructions)
        assert text.startswith("PLACEHOLDER: ")
        assert requirement[0] in S.REQUIREMENT_KINDS
        assert all(kind in S.INSTRUCTION_KINDS for kind, *_ in instructions)
        assert all(n in C.STORY and n != number for n in draws)
    assert S.placeholder_text((("add_tile", "L10"), ("cards", (90, 91)), ("remove_skull",))) == (
        "PLACEHOLDER: add tile L10; Cards: 90, 91 (shuffle into the project deck); remove a skull tile")
    assert all(n in C.STORY for n in S.FIRST_STORY_CARDS)
    assert len(C.STORY) == len(S.STORY_CARDS)  # numbers are unique


def test_new_campaign_opens_the_first_story_card(fresh):
    """MA-26.1: the first story game uses story card 01; nothing is in the archive yet."""
    assert fresh.story_open == S.FIRST_STORY_CARDS
    assert (fresh.tiles, fresh.removed_tiles, fresh.cards, fresh.story_read) == ((), (), (), ())
    assert fresh.game_options() == {"legacy_tiles": ()}


# ----- reading the story between games ------------------------------------------------------
def test_a_card_met_adds_its_tile_and_opens_what_it_draws(fresh):
    """MA-26.1 / MA-26.2: card 1 (always read) adds its tile; its drawn cards open for the
    next game and are not read in the same pass."""
    after, read = C.finish_game(fresh, [10, 5])
    assert read == [1]
    assert after.tiles == tuple(t for kind, t in card(1)[2] if kind == "add_tile")
    assert after.story_open == card(1)[3] and after.story_read == (1,)
    assert after.games_played == 1
    assert after.game_options() == {"legacy_tiles": after.tiles}


def test_a_requirement_not_met_keeps_the_card_open(fresh):
    """MA-26.1: a story card is read only once its requirement is met (placeholder:
    the top final score reaches the card's value)."""
    number = next(n for n, (kind, value), *_ in S.STORY_CARDS if kind == "top_score")
    value = card(number)[1][1]
    archive = with_open(fresh, number)
    after, read = C.finish_game(archive, [value - 1, 0])
    assert read == [] and after.story_open == (number,) and after.tiles == ()
    after, read = C.finish_game(archive, [0, value])
    assert read == [number] and number in after.story_read


def test_cards_met_together_are_read_lowest_number_first(fresh):
    """MA-26.1: every card whose requirement is met is read, lowest number first."""
    always = [n for n, (kind, _), *_ in S.STORY_CARDS if kind == "always"][:2]
    after, read = C.finish_game(with_open(fresh, *reversed(always)), [0])
    assert read == sorted(always)
    assert after.story_read == tuple(sorted(always))


def test_cards_instruction_adds_c_cards_for_good(fresh):
    """MA-26.1 / MA-26.2 "Cards: ...": C cards join the archive for good, each once."""
    number = next(n for n, _, instr, *_ in S.STORY_CARDS if any(k == "cards" for k, *_ in instr))
    ids = next(args[0] for kind, *args in card(number)[2] if kind == "cards")
    archive = replace(with_open(fresh, number), cards=(ids[0],))
    after, _ = C.finish_game(archive, [999])
    assert after.cards == tuple(sorted(set(ids)))
    assert all(c in S.C_CARDS for c in after.cards)


def test_remove_skull_returns_the_lowest_skull_tile_to_the_box(fresh):
    """MA-26.3: a skull tile leaves play for the box; with none in play nothing happens."""
    number = next(n for n, _, instr, *_ in S.STORY_CARDS
                  if any(k == "remove_skull" for k, *_ in instr) and not any(k == "add_tile" for k, *_ in instr))
    skulls = [t for t in S.SKULL_TILES if _plays(t)]
    archive = replace(with_open(fresh, number), tiles=tuple(skulls))
    after, _ = C.finish_game(archive, [999])
    assert after.removed_tiles == (skulls[0],)
    assert after.tiles == tuple(skulls[1:])
    after, _ = C.finish_game(with_open(fresh, number), [999])
    assert after.tiles == () and after.removed_tiles == ()


def test_adding_a_tile_in_play_or_in_the_box(fresh):
    """MA-26.4: a tile in play stays once (two cards demanding it keep one copy); a tile
    in the box comes back into play."""
    number = 1
    tile = next(t for kind, t in card(number)[2] if kind == "add_tile")
    after, _ = C.finish_game(replace(with_open(fresh, number), tiles=(tile,)), [0])
    assert after.tiles == (tile,)
    after, _ = C.finish_game(replace(with_open(fresh, number), removed_tiles=(tile,)), [0])
    assert after.tiles == (tile,) and after.removed_tiles == ()


def test_the_story_is_a_function_of_the_scores(fresh):
    """Reproducibility: the same archive and outcome read the same cards; the game seeds
    follow from the campaign seed and the game's number alone."""
    a, b = fresh, fresh
    for scores in ([30, 20], [46, 10], [200, 1], [0, 0]):
        a, read_a = C.finish_game(a, scores)
        b, read_b = C.finish_game(b, scores)
        assert (a, read_a) == (b, read_b)
    assert [C.game_seed(7, i) for i in range(3)] == [C.game_seed(7, i) for i in range(3)]
    assert len({C.game_seed(7, i) for i in range(50)} | {C.game_seed(8, 0)}) == 51
    assert all(0 <= C.game_seed(s, i) < 2**63 for s in (0, 2**63 - 1) for i in (0, 10**6))
    assert fresh.next_seed() == C.game_seed(7, 0)


def _plays(tile):
    try:
        check_legacy_tiles(GAME, (tile,))
    except ValueError:
        return False
    return True


# ----- JSON ---------------------------------------------------------------------------------
def test_json_round_trip(fresh, tmp_path):
    archive = fresh
    for scores in ([50, 20], [200, 10], [190, 1]):
        archive, _ = C.finish_game(archive, scores)
    path = tmp_path / "campaign.json"
    C.save(archive, path)
    assert C.load(path) == archive
    assert C.parse(json.dumps(archive.to_json()).encode()) == archive
    assert json.loads(path.read_text())["format"] == C.FORMAT_VERSION
    assert os.listdir(tmp_path) == ["campaign.json"]  # no temporary file left


def good_json():
    archive, _ = C.finish_game(C.new_archive(GAME, 3), [50, 20])
    return archive.to_json()


MISSING = object()


def skull_in_play():
    return next(t for t in S.SKULL_TILES if _plays(t))


BAD = [
    ("not JSON", b"{", "not JSON"),
    ("not UTF-8", b"\xff\xfe", "not UTF-8"),
    ("NaN", lambda d: json.dumps(d).replace('"seed": 3', '"seed": NaN'), "NaN"),
    ("a list", "[]", "expected a JSON object"),
    ("another kind", {"kind": "doubloon recording"}, "not a Maracaibo campaign archive"),
    ("another format", {"format": 2}, "format version 2"),
    ("missing key", {"tiles": MISSING}, "missing 'tiles'"),
    ("unknown key", {"extra": 1}, "unknown key 'extra'"),
    ("unknown game", {"game": "chess"}, "\"game\" must be one of"),
    ("seed not an int", {"seed": "3"}, "'seed' must be an integer"),
    ("seed out of range", {"seed": 2**63}, "\"seed\" must be in"),
    ("negative games", {"games_played": -1}, "\"games_played\" must be 0 or more"),
    ("tiles not a list", {"tiles": "L10"}, "'tiles' must be a list"),
    ("tile not a name", {"tiles": [10]}, "'tiles' holds 10"),
    ("unknown tile", {"tiles": ["L99"]}, "unknown tile 'L99'"),
    ("unknown removed tile", {"removed_tiles": ["L0"]}, "unknown tile 'L0'"),
    ("a tile twice", {"tiles": ["L25", "L25"]}, "'tiles': 'L25' is there twice"),
    ("removed still in play", lambda d: {**d, "tiles": [skull_in_play()], "removed_tiles": [skull_in_play()]},
     "is in play and removed at once"),
    ("unknown card", {"cards": [12]}, "unknown card 12"),
    ("a card twice", {"cards": [90, 90]}, "'cards': 90 is there twice"),
    ("card a bool", {"cards": [True]}, "'cards' holds True"),
    ("unknown story card", {"story_open": [999]}, "unknown story card 999"),
    ("story open and read", {"story_open": [1], "story_read": [1]}, "story card 1 is open and read at once"),
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
    with pytest.raises(C.ArchiveError) as err:
        C.load(path)
    message = str(err.value)
    assert problem in message and "\n" not in message
    assert message.startswith(str(path))


def test_a_tile_the_engine_does_not_play_is_refused(tmp_path):
    """An archive may hold only tiles the engine plays (check_legacy_tiles' own message)."""
    unplayed = [t for t in LEGACY_TILE_IDS if not _plays(t)]
    if not unplayed:
        pytest.skip("the engine plays every legacy tile")
    path = tmp_path / "a.json"
    path.write_text(json.dumps({**good_json(), "tiles": [unplayed[0]]}))
    with pytest.raises(C.ArchiveError, match=unplayed[0]):
        C.load(path)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(C.ArchiveError, match="cannot read it"):
        C.load(tmp_path / "none.json")


# ----- atomic writes -----------------------------------------------------------------------
@pytest.mark.parametrize("fails", ["fsync", "replace"])
def test_a_failed_write_leaves_the_old_archive_whole(tmp_path, monkeypatch, fails):
    path = tmp_path / "campaign.json"
    old = C.new_archive(GAME, 1)
    C.save(old, path)
    before = path.read_bytes()
    new, _ = C.finish_game(old, [100, 0])

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(C.os, fails, broken)
    with pytest.raises(OSError, match="disk full"):
        C.save(new, path)
    assert path.read_bytes() == before
    assert C.load(path) == old
    assert os.listdir(tmp_path) == ["campaign.json"]  # the temporary file is gone
