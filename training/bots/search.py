"""``search``: determinized rollouts over the batched engine (``Game.resample_hidden``).

At each decision with more than one legal action the bot draws K completions of what
it cannot see (``resample_hidden`` for its seat: the copies agree with its observation,
hidden cards and the future chance events are redrawn, so the search cannot peek), and
for each legal action plays that action in each of the K copies (the same K copies for
every action: common random numbers), then plays all of them on at once, one batch, by
a rollout policy (uniformly random, or the game's registered heuristic) to the end or
to ``horizon`` engine steps. The action with the best mean score margin (own score
minus the best other's; in the solo game minus Jean's) is played, the lowest action id
on a tie. ``budget`` is the simulations per decision: K = max(1, budget // legal
actions). Every decision of a call, over all rows, is simulated in the one batch.

The bot reads the game's records, not only observations (``reads_state``): callers that
hold the state (``envs.seats.play_seats``, so arena, bench and bench-jean) call
``plan``. Hidden information reaches it only through ``resample_hidden``.
"""

import numpy as np

from envs.policies import sample_legal

from .base import Bot

DEFAULT_BUDGET = 16  # simulations per decision: about 130 maracaibo_solo decisions per CPU second
DEFAULT_HORIZON = 200  # engine steps per rollout after the first action
ROLLOUTS = ("random", "heuristic")


def score_margins(game, state, seats):
    """Own score minus the best other score of ``seats[i]`` in row i; a single seat
    against a built-in opponent (the solo game's Jean) minus that opponent's score."""
    scores = game.scores(state).astype(np.float64)
    rows = np.arange(len(state))
    own = scores[rows, seats]
    if game.num_players == 1:
        return own - game.jean_scores(state)
    others = scores.copy()
    others[rows, seats] = -np.inf
    return own - others.max(axis=1)


class SearchBot(Bot):
    """Determinized rollouts; ``budget`` simulations per decision, ``rollout`` ``random``
    or ``heuristic``, each rollout cut after ``horizon`` engine steps (None: to the end)."""

    name = "search"
    reads_state = True

    def __init__(self, game, seed=0, budget=DEFAULT_BUDGET, rollout="random", horizon=DEFAULT_HORIZON):
        if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)) or budget < 1:
            raise ValueError(f"search: budget is a positive number of simulations per decision, got {budget!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"search: rollout must be one of {ROLLOUTS}, got {rollout!r}")
        if horizon is not None and (isinstance(horizon, bool) or not isinstance(horizon, (int, np.integer))
                                    or horizon < 0):
            raise ValueError(f"search: horizon is a number of engine steps >= 0 or None, got {horizon!r}")
        if type(game).redraw_hidden is None:
            raise ValueError(f"search: {game.name} offers no resample_hidden")
        self.game = game
        self.budget = int(budget)
        self.horizon = horizon
        self.rollout = rollout
        self.policy = None
        if rollout == "heuristic":
            from . import make_bot

            self.policy = make_bot("heuristic", game, seed=seed)
        self.seed(seed)
        if budget != DEFAULT_BUDGET or rollout != "random":
            self.name = f"search:{budget}" + ("" if rollout == "random" else f":{rollout}")

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)
        if self.policy is not None:
            self.policy.seed(seed)

    def __call__(self, observations, action_masks):
        raise TypeError("search reads the game's state: call plan(states, seats, masks) "
                        "(envs.seats.play_seats does for bots with reads_state)")

    def _rollout_actions(self, state, masks):
        if self.policy is None:
            return sample_legal(self.rng, masks)
        return self.policy(self.game.observe(state, self.game.current_player(state)), masks)

    def plan(self, states, seats, masks):
        """The action for each row of ``states`` (live records, ``seats[i]`` to act)."""
        game = self.game
        actions = np.empty(len(states), dtype=np.int64)
        copies, first, owner, seat_of = [], [], [], []
        for i in range(len(states)):
            legal = np.flatnonzero(masks[i])
            actions[i] = legal[0]
            if legal.size == 1:
                continue
            k = max(1, self.budget // legal.size)
            seeds = self.rng.integers(0, 2**62, size=k)
            worlds = game.resample_hidden(states[i], int(seats[i]), seeds)
            copies.append(np.tile(worlds, legal.size))
            first.append(np.repeat(legal, k))
            owner.append(np.full(k * legal.size, i))
            seat_of.append(np.full(k * legal.size, seats[i]))
        if not copies:
            return actions
        sims, first, owner, seat_of = (np.concatenate(x) for x in (copies, first, owner, seat_of))
        game.step_unchecked(sims, first)
        steps = 0
        while self.horizon is None or steps < self.horizon:
            live = np.flatnonzero(~game.terminated(sims))
            if live.size == 0:
                break
            sub = sims[live]
            moves = np.zeros(len(sims), dtype=np.int64)
            moves[live] = self._rollout_actions(sub, game.legal_action_mask(sub))
            game.step_unchecked(sims, moves)
            steps += 1
        value = score_margins(game, sims, seat_of)
        for i in np.unique(owner):
            sel = owner == i
            acts = np.unique(first[sel])  # sorted: a tie goes to the lowest id
            means = [value[sel & (first == a)].mean() for a in acts]
            actions[i] = acts[int(np.argmax(means))]
        return actions
