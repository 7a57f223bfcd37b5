"""PolicyBot's actor-only fast path acts as the SB3 policy it wraps (training/bots/policy_bot.py).

The bot (self-play snapshots, ``checkpoint:PATH`` bots, the evaluated learner) no
longer builds SB3's distribution objects: it runs features -> forward_actor ->
action_net itself. What is checked, on observations of real mid-game positions:
its probabilities are those of ``policy.get_distribution(obs, action_masks)`` (to
1e-6); greedy play is that distribution's argmax; every sampled action is legal;
draws follow the masked softmax; and a seeded bot draws exactly the actions the
previous implementation (SB3 logits, Gumbel noise from the same generator) drew,
so seeded arenas replay as before. Also: a policy whose actor and critic have
separate features extractors, and the torch thread count is left as it was.
"""

from pathlib import Path

import numpy as np
import pytest
import torch

import games
from training.bots.policy_bot import PARALLEL_MIN_ROWS, PolicyBot, load_policy, torch_threads

from random_positions import random_positions

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "training" / "baselines" / "spanish_main" / "model.safetensors"


@pytest.fixture(scope="module")
def baseline():
    """The shipped Spanish Main policy (lookahead features extractor, 256 x 256) and positions."""
    game = games.make("spanish_main", num_players=3)
    return load_policy(BASELINE, game), *random_positions(game)


def _sb3(policy, obs, masks=None):
    """SB3's own distribution of the policy (what the bot must match)."""
    with torch.no_grad():
        return policy.get_distribution(torch.as_tensor(obs), action_masks=masks).distribution


def test_probabilities_are_the_sb3_masked_distribution(baseline):
    policy, obs, masks = baseline
    assert len(obs) > 30 and (masks.sum(axis=1) > 1).sum() > 20  # real choices, not forced moves
    bot = PolicyBot(policy, deterministic=False)
    expected = _sb3(policy, obs, masks).probs.numpy()
    got = bot.probabilities(obs, masks)
    np.testing.assert_allclose(got, expected, atol=1e-6)
    assert np.all(got[~masks] == 0) and np.allclose(got.sum(axis=1), 1)
    # the unmasked log-probabilities are SB3's as well (the old ``logits``); they reach -15,
    # where float32 rounding of a different summation order is a few 1e-6
    np.testing.assert_allclose(bot.logits(obs), _sb3(policy, obs).logits.numpy(), atol=2e-5)
    # the trained policy is far from uniform over the legal moves: the comparison has teeth
    assert (got.max(axis=1) > 2.0 / masks.sum(axis=1)).any()


def test_greedy_play_is_the_argmax_of_the_sb3_distribution(baseline):
    policy, obs, masks = baseline
    expected = _sb3(policy, obs, masks).probs.numpy().argmax(axis=1)
    assert np.array_equal(PolicyBot(policy, deterministic=True)(obs, masks), expected)


def test_sampled_actions_are_always_legal(baseline):
    policy, obs, masks = baseline
    bot = PolicyBot(policy, deterministic=False, seed=3)
    greedy = PolicyBot(policy)(obs, masks)
    # also with the policy's favourite move made illegal: the draw must avoid it
    masks_without_favourite = masks.copy()
    masks_without_favourite[np.arange(len(obs)), greedy] = False
    has_other = masks_without_favourite.any(axis=1)
    for m, o in ((masks, obs), (masks_without_favourite[has_other], obs[has_other])):
        for _ in range(50):
            actions = bot(o, m)
            assert actions.dtype == np.int64 and m[np.arange(len(o)), actions].all()


def test_draws_follow_the_masked_softmax(baseline):
    policy, obs, masks = baseline
    bot = PolicyBot(policy, deterministic=False, seed=11)
    probs = bot.probabilities(obs, masks)
    row = int(np.argmax(-np.sum(np.where(probs > 0, probs * np.log(probs + 1e-30), 0), axis=1)))  # most spread
    assert (probs[row] > 0.05).sum() >= 2
    n = 20_000
    actions = bot(np.repeat(obs[row : row + 1], n, axis=0), np.repeat(masks[row : row + 1], n, axis=0))
    freq = np.bincount(actions, minlength=masks.shape[1]) / n
    tolerance = 5 * np.sqrt(probs[row] * (1 - probs[row]) / n) + 1e-4
    assert np.all(np.abs(freq - probs[row]) <= tolerance)
    assert np.all(freq[~masks[row]] == 0)


