"""The PettingZoo AEC env (docs/design.md, "envs/") on every Spanish Main configuration."""

import warnings

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import games
from envs import GameEnv, make_env, spanish_main_v0
from games import IllegalActionError

from episodes import play_out


@pytest.fixture(autouse=True)
def _quiet_pettingzoo_hints():
    # api_test hard-codes the names of PettingZoo's own dict-observation envs and
    # warns about every other one; the illegal-move wrapper warns by design
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message=".*[Ii]llegal move")
        yield


def random_actions(env, seed):
    """Drive ``env`` (wrapped or not) through one game with random legal actions;
    yield (agent, observation) before each live step."""
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        yield agent, obs
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


# ----- PettingZoo's own checks (docs/design.md "Tests": api_test, seed_test, render_test) ------
def test_api(options):
    api_test(spanish_main_v0.env(**options), num_cycles=1000)


def test_api_unwrapped(options):
    api_test(spanish_main_v0.raw_env(**options), num_cycles=1000)


def test_seed(options):
    seed_test(lambda: spanish_main_v0.env(**options), num_cycles=200)


def test_render(options):
    def is_board(text):
        return text.startswith("Pirates of the Spanish Main") and f"{options['num_players']} players" in text

    def seeded_env(render_mode=None):
        # render_test resets without a seed and samples unseeded: seed both for a fixed game
        env = spanish_main_v0.env(render_mode=render_mode, **options)
        env.reset(seed=0)
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(i)
        return env

    render_test(seeded_env, custom_tests={"ansi": is_board})


def test_render_during_accuse_discard_phase():
    """SM-10.2.4: after ACCUSE with move cards in hand, the accuser picks a card to discard."""
    env = spanish_main_v0.env(num_players=2, move_cards_in_hand=True, render_mode="ansi")
    env.reset(seed=0)
    accuser = env.agent_selection
    env.step(env.unwrapped.game.action_id("accuse", 0))  # the next seat, pirate E1
    text = env.render()
    assert "choosing the card to discard" in text
    other = 1 - env.unwrapped.agent_name_mapping[accuser]
    # the log's label of the accusation (SM-10.2.4: its card comes next)
    assert f"Accuse player {other} of pirate E1, paying with a card next" in text


