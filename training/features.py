"""Policy input layers (SB3 features extractors), chosen per game.

Every game: symlog(x) = sign(x) * log(1 + |x|) of the raw observation. Observations
mix one-hot flags with counts that grow during a game (fame, deck sizes, turn);
symlog keeps flags near 0.69 and squashes counts, with no statistics to store next
to the model, so any checkpoint acts on raw observations.

Spanish Main adds the ship facts re-indexed by position. Move actions name ships by
position (1-9), while the observation lists facts per ship id; multiplying the
row's one-hot (position x ship) into the per-ship facts lines each position up with
its ship (mine? damaged? fame? nation? who moved it?), so "push my ship at
position 6" is a near-linear read-out instead of a product the network must learn.
"""

import numpy as np
import torch
from gymnasium import spaces
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor


def symlog(x):
    return torch.sign(x) * torch.log1p(torch.abs(x))


class SymlogExtractor(BaseFeaturesExtractor):
    def __init__(self, observation_space: spaces.Box):
        super().__init__(observation_space, features_dim=int(observation_space.shape[0]))

    def forward(self, observations):
        return symlog(observations)


class SpanishMainExtractor(BaseFeaturesExtractor):
    """symlog(observation) followed by per-position ship facts (9 positions x 26)."""

    # per-ship segments of spaces.OBS to re-index: (name, facts per ship, transposed?)
    SHIP_SEGMENTS = (("damaged", 1, False), ("fame", 1, False), ("mine", 1, False),
                     ("revealed_owner", 4, False), ("known_unowned", 1, False),
                     ("known_not_owner", 4, True), ("moved_by", 4, True), ("sabotaged_by", 4, True))

    def __init__(self, observation_space: spaces.Box):
        from games.spanish_main import data as D
        from games.spanish_main.spaces import OBS

        self.ships = D.NUM_SHIPS
        facts = sum(k for _, k, _ in self.SHIP_SEGMENTS) + len(D.NATIONS)
        super().__init__(observation_space, features_dim=int(observation_space.shape[0]) + self.ships * facts)
        self.row = OBS["row"].slice
        self.segments = [(OBS[name].slice, k, t) for name, k, t in self.SHIP_SEGMENTS]
        nation = np.eye(len(D.NATIONS), dtype=np.float32)[D.SHIP_NATION]  # ship x nation
        self.register_buffer("nation", torch.as_tensor(nation))

    def forward(self, observations):
        n, s = observations.shape[0], self.ships
        row = observations[:, self.row].reshape(n, s, s)  # position x ship one-hot
        per_ship = [self.nation.expand(n, -1, -1)]
        for sl, k, transposed in self.segments:
            part = observations[:, sl].reshape(n, k, s).transpose(1, 2) if transposed else \
                observations[:, sl].reshape(n, s, k)
            per_ship.append(part)
        by_position = torch.bmm(row, torch.cat(per_ship, dim=2))  # position x facts
        return torch.cat([symlog(observations), symlog(by_position.reshape(n, -1))], dim=1)


class SpanishMainLookaheadExtractor(SpanishMainExtractor):
    """Also the heuristic bot's view, computed from the observation alone: the
    one-turn lookahead value of every action (relative to passing; accusations at
    their expected value) and its beliefs about who owns which ship. The network
    learns when to follow those estimates and when not to."""

    def __init__(self, observation_space: spaces.Box):
        super().__init__(observation_space)
        from games.spanish_main.spaces import BASE_ACTIONS
        from games.spanish_main.state import P, S

        self.num_actions = BASE_ACTIONS.size
        self._features_dim += self.num_actions + P * S

    def forward(self, observations):
        from .bots.spanish_main import DEFAULT_PARAMS, lookahead_features

        extra = lookahead_features(observations.detach().cpu().numpy(), DEFAULT_PARAMS, self.num_actions)
        extra = torch.as_tensor(extra, dtype=observations.dtype, device=observations.device)
        return torch.cat([super().forward(observations), extra], dim=1)


EXTRACTORS = {"spanish_main": SpanishMainLookaheadExtractor}


def extractor_for(game_name):
    """The features extractor class a game's policies use."""
    return EXTRACTORS.get(game_name, SymlogExtractor)
