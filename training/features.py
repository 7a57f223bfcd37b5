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

El Caballero's map comes as one row per card (EC-12); the extractor scatters the rows
onto spatial planes over the whole grid (games/el_caballero/planes.py lays out the same
planes for the heuristic), and a small convolutional stack reads them (3x3 kernels, so a cell sees its four neighbours:
the
contacts, matching and regions of EC-3 are all about shared edges), pooled to a
coarse map so the features keep where on the grid things are; the other segments
go through symlog as in every game.

Maracaibo's cards come as one-hot (or multi-hot) rows over the 157 A and B cards, one per
hand index, display slot, planning slot, personal display and the discard (two thirds of
the observation; the C cards' twins of these rows, GAP-63, are inputs as any other). One
learned card embedding (157 -> ``CARD_DIM``), shared by every row,
turns each row into a few numbers at the row's own place: hand index i stays next to
"deliver / buy / plan / pay with hand card i", display slot s next to "draw slot s",
so what a card is worth is learnt once for every slot instead of once per slot, and the
first layer reads ~2,600 features instead of 6,675.
"""

import math

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
    SHIP_SEGMENTS = (
        ("damaged", 1, False),
        ("fame", 1, False),
        ("mine", 1, False),
        ("revealed_owner", 4, False),
        ("known_unowned", 1, False),
        ("known_not_owner", 4, True),
        ("moved_by", 4, True),
        ("sabotaged_by", 4, True),
    )

    def __init__(self, observation_space: spaces.Box):
        from games.spanish_main import data as D
        from games.spanish_main.spaces import OBS

        self.ships = D.NUM_SHIPS
        facts = sum(k for _, k, _ in self.SHIP_SEGMENTS) + len(D.NATIONS)
        super().__init__(observation_space, features_dim=int(observation_space.shape[0]) + self.ships * facts)
        self.row = OBS["row"].slice
        # where each ship's facts sit in the observation: ship x facts, in SHIP_SEGMENTS order,
        # so one gather (instead of a slice, reshape and transpose per segment) lays them out
        columns = []
        for name, k, transposed in self.SHIP_SEGMENTS:
            at = np.arange(OBS[name].slice.start, OBS[name].slice.stop)
            columns.append(at.reshape(k, self.ships).T if transposed else at.reshape(self.ships, k))
        self.register_buffer("columns", torch.as_tensor(np.concatenate(columns, axis=1).ravel()), persistent=False)
        nation = np.eye(len(D.NATIONS), dtype=np.float32)[D.SHIP_NATION]  # ship x nation
        self.register_buffer("nation", torch.as_tensor(nation))

    def forward(self, observations):
        n, s = observations.shape[0], self.ships
        row = observations[:, self.row].reshape(n, s, s)  # position x ship one-hot
        facts = observations.index_select(1, self.columns).reshape(n, s, -1)  # ship x facts
        per_ship = torch.cat([self.nation.expand(n, -1, -1), facts], dim=2)
        by_position = torch.bmm(row, per_ship)  # position x facts
        return symlog(torch.cat([observations, by_position.reshape(n, -1)], dim=1))


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


class ElCaballeroExtractor(BaseFeaturesExtractor):
    """symlog of every segment but the map's, then conv features of the board planes
    (``spaces.PLANES``, planes x G x G) scattered from the card rows: ``area_cards``,
    ``cards`` with ``caballeros``, and ``legal_cell`` (games/el_caballero/spaces.py)."""

    # the two conv layers: 3x3 at stride 1 (a cell and its neighbours), then 3x3 at stride 2;
    # narrow, because a PPO update convolves every cell of the 31 x 31 grid: on 2 CPU cores
    # (16, 32) made the updates several times slower than the rollouts
    CHANNELS = (8, 16)
    POOLED = 4  # the second layer's map pooled to POOLED x POOLED cells
    MAP_SEGMENTS = ("area_cards", "caballeros", "legal_cell")  # read as planes only

    def __init__(self, observation_space: spaces.Box):
        from torch import nn

        from games.el_caballero.spaces import AREA_FIELDS, PLANES, obs_layout

        size = int(observation_space.shape[0])
        legal = obs_layout(1)["legal_cell"]  # what comes before legal_cell is the same for any R
        side = math.isqrt(max(size - legal.start, 0))
        extra = size - legal.start - side * side  # 1: order="strict"'s turn_step after it
        if side % 2 == 0 or extra not in (0, obs_layout(1, True).size - obs_layout(1).size):
            raise ValueError(
                f"ElCaballeroExtractor: an observation of {size} entries is no el_caballero "
                "observation (no grid radius gives that size)"
            )
        layout = obs_layout(side // 2, extra > 0)
        self.radius, self.side = side // 2, side
        area, cabs, cards = layout["area_cards"], layout["caballeros"], layout["cards"]
        self.area, self.area_shape = area.slice, area.shape
        self.cabs, self.cabs_shape = cabs.slice, cabs.shape
        self.cards, self.cards_shape = cards.slice, cards.shape
        self.legal = layout["legal_cell"].slice
        self.num_planes = len(PLANES)
        first = AREA_FIELDS.index("terrain_n")
        self.area_fields = (first, AREA_FIELDS.index("governor_0"))  # terrain_n .. land_closed, then Governors
        self.rest = [seg.slice for seg in layout if seg.name not in self.MAP_SEGMENTS]
        flat = sum(seg.size for seg in layout if seg.name not in self.MAP_SEGMENTS)
        c1, c2 = self.CHANNELS
        super().__init__(observation_space, features_dim=flat + c2 * self.POOLED**2)
        self.conv = nn.Sequential(
            nn.Conv2d(len(PLANES), c1, 3, padding=1),
            nn.ReLU(),
            nn.Conv2d(c1, c2, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(self.POOLED),
            nn.Flatten(),
        )

    def _cells(self, rows):
        """Flat cells of rows (..., on_map, x / R, y / R, ...); G * G (a spare cell) off the map."""
        r, g = self.radius, self.side
        col = torch.round(rows[..., 1] * r).long() + r
        row = torch.round(rows[..., 2] * r).long() + r
        return torch.where(rows[..., 0] > 0.5, row * g + col, g * g)

    def _scatter(self, cells, values):
        """values (n, channels, cards) onto (n, channels, G * G) at cells (n, cards)."""
        n, c, _ = values.shape
        out = values.new_zeros(n, c, self.side * self.side + 1)
        out.scatter_(2, cells.unsqueeze(1).expand(-1, c, -1), values)
        return out[:, :, :-1]

    def planes(self, observations):
        """(n, planes, G, G) as games/el_caballero/planes.py lays them out."""
        n = observations.shape[0]
        area = observations[:, self.area].reshape(n, *self.area_shape)
        cards = observations[:, self.cards].reshape(n, -1, self.cards_shape[-1])
        cabs = observations[:, self.cabs].reshape(n, -1, self.cabs_shape[-1])
        first, governor = self.area_fields
        owner = torch.eye(self.cards_shape[0], dtype=observations.dtype, device=observations.device)
        owner = owner.repeat_interleave(self.cards_shape[1], dim=0).expand(n, -1, -1)  # card j: seat j // MAXM
        on_area = area[..., :1]
        area_values = torch.cat([on_area, area[..., first:governor], area[..., governor:].amax(-1, keepdim=True)], -1)
        area_planes = self._scatter(self._cells(area), area_values.transpose(1, 2))
        cab_planes = self._scatter(self._cells(cards), torch.cat([owner, cabs], -1).transpose(1, 2))
        legal = observations[:, self.legal].reshape(n, 1, -1)
        planes = torch.cat([area_planes[:, :-1], cab_planes, area_planes[:, -1:], legal], 1)
        return planes.reshape(n, self.num_planes, self.side, self.side)

    def forward(self, observations):
        rest = torch.cat([observations[:, sl] for sl in self.rest], dim=1)
        return torch.cat([symlog(rest), self.conv(self.planes(observations))], dim=1)


class MaracaiboExtractor(BaseFeaturesExtractor):
    """symlog of every segment but the card rows, then the card rows through one shared
    card embedding (``CARD_SEGMENTS`` of games/maracaibo/spaces.OBS, by name; the solo
    layout, which appends Jean's board, is read the same way)."""

    # the segments whose last axis is the card id (MA-29: one-hot per slot, multi-hot per pile)
    CARD_SEGMENTS = ("bought", "planning", "my_hand", "display", "discard")
    CARD_DIM = 16

    def __init__(self, observation_space: spaces.Box):
        from torch import nn

        from games.maracaibo.solo.spaces import OBS_SOLO
        from games.maracaibo.spaces import OBS
        from games.maracaibo.state import NC_AB as NC  # the A/B card segments (the C cards' are inputs as any)

        size = int(observation_space.shape[0])
        layout = {OBS.size: OBS, OBS_SOLO.size: OBS_SOLO}.get(size)
        if layout is None:
            raise ValueError(
                f"MaracaiboExtractor: an observation of {size} entries is neither maracaibo's "
                f"({OBS.size}) nor maracaibo_solo's ({OBS_SOLO.size})"
            )
        cards = [layout[name] for name in self.CARD_SEGMENTS]
        if any(seg.shape[-1] != NC for seg in cards):
            raise ValueError("MaracaiboExtractor: a card segment's last axis is not the card id")
        self.cards = [(seg.slice, seg.size // NC) for seg in cards]  # (where, rows of NC)
        self.rest = [seg.slice for seg in layout if seg.name not in self.CARD_SEGMENTS]
        rows = sum(r for _, r in self.cards)
        self.num_cards = NC
        super().__init__(observation_space, features_dim=size - rows * NC + rows * self.CARD_DIM)
        self.embed = nn.Linear(NC, self.CARD_DIM, bias=False)

    def forward(self, observations):
        n = observations.shape[0]
        rest = torch.cat([observations[:, sl] for sl in self.rest], dim=1)
        rows = torch.cat([observations[:, sl].reshape(n, r, self.num_cards) for sl, r in self.cards], dim=1)
        return torch.cat([symlog(rest), self.embed(rows).reshape(n, -1)], dim=1)


EXTRACTORS = {
    "spanish_main": SpanishMainLookaheadExtractor,
    "el_caballero": ElCaballeroExtractor,
    "maracaibo_solo": MaracaiboExtractor,
}


def extractor_for(game_name):
    """The features extractor class a game's policies use."""
    return EXTRACTORS.get(game_name, SymlogExtractor)
