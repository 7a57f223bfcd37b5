"""``heuristic`` for Spanish Main: a one-turn lookahead on the public board.

For every legal action the bot replays the move card and the current adventure on
its own copy of the ship row, decoded from its observation (so it sees only what
its seat may see: its own pirates, never the others'), and scores the result:

    value = sum over ships of weight(ship) * (fame + horizon * fame rate of its position)
            + fame it banks by accusing

``weight`` is +1 for its own ships and ``-rival_weight * P(an opponent owns it)`` for
the others. That probability comes from public evidence: who moved a ship forward
(owners push their own ships), who sabotaged it (owners rarely damage their own),
wrong accusations, Mutiny and reveals. What a person sees it do: push its ships to
the front, push suspected rivals' ships back or sabotage them, repair when its
ships are damaged, play Fog before a bad adventure, accuse when a suspected ship
carries enough fame.
"""

import numpy as np
from numba import njit

from games.spanish_main import data as D
from games.spanish_main.rules import move_block, nation_move
from games.spanish_main.spaces import (
    A_ACCUSE,
    A_ACCUSE_DISCARD,
    A_PASS,
    A_REPAIR,
    O_DAMAGED,
    O_DECK,
    O_FAME,
    O_MINE,
    O_MOVED,
    O_NOT_OWNER,
    O_NUM_PLAYERS,
    O_PHASE,
    O_QUEUE,
    O_REVEALED,
    O_ROW,
    O_SABOTAGED,
    O_UNOWNED,
    PLAY_KIND,
    PLAY_PARAM,
)
from games.spanish_main.state import P, S

from .base import Bot, compiled_batch

# observation offsets: spaces.O_*; seats are relative, 0 = the bot itself
AK, MK = D.NUM_ADVENTURE_KINDS, D.NUM_MOVE_KINDS

SHIP_NATION = D.SHIP_NATION
ADV_SELECT, ADV_POSITIONS, ADV_N = D.ADV_SELECT, D.ADV_POSITIONS, D.ADV_N
ADV_GAIN, ADV_DAMAGE, ADV_LOSE, ADV_NATION = D.ADV_GAIN, D.ADV_DAMAGE, D.ADV_LOSE, D.ADV_NATION
MOVE_EFFECT, MOVE_DIST, MOVE_NATION = D.MOVE_EFFECT, D.MOVE_DIST, D.MOVE_NATION
MV_SINGLE, MV_PAIR, MV_NATION, MV_SABOTAGE, MV_FOG = D.MoveEffect  # the codes in order (data.MoveEffect)
SEL_POSITIONS, SEL_FIRST, SEL_LAST, SEL_MUTINY, SEL_ATTACK, SEL_LOOT = D.Select  # data.Select in order


def position_fame_rate():
    """Expected fame per adventure for an undamaged ship at each position, over the
    full deck (fixed-position and first-n cards), minus the expected fame lost there."""
    rate = np.zeros(D.NUM_POSITIONS)
    weights = D.ADV_COUNT / D.ADV_COUNT.sum()
    for k in range(D.NUM_ADVENTURE_KINDS):
        if D.ADV_SELECT[k] == SEL_POSITIONS:
            hit = D.ADV_POSITIONS[k][D.ADV_POSITIONS[k] >= 0]
        elif D.ADV_SELECT[k] == SEL_FIRST:
            hit = np.arange(D.ADV_N[k])
        else:
            continue
        rate[hit] += weights[k] * (D.ADV_GAIN[k] - D.ADV_LOSE[k])
    return rate


FAME_RATE = position_fame_rate()

# discard order when an accusation must be paid for (SM-10.2.4): weakest cards first
DISCARD_PREFERENCE = np.array([1, 3, 7, 8, 9, 11, 4, 5, 6, 10, 2, 0], dtype=np.int64)

