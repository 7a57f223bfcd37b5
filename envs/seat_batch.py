"""``SeatBatch``: the learner's seat in each of ``num_envs`` games of one state batch.

The machinery that the SB3 ``VecEnv`` (``envs.vec_env.GameVecEnv``) and the Gymnasium
``VectorEnv`` (``envs.vector_env.GameVectorEnv``) share, so both step, reward and reset
alike: in each game the learner holds one seat (drawn at random per game unless fixed);
the other seats are played inside ``step`` by opponent policies, each a batched callable
``policy(observations, action_masks) -> actions`` (the protocol of ``envs.policies``).
Finished games start again at once (same-step autoreset): the batch hands back the new
games' first observations and masks, and the finished games' last facts beside them.

Reward: the learner's entry of ``Game.returns`` when the game ends (the game's
reward scheme: ``win``, ``rank`` or ``score_margin``), 0 before. With
``reward_shaping`` = c > 0, each step also pays c times the change in the
learner's score margin (its score minus the best other score, by the true scores)
since its last decision: a dense signal that sums to c times the final margin.

Variants (``variants``, docs/design.md "Row configuration"): Games of one name and
dtype that differ only in ``row_config_fields`` (Maracaibo's tile sets, MA-26.4). Each
new game of a row draws one uniformly from the env's seeded generator and is set up by
it (``variant.init``); the batch then steps, masks and observes as one, through
``game`` (given, or the first variant).
"""

import numpy as np

from games.core.errors import IllegalActionError
from games.core.legality import action_array, check_legal, illegal_rows

from .seats import play_seats


def check_variants(game, variants, who="GameVecEnv"):
    """The list of variant Games (``[game]`` without variants): one name and dtype, the same
    options but for those a row may hold (``row_config_fields``); one ValueError line else."""
    if variants is None:
        if game is None:
            raise ValueError(f"{who} needs a game or variants")
        return [game]
    variants = list(variants)
    if not variants:
        raise ValueError(f"{who}: variants is empty; give at least one game")
    base = variants[0] if game is None else game
    if not any(v is base for v in variants):
        raise ValueError(f"{who}: the game {base!r} is not one of the variants")
    free = set(base.row_config_fields)
    want = {f: int(x) for f, x in zip(base.config_fields, base.config()) if f not in free}
    for v in variants:
        if v.name != base.name or v.dtype != base.dtype:
            raise ValueError(f"{who}: variant {v!r} is another game than {base!r}")
        got = {f: int(x) for f, x in zip(v.config_fields, v.config()) if f not in free}
        if got != want or v.reward != base.reward:
            diff = next((f for f in want if got.get(f) != want[f]), "reward")
            raise ValueError(
                f"{who}: variant {v!r} differs from {base!r} in {diff}, which is not a "
                f"row config field ({', '.join(sorted(free)) or 'none'})"
            )
    return variants


