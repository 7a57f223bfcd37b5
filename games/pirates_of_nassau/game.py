"""``PiratesOfNassau``: the Game interface over the Pirates of Nassau kernels."""

import textwrap

import numpy as np

from ..core import options as opt
from ..core.batch import Kernels
from ..core.result import result_line
from ..core.game import Game, single_record
from . import position_checks, screen, svg, targets
from . import render as R
from .hidden import redraw_one
from .observe import observe_one
from .rules import init_one, mask_one, rank_one, scores_one, step_one
from .spaces import ACTION_LAYOUT, OBS
from .state import DTYPE, OPTION_FIELDS, Challenge, Decision, Step

CARGO_RULES = ("items", "resources", "goods")  # GAP-9


class PiratesOfNassau(Game):
    """Pirates of Nassau, 3-5 players.

    Options: ``plank_any_time`` (GAP-16: walk the plank at any own decision point;
    False keeps the window from the pirate phase to the own step-3 adjustment),
    ``return_all_hostages`` (GAP-15 alternative: every hostage returns at the step-3
    cleanup), ``cargo_loss`` "items" / "resources" / "goods" (GAP-9: what the navy's
    half-cargo penalty counts), ``random_starting_tokens`` (GAP-8: each ship starts with
    the top token of each stack that fits its bow and stern), ``auto_resolve`` (PN-19.3:
    after each action the engine takes every decision that has a single legal action).
    """

    name = "pirates_of_nassau"
    min_players = 3
    max_players = 5
    dtype = DTYPE
    action_layout = ACTION_LAYOUT
    obs_layout = OBS
    kernels = Kernels(
        init_one=init_one,
        step_one=step_one,
        mask_one=mask_one,
        observe_one=observe_one,
        scores_one=scores_one,
        rank_one=rank_one,
    )
    redraw_hidden = redraw_one  # PN-20.3: deck and stack orders
    config_fields = ("num_players", *OPTION_FIELDS)

    def __init__(
        self,
        num_players=4,
        reward="win",
        plank_any_time=True,
        return_all_hostages=False,
        cargo_loss="items",
        random_starting_tokens=False,
        auto_resolve=False,
    ):
        super().__init__(
            num_players,
            reward,
            {
                "plank_any_time": opt.boolean(self.name, "plank_any_time", plank_any_time),
                "return_all_hostages": opt.boolean(self.name, "return_all_hostages", return_all_hostages),
                "cargo_loss": opt.choice(self.name, "cargo_loss", cargo_loss, CARGO_RULES),
                "random_starting_tokens": opt.boolean(self.name, "random_starting_tokens", random_starting_tokens),
                "auto_resolve": opt.boolean(self.name, "auto_resolve", auto_resolve),
            },
        )

    def config(self):
        """In the order of ``config_fields``, the record fields that hold it."""
        o = self.options
        return np.array(
            [
                self.num_players,
                o["plank_any_time"],
                o["return_all_hostages"],
                CARGO_RULES.index(o["cargo_loss"]),
                o["random_starting_tokens"],
                o["auto_resolve"],
            ],
            dtype=np.int64,
        )

    # ----- positions ---------------------------------------------------------------
    def field_bounds(self):
        return position_checks.field_bounds(self.num_players, self.num_actions)

    def check_position(self, rec):
        """Options, component conservation, the ships and the pending decision (position_checks.py)."""
        position_checks.check_position(rec, self.num_players, self.config())

    # ----- docs --------------------------------------------------------------------
    def doc_tables(self):
        """Generated tables of docs/pirates_of_nassau.md: steps, decisions, challenges."""
        return {"steps": Step.table(), "decisions": Decision.table(), "challenges": Challenge.table()}

    # ----- text --------------------------------------------------------------------
    screen_rows, screen_width = 50, 120  # doubloon play: the screen a 120 x 50 terminal shows whole

    def render(self, record, viewer=None, width=None, scores=True, compact=False):
        """The board, the navy, Nassau, every ship; ``viewer`` adds that seat's chest;
        ``width`` wraps each line to that many columns; ``scores`` False leaves the running
        victory points out (``doubloon play`` prints them when they change); ``compact``:
        the play screen's board (screen.py), the final scores added once the game is over."""
        rec = self._position(record)
        if compact:
            text = screen.compact(rec, self._viewer(viewer), width or 120)
            score = textwrap.fill(R.score_line(rec), width or 120, subsequent_indent="    ")
            return text + ("\n" + score if rec["terminated"] else "")  # running points: when they change, 's'
        return R.render(rec, self._viewer(viewer), width, scores)

    def draw_svg(self, record, player, theme):
        """Nassau, the positions, the navy and every ship (games/pirates_of_nassau/svg.py)."""
        rec = self._position(record)
        return svg.draw(rec, player, theme, result_line(self, rec))

    def action_label(self, record, action):
        return R.action_label(self.one_record(record), self.check_action(action))

    def board_target(self, record, action):
        """The position a move reaches (targets.py)."""
        return targets.board_target(self.one_record(record), self.check_action(action))

    def score_line(self, record, viewer=None):
        return R.score_line(single_record(record, self.name), viewer)

    # ----- doubloon play --------------------------------------------------------------
    def seat_name(self, seat):
        """ "P2", as the board names the seats."""
        return R.seat_name(seat)

    def score_text(self, score):
        return f"{int(score)} VP"

    def turn_report(self, before, after, action, viewer=None):
        """How a challenge went once a move resolves it (plunder, raid, Royal Navy)."""
        return R.turn_report(before, after, action, viewer)

    def menu_order(self, record, legal):
        """The moves the play screen offers, in its order (screen.py)."""
        return screen.menu_order(self.one_record(record), list(legal))

    def move_menu(self, record, legal, width=120):
        """The moves grouped (a die's moves, a token's slots), numbered 1, 2, 3 (screen.py)."""
        return screen.move_menu(self.one_record(record), legal, width)

    def info(self, text):
        """A merchant, Royal Navy card, token or captain card named ``text`` (None if unknown)."""
        return R.info(text)

    def legend(self, record):
        return R.legend()
