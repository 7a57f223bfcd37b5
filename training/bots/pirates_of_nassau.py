"""``heuristic`` for Pirates of Nassau: score every legal action from the seat's observation;
over 400 lines as one scorer per action family sits in the one numba module the bot compiles.

What a person sees it do (rule IDs of docs/rules/pirates_of_nassau.md):

- moves to where it can win: a merchant it can beat with a captain card and its ready
  boosts (PN-8.3: value = the merchant's notoriety plus the loot it has room for), a
  port it can raid (PN-8.9: 10 notoriety and 2r pesos), else a port to smuggle at, else
  a trade wind; it never spends a card on a challenge it cannot win;
- plays the weakest captain card that still wins, and flips a boost token only when the
  challenge would fail without it (PN-8.2), keeping the strong cards for the navy;
- takes the Royal Navy card it can beat (an empty ocean first), and when it loses one
  test gives up whichever of half its notoriety or half its cargo is worth less (PN-10);
- in step 3 walks hostages off the plank, spends its trade wind and flips notoriety
  tokens (PN-9.2); collisions go up;
- in Nassau buys the tokens that raise its categories (green best-ship, blue crew,
  permanent sail and cannon, PN-16.2), a section when its hold is full, exchanges a
  peso when that makes a good token affordable, and buries every peso it has (PN-11.8).

Deterministic up to tie-breaking noise from its seed; batched: one numba call.
"""

import numpy as np
from numba import njit

from games.pirates_of_nassau import data as D
from games.pirates_of_nassau.spaces import (
    A_ACTION,
    A_BURY,
    A_BUY_SECTION,
    A_BUY_TOKEN,
    A_CARD,
    A_COLLISION,
    A_CONVERT,
    A_EXCHANGE,
    A_MOVE,
    A_NASSAU_PASS,
    A_NAVY,
    A_PENALTY,
    A_RANSOM,
    A_REMOVE,
    A_SPEND_TW,
    A_TOKENS_DONE,
    A_USE_TOKEN,
    A_WALK,
    BOARD_FIELDS,
    NAVY_FIELDS,
    NTF,
    OBS,
    PENDING_FIELDS,
    PLAYER_FIELDS,
    TOKEN_FEATURES,
)
from games.pirates_of_nassau.state import Decision

from .base import Bot, compiled_batch

O = {seg.name: seg.start for seg in OBS}
O_DECISION, O_PLAYERS, O_BOARD, O_DICE, O_SLOTS = O["decision"], O["players"], O["board"], O["dice"], O["slots"]
O_NASSAU, O_NAVY, O_PENDING, O_SUPPLY = O["nassau"], O["navy_display"], O["pending"], O["supply"]
PF = {name: i for i, name in enumerate(PLAYER_FIELDS)}
BF = {name: i for i, name in enumerate(BOARD_FIELDS)}
TF = {name: i for i, name in enumerate(TOKEN_FEATURES)}
NPF, NBF, NNF, SF = len(PLAYER_FIELDS), len(BOARD_FIELDS), len(NAVY_FIELDS), NTF + 3
P_GUNPOWDER = PF["gunpowder"]
P_SAIL, P_CANNON, P_RAID, P_CAP, P_ITEMS = PF["sail"], PF["cannon"], PF["raid_cannon"], PF["capacity"], PF["items"]
P_PESOS, P_HOSTAGES, P_TW, P_CARD0, P_POS, P_NOTO = (
    PF["pesos"],
    PF["hostages"],
    PF["trade_wind"],
    PF["card_0"],
    PF["position"],
    PF["notoriety"],
)
B_PORT, B_ROUTE, B_REGION, B_PCANNON, B_RAIDED, B_MERCHANT = (
    BF["port"],
    BF["route"],
    BF["region"],
    BF["port_cannon"],
    BF["raided"],
    BF["merchant"],
)
B_MSAIL, B_MCANNON, B_LOOT, B_OFFER = BF["m_sail"], BF["m_cannon"], BF["loot_pesos"], BF["offer_gunpowder"]
T_BS, T_BC, T_NOTO, T_GREEN, T_BLUE, T_PSAIL, T_PCANNON, T_RAID = (
    TF["boost_sail"],
    TF["boost_cannon"],
    TF["notoriety"],
    TF["green"],
    TF["blue"],
    TF["perm_sail"],
    TF["perm_cannon"],
    TF["raid_cannon"],
)
T_HULL, T_SAILK, T_MIZZEN, T_CREW = TF["hull"], TF["sail"], TF["mizzen"], TF["crew"]
PEND_KIND, PEND_TS, PEND_TC, PEND_CARD, PEND_BS, PEND_BC = 0, 3, 4, 5, 8, 9
COSTS = np.array(
    [D.TOKEN_COST["hull"], D.TOKEN_COST["sail"], D.TOKEN_COST["mizzen"], D.TOKEN_COST["crew"]], dtype=np.int64
)
NUM_DECISIONS = len(Decision)
TW_MOD = np.array([0, 1, -1], dtype=np.int64)
assert PENDING_FIELDS[PEND_TS] == "target_sail" and PENDING_FIELDS[PEND_BC] == "boost_cannon"