class SeatBatch:
    """The learner's seat of ``num_envs`` games of ``game``; opponents play the rest.

    ``opponents``: a list of policies; every new game draws one for each
    opponent seat (with ``opponent_weights`` as probabilities, uniform if None).
    One-seat games (the opponent is part of the rules) take none.
    ``learner_seat``: a fixed seat, or None for a random seat per game.
    ``variants``: Games that rows draw from per new game (see the module docstring);
    ``game`` must be one of them or None (then the first variant).
    A mixin: the env classes call ``_setup`` from their ``__init__``.
    """

    who = "GameVecEnv"  # the class named in error messages

    def _setup(self, game, num_envs, opponents, opponent_weights, learner_seat, seed, reward_shaping, variants):
        if not isinstance(num_envs, (int, np.integer)) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"{self.who}: num_envs must be a positive integer, got {num_envs!r}")
        self.variants = check_variants(game, variants, self.who)
        game = self.game = self.variants[0] if game is None else game
        players = game.num_players
        if learner_seat is not None and (
            not isinstance(learner_seat, (int, np.integer))
            or isinstance(learner_seat, bool)
            or not 0 <= learner_seat < players
        ):
            raise ValueError(
                f"{self.who}: learner_seat must be None or an integer in 0..{players - 1}, got {learner_seat!r}"
            )
        self.reward_shaping = float(reward_shaping)
        self.learner_seat_option = learner_seat
        self._rng = np.random.default_rng(seed)
        self.set_opponents(opponents, opponent_weights)
        n = int(num_envs)
        self._rows = np.arange(n)
        self.state = game.init(np.zeros(n, dtype=np.int64))
        # the same bytes as one opaque item per row: numpy copies rows of a structured
        # array field by field, of a void array as blocks (hundreds of times faster)
        self._records = self.state.view(np.dtype((np.void, self.state.dtype.itemsize)))
        self.learner_seat = np.zeros(n, dtype=np.int64)
        self.seat_policy = np.full((n, players), -1, dtype=np.int64)  # -1: the learner
        self.game_seed = np.zeros(n, dtype=np.int64)
        self.variant = np.zeros(n, dtype=np.int64)  # the index in ``variants`` each row plays
        self._margin = np.zeros(n)  # learner's score margin at its last decision (shaping)
        self._masks = np.zeros((n, game.num_actions), dtype=bool)

    # ----- opponents -------------------------------------------------------------
    def set_opponents(self, opponents, weights=None):
        """Replace the opponent pool (self-play adds snapshots); running games keep
        their opponents unless those left the pool."""
        if not opponents and self.game.num_players > 1:
            raise ValueError(f"{self.who} needs at least one opponent policy")
        self.opponents = list(opponents) or [None]  # one-seat games: never asked
        w = np.ones(len(self.opponents)) if weights is None or not opponents else np.asarray(weights, np.float64)
        if w.shape != (len(self.opponents),) or np.any(w < 0) or w.sum() <= 0:
            raise ValueError(f"opponent_weights must be {len(self.opponents)} non-negative numbers, got {weights}")
        self.opponent_weights = w / w.sum()
        if hasattr(self, "seat_policy"):
            stale = self.seat_policy >= len(self.opponents)
            self.seat_policy[stale] = self._draw_opponents(int(stale.sum()))

    def _draw_opponents(self, count):
        return self._rng.choice(len(self.opponents), size=count, p=self.opponent_weights)

    # ----- games -----------------------------------------------------------------
    def _take(self, rows):
        """A copy of the games in ``rows`` (``self.state[rows]``, by bytes)."""
        return self._records[rows].view(self.state.dtype)

    def _put(self, rows, games):
        """``self.state[rows] = games``, by bytes."""
        self._records[rows] = np.ascontiguousarray(games).view(self._records.dtype)

    def _new_games(self, rows):
        """Fresh games in ``rows``: new seeds, learner seats and opponents."""
        k, players = len(rows), self.game.num_players
        seeds = self._rng.integers(0, 2**62, size=k)
        self.game_seed[rows] = seeds
        if len(self.variants) == 1:
            self._put(rows, self.game.init(seeds))
        else:  # MA-26.4: each new game draws its board, set up by that variant's options
            drawn = self._rng.integers(0, len(self.variants), size=k)
            self.variant[rows] = drawn
            for v in np.unique(drawn):
                self._put(rows[drawn == v], self.variants[v].init(seeds[drawn == v]))
        if self.learner_seat_option is None:
            self.learner_seat[rows] = self._rng.integers(0, players, size=k)
        else:
            self.learner_seat[rows] = self.learner_seat_option
        policy = self._draw_opponents(k * players).reshape(k, players)
        policy[np.arange(k), self.learner_seat[rows]] = -1
        self.seat_policy[rows] = policy

    def _play_opponents(self):
        """Opponents move until, in every game, the learner is to act or the game is over."""
        game = self.game
        while True:
            current = game.current_player(self.state)
            rows = np.flatnonzero((current >= 0) & (current != self.learner_seat))
            if rows.size == 0:
                return
            sub = self._take(rows)
            seats = current[rows]
            _, masks, actions = play_seats(
                game, sub, seats, self.seat_policy[rows, seats], self.opponents, keep_observations=False
            )
            bad = illegal_rows(masks, actions)
            if bad.size:  # an opponent's bug, named by the game rows it broke
                raise IllegalActionError(
                    rows[bad].tolist(), actions[bad].tolist(), [np.flatnonzero(masks[b]).tolist() for b in bad]
                )
            game.step_unchecked(sub, actions)
            self._put(rows, sub)

    def _margins(self, state, seats):
        """Own score minus the best other score (one-seat games: own score)."""
        scores = self.game.scores(state).astype(np.float64)
        mine = scores[np.arange(len(state)), seats]
        if self.game.num_players == 1:
            return mine
        scores[np.arange(len(state)), seats] = -np.inf
        return mine - scores.max(axis=1)

    def _observe(self):
        self._masks = self.game.legal_action_mask(self.state)
        return self.game.observe(self.state, self.learner_seat)

    # ----- the batch's own steps ---------------------------------------------------
    def _start(self, rng):
        """Every row a new game from the generator ``rng``; the learner's first observations."""
        self._rng = rng
        for policy in self.opponents:  # the envs.policies protocol: seeded on reset
            if policy is not None and callable(getattr(policy, "seed", None)):
                policy.seed(int(self._rng.integers(2**31)))
        self._new_games(self._rows)
        self._play_opponents()
        self._margin = self._margins(self.state, self.learner_seat)
        return self._observe()

    def _checked_actions(self, actions):
        """``actions`` as int64 (num_envs,), checked as ``Game.step`` checks them: an
        integer dtype (no floats, NaN or bools), exactly shape (num_envs,) (no
        reshaping of (B, 1)), and each id in range and legal for its game, else
        ``IllegalActionError`` naming the rows, their actions and legal sets.
        Nothing has changed when it raises. Vectorised: a few numpy calls per step."""
        arr = action_array(actions, len(self._rows), f"{self.who}.step")
        check_legal(self._masks, arr)
        return arr

    def _advance(self, actions):
        """The learner's checked ``actions``, then the opponents' moves; finished games
        restart. Returns ``(observations, rewards, done, rows, final)``: ``rows`` the
        finished games, ``final`` their facts (row-aligned arrays: ``observation``, the
        learner's last view, and ``rank``, ``score``, ``score_margin``, ``seat``,
        ``variant``)."""
        game = self.game
        game.step_unchecked(self.state, actions)
        self._play_opponents()

        done = game.terminated(self.state)
        rewards = np.zeros(len(self._rows), dtype=np.float32)
        if self.reward_shaping:
            margin = self._margins(self.state, self.learner_seat)
            rewards += (self.reward_shaping * (margin - self._margin)).astype(np.float32)
            self._margin = margin
        rows = np.flatnonzero(done)
        final = {}
        if rows.size:
            ended = self._take(rows)
            seats = self.learner_seat[rows]
            at = np.arange(rows.size), seats
            rewards[rows] += game.returns(ended)[at]
            final = {
                "observation": game.observe(ended, seats),
                "rank": game.ranks(ended)[at],
                "score": game.scores(ended)[at],
                "score_margin": self._margins(ended, seats),
                "seat": seats.copy(),
                "variant": self.variant[rows].copy(),
            }
            self._new_games(rows)
            self._play_opponents()
            if self.reward_shaping:
                self._margin[rows] = self._margins(self._take(rows), self.learner_seat[rows])
        return self._observe(), rewards, done, rows, final

    def action_masks(self):
        """Legal actions of every game's learner seat, (num_envs, A) bool."""
        return self._masks.copy()
