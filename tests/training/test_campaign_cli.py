"""``doubloon campaign``: bots play a Maracaibo campaign, the archive carried over (MA-26.1).

Random bots on two seats keep the games short. The golden campaign is checked by its
invariants, by reproducibility and against a stored report
(fixtures/campaign_golden.json); its story requirements are placeholders
(data/story.py), not rules.
"""

import json
import os
from pathlib import Path

from games.maracaibo import campaign
from training.campaign import run_campaign

BOTS = "random,random"


def one_game_at_a_time(path, games, seed=None):
    """The archive after each of ``games`` games played one command at a time, and the
    report lines of every game."""
    archives, lines = [], []
    for _ in range(games):
        archives.append(
            run_campaign("maracaibo", 1, path, BOTS, {"num_players": 2}, seed=seed, progress=False, write=lines.append)
        )
    return archives, game_lines(lines)


def game_lines(lines):
    """The per-game report (the header line of each command left out)."""
    return [line for line in lines if not line.startswith(("new campaign", "continuing", "saved"))]


def test_cli_plays_three_games_and_the_archive_carries_over(run_cli, tmp_path):
    path = tmp_path / "runs" / "campaign.json"  # a folder the first save creates
    code, out, err = run_cli(
        "campaign",
        "maracaibo",
        "--games",
        "3",
        "--archive",
        str(path),
        "--bots",
        BOTS,
        "--players",
        "2",
        "--seed",
        "9",
        "--no-progress",
    )
    assert code == 0, err
    archive = campaign.load(path)
    assert archive.games_played == 3 and archive.seed == 9
    for number in (1, 2, 3):
        assert f"game {number} (seed {campaign.game_seed(9, number - 1)}): tiles in play " in out
    assert "result: seat 0 random" in out and "story card 01 read: PLACEHOLDER: Cards: 90" in out
    assert f"saved {path}: 3 games played" in out

    # the golden campaign: the same seed played one game per command gives the same
    # archive after every game (continuing an archive is the same as one long run)
    step_by_step, lines = one_game_at_a_time(tmp_path / "again.json", 3, seed=9)
    assert step_by_step[-1] == archive
    assert lines == game_lines(out.splitlines())  # tiles, results, cards read, archive: game by game
    previous = campaign.new_archive("maracaibo", 9)
    for after in step_by_step:  # invariants: one game more, the story only grows
        assert after.games_played == previous.games_played + 1
        assert set(previous.story_read) <= set(after.story_read) and set(previous.cards) <= set(after.cards)
        previous = after
    assert 1 in previous.story_read  # card 01 is read after the first game (requirement "always")

    code, out, _ = run_cli(
        "campaign",
        "maracaibo",
        "--games",
        "1",
        "--archive",
        str(path),
        "--bots",
        BOTS,
        "--players",
        "2",
        "--no-progress",
    )
    assert code == 0 and "continuing the campaign" in out and "game 4 (seed" in out
    assert f"tiles in play {', '.join(archive.tiles) or 'none'}" in out
    assert campaign.load(path).games_played == 4


def test_cli_refuses_bad_archives_in_one_line(run_cli, tmp_path):
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps({**campaign.new_archive("maracaibo", 1).to_json(), "tiles": ["L25", "L25"]}))
    code, _, err = run_cli("campaign", "maracaibo", "--archive", str(path), "--no-progress")
    assert code == 2 and "'tiles': 'L25' is there twice" in err and err.count("\n") == 1
    code, _, err = run_cli("campaign", "maracaibo", "--archive", str(path), "-o", "legacy_tiles=L25")
    assert code == 2 and "legacy_tiles comes from the campaign's archive" in err
    path.write_text(json.dumps(campaign.new_archive("maracaibo", 1).to_json()))
    code, _, err = run_cli("campaign", "maracaibo", "--archive", str(path), "--seed", "2", "--no-progress")
    assert code == 2 and "the campaign of seed 1" in err
    code, _, err = run_cli("campaign", "maracaibo_solo", "--archive", str(path), "--no-progress")
    assert code == 2 and "a campaign of maracaibo, not of maracaibo_solo" in err
    code, _, err = run_cli("campaign", "spanish_main", "--archive", str(path))
    assert code == 2 and "invalid choice" in err


def test_a_solo_campaign(tmp_path):
    """maracaibo_solo takes legacy_tiles too: a campaign of one seat against Jean."""
    path = tmp_path / "solo.json"
    lines = []
    archive = run_campaign("maracaibo_solo", 1, path, "random", {}, seed=2, progress=False, write=lines.append)
    assert archive.game == "maracaibo_solo" and archive.games_played == 1 and 1 in archive.story_read
    assert campaign.load(path) == archive and any(line.startswith("game 1 (seed ") for line in lines)


def test_the_cli_offers_the_games_that_have_campaigns():
    from training.cli import CAMPAIGN_GAMES

    assert CAMPAIGN_GAMES == campaign.GAMES  # the parser names them without importing the engine


GOLDEN = Path(__file__).resolve().parent / "fixtures" / "campaign_golden.json"


def test_the_golden_campaign_of_three_games(tmp_path):
    """MA-26.1 / MA-26.4: three seeded games of random bots; the report of every game (its
    tiles in play, scores, story cards read, archive) and the final archive equal the
    stored ones. A change of the engine, the story deck or the bots shows here;
    regenerate on purpose with DOUBLOON_REGEN_GOLDEN=1."""
    lines = []
    archive = run_campaign(
        "maracaibo", 3, tmp_path / "c.json", BOTS, {"num_players": 2}, seed=9, progress=False, write=lines.append
    )
    got = {"report": game_lines(lines), "archive": archive.to_json()}
    if os.environ.get("DOUBLOON_REGEN_GOLDEN") == "1":
        GOLDEN.write_text(json.dumps(got, indent=1) + "\n", encoding="utf-8")
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert archive.games_played == 3 and archive.story_read  # the story moved on


def test_review_prints_the_history_and_plays_nothing(run_cli, tmp_path):
    """MA-26.1: a campaign can be reviewed later from its archive: each game's number,
    seed, tiles in play, scores and story cards read, then the archive now."""
    archive = campaign.new_archive("maracaibo", 4)
    for scores in ([41, 20], [10, 47]):
        archive, _ = campaign.finish_game(archive, scores)
    path = tmp_path / "c.json"
    campaign.save(archive, path)
    code, out, err = run_cli("campaign", "maracaibo", "--archive", str(path), "--review")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"campaign {path}: maracaibo, seed 4, 2 games played"
    first, second = archive.history
    assert lines[1] == f"game 1 (seed {first.seed}): tiles in play none; scores 41, 20; story cards read 01"
    read = ", ".join(f"{n:02d}" for n in second.read)
    assert lines[2] == f"game 2 (seed {second.seed}): tiles in play none; scores 10, 47; story cards read {read}"
    assert lines[3].startswith("archive: tiles ") and len(lines) == 4
    assert campaign.load(path) == archive  # nothing played, nothing written

    old = {k: v for k, v in archive.to_json().items() if k not in ("history", "story")}
    path.write_text(json.dumps({**old, "format": 1}))
    code, out, _ = run_cli("campaign", "maracaibo", "--archive", str(path), "--review")
    assert code == 0 and "games 1-2: not in the history" in out
    code, _, err = run_cli("campaign", "maracaibo", "--archive", str(tmp_path / "none.json"), "--review")
    assert code == 2 and "no campaign archive there to review" in err and err.count("\n") == 1
