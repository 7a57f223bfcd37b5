"""A player's ship board and its hold (PN-2.5, PN-8.12, PN-8.16, PD-5, PD-6): what every
chapter asks of a ship, in one place."""

from numba import njit

from .. import data as D


@njit(cache=True)
def ship_values(rec, p):
    """PN-8.16, PN-16.2, PD-6: (sail, cannon, raid-only cannon, green, blue) of player p's
    ship: the printed values plus those of the tokens on its slots."""
    sail, cannon, raid, green, blue = D.PRINTED_SAIL, D.PRINTED_CANNON, 0, D.PRINTED_GREEN, 0
    for k in range(D.NUM_SLOTS):
        t = rec.slot[p, k]
        if t >= 0:
            sail += D.T_SAIL[t]
            cannon += D.T_CANNON[t]
            raid += D.T_RAID[t]
            green += D.T_GREEN[t]
            blue += D.T_BLUE[t]
    return sail, cannon, raid, green, blue


@njit(cache=True)
def capacity(rec, p):
    """PN-2.5, PD-5: storage of the bow and stern plus the sections bought."""
    c = D.BASE_STORAGE
    for s in range(rec.sections[p]):
        c += D.SECTION_STORAGE[s]
    return c


@njit(cache=True)
def slot_open(rec, p, k):
    """PD-5: slots 7-15 exist only once their section is bought."""
    return D.SLOT_SECTION[k] <= rec.sections[p]


@njit(cache=True)
def token_ready(rec, p, k):
    """PN-11.6: a one-shot token on slot k that is face up."""
    t = rec.slot[p, k]
    return t >= 0 and D.T_ONE_SHOT[t] == 1 and rec.slot_used[p, k] == 0


# ----- the hold (PN-2.5, PN-8.12) -----------------------------------------------------------
@njit(cache=True)
def hold_items(rec, p):
    n = 0
    for i in range(5):
        n += rec.hold[p, i]
    return n


@njit(cache=True)
def free_space(rec, p):
    return capacity(rec, p) - hold_items(rec, p)


@njit(cache=True)
def gain(rec, p, item, amount):
    """PN-2.6, GAP-32: take up to ``amount`` from the supply (pesos unlimited) into the
    hold, ignoring capacity (PN-8.12: overflow is resolved afterwards)."""
    if item != D.I_PESO:
        amount = min(amount, rec.supply[item])
        rec.supply[item] -= amount
    rec.hold[p, item] += amount
    return amount


@njit(cache=True)
def remove_item(rec, p, item, plank):
    """PN-8.12, PN-8.14: one item leaves the hold, back to the supply (pesos vanish:
    unlimited), or, with ``plank``, a hostage walks the plank."""
    rec.hold[p, item] -= 1
    if plank:
        rec.plank[p] += 1
    elif item != D.I_PESO:
        rec.supply[item] += 1
