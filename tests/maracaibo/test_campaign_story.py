"""A story campaign (MA-26.1, GAP-60): its games are story-mode games made from the
archive, and the archive takes what each game's story did
(games/maracaibo/campaign_game.py, training/campaign.py, ``doubloon campaign --story``).

Random bots on two seats keep the games short; the starting archive holds L10 (story
card 07 is read once a disc lies on it) and the skull tile L20 (07 removes a skull tile),
so the bots' games read cards at step 6 and at final scoring.
"""

import json
from dataclasses import replace

import numpy as np
import pytest

import games
from games.maracaibo import campaign, campaign_game
from games.maracaibo.campaign import Archive
from games.maracaibo.data import story_tables as st
from games.maracaibo.data.legacy import LEGACY_TILE_IDS
from games.maracaibo.state import SC_OUT, SC_PLAY, SC_READ
from training.bots import make_bots
from training.campaign import run_campaign
from training.simulate import play_games

GAME = "maracaibo"


def start(seed=3):
    """A story archive with L10 and the skull tile L20 in play and story cards 01 and 07 open."""
    return campaign.check(Archive(GAME, seed, tiles=("L10", "L20"), story_open=(1, 7), story=True))


def index(number):
    return [int(n) for n in st.STORY_NUMBERS].index(number)


@pytest.fixture(scope="module")
def played():
    """The final record of a story game of random bots from ``start()`` (row 15 of a batch of
    64 seeds): story cards 01 and 07 read at step 6 (07 removes L20, MA-26.3), 03 read at
    final scoring."""
    archive = start()
    game = games.make(GAME, num_players=2, **archive.game_options())
    final, bots = [], make_bots("random", game, seed=1)
    scores, _ = play_games(game, bots, np.zeros((64, 2), dtype=int), list(range(64)), final=final)
    return archive, final[0][15].copy(), scores[15].tolist()


# ----- the archive: format 3 --------------------------------------------------------------
def test_a_story_archive_round_trips_as_format_3(tmp_path):
    """MA-26.1: the archive says it is a story campaign (format 3, "story")."""
    archive = campaign.new_archive(GAME, 5, story_mode=True)
    assert archive.story and archive.to_json()["story"] is True and archive.to_json()["format"] == 3
    path = tmp_path / "story.json"
    campaign.save(archive, path)
    assert campaign.load(path) == archive
    chapter = campaign.new_archive(GAME, 5, chapter=83, story_mode=True)
    assert chapter.story and campaign.parse(json.dumps(chapter.to_json())) == chapter


@pytest.mark.parametrize("version", [1, 2])
def test_formats_1_and_2_load_as_non_story_campaigns(version):
    """An archive written before story campaigns (formats 1, 2) is a non-story campaign."""
    doc = {k: v for k, v in start().to_json().items() if k != "story" and (version > 1 or k != "history")}
    archive = campaign.from_json({**doc, "format": version})
    assert archive.story is False and archive.story_open == (1, 7)


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"format": 4}, "written by format version 4; this doubloon reads versions 1 to 3"),
        ({"format": 0}, "written by format version 0"),
        ({"story": "yes"}, "'story' must be true or false, got 'yes'"),
        ({"story": None}, "'story' must be true or false, got None"),
        ({"format": 2}, "unknown key 'story'"),
    ],
)
def test_bad_story_archives_are_refused_in_one_line(change, problem):
    with pytest.raises(campaign.ArchiveError) as err:
        campaign.from_json({**start().to_json(), **change}, "s.json")
    assert problem in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(campaign.ArchiveError, match="story must be True or False, got 1"):
        campaign.new_archive(GAME, 1, story_mode=1)


def test_a_story_archive_makes_story_games():
    """MA-26.1: the next game plays the archive's open story cards, tiles and C cards."""
    archive = replace(start(), cards=(94,))
    assert archive.game_options() == {
        "legacy_tiles": ("L10", "L20"),
        "c_cards": (94,),
        "story": True,
        "story_cards": (1, 7),
    }
    assert "story" not in replace(archive, story=False).game_options()
    assert "story" not in replace(archive, story_open=()).game_options()  # no card left to play
    rec = games.make(GAME, num_players=2, **archive.game_options()).init(np.array([1]))[0]
    assert int(rec["opt_story"]) == 1
    assert [int(st.STORY_NUMBERS[i]) for i in range(st.NUM_STORY_CARDS) if rec["story_status"][i] == SC_PLAY] == [1, 7]


