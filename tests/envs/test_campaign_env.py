"""envs.campaign.CampaignEnv: a Maracaibo campaign as consecutive AEC episodes (MA-26.1)."""

import dataclasses

import numpy as np
import pytest
from pettingzoo.test import api_test

from envs.campaign import CampaignEnv, CampaignSeatEnv
from games.maracaibo import campaign

from episodes import play_out


def last_infos(env, rng):
    """Random legal moves to the end of the game; every agent's last info."""
    finals, _ = play_out(env, lambda mask: rng.choice(np.flatnonzero(mask)))
    return {agent: info for agent, (_, info) in finals.items()}


@pytest.mark.slow
def test_each_game_starts_from_the_archive_and_the_story_is_read_after_it(tmp_path):
    """MA-26.1 / MA-26.4: a game's legacy tiles are the archive's; once it is played out
    the story is read, every info carries the new archive, and the file holds it."""
    path = tmp_path / "campaign.json"
    env = CampaignEnv("maracaibo", games=2, path=path, num_players=2)
    rng = np.random.default_rng(0)
    env.reset(seed=5)
    archive = campaign.new_archive("maracaibo", 5)
    for number in (1, 2):
        if number == 2:
            env.reset()
        assert env.game.options["legacy_tiles"] == archive.tiles
        running = env.infos["player_0"]["campaign"]
        assert running == {"game": number, "games": 2, "archive": archive.to_json(), "read": []}
        infos = last_infos(env, rng)
        scores = [infos[a]["score"] for a in env.possible_agents]
        archive, read = campaign.finish_game(archive, scores)
        for info in infos.values():
            assert info["campaign"] == {"game": number, "games": 2, "archive": archive.to_json(), "read": read}
        assert campaign.load(path) == archive
    assert archive.games_played == 2 and archive.story_read  # card 01 is always read (data/story.py)


def test_the_same_seed_plays_the_same_campaign():
    """A campaign is reproducible: reset(seed=s) starts it over from an empty archive."""
    env = CampaignEnv("maracaibo", games=2, num_players=2)

    def play_campaign():
        env.reset(seed=11)
        rng, archives = np.random.default_rng(1), []
        for number in range(2):
            if number:
                env.reset()
            archives.append(last_infos(env, rng)["player_0"]["campaign"])
        return archives

    first = play_campaign()
    assert play_campaign() == first
    assert [a["archive"]["games_played"] for a in first] == [1, 2]


@pytest.mark.slow
def test_after_its_games_a_new_campaign_starts():
    env = CampaignEnv("maracaibo", games=1, num_players=2)
    env.reset(seed=3)
    last_infos(env, np.random.default_rng(0))
    env.reset()
    info = env.infos["player_0"]["campaign"]
    assert info["game"] == 1 and info["archive"]["games_played"] == 0 and info["archive"]["seed"] != 3


def test_an_illegal_move_replays_the_game(caplog):
    """The classic env ends a game on an illegal move: no story is read, and the next
    reset plays the same game of the campaign again."""
    env = CampaignEnv("maracaibo", games=2, num_players=2)
    env.reset(seed=4)
    first = env.record.copy()
    illegal = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
    env.step(illegal)
    assert "Illegal move made" in caplog.text and env.terminations["player_0"]
    assert env.infos["player_0"]["campaign"]["archive"]["games_played"] == 0
    env.reset()
    assert env.record.tobytes() == first.tobytes()


def test_bad_arguments_are_refused(tmp_path):
    with pytest.raises(ValueError, match="legacy_tiles comes from the campaign's archive"):
        CampaignEnv("maracaibo", legacy_tiles=())
    with pytest.raises(ValueError, match="games must be a positive integer"):
        CampaignEnv("maracaibo", games=0)
    path = tmp_path / "bad.json"
    path.write_text("{")
    with pytest.raises(campaign.ArchiveError, match="not JSON"):
        CampaignEnv("maracaibo", path=path)


