"""The ``Game`` interface every engine exposes, over 400 lines as it is the whole contract (docs/design.md).

A game subclass supplies its record dtype, its action and observation layouts and
five numba kernels over one record; this class turns them into the batched API and
does the input checking once for all games.

Kernels (all ``@njit``):

- ``init_one(rec, seed, config)``: set up a new game; ``config`` is ``int64[:]``.
- ``step_one(rec, action)``: apply a legal action of the current player.
- ``mask_one(rec, out)``: write the legal actions of a live game into ``out`` (bool).
- ``observe_one(rec, player, out)``: that player's view into ``out`` (float32).
- ``scores_one(rec, out)`` / ``rank_one(rec, out)``: per-player points, and final
  rank (0 = best; tied players share a rank) into ``out[:num_players]``.

and, for search, ``redraw_hidden`` (``redraw_one(rec, player)``, games/core/hidden.py):
redraw from ``rec.rng`` what ``player`` cannot see (``resample_hidden``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from . import batch, json_io, parallel, svg
from .hidden import resample_loop
from .legality import check_legal
from .errors import IllegalActionError, PositionError
from .state import records_equal

REWARD_SCHEMES = ("win", "rank", "score_margin")
SEED_MAX = 2**63 - 1  # seeds are int64 in the kernels

# A batch of records: a 1-D structured array of the game's ``dtype`` (B,); one record is
# an ``np.void`` of that dtype (``state[b]``).
State = np.ndarray
Record = np.void | np.ndarray
Seeds = int | Sequence[int] | npt.NDArray[np.integer]


def single_record(record: Record, game_name: str) -> np.void:
    """One game's record from a record (np.void) or a batch of exactly one.

    A whole batch is refused rather than silently read at row 0."""
    if isinstance(record, np.void):
        return record
    arr = np.asarray(record)
    if arr.dtype.names is None or arr.size != 1:
        raise ValueError(
            f"{game_name}: expected one game's record (state[b]), got "
            f"{'a batch of ' + str(arr.size) if arr.dtype.names else type(record).__name__}"
        )
    return arr.reshape(-1)[0]


def _as_batch(record: Record) -> State:
    """Accept one record (np.void) or a batch; return a batch view."""
    if isinstance(record, np.void):
        return np.array(record, dtype=record.dtype).reshape(1)
    return record


def action_index(action: Any, num_actions: int, game_name: str) -> int:
    """``action`` as a Python int in ``0..num_actions-1``; 1.5, True and "3" are refused."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"{game_name}: an action is an integer in 0..{num_actions - 1}, got {action!r}")
    if not 0 <= action < num_actions:
        raise ValueError(f"{game_name}: action {action} outside 0..{num_actions - 1}")
    return int(action)


