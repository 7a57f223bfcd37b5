"""Gymnasium single-seat env: the learner plays one seat, opponent policies the rest.

    env = SingleSeatEnv("spanish_main", num_players=3, seat=None, opponents=None, seed=0)
    obs, info = env.reset()
    obs, reward, terminated, truncated, info = env.step(action)

Inside ``step`` the opponents move until it is the learner's turn again or the game
is over. The observation is ``game.observe`` for the learner's seat;
``action_masks()`` and ``info["action_mask"]`` give the legal actions (bool), as
sb3-contrib's MaskablePPO expects; once the episode is over they show action 0 alone
(``end_mask``), never an empty set, for the vector envs' next-step autoreset. The
reward is the learner's ``game.returns`` when the game ends, 0 before. Games end by
their own rules, so ``truncated`` is False.

Illegal learner actions, by ``illegal_action``:

- ``"raise"`` (default): ``games.IllegalActionError`` naming the action and the
  legal set; the episode is unchanged, so the caller may retry.
- ``"penalize"``: the episode ends at once with reward -1 and
  ``info["illegal_action"] = True``. Use it where unmasked agents act, e.g.
  ``gymnasium.utils.env_checker.check_env``, which steps unmasked
  ``action_space.sample()`` actions.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

from .common import (
    RENDER_FPS,
    RENDER_MODES,
    SEED_BOUND,
    as_action,
    check_render_mode,
    check_seed,
    illegal_action,
    observation_box,
    render_output,
    resolve_game,
)
from .policies import UniformRandomPolicy, check_actions

ILLEGAL_ACTION_MODES = ("raise", "penalize")
ILLEGAL_REWARD = -1.0
END_ACTION = 0  # the one action the mask of a finished episode shows; step() refuses it


def end_mask(num_actions: int) -> np.ndarray:
    """The mask of a finished episode: ``END_ACTION`` alone (see ``action_masks``)."""
    mask = np.zeros(num_actions, dtype=np.bool_)
    mask[END_ACTION] = True
    return mask


class SingleSeatEnv(gymnasium.Env):
    """The learner in ``seat`` (or a random seat per episode when None) against
    ``opponents``: None (uniform random), one policy for every other seat, or a
    list of ``num_players - 1`` policies, the i-th playing the seat i + 1 places
    clockwise after the learner. Policies follow ``envs.policies``; those with a
    ``seed`` method are reseeded from the env's generator on every reset.

    ``seed`` seeds the first ``reset()`` that is not given one; ``game_or_name``
    is a ``games.Game`` or a game name with its options as keyword arguments.
    ``render()`` shows the board as the learner sees it (its own hidden cards too).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

    def __init__(
        self,
        game_or_name,
        seat=None,
        opponents=None,
        seed=None,
        illegal_action="raise",
        render_mode=None,
        **game_options,
    ):
        self.game = resolve_game(game_or_name, game_options)
        n = self.game.num_players
        if seat is not None and (not isinstance(seat, (int, np.integer)) or not 0 <= seat < n):
            raise ValueError(f"seat must be None or an integer in 0..{n - 1}, got {seat!r}")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTION_MODES}, got {illegal_action!r}")
        self.fixed_seat = None if seat is None else int(seat)
        self.opponents = self._opponent_list(opponents, n)
        self.illegal_action = illegal_action
        self.render_mode = check_render_mode(render_mode)
        self._frame_shape = None  # rgb_array: the size of every frame, set by the first
        self.observation_space = observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._loops = self.game.loops
        self._legal = np.zeros(self.game.num_actions, dtype=np.bool_)  # of the player to act
        self._first_seed = check_seed(seed)
        self._state = None
        self.seat = self.fixed_seat

    @staticmethod
    def _opponent_list(opponents, n):
        if opponents is None:
            opponents = UniformRandomPolicy()
        if callable(opponents):
            return [opponents] * (n - 1)
        opponents = list(opponents)
        if len(opponents) != n - 1 or not all(map(callable, opponents)):
            raise ValueError(
                f"opponents must be None, a policy, or a list of {n - 1} policies "
                f"(one per other seat), got {opponents!r}"
            )
        return opponents

    # ----- episode -----------------------------------------------------------------
    def reset(self, seed=None, options=None):
        check_seed(seed)  # the AEC env's range (0..2**63-1): every env of the suite takes the same seeds
        if seed is None and self._np_random is None:
            seed = self._first_seed
        super().reset(seed=seed)
        rng = self.np_random
        self.seat = int(rng.integers(self.game.num_players)) if self.fixed_seat is None else self.fixed_seat
        for policy in {id(p): p for p in self.opponents}.values():  # each distinct policy once
            if callable(getattr(policy, "seed", None)):
                policy.seed(int(rng.integers(2**32)))
        self._state = self.game.init(np.array([rng.integers(SEED_BOUND)], dtype=np.int64))
        self._play_opponents(self._loops.record_mask(self._state, self._legal))
        return self._observation(), self._info()

    def step(self, action):
        if self._state is None or self._over:
            raise RuntimeError("the episode is over (or never started): call reset()")
        a = as_action(action, self.game.num_actions)
        if not (0 <= a < self.game.num_actions and self._legal[a]):
            if self.illegal_action == "raise":
                raise illegal_action(self.game, self._state[0], f"the learner (seat {self.seat})", a, self._legal)
            self._over = True
            self._legal[:] = False
            return self._observation(), ILLEGAL_REWARD, True, False, {**self._info(), "illegal_action": True}
        self._play_opponents(self._loops.record_advance(self._state, a, self._legal))
        reward = float(self.game.returns(self._state)[0, self.seat]) if self._over else 0.0
        return self._observation(), reward, self._over, False, self._info()

    def _play_opponents(self, player):
        """From ``player`` to act on, opponents move until the learner is to act or the
        game is over (player -1)."""
        game, state, loops = self.game, self._state, self._loops
        while player >= 0 and player != self.seat:
            policy = self.opponents[(player - self.seat) % game.num_players - 1]
            obs = np.empty((1, game.obs_size), dtype=np.float32)
            loops.record_observe(state, player, obs[0])
            mask = self._legal[None].copy()
            action = check_actions(policy(obs, mask), mask, f"opponent policy {policy!r} (seat {player})")[0]
            player = loops.record_advance(state, action, self._legal)
        self._over = player < 0
        if self.render_mode == "human":
            self.render()

    def _observation(self):
        out = np.empty(self.game.obs_size, dtype=np.float32)
        self._loops.record_observe(self._state, self.seat, out)
        return out

    def _info(self):
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self):
        """Legal actions of the learner (bool), for MaskablePPO. Once the episode is over
        no action is legal, yet the mask is ``end_mask`` (action 0 alone), so that a masked
        sampler always has an action to draw: a vector env's next-step autoreset
        (``gymnasium.make_vec`` in sync or async mode) asks for one more action after the
        end, and ignores it (docs/environments.md, "Masks at autoreset")."""
        if self._state is None:
            raise RuntimeError("call reset() before action_masks()")
        if self._over:
            return end_mask(self.game.num_actions)
        return self._legal.copy()

    @property
    def record(self):
        """A copy of the game's record, hidden cards included (for logs, ``game.to_json``)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state.copy()[0]

    # ----- text --------------------------------------------------------------------
    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self._state is None:
            raise RuntimeError("call reset() before render()")
        out = render_output(self.game, self._state[0], self.render_mode, seat=self.seat, frame_shape=self._frame_shape)
        if self.render_mode == "rgb_array" and self._frame_shape is None:
            self._frame_shape = out.shape  # the first frame's size is every later frame's
        return out


class ActionMasks(gymnasium.Wrapper, gymnasium.utils.RecordConstructorArgs):
    """Exposes ``action_masks()`` of the env inside, as the outermost wrapper.

    Gymnasium 1.x wrappers do not forward unknown attributes, so behind
    ``gymnasium.make``'s own wrappers ``env.action_masks()`` would be an
    AttributeError. The registered ids (``envs.registration``) end with this
    wrapper, so ``env.action_masks()`` works on a made env. Behind wrappers of your
    own, use ``env.get_wrapper_attr("action_masks")()`` (what sb3-contrib's
    ``get_action_masks`` does) or ``env.unwrapped.action_masks()``."""

    def __init__(self, env):
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    def action_masks(self):
        return self.env.get_wrapper_attr("action_masks")()


def make_single_seat_env(**kwargs) -> gymnasium.Env:
    """The env ``gymnasium.make`` gives for the registered ids: ``SingleSeatEnv(**kwargs)``
    under Gymnasium's ``PassiveEnvChecker`` and ``OrderEnforcing`` (what ``make`` itself
    would add), with ``ActionMasks`` outermost. The ids' specs list no additional
    wrappers, since ``gymnasium.make_vec`` refuses a vector entry point for a spec that
    does (envs/registration.py)."""
    env = gymnasium.wrappers.OrderEnforcing(gymnasium.wrappers.PassiveEnvChecker(SingleSeatEnv(**kwargs)))
    return ActionMasks(env)


setattr(make_single_seat_env, "metadata", SingleSeatEnv.metadata)  # read by gymnasium.make for render modes

__all__ = ["END_ACTION", "ILLEGAL_ACTION_MODES", "ActionMasks", "SingleSeatEnv", "end_mask", "make_single_seat_env"]