@njit(cache=True)
def me(obs, f):
    return obs[O_PLAYERS + f]


@njit(cache=True)
def boosts(obs):
    """Sail and cannon of the ready boost tokens on the bot's ship (PN-8.2 step 2)."""
    s = 0.0
    c = 0.0
    for k in range(D.NUM_SLOTS):
        b = O_SLOTS + k * SF
        if obs[b + NTF] > 0 and obs[b + NTF + 1] == 0:
            s += obs[b + T_BS]
            c += obs[b + T_BC]
    return s, c


@njit(cache=True)
def weakest_winning_card(obs, ts, tc, test_sail, raid, extra_s, extra_c):
    """The captain card in hand with the lowest sum that wins, -1 if none (strictly greater)."""
    sail = me(obs, P_SAIL) + extra_s
    cannon = me(obs, P_CANNON) + extra_c + (me(obs, P_RAID) if raid else 0.0)
    best = -1
    for c in range(4):
        if obs[O_PLAYERS + P_CARD0 + c] == 0:
            continue
        ok = cannon + D.CAPTAIN_CANNON[c] > tc and (not test_sail or sail + D.CAPTAIN_SAIL[c] > ts)
        if ok and (best < 0 or D.CAPTAIN_SAIL[c] + D.CAPTAIN_CANNON[c] < D.CAPTAIN_SAIL[best] + D.CAPTAIN_CANNON[best]):
            best = c
    return best


@njit(cache=True)
def free_space(obs):
    return me(obs, P_CAP) - me(obs, P_ITEMS)


@njit(cache=True)
def position_value(obs, pos, has_tw):
    """What a pirate turn ending at ``pos`` is worth: the best action there (PN-8.1)."""
    b = O_BOARD + (pos - 1) * NBF
    bs, bc = boosts(obs)
    free = free_space(obs)
    if obs[b + B_ROUTE] > 0 and obs[b + B_MERCHANT] > 0:
        if weakest_winning_card(obs, obs[b + B_MSAIL], obs[b + B_MCANNON], True, False, bs, bc) >= 0:
            loot = 1.0
            for i in range(5):
                loot += obs[b + B_LOOT + i]
            return obs[b + B_MSAIL] + obs[b + B_MCANNON] + 0.6 * min(loot, max(free, 0.0) + 1.0)
    if obs[b + B_PORT] > 0 and obs[b + B_RAIDED] == 0:
        r = obs[b + B_REGION]
        if weakest_winning_card(obs, 0.0, obs[b + B_PCANNON], False, True, bs, bc) >= 0:
            return 10.0 + 0.6 * min(2 * r, max(free, 0.0))
        take = 2.0 if r == 3 else 1.0
        return 0.9 * min(take, max(free, 0.0)) + (0.8 * r if me(obs, P_HOSTAGES) > 0 and free > 0 else 0.0)
    if obs[b + B_PORT] == 0 and has_tw == 0:
        return 0.7  # trade winds
    return 0.0


@njit(cache=True)
def move_score(obs, i):
    die, kind, tw = i // 12, (i // 3) % 4, i % 3
    value = obs[O_DICE + die * 4] + TW_MOD[tw]
    here = int(me(obs, P_POS))
    if kind == 2:
        dest = 7
    elif kind == 3:
        dest = 14
    elif here == 0:
        dest = int(value)
    elif kind == 0:
        dest = int(min(20, here + value))
    else:
        dest = int(max(1, here - value))
    has_tw = 0.0 if tw else me(obs, P_TW)
    score = position_value(obs, dest, has_tw) - (0.4 if tw else 0.0)
    return score + 0.05 * dest  # deeper regions pay more later


@njit(cache=True)
def action_score(obs, a):
    pos = int(me(obs, P_POS))
    b = O_BOARD + (pos - 1) * NBF
    bs, bc = boosts(obs)
    if a == 0:
        return 0.0
    if a == 1:
        return 0.7
    if a == 2:
        if weakest_winning_card(obs, obs[b + B_MSAIL], obs[b + B_MCANNON], True, False, bs, bc) < 0:
            return -5.0
        return 5.0 + obs[b + B_MSAIL] + obs[b + B_MCANNON]
    if a == 3:
        if weakest_winning_card(obs, 0.0, obs[b + B_PCANNON], False, True, bs, bc) < 0:
            return -5.0
        return 20.0
    if a == 7:
        return 1.5
    # smuggle a resource: the one the bot holds least of
    return 1.0 - 0.1 * obs[O_PLAYERS + P_GUNPOWDER + (a - 4)]