class Game:
    # set by subclasses
    name: str
    min_players: int = 2
    max_players: int = 4
    score_unit: int = 1  # scores() per point shown to people: a game that breaks ties in finer units says how many
    dtype: np.dtype
    action_layout: Any  # games.core.layout.ActionLayout
    obs_layout: Any  # games.core.layout.ObsLayout
    kernels: batch.Kernels  # the six one-record kernels
    # record fields holding ``config()``, in its order: a state made with other options
    # (another player count, variant or level) is refused before a kernel reads it
    config_fields: tuple[str, ...] = ()
    # the config fields (a subset of ``config_fields``) that rows of one batch may differ
    # in: the kernels only read them from the record, never size or index arrays by them
    # (docs/design.md, "Row configuration"); batched calls skip them, one-record calls
    # (``one_record``, ``to_json``) still hold a position to the game's own value
    row_config_fields: tuple[str, ...] = ()
    # @njit (rec, player): redraw from rec.rng everything hidden from ``player``, uniformly
    # among the completions consistent with its observation (games/core/hidden.py);
    # None: the game offers no resample_hidden
    redraw_hidden: Callable[..., None] | None = None
    # the position format of ``to_json``: bumped whenever the record (``dtype``) changes
    # (tests/games/test_position_formats.py), with a migration from the format before it
    # where the new fields have a meaningful default, else older positions are refused
    # (docs/design.md, "Versions"); ``position_migrations[v]`` brings a position object of
    # format v to v + 1
    position_format: int = json_io.FORMAT_VERSION
    position_migrations: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

    def __init__(self, num_players: int, reward: str, options: dict[str, Any]) -> None:
        if not isinstance(num_players, (int, np.integer)) or not (self.min_players <= num_players <= self.max_players):
            raise ValueError(
                f"{self.name}: num_players must be an integer in "
                f"{self.min_players}..{self.max_players}, got {num_players!r}"
            )
        if reward not in REWARD_SCHEMES:
            raise ValueError(f"{self.name}: reward must be one of {REWARD_SCHEMES}, got {reward!r}")
        self.num_players = int(num_players)
        self.reward = reward
        self.options = {"num_players": self.num_players, "reward": reward, **options}

    @property
    def loops(self) -> Any:
        """The compiled batch and single-record loops over this game's kernels."""
        return batch.loops_for(self.kernels)

    # ----- threads (games/core/parallel.py) ------------------------------------------
    _threads: int | None = None  # this game's own count; None: the process default (games.set_threads)
    parallel_min_rows = parallel.PARALLEL_MIN_ROWS  # smaller batches run on the calling thread

    @property
    def threads(self) -> int:
        """Threads a large batch of this game runs on: its own count, else the process default."""
        return parallel.get_threads() if self._threads is None else self._threads

    @threads.setter
    def threads(self, threads: int | None) -> None:
        self._threads = None if threads is None else parallel.check_threads(threads, self.name)

    def _run(self, loop: Any, state: State, *row_args: Any, shared: tuple = ()) -> None:
        """A batch loop over ``state``, its rows split over the game's threads when the
        batch is large enough (a row's result is the same either way)."""
        threads = parallel.threads_for(state.shape[0], self._threads, self.parallel_min_rows)
        parallel.run_rows(loop, threads, state, *row_args, shared=shared)

    # ----- sizes ---------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.action_layout.size

    @property
    def obs_size(self) -> int:
        return self.obs_layout.size

    def config(self) -> npt.NDArray[np.int64]:
        """The int64 option vector handed to ``init_one``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"

    # ----- input checks ---------------------------------------------------------
    def check_state(self, state: Any, writable: bool = False, rows_vary: bool = True) -> None:
        """A batch of this game's records, made with this game's options.

        The kernels index arrays by the options (hand sizes, player count, deck by
        level), so a record of another configuration would be read past its end.
        ``row_config_fields`` are exempt while ``rows_vary`` (a batch may mix, e.g.,
        Maracaibo's tile sets, MA-26.4); one record (``one_record``, ``to_json``) is
        checked with ``rows_vary=False``: a position belongs to the game of its options."""
        if not isinstance(state, np.ndarray) or state.dtype != self.dtype or state.ndim != 1:
            got = getattr(state, "dtype", type(state).__name__)
            shape = getattr(state, "shape", None)
            raise TypeError(
                f"{self.name}: expected a state batch of shape (B,) with this game's dtype, got {got} of shape {shape}"
            )
        if writable and not state.flags.writeable:
            raise ValueError(f"{self.name}: the state array is read-only; step changes it in place (pass state.copy())")
        for field, want in zip(self.config_fields, self.config()):
            if rows_vary and field in self.row_config_fields:
                continue
            wrong = np.flatnonzero(state[field] != want)
            if wrong.size:
                b = int(wrong[0])
                raise ValueError(
                    f"{self.name}: row {b} of the state was made with {field}="
                    f"{int(state[field][b])}, but this game {self!r} has {field}={int(want)}"
                )

    def _int_array(self, values: Any, what: str, batch_size: int) -> npt.NDArray[np.int64]:
        arr = np.asarray(values)
        if arr.ndim == 0:
            arr = np.full(batch_size, arr)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"{self.name}: {what} must be integers, got dtype {arr.dtype}")
        if arr.shape != (batch_size,):
            raise ValueError(f"{self.name}: {what} must have shape ({batch_size},), got {arr.shape}")
        return arr.astype(np.int64)

    def _buffer(
        self,
        out: np.ndarray | None,
        dtype: Any,
        shape: tuple[int, ...],
        who: str,
        arg: str = "out",
        fresh: Callable[..., np.ndarray] = np.empty,
    ) -> np.ndarray:
        """``out``, a caller's buffer, checked (a writable C-contiguous array of this dtype
        and shape); ``fresh(shape, dtype)`` when it is None."""
        if out is None:
            return fresh(shape, dtype=dtype)
        if not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != shape:
            got = f"{out.dtype} of shape {out.shape}" if isinstance(out, np.ndarray) else type(out).__name__
            raise TypeError(
                f"{self.name}: {who}({arg}=...) needs a {np.dtype(dtype)} array of shape {shape}, got {got}"
            )
        if not out.flags.c_contiguous or not out.flags.writeable:
            raise ValueError(f"{self.name}: {who}({arg}=...) needs a writable C-contiguous array (np.empty{shape})")
        return out

    def _seeds(self, seeds: Seeds) -> npt.NDArray[np.int64]:
        """``seeds`` as an int64 array (B,) of non-negative integers below 2**63."""
        seeds = np.atleast_1d(np.asarray(seeds))
        if seeds.dtype == object and all(isinstance(s, int) for s in seeds.ravel()):
            bad = next(s for s in seeds.ravel() if not 0 <= s <= SEED_MAX)
            raise ValueError(f"{self.name}: seeds must be non-negative integers below 2**63, got {bad}")
        if seeds.dtype.kind not in "iu" or seeds.ndim != 1:
            raise TypeError(f"{self.name}: seeds must be a 1-D integer array, got {seeds.dtype} {seeds.shape}")
        if np.any(seeds < 0) or np.any(seeds > SEED_MAX):
            raise ValueError(
                f"{self.name}: seeds must be non-negative integers below 2**63, got "
                f"{seeds[(seeds < 0) | (seeds > SEED_MAX)][0]}"
            )
        return seeds.astype(np.int64)

    # ----- the batched API --------------------------------------------------------
    def init(self, seeds: Seeds) -> State:
        seeds = self._seeds(seeds)
        state = np.zeros(seeds.shape[0], dtype=self.dtype)
        self._run(self.loops.init_rows, state, seeds, shared=(self.config(),))
        return state

    def resample_hidden(self, record: Record, player: int, seeds: Seeds) -> State:
        """Copies of one game's ``record``, one per seed (a batch of ``len(seeds)``), that
        agree with everything ``player`` observes and redraw everything hidden from it
        (deck orders, other hands, face-down cards), uniformly among the completions
        consistent with its observation (OpenSpiel's ResampleFromInfostate). Each copy's
        random stream is restarted from its seed, so its future chance events differ
        from seed to seed too. ``record`` itself is not changed."""
        rec = self.one_record(record)
        if (
            isinstance(player, (bool, np.bool_))
            or not isinstance(player, (int, np.integer))
            or not (0 <= player < self.num_players)
        ):
            raise ValueError(f"{self.name}: player must be an integer in 0..{self.num_players - 1}, got {player!r}")
        redraw = type(self).redraw_hidden  # through the class: a numba dispatcher would bind as a method
        if redraw is None:
            raise NotImplementedError(f"{self.name}: no resample_hidden (the game supplies no redraw_hidden kernel)")
        seeds = self._seeds(seeds)
        out = np.repeat(_as_batch(rec), seeds.shape[0])
        self._run(resample_loop(redraw), out, seeds, shared=(np.int64(player),))
        return out

    def legal_action_mask(self, state: State, out: np.ndarray | None = None) -> npt.NDArray[np.bool_]:
        """bool (B, A); ``out``: a buffer of that shape to fill and return instead of a new one."""
        self.check_state(state)
        out = self._buffer(out, np.bool_, (state.shape[0], self.num_actions), "legal_action_mask")
        self._run(self.loops.mask_rows, state, out)
        return out

    def step(self, state: State, actions: Any) -> None:
        """Apply one action per row, in place. Terminated rows ignore their action.

        Nothing changes unless every live row's action is legal.
        """
        self.check_state(state, writable=True)
        actions = self._int_array(actions, "actions", state.shape[0])
        live = state["terminated"] == 0
        if live.any():
            check_legal(self.legal_action_mask(state), actions, live)
        self._run(self.loops.step_rows, state, actions)

    def step_unchecked(self, state: State, actions: Any) -> None:
        """``step`` without validation, for callers that sample from the mask."""
        self._run(self.loops.step_rows, state, np.asarray(actions, dtype=np.int64))

    def advance(
        self, state: State, actions: Any, mask_out: np.ndarray | None = None, obs_out: np.ndarray | None = None
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float32]]:
        """``step_unchecked``, then the legal mask and the observation of the player to
        act in each row (all False / zeros in finished rows), in one pass over the rows:
        ``(mask, obs)``, written into ``mask_out`` / ``obs_out`` when given. The loop of a
        batched consumer (an env's step, a search's rollouts) in one call, and on
        threads one hand-out instead of three."""
        self.check_state(state, writable=True)
        actions = self._int_array(actions, "actions", state.shape[0])
        rows = state.shape[0]
        mask_out = self._buffer(mask_out, np.bool_, (rows, self.num_actions), "advance", "mask_out")
        obs_out = self._buffer(obs_out, np.float32, (rows, self.obs_size), "advance", "obs_out")
        self._run(self.loops.advance_rows, state, actions, mask_out, obs_out)
        return mask_out, obs_out

    def current_player(self, state: State) -> npt.NDArray[np.int64]:
        return state["current_player"].astype(np.int64)

    def terminated(self, state: State) -> npt.NDArray[np.bool_]:
        return state["terminated"] != 0

    def observe(self, state: State, player: Any, out: np.ndarray | None = None) -> npt.NDArray[np.float32]:
        """float32 (B, obs_size); ``out``: a buffer of that shape to overwrite and return
        instead of a new one (a loop observing every step saves the allocation: a fresh
        batch of large observations costs a page fault per page)."""
        self.check_state(state)
        players = self._int_array(player, "player", state.shape[0])
        if np.any((players < 0) | (players >= self.num_players)):
            raise ValueError(f"{self.name}: player must be in 0..{self.num_players - 1}, got {players}")
        clear = out is not None  # a fresh np.zeros batch arrives zeroed; a caller's buffer is cleared row by row
        out = self._buffer(out, np.float32, (state.shape[0], self.obs_size), "observe", fresh=np.zeros)
        self._run(self.loops.observe_rows, state, players, out, shared=(clear,))
        return out

    def scores(self, state: State) -> npt.NDArray[np.int64]:
        self.check_state(state)
        out = np.zeros((state.shape[0], self.num_players), dtype=np.int64)
        self._run(self.loops.scores_rows, state, out)
        return out

    def points(self, scores: Any) -> npt.NDArray[np.float64]:
        """Values of ``scores()`` (any shape, or a difference of them) in the points people
        read: a game that breaks ties in finer units (``score_unit``, El Caballero's twelfths,
        EC-8.7) is shown to two decimals. Every score a person reads goes through here."""
        return np.round(np.asarray(scores, dtype=np.float64) / self.score_unit, 2)

    def ranks(self, state: State) -> npt.NDArray[np.int64]:
        """Final rank per player (0 = best, ties share a rank), by the game's tie-breaks."""
        self.check_state(state)
        out = np.zeros((state.shape[0], self.num_players), dtype=np.int64)
        self._run(self.loops.rank_rows, state, out)
        return out

    def returns(self, state: State) -> npt.NDArray[np.float32]:
        """Payoff per player by the reward scheme; zero for games still running."""
        done = self.terminated(state)
        out = np.zeros((state.shape[0], self.num_players), dtype=np.float32)
        if not done.any():
            return out
        ranks = self.ranks(state)[done]
        if self.reward == "win":
            winners = ranks == 0
            val = winners / winners.sum(axis=1, keepdims=True)
        elif self.reward == "rank":
            # 1 for first place, -1 for last, linear in between; ties share the better rank
            val = 1.0 - 2.0 * ranks / max(self.num_players - 1, 1)
        else:  # score_margin: own score minus the best other score
            sc = self.scores(state)[done].astype(np.float64)
            val = np.empty_like(sc)
            for p in range(self.num_players):
                val[:, p] = sc[:, p] - np.delete(sc, p, axis=1).max(axis=1)
        out[done] = val
        return out

    # ----- one record -------------------------------------------------------------
    def to_json(self, record: Record) -> dict[str, Any]:
        rec = single_record(record, self.name)
        self.check_state(_as_batch(rec), rows_vary=False)  # the JSON names this game's options
        return json_io.record_to_json(rec, self.name, self.options, self.position_format)

    def from_json(self, obj: dict[str, Any] | str) -> State:
        """A batch of one game from its JSON object (or text); only a position the game
        can go on from is accepted, else ``PositionError`` names the first bad field."""
        state = json_io.record_from_json(
            obj,
            self.dtype,
            self.name,
            self.options,
            self.field_bounds(),
            self.position_format,
            self.position_migrations,
        )
        self.check_position(state[0])
        self._check_playable(state)
        return state

    def _check_playable(self, state: State) -> None:
        """The last guard after the game's own checks: a live position must offer a
        legal action to its current player (the kernels answer, on a copy)."""
        probe = state.copy()
        if not probe["terminated"][0] and not self.legal_action_mask(probe)[0].any():
            raise PositionError(
                "current_player",
                f"player {int(probe['current_player'][0])} has no legal "
                "action: the pending decision cannot go on from here",
            )

    def load(self, path: str | os.PathLike) -> State:
        """The position saved at ``path`` (``from_json``); a missing file, a folder, a file
        larger than any position of this game (``json_io.max_bytes``) is a ``PositionError``."""
        return self.from_json(json_io.load(path, limit=json_io.max_bytes(self.dtype)))

    def save(self, record: Record, path: str | os.PathLike) -> None:
        json_io.save(self.to_json(record), path)

    def field_bounds(self) -> dict[str, tuple[int, int]]:
        """``{field: (lo, hi)}`` value ranges checked by ``from_json``."""
        return {}

    def check_position(self, record: np.void) -> None:
        """Consistency rules of a decoded record; raise ``PositionError`` naming the field."""

    def copy(self, state: State) -> State:
        return state.copy()

    def equal(self, a: Record, b: Record) -> bool:
        return records_equal(a, b)

    def one_record(self, record: Record) -> np.void:
        """One game's record of this game, from a record or a batch of one; a whole
        batch, a record of another game or of another configuration is refused (text
        functions would otherwise read row 0, or past the end of a smaller record); the
        ``row_config_fields`` count here too: a position belongs to the game of its options."""
        rec = single_record(record, self.name)
        self.check_state(_as_batch(rec), rows_vary=False)
        return rec

    def check_action(self, action: Any) -> int:
        """``action`` as an int in ``0..num_actions-1``; 1.5, True, "3" are refused."""
        return action_index(action, self.num_actions, self.name)

    def legal_actions(self, record: Record) -> list[int]:
        return np.flatnonzero(self.legal_action_mask(_as_batch(record))[0]).tolist()

    def render(self, record: Record, viewer: int | None = None) -> str:
        raise NotImplementedError

    def render_svg(self, record: Record, player: int | None = None, theme: str = "light") -> str:
        """The position as an SVG string: everything, or only what seat ``player`` may see
        (as ``observe`` shows it), in the ``"light"`` or ``"dark"`` theme (games/core/svg.py).
        A game that draws its board overrides ``draw_svg``; otherwise this is the text
        board in a monospace picture."""
        rec = self.one_record(record)
        theme = svg.theme_named(theme)
        if player is not None:
            player = self._seat(player)
        drawn = self.draw_svg(rec, player, theme)
        if drawn is not None:
            return drawn
        text = self.render(rec) if player is None else self.render(rec, viewer=player)
        return svg.text_board(text, theme, title=f"{self.name}, {'every seat' if player is None else f'seat {player}'}")

    def draw_svg(self, record: np.void, player: int | None, theme: Any) -> str | None:
        """The game's own picture of one checked record (``render_svg`` checks the
        arguments), or None to fall back on the text board."""
        return None

    def _position(self, record: Record) -> np.void:
        """The one record of ``record`` if it is a position ``from_json`` accepts (what
        the text and picture functions draw), else ``PositionError`` naming the first bad
        field (``num_players`` for a record of another configuration)."""
        rec = single_record(record, self.name)
        try:
            self.from_json(self.to_json(rec))
        except ValueError as err:  # PositionError, or a record of another configuration
            field = getattr(err, "field", "num_players")
            raise PositionError(field, f"cannot draw this record: {err}") from None
        return rec

    def _viewer(self, viewer: Any) -> int | None:
        """None, or ``viewer`` as a seat number; anything else is a ``ValueError``."""
        if viewer is None:
            return None
        if not (isinstance(viewer, (int, np.integer)) and 0 <= viewer < self.num_players):
            raise ValueError(f"{self.name}: viewer must be a seat in 0..{self.num_players - 1}, got {viewer!r}")
        return int(viewer)

    def _seat(self, player: Any) -> int:
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < self.num_players:
            raise ValueError(f"{self.name}: player must be a seat in 0..{self.num_players - 1} or None, got {player!r}")
        return int(player)

    def action_label(self, record: Record, action: int) -> str:
        raise NotImplementedError

    def board_target(self, record: Record, action: int) -> str | None:
        """Where legal ``action`` is on the board picture: the ``data-target`` value of
        the drawn element a click on which picks it ("cell:12", "location:7"), or None
        for a move with no natural place. ``render_svg`` tags those elements; the game
        finds the target from its own action decoding, so a click and a listed move are
        the same action. A game with no clickable board returns None throughout."""
        return None

    def secret_move(self, record: Record, action: int) -> bool:
        """Whether the other seats learn only that ``action`` was made, not which (a
        Maracaibo vote, GAP-59): move logs show them its family alone. None by default."""
        return False

    def action_from_label(self, record: Record, label: str) -> int:
        """The legal action whose label is ``label`` (case-insensitive)."""
        wanted = label.strip().lower()
        for a in self.legal_actions(record):
            if self.action_label(record, a).lower() == wanted:
                return a
        raise ValueError(f"{self.name}: no legal action is labelled {label!r}")

    def action_id(self, family: str, index: int = 0) -> int:
        """Flat action id of parameter ``index`` in the named family."""
        seg = self.action_layout[family]
        if not 0 <= index < seg.size:
            raise ValueError(f"{self.name}: {family} takes an index in 0..{seg.size - 1}, got {index}")
        return seg.start + index


__all__ = ["Game", "IllegalActionError", "PositionError", "REWARD_SCHEMES"]
