"""One game on the ``doubloon serve`` server: its state, who sits where, the moves so far.

A seat is held by a person at the screen (``"you"``, or ``"person"`` for hot-seat play)
or by a bot. Every change goes through ``play`` (a person's move) or ``advance`` (the
bot to move plays once); both take the ``version`` the page last saw (the number of
moves made), so a move sent for a position that has since changed is refused
(``Refused``, 409) and the game stays as it was.

The board and the narration are shown from one seat, ``viewer``: the person to move,
else the person who moved last; nothing of another seat's hidden information is kept
in what the page reads (``training.web.view``).
"""

import threading
import time

import numpy as np

from ..play import bot_action, outcome_lines, seat_name
from .view import family_of

PEOPLE = ("you", "person")  # the seat kinds a person plays (one screen: hot-seat)
SAMPLES = 4  # records resampled to tell whether a move's label names what a seat cannot see


class Refused(Exception):
    """A request the server turns down: ``status`` (4xx) and a one-line message."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


class Match:
    """A game in play. ``seats[s]`` is ``"you"``, ``"person"`` or a bot spec; ``bots[s]``
    the bot of a bot seat. Methods that change it hold ``lock``."""

    def __init__(self, game, seed, seats, bots):
        if not any(kind in PEOPLE for kind in seats):
            raise Refused(400, "at least one seat must be played by a person ('you' or 'person')")
        self.game, self.seed, self.seats, self.bots = game, int(seed), list(seats), dict(bots)
        self.state = game.init(np.array([self.seed], dtype=np.int64))
        self.actions = []
        self.log = []  # per move: who, label, and the narration as each seat reads it
        self.lock = threading.Lock()
        self.touched = time.monotonic()
        self.viewer = next(s for s, kind in enumerate(seats) if kind in PEOPLE)
        self._follow_turn()

    # ----- reading -----------------------------------------------------------------
    @property
    def version(self):
        return len(self.actions)

    @property
    def record(self):
        return self.state[0]

    @property
    def over(self):
        return bool(self.game.terminated(self.state)[0])

    @property
    def to_move(self):
        return int(self.game.current_player(self.state)[0])

    def is_person(self, seat):
        return self.seats[seat] in PEOPLE

    def name(self, seat):
        """A seat as the page names it: "player B (you)", "player 2 (heuristic)"."""
        kind = self.seats[seat]
        who = self.bots[seat].name if seat in self.bots else kind
        return f"{seat_name(self.game, seat)} ({who})"

    def recorded_names(self):
        """The seats' names as a recording keeps them (``"human"`` for a person)."""
        return ["human" if self.is_person(s) else self.bots[s].name for s in range(self.game.num_players)]

    # ----- changing ------------------------------------------------------------------
    def check_version(self, version):
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refused(400, f"'version' must be the number of moves the page has seen, got {version!r}")
        if version != self.version:
            raise Refused(409, f"the position changed: the page saw move {version}, the game is at move {self.version}")

    def play(self, action, version):
        """A person's move ``action`` (a legal action id) at ``version``."""
        self.check_version(version)
        if self.over:
            raise Refused(409, "the game is over: no more moves")
        seat = self.to_move
        if not self.is_person(seat):
            raise Refused(409, f"it is {self.name(seat)}'s turn, not a person's")
        if isinstance(action, bool) or not isinstance(action, int):
            raise Refused(400, f"'action' must be a move's number, got {action!r}")
        if action not in self.game.legal_actions(self.record):
            raise Refused(409, f"move {action} is not a legal move here")
        self._apply(action)

    def advance(self, version):
        """The bot to move plays its move."""
        self.check_version(version)
        if self.over:
            raise Refused(409, "the game is over: no more moves")
        seat = self.to_move
        if self.is_person(seat):
            raise Refused(409, f"it is {self.name(seat)}'s turn: a person moves, not a bot")
        self._apply(bot_action(self.game, self.bots[seat], self.state))

    def _apply(self, action):
        game, before = self.game, self.record.copy()
        seat = int(before["current_player"])
        labels = [seen_label(game, before, action, viewer) for viewer in range(game.num_players)]
        game.step(self.state, np.array([action], dtype=np.int64))
        after = self.record
        narrate = getattr(game, "narrate", None)  # moves made inside step (Maracaibo solo: Jean's turns)
        extra = list(narrate(before, after)) if narrate else []
        first = not self.actions
        lines = [
            [*outcome_lines(game, before, after, action, viewer, first=first), *extra]
            for viewer in range(game.num_players)
        ]
        self.actions.append(int(action))
        self.log.append({"seat": seat, "who": self.name(seat), "labels": labels, "lines": lines})
        self._follow_turn()

    def _follow_turn(self):
        """The board is drawn for the person to move; between their turns it stays with
        the last one (a bot's turn shows nothing new to anyone)."""
        if not self.over and self.is_person(self.to_move):
            self.viewer = self.to_move


def seen_label(game, before, action, viewer):
    """The label of ``action`` (made from ``before``: a played card is gone after it) as
    ``viewer`` may read it: the label where every record the viewer cannot tell from
    ``before`` (``resample_hidden``) labels the move alike, else its family alone
    ("setup discard"): Maracaibo's labels name the hand card a move plays (MA-27), which
    the other seats do not see."""
    label = game.action_label(before, action)
    if viewer == int(before["current_player"]):
        return label
    if game.secret_move(before, action):  # a Maracaibo vote: that it was cast, never its option (GAP-59)
        return family_of(game, action)
    others = game.resample_hidden(before, viewer, np.arange(SAMPLES))
    if all(game.action_label(other, action) == label for other in others):
        return label
    return family_of(game, action)