def test_a_seeded_bot_draws_what_the_previous_implementation_drew(baseline):
    """Before the fast path: SB3's distribution logits in float64, plus the bot
    generator's Gumbel noise, illegal actions at -inf, argmax. Same seed, same actions."""
    policy, obs, masks = baseline
    bot = PolicyBot(policy, deterministic=False, seed=5)
    rng = np.random.default_rng(5)
    for _ in range(5):
        scores = _sb3(policy, obs).logits.numpy().astype(np.float64) + rng.gumbel(size=masks.shape)
        scores[~masks] = -np.inf
        assert np.array_equal(bot(obs, masks), scores.argmax(axis=1))


def test_separate_actor_and_critic_extractors_use_the_actors(baseline):
    """share_features_extractor=False: the actor's features extractor feeds the logits."""
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from training.features import extractor_for

    _, obs, masks = baseline
    game = games.make("spanish_main", num_players=3)
    torch.manual_seed(0)
    policy = MaskableActorCriticPolicy(
        spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32),
        spaces.Discrete(game.num_actions),
        lambda _: 0.0,
        net_arch=[32],
        features_extractor_class=extractor_for(game.name),
        share_features_extractor=False,
    )
    torch.nn.init.normal_(policy.action_net.weight, std=1.0)  # far from SB3's near-uniform start
    expected = _sb3(policy, obs, masks).probs.numpy()
    np.testing.assert_allclose(PolicyBot(policy).probabilities(obs, masks), expected, atol=1e-6)
    assert (expected.max(axis=1) > 0.5).any()


def test_the_torch_thread_count_is_left_as_it_was(baseline):
    policy, obs, masks = baseline
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(2)
        seen = []

        class Spy(torch.nn.Module):  # records the thread count the forward pass ran on
            def forward(self, x):
                seen.append(torch.get_num_threads())
                return x

        original = policy.action_net
        policy.action_net = torch.nn.Sequential(original, Spy())
        try:
            PolicyBot(policy)(obs, masks)
            assert seen == [1] and len(obs) < PARALLEL_MIN_ROWS  # a small batch: one thread
            assert torch.get_num_threads() == 2
            big = np.repeat(obs, PARALLEL_MIN_ROWS // len(obs) + 1, axis=0)
            PolicyBot(policy)(big, np.repeat(masks, len(big) // len(masks), axis=0))
            assert seen == [1, 2]  # a large one keeps the process's threads
        finally:
            policy.action_net = original
        with pytest.raises(RuntimeError, match="boom"), torch_threads(1):
            raise RuntimeError("boom")
        assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(before)


def test_an_empty_batch_gives_no_actions(baseline):
    policy, obs, masks = baseline
    actions = PolicyBot(policy, deterministic=False)(obs[:0], masks[:0])
    assert actions.shape == (0,) and actions.dtype == np.int64


# ----- baseline[:GAME]: the shipped checkpoints as bots (issue 35.5) ----------------------
@pytest.mark.parametrize("spec", ["baseline", "baseline:spanish_main"])
def test_baseline_names_the_shipped_checkpoint_of_the_game(spec):
    from training.bots import make_bot

    game = games.make("spanish_main", num_players=3)
    bot = make_bot(spec, game)
    assert bot.name == "baseline:spanish_main"
    obs, masks = random_positions(game)[:2]
    np.testing.assert_array_equal(bot(obs, masks), PolicyBot(load_policy(BASELINE, game))(obs, masks))


@pytest.mark.parametrize(
    "spec, message",
    [
        ("baseline:maracaibo", "baseline:maracaibo plays maracaibo, not spanish_main: use baseline:spanish_main"),
        ("baseline:nosuch", "baseline:nosuch plays nosuch, not spanish_main: use baseline:spanish_main"),
    ],
)
def test_a_baseline_of_another_game_is_refused_in_one_line(spec, message):
    from training.bots import make_bot

    with pytest.raises(ValueError) as err:
        make_bot(spec, games.make("spanish_main", num_players=3))
    assert str(err.value) == message


def test_every_shipped_baseline_is_found_as_package_data():
    from training.bots.policy_bot import baseline_path

    shipped = sorted(p.parent.name for p in BASELINE.parents[1].glob("*/model.safetensors"))
    assert shipped == sorted(games.list())  # every game has one
    for name in shipped:
        assert Path(baseline_path(name)).samefile(BASELINE.parents[1] / name / "model.safetensors")
    with pytest.raises(
        ValueError,
        match="no shipped baseline for 'nosuch': this install has no training/baselines/nosuch/model.safetensors",
    ):
        baseline_path("nosuch")
