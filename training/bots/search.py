"""``search``: one step of policy improvement over the game's heuristic.

At a decision the bot takes ``candidates`` actions: the heuristic's own move first
(asked of the heuristic itself, so one candidate is exactly the heuristic's move, ties
and noise included), then the next best legal actions by the heuristic's ``scores``
(a heuristic without ``scores`` gets uniformly drawn legal others instead). It draws
``worlds`` completions of what its seat cannot see (``Game.resample_hidden``: the copies
agree with its observation, hidden cards and future chance events are redrawn, so the
search cannot peek), plays each candidate in each world (the same worlds for every
candidate: common random numbers), then lets the heuristic move every seat (Jean is in
the rules) for ``horizon`` more engine steps or to the end (``horizon=None``). Each
rollout is valued by the acting seat's score margin as if the game ended there
(``search_value.margins_at_cut``: end bonuses included), or by a value learned from
self-play (``value=``, ``training.value``; solo Maracaibo's and Pirates of Nassau's
default, the shipped one: ``GAME_DEFAULTS``). The heuristic's move is played
unless a runner-up beats it in a paired test over the worlds: its mean gain less
``confidence`` standard errors of the gain must be positive. A game's margin varies by
tens of points from world to world while candidates differ by a point or two, so
taking the best mean of a few worlds plays noise: measured against Jean (level 1, 20
games) that lost 30 points a game to the heuristic it started from; the test at two
standard errors won 15 more points a game than the heuristic (docs/bench_jean.md).

Every rollout of a call (all rows, candidates and worlds) runs as one batch: each
engine step is one ``Game.advance`` (step, mask and observation in one pass) and one
heuristic call over every live rollout. The bot reads the game's records, not only
observations (``reads_state``): callers that hold the state (``envs.seats.play_seats``,
so arena, bench and bench-jean) call ``plan``. ``decisions`` and ``seconds`` count the
rows it planned and the time it took, for the decisions/s the CLI prints; ``spent``
splits the seconds by ``PARTS`` (benchmarks/search_cost.py prints it).

A decision depends only on the bot's seed and the seat's observation: the worlds' seeds
are a hash of both (``world_seeds``) and the rollout heuristic keeps one seed, so a game
plays the same whatever else is in the batch, and a ladder split into chunks plays the
games of one run. (Nassau's heuristic draws its tie-break noise per call, so there the
rollouts still depend on the batch.)
"""

import hashlib
import time

import numpy as np

from .base import Bot
from .search_value import margins_at_cut

# candidates: the heuristic's move and its runners-up; worlds: determinizations per
# decision; horizon: engine steps after the candidate (None: to the end); confidence:
# standard errors a runner-up must beat the heuristic's move by; value: the learned cut
# value (a file, a folder or "shipped": training/baselines/GAME/value.safetensors; None:
# the hand-written margins_at_cut); rollout: the bot that moves every seat in the
# rollouts, by name (``make_bot``: a batched bot over observations). Calibrated against
# Jean (docs/bench_jean.md, a 100-game level in about 10 minutes on 2 cores); no cheaper
# rollout bot kept the heuristic's strength (docs/baselines.md, "Cheaper rollouts").
DEFAULTS = {"candidates": 3, "worlds": 8, "horizon": 24, "confidence": 2.0, "value": None, "rollout": "heuristic"}
NUMBERS = ("candidates", "worlds", "horizon", "confidence")  # the settings a name spells by position
NO_VALUE = "none"  # value=none: the hand-written cut value where a game's default is a learned one
SHIPPED = "shipped"  # value=shipped: the value shipped beside the game's baseline
# Spanish Main's games are short and its heuristic cheap, so its rollouts play to the end
# with more candidates and worlds (arena against the heuristic: docs/bench_jean.md).
# In Maracaibo with 2-4 players a cut after 24 steps says nothing of how a move ends (3
# players: a runner-up's gain at the cut and in the final margin correlate at 0.03, and
# the moves it picks lose final margin), so its rollouts play to the end, with one
# runner-up to pay for them (benchmarks/search_cut_value.py, docs/bench_jean.md).
# Solo Maracaibo cuts at 24 steps and values the cut with the shipped learned value: at
# Jean's level 3 on 200 seeds it wins 33.5% against plain search's 16.5% (the first value,
# fit to one ending a position: 28.5%; the ladders: docs/baselines.md). With
# 3 players the value at a 24-step cut lost to rolling out to the end (32.7% vs 68.1%).
# Pirates of Nassau's search with its shipped value beat the search without one 68.8%
# and the heuristic 81.0% (336 games each, seats rotated; without a value: 58.9%).
GAME_DEFAULTS = {
    "spanish_main": {"candidates": 5, "worlds": 32, "horizon": None, "confidence": 1.0},
    "maracaibo": {"candidates": 2, "worlds": 8, "horizon": None, "confidence": 2.0},
    "maracaibo_solo": {"value": SHIPPED},
    "pirates_of_nassau": {"value": SHIPPED},
}