@njit(cache=True)
def card_score(obs, c):
    """PN-8.2: the weakest card that wins, then the other winning cards weakest first, then
    the losing ones; if none wins, the strongest (boosts may still help)."""
    pend = O_PENDING
    kind = 0 if obs[pend] > 0 else (1 if obs[pend + 1] > 0 else 2)
    ts, tc = obs[pend + PEND_TS], obs[pend + PEND_TC]
    bs, bc = boosts(obs)
    best = weakest_winning_card(obs, ts, tc, kind != 1, kind == 1, bs, bc)
    strength = float(D.CAPTAIN_SAIL[c] + D.CAPTAIN_CANNON[c])
    if best < 0:
        return strength
    if c == best:
        return 10.0
    sail = me(obs, P_SAIL) + bs + D.CAPTAIN_SAIL[c]
    cannon = me(obs, P_CANNON) + bc + D.CAPTAIN_CANNON[c] + (me(obs, P_RAID) if kind == 1 else 0.0)
    wins = cannon > tc and (kind == 1 or sail > ts)  # the test of weakest_winning_card
    return 5.0 - 0.1 * strength if wins else -strength


@njit(cache=True)
def token_boost_score(obs, k):
    """Flip a boost token only if the challenge fails without it and it helps (PN-8.2)."""
    pend = O_PENDING
    raid = obs[pend + 1] > 0
    c = int(obs[pend + PEND_CARD]) - 1
    sail = me(obs, P_SAIL) + D.CAPTAIN_SAIL[c] + obs[pend + PEND_BS]
    cannon = me(obs, P_CANNON) + D.CAPTAIN_CANNON[c] + obs[pend + PEND_BC] + (me(obs, P_RAID) if raid else 0.0)
    ts, tc = obs[pend + PEND_TS], obs[pend + PEND_TC]
    need_s = (not raid) and sail <= ts
    need_c = cannon <= tc
    if not need_s and not need_c:
        return -1.0
    t = O_SLOTS + k * SF
    gain = (obs[t + T_BS] if need_s else 0.0) + (obs[t + T_BC] if need_c else 0.0)
    return gain if gain > 0 else -1.0


@njit(cache=True)
def navy_pick_score(obs, i):
    b = O_NAVY + i * NNF
    if obs[b + 1] > 0:
        return 10.0  # empty ocean
    bs, bc = boosts(obs)
    if weakest_winning_card(obs, obs[b + 2], obs[b + 3], True, False, bs, bc) >= 0:
        return 5.0
    return -obs[b + 2] - obs[b + 3]


@njit(cache=True)
def token_value(obs, base):
    """What a token adds to the categories and challenges (PN-16.2, PD-6)."""
    return (
        obs[base + T_GREEN]
        + 1.2 * obs[base + T_BLUE]
        + 1.5 * obs[base + T_PSAIL]
        + 1.5 * obs[base + T_PCANNON]
        + 0.5 * obs[base + T_RAID]
        + 0.6 * (obs[base + T_BS] + obs[base + T_BC])
        + 0.4 * obs[base + T_NOTO]
    )


@njit(cache=True)
def token_cost(obs, base):
    for kind in range(4):
        if obs[base + T_HULL + kind] > 0:
            return COSTS[kind]
    return COSTS[3]


@njit(cache=True)
def affordable(hold, cost):
    return hold[0] >= cost[0] and hold[1] >= cost[1] and hold[2] >= cost[2]


@njit(cache=True)
def my_resources(obs):
    h = np.zeros(3, dtype=np.int64)
    for r in range(3):
        h[r] = int(obs[O_PLAYERS + P_GUNPOWDER + r])
    return h


@njit(cache=True)
def buy_token_score(obs, i):
    di, k = i // D.NUM_SLOTS, i % D.NUM_SLOTS
    base = O_NASSAU + di * (NTF + 1)
    old = O_SLOTS + k * SF
    replaced = token_value(obs, old) if obs[old + NTF] > 0 else 0.0
    return token_value(obs, base) - replaced - 0.5


@njit(cache=True)
def best_affordable_token(obs, hold):
    best = 0.0
    for di in range(15):
        base = O_NASSAU + di * (NTF + 1)
        if obs[base + NTF] > 0 and affordable(hold, token_cost(obs, base)):
            best = max(best, token_value(obs, base))
    return best


@njit(cache=True)
def exchange_score(obs, r):
    hold = my_resources(obs)
    now = best_affordable_token(obs, hold)
    hold[r] += 2
    after = best_affordable_token(obs, hold)
    return after - now - 1.5 if after > now else -1.0


