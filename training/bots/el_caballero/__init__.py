"""``heuristic`` for El Caballero: greedy choices read off the public board planes.

The bot sees only its observation (EC-12), whose card rows it lays out as board planes
(games/el_caballero/planes.py). From the planes it rebuilds the land
regions (cards joined by land-to-land edges; one land piece per card as in the
default cards, EC-3.8), each region's value and every seat's strength in it, then:

- plays its highest-income power card (EC-2.4), keeping the 9 for a round where the
  second area card is worth it;
- places area cards where they grow regions it leads and eliminate rivals' cards,
  never where they eliminate its own (EC-6.5);
- commits caballeros where the gain in first or second place per caballero paid is
  best: taking the lead, or second place cheaply (EC-8.2);
- places Governors on the most valuable closed region (EC-10.4);
- buys ships on large or fishy seas (EC-8.5) and protects exposed cards (an empty
  neighbour cell where land could arrive) with castillos (EC-6.5.3);
- then ends its turn. It never returns or moves pieces.

Every choice is among the legal actions of the mask, so the bot plays only legal moves.

Modules, each with one job: ``board`` (what a decision reads off the observation: planes,
regions, strengths), ``placements`` (what each placement is worth, the best of each kind),
``choose`` (the cascade: one action), ``scores`` (the cascade as values), ``bot``.
"""

import games.el_caballero.planes  # the engine kernels the bot calls, under the engine's key
import games.el_caballero.rules.geometry
import games.el_caballero.rules.scoring

from ..kernel_cache import keyed_by_source

# an edited bot never runs stale cached kernels; these modules hold none
PYTHON_SIDE = ("__init__.py", "bot.py")
with keyed_by_source(__path__[0], PYTHON_SIDE):
    from .bot import ElCaballeroHeuristic

__all__ = ["ElCaballeroHeuristic"]
