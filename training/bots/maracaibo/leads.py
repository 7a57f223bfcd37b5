"""Jean's end bonuses in view (solo, MA-24.14): what one more own quest tile or ship
upgrade is worth through her quest-lead and upgrade-lead bonuses.

The leads are projected to the game's end: each side's count now plus its expected
rate (the ``jean_*`` / ``own_*`` weights, per whole game) times the share of the game
still to come. The bonus is a step function of the lead (``solo.rules.lead_bonus``, the
engine's own table), so the marginal value of one more own tile is averaged over a
window of ``lead_spread`` around the projection: a lead far beyond the top step still
gives a little, as later tiles bring it back into range.
"""

from numba import njit

from games.maracaibo.solo.rules import lead_bonus

from .weights import (
    W_JEAN_Q,
    W_JEAN_U,
    W_OWN_Q,
    W_OWN_U,
    W_QDENY,
    W_QEXTRA,
    W_QLEAD,
    W_SOLO,
    W_SPREAD,
    W_UEXTRA,
    W_ULEAD,
)

QUEST_LEAD, UPGRADE_LEAD = 0, 1  # lead_bonus categories (MA-24.14 rows)


@njit(cache=True)
def lead_marginal(category, lead, spread):
    """Mean over leads within ``spread`` of ``lead`` (triangular weights) of the bonus
    Jean loses when the lead falls by one."""
    total, weight = 0.0, 0.0
    s = max(0, int(round(spread)))
    centre = int(round(lead))
    for d in range(-s, s + 1):
        w = s + 1.0 - abs(d)
        total += w * (lead_bonus(category, centre + d) - lead_bonus(category, centre + d - 1))
        weight += w
    return total / weight


@njit(cache=True)
def projected_lead(ctx, jean_now, jean_rate, own_now, own_rate):
    rest = 1.0 - ctx.progress
    return (jean_now + jean_rate * rest) - (own_now + own_rate * rest)


@njit(cache=True)
def quest_lead_value(ctx, W):
    """VP of one more own quest tile beyond its rewards: any game's extra, and against
    Jean the quest-lead bonus it takes from her (MA-24.14)."""
    v = W[W_QEXTRA]
    if W[W_SOLO] > 0.0:
        lead = projected_lead(ctx, ctx.jean_quests, W[W_JEAN_Q], ctx.quests, W[W_OWN_Q])
        v += W[W_QLEAD] * lead_marginal(QUEST_LEAD, lead, W[W_SPREAD])
    return v


@njit(cache=True)
def quest_denial_value(W):
    """A board tile the bot takes is one Jean cannot land on (MA-24.7): her 5 VP and lead."""
    return W[W_QDENY] if W[W_SOLO] > 0.0 else 0.0


@njit(cache=True)
def upgrade_lead_value(ctx, W):
    """VP of one more completed ship upgrade beyond its effect: any game's extra, and
    against Jean the upgrade-lead bonus it takes from her (MA-24.14)."""
    v = W[W_UEXTRA]
    if W[W_SOLO] > 0.0:
        lead = projected_lead(ctx, ctx.jean_upgrades, W[W_JEAN_U], ctx.upgrades, W[W_OWN_U])
        v += W[W_ULEAD] * lead_marginal(UPGRADE_LEAD, lead, W[W_SPREAD])
    return v
