"""The envs as users reach them from their libraries' docs (issue 24): PettingZoo's and
Gymnasium's registries, Stable-Baselines3's ``make_vec_env``, the package's modules."""

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import envs
from envs.registration import ENVS

ROOT = Path(__file__).resolve().parents[2]

# The lines docs/environments.md shows next to ``pettingzoo.make`` (PettingZoo loads no plugins:
# the ids exist once ``envs`` is imported)
PETTINGZOO_MAKE = """
import envs  # registers the doubloon ids with PettingZoo and Gymnasium
import pettingzoo

env = pettingzoo.make("aec", "doubloon/spanish_main-v0", num_players=3)
env.reset(seed=0)
"""


def test_pettingzoo_make_after_import_envs_in_a_fresh_interpreter():
    check = "\nprint(env.num_agents, env.metadata['name'])"
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PETTINGZOO_MAKE) + check],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["3", "spanish_main_v0"]


@pytest.mark.parametrize("module", [module for _, _, _, module in ENVS])
def test_every_game_module_is_an_attribute_of_envs(module):
    name = module.removeprefix("envs.")
    assert hasattr(envs, name) and name in envs.__all__
    assert callable(getattr(envs, name).env) and callable(getattr(envs, name).raw_env)


def test_sb3_make_vec_env_with_its_default_render_mode():
    """make_vec_env passes render_mode="rgb_array" (and would retry without it only on a
    TypeError): the envs draw frames, and every copy of the vec env renders one."""
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    vec = env_util.make_vec_env("envs:doubloon/SpanishMain-v0", n_envs=2, env_kwargs={"num_players": 2})
    obs = vec.reset()
    assert obs.shape == (2, vec.observation_space.shape[0])
    masks = np.stack(vec.env_method("action_masks"))
    obs, rewards, dones, infos = vec.step(masks.argmax(axis=1))
    assert rewards.shape == (2,)
    if importlib.util.find_spec("cairosvg"):
        assert all(frame.ndim == 3 and frame.shape[2] == 3 for frame in vec.get_images())


def test_an_unsupported_render_mode_is_named():
    from envs import SingleSeatEnv, spanish_main_v0

    for make in (spanish_main_v0.env, spanish_main_v0.raw_env, lambda **kw: SingleSeatEnv("spanish_main", **kw)):
        with pytest.raises(ValueError, match=r"one of \('ansi', 'human', 'rgb_array'\), got 'rgb'"):
            make(render_mode="rgb")