# parameters: names and defaults (a float vector, so tuning needs no recompilation)
PARAM_NAMES = (
    "horizon",
    "rival_weight",
    "damaged_factor",
    "move_evidence",
    "sabotage_evidence",
    "accuse_min_p",
    "repair_bias",
)
DEFAULT_PARAMS = np.array([3.0, 0.6, 0.35, 0.25, 1.0, 0.3, 0.0])


@njit(cache=True)
def _num_players(obs):
    for j in range(3):
        if obs[O_NUM_PLAYERS + j] > 0.5:
            return j + 2
    return 2


@njit(cache=True)
def ownership_beliefs(obs, n, params, prob):
    """prob[r, s]: probability that relative seat r owns ship s (r = 0: certain)."""
    move_ev, sab_ev = params[3], params[4]
    k = 3 if n == 2 else 2
    prob[:] = 0.0
    unknown = np.zeros(S, dtype=np.bool_)
    left = np.full(P, float(k))
    for s in range(S):
        if obs[O_MINE + s] > 0.5:
            prob[0, s] = 1.0
            continue
        known = False
        for r in range(n):
            if obs[O_REVEALED + s * P + r] > 0.5:
                prob[r, s] = 1.0
                left[r] -= 1.0
                known = True
        if known or obs[O_UNOWNED + s] > 0.5:
            continue
        unknown[s] = True
        for r in range(1, n):
            if obs[O_NOT_OWNER + r * S + s] < 0.5:
                e = move_ev * obs[O_MOVED + r * S + s] - sab_ev * obs[O_SABOTAGED + r * S + s]
                prob[r, s] = np.exp(min(max(e, -4.0), 4.0))
    for r in range(1, n):  # spread each rival's unrevealed pirates over its candidates
        total = 0.0
        for s in range(S):
            if unknown[s]:
                total += prob[r, s]
        for s in range(S):
            if unknown[s]:
                prob[r, s] = min(prob[r, s] * left[r] / total, 0.95) if total > 0 else 0.0


@njit(cache=True)
def _resolve_adventure(kind, row, damaged, fame, unrevealed, owned_prob):
    """The current adventure on the bot's copy of the board (SM-6); fame is expected fame."""
    sel = ADV_SELECT[kind]
    if sel == SEL_MUTINY:  # SM-6.9.16: the frontmost unrevealed ship loses half if owned
        for i in range(S):
            s = row[i]
            if unrevealed[s]:
                fame[s] -= owned_prob[s] * np.ceil(fame[s] / 2.0)
                return
    elif sel == SEL_ATTACK:  # SM-6.9.17
        nation = ADV_NATION[kind]
        for i in range(S - 1, -1, -1):
            if SHIP_NATION[row[i]] == nation and damaged[row[i]] == 0:
                for j in range(i):
                    if SHIP_NATION[row[j]] != nation:
                        damaged[row[j]] = 1
                return
    elif sel == SEL_LOOT:  # SM-6.9.18
        nation = ADV_NATION[kind]
        for i in range(S):
            looter = row[i]
            if SHIP_NATION[looter] != nation or damaged[looter]:
                continue
            for j in range(i + 1, S):
                victim = row[j]
                if SHIP_NATION[victim] != nation and fame[victim] >= 1.0:
                    fame[victim] -= 1.0
                    fame[looter] += 1.0
    else:
        chosen = np.zeros(S, dtype=np.bool_)
        if sel == SEL_POSITIONS:
            for j in range(S):
                if ADV_POSITIONS[kind, j] >= 0:
                    chosen[row[ADV_POSITIONS[kind, j]]] = True
        else:
            left = ADV_N[kind]
            for j in range(S):
                i = j if sel == SEL_FIRST else S - 1 - j
                if left > 0 and damaged[row[i]] == 0:
                    chosen[row[i]] = True
                    left -= 1
        for s in range(S):
            if chosen[s]:
                if damaged[s] == 0:
                    fame[s] += ADV_GAIN[kind]
                if ADV_DAMAGE[kind]:
                    damaged[s] = 1
                if ADV_LOSE[kind]:
                    fame[s] = max(fame[s] - ADV_LOSE[kind], 0.0)


