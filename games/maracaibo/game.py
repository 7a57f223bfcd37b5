"""``Maracaibo``: the Game interface over the Maracaibo kernels (non-story mode, card 75).

The checks ``from_json`` applies to a decoded record live in ``position_checks.py``
(``frame_checks.py`` for the pending frames), the text in ``render.py`` (the board),
``labels.py`` (actions) and ``component_text.py`` (cards, tiles, ``info``).
"""

import numpy as np

from ..core import options as opt
from ..core.batch import Kernels
from ..core.result import result_line
from ..core.game import Game
from . import action_ranges, component_text, labels, position_formats, screen, svg, targets
from . import render as R
from .data import board, careers, explorer, legacy, prestige, quest_cards
from .data import c_cards as c_cards_data
from .data.components import FIGURES_PER_PLAYER, NUM_ROUNDS
from .frame_checks import check_settled
from .hidden import redraw_maracaibo
from .observe import observe_one
from .options import OPTION_FIELDS, checked_quest_card, option_value, story_options
from .position_checks import check_maracaibo_position
from .story_checks import story_bounds
from .story_text import secret_move, story_report
from .rules import init_one, mask_one, rank_one, scores_one, step_one
from .spaces import ACTIONS, OBS
from .state import (
    DTYPE,
    JEAN_FIELD_NAMES,
    H_MAX,
    NC,
    NQ,
    NT,
    NUM_DECISIONS,
    NUM_FRAME_KINDS,
    PILE_MAX,
    Phase,
    QS_DONE,
    STACK,
    W_BOUGHT,
)

# Score bounds: far above what a game reaches (a strong real game ends near 200 VP,
# incomes are capped at 34 D / 19 VP per round), so a value beyond them is no position.
VP_MAX = 999
COINS_MAX = 999


