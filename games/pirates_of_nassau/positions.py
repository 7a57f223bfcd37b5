"""Position checks of Pirates of Nassau for ``from_json`` (PN-* IDs; docs/rules/pirates_of_nassau.md).

A position is accepted only if the kernels can go on from it: every field in range,
the components conserved, every ship and hold consistent, and the pending decision
one the rules can reach (its stage, its player, its challenge).
"""

def field_bounds(n, num_actions):
    return {}


def check_position(rec, n, config):
    pass
