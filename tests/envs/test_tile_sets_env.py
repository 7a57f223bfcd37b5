"""envs.tile_sets: every episode plays a Maracaibo board drawn from a list of tile sets (MA-26.4)."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from envs import maracaibo_solo_v0, maracaibo_v0
from envs.tile_sets import TileSetEnv, TileSetSeatEnv
from games.maracaibo.data import legacy

from episodes import play_out

SETS = [("L2", "L6"), ("L10", "L25"), ()]  # () is the board without tiles
GAME_OPTIONS = {"maracaibo": {"num_players": 2}, "maracaibo_solo": {}}


def tiles_of(record):
    """The tile set a game's record plays (MA-26.4: ``opt_legacy``, a bit per tile)."""
    return legacy.tiles_of_mask(record["opt_legacy"])


@pytest.mark.parametrize("game", ["maracaibo", "maracaibo_solo"])
def test_every_reset_plays_a_tile_set_of_the_list_and_reports_it(game):
    """MA-26.4: each game's legacy_tiles is one of the list, every set comes up over
    resets, and info["legacy_tiles"] is the record's own tile set."""
    env = TileSetEnv(game, tile_sets=SETS, **GAME_OPTIONS[game])
    drawn = []
    for seed in range(12):
        env.reset(seed=seed)
        tiles = env.infos[env.possible_agents[0]]["legacy_tiles"]
        assert tiles in SETS and tiles == tiles_of(env.record) == env.game.options["legacy_tiles"]
        assert all(info["legacy_tiles"] == tiles for info in env.infos.values())
        drawn.append(tiles)
    for _ in range(12):  # unseeded resets go on drawing from the seeded generator
        env.reset()
        drawn.append(env.infos[env.possible_agents[0]]["legacy_tiles"])
        assert drawn[-1] == tiles_of(env.record)
    assert set(drawn) == set(SETS)


def test_every_info_of_a_game_carries_its_tile_set():
    """MA-26.4: every live info and the final ones (with score, rank and margin) name the board."""
    env = TileSetEnv("maracaibo", tile_sets=SETS, num_players=2)
    env.reset(seed=5)
    tiles = tiles_of(env.record)
    rng = np.random.default_rng(0)
    finals, live = play_out(env, lambda mask: rng.choice(np.flatnonzero(mask)))
    assert live and all(info["legacy_tiles"] == tiles for _, info in live)
    assert set(finals) == set(env.possible_agents)
    assert all(info["legacy_tiles"] == tiles and "score" in info for _, info in finals.values())


def test_the_same_seed_gives_the_same_tile_sets_and_games():
    """A trajectory depends only on the seeds and the actions: the same seeded reset, then
    unseeded ones, draw the same tile sets and deal the same games; reset(seed=s) deals
    the game of env(legacy_tiles=...) on seed s (MA-26.4)."""

    def run():
        env = TileSetEnv("maracaibo", tile_sets=SETS, num_players=2)
        out = []
        for k in range(6):
            env.reset(seed=21) if k == 0 else env.reset()
            out.append((env.infos["player_0"]["legacy_tiles"], env.record.tobytes()))
        return out

    first = run()
    assert run() == first
    assert len({tiles for tiles, _ in first}) > 1
    fixed = maracaibo_v0.env(num_players=2, legacy_tiles=first[0][0])
    fixed.reset(seed=21)
    assert fixed.unwrapped.record.tobytes() == first[0][1]


def test_spaces_stay_and_one_game_is_made_per_tile_set():
    """The layouts are the same for every tile set (docs/maracaibo.md), so the spaces are
    those of the plain env; each tile set's Game is made once and kept."""
    env = TileSetEnv("maracaibo", tile_sets=SETS, num_players=2)
    plain = maracaibo_v0.env(num_players=2)
    assert env.observation_space("player_0") == plain.observation_space("player_0")
    assert env.action_space("player_0") == plain.action_space("player_0")
    games = {}
    for seed in range(12):
        env.reset(seed=seed)
        tiles = env.infos["player_0"]["legacy_tiles"]
        assert games.setdefault(tiles, env.game) is env.game
        obs = env.observe("player_0")
        assert (
            obs["observation"].shape == (env.game.obs_size,) == plain.observation_space("player_0")["observation"].shape
        )
        # the observation's legacy_tiles segment is the board too (MA-26.4)
        seen = env.game.obs_layout.view(obs["observation"], "legacy_tiles")
        assert np.flatnonzero(seen).tolist() == [legacy.LEGACY_INDEX[t] for t in tiles]
    assert set(games) == set(SETS)


