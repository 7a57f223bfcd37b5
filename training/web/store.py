"""The games a ``doubloon serve`` server holds, by id, with its memory bounded.

At most ``cap`` games at once; a game nobody touched for ``idle_s`` seconds is dropped
(a revisit is told so, 410, rather than "unknown game"); a new game beyond the cap is
refused (503) with a message saying when room is made. The ids of dropped games are
remembered, a bounded number of them, only to say why they are gone.
"""

import re
import secrets
import threading
import time
from collections import OrderedDict

from .match import Refused

ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
DROPPED_KEPT = 1000  # dropped ids remembered for the 410 message


class Store:
    def __init__(self, cap=16, idle_s=3600.0, clock=time.monotonic):
        self.cap, self.idle_s, self.clock = cap, idle_s, clock
        self.matches = {}
        self.dropped = OrderedDict()
        self.lock = threading.Lock()

    def add(self, match):
        """Hold ``match`` under a fresh id, which is returned."""
        with self.lock:
            self._drop_idle()
            if len(self.matches) >= self.cap:
                raise Refused(
                    503,
                    f"the server holds {self.cap} games already (its limit); one is dropped after "
                    f"{minutes(self.idle_s)} idle, or restart the server",
                )
            game_id = secrets.token_urlsafe(9)
            match.touched = self.clock()
            self.matches[game_id] = match
            return game_id

    def get(self, game_id):
        """The match of ``game_id``, marked as touched now."""
        with self.lock:
            self._drop_idle()
            if not isinstance(game_id, str) or not ID.fullmatch(game_id):
                raise Refused(400, "a game id is 1 to 32 letters, digits, '-' or '_'")
            if game_id in self.dropped:
                raise Refused(410, f"game {game_id} was left idle for more than {minutes(self.idle_s)} and was dropped")
            match = self.matches.get(game_id)
            if match is None:
                raise Refused(404, f"there is no game {game_id} on this server (it may have been restarted)")
            match.touched = self.clock()
            return match

    def _drop_idle(self):
        now = self.clock()
        for game_id in [g for g, m in self.matches.items() if now - m.touched > self.idle_s]:
            del self.matches[game_id]
            self.dropped[game_id] = True
            while len(self.dropped) > DROPPED_KEPT:
                self.dropped.popitem(last=False)


def minutes(seconds):
    """``seconds`` as people say it: "90 minutes", "45 seconds"."""
    return f"{seconds / 60:g} minutes" if seconds >= 60 else f"{seconds:g} seconds"
