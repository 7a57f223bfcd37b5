"""``SpanishMain``: the Game interface over the Spanish Main kernels."""

import numpy as np

from ..core import options as opt
from ..core.batch import Kernels
from ..core.errors import PositionError
from ..core.game import Game
from . import data as D
from . import render as R
from .observe import observe_one
from .rules import init_one, mask_one, rank_one, scores_one, step_one
from .spaces import OBS, build_action_layout
from .state import DTYPE, MAX_PLAYERS, PHASE_ACCUSE_DISCARD, PHASE_ACTION

FAME_SOURCES = ("deck", "discard_then_deck")


def _one(record):
    return record if isinstance(record, np.void) else np.asarray(record).reshape(-1)[0]


class SpanishMain(Game):
    """Pirates of the Spanish Main: The Card Game, 2-4 players.

    Options: ``upcoming_adventures`` (SM-10.1), ``move_cards_in_hand`` (SM-10.2),
    ``fame_source`` "deck" or "discard_then_deck" (SM-10.3), ``mask_noop_moves``
    (GAP-6: hide moves that clamp to no movement; off by default).
    """

    name = "spanish_main"
    doc_options = {"move_cards_in_hand": True}  # shows every action family
    dtype = DTYPE
    obs_layout = OBS
    kernels = Kernels(init_one=init_one, step_one=step_one, mask_one=mask_one,
                      observe_one=observe_one, scores_one=scores_one, rank_one=rank_one)
    config_fields = ("num_players", "upcoming_adventures", "move_cards_in_hand", "fame_from_discard",
                     "mask_noop_moves")

    def __init__(self, num_players=3, reward="win", upcoming_adventures=False,
                 move_cards_in_hand=False, fame_source="deck", mask_noop_moves=False):
        super().__init__(num_players, reward, {
            "upcoming_adventures": opt.boolean(self.name, "upcoming_adventures", upcoming_adventures),
            "move_cards_in_hand": opt.boolean(self.name, "move_cards_in_hand", move_cards_in_hand),
            "fame_source": opt.choice(self.name, "fame_source", fame_source, FAME_SOURCES),
            "mask_noop_moves": opt.boolean(self.name, "mask_noop_moves", mask_noop_moves),
        })
        self.action_layout = build_action_layout(self.options["move_cards_in_hand"])

    def config(self):
        o = self.options
        return np.array([self.num_players, o["upcoming_adventures"], o["move_cards_in_hand"],
                         o["fame_source"] == "discard_then_deck", o["mask_noop_moves"]], dtype=np.int64)

    # ----- positions ---------------------------------------------------------------
    def field_bounds(self):
        n, s, ak, mk = self.num_players, D.NUM_SHIPS, D.NUM_ADVENTURE_KINDS, D.NUM_MOVE_KINDS
        return {
            "num_players": (n, n), "current_player": (-1, n - 1), "terminated": (0, 1),
            "turn": (0, D.TURN_CAP), "first_player": (0, n - 1),
            "upcoming_adventures": (0, 1), "move_cards_in_hand": (0, 1),
            "fame_from_discard": (0, 1), "mask_noop_moves": (0, 1),
            "phase": (PHASE_ACTION, PHASE_ACCUSE_DISCARD), "pending_accuse": (-1, (MAX_PLAYERS - 1) * s - 1),
            "row": (0, s - 1), "damaged": (0, 1), "fame": (0, 10_000), "owner": (-1, n - 1),
            "revealed": (0, 1), "known_unowned": (0, 1), "banked": (0, 10_000), "known_not_owner": (0, 1),
            "adv_deck": (-1, ak - 1), "adv_deck_len": (0, D.NUM_ADVENTURES), "adv_queue": (-1, ak - 1),
            "adv_queue_len": (0, MAX_PLAYERS), "adv_discard": (0, D.NUM_ADVENTURES),
            "adv_discard_unknown": (0, D.NUM_ADVENTURES), "adv_seen": (0, D.NUM_ADVENTURES),
            "fame_drawn_unseen": (0, D.NUM_ADVENTURES), "virtual_fame": (0, 10_000),
            "move_deck": (-1, mk - 1), "move_deck_len": (0, D.NUM_MOVES), "move_row": (0, D.NUM_MOVES),
            "hand": (0, D.NUM_MOVES), "move_discard": (0, D.NUM_MOVES),
            "last_actor": (-1, n - 1), "last_action": (-1, self.num_actions - 1),
            "last_accuse": (-1, (MAX_PLAYERS - 1) * s - 1), "last_accuse_correct": (-1, 1),
            "last_adventure": (-1, ak - 1),
        }

    def check_position(self, rec):
        """Consistency rules: options match, permutations, pirate deal, card conservation."""
        n, o = self.num_players, self.options
        expect = {"upcoming_adventures": o["upcoming_adventures"], "move_cards_in_hand": o["move_cards_in_hand"],
                  "fame_from_discard": o["fame_source"] == "discard_then_deck",
                  "mask_noop_moves": o["mask_noop_moves"]}
        for field, value in expect.items():
            if int(rec[field]) != int(value):
                raise PositionError(field, f"is {int(rec[field])} but the game's options say {int(value)}")
        if sorted(rec["row"].tolist()) != list(range(D.NUM_SHIPS)):
            raise PositionError("row", "must hold each ship 0..8 exactly once")
        owned = np.bincount(rec["owner"][rec["owner"] >= 0], minlength=n)
        if not np.all(owned == D.PIRATES_PER_PLAYER[n]):
            raise PositionError("owner", f"each player must own {D.PIRATES_PER_PLAYER[n]} ships, got {owned.tolist()}")
        if np.any(rec["revealed"].astype(bool) & (rec["owner"] < 0)):
            raise PositionError("revealed", "an unowned ship cannot have a revealed pirate")
        if np.any(rec["known_unowned"].astype(bool) & (rec["owner"] >= 0)):
            raise PositionError("known_unowned", "marks a ship that has an owner")
        for field in ("banked", "hand", "known_not_owner", "moved_by", "sabotaged_by"):
            if np.any(rec[field][n:]):
                raise PositionError(field, f"seats >= {n} must be empty")
        seats, ships = np.nonzero(rec["known_not_owner"][:n])
        if np.any(rec["owner"][ships] == seats):
            raise PositionError("known_not_owner", "says a seat does not own a ship it owns (SM-5.4.5)")
        live = not rec["terminated"]
        if live != (rec["current_player"] >= 0):
            raise PositionError("current_player", "must be -1 exactly when the game is terminated")
        self._check_pile("adv_deck", rec["adv_deck"], int(rec["adv_deck_len"]))
        self._check_pile("adv_queue", rec["adv_queue"], int(rec["adv_queue_len"]))
        if live and not 1 <= rec["adv_queue_len"] <= (n if o["upcoming_adventures"] else 1):
            raise PositionError("adv_queue_len", "a live game has 1..capacity face-up adventures")
        deck = np.bincount(rec["adv_deck"][: rec["adv_deck_len"]], minlength=D.NUM_ADVENTURE_KINDS)
        if np.any(deck + rec["adv_seen"] > D.ADV_COUNT):
            raise PositionError("adv_seen", "more cards of a kind than the game has")
        # SM-2.2 per kind: face-up cards and identified discards have all been seen
        queue = np.bincount(rec["adv_queue"][: rec["adv_queue_len"]], minlength=D.NUM_ADVENTURE_KINDS)
        if np.any(queue + rec["adv_discard"] > rec["adv_seen"]):
            raise PositionError("adv_seen", "face-up and identified discarded cards must be counted as seen")
        if int(rec["adv_deck_len"]) + int(rec["adv_seen"].sum()) + int(rec["fame_drawn_unseen"]) != D.NUM_ADVENTURES:
            raise PositionError("adv_seen", "deck + face-up-ever + drawn-unseen must be 58")
        physical = (int(rec["adv_deck_len"]) + int(rec["adv_queue_len"]) + int(rec["adv_discard"].sum())
                    + int(rec["adv_discard_unknown"]) + int(rec["fame"].sum()) + int(rec["banked"].sum())
                    - int(rec["virtual_fame"]))
        if physical != D.NUM_ADVENTURES:
            raise PositionError("fame", f"adventure cards are not conserved: {physical} != {D.NUM_ADVENTURES}")
        self._check_pile("move_deck", rec["move_deck"], int(rec["move_deck_len"]))
        moves = (np.bincount(rec["move_deck"][: rec["move_deck_len"]], minlength=D.NUM_MOVE_KINDS)
                 + rec["move_row"] + rec["hand"].sum(axis=0) + rec["move_discard"])
        if not np.array_equal(moves, D.MOVE_COUNT):
            raise PositionError("move_deck", f"move cards per kind {moves.tolist()} != {D.MOVE_COUNT.tolist()}")
        if o["move_cards_in_hand"]:
            if rec["move_row"].any():
                raise PositionError("move_row", "there is no move row with move cards in hand (GAP-18)")
        elif rec["move_row"].sum() != D.MOVE_ROW_SIZE or rec["hand"].any():
            raise PositionError("move_row", "the base game has exactly 3 face-up move cards and no hands")
        if (rec["phase"] == PHASE_ACCUSE_DISCARD) != (rec["pending_accuse"] >= 0) or (
                rec["phase"] == PHASE_ACCUSE_DISCARD and not o["move_cards_in_hand"]):
            raise PositionError("phase", "the accusation-discard phase needs move cards in hand and a pending accusation")

    @staticmethod
    def _check_pile(field, cards, length):
        if np.any(cards[:length] < 0) or np.any(cards[length:] != -1):
            raise PositionError(field, f"the first {length} entries must be cards and the rest -1")

    # ----- text --------------------------------------------------------------------
    def render(self, record, viewer=None):
        """The public board; ``viewer`` adds that seat's private cards."""
        return R.render(_one(record), viewer)

    def action_label(self, record, action):
        rec = _one(record)
        if not 0 <= action < self.num_actions:
            raise ValueError(f"spanish_main: action {action} outside 0..{self.num_actions - 1}")
        return R.action_label(rec, int(action))