def place_clash(monkeypatch):
    """L10 moved onto L1's place (Puerto Cabezas, 18): the two cannot both be in play (MA-26.4)."""
    positions = list(legacy.LEGACY_POSITION)
    positions[legacy.LEGACY_INDEX["L10"]] = positions[legacy.LEGACY_INDEX["L1"]]
    monkeypatch.setattr(legacy, "LEGACY_POSITION", tuple(positions))


@pytest.mark.parametrize("make", [TileSetEnv, TileSetSeatEnv])
@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(tile_sets=[]), "tile_sets is empty"),
        (dict(tile_sets=None), "give tile_sets"),
        (dict(tile_sets="L2,L6"), "tile_sets must be a list of tile sets"),
        (dict(tile_sets=["L2"]), r"tile_sets\[0\]: .*must be a tuple of tile ids"),
        (dict(tile_sets=[(), ("L99",)]), r"tile_sets\[1\]: .*unknown legacy tile 'L99'"),
        (dict(tile_sets=[("L2", "L2")]), r"tile_sets\[0\]: .*L2 given twice \(each tile exists once, MA-26.4\)"),
        (dict(tile_sets=[("L2",), ("L2",)]), r"tile set \('L2',\) given twice in tile_sets"),
        (dict(tile_sets=[("L1", "L10")], clash=True), r"tile_sets\[0\]: .*L1 and L10 cannot both be in play"),
        (dict(tile_sets=[("L2",)], legacy_tiles=("L6",)), "legacy_tiles comes from tile_sets"),
        (dict(game="spanish_main", tile_sets=[()]), "legacy tiles of maracaibo or maracaibo_solo"),
    ],
)
def test_bad_input_is_one_line_naming_the_problem(make, kwargs, message, monkeypatch):
    kwargs = dict(kwargs)  # the parameters are shared by both env classes
    if kwargs.pop("clash", False):
        place_clash(monkeypatch)
    with pytest.raises(ValueError, match=message) as err:
        make(num_players=2, **kwargs)
    assert "\n" not in str(err.value)


def test_the_campaign_and_tile_set_envs_share_the_switching():
    """One mechanism serves both (envs.switching): a tile-set env is the campaign's env class's base."""
    from envs.campaign import CampaignEnv, CampaignSeatEnv
    from envs.switching import SwitchingEnv, SwitchingSeatEnv

    assert issubclass(TileSetEnv, SwitchingEnv) and issubclass(CampaignEnv, SwitchingEnv)
    assert issubclass(TileSetSeatEnv, SwitchingSeatEnv) and issubclass(CampaignSeatEnv, SwitchingSeatEnv)


@pytest.mark.parametrize("game", ["maracaibo", "maracaibo_solo"])
def test_pettingzoo_api(game):
    api_test(TileSetEnv(game, tile_sets=SETS, **GAME_OPTIONS[game]), num_cycles=200)


def test_pettingzoo_seed_test():
    """Two envs of one seed play alike, tile-set draws included (MA-26.4)."""
    seed_test(lambda: TileSetEnv("maracaibo", tile_sets=SETS, num_players=2), num_cycles=100)


# ----- the single-seat Gymnasium env ----------------------------------------------------------
@pytest.mark.parametrize("game", ["maracaibo", "maracaibo_solo"])
def test_single_seat_draws_from_the_list_and_reports_the_tiles(game):
    """MA-26.4: the learner's episodes play tile sets of the list, all of them over resets,
    every info names the record's tile set, and the same seeds give the same sequence."""

    def run():
        env = TileSetSeatEnv(game, tile_sets=SETS, seat=0, **GAME_OPTIONS[game])
        plain = (maracaibo_v0 if game == "maracaibo" else maracaibo_solo_v0).env(**GAME_OPTIONS[game])
        assert env.observation_space.shape == plain.observation_space("player_0")["observation"].shape
        assert env.action_space == plain.action_space("player_0")
        rng, out = np.random.default_rng(3), []
        for k in range(10):
            obs, info = env.reset(seed=30) if k == 0 else env.reset()
            tiles = info["legacy_tiles"]
            assert tiles in SETS and tiles == tiles_of(env.env.record) and obs.shape == env.observation_space.shape
            out.append((tiles, env.env.record.tobytes()))
            if k < 2:  # two games played out: every step's info names the board
                terminated = False
                while not terminated:
                    obs, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
                    assert info["legacy_tiles"] == tiles
        return out

    first = run()
    assert run() == first
    assert {tiles for tiles, _ in first} == set(SETS)


@pytest.mark.parametrize("game", ["maracaibo", "maracaibo_solo"])
def test_single_seat_passes_gymnasium_check_env(game):
    check_env(
        TileSetSeatEnv(game, tile_sets=SETS, illegal_action="penalize", **GAME_OPTIONS[game]), skip_render_check=True
    )