class Maracaibo(Game):
    """Maracaibo, 2-4 players, non-story game with story card 75 (MA-1.5).

    Options (MA-25, all off by default): ``prestige_open`` (MA-25.1: all 4 prestige
    buildings face up from the start), ``leftover_doubloon_vp`` (MA-25.2, GAP-18: 1 VP
    per 5 D left at final scoring), ``round4_unreached_assistant_vp`` (MA-25.3, GAP-19:
    MA-13.3(c) assistant VP also at the end of round 4). ``legacy_tiles`` (MA-26.4,
    default none): the legacy tiles in play, a tuple of ids such as ``("L2", "L6")``
    (``data.legacy.check_legacy_tiles``). ``quest_card`` (MA-26.1, D16, default 75): the
    non-story card that lays the quest tiles, 75 or the alternatives 76 and 77, which
    also put their legacy tiles into play and their C cards into the deck
    (``data.quest_cards``).
    ``c_cards`` (GAP-63, default none): the C cards
    90-99 that join the A cards at setup (MA-3.4), a tuple of numbers such as ``(90, 91)``;
    the campaign passes the archive's C cards (``campaign.Archive.game_options``).
    ``story`` (MA-26.1, default off): a story game; ``story_cards``: the story cards in
    play at setup (default data.story.FIRST_STORY_CARDS).
    """

    name = "maracaibo"
    dtype = DTYPE
    action_layout = ACTIONS
    obs_layout = OBS
    kernels = Kernels(
        init_one=init_one,
        step_one=step_one,
        mask_one=mask_one,
        observe_one=observe_one,
        scores_one=scores_one,
        rank_one=rank_one,
    )
    redraw_hidden = redraw_maracaibo  # MA-29.2, MA-29.3
    position_format = position_formats.FORMAT  # 5: the story fields (MA-26.1)
    position_migrations = position_formats.MIGRATIONS
    config_fields = ("num_players",) + tuple(OPTION_FIELDS.values())
    # MA-26.4: the kernels read the tile set from each record (rules/legacy.py in_play and
    # the ``opt_legacy != 0`` tests: the tiles in play now, opt_legacy_setup those at setup;
    # only story mode changes them, MA-26.2 / MA-26.3); the action and observation layouts
    # hold every tile whatever is in play (spaces.py), so rows of one batch may play
    # different tile sets; likewise the C cards (GAP-63): each record's own set, every C
    # card in the layouts
    row_config_fields = ("opt_legacy_setup", "opt_c_cards")

    def __init__(
        self,
        num_players=3,
        reward="win",
        prestige_open=False,
        leftover_doubloon_vp=False,
        round4_unreached_assistant_vp=False,
        legacy_tiles=(),
        quest_card=quest_cards.DEFAULT_QUEST_CARD,
        c_cards=(),
        story=False,
        story_cards=None,
    ):
        given = {
            "prestige_open": prestige_open,
            "leftover_doubloon_vp": leftover_doubloon_vp,
            "round4_unreached_assistant_vp": round4_unreached_assistant_vp,
        }
        super().__init__(
            num_players,
            reward,
            {
                **{k: opt.boolean(self.name, k, v) for k, v in given.items()},
                **checked_quest_card(self.name, quest_card, legacy_tiles, c_cards),
                **story_options(self.name, story, story_cards, quest_card),
            },
        )

    def config(self):
        return np.array([self.num_players] + [option_value(self.options, k) for k in OPTION_FIELDS], dtype=np.int64)

    # ----- positions ---------------------------------------------------------------
    def field_bounds(self):
        n = self.num_players
        nl = board.NUM_LOCATIONS
        return {
            "num_players": (n, n),
            "current_player": (-1, n - 1),
            "terminated": (0, 1),
            "turn": (0, NUM_ROUNDS * n * nl),
            "start_player": (0, n - 1),
            "round_no": (0, 4),
            "round_starter": (0, n - 1),
            "round_trigger": (-1, n - 1),
            "last_trigger": (-1, n - 1),
            "phase": (0, len(Phase) - 1),
            "decision": (0, NUM_DECISIONS - 1),
            "setup_seat": (0, n),
            "card_where": (0, W_BOUGHT + n - 1),
            "deck": (-1, NC - 1),
            "deck_len": (0, NC),
            "display": (-1, NC - 1),
            "hand": (-1, NC - 1),
            "hand_len": (0, H_MAX),
            "setup_pick": (0, 2),
            "planning": (-1, NC - 1),
            "card_figs": (0, FIGURES_PER_PLAYER),
            "vp": (0, VP_MAX),
            "coins": (0, COINS_MAX),
            "cp": (0, 8),
            "d_income": (0, 34),
            "vp_income": (0, 19),
            "influence": (0, 12),
            "ship": (0, nl - 1),
            "explorer": (0, explorer.NUM_EXPLORER_SPACES - 1),
            "crossed": (0, 1),
            "end_rank": (-1, 3),
            "discs": (0, 2),
            "fig_personal": (0, FIGURES_PER_PLAYER),
            "fig_general": (0, FIGURES_PER_PLAYER),
            "career_dealt": (-1, careers.NUM_CAREERS - 1),
            "career": (-1, careers.NUM_CAREERS - 1),
            "goal_done": (0, 2),
            "synergy": (0, 1),
            "assistants": (-1, NC - 1),
            "invested": (0, 1),
            "tile_at": (-1, len(board.CITY_TILES) - 1),
            "market": (0, 3),
            "marker_at": (-1, 2),
            "markers_taken": (0, 13),
            "quest_state": (0, QS_DONE),
            "quest_arg": (-1, NC - 1),
            "quest_order": (-1, NQ - 1),
            "quest_pile": (-1, NQ - 1),
            "quest_pile_len": (0, NQ),
            "quest_counter": (0, NQ),
            "token_pile": (-1, NT - 1),
            "token_pile_len": (0, PILE_MAX),
            "token_owner": (-1, n - 1),
            "prestige": (0, prestige.NUM_PRESTIGE - 1),
            "prestige_revealed": (1, 4),
            "barrier_first": (0, 1),
            "end_arrivals": (0, n),
            "mp_spent": (0, 20),
            "last_sail_mp": (0, 7),
            "main_done": (0, 1),
            "extra_main": (0, 1),
            "asst_present": (0, 255),
            "asst_used": (0, 255),
            "asst_scored": (0, 255),
            "income_paid": (0, 1),
            "score_done": (0, n),
            "score_bought": (0, 1),
            "opt_prestige_open": (0, 1),
            "opt_leftover_vp": (0, 1),
            "opt_round4_assistants": (0, 1),
            "opt_legacy": (0, legacy.ALL_TILES_MASK),
            "opt_quest_card": (0, len(quest_cards.QUEST_CARDS) - 1),
            "opt_c_cards": (0, c_cards_data.ALL_C_MASK),
            "c_in_game": (0, c_cards_data.ALL_C_MASK),
            **story_bounds(n),
            "legacy_discs": (0, legacy.MAX_TILE_DISCS),
            "legacy_markers": (-1, 2),
            "legacy_bought": (0, 1),
            "legacy_city": (-1, legacy.NUM_NEW_CITIES - 1),
            "legacy_city_marker": (-1, 2),
            "cb_token": (-1, NT - 1),
            "cb_nation": (-1, 2),
            "cb_v": (0, 100),
            "cb_used": (0, 15),
            "cb_cards": (0, 255),
            "stk_len": (0, STACK),
            "stk_kind": (0, NUM_FRAME_KINDS - 1),
            "last_actor": (-1, n - 1),
            "last_action": (-1, self.num_actions - 1),
            **{name: (0, 0) for name in JEAN_FIELD_NAMES},  # Jean plays solo mode only (MA-24)
        }

    def check_position(self, rec):
        """Consistency rules: see ``check_maracaibo_position``."""
        check_maracaibo_position(rec, self.num_players, self.options)

    def _check_playable(self, state):
        """The engine must find the position at its decision (``check_settled``), with a legal action."""
        if not state["terminated"][0]:
            check_settled(state)
        super()._check_playable(state)

    # ----- text --------------------------------------------------------------------
    def doc_sections(self):
        """Generated blocks of docs/maracaibo.md beyond the layouts (tools/docs.py)."""
        return {"action_subranges": action_ranges.action_subranges_markdown(self.action_layout)}

    compile_minutes = 3  # the first game in a checkout compiles its kernels (doubloon play says so)
    screen_rows, screen_width = 50, 120  # doubloon play: the screen a 120 x 50 terminal shows whole

    def render(self, record, viewer=None, width=None, compact=False):
        """The public board; ``viewer`` adds that seat's hand; ``width`` wraps it to that many
        columns; ``compact``: the play screen's short board (screen.compact)."""
        if compact:
            return screen.compact(self.one_record(record), viewer, width=width or self.screen_width)
        return R.render(self.one_record(record), viewer, width=width)

    def move_menu(self, record, legal, width=120):
        """The numbered moves, two to a line where the labels are short (screen.move_menu)."""
        return screen.move_menu([self.action_label(record, a) for a in legal], width)

    def turn_report(self, before, after, action, viewer):
        """What a move told its player: the card drawn from the deck (MA-20.1), to them only;
        the story cards read and story tiles taken (MA-26.1), to everyone."""
        drawn = screen.drawn_card(self.one_record(before), self.one_record(after), int(action), viewer)
        story = story_report(self.one_record(before), self.one_record(after), R.Names())  # MA-26.1
        return ([drawn] if drawn else []) + story

    def legend(self, record):
        """The abbreviations the board and the labels use (the bare 'i')."""
        return screen.legend()

    def draw_svg(self, record, player, theme):
        """The board as a picture (games/maracaibo/svg.py); ``player`` sees what ``observe`` shows."""
        return svg.draw(record, player, theme, outcome=self._result(record))

    def _result(self, record):
        """Who won and the final VP (``scores`` / ``ranks``: MA-22, MA-23), seats named as on the board."""
        return result_line(self, record, name=R.Names().__getitem__, score_text=lambda score: f"{int(score)} VP")

    def info(self, text):
        """What a card, token, tile, career, quest or ship position named ``text`` is (None if unknown)."""
        return component_text.info(text)

    def action_label(self, record, action):
        return labels.action_label(self.one_record(record), self.check_action(action))

    def secret_move(self, record, action):
        """A vote (GAP-59): the others learn only that it was cast (story_text.secret_move)."""
        return secret_move(action)

    def board_target(self, record, action):
        """A location of the route map for sailing and annexing there; in a story game a story tile
        for its story quest and a vote's option (targets.py)."""
        return targets.board_target(self.check_action(action))
