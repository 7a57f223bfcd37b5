"""El Caballero's policy input (training/features.py) and its training defaults."""

import numpy as np
import pytest
import torch

import games
from games.el_caballero.decode import decode
from games.el_caballero.planes import board_planes
from games.el_caballero.spaces import obs_layout
from training.bots import make_bot
from training.cli import main
from training.features import ElCaballeroExtractor, extractor_for, symlog
from training.train_config import TrainConfig, defaults_for

from random_positions import obs_box as box, played_observations


def observations(game):
    return played_observations(game, steps=40)


MAP = ("area_cards", "caballeros", "legal_cell")  # read as planes, not symlogged


def flat_features(lay, obs):
    """The segments the extractor symlogs, in layout order."""
    return np.concatenate([obs[:, seg.slice] for seg in lay if seg.name not in MAP], axis=1)


@pytest.mark.parametrize("radius", [15, 4])
def test_extractor_reads_the_board_planes_and_symlogs_the_rest(radius):
    # EC-12: the card rows scattered onto planes x G x G for the conv layers, every other segment flat
    game = games.make("el_caballero", num_players=3, radius=radius)
    assert extractor_for("el_caballero") is ElCaballeroExtractor
    obs = observations(game)
    ex = ElCaballeroExtractor(box(game.obs_size))
    lay = obs_layout(radius)
    flat = flat_features(lay, obs).shape[1]
    out = ex(torch.as_tensor(obs))
    assert out.shape == (len(obs), ex.features_dim) and torch.isfinite(out).all()
    assert torch.allclose(out[:, :flat], symlog(torch.as_tensor(flat_features(lay, obs))))
    # the planes the conv layers read are the heuristic's (games/el_caballero/planes.py)
    assert np.array_equal(ex.planes(torch.as_tensor(obs)).numpy(), board_planes(obs, radius))
    # a castillo on a card changes the conv features and nothing else
    moved = obs.copy()
    cabs = decode(moved, radius).caballeros
    assert (decode(moved, radius).cards.on_map > 0).any()
    cabs.castillo[...] = np.where(decode(moved, radius).cards.on_map > 0, 1 - cabs.castillo, 0)
    changed = ex(torch.as_tensor(moved))
    assert torch.equal(changed[:, :flat], out[:, :flat]) and not torch.equal(changed[:, flat:], out[:, flat:])


def test_extractor_reads_the_strict_turn_step():
    # EC-GAP-11 order="strict": turn_step follows legal_cell and joins the flat features
    game = games.make("el_caballero", num_players=3, radius=4, order="strict")
    obs = observations(game)
    ex = ElCaballeroExtractor(box(game.obs_size))
    out = ex(torch.as_tensor(obs))
    flat = flat_features(game.obs_layout, obs).shape[1]
    assert torch.allclose(out[:, flat - 1], symlog(torch.as_tensor(obs[:, game.obs_layout["turn_step"].start])))


def test_extractor_refuses_an_observation_of_another_size():
    game = games.make("el_caballero")
    with pytest.raises(ValueError, match="no el_caballero observation"):
        ElCaballeroExtractor(box(game.obs_size + 2))


def test_score_shaping_per_point_is_the_other_games_and_the_cli_applies_it(monkeypatch, tmp_path):
    import training.train

    game = games.make("el_caballero")
    d = defaults_for(game)
    # EC-8.7: scores are in twelfths of a point; shaping pays per point what it pays elsewhere
    assert d["reward_shaping"] * 12 == pytest.approx(TrainConfig().reward_shaping)
    assert defaults_for(games.make("spanish_main")).get("reward_shaping") is None
    seen = []

    def capture(cfg):
        seen.append(cfg)
        raise SystemExit(0)

    monkeypatch.setattr(training.train, "train", capture)
    for argv in (
        ["--out", str(tmp_path / "a")],
        ["--timesteps", "5000", "--reward-shaping", "0.5", "--out", str(tmp_path / "b")],
    ):
        with pytest.raises(SystemExit):
            main(["train", "el_caballero", *argv])
    assert (seen[0].reward_shaping, seen[0].total_timesteps) == (d["reward_shaping"], d["total_timesteps"])
    assert (seen[1].reward_shaping, seen[1].total_timesteps) == (0.5, 5000)  # flags win over game defaults


@pytest.mark.slow
def test_a_tiny_training_run_through_the_cli(tmp_path, capsys):
    out = tmp_path / "run"
    code = main(
        [
            "train",
            "el_caballero",
            "--players",
            "2",
            "--timesteps",
            "2048",
            "--num-envs",
            "8",
            "--n-steps",
            "32",
            "--batch-size",
            "64",
            "--epochs",
            "1",
            "--eval-every",
            "0",
            "--eval-games",
            "2",
            "--imitation-decisions",
            "200",
            "--imitation-epochs",
            "1",
            "--threads",
            "1",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    assert (out / "model.safetensors").is_file() and (out / "settings.json").is_file()
    assert "final win rates" in capsys.readouterr().out
    game = games.make("el_caballero", num_players=2)  # the checkpoint loads as a bot and plays legal moves
    bot = make_bot(f"checkpoint:{out / 'model.safetensors'}", game)
    state = game.init(np.arange(3))
    mask = game.legal_action_mask(state)
    actions = bot(game.observe(state, game.current_player(state)), mask)
    assert mask[np.arange(3), actions].all()
