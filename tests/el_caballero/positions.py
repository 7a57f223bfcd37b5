"""Build El Caballero positions for rule tests, in the notation of the rules' test
scenarios (docs/rules/el_caballero.md, "Test scenarios").

Every position starts from a seeded game's JSON, is edited field by field and is
loaded back through ``g.from_json``, so the engine's own validation
(``ElCaballero.check_position``) checks each position a test builds.

- an area card is ``("CAPE", rot, (x, y))`` or ``("CAPE", rot, (x, y), "fish")``;
  a card of that type and symbol not yet used is taken;
- a caballero card is ``dict(seat=0, at=(x, y), o=5, castillo=False, ships="S")``
  (ships: the sides carrying one), numbered k = 0, 1, ... per seat in the order given;
- the display is a list of ``("CORNER", None)`` or ``("CORNER", "gold")``.
The position is the turn of ``player`` in round ``rnd``; power values are given by
``played`` (seat -> value), default: ``player`` 13 and the others lower, so ``player``
is first in turn order.
"""

import numpy as np

import games
from games.core.batch import kernel_record
from games.el_caballero import data as D
from games.el_caballero.state import MAXM, Phase

DIR = {"N": 0, "E": 1, "S": 2, "W": 3}


def make(num_players=3, **options):
    return games.make("el_caballero", num_players=num_players, **options)


def cell(g, x, y):
    """Flat cell index of (x, y) (EC-3.1: row y + R, column x + R)."""
    return (y + g.radius) * g.grid + (x + g.radius)


def action(g, family, *where):
    """The flat action id of a family parameter, e.g. action(g, "place_area", slot, rot)."""
    seg = g.action_layout[family]
    return seg.index(*where) if where else seg.start


def cell_action(g, x, y):
    return action(g, "cell", y + g.radius, x + g.radius)


def _pick(type_name, symbol, used):
    t = D.TYPE_NAMES.index(type_name)
    for c in range(D.NUM_CARDS):
        sym = "gold" if D.CARD_GOLD[c] else "fish" if D.CARD_FISH[c] else None
        if c not in used and D.CARD_TYPE[c] == t and sym == symbol:
            used.add(c)
            return c
    raise ValueError(f"no unused {type_name} card with {symbol}")


def position(
    num_players=3,
    cards=(),
    cabs=(),
    display=(("CORNER", None),),
    player=0,
    rnd=1,
    played=None,
    options=None,
    seed=7,
    **fields,
):
    """A batch of one position (see the module docstring); ``fields`` override record fields last."""
    g = make(num_players, **(options or {}))
    doc = g.to_json(g.init(np.array([seed]))[0])
    st = doc["state"]
    n, G = num_players, g.grid
    used = set()
    area = [[-1] * G for _ in range(G)]
    card_cell, card_rot = [-1] * D.NUM_CARDS, [0] * D.NUM_CARDS
    for spec in cards:
        name, rot, (x, y) = spec[:3]
        c = _pick(name, spec[3] if len(spec) > 3 else None, used)
        card_cell[c], card_rot[c] = cell(g, x, y), rot
        area[y + g.radius][x + g.radius] = c
    slots = [_pick(name, sym, used) for name, sym in display] + [-1] * (D.DISPLAY_SIZE - len(display))
    deck = [c for c in range(D.NUM_CARDS) if c not in used]
    st.update(
        area=area,
        card_cell=card_cell,
        card_rot=card_rot,
        display=slots,
        deck=deck + [-1] * (D.NUM_CARDS - len(deck)),
        deck_len=len(deck),
    )
    cab = [[-1] * G for _ in range(G)]
    cab_cell = [[-1] * MAXM for _ in range(4)]
    orient = [[0] * MAXM for _ in range(4)]
    castillo = [[0] * MAXM for _ in range(4)]
    ship = [[[0] * 4 for _ in range(MAXM)] for _ in range(4)]
    count = [0] * 4
    for spec in cabs:
        p, (x, y) = spec["seat"], spec["at"]
        k = count[p]
        count[p] += 1
        cab_cell[p][k] = cell(g, x, y)
        cab[y + g.radius][x + g.radius] = p * MAXM + k
        orient[p][k] = spec.get("o", 0)
        castillo[p][k] = int(spec.get("castillo", False))
        for side in spec.get("ships", ""):
            ship[p][k][DIR[side]] = 1
    st.update(cab=cab, cab_cell=cab_cell, cab_orient=orient, castillo=castillo, ship=ship)
    played = dict(played or {})
    values = iter(v for v in range(13, 0, -1) if v not in played.values())
    for p in [player] + [q for q in range(n) if q != player]:
        if p not in played:
            played[p] = next(values)
    order = sorted(range(n), key=lambda p: -played[p])
    hand = [[0] * 13 for _ in range(4)]
    for p in range(n):
        left = [v for v in range(1, 14) if v != played[p]]
        for v in left[rnd - 1 :]:
            hand[p][v - 1] = 1
    idx = order.index(player)
    st.update(
        phase=int(Phase.TURN),
        round_no=rnd,
        played=[played.get(p, 0) for p in range(4)],
        power_hand=hand,
        turn_order=order + [0] * (4 - n),
        turn_idx=idx,
        current_player=player,
        turn=(rnd - 1) * n + idx,
        start_player=order[0],
        area_left=2 if played[player] == 9 else 1,
    )
    reserve = fields.get("ship_reserve", [0] * 4)
    on_map = sum(sum(map(sum, row)) for row in ship)
    st.update(supply_ships=g.supply - on_map - sum(reserve), supply_castillos=g.supply - sum(map(sum, castillo)))
    st.update(fields)
    return g, g.from_json(doc)