@njit(cache=True)
def _board_value(row, damaged, fame, weight, horizon, damaged_factor):
    v = 0.0
    for i in range(S):
        s = row[i]
        rate = FAME_RATE[i] * (damaged_factor if damaged[s] else 1.0)
        v += weight[s] * (fame[s] + horizon * rate)
    return v


@njit(cache=True)
def _after(action, adventure, row0, dmg0, fame0, unrevealed, owned_prob, weight, horizon, damaged_factor, steal_ship):
    """Board value after ``action`` and this turn's adventure; ``steal_ship`` >= 0 plays a
    correct accusation of that ship."""
    row, damaged, fame = row0.copy(), dmg0.copy(), fame0.copy()
    resolve = True
    banked = 0.0
    if action < A_REPAIR:
        kind, param = PLAY_KIND[action], PLAY_PARAM[action]
        eff = MOVE_EFFECT[kind]
        if eff == MV_SINGLE or eff == MV_PAIR:
            length = 1 if eff == MV_SINGLE else 2
            target = min(max(param + MOVE_DIST[kind], 0), S - length)
            move_block(row, param, length, target)
        elif eff == MV_NATION:
            nation_move(row, MOVE_NATION[kind], MOVE_DIST[kind])
        elif eff == MV_SABOTAGE:
            damaged[row[param]] = 1
        elif eff == MV_FOG:
            resolve = False
    elif action == A_REPAIR:
        damaged[:] = 0
    if steal_ship >= 0:  # SM-5.4.4: half rounded up to the accuser's bank
        take = np.ceil(fame[steal_ship] / 2.0)
        fame[steal_ship] -= take
        banked += take
    if resolve and adventure >= 0:
        _resolve_adventure(adventure, row, damaged, fame, unrevealed, owned_prob)
    return _board_value(row, damaged, fame, weight, horizon, damaged_factor) + banked


@njit(cache=True)
def action_values(obs, params, out, prob, threshold=True):
    """Lookahead value of every action into ``out`` (A,), legal or not, and the
    ownership beliefs into ``prob`` (P, S); returns the value of passing. With
    ``threshold``, accusations below ``accuse_min_p`` score as a pass minus one."""
    n = _num_players(obs)
    horizon_max, rival_weight, damaged_factor, accuse_min_p = params[0], params[1], params[2], params[5]
    row = np.zeros(S, dtype=np.int64)
    for i in range(S):
        for s in range(S):
            if obs[O_ROW + i * S + s] > 0.5:
                row[i] = s
    damaged = np.zeros(S, dtype=np.int64)
    fame = np.zeros(S)
    for s in range(S):
        damaged[s] = 1 if obs[O_DAMAGED + s] > 0.5 else 0
        fame[s] = obs[O_FAME + s]
    ownership_beliefs(obs, n, params, prob)
    weight = np.zeros(S)
    owned_prob = np.zeros(S)
    unrevealed = np.ones(S, dtype=np.bool_)
    for s in range(S):
        rivals = 0.0
        for r in range(1, n):
            rivals += prob[r, s]
            if prob[r, s] >= 1.0:
                unrevealed[s] = False
        if obs[O_REVEALED + s * P] > 0.5:
            unrevealed[s] = False
        rivals = min(rivals, 1.0)
        weight[s] = prob[0, s] - rival_weight * rivals
        owned_prob[s] = min(prob[0, s] + rivals, 1.0)
    adventure = -1
    for k in range(AK):
        if obs[O_QUEUE + k] > 0.5:
            adventure = k
    horizon = min(horizon_max, obs[O_DECK])  # no future fame after the last adventure

    pass_value = _after(
        A_PASS, adventure, row, damaged, fame, unrevealed, owned_prob, weight, horizon, damaged_factor, -1
    )
    for a in range(out.shape[0]):
        if A_ACCUSE <= a < A_PASS:
            off, ship = (a - A_ACCUSE) // S + 1, (a - A_ACCUSE) % S
            p = prob[off, ship] if off < n else 0.0
            if prob[0, ship] > 0 or off >= n or (threshold and p < accuse_min_p):
                out[a] = pass_value - 1.0
                continue
            hit = _after(
                a, adventure, row, damaged, fame, unrevealed, owned_prob, weight, horizon, damaged_factor, ship
            )
            out[a] = p * hit + (1.0 - p) * pass_value  # a wrong accusation is a pass
        elif a >= A_PASS:
            out[a] = pass_value  # passes (with or without a discard) and accusation discards
        else:
            out[a] = _after(
                a, adventure, row, damaged, fame, unrevealed, owned_prob, weight, horizon, damaged_factor, -1
            )
    return pass_value


