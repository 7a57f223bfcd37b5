"""EC-12: the observation's card rows hold every card, number, piece and region value a
seat may see, and ``board_planes`` lays them out on the grid cell by cell."""

import numpy as np
import pytest

import games
from games.el_caballero import data as D
from games.el_caballero.decode import decode
from games.el_caballero.planes import board_planes
from games.el_caballero.rules.geometry import NODES, closed_regions, side_node
from games.el_caballero.rules.scoring import board_regions
from games.el_caballero.spaces import CELL_OFFSET, PLANE
from games.el_caballero.state import MAXM, Phase
from tests.training.random_positions import random_live_states


# the radius-4 map checks a row's every cell in Python: minutes, so the quick loop leaves it out
CONFIGS = [
    dict(num_players=3),
    dict(num_players=4, expanded=True),
    pytest.param(dict(num_players=2, radius=4, expanded=True), marks=pytest.mark.slow),
]


def live_states(game, seed=3):
    """Live records after up to 400 random legal moves: deep enough for full maps,
    ships, castillos and Governors."""
    return random_live_states(game, n=24, max_depth=400, seed=seed)


def regions(rec):
    """(root, value, closed) of every piece node, as the scoring (EC-3.10, EC-3.11) and
    the closure rule (EC-3.12) read the board."""
    root, value = np.empty(NODES, np.int64), np.empty(NODES, np.int64)
    board_regions(rec, root, value, np.empty((NODES, 4), np.int64))
    closed = np.empty(NODES, np.int64)
    closed_regions(rec, root, closed)
    return root, value, closed


def cell_xy(game, cell):
    return cell % game.grid - game.radius, cell // game.grid - game.radius


def check_view(game, rec, seat, obs, mask):
    view = decode(obs, game.radius)
    n, R = game.num_players, game.radius
    root, value, closed = regions(rec)
    area = view["area_cards"].array
    for a in range(D.NUM_CARDS):  # EC-3.7: every area card on the map, its face and its regions
        row = area[a]
        cell = rec["card_cell"][a]
        if cell < 0:
            assert not row.any()
            continue
        x, y = cell_xy(game, cell)
        assert (row[0], round(row[1] * R), round(row[2] * R)) == (1, x, y)
        terrain = D.ROT_EDGE[D.CARD_TYPE[a], rec["card_rot"][a]]
        assert list(row[3:7]) == [1.0 if t == D.LAND else -1.0 for t in terrain]  # EC-3.6
        assert (row[7], row[8]) == (D.CARD_GOLD[a], D.CARD_FISH[a])
        land = [root[side_node(rec, a, d)] for d in range(4) if terrain[d] == D.LAND]
        seas = [value[root[side_node(rec, a, d)]] for d in range(4) if terrain[d] != D.LAND]
        assert round(row[9] * 10) == (value[land[0]] if land else 0)  # EC-3.11
        assert round(row[10] * 10) == max(seas, default=0)
        assert row[11] == (closed[land[0]] if land else 0)  # EC-3.12
    governors = np.zeros((D.NUM_CARDS, D.PIECES))
    for q in range(n):
        r = (q - seat) % n
        for node in rec["governor"][q]:
            if node >= 0:  # EC-10.4: the piece it stands on and whose it is
                governors[node // 3, node % 3] = (r + 1) / 4
        for k in range(MAXM):  # EC-3.13, EC-3.16, EC-3.17, EC-10.6: every caballero card on the map
            cell = rec["cab_cell"][q, k]
            placed = view["cards"].array[r, k]
            facts = view["caballeros"].array[r, k]
            if cell < 0:
                assert not placed.any() and not facts.any()
                continue
            x, y = cell_xy(game, cell)
            assert (placed[0], round(placed[1] * R), round(placed[2] * R)) == (1, x, y)
            assert list(np.round(facts[:4] * 8)) == list(D.NUM[rec["cab_orient"][q, k]])
            assert list(facts[4:8]) == list(rec["ship"][q, k])
            assert (facts[8], facts[9]) == (rec["castillo"][q, k], rec["grande"][q] == k)
    assert np.array_equal(area[:, 12:15], governors)
    legal = view["legal_cell"].ravel()  # EC-11: the cells the pending placement may take
    if rec["phase"] == Phase.CELL:
        assert np.array_equal(legal, mask[CELL_OFFSET:]) and legal.any()
    else:
        assert not legal.any()


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_card_number_piece_and_region_value_is_in_the_rows(options):
    game = games.make("el_caballero", **options)
    states = live_states(game)
    assert (states["card_cell"] >= 0).sum(axis=1).max() > 15 and (states["cab_cell"] >= 0).any()
    if options.get("expanded"):
        assert (states["governor"] >= 0).any()  # the positions reach Governors
    masks = game.legal_action_mask(states)
    for seat in range(game.num_players):
        obs = game.observe(states, np.full(len(states), seat))
        for b in range(len(states)):
            check_view(game, states[b], seat, obs[b], masks[b])


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_board_planes_put_every_row_on_its_cell(options):
    game = games.make("el_caballero", **options)
    states = live_states(game, seed=5)
    seats = game.current_player(states)
    obs = game.observe(states, seats)
    planes = board_planes(obs, game.radius)
    assert planes.shape == (len(states), len(PLANE), game.grid, game.grid)
    for b, rec in enumerate(states):
        view = decode(obs[b], game.radius)
        p = planes[b].reshape(len(PLANE), -1)
        expected = np.zeros_like(p)
        for a in np.flatnonzero(rec["card_cell"] >= 0):
            row, cell = view["area_cards"].array[a], rec["card_cell"][a]
            expected[PLANE["area"], cell] = 1
            expected[PLANE["terrain_n"] : PLANE["land_closed"] + 1, cell] = row[3:12]
            expected[PLANE["governor"], cell] = row[12:15].max()
        n = game.num_players
        for q in range(n):
            r = (q - seats[b]) % n
            for k in np.flatnonzero(rec["cab_cell"][q] >= 0):
                cell = rec["cab_cell"][q, k]
                assert rec["area"].ravel()[cell] < 0  # EC-3.3: one card a cell
                expected[PLANE["owner_0"] + r, cell] = 1
                expected[PLANE["number_n"] : PLANE["grande"] + 1, cell] = view["caballeros"].array[r, k]
        expected[PLANE["legal_cell"]] = view["legal_cell"].ravel()
        assert np.array_equal(p, expected)


def test_the_observation_is_a_tenth_of_the_grid_planes():
    # the map as rows: 26 planes over the whole 31 x 31 grid were 24,986 entries
    game = games.make("el_caballero")
    lay = game.obs_layout
    assert lay["legal_cell"].shape == (game.grid, game.grid)
    assert game.obs_size < 26 * game.grid * game.grid / 10


def test_board_planes_refuse_a_short_observation():
    with pytest.raises(ValueError, match="radius 15 has at least"):
        board_planes(np.zeros(100, np.float32), 15)