# ----- after a story game (GAP-60) ------------------------------------------------------
def test_finish_story_game_takes_what_the_game_did(played):
    """MA-26.1 / GAP-60: cards read in the game go to story_read; those in play at the end
    and those a card read at final scoring brings in to story_open; the tiles in play at
    the end are the archive's, the skull tile removed in the game goes to the box
    (MA-26.3); the C cards in the game stay (GAP-63); the history lists the cards read."""
    archive, rec, scores = played
    status = rec["story_status"]
    assert [status[index(n)] for n in (1, 3, 7)] == [SC_READ] * 3  # what the seed plays
    assert status[index(6)] == SC_OUT  # 03 read at final scoring: 06 it draws not brought in
    before = rec.copy()
    after, events = campaign_game.finish_story_game(archive, rec, scores)
    assert rec.tobytes() == before.tobytes()  # pure: the record is not changed
    assert after.story_read == (1, 3, 7)
    assert after.story_open == (2, 4, 6, 8, 10)  # 02, 04 (01), 08, 10 (07) in play; 06 from 03
    assert after.tiles == ("L10",) and after.removed_tiles == ("L20",)
    assert not int(rec["opt_legacy"]) >> LEGACY_TILE_IDS.index("L20") & 1
    assert after.cards == (90, 94)  # "Cards: 90" (01), "Cards: 94" (07); 03's 91 did not act
    assert after.games_played == 1 and after.story
    (record,) = after.history
    assert record.read == (1, 3, 7) and record.tiles == ("L10", "L20") and list(record.scores) == scores
    assert record.seed == archive.next_seed()
    words = dict(events)
    assert [n for n, _ in events] == [1, 3, 7]
    assert words[1][0].startswith(f"read in the game by seat {int(rec['story_reader'][index(1)])}: ")
    assert "read once its story quest is done" in words[1][0]
    assert "read at final scoring" in words[3][1] and "story card 06 " in words[3][1]
    assert words[7][1] == "its instructions acted in the game (GAP-60); it brought in story cards 08, 10"


def test_a_card_read_in_an_earlier_game_never_opens_again(played):
    """MA-26.1: a story card is read once per campaign; one the game drew again (08, drawn
    by 07) but read in an earlier game stays read, not open."""
    archive, rec, scores = played
    after, _ = campaign_game.finish_story_game(replace(archive, story_read=(8,)), rec, scores)
    assert after.story_read == (8, 1, 3, 7) and after.story_open == (2, 4, 6, 10)


def test_finish_story_game_refuses_a_non_story_record():
    rec = games.make(GAME, num_players=2).init(np.array([1]))[0]
    with pytest.raises(ValueError, match="final record of a story game"):
        campaign_game.finish_story_game(start(), rec, [0, 0])


# ----- playing a story campaign ---------------------------------------------------------
def test_a_two_game_story_campaign_carries_the_story_over(tmp_path):
    """MA-26.1: game 2 plays what game 1's story left: story cards 01, 02 and 07 read in
    game 1 (campaign seed 10) bring L25 in and remove L20 (MA-26.3), C cards 90 and 94
    join (GAP-63), and game 2 plays the cards they opened on those tiles."""
    path = tmp_path / "story.json"
    campaign.save(start(seed=10), path)
    lines = []
    archive = run_campaign(GAME, 2, path, "random,random", {"num_players": 2}, progress=False, write=lines.append)
    assert campaign.load(path) == archive and archive.story and archive.games_played == 2
    first, second = archive.history
    assert first.read == (1, 2, 7) and archive.story_read[:3] == (1, 2, 7)
    assert second.tiles == ("L10", "L25")  # game 1's tiles at its end
    assert {90, 94} <= set(archive.cards)
    assert not set(archive.story_open) & set(archive.story_read)
    assert "story card 07 read: PLACEHOLDER: remove a skull tile; Cards: 94" in "\n".join(lines)
    assert any(line.startswith("    - read in the game by seat ") for line in lines)


def test_cli_story_campaign(run_cli, tmp_path):
    """``doubloon campaign --story``: a new story campaign; continued without the flag it
    stays one; --story on a non-story archive, or the story options, are refused."""
    path = tmp_path / "story.json"
    args = ("--games", "1", "--bots", "random", "--players", "2", "--no-progress")
    code, out, err = run_cli("campaign", GAME, "--story", "--archive", str(path), "--seed", "4", *args)
    assert code == 0, err
    assert "new campaign" in out and "(story mode)" in out and "game 1 (seed " in out
    assert campaign.load(path).story and campaign.load(path).games_played == 1
    code, out, err = run_cli("campaign", GAME, "--archive", str(path), *args)
    assert code == 0 and "continuing the campaign" in out and "(story mode)" in out, err
    assert campaign.load(path).games_played == 2
    code, out, _ = run_cli("campaign", GAME, "--archive", str(path), "--review")
    assert code == 0 and out.startswith(f"campaign {path}: maracaibo (story mode), seed 4, 2 games played")
    plain = tmp_path / "plain.json"
    campaign.save(campaign.new_archive(GAME, 1), plain)
    code, _, err = run_cli("campaign", GAME, "--story", "--archive", str(plain), *args)
    assert code == 2 and "campaign without story mode; --story starts a new one" in err and err.count("\n") == 1
    code, _, err = run_cli("campaign", GAME, "--archive", str(path), "-o", "story_cards=1", *args)
    assert code == 2 and "story_cards comes from the campaign's archive" in err


def test_a_solo_story_campaign(tmp_path):
    """GAP-58: maracaibo_solo plays story campaigns too (the human reads)."""
    path = tmp_path / "solo.json"
    archive = run_campaign("maracaibo_solo", 1, path, "random", {}, seed=2, progress=False, write=[].append, story=True)
    assert archive.story and archive.games_played == 1 and campaign.load(path) == archive
