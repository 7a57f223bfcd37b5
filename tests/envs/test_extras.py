"""The one line that names a missing extra, in the form of the install, and the
PettingZoo registry message (issue 35.5; envs/extras.py, envs/registration.py)."""

import sys
import types

import pytest

from envs import extras, registration


@pytest.mark.parametrize(
    "checkout, command",
    [
        (True, "pip install -e '.[train,scale]'"),  # an editable install or a bare checkout
        (False, "pip install 'doubloon[train,scale]'"),  # a wheel
    ],
)
def test_the_install_command_fits_how_doubloon_was_installed(monkeypatch, checkout, command):
    monkeypatch.setattr(extras, "from_checkout", lambda: checkout)
    assert extras.install_command("train", "scale") == command


def test_the_extras_are_read_from_the_project_not_restated():
    assert (extras.extra_providing("torch"), extras.extra_providing("stable_baselines3.common")) == ("train", "train")
    assert (extras.extra_providing("ray.rllib"), extras.extra_providing("cairosvg")) == ("scale", "render")
    assert extras.extra_providing("openskill") is None  # a core dependency: `arena` and `run` need no extra
    assert extras.extra_providing("safetensors") is None  # core: a learned cut value loads without torch
    assert extras.extra_providing("nosuch") is None


def test_a_bare_checkout_reads_its_extras_from_pyproject(monkeypatch):
    monkeypatch.setattr(extras, "_installed", lambda: None)
    assert extras.from_checkout()
    assert extras.extra_providing("sb3_contrib") == "train" and extras.extra_providing("moviepy") == "render"


def test_require_names_the_first_missing_module_and_its_extra(monkeypatch):
    monkeypatch.setattr(extras, "from_checkout", lambda: False)
    extras.require("doubloon arena", "numpy")  # installed: nothing raised
    with pytest.raises(ModuleNotFoundError) as err:
        extras.require("doubloon train", "numpy", "cairosvg_not_here", "torch")
    assert err.value.name == "cairosvg_not_here"  # no extra provides it: the plain message
    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(ModuleNotFoundError) as err:
        extras.require("doubloon train", "numpy", "torch")
    assert str(err.value) == "doubloon train needs torch, which the core install lacks: pip install 'doubloon[train]'"


def test_an_old_pettingzoo_says_pettingzoo_make_needs_1_27():
    old = types.ModuleType("pettingzoo")  # as 1.26.1: no make, register or registries
    old.__version__ = "1.26.1"
    registration.explain_missing_registry(old)
    with pytest.raises(AttributeError) as err:
        old.make("aec", "doubloon/spanish_main-v0")
    assert str(err.value) == (
        "pettingzoo.make needs PettingZoo 1.27+ (installed: 1.26.1): pip install "
        "'pettingzoo>=1.27', or make the env directly: envs.make_env(\"spanish_main\") / "
        "envs.spanish_main_v0.env()"
    )
    assert not hasattr(old, "register") and not hasattr(old, "utils")  # other names: a plain AttributeError
