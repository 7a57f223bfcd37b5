"""``ElCaballero``: the Game interface over the El Caballero kernels."""

import numpy as np

from ..core import options as opt
from ..core.batch import Kernels
from ..core.result import result_line
from ..core.game import Game, single_record
from . import data as D
from . import narrate as N
from . import render as R
from . import screen, svg, targets
from .hidden import redraw_one
from .observe import mask_observe_one, observe_one
from .rules import init_one, mask_one, rank_one, scores_one, step_one
from .spaces import action_layout, obs_layout
from .position_checks import PositionChecks
from .state import Phase, state_dtype

ORDERS = ("free", "area_first", "strict")  # EC-GAP-11
NEXT_STARTS = ("lowest", "last_played")  # EC-5.6, EC-GAP-10
TIE_BREAKS = ("share", "court")  # EC-GAP-25, EC-9.3
CLOSURES = ("no_empty_cell", "no_legal_caballero")  # EC-3.12, EC-GAP-23
ONE_LAND_RULES = ("sides", "regions")  # EC-6.3.5, EC-6.5.1, EC-GAP-5


class ElCaballero(PositionChecks, Game):
    """El Caballero, 2-4 players; ``expanded=True`` is the expanded game (EC-10).

    Options: ``radius`` R of the grid (EC-3.1, EC-GAP-3), ``map_cards`` M (0 = 8 basic,
    10 expanded; 7/9 reserve a court-marker card, EC-GAP-6), ``power_row``
    "el_caballero" or "el_grande" (EC-2.4), ``two_player_second`` (EC-GAP-22a),
    ``order`` "free", "area_first" or "strict" (EC-GAP-11), ``court_cap`` (0 = none, EC-GAP-7),
    ``subaction_cap`` (EC-GAP-26), ``next_start`` "lowest" or "last_played" (EC-GAP-10),
    ``tie_break`` "share" or "court" (EC-9.3), ``closed`` "no_empty_cell" or
    "no_legal_caballero" (EC-GAP-23), ``one_land_rule`` "sides" or "regions" (EC-GAP-5),
    ``first_player`` (-1 = random, EC-4.6).
    Scores are in twelfths of a point (EC-8.7).
    """

    name = "el_caballero"
    score_unit = D.SCORE_UNIT  # scores() in twelfths, a tie-break (EC-8.7): people read points
    doc_options = {"expanded": True}  # shows every action family

    def __init__(
        self,
        num_players=3,
        reward="win",
        expanded=False,
        radius=15,
        map_cards=0,
        power_row="el_caballero",
        two_player_second=False,
        order="free",
        court_cap=0,
        subaction_cap=D.SUBACTION_CAP,
        next_start="lowest",
        tie_break="share",
        closed="no_empty_cell",
        one_land_rule="sides",
        first_player=-1,
    ):
        n = num_players
        expanded = opt.boolean(self.name, "expanded", expanded)
        mode = D.MAP_CARDS[expanded]
        m = opt.integer(self.name, "map_cards", map_cards, 0, D.MAX_MAP_CARDS)
        if m not in (0, mode - 1, mode):
            raise ValueError(
                f"{self.name}: option map_cards must be 0 (the mode's {mode}), {mode} or {mode - 1} "
                f"(a court-marker card kept off the map, EC-GAP-6), got {m}"
            )
        super().__init__(
            num_players,
            reward,
            {
                "expanded": expanded,
                "radius": opt.integer(self.name, "radius", radius, 3, 40),
                "map_cards": m,
                "power_row": opt.choice(self.name, "power_row", power_row, D.POWER_ROW_NAMES),
                "two_player_second": opt.boolean(self.name, "two_player_second", two_player_second),
                "order": opt.choice(self.name, "order", order, ORDERS),
                "court_cap": opt.integer(self.name, "court_cap", court_cap, 0, 1000),
                "subaction_cap": opt.integer(self.name, "subaction_cap", subaction_cap, 1, 1000),
                "next_start": opt.choice(self.name, "next_start", next_start, NEXT_STARTS),
                "tie_break": opt.choice(self.name, "tie_break", tie_break, TIE_BREAKS),
                "closed": opt.choice(self.name, "closed", closed, CLOSURES),
                "one_land_rule": opt.choice(self.name, "one_land_rule", one_land_rule, ONE_LAND_RULES),
                "first_player": opt.integer(self.name, "first_player", first_player, -1, 3),
            },
        )
        if self.options["first_player"] >= self.num_players:
            raise ValueError(
                f"{self.name}: option first_player must be -1 or a seat 0..{self.num_players - 1}, got {first_player}"
            )
        self.radius = self.options["radius"]
        self.grid = 2 * self.radius + 1
        self.map_cards = m or mode
        self.rounds = D.ROUNDS[expanded]
        self.supply = D.SUPPLY[expanded]
        self.dtype = state_dtype(self.radius)
        self.action_layout = action_layout(self.radius)
        self.obs_layout = obs_layout(self.radius, self.options["order"] == "strict")
        del n

    kernels = Kernels(
        init_one=init_one,
        step_one=step_one,
        mask_one=mask_one,
        observe_one=observe_one,
        scores_one=scores_one,
        rank_one=rank_one,
        mask_observe_one=mask_observe_one,
    )
    redraw_hidden = redraw_one  # EC-12: the area deck's order
    config_fields = (
        "num_players",
        "expanded",
        "radius",
        "map_cards",
        "power_row",
        "two_player_second",
        "area_first",
        "court_cap",
        "subaction_cap",
        "next_start_last",
        "tie_break_court",
        "closed_no_caballero",
        "strict_order",
        "one_land_regions",
    )  # config(), first_player last

    def config(self):
        o = self.options
        return np.array(
            [
                self.num_players,
                o["expanded"],
                self.radius,
                self.map_cards,
                D.POWER_ROW_NAMES.index(o["power_row"]),
                o["two_player_second"],
                o["order"] != "free",
                o["court_cap"],
                o["subaction_cap"],
                o["next_start"] == "last_played",
                o["tie_break"] == "court",
                o["closed"] == "no_legal_caballero",
                o["order"] == "strict",
                o["one_land_rule"] == "regions",
                o["first_player"],
            ],
            dtype=np.int64,
        )

    # ----- docs --------------------------------------------------------------------
    def doc_tables(self):
        """Generated tables of docs/el_caballero.md: the area cards, numbers, power row, codes."""
        return {
            "area_cards": R.area_table(),
            "caballero_numbers": R.number_table(),
            "power_rows": R.power_table(),
            "phases": Phase.table(),
        }

    # ----- text --------------------------------------------------------------------
    screen_rows, screen_width = 50, 120  # doubloon play: the screen a 120 x 50 terminal shows whole

    def render(self, record, viewer=None, width=None, scores=True, compact=False):
        """The map as a character grid, the display, courts, power cards, scores; nothing
        is hidden but the deck order, so ``viewer`` changes nothing; ``width`` wraps it.
        ``compact``: the play screen's board, the text beside the map (screen.py); each
        seat's points stay on its line (``scores`` changes nothing)."""
        rec = self._position(record)
        return screen.compact(rec, width or 120) if compact else R.render(rec, width)

    def draw_svg(self, record, player, theme):
        """The area map, the display, courts and scores (games/el_caballero/svg.py)."""
        rec = self._position(record)
        return svg.draw(rec, player, theme, result_line(self, rec))

    def action_label(self, record, action):
        return R.action_label(self.one_record(record), self.check_action(action))

    def board_target(self, record, action):
        """A map cell for the cell head, a display card for ``place_area`` (targets.py)."""
        return targets.board_target(self.check_action(action))

    def score_line(self, record, viewer=None):
        return R.score_line(single_record(record, self.name))

    def turn_report(self, before, after, action, viewer=None):
        """The scoring a move triggered, region by region (EC-8; games/el_caballero/narrate.py)."""
        return N.scoring_report(single_record(before, self.name), single_record(after, self.name))

    def awaits_completion(self, record):
        """Whether the move just made is the first half of a placement (card and rotation, or
        which caballero card) that the cell chosen next completes and narrates whole (EC-11)."""
        return int(single_record(record, self.name)["pending_family"]) >= 0

    # ----- doubloon play --------------------------------------------------------------
    def seat_name(self, seat):
        """ "player B": the board's letters name the seats everywhere."""
        return R.seat_name(seat)

    def score_text(self, score):
        """A value of ``scores`` (twelfths, EC-8.7) in points, the unit named."""
        return R.points_text(score)

    def menu_order(self, record, legal):
        """The moves the play screen offers: rotations of a card making the same placement once."""
        rec = self.one_record(record)
        return screen.grouped_order(rec, R.menu_order(rec, list(legal)))

    def move_menu(self, record, legal, width=80):
        """The moves ``legal`` (``menu_order``) grouped, numbered 1, 2, 3 (screen.py)."""
        return screen.move_menu(self.one_record(record), legal, width)

    def info(self, text):
        """An area card type or a power card (in this game's power row), None if unknown."""
        return R.info(text, self.options["power_row"])

    def legend(self, record):
        return R.legend()
