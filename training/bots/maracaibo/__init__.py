"""``heuristic`` for Maracaibo: "the explorer-diplomat", a one-decision value maximiser.

Every legal action is scored in victory-point equivalents computed from the acting
seat's observation alone (read by segment and field name from ``spaces.OBS``, which the
constructor checks against the game's ``obs_layout``), and the best one is played.
Resources are converted at rates that change over the game (the named weights in
``PARAMS``): a doubloon is worth about 0.8 VP early, less in round 4, less again when
the purse is full, and nothing at the final purchase; VP income counts once per
scoring still to come, doubloon income once per interim scoring plus its final-track
VP; an influence point is worth the nobility it adds (interpolated between the red
bands) times the nation's expected value, plus the majority bonus; a marker is worth
the rise of its nation's value times the bot's nobility there minus its rivals'; a
disc is worth a share of the ship upgrade it works towards; an explorer step is worth
its share of the END bonus plus the reward where it lands and the barriers crossed.

What a person sees it do:

- setup: plans the opening card with the best value for its price, discards the
  three weakest, keeps the career whose goals its style meets (influence, explorer,
  upgrades, combat);
- Phase A: plans the rest of the round as a small DP over the route ahead: the value
  of the best main action at each stop, for as many turns as the rival nearest to the
  round's end leaves it. So it skips weak stops, stops at the explore cities (2, 11),
  combat cities (9, 17), villages where a purchase is ready, quests it can pay for and
  its own assistants, and hurries when a rival is about to end the round;
- Phase B: delivers its least useful good for a disc (U3, U5/U6 VP, U4 money, U11,
  U12 first), explores at every chance (barriers, END first), completes quests it can
  pay for, buys income cards early and VP cards late, plans expensive cards it cannot
  pay yet, invests in prestige when rich, takes career goals at the high tier and at
  the low tier only when the high one is out of reach;
- combat: picks the nation where token strength, bonus and its own influence give the
  best plan of combat actions (influence, annexing a flag for its nation, card
  actions), then boosts with CP (figures only when the plan pays for them);
- legacy tiles (MA-26.4; read from its own observation, ``legacy``): under L1 it treats
  Puerto Cabezas as a city (a flag it annexes with CA2, a market it delivers to, its
  quest slot; no village action or CA3 there); it buys a purchase tile (L10-L17) before
  its main action when the reward and the disc leaving its ship board are worth more
  than the cost, and plans its stops with those purchases; its combat plan weighs the
  escort (L6) and the gold mine (L9) like CA1-CA5 and a new city's flag (L4 / L7,
  ``legacy_annex``) like any CA2 target; it sails to a new city for its delivery and
  program; its route plan counts the 3 MP arrows (L2 / L8 / L18), L11's
  toll, L5's figure and L25's 6 VP, no village action on skull tiles (L20-L23) and no
  city action at Cartagena under the plague (L3). ``heuristic_blind`` (weight ``legacy``
  0) plays the base board: with all 23 tiles, 2 players, ``heuristic`` beats it 99.0%
  [96.4%, 99.7%] (200 games, seeds 0..99 x 2 seat orders; 240 VP against 178);
- every other choice (nation, disc, synergy, U11, CX7 / CX8 / CX9, space 20, extra
  sail, payments, display cards) takes the option with the best immediate value; at
  a scoring it buys when a card is worth more than the 2 VP alternative.

Ties are broken by a fixed per-seed preference over actions, so the bot is a pure
function of (observation, mask) and never reads hidden state. Two things the
observation does not tell it: which of two payable quest tiles at one location is
quest slot 0 (no placement order) and which card an own assistant slot holds when two
of its assistants share a location; it values such slots at the mean of the tiles /
cards there. Measured (300 games per player count, CLI arena): 100% wins against
random with 2, 3 and 4 players (about 150 VP against 25).

Modules, each with one job: ``obs`` (where the observation is read, by name),
``context`` (the typed per-decision record), ``weights`` and ``tables`` (the numbers),
``values``, ``cards``, ``programs``, ``quests``, ``explore``, ``legacy`` (the legacy tiles in
play and what they change, MA-26.4), ``locations``, ``sailing``
(the route planner), ``combat``, ``careers`` (what things are worth), ``scorers`` and
``pending`` (one scorer per decision kind), ``choose`` (the best legal action), ``bot``;
``solo`` is the registered ``heuristic`` of ``maracaibo_solo`` (this bot against Jean),
``leads`` values her end bonuses and ``jean`` forecasts her next stop (MA-24.6) from the
solo observation, so the bot takes first the tile she would take (MA-24.7).
Rules come from the engine's pure queries (``rules.buying.requirements_met``,
``rules.explore.space_counts`` / ``reachable_spaces``, ``rules.sailing.ahead_on_route``,
``rules.village.village_actions``, ``disc_removable``, ``solo.rules.destination_from``),
filled from the observation.
"""

import games.maracaibo.rules.buying  # the engine kernels the bot calls, under the engine's key
import games.maracaibo.rules.discs
import games.maracaibo.rules.explore
import games.maracaibo.rules.sailing
import games.maracaibo.rules.village
import games.maracaibo.solo.rules
from games.maracaibo.spaces import OBS

from ..kernel_cache import keyed_by_source

# an edited bot never runs stale cached kernels; these modules hold none
PYTHON_SIDE = ("__init__.py", "bot.py", "solo.py", "tuned.py")
with keyed_by_source(__path__[0], PYTHON_SIDE):
    from .bot import MaracaiboHeuristic, MaracaiboHeuristicBlind, MaracaiboHeuristicV1
    from .tuned import DEFAULT_PARAMS, MULTI_PARAMS
    from .weights import PARAM_NAMES, PARAMS, V1_PARAMS

__all__ = [
    "DEFAULT_PARAMS",
    "MULTI_PARAMS",
    "OBS",
    "PARAMS",
    "PARAM_NAMES",
    "V1_PARAMS",
    "MaracaiboHeuristic",
    "MaracaiboHeuristicBlind",
    "MaracaiboHeuristicV1",
]
