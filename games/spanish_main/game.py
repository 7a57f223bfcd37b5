"""``SpanishMain``: the Game interface over the Spanish Main kernels, over 400 lines as it is
the whole contract of games/core/game.py filled in for one game."""

import numpy as np

from ..core import options as opt
from ..core.batch import Kernels
from ..core.errors import PositionError
from ..core.result import result_line
from ..core.game import Game, single_record
from . import data as D
from . import render as R
from . import svg, targets
from .hidden import redraw_one
from .observe import observe_one
from .rules import init_one, mask_one, rank_one, scores_one, step_one
from .spaces import A_ACCUSE, A_ACCUSE_DISCARD, A_PASS, OBS, PLAY_OFFSET, build_action_layout
from .state import DTYPE, MAX_PLAYERS, Phase

FAME_SOURCES = ("deck", "discard_then_deck")
MAX_MOVE = int(np.abs(D.MOVE_DIST[D.MOVE_EFFECT == D.MoveEffect.SINGLE]).max())  # spaces one card moves a ship
# SM-2.2 "F max": the most fame one resolution awards; all but one point may be virtual (GAP-11)
F_MAX = max(
    int(D.ADV_GAIN[k])
    * (int((D.ADV_POSITIONS[k] >= 0).sum()) if D.ADV_SELECT[k] == D.Select.POSITIONS else int(D.ADV_N[k]))
    for k in range(D.NUM_ADVENTURE_KINDS)
)
MAX_VIRTUAL = (F_MAX - 1) * MAX_PLAYERS  # at most one short resolution per queue slot
A_FOG = int(PLAY_OFFSET[np.flatnonzero(D.MOVE_EFFECT == D.MoveEffect.FOG)[0]])  # the Fog action (SM-5.2.8)


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
    kernels = Kernels(
        init_one=init_one,
        step_one=step_one,
        mask_one=mask_one,
        observe_one=observe_one,
        scores_one=scores_one,
        rank_one=rank_one,
    )
    redraw_hidden = redraw_one  # SM-9.5: owners, the adventure deck, other hands and the move deck
    config_fields = ("num_players", "upcoming_adventures", "move_cards_in_hand", "fame_from_discard", "mask_noop_moves")
    # a row's step or mask takes about a microsecond, its observation a few (128 rows: 0.1-0.4 ms
    # in all), so splitting a training VecEnv's batch (128 games, and the opponents' sub-batches)
    # saved less than the hand-off to a worker cost; on the shared 2-core machine under load a
    # 128-row call took 2-3x longer split over 2 threads (games/core/parallel.py, "All cores")
    parallel_min_rows = 256

    def __init__(
        self,
        num_players=3,
        reward="win",
        upcoming_adventures=False,
        move_cards_in_hand=False,
        fame_source="deck",
        mask_noop_moves=False,
    ):
        super().__init__(
            num_players,
            reward,
            {
                "upcoming_adventures": opt.boolean(self.name, "upcoming_adventures", upcoming_adventures),
                "move_cards_in_hand": opt.boolean(self.name, "move_cards_in_hand", move_cards_in_hand),
                "fame_source": opt.choice(self.name, "fame_source", fame_source, FAME_SOURCES),
                "mask_noop_moves": opt.boolean(self.name, "mask_noop_moves", mask_noop_moves),
            },
        )
        self.action_layout = build_action_layout(self.options["move_cards_in_hand"])

    def config(self):
        o = self.options
        return np.array(
            [
                self.num_players,
                o["upcoming_adventures"],
                o["move_cards_in_hand"],
                o["fame_source"] == "discard_then_deck",
                o["mask_noop_moves"],
            ],
            dtype=np.int64,
        )

    # ----- positions ---------------------------------------------------------------
    def field_bounds(self):
        n, s, ak, mk = self.num_players, D.NUM_SHIPS, D.NUM_ADVENTURE_KINDS, D.NUM_MOVE_KINDS
        return {
            "num_players": (n, n),
            "current_player": (-1, n - 1),
            "terminated": (0, 1),
            "turn": (0, D.TURN_CAP),
            "first_player": (0, n - 1),
            "upcoming_adventures": (0, 1),
            "move_cards_in_hand": (0, 1),
            "fame_from_discard": (0, 1),
            "mask_noop_moves": (0, 1),
            # SM-5.4.1: accusation parameters name another seat, offsets 1..n-1
            "phase": (0, len(Phase) - 1),
            "pending_accuse": (-1, (n - 1) * s - 1),
            "row": (0, s - 1),
            "damaged": (0, 1),
            "fame": (0, D.NUM_ADVENTURES + MAX_VIRTUAL),
            "owner": (-1, n - 1),
            "revealed": (0, 1),
            "known_unowned": (0, 1),
            "banked": (0, D.NUM_ADVENTURES),
            "known_not_owner": (0, 1),
            # each turn moves one ship at most 6 spaces (SM-5.2.1, SM-5.2.2)
            "moved_by": (-MAX_MOVE * D.TURN_CAP, MAX_MOVE * D.TURN_CAP),
            "sabotaged_by": (0, D.TURN_CAP),
            "adv_deck": (-1, ak - 1),
            "adv_deck_len": (0, D.NUM_ADVENTURES),
            "adv_queue": (-1, ak - 1),
            "adv_queue_len": (0, MAX_PLAYERS),
            "adv_discard": (0, D.NUM_ADVENTURES),
            "adv_discard_unknown": (0, D.NUM_ADVENTURES),
            "adv_seen": (0, D.NUM_ADVENTURES),
            "fame_drawn_unseen": (0, D.NUM_ADVENTURES),
            "virtual_fame": (0, MAX_VIRTUAL),
            "move_deck": (-1, mk - 1),
            "move_deck_len": (0, D.NUM_MOVES),
            "move_row": (0, D.NUM_MOVES),
            "hand": (0, D.NUM_MOVES),
            "move_discard": (0, D.NUM_MOVES),
            "last_actor": (-1, n - 1),
            "last_action": (-1, self.num_actions - 1),
            "last_accuse": (-1, (n - 1) * s - 1),
            "last_accuse_correct": (-1, 1),
            "last_adventure": (-1, ak - 1),
        }

    def check_position(self, rec):
        """Consistency rules: options match, permutations, pirate deal, card conservation."""
        n, o = self.num_players, self.options
        expect = {
            "upcoming_adventures": o["upcoming_adventures"],
            "move_cards_in_hand": o["move_cards_in_hand"],
            "fame_from_discard": o["fame_source"] == "discard_then_deck",
            "mask_noop_moves": o["mask_noop_moves"],
        }
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
        cap = self._capacity()
        if rec["adv_queue_len"] > cap:
            raise PositionError("adv_queue_len", f"at most {cap} face-up adventures (SM-3.3, SM-10.1.1)")
        if live and rec["adv_queue_len"] < 1:
            raise PositionError("adv_queue_len", "a live game has a current adventure (SM-7.2)")
        deck = np.bincount(rec["adv_deck"][: rec["adv_deck_len"]], minlength=D.NUM_ADVENTURE_KINDS)
        if np.any(deck + rec["adv_seen"] > D.ADV_COUNT):
            raise PositionError("adv_seen", "more cards of a kind than the game has")
        # SM-2.2 per kind: face-up cards and identified discards have all been seen
        queue = np.bincount(rec["adv_queue"][: rec["adv_queue_len"]], minlength=D.NUM_ADVENTURE_KINDS)
        if np.any(queue + rec["adv_discard"] > rec["adv_seen"]):
            raise PositionError("adv_seen", "face-up and identified discarded cards must be counted as seen")
        if int(rec["adv_deck_len"]) + int(rec["adv_seen"].sum()) + int(rec["fame_drawn_unseen"]) != D.NUM_ADVENTURES:
            raise PositionError("adv_seen", "deck + face-up-ever + drawn-unseen must be 58")
        physical = (
            int(rec["adv_deck_len"])
            + int(rec["adv_queue_len"])
            + int(rec["adv_discard"].sum())
            + int(rec["adv_discard_unknown"])
            + int(rec["fame"].sum())
            + int(rec["banked"].sum())
            - int(rec["virtual_fame"])
        )
        if physical != D.NUM_ADVENTURES:
            raise PositionError("fame", f"adventure cards are not conserved: {physical} != {D.NUM_ADVENTURES}")
        self._check_pile("move_deck", rec["move_deck"], int(rec["move_deck_len"]))
        moves = (
            np.bincount(rec["move_deck"][: rec["move_deck_len"]], minlength=D.NUM_MOVE_KINDS)
            + rec["move_row"]
            + rec["hand"].sum(axis=0)
            + rec["move_discard"]
        )
        if not np.array_equal(moves, D.MOVE_COUNT):
            raise PositionError("move_deck", f"move cards per kind {moves.tolist()} != {D.MOVE_COUNT.tolist()}")
        if o["move_cards_in_hand"]:
            if rec["move_row"].any():
                raise PositionError("move_row", "there is no move row with move cards in hand (GAP-18)")
        elif rec["move_row"].sum() != D.MOVE_ROW_SIZE or rec["hand"].any():
            raise PositionError("move_row", "the base game has exactly 3 face-up move cards and no hands")
        if (rec["phase"] == Phase.ACCUSE_DISCARD) != (rec["pending_accuse"] >= 0) or (
            rec["phase"] == Phase.ACCUSE_DISCARD and not o["move_cards_in_hand"]
        ):
            raise PositionError(
                "phase", "the accusation-discard phase needs move cards in hand and a pending accusation"
            )
        self._check_turns(rec)
        self._check_adventures(rec)
        self._check_public_record(rec)
        self._check_last_turn(rec)

    # SM-4.1, SM-4.2, SM-7.2, GAP-23, GAP-25: whose turn it is and whether the game is over
    def _check_turns(self, rec):
        n, turn = self.num_players, int(rec["turn"])
        live = not rec["terminated"]
        over = rec["adv_queue_len"] == 0 or turn >= D.TURN_CAP
        if live and turn >= D.TURN_CAP:
            raise PositionError("turn", f"a live game is below the {D.TURN_CAP}-turn cap (GAP-25)")
        if not live and not over:
            raise PositionError(
                "terminated",
                f"the game ends only when no adventure is left to reveal (SM-7.2) or at "
                f"the turn cap (GAP-25); {int(rec['adv_queue_len'])} face up, "
                f"{int(rec['adv_deck_len'])} in the deck, turn {turn}",
            )
        first = int(rec["first_player"])
        if live and rec["current_player"] != (first + turn) % n:
            raise PositionError(
                "current_player",
                f"turn {turn} from first player {first} is player {(first + turn) % n}'s (SM-4.1, GAP-23)",
            )
        if not live and rec["phase"] != Phase.ACTION:
            raise PositionError("phase", "a finished game has no pending accusation")
        if rec["phase"] == Phase.ACCUSE_DISCARD:  # SM-5.4.2, SM-10.2.4: the declaration was legal
            p, ship = int(rec["current_player"]), int(rec["pending_accuse"]) % D.NUM_SHIPS
            if rec["revealed"][ship]:
                raise PositionError("pending_accuse", f"names pirate {D.SHIP_NAMES[ship]}, already revealed (SM-5.4.2)")
            if rec["hand"][p].sum() < 2:
                raise PositionError("hand", f"player {p} accused with fewer than 2 cards (SM-10.2.4)")
        if self.options["move_cards_in_hand"]:  # SM-10.2.2, SM-10.2.4: hands shrink only by accusing
            size = D.HAND_SIZE[n]
            for p in range(n):
                if not 1 <= rec["hand"][p].sum() <= size:
                    raise PositionError(
                        "hand",
                        f"player {p} holds {int(rec['hand'][p].sum())} cards, not 1..{size} (SM-10.2.1, SM-10.2.4)",
                    )

    def _capacity(self):
        return self.num_players if self.options["upcoming_adventures"] else 1

    def _turns_of(self, rec, p):
        """Completed turns of seat ``p`` (SM-4.1: seats take turns from the first player)."""
        n, turn = self.num_players, int(rec["turn"])
        return (turn - (p - int(rec["first_player"])) % n + n - 1) // n

    def _check_adventures(self, rec):
        cap = self._capacity()
        if rec["adv_deck_len"] > 0 and rec["adv_queue_len"] != cap:
            raise PositionError(
                "adv_queue_len", f"the face-up queue holds {cap} while the deck has cards (SM-7.1, SM-10.1.2)"
            )
        virtual = int(rec["virtual_fame"])
        if virtual and rec["adv_deck_len"] > 0:
            raise PositionError("virtual_fame", "fame is virtual only once the deck is empty (SM-6.6, GAP-11)")
        # each resolution since the deck ran out credits at most F-1 virtual points
        short = cap - int(rec["adv_queue_len"])
        if virtual > (F_MAX - 1) * short:
            raise PositionError(
                "virtual_fame",
                f"{virtual} virtual fame from {short} resolutions with an empty deck "
                f"(at most {F_MAX - 1} each, SM-6.6)",
            )
        # SM-6.9.16, SM-9.6: only a resolved Mutiny shows a ship unowned, one ship each
        queue = np.bincount(rec["adv_queue"][: rec["adv_queue_len"]], minlength=D.NUM_ADVENTURE_KINDS)
        mutinies = int((rec["adv_seen"] - queue)[D.ADV_SELECT == D.Select.MUTINY].sum())
        if rec["known_unowned"].sum() > mutinies:
            raise PositionError(
                "known_unowned",
                f"{int(rec['known_unowned'].sum())} ships shown unowned by "
                f"{mutinies} resolved Mutiny cards (SM-6.9.16)",
            )

    def _check_public_record(self, rec):
        """SM-9.6: the public summaries of the log fit the turns each seat has taken."""
        for p in range(self.num_players):
            turns = self._turns_of(rec, p)
            if np.abs(rec["moved_by"][p].astype(np.int64)).sum() > MAX_MOVE * turns:
                raise PositionError(
                    "moved_by",
                    f"player {p} moved ships more than {MAX_MOVE} spaces a turn in {turns} turns (SM-5.2.1, SM-5.2.2)",
                )
            if rec["sabotaged_by"][p].astype(np.int64).sum() > turns:
                raise PositionError(
                    "sabotaged_by", f"player {p} played more Sabotage cards than the {turns} turns they took (SM-5.2.7)"
                )
        if rec["known_not_owner"].astype(np.int64).sum() > rec["turn"]:
            raise PositionError("known_not_owner", "more wrong accusations than turns (SM-5.4.5)")

    def _check_last_turn(self, rec):
        """The record of the last turn (for render and logs): all -1, or that turn as it happened."""
        n, turn = self.num_players, int(rec["turn"])
        names = ("last_actor", "last_action", "last_accuse", "last_accuse_correct", "last_adventure")
        actor, action, accused, correct, adventure = (int(rec[f]) for f in names)
        if actor < 0:
            for f in names[1:]:
                if rec[f] != -1:
                    raise PositionError(f, "must be -1 when no last turn is recorded (last_actor -1)")
            return
        pending = rec["phase"] == Phase.ACCUSE_DISCARD
        if pending:  # SM-10.2.4: the accusation is declared, its card not yet chosen
            if actor != rec["current_player"] or action != A_ACCUSE + int(rec["pending_accuse"]):
                raise PositionError("last_action", "in the discard step the last action is the pending accusation")
            for f in names[2:]:
                if rec[f] != -1:
                    raise PositionError(f, "nothing has resolved yet in the discard step (SM-10.2.4)")
            return
        if turn == 0 or actor != (int(rec["first_player"]) + turn - 1) % n:
            raise PositionError("last_actor", f"the last turn (turn {turn - 1}) was not player {actor}'s (SM-4.1)")
        if action < 0:
            raise PositionError("last_action", "a recorded last turn has an action")
        if A_ACCUSE <= action < A_PASS:
            if self.options["move_cards_in_hand"]:
                raise PositionError(
                    "last_action", "with move cards in hand an accusation ends with its discard (SM-10.2.4)"
                )
            if accused != action - A_ACCUSE:
                raise PositionError("last_accuse", "must be the parameter of the last action, an accusation")
        elif action >= A_ACCUSE_DISCARD:
            if accused < 0:
                raise PositionError("last_accuse", "the last action paid for an accusation (SM-10.2.4)")
        elif accused != -1:
            raise PositionError("last_accuse", "the last action was not an accusation")
        if (correct == -1) != (accused == -1):
            raise PositionError("last_accuse_correct", "is -1 exactly when no accusation resolved")
        if accused >= 0:  # SM-5.4.4, SM-5.4.5: the verdict left its public trace
            target, ship = (actor + 1 + accused // D.NUM_SHIPS) % n, accused % D.NUM_SHIPS
            right = rec["owner"][ship] == target
            if (
                correct != int(right)
                or (right and not rec["revealed"][ship])
                or (not right and not rec["known_not_owner"][target, ship])
            ):
                raise PositionError(
                    "last_accuse_correct", f"does not match who owns {D.SHIP_NAMES[ship]} (SM-5.4.3 - SM-5.4.5)"
                )
        if (adventure == -1) != (action == A_FOG):
            raise PositionError("last_adventure", "every turn but a Fog turn resolves an adventure (SM-4.2, SM-5.2.8)")
        if adventure >= 0:
            queue = np.bincount(rec["adv_queue"][: rec["adv_queue_len"]], minlength=D.NUM_ADVENTURE_KINDS)
            if rec["adv_seen"][adventure] - queue[adventure] < 1:
                raise PositionError("last_adventure", f"{D.ADV_NAMES[adventure]} has not left play (SM-7.1)")

    @staticmethod
    def _check_pile(field, cards, length):
        if np.any(cards[:length] < 0) or np.any(cards[length:] != -1):
            raise PositionError(field, f"the first {length} entries must be cards and the rest -1")

    # ----- docs --------------------------------------------------------------------
    def doc_tables(self):
        """Generated tables of docs/spanish_main.md: the adventure kinds and the ship ids."""
        return {"adventures": R.adventure_table(), "ships": R.ship_table()}

    # ----- text --------------------------------------------------------------------
    def render(self, record, viewer=None, last_turn=True):
        """The public board; ``viewer`` adds that seat's private cards; ``last_turn``
        ends it with the last turn's action (the log's label) and outcome.

        Only a position ``from_json`` accepts is drawn; anything else (an all-zero
        record, say) raises ``PositionError`` naming the bad field."""
        rec = self._position(record)
        return R.render(rec, self._viewer(viewer), last_turn)

    def draw_svg(self, record, player, theme):
        """The ships in line, the adventure row and the move cards (games/spanish_main/svg.py)."""
        rec = self._position(record)
        return svg.draw(rec, player, theme, result_line(self, rec, score_text=lambda score: f"{int(score)} fame"))

    def action_label(self, record, action):
        return R.action_label(self.one_record(record), self.check_action(action))

    def board_target(self, record, action):
        """The ship in line a card or an accusation names (targets.py)."""
        return targets.board_target(self.one_record(record), self.check_action(action))

    def turn_report(self, before, after, action, viewer=None):
        """Lines saying what one step did: the accusation's verdict, the adventure's
        effect per ship, or Fog's wait (see ``render.turn_report``)."""
        return R.turn_report(single_record(before, self.name), single_record(after, self.name), int(action), viewer)

    def score_line(self, record, viewer=None):
        return R.score_line(single_record(record, self.name), viewer)

    def move_menu(self, record, legal, width=80):
        """The legal actions ``legal`` in a few grouped lines, numbered 1, 2, 3 down the
        screen when ``legal`` is in ``menu_order``."""
        return R.move_menu(single_record(record, self.name), list(legal), width)

    def menu_order(self, record, legal):
        """The legal actions ``legal`` in the order ``move_menu`` shows them."""
        return R.menu_order(single_record(record, self.name), list(legal))

    def info(self, text):
        """What the adventure card, move card or ship named ``text`` (id or name) is, or None."""
        return R.info(text)

    def legend(self, record):
        """The ids ``info`` knows (a bare ``i`` in ``doubloon play``)."""
        return R.legend()