def test_the_archives_c_cards_are_in_the_game():
    """MA-26.1, GAP-63: the C cards of the archive are in the game's deck; the option is the archive's."""
    with pytest.raises(ValueError, match="c_cards comes from the campaign's archive"):
        CampaignEnv("maracaibo", c_cards=(90,))
    for cards in ((), (92,), (90, 99)):
        archive = dataclasses.replace(campaign.new_archive("maracaibo", 3), cards=cards)
        env = CampaignEnv("maracaibo", archive=archive, num_players=2)
        env.reset(seed=None)
        assert env.game.options["c_cards"] == cards
        assert int(np.asarray(env.record["c_in_game"]).ravel()[0]) == sum(1 << (c - 90) for c in cards)


def test_pettingzoo_api():
    api_test(CampaignEnv("maracaibo", games=2, num_players=2), num_cycles=200)


# ----- the single-seat Gymnasium env ----------------------------------------------------------
def test_single_seat_campaign_carries_the_archive(tmp_path):
    """The learner's episodes are the campaign's games: each starts from the archive's
    tiles, and the last info of a game holds the archive after its story (MA-26.1)."""
    path = tmp_path / "seat.json"
    env = CampaignSeatEnv("maracaibo", games=2, path=path, seat=0, num_players=2)
    rng = np.random.default_rng(2)
    archive = campaign.new_archive("maracaibo", 8)
    for number in (1, 2):
        obs, info = env.reset(seed=8) if number == 1 else env.reset()
        assert env.env.game.options["legacy_tiles"] == archive.tiles
        assert info["campaign"] == {"game": number, "games": 2, "archive": archive.to_json(), "read": []}
        terminated = False
        while not terminated:
            obs, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        record = env.env.record
        scores = env.env.game.scores(np.array([record], dtype=record.dtype))[0]
        archive, read = campaign.finish_game(archive, scores)
        assert info["campaign"] == {"game": number, "games": 2, "archive": archive.to_json(), "read": read}
        assert campaign.load(path) == archive


def test_single_seat_campaign_passes_gymnasium_check_env():
    from gymnasium.utils.env_checker import check_env

    check_env(CampaignSeatEnv("maracaibo", games=2, num_players=2, illegal_action="penalize"), skip_render_check=True)


# ----- story campaigns (MA-26.1, GAP-60) ------------------------------------------------------
def story_start(seed):
    """A story archive: L10 and the skull tile L20 in play, story cards 01 and 07 open."""
    return campaign.check(campaign.Archive("maracaibo", seed, tiles=("L10", "L20"), story_open=(1, 7), story=True))


def test_a_story_campaign_plays_story_games():
    """MA-26.1 / GAP-60: a story archive's games are story games of its open story cards;
    after each the archive takes what the game's story did (campaign_game)."""
    from games.maracaibo import campaign_game

    env = CampaignEnv("maracaibo", games=2, archive=story_start(10), num_players=2)
    archive, rng = story_start(10), np.random.default_rng(3)
    for number in (1, 2):
        env.reset()
        assert env.game.options["story"] is True and env.game.options["story_cards"] == archive.story_open
        assert env.game.options["legacy_tiles"] == archive.tiles
        infos = last_infos(env, rng)
        record = env.record
        scores = [infos[a]["score"] for a in env.possible_agents]
        archive, story_read = campaign_game.finish_story_game(archive, record, scores)
        assert infos["player_0"]["campaign"]["archive"] == archive.to_json()
        assert infos["player_0"]["campaign"]["read"] == [n for n, _ in story_read]
    assert archive.story and archive.games_played == 2


def test_story_true_starts_story_campaigns():
    """``story=True``: a new campaign (reset(seed=s)) is a story campaign; the story cards
    come from the archive, not the options."""
    with pytest.raises(ValueError, match="story_cards comes from the campaign's archive"):
        CampaignEnv("maracaibo", story_cards=(1,))
    with pytest.raises(ValueError, match="story must be True or False, got 1"):
        CampaignEnv("maracaibo", story=1)
    env = CampaignSeatEnv("maracaibo", games=1, seat=0, story=True, num_players=2)
    env.reset(seed=4)
    assert env.archive.story and env.env.game.options["story_cards"] == (1,)
    rng, terminated = np.random.default_rng(0), False
    while not terminated:
        _, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert info["campaign"]["archive"]["story"] is True and env.archive.games_played == 1