def test_human_render_prints_the_board(capsys):
    env = spanish_main_v0.env(num_players=2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.startswith("Pirates of the Spanish Main - 2 players")


def test_metadata():
    env = spanish_main_v0.env()
    assert env.metadata["name"] == "spanish_main_v0"
    assert env.metadata["render_modes"] == ["ansi", "human", "rgb_array"] and env.metadata["render_fps"] > 0
    assert env.metadata["is_parallelizable"] is False
    assert make_env("spanish_main").metadata["name"] == "spanish_main_v0"


# ----- the env follows the engine (docs/design.md: engine contract) ----------------------------
def test_replays_the_engine(options):
    """Same seed, same actions: the env's observations, masks, agents and rewards are
    the engine's -- observe(state, seat) with hidden information removed (SM-9.5)."""
    game = games.make("spanish_main", **options)
    env = spanish_main_v0.env(**options)
    env.reset(seed=11)
    state = game.init(np.array([11]))
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert game.terminated(state)[0]  # the game is over for everyone
            np.testing.assert_array_equal(reward, game.returns(state)[0, env.unwrapped.agent_name_mapping[agent]])
            env.step(None)
            continue
        seat = int(game.current_player(state)[0])
        assert agent == f"player_{seat}"
        assert reward == 0  # no reward before the end
        for other in env.agents:
            p = env.unwrapped.agent_name_mapping[other]
            seen = env.observe(other)
            assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
            np.testing.assert_array_equal(seen["observation"], game.observe(state, p)[0])
            expected_mask = game.legal_action_mask(state)[0] if p == seat else np.zeros(game.num_actions, bool)
            np.testing.assert_array_equal(seen["action_mask"], expected_mask)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        game.step(state, np.array([action]))
    assert env.agents == []


def test_all_agents_terminate_together():
    """Nobody is terminated until the game ends, then everybody is (SM-7.2)."""
    env = spanish_main_v0.env(num_players=3)
    env.reset(seed=4)
    for agent, obs in random_actions(env, seed=4):
        assert not any(env.terminations.values())
    assert env.agents == [] and env.unwrapped.record["terminated"]


@pytest.mark.parametrize("reward", ["win", "rank", "score_margin"])
def test_final_rewards_are_the_games_returns(reward):
    """Each agent's reward at the end is ``game.returns`` for its seat (SM-8)."""
    env = spanish_main_v0.env(num_players=4, reward=reward)
    env.reset(seed=9)
    finals, live = play_out(env, lambda mask: np.flatnonzero(mask)[-1])
    assert live and all(reward == 0 for reward, _ in live)  # no reward before the end
    game = env.unwrapped.game
    returns = game.returns(env.unwrapped.record.reshape(1))[0]
    assert {agent: reward for agent, (reward, _) in finals.items()} == {
        f"player_{p}": pytest.approx(float(returns[p])) for p in range(4)
    }


# ----- hidden information (SM-9.5) -------------------------------------------------------
def test_observation_hides_other_seats_pirates():
    """Swapping the hidden pirates of two other seats changes nothing that seat 0 sees
    (SM-9.5, SM-9.1), while the seats concerned see their own change."""
    game = games.make("spanish_main", num_players=3)
    state = game.init(np.array([5]))
    obj = game.to_json(state[0])
    owner = obj["state"]["owner"]
    a = owner.index(1)
    b = owner.index(2)
    owner[a], owner[b] = 2, 1
    swapped = game.from_json(obj)
    np.testing.assert_array_equal(game.observe(state, 0), game.observe(swapped, 0))
    np.testing.assert_array_equal(game.legal_action_mask(state), game.legal_action_mask(swapped))
    assert not np.array_equal(game.observe(state, 1), game.observe(swapped, 1))


def test_render_shows_only_the_public_board():
    """The env renders no seat's hidden pirates while the game runs (SM-9.5)."""
    env = spanish_main_v0.env(num_players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "yours" not in text
    assert env.unwrapped.game.render(env.unwrapped.record) == text


# ----- illegal moves (docs/design.md "envs/": classic default wrappers) ------------------------
def test_illegal_move_ends_the_game_with_minus_one_for_the_offender():
    env = spanish_main_v0.env(num_players=3)
    env.reset(seed=3)
    offender = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values()) and all(env.truncations.values())
    assert env.rewards[offender] == -1
    assert all(r == 0 for agent, r in env.rewards.items() if agent != offender)
    seen = {}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        assert terminated or truncated
        seen[agent] = reward
        env.step(None)
    assert seen == {agent: (-1 if agent == offender else 0) for agent in env.possible_agents}


def test_out_of_bounds_action_is_rejected():
    env = spanish_main_v0.env(num_players=2)
    env.reset(seed=0)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(env.unwrapped.game.num_actions)


def test_unwrapped_env_raises_on_illegal_action():
    env = spanish_main_v0.raw_env(num_players=2)
    env.reset(seed=3)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    before = env.record
    with pytest.raises(IllegalActionError) as err:
        env.step(illegal)
    assert f"{agent} played {illegal}" in str(err.value.__notes__)
    assert env.unwrapped.game.equal(env.record, before)  # nothing changed; the agent may retry
    with pytest.raises(TypeError, match="an action must be an integer"):
        env.step(1.5)


def test_step_before_reset_is_an_error():
    env = spanish_main_v0.env()
    with pytest.raises(Exception, match="reset"):
        env.step(0)


# ----- seeding (docs/design.md: a game depends only on its seed and its actions) ---------------
def test_reset_seed_starts_that_game():
    """``reset(seed=s)`` plays the engine's game ``init([s])`` (docs/design.md: randomness)."""
    env = spanish_main_v0.raw_env(num_players=3)
    game = env.game
    env.reset(seed=123)
    assert game.equal(env.record, game.init(np.array([123]))[0])


def test_unseeded_resets_follow_the_last_seed():
    def episode_starts(env):
        env.reset(seed=8)
        starts = []
        for _ in range(3):
            env.reset()
            starts.append(env.record["rng"].tolist())
        return starts

    first = episode_starts(spanish_main_v0.raw_env())
    assert first == episode_starts(spanish_main_v0.raw_env())
    assert len({tuple(x) for x in first}) == 3


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_bad_seed(seed):
    with pytest.raises(ValueError, match="seed must be None or a non-negative integer"):
        spanish_main_v0.env().reset(seed=seed)


# ----- construction (docs/design.md "envs/": metadata, options of games.make; clear errors) ----
def test_unknown_option_is_named():
    with pytest.raises(
        ValueError, match=r"spanish_main: unknown option 'num_player'; spanish_main accepts: num_players"
    ):
        spanish_main_v0.env(num_player=3)
    with pytest.raises(ValueError, match="unknown option"):
        make_env("spanish_main", board_size=9)


def test_bad_option_values_come_from_the_engine():
    with pytest.raises(ValueError, match="num_players must be an integer in 2..4"):
        spanish_main_v0.env(num_players=5)


def test_unknown_game_and_render_mode():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make_env("chess")
    with pytest.raises(ValueError, match="render_mode must be None or one of"):
        spanish_main_v0.env(render_mode="rgb")


def test_generic_env_over_any_game():
    env = GameEnv(games.make("spanish_main", num_players=2))
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.metadata["name"] == "spanish_main_v0"
    space = env.observation_space("player_0")
    assert space["observation"].shape == (env.game.obs_size,) and space["observation"].dtype == np.float32
    assert space["action_mask"].dtype == np.int8 and env.action_space("player_1").n == env.game.num_actions


def test_pettingzoo_registry():
    env = pettingzoo.make("aec", "doubloon/spanish_main-v0", num_players=2)
    env.reset(seed=0)
    assert env.num_agents == 2


@pytest.mark.parametrize("seed", [2**63, 2**64 + 5, np.uint64(2**63)])
def test_seeds_past_the_engine_range_are_refused(seed):
    with pytest.raises(ValueError, match=r"non-negative integer below 2\*\*63"):
        spanish_main_v0.env().reset(seed=seed)


def test_the_largest_seed_is_accepted():
    env = spanish_main_v0.raw_env(num_players=2)
    env.reset(seed=2**63 - 1)
    assert env.game.equal(env.record, env.game.init(np.array([2**63 - 1]))[0])
    env.reset(seed=np.int64(7))


@pytest.mark.parametrize("num_players", [2, 4])
def test_final_infos_give_score_rank_and_margin(num_players):
    """At the end every agent's info holds the VecEnv's names: score, rank, score_margin."""
    env = spanish_main_v0.env(num_players=num_players)
    env.reset(seed=11)
    finals, live = play_out(env, lambda mask: np.flatnonzero(mask)[0])
    assert live and all(info == {} for _, info in live)  # no info before the end
    game, record = env.unwrapped.game, env.unwrapped.record.reshape(1)
    scores, ranks = game.scores(record)[0], game.ranks(record)[0]
    assert set(finals) == set(env.possible_agents)
    for p in range(num_players):
        best_other = max(s for q, s in enumerate(scores) if q != p)
        assert finals[f"player_{p}"][1] == {
            "score": int(scores[p]),
            "rank": int(ranks[p]),
            "score_margin": float(scores[p] - best_other),
        }


@pytest.mark.slow
def test_final_infos_of_a_one_seat_game():
    from envs import maracaibo_solo_v0

    env = maracaibo_solo_v0.raw_env(level=1)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    while not env.terminations["player_0"]:
        env.step(int(rng.choice(np.flatnonzero(env.observe("player_0")["action_mask"]))))
    info = env.infos["player_0"]
    score = int(env.game.scores(env.record.reshape(1))[0, 0])
    assert info == {"score": score, "rank": info["rank"], "score_margin": float(score)}


# ----- hostile input (issue 34 items 7 and 9) --------------------------------------------
def test_an_unknown_agent_is_named_in_the_error():
    env = make_env("spanish_main")
    env.reset(seed=1)
    with pytest.raises(KeyError) as err:
        env.observe("player_9")
    assert str(err.value) == "unknown agent 'player_9'; this env's agents are player_0, player_1, player_2"


@pytest.mark.parametrize("action", [2**63, 2**70, -(2**70)])
def test_an_action_past_int64_is_not_in_the_action_space(action):
    """The classic env's check (AssertOutOfBoundsWrapper's), not gymnasium's OverflowError."""
    env = make_env("spanish_main")
    env.reset(seed=1)
    before = env.record.copy()
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(action)
    assert games.core.state.records_equal(env.record, before)