def legal_labels(g, state):
    return [g.action_label(state[0], a) for a in g.legal_actions(state[0])]


def strength(g, state, x, y, seat):
    """str(seat, R) of the land region of the area card at (x, y) (EC-3.15)."""
    from games.el_caballero.rules.engine import board_facts

    rec = state[0]
    root, st = board_facts(kernel_record(rec))
    card = int(rec["area"][y + g.radius, x + g.radius])
    for d in range(4):
        node = card * 3 + int(D.ROT_PIECE[D.CARD_TYPE[card], rec["card_rot"][card], d])
        if node % 3 == 0:
            return int(st[root[node], seat])
    raise ValueError("no land on that card")


def orient(side, value):
    """The orientation showing ``value`` on ``side`` ("N".."W") (EC-3.13 inverse)."""
    return int(D.ORIENT_FOR[DIR[side], value])


def region_of(g, state, x, y, piece=0):
    """(root node, V, closed) of the region of piece ``piece`` of the area card at (x, y)."""
    from games.el_caballero.rules.geometry import NODES, closed_regions, find_regions, region_values

    rec = state[0]
    root = np.empty(NODES, np.int64)
    value = np.empty(NODES, np.int64)
    closed = np.empty(NODES, np.int64)
    find_regions(kernel_record(rec), root)
    region_values(kernel_record(rec), root, value)
    closed_regions(kernel_record(rec), root, closed)
    r = root[int(rec["area"][y + g.radius, x + g.radius]) * 3 + piece]
    return int(r), int(value[r]), bool(closed[r])


def play(g, state, *actions):
    """Step the actions in turn (each checked legal by ``g.step``)."""
    for a in actions:
        g.step(state, np.array([a]))
    return state


def legal(g, state, a):
    return bool(g.legal_action_mask(state)[0, a])


def legal_cells(g, state):
    """(x, y) of every legal action of the cell head."""
    seg = g.action_layout["cell"]
    out = []
    for a in g.legal_actions(state[0]):
        if seg.start <= a < seg.stop:
            row, col = divmod(a - seg.start, g.grid)
            out.append((col - g.radius, row - g.radius))
    return sorted(out)


def random_step(g, state, rng, seed, mask=None):
    """A uniformly drawn legal move in every row of ``state`` (``mask``: its legal mask,
    if the caller has it); a finished game starts again from the next seed. Returns the
    next seed not used yet."""
    mask = g.legal_action_mask(state) if mask is None else mask
    g.step_unchecked(state, np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask]))
    done = np.flatnonzero(state["terminated"])
    if done.size:
        state[done] = g.init(np.arange(seed, seed + done.size))
    return seed + done.size