@njit(cache=True)
def choice_values(obs, mask, params, values):
    """What ``choose_one`` maximises, into ``values`` (A,): -inf where illegal. Paying
    for an accusation, the discards rank by ``DISCARD_PREFERENCE``; passing with a
    discard ranks just below the plain pass it equals (the bot never picks it)."""
    values[:] = -np.inf
    if obs[O_PHASE] > 0.5:  # paying for an accusation: discard the weakest card
        for rank, k in enumerate(DISCARD_PREFERENCE):
            if mask[A_ACCUSE_DISCARD + k]:
                values[A_ACCUSE_DISCARD + k] = -float(rank)
        return
    raw = np.zeros(mask.shape[0])
    action_values(obs, params, raw, np.zeros((P, S)))
    raw[A_REPAIR] += params[6]  # repair_bias
    raw[A_PASS] += 1e-6  # rather do nothing than a move that changes nothing
    for a in range(mask.shape[0]):
        if mask[a]:
            values[a] = raw[a] - 1e-3 if A_PASS < a < A_ACCUSE_DISCARD else raw[a]


@njit(cache=True)
def choose_one(obs, mask, params):
    values = np.empty(mask.shape[0])
    choice_values(obs, mask, params, values)
    best, best_value = A_PASS, -np.inf
    for a in range(mask.shape[0]):
        if values[a] > best_value + 1e-9:
            best, best_value = a, values[a]
    return best


@njit(cache=True)
def scores_batch(observations, masks, params):
    out = np.empty(masks.shape)
    for b in range(observations.shape[0]):
        choice_values(observations[b], masks[b], params, out[b])
    return out


@njit(cache=True)
def choose_batch(observations, masks, params):
    out = np.empty(observations.shape[0], dtype=np.int64)
    for b in range(observations.shape[0]):
        out[b] = choose_one(observations[b], masks[b], params)
    return out


@njit(cache=True)
def lookahead_features(observations, params, num_actions):
    """Per row: every action's lookahead value relative to passing (accusations at
    their expected value, no threshold), then the ownership beliefs (P x S)."""
    out = np.zeros((observations.shape[0], num_actions + P * S))
    prob = np.zeros((P, S))
    for b in range(observations.shape[0]):
        values = out[b, :num_actions]
        values -= action_values(observations[b], params, values, prob, False)
        out[b, num_actions:] = prob.ravel()
    return out


class SpanishMainHeuristic(Bot):
    """Deterministic, batched (one numba call for the whole batch)."""

    name = "heuristic"

    def __init__(self, game=None, seed=0, **params):
        self.params = DEFAULT_PARAMS.copy()
        for key, value in params.items():
            self.params[PARAM_NAMES.index(key)] = float(value)

    def __call__(self, observations, action_masks):
        obs, masks = compiled_batch(observations, action_masks)
        if obs.shape[0] == 0:
            return np.zeros(0, dtype=np.int64)
        return choose_batch(obs, masks, self.params)

    def scores(self, observations, action_masks):
        """float64 (n, A): the value ``__call__`` maximises per action, -inf where illegal."""
        obs, masks = compiled_batch(observations, action_masks)
        return scores_batch(obs, masks, self.params)
