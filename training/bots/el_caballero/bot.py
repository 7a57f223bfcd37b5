"""The registered El Caballero ``heuristic``: the batched bot over the cascade."""

import numpy as np
from ..base import Bot, compiled_batch
from .choose import choose_batch
from .scores import score_batch


class ElCaballeroHeuristic(Bot):
    """Deterministic, batched (one numba call for the whole batch)."""

    name = "heuristic"

    def __init__(self, game=None, seed=0):
        if game is None:
            import games

            game = games.make("el_caballero")
        self.grid = int(game.grid)
        self.map_cards = int(game.map_cards)
        self.two_player_second = bool(game.options["two_player_second"])  # EC-GAP-22a

    def scores(self, observations, action_masks):
        """float64 (n, A): the value of every legal action, -inf where illegal; the bot's
        choice scores highest (score_one: its decision cascade as tiers)."""
        obs, masks = compiled_batch(observations, action_masks)
        out = np.empty(masks.shape, dtype=np.float64)
        if len(obs):
            score_batch(obs, masks, self.grid, self.map_cards, self.two_player_second, out)
        return out

    def __call__(self, observations, action_masks):
        obs, masks = compiled_batch(observations, action_masks)
        if obs.shape[0] == 0:
            return np.zeros(0, dtype=np.int64)
        return choose_batch(obs, masks, self.grid, self.map_cards, self.two_player_second)