@njit(cache=True)
def decision_of(obs):
    d = -1
    for k in range(NUM_DECISIONS):
        if obs[O_DECISION + k] > 0:
            d = k
    return d


@njit(cache=True)
def action_value(obs, d, a):
    """The bot's noise-free value of legal action ``a`` at decision ``d`` (larger is better)."""
    s = -100.0
    if a == A_WALK:
        s = (
            3.0
            if (d == Decision.ADJUST or d == Decision.OVERFLOW or d == Decision.CHECK or d == Decision.CARGO_LOSS)
            else -1.0
        )
    elif d == Decision.MOVE and A_MOVE <= a < A_ACTION:
        s = move_score(obs, a - A_MOVE)
    elif d == Decision.ACTION and A_ACTION <= a < A_CARD:
        s = action_score(obs, a - A_ACTION)
    elif d == Decision.CARD and A_CARD <= a < A_USE_TOKEN:
        s = card_score(obs, a - A_CARD)
    elif d == Decision.BOOST:
        s = 0.0 if a == A_TOKENS_DONE else token_boost_score(obs, a - A_USE_TOKEN)
    elif d == Decision.ADJUST:
        s = 1.0 if (a == A_SPEND_TW or A_USE_TOKEN <= a < A_TOKENS_DONE) else 0.0
    elif d == Decision.RANSOM:
        s = 1.0 if a == A_RANSOM + 1 else 0.0
    elif A_REMOVE <= a < A_WALK and d != Decision.ACTION:  # overflow, cargo loss, step-5 check: cheapest first
        item = a - A_REMOVE
        count = obs[O_PLAYERS + P_PESOS + item]
        s = count - (3.0 if item == 0 else 0.0)
    elif d == Decision.COLLISION:
        s = 1.0 if a == A_COLLISION else 0.0
    elif d == Decision.NAVY_PICK:
        s = navy_pick_score(obs, a - A_NAVY)
    elif d == Decision.PENALTY:
        noto = me(obs, P_NOTO)
        cargo = me(obs, P_ITEMS)
        s = -(noto // 2) if a == A_PENALTY else -1.5 * (cargo // 2)
    elif d == Decision.BUY:
        if A_EXCHANGE <= a < A_BUY_SECTION:
            s = exchange_score(obs, a - A_EXCHANGE)
        elif a == A_BUY_SECTION:
            s = 3.0 if free_space(obs) <= 1 else 0.5
        elif A_BUY_TOKEN <= a < A_NASSAU_PASS:
            s = buy_token_score(obs, a - A_BUY_TOKEN)
        else:
            s = 0.0
    elif d == Decision.BURY:
        if a == A_BURY + 1:
            s = 2.0
        elif A_CONVERT <= a < A_BURY:
            s = 3.0 if me(obs, P_ITEMS) - me(obs, P_PESOS) - me(obs, P_HOSTAGES) >= 6 else -1.0
        elif a == A_BURY + 2:
            s = 0.0
        else:
            s = -0.5
    return s


@njit(cache=True)
def choose(obs, mask, noise):
    d = decision_of(obs)
    best, best_score = -1, -1e9
    for a in range(mask.shape[0]):
        if not mask[a]:
            continue
        s = action_value(obs, d, a) + noise[a]
        if s > best_score:
            best, best_score = a, s
    return best


@njit(cache=True)
def score_batch(obs, masks, out):
    """out[b, a]: the value ``choose`` adds its noise to; -inf where illegal."""
    for b in range(obs.shape[0]):
        d = decision_of(obs[b])
        for a in range(masks.shape[1]):
            out[b, a] = action_value(obs[b], d, a) if masks[b, a] else -np.inf


@njit(cache=True)
def choose_batch(obs, masks, noise):
    out = np.zeros(obs.shape[0], dtype=np.int64)
    for b in range(obs.shape[0]):
        out[b] = choose(obs[b], masks[b], noise[b])
    return out


class PiratesOfNassauHeuristic(Bot):
    """Batched (one numba call per batch); ties broken by a little seeded noise."""

    name = "heuristic"

    def __init__(self, game=None, seed=0):
        self.rng = np.random.default_rng(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def scores(self, observations, action_masks):
        """float64 (n, A): the value of every legal action before the tie-breaking noise
        (the bot's choice is within 1e-3 of the row's best), -inf where illegal."""
        obs, masks = compiled_batch(observations, action_masks)
        out = np.empty(masks.shape, dtype=np.float64)
        if len(obs):
            score_batch(obs, masks, out)
        return out

    def __call__(self, observations, action_masks):
        obs, masks = compiled_batch(observations, action_masks)
        if obs.shape[0] == 0:
            return np.zeros(0, dtype=np.int64)
        noise = self.rng.random(masks.shape) * 1e-3
        return choose_batch(obs, masks, noise)
