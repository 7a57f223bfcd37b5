"""What the AEC and single-seat envs share: building a game, spaces, errors."""

import inspect

import numpy as np
from gymnasium import spaces

import games
from games import IllegalActionError

RENDER_MODES = ("ansi", "human", "rgb_array")
RENDER_FPS = 2  # frames per second of a recorded game (metadata["render_fps"]): one move a frame
SEED_BOUND = 2**63 - 1  # game seeds: reset(seed=) takes 0..SEED_BOUND, drawn ones are in [0, SEED_BOUND)


def game_options(name):
    """The option names ``games.make(name, ...)`` accepts."""
    return list(games.option_defaults(name))


def make_game(name, options):
    """``games.make``: unknown games and options are refused there, naming what is accepted."""
    return games.make(name, **options)


def resolve_game(game_or_name, options):
    """A ``Game`` from an instance (no options allowed) or a registered name."""
    if isinstance(game_or_name, games.Game):
        if options:
            raise ValueError(
                f"options {sorted(options)} given with an already built game {game_or_name!r}; "
                "pass the game's name instead, or build it with those options"
            )
        return game_or_name
    if isinstance(game_or_name, str):
        return make_game(game_or_name, options)
    raise TypeError(f"expected a games.Game or a game name, got {type(game_or_name).__name__}")


class UnsupportedRenderMode(ValueError, TypeError):
    """A render mode the envs do not have: a bad value (ValueError), and a TypeError as
    well, since that is what Stable-Baselines3's ``make_vec_env`` falls back on: it makes
    every env with ``render_mode="rgb_array"`` first, and again without a render mode
    only on a TypeError."""


def render_output(game, record, render_mode, seat=None, frame_shape=None):
    """What ``render()`` gives in ``render_mode`` for one record: the text board ("ansi"),
    printed ("human", returns None), or an ``(H, W, 3)`` uint8 frame of the drawn board
    ("rgb_array", envs/raster.py; of ``frame_shape`` when given, so that every frame of
    a video has one size). ``seat``: show only what that seat may see."""
    if render_mode == "rgb_array":
        from .raster import fit_frame, svg_to_rgb

        frame = svg_to_rgb(game.render_svg(record, player=seat))
        return frame if frame_shape is None else fit_frame(frame, frame_shape)
    takes_viewer = "viewer" in inspect.signature(game.render).parameters
    text = game.render(record, viewer=seat) if seat is not None and takes_viewer else game.render(record)
    if render_mode == "ansi":
        return text
    print(text)
    return None


def check_render_mode(render_mode):
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise UnsupportedRenderMode(f"render_mode must be None or one of {RENDER_MODES}, got {render_mode!r}")
    return render_mode


def observation_box(game):
    """The flat float32 observation. Its entries are counts and flags without a
    bound in the engine contract, so the box is unbounded."""
    return spaces.Box(low=-np.inf, high=np.inf, shape=(game.obs_size,), dtype=np.float32)


def mask_box(game):
    return spaces.Box(low=0, high=1, shape=(game.num_actions,), dtype=np.int8)


def check_seed(seed):
    """None, or a game seed: an integer in 0..2**63-1 (the engine's int64 seeds)."""
    if seed is not None and (
        not isinstance(seed, (int, np.integer)) or isinstance(seed, (bool, np.bool_)) or not 0 <= seed <= SEED_BOUND
    ):
        raise ValueError(f"seed must be None or a non-negative integer below 2**63 (0..{SEED_BOUND}), got {seed!r}")
    return None if seed is None else int(seed)


def final_infos(game, state, possible_agents):
    """Each agent's end-of-game facts, under the names the VecEnv uses: ``score`` (the
    game's own points), ``rank`` (0 = best, ties share) and ``score_margin`` (own
    score minus the best other score; a one-seat game's own score). ``state`` is an
    env's own batch of one, so it goes straight to the compiled loops, unchecked."""
    scores = np.zeros((1, game.num_players), dtype=np.int64)
    ranks = np.zeros((1, game.num_players), dtype=np.int64)
    game.loops.scores_rows(state, scores)
    game.loops.rank_rows(state, ranks)
    scores, ranks = scores[0].tolist(), ranks[0].tolist()
    infos = {}
    for p, agent in enumerate(possible_agents):
        others = scores[:p] + scores[p + 1 :]
        margin = float(scores[p] - max(others)) if others else float(scores[p])
        infos[agent] = {"score": scores[p], "rank": ranks[p], "score_margin": margin}
    return infos


class UnknownAgentError(KeyError):
    """An agent name the env does not have (a ``KeyError``, as a dict lookup would
    raise, with a message naming the agents it has)."""

    def __init__(self, agent, agents):
        super().__init__(agent)
        self.message = f"unknown agent {agent!r}; this env's agents are {', '.join(agents)}"

    def __str__(self):
        return self.message


def in_action_space(space, action) -> bool:
    """``space.contains(action)``, False for an integer too large for int64 (gymnasium's
    check converts it and raises ``OverflowError``)."""
    try:
        return space.contains(action)
    except OverflowError:
        return False


def as_action(action, num_actions):
    """An action id as a Python int; bad types and out-of-range ids raise."""
    if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
        action = action.reshape(())[()]
    if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
        raise TypeError(f"an action must be an integer in 0..{num_actions - 1}, got {action!r}")
    return int(action)


def illegal_action(game, record, who, action, mask):
    """``IllegalActionError`` for one seat's action, naming it and the legal set."""
    legal = np.flatnonzero(mask).tolist()
    err = IllegalActionError([0], [action], [legal])
    if 0 <= action < game.num_actions:
        err.add_note(f"{who} played {action} ({game.action_label(record, action)}), which is not legal here")
    else:
        err.add_note(f"{who} played {action}, outside the action space 0..{game.num_actions - 1}")
    return err
