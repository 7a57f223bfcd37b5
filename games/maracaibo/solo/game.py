"""``MaracaiboSolo``: one human seat against Jean (MA-24), who is part of the environment."""

import numpy as np

from ...core import options as opt
from ...core.batch import Kernels
from ...core.errors import PositionError
from ...core.game import Game
from .. import position_formats
from ..data.jean import (
    JEAN_CARD_EXPANSION,
    JEAN_CARD_LETTER,
    JEAN_DEFAULT_LEVEL,
    JEAN_INCLUDE_EXPANSION_DEFAULT,
    JEAN_LEVEL_COUNTS,
    JEAN_TRACK_DISCS,
)
from ..data.quest_cards import DEFAULT_QUEST_CARD
from ..frame_checks import check_settled
from .. import screen
from ..game import Maracaibo
from ..labels import action_label
from ..options import OPTION_FIELDS, checked_quest_card, option_value, story_options
from ..position_checks import check_maracaibo_position
from ..spaces import ACTIONS
from ..targets import board_target
from ..state import W_BOUGHT, W_PLAN
from ..story_text import secret_move, story_report
from . import render as R
from .hidden import redraw_solo
from .rules import init_solo, mask_solo, observe_solo, rank_solo, scores_solo, step_solo
from .spaces import OBS_SOLO
from .svg import draw_solo
from .state import JEAN, NJ, SOLO_DTYPE


