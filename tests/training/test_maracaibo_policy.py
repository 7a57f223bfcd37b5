"""The Maracaibo policy input (training/features.py MaracaiboExtractor) and how
well a warm start imitates (training/imitation.py ``matches`` / ``by_family``, the
held-out record of ``doubloon train``)."""

import numpy as np
import pytest
import torch
from gymnasium import spaces

import games
from games.maracaibo.state import NC_AB as NC  # the A/B card segments the extractor embeds (GAP-63)
from training import checkpoint as ck
from training.bots import RandomBot
from training.bots.policy_bot import PolicyBot
from training.features import MaracaiboExtractor, extractor_for, symlog
from training.imitation import behaviour_clone, by_family, collect_demonstrations, matches

from random_positions import obs_box as box, played_observations as observations


def card_columns(layout, ex, segment, row):
    """The feature columns of card row ``row`` of ``segment`` (rows in CARD_SEGMENTS order)."""
    first = layout.size - sum(layout[name].size for name in ex.CARD_SEGMENTS)
    before = sum(layout[name].size // NC for name in ex.CARD_SEGMENTS[: ex.CARD_SEGMENTS.index(segment)])
    start = first + (before + row) * ex.CARD_DIM
    return slice(start, start + ex.CARD_DIM)


@pytest.mark.parametrize("name", ["maracaibo_solo", "maracaibo"])
def test_extractor_embeds_every_card_row_and_symlogs_the_rest(name):
    # MA-29: the card segments are one-hot (multi-hot for piles) rows over the card ids
    game = games.make(name)
    obs = observations(game)
    ex = MaracaiboExtractor(box(game.obs_size))
    layout = game.obs_layout
    rest = np.concatenate([obs[:, seg.slice] for seg in layout if seg.name not in ex.CARD_SEGMENTS], axis=1)
    rows = sum(layout[name].size // NC for name in ex.CARD_SEGMENTS)
    assert ex.features_dim == rest.shape[1] + rows * ex.CARD_DIM < game.obs_size / 2
    with torch.no_grad():
        out = ex(torch.as_tensor(obs))
        assert out.shape == (len(obs), ex.features_dim) and torch.isfinite(out).all()
        assert torch.allclose(out[:, : rest.shape[1]], symlog(torch.as_tensor(rest)))
        # hand index 2 holds card 5: its features are that card's embedding, at the row's own place
        held = obs.copy()
        hand = layout.view(held, "my_hand")
        hand[:, 2] = 0.0
        hand[:, 2, 5] = 1.0
        changed = ex(torch.as_tensor(held))
        cols = card_columns(layout, ex, "my_hand", 2)
        assert torch.allclose(changed[:, cols], ex.embed.weight[:, 5].expand(len(obs), -1))
        others = torch.ones(ex.features_dim, dtype=torch.bool)
        others[cols] = False
        assert torch.equal(changed[:, others], out[:, others])
        # an empty display slot 1 (the "draw" family's parameter 2, MA-20): its row's features are zero
        shown = obs.copy()
        layout.view(shown, "display")[:, 1] = 0.0
        assert torch.equal(
            ex(torch.as_tensor(shown))[:, card_columns(layout, ex, "display", 1)], torch.zeros(len(obs), ex.CARD_DIM)
        )


def test_the_solo_game_uses_it_and_the_extractor_refuses_other_sizes():
    assert extractor_for("maracaibo_solo") is MaracaiboExtractor
    with pytest.raises(ValueError, match="neither maracaibo's"):
        MaracaiboExtractor(box(games.make("maracaibo_solo").obs_size + 1))


def test_a_checkpoint_names_it_and_round_trips(tmp_path):
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    game = games.make("maracaibo_solo")
    policy = MaskableActorCriticPolicy(
        box(game.obs_size),
        spaces.Discrete(game.num_actions),
        lambda _: 0.0,
        net_arch=[16],
        features_extractor_class=MaracaiboExtractor,
    )
    spec = ck.save_checkpoint(policy, tmp_path / "model.safetensors", game)
    assert spec.features_extractor == "MaracaiboExtractor"
    obs = observations(game, batch=4, steps=20)
    assert np.array_equal(PolicyBot(ck.load_checkpoint(tmp_path)).logits(obs), PolicyBot(policy).logits(obs))


# ----- how well a student imitates -----------------------------------------------------
def small_policy(game):
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    torch.manual_seed(0)
    return MaskableActorCriticPolicy(
        box(game.obs_size),
        spaces.Discrete(game.num_actions),
        lambda _: 0.0,
        net_arch=[32],
        features_extractor_class=extractor_for(game.name),
    )


def test_matches_is_the_most_likely_legal_action_and_by_family_splits_it(spanish3):
    obs, masks, actions, _ = collect_demonstrations(spanish3, RandomBot(0), [RandomBot(1)], 400, seed=3, batch=8)
    policy = small_policy(spanish3)
    hits = matches(policy, obs, masks, actions, batch_size=64)
    logits = PolicyBot(policy).logits(obs.astype(np.float32))
    best = np.where(masks, logits, -np.inf).argmax(axis=1)
    assert hits.dtype == np.bool_ and np.array_equal(hits, best == actions)
    parts = by_family(hits, actions, spanish3.action_layout)
    assert sum(p["decisions"] for p in parts.values()) == len(actions)
    for name, part in parts.items():
        mine = np.array([spanish3.action_layout.locate(a)[0].name == name for a in actions])
        assert part == {"decisions": int(mine.sum()), "accuracy": round(float(hits[mine].mean()), 4)}
    assert list(parts) == [s.name for s in spanish3.action_layout if s.name in parts]  # layout order


def test_behaviour_cloning_learns_a_fixed_teacher_and_the_learning_rate_schedule_matters(spanish3):
    demos = collect_demonstrations(spanish3, RandomBot(0), [RandomBot(1)], 300, seed=4, batch=8)
    always_first = np.array([np.flatnonzero(m)[0] for m in demos[1]])  # a teacher: the first legal action
    demos = (demos[0], demos[1], always_first, demos[3])
    fitted = small_policy(spanish3)
    before = matches(fitted, demos[0], demos[1], demos[2]).mean()
    behaviour_clone(fitted, *demos, epochs=6, batch_size=64, lr=3e-3, seed=0)
    assert matches(fitted, demos[0], demos[1], demos[2]).mean() > max(before, 0.8)
    constant, decayed, same = small_policy(spanish3), small_policy(spanish3), small_policy(spanish3)
    behaviour_clone(constant, *demos, epochs=1, batch_size=64)
    behaviour_clone(same, *demos, epochs=1, batch_size=64, final_lr=1e-3)  # the default lr: constant
    behaviour_clone(decayed, *demos, epochs=1, batch_size=64, final_lr=0.0)
    weights = [torch.cat([p.flatten() for p in m.parameters()]) for m in (constant, same, decayed)]
    assert torch.equal(weights[0], weights[1]) and not torch.equal(weights[0], weights[2])


class FirstLegal:
    name = "first"

    def __call__(self, observations, action_masks):
        return np.argmax(action_masks, axis=1)


class LastLegal:
    name = "last"

    def __call__(self, observations, action_masks):
        return action_masks.shape[1] - 1 - np.argmax(action_masks[:, ::-1], axis=1)


def test_dagger_records_the_teachers_move_in_the_states_the_actor_reaches(spanish3):
    # the same games (seed) played by LastLegal; with FirstLegal as the teacher only the labels differ
    played = collect_demonstrations(spanish3, LastLegal(), [RandomBot(1)], 500, seed=6, batch=8)
    taught = collect_demonstrations(spanish3, FirstLegal(), [RandomBot(1)], 500, seed=6, batch=8, actor=LastLegal())
    assert np.array_equal(taught[0], played[0]) and np.array_equal(taught[1], played[1])
    assert np.array_equal(taught[3], played[3])  # the outcomes of the actor's games
    assert np.array_equal(taught[2], np.argmax(taught[1], axis=1))  # labelled by the teacher
    assert not np.array_equal(taught[2], played[2])


@pytest.mark.slow
def test_train_records_the_held_out_accuracy_per_family(tmp_path):
    from training.train import train
    from training.train_config import TrainConfig, defaults_for

    game = games.make("maracaibo_solo")
    cfg = TrainConfig(
        **{
            **defaults_for(game),
            "game": "maracaibo_solo",
            "game_options": {"level": 3},
            "imitate": "heuristic",
            "imitation_decisions": 300,
            "imitation_epochs": 1,
            "imitation_holdout": 0.2,
            "dagger_rounds": 1,
            "total_timesteps": 64,
            "num_envs": 4,
            "n_steps": 16,
            "batch_size": 32,
            "eval_every": 0,
            "eval_games": 1,
            "threads": 1,
            "progress": False,
            "out": str(tmp_path),
        }
    )
    _, settings = train(cfg)
    assert settings["imitation"]["decisions"] == 600 and len(settings["imitation"]["dagger"]) == 1  # + one round
    held = settings["imitation"]["held_out"]
    assert held["decisions"] == 60 and 0.0 <= held["accuracy"] <= 1.0
    assert sum(p["decisions"] for p in held["by_family"].values()) == 60
    assert held["accuracy"] == pytest.approx(
        sum(p["decisions"] * p["accuracy"] for p in held["by_family"].values()) / 60, abs=1e-3
    )
    assert ck.read_spec(tmp_path / "model.safetensors").features_extractor == "MaracaiboExtractor"


def test_init_from_copies_a_checkpoints_weights_and_refuses_another_architecture(tmp_path):
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from training.train import init_weights

    game = games.make("maracaibo_solo", level=3)

    def policy(arch):
        return MaskableActorCriticPolicy(
            box(game.obs_size),
            spaces.Discrete(game.num_actions),
            lambda _: 0.0,
            net_arch=arch,
            features_extractor_class=MaracaiboExtractor,
        )

    saved, fresh = policy([16]), policy([16])
    ck.save_checkpoint(saved, tmp_path / "model.safetensors", games.make("maracaibo_solo", level=1))
    obs = observations(game, batch=4, steps=20)
    assert not np.array_equal(PolicyBot(fresh).logits(obs), PolicyBot(saved).logits(obs))
    init_weights(fresh, tmp_path, game)  # another level (a game option) is the same policy shape
    assert np.array_equal(PolicyBot(fresh).logits(obs), PolicyBot(saved).logits(obs))
    with pytest.raises(ValueError, match="is not the one this run builds"):
        init_weights(policy([8]), tmp_path, game)
