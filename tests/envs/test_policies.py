"""The opponent-policy protocol (envs.policies; docs/design.md: policies are callables)."""

import numpy as np
import pytest

from envs.policies import FastRandomPolicy, UniformRandomPolicy, check_actions, pick_legal, sample_legal


def random_masks(rng, n, num_actions, p_legal):
    masks = rng.random((n, num_actions)) < p_legal
    masks[np.arange(n), rng.integers(0, num_actions, n)] = True  # never an empty row
    return masks


@pytest.mark.parametrize("p_legal", [0.01, 0.3, 0.9])
def test_uniform_random_policy_plays_legal_actions(p_legal):
    masks = random_masks(np.random.default_rng(0), 500, 91, p_legal)
    obs = np.zeros((500, 7), dtype=np.float32)
    actions = UniformRandomPolicy(seed=1)(obs, masks)
    assert actions.dtype == np.int64 and actions.shape == (500,)
    assert masks[np.arange(500), actions].all()


def test_uniform_over_the_legal_actions():
    """Uniform whether few (3 of 200) or most (150 of 200) actions are legal."""
    rng = np.random.default_rng(0)
    for legal in ([5, 77, 199], list(range(0, 200, 4)) + list(range(1, 200, 2))):
        masks = np.zeros((30_000, 200), dtype=bool)
        masks[:, legal] = True
        counts = np.bincount(sample_legal(rng, masks), minlength=200)
        assert counts[legal].sum() == 30_000
        expected = 30_000 / len(legal)
        # 6 standard deviations: a loose check that never flakes
        assert np.all(np.abs(counts[legal] - expected) < 6 * np.sqrt(expected))


def test_seeded_policy_is_reproducible():
    masks = random_masks(np.random.default_rng(0), 64, 91, 0.3)
    obs = np.zeros((64, 3), dtype=np.float32)
    a, b = UniformRandomPolicy(seed=5), UniformRandomPolicy(seed=5)
    np.testing.assert_array_equal(a(obs, masks), b(obs, masks))
    a.seed(5)  # restarts the stream
    np.testing.assert_array_equal(a(obs, masks), UniformRandomPolicy(seed=5)(obs, masks))


def test_bad_masks():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match=r"rows \[1\] have no legal action"):
        sample_legal(rng, np.array([[True, False], [False, False]]))
    with pytest.raises(ValueError, match="must be a bool array"):
        sample_legal(rng, np.ones((2, 3), dtype=np.int8))


def test_check_actions_names_the_policy():
    masks = np.array([[True, False, True], [False, True, False]])
    np.testing.assert_array_equal(check_actions(np.array([2, 1]), masks), [2, 1])
    with pytest.raises(ValueError, match=r"bot returned illegal actions \[0\] in rows \[1\]"):
        check_actions(np.array([0, 0]), masks, "bot")
    with pytest.raises(ValueError, match=r"must return an integer array of shape \(2,\)"):
        check_actions(np.array([0.0, 1.0]), masks)
    with pytest.raises(ValueError, match="illegal actions \\[3\\]"):
        check_actions(np.array([2, 3]), masks)


def test_pick_legal_takes_the_legal_action_of_the_drawn_rank():
    """The action of rank floor(u * count) among the legal ones: u in [0, 1/3) the first
    of 3, [2/3, 1) the last; a row with no legal action gets -1."""
    masks = np.zeros((5, 8), dtype=bool)
    masks[:4, [1, 4, 6]] = True
    out = np.zeros(5, dtype=np.int64)
    pick_legal(masks, np.array([0.0, 0.34, 0.66, 0.999999, 0.5]), out)
    assert out.tolist() == [1, 4, 4, 6, -1]


def test_pick_legal_is_uniform_over_the_legal_actions():
    rng = np.random.default_rng(3)
    legal = [0, 9, 50, 51, 199]
    masks = np.zeros((30_000, 200), dtype=bool)
    masks[:, legal] = True
    out = np.zeros(30_000, dtype=np.int64)
    pick_legal(masks, rng.random(30_000), out)
    counts = np.bincount(out, minlength=200)
    assert counts[legal].sum() == 30_000
    expected = 30_000 / len(legal)
    assert np.all(np.abs(counts[legal] - expected) < 6 * np.sqrt(expected))  # 6 sd: never flakes


def test_fast_random_policy_is_uniform_over_the_legal_actions_and_seeded():
    """FastRandomPolicy (the vector env's default opponent): legal, uniform over the legal
    set like UniformRandomPolicy, reproducible from its seed, and it never reads observations."""
    masks = np.zeros((20_000, 10), dtype=bool)
    masks[:, [1, 4, 7, 9]] = True
    policy = FastRandomPolicy(seed=3)
    assert policy.reads_observations is False
    actions = policy(None, masks)
    assert actions.dtype == np.int64 and set(np.unique(actions)) == {1, 4, 7, 9}
    counts = np.bincount(actions, minlength=10)[[1, 4, 7, 9]]
    assert np.all(np.abs(counts / len(actions) - 0.25) < 0.02)
    policy.seed(5)
    first = policy(None, masks[:50])
    policy.seed(5)
    assert np.array_equal(first, policy(None, masks[:50]))