class MaracaiboSolo(Game):
    """Maracaibo solo (MA-24): the human (seat 0) against Jean, who plays automatically
    inside ``step``. ``level`` 1-5 (D10, default 3); ``expansion_cards`` lets the two
    "U" cards of The Uprising into her deck (their action has no base-game effect);
    the MA-25 options, ``legacy_tiles`` (MA-26.4, MA-26.7), ``quest_card`` (MA-26.1, D16)
    and ``c_cards`` (GAP-63) as in ``Maracaibo``.

    ``scores`` are the human's VP; ``jean_scores`` Jean's. ``ranks``: 0 when the human
    has at least Jean's VP, else 1. ``returns`` (MA-23.3, GAP-34): win 1 / draw 0.5 /
    loss 0 ("win"), 1 / 0 / -1 ("rank"), human VP - Jean VP ("score_margin").
    """

    name = "maracaibo_solo"
    min_players = 1
    max_players = 1
    dtype = SOLO_DTYPE
    action_layout = ACTIONS
    obs_layout = OBS_SOLO
    kernels = Kernels(
        init_one=init_solo,
        step_one=step_solo,
        mask_one=mask_solo,
        observe_one=observe_solo,
        scores_one=scores_solo,
        rank_one=rank_solo,
    )
    redraw_hidden = redraw_solo  # MA-29.3 and Jean's deck (MA-24.4)
    position_format = position_formats.FORMAT  # 5: the story fields (MA-26.1)
    position_migrations = position_formats.MIGRATIONS
    config_fields = ("jean_level", "opt_jean_expansion") + tuple(OPTION_FIELDS.values())
    row_config_fields = Maracaibo.row_config_fields  # MA-26.4: rows of a batch may play other tile sets

    def __init__(
        self,
        level=JEAN_DEFAULT_LEVEL,
        expansion_cards=JEAN_INCLUDE_EXPANSION_DEFAULT,
        reward="win",
        prestige_open=False,
        leftover_doubloon_vp=False,
        round4_unreached_assistant_vp=False,
        legacy_tiles=(),
        quest_card=DEFAULT_QUEST_CARD,
        c_cards=(),
        story=False,
        story_cards=None,
        num_players=1,
    ):
        flags = {
            "expansion_cards": expansion_cards,
            "prestige_open": prestige_open,
            "leftover_doubloon_vp": leftover_doubloon_vp,
            "round4_unreached_assistant_vp": round4_unreached_assistant_vp,
        }
        super().__init__(
            num_players,
            reward,
            {
                "level": opt.integer(self.name, "level", level, 1, 5),
                **{k: opt.boolean(self.name, k, v) for k, v in flags.items()},
                **checked_quest_card(self.name, quest_card, legacy_tiles, c_cards),
                **story_options(self.name, story, story_cards, quest_card),
            },
        )
        self._base = Maracaibo(
            num_players=2,
            prestige_open=prestige_open,
            leftover_doubloon_vp=leftover_doubloon_vp,
            round4_unreached_assistant_vp=round4_unreached_assistant_vp,
            legacy_tiles=self.options["legacy_tiles"],
            quest_card=self.options["quest_card"],
            c_cards=self.options["c_cards"],
            story=self.options["story"],
            story_cards=self.options["story_cards"],
        )

    def config(self):
        o = self.options
        return np.array(
            [o["level"], int(o["expansion_cards"])] + [option_value(o, k) for k in OPTION_FIELDS], dtype=np.int64
        )

    # ----- the API: one seat, the record holds two ---------------------------------------
    def check_state(self, state, writable=False, rows_vary=True):
        super().check_state(state, writable, rows_vary)
        if np.any(state["num_players"] != 2):
            raise ValueError(f"{self.name}: a solo record holds 2 seats (the human and Jean)")

    def jean_scores(self, state):
        """Jean's VP per row."""
        self.check_state(state)
        return state["vp"][:, JEAN].astype(np.int64)

    def returns(self, state):
        done = self.terminated(state)
        out = np.zeros((state.shape[0], 1), dtype=np.float32)
        if not done.any():
            return out
        margin = (state["vp"][:, 0].astype(np.int64) - state["vp"][:, JEAN])[done]
        if self.reward == "win":
            val = np.where(margin > 0, 1.0, np.where(margin == 0, 0.5, 0.0))
        elif self.reward == "rank":
            val = np.sign(margin).astype(np.float64)
        else:
            val = margin.astype(np.float64)
        out[done, 0] = val
        return out

    # ----- positions ---------------------------------------------------------------
    def field_bounds(self):
        b = dict(self._base.field_bounds())
        b.update(
            {
                "num_players": (2, 2),
                "current_player": (-1, 0),
                "start_player": (0, 0),
                "round_starter": (0, 1),
                "last_actor": (-1, 0),
                "last_action": (-1, self.num_actions - 1),
                "story_reader": (-1, 0),  # GAP-58: the human reads every story card
                "story_tile_owner": (-1, 0),  # and Jean completes no story quest
                "jean_level": (self.options["level"],) * 2,
                "opt_jean_expansion": (int(self.options["expansion_cards"]),) * 2,
                "jean_deck": (-1, NJ - 1),
                "jean_deck_len": (0, NJ),
                "jean_discard": (-1, NJ - 1),
                "jean_discard_len": (0, NJ),
                "jean_card": (-1, NJ - 1),
                "jean_removed": (0, JEAN_TRACK_DISCS),
                "jean_cards": (0, 200),
                "jean_bonus": (0, 1000),
            }
        )
        return b

    def check_position(self, rec):
        """Maracaibo's consistency rules for two seats (``check_maracaibo_position``, Jean's
        seat exempt from the figure count), Jean's seat empty of the things she never has
        (MA-24.1), and her solo deck (MA-24.4)."""
        check_maracaibo_position(rec, 2, self.options, jean=JEAN)
        self._check_jean_seat(rec)
        self._check_jean_deck(rec)

    def _check_playable(self, state):
        if not state["terminated"][0]:
            check_settled(state)
        super()._check_playable(state)

    @staticmethod
    def _check_jean_seat(rec):
        """MA-24.1: Jean has no hand, cards, figures, career, D, CP, incomes or ship board."""
        for field in (
            "coins",
            "cp",
            "d_income",
            "vp_income",
            "hand_len",
            "fig_personal",
            "fig_general",
            "discs",
            "invested",
            "synergy",
            "goal_done",
            "setup_pick",
        ):
            if np.any(rec[field][JEAN] != 0):
                raise PositionError(field, "Jean has none (MA-24.1)")
        for field in ("career", "career_dealt", "assistants", "planning"):
            if np.any(rec[field][JEAN] != -1):
                raise PositionError(field, "Jean has none (MA-24.1)")
        if np.any(rec["card_where"] == W_BOUGHT + JEAN) or np.any(rec["card_where"] == W_PLAN + JEAN):
            raise PositionError("card_where", "Jean buys and plans no cards (MA-24.1)")

    def _check_jean_deck(self, rec):
        dl, ql = int(rec["jean_deck_len"]), int(rec["jean_discard_len"])
        deck, disc = rec["jean_deck"], rec["jean_discard"]
        if np.any(deck[dl:] != -1) or np.any(deck[:dl] < 0) or np.any(disc[ql:] != -1) or np.any(disc[:ql] < 0):
            raise PositionError("jean_deck", "solo deck and discard: cards first, then -1")
        cards = deck[:dl].tolist() + disc[:ql].tolist()
        if len(set(cards)) != len(cards):
            raise PositionError("jean_deck", "a solo card is twice in the deck / discard pile")
        level = self.options["level"]
        for letter in range(3):
            n = sum(1 for c in cards if JEAN_CARD_LETTER[c] == letter)
            if n != JEAN_LEVEL_COUNTS[level, letter]:
                raise PositionError(
                    "jean_deck",
                    f"level {level} has {JEAN_LEVEL_COUNTS[level, letter]} cards of "
                    f"letter {'ABC'[letter]}, not {n} (MA-24.4)",
                )
        if not self.options["expansion_cards"] and any(JEAN_CARD_EXPANSION[c] for c in cards):
            raise PositionError("jean_deck", "expansion cards are off")
        if rec["jean_card"] >= 0 and int(rec["jean_card"]) not in disc[:ql].tolist():
            raise PositionError("jean_card", "her latest card lies on the solo discard pile")

    # ----- text --------------------------------------------------------------------
    compile_minutes = 3
    screen_rows, screen_width = Maracaibo.screen_rows, Maracaibo.screen_width

    def render(self, record, viewer=None, width=None, compact=False):
        """The board and Jean's solo board; ``compact``: the play screen's short board."""
        rec = self.one_record(record)
        outcome = self.outcome(rec) if rec["terminated"] else None
        if compact:
            return R.compact(rec, viewer, outcome=outcome, width=width or self.screen_width)
        return R.render(rec, viewer, outcome=outcome, width=width)

    def move_menu(self, record, legal, width=120):
        return screen.move_menu([self.action_label(record, a) for a in legal], width)

    def turn_report(self, before, after, action, viewer):
        """The card drawn from the deck (MA-20.1), to its player only; the story cards read
        and story tiles taken (MA-26.1)."""
        drawn = screen.drawn_card(self.one_record(before), self.one_record(after), int(action), viewer)
        story = story_report(self.one_record(before), self.one_record(after), R.NAMES)
        return ([drawn] if drawn else []) + story

    def draw_svg(self, record, player, theme):
        """The board and Jean's solo board as a picture (games/maracaibo/solo/svg.py)."""
        return draw_solo(record, player, theme, self.outcome(record) if record["terminated"] else None)

    def outcome(self, record):
        """The final result line: both scores and who won, from ``scores`` / ``jean_scores`` / ``ranks``."""
        state = np.array([self.one_record(record)], dtype=self.dtype)
        return R.outcome_line(
            int(self.scores(state)[0, 0]),
            int(self.jean_scores(state)[0]),
            int(self.ranks(state)[0, 0]),
            self.options["level"],
        )

    def opponents(self):
        """Who the person plays against (``doubloon play``)."""
        return f"Jean ({R.level_name(self.options['level'])}), the solo opponent: she moves inside your turns"

    def narrate(self, before, after):
        """Jean's turns between two records, one line each (R.narrate_jean)."""
        return R.narrate_jean(self.one_record(before), self.one_record(after))

    def info(self, text):
        """A solo card (A1 .. C5U) or anything Maracaibo's info knows."""
        return R.info(text)

    def legend(self, record):
        """The abbreviations, then Jean's solo cards (the bare 'i')."""
        return screen.legend() + R.legend(self.one_record(record))

    def action_label(self, record, action):
        return action_label(self.one_record(record), self.check_action(action))

    def secret_move(self, record, action):
        """A vote (GAP-59): the others learn only that it was cast (story_text.secret_move)."""
        return secret_move(action)

    def board_target(self, record, action):
        """A location of the route map, a story tile or a vote's option, as in the multiplayer game
        (games/maracaibo/targets.py)."""
        return board_target(self.check_action(action))