def default_settings(game):
    """The search settings ``search`` (no flags) uses for ``game``: a shipped value only
    where it was learned for the game's seat count (Nassau's for 4 players)."""
    settings = {**DEFAULTS, **GAME_DEFAULTS.get(game.name, {})}
    if settings["value"] == SHIPPED:
        from training.value.model import shipped_fits

        settings["value"] = SHIPPED if shipped_fits(game) else None
    return settings


PARTS = ("root", "resample", "advance", "rollout_policy", "value")  # root: observe, heuristic, scores


def _count(value, what, low):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        raise ValueError(f"search: {what} must be an integer >= {low}, got {value!r}")
    return int(value)


class SearchBot(Bot):
    """The heuristic improved by rollouts: ``candidates`` actions per decision, each played
    in ``worlds`` determinizations for ``horizon`` engine steps (None: to the end); a
    runner-up replaces the heuristic's move when it wins by ``confidence`` standard errors."""

    name = "search"
    reads_state = True

    def __init__(self, game, base, seed=0, bots=None, **settings):
        """``base(seed=...)`` makes the bot whose moves the search improves (the heuristic,
        ``make_bot("heuristic", game)``): one plays the root, another every seat in the rollouts
        unless ``rollout`` names another bot, which ``bots(name, seed=...)`` makes.
        ``settings``: any of ``DEFAULTS`` (the rest take the game's, ``default_settings``);
        ``value``: a learned cut value (a file, a folder or ``shipped``,
        ``training.value.model``) that replaces ``margins_at_cut`` at the rollouts' cut,
        ``None`` or ``"none"`` for none. The name is ``search`` with what differs from the
        game's defaults spelled out (``search:value=none`` in solo Maracaibo)."""
        unknown = sorted(set(settings) - set(DEFAULTS))
        if unknown:
            raise TypeError(f"search: unknown setting {unknown[0]!r}; settings: {', '.join(DEFAULTS)}")
        defaults = default_settings(game)
        candidates, worlds, horizon, confidence, value, rollout = ({**defaults, **settings}[k] for k in DEFAULTS)
        value = None if value is None or str(value) == NO_VALUE else value

        if (
            isinstance(confidence, bool)
            or not isinstance(confidence, (int, float, np.integer, np.floating))
            or not confidence >= 0
        ):
            raise ValueError(f"search: confidence must be a number >= 0, got {confidence!r}")
        self.confidence = float(confidence)
        self.candidates = _count(candidates, "candidates", 1)
        self.worlds = _count(worlds, "worlds", 1)
        self.horizon = None if horizon is None else _count(horizon, "horizon", 0)
        if type(game).redraw_hidden is None:
            raise ValueError(f"search: {game.name} offers no resample_hidden")
        self.game = game
        self.policy = base(seed=seed)  # the move at the root
        self.rollout_policy = self._rollout_bot(rollout, base, bots, seed)  # every seat in the rollouts
        self.ranked = hasattr(self.policy, "scores")
        self.seed(seed)
        self.decisions, self.seconds = 0, 0.0
        self.spent = dict.fromkeys(PARTS, 0.0)
        self.value = None
        if value is not None:
            from training.value.model import load_value

            self.value = load_value(value, game)
        if (self.candidates, self.worlds, self.horizon, self.confidence) != tuple(defaults[k] for k in NUMBERS):
            self.name = (
                f"search:{self.candidates}:{self.worlds}:{'end' if self.horizon is None else self.horizon}"
                f":{self.confidence:g}"
            )
        if value != defaults["value"]:
            self.name += f":value={NO_VALUE if value is None else value}"
        if rollout != defaults["rollout"]:
            self.name += f":rollout={rollout}"

    @staticmethod
    def _rollout_bot(rollout, base, bots, seed):
        """The bot that moves every seat in the rollouts: ``base`` for the heuristic, else
        the bot named ``rollout`` (one that plays from observations, not a search)."""
        if rollout == DEFAULTS["rollout"]:
            return base(seed=seed)
        if not isinstance(rollout, str) or rollout.startswith("search"):
            raise ValueError(f"search: rollout must name a bot that plays from observations, got {rollout!r}")
        if bots is None:
            raise ValueError(f"search: rollout={rollout} needs the bots by name (make_bot)")
        return bots(rollout, seed=seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)
        self._key = int(seed).to_bytes(8, "little", signed=True)
        self.policy.seed(seed)
        self.rollout_policy.seed(seed)

    def world_seeds(self, observations, seats):
        """int64 (n, worlds): the seeds of the worlds each row draws, a hash of the bot's
        seed, the seat and its observation (nothing else: not the batch, not the call)."""
        out = np.empty((len(observations), self.worlds), dtype=np.int64)
        for i, (row, seat) in enumerate(zip(observations, seats)):
            digest = hashlib.blake2b(
                np.ascontiguousarray(row).tobytes(),
                digest_size=16,
                key=self._key,
                person=int(seat).to_bytes(8, "little"),
            ).digest()
            words = np.frombuffer(digest, dtype=np.uint32).tolist()
            out[i] = np.random.SeedSequence(words).generate_state(self.worlds, np.uint64) >> np.uint64(2)
        return out

    def __call__(self, observations, action_masks):
        raise TypeError(
            "search reads the game's state: call plan(states, seats, masks) "
            "(envs.seats.play_seats does for bots with reads_state)"
        )

    @property
    def decisions_per_second(self):
        return self.decisions / self.seconds if self.seconds > 0 else float("nan")

    def candidate_actions(self, observations, masks):
        """int64 (n, candidates): the heuristic's move, then the best other legal actions
        by its ``scores`` (or drawn uniformly); -1 where a row has fewer legal actions."""
        n = len(masks)
        rows = np.arange(n)
        out = np.full((n, self.candidates), -1, dtype=np.int64)
        out[:, 0] = self.policy(observations, masks)
        if self.candidates == 1 or n == 0:
            return out
        if self.ranked:
            keys = np.asarray(self.policy.scores(observations, masks), dtype=np.float64).copy()
        else:
            keys = self.rng.random(masks.shape)
        keys[~masks] = -np.inf
        keys[rows, out[:, 0]] = -np.inf
        order = np.argsort(-keys, axis=1, kind="stable")[:, : self.candidates - 1]
        out[:, 1:] = np.where(np.isfinite(np.take_along_axis(keys, order, axis=1)), order, -1)
        return out

    def plan(self, states, seats, masks):
        """The action for each row of ``states`` (live records, ``seats[i]`` to act)."""
        start = time.perf_counter()
        game = self.game
        seats = np.asarray(seats, dtype=np.int64)
        observations = game.observe(states, seats)
        candidates = self.candidate_actions(observations, masks)
        self._clock("root", start)
        actions = candidates[:, 0].copy()
        searched = np.flatnonzero(candidates[:, 1] >= 0) if self.candidates > 1 else np.zeros(0, np.int64)
        if searched.size:
            seeds = self.world_seeds(observations[searched], seats[searched])
            margins = self._rollout_margins(states, seats, candidates, searched, seeds)
            actions[searched] = candidates[searched, self.pick(margins)]
        self.decisions += len(states)
        self.seconds += time.perf_counter() - start
        return actions

    def _clock(self, part, since):
        """Add the time from ``since`` to ``spent[part]``; returns now."""
        now = time.perf_counter()
        self.spent[part] += now - since
        return now

    def pick(self, margins):
        """The candidate to play per row from ``margins`` (rows, candidates, worlds): the
        heuristic's move (0) unless another beats it in the paired test over the worlds
        (the same worlds for every candidate): mean gain - ``confidence`` x its standard
        error > 0; of several, the one with the best such bound, the earlier on a tie.
        A missing candidate (NaN margins) never wins."""
        gain = margins[:, 1:, :] - margins[:, :1, :]
        mean = gain.mean(axis=2)
        if self.confidence == 0.0:
            bound = mean
        elif margins.shape[2] < 2:  # one world: no spread to test against
            bound = np.full_like(mean, -np.inf)
        else:
            bound = mean - self.confidence * gain.std(axis=2, ddof=1) / np.sqrt(margins.shape[2])
        bound = np.where(np.isnan(bound), -np.inf, bound)
        best = np.argmax(bound, axis=1)  # the first best: a tie keeps the earlier candidate
        return np.where(bound[np.arange(len(bound)), best] > 0, best + 1, 0)

    def _rollout_margins(self, states, seats, candidates, searched, seeds):
        """(len(searched), candidates, worlds) margins at the cut, the worlds of row j drawn
        from ``seeds[j]``; NaN for a missing candidate."""
        game, k, c = self.game, self.worlds, self.candidates
        clock = time.perf_counter()
        worlds = np.concatenate(
            [game.resample_hidden(states[i], int(seats[i]), seeds[j]) for j, i in enumerate(searched)]
        )  # (searched, world) in row order
        # one rollout per (searched row, candidate, world) whose candidate exists
        row, cand, world = np.meshgrid(np.arange(searched.size), np.arange(c), np.arange(k), indexing="ij")
        first = candidates[searched[row], cand]
        real = first >= 0
        row, cand, world, first = row[real], cand[real], world[real], first[real]
        sims = worlds[row * k + world]  # fancy indexing copies: the candidates of a world start equal
        clock = self._play_out(sims, first, self._clock("resample", clock))
        cut_seats = seats[searched[row]]
        margin = (
            margins_at_cut(game, sims, cut_seats) if self.value is None else self.value.margins(game, sims, cut_seats)
        )
        self._clock("value", clock)
        out = np.full((searched.size, c, k), np.nan)
        out[row, cand, world] = margin
        return out

    def _play_out(self, sims, first, clock):
        """Play ``first`` in each rollout, then the heuristic for every seat to the horizon;
        returns the clock after the last step."""
        game = self.game
        masks, obs = game.advance(sims, first)
        clock = self._clock("advance", clock)
        steps = 0
        actions = np.zeros(len(sims), dtype=np.int64)
        while self.horizon is None or steps < self.horizon:
            live = np.flatnonzero(masks.any(axis=1))  # finished rows have no legal action
            if live.size == 0:
                break
            actions[:] = 0
            actions[live] = self.rollout_policy(obs[live], masks[live])
            clock = self._clock("rollout_policy", clock)
            game.advance(sims, actions, masks, obs)
            clock = self._clock("advance", clock)
            steps += 1
        return clock
