"""``Timed``: a bot that counts the decisions it makes and the time it takes (the
decisions/s that ``arena`` and ``bench-jean`` print). Only the bot's own calls are
timed, not the engine stepping between them."""

import time


class Timed:
    """Wraps a bot (``__call__`` or, for a bot with ``reads_state``, ``plan``); every other
    attribute is the bot's own."""

    def __init__(self, bot):
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def __getattr__(self, name):
        return getattr(self.bot, name)

    @property
    def decisions_per_second(self):
        return self.decisions / self.seconds if self.seconds > 0 else float("nan")

    def _timed(self, method, *args):
        start = time.perf_counter()
        out = method(*args)
        self.seconds += time.perf_counter() - start
        self.decisions += len(out)
        return out

    def __call__(self, observations, action_masks):
        return self._timed(self.bot, observations, action_masks)

    def plan(self, states, seats, masks):
        return self._timed(self.bot.plan, states, seats, masks)
