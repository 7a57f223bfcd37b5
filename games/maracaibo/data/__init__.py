"""Maracaibo component data: every data set D1-D15 of docs/rules/maracaibo.md (MA-31).

Layout (the Spanish Main house style, split by topic because it is too large for
one file): each table is a tuple of rows whose last column is a provenance string,
followed by numpy int64 columns and index arrays derived from it that numba kernels
read. ``NONE = -1`` marks "no value" and pads ragged lists. numba freezes global
arrays into compiled kernels; games/numba_cache.py keys the kernel cache by a hash
of every engine source and data module, so swapped data sets (MA-25.4) recompile
instead of going stale.

Effects are data, never code:

- a card effect is ``(family, a0, a1)``; one family per symbol of the rulebook's
  symbol overview (projects.FAMILIES), a0/a1 its printed numbers;
- everything else that "does something" (city actions, village options, assistant
  actions, ship upgrades, quest / explorer / flag rewards) is an *effect program*, a
  tuple of steps ``(step, a0, a1)`` from one small vocabulary (codes.py) with optional
  payments that gate the rest and a choose-one step.

So a verified card list, token set or board replaces rows, not engine code.

Provenance labels (codes.py): ``RULEBOOK: <MA rule> ([R] passage)``, ``DATA: <file>``
(a public third-party data file outside the repository; docs/rules/maracaibo.md, D10), ``PLACEHOLDER: GAP-n <why>``
(not in any public source;
to be replaced). A row mixing both starts with the label of its larger part.

| Set | Content | Module | Status |
|---|---|---|---|
| D1 | locations, route, markets, flags | board | PLACEHOLDER (GAP-1/2/4/5); named places, 20-22, routing RULEBOOK |
| D2 | explorer track | explorer | PLACEHOLDER layout (GAP-6); reward kinds, barriers, END RULEBOOK |
| D3 | city tiles | board | PLACEHOLDER contents (GAP-3); 13 tiles, helm/set structure RULEBOOK |
| D4 | enumerations, ids | codes | RULEBOOK |
| D5 | combat tokens | combat | PLACEHOLDER (GAP-9); TK01-TK03 partly RULEBOOK |
| D6 | quest tiles | quests | PLACEHOLDER (GAP-8); Q01 RULEBOOK example |
| D7 | career cards | careers | PLACEHOLDER (GAP-10); K1 RULEBOOK photo |
| D8 | prestige buildings | prestige | scoring RULEBOOK; costs PLACEHOLDER (GAP-11) |
| D9 | project cards | projects | PLACEHOLDER list (GAP-7); families, requirement kinds RULEBOOK |
| D10 | Jean's solo cards, levels | jean | DATA (helper app facts); U cards = expansion |
| D11 | supply spaces, nation values | tracks | capacities RULEBOOK; values PLACEHOLDER (GAP-12) |
| D12 | doubloon income -> final VP | tracks | PLACEHOLDER fit (GAP-13) to 3 RULEBOOK points |
| D13 | story card 75 quest schedule | board | setup 15 and round 1 RULEBOOK; rest PLACEHOLDER (GAP-14) |
| D14 | Jean's solo track | jean | RULEBOOK (yellow layout derived, GAP-16) |
| D15 | C cards 90-99 (story mode) | c_cards | PLACEHOLDER (GAP-63), the schema of D9 |
| D16 | quest cards 76, 77 (non-story alternatives) | quest_cards | PLACEHOLDER (GAP-64), D13's shape |
| - | action catalogues, ship upgrades, counts, start values | actions, ship, components | RULEBOOK |

docs/maracaibo_data.md has the schemas of every table.
"""

from . import (
    actions, board, c_cards, careers, codes, combat, components, explorer, jean, prestige, projects,
    quest_cards, quests, ship, tracks,
)

# Columns: data set, module, table (or array) name, status, spec section.
DATASETS = (
    ("D1", board, "LOCATIONS, EDGES", "placeholder", "GAP-1, GAP-2, GAP-4, GAP-5"),
    ("D2", explorer, "EXPLORER_SPACES, BARRIERS", "placeholder", "GAP-6"),
    ("D3", board, "CITY_TILES", "placeholder", "GAP-3"),
    ("D4", codes, "NATIONS, SYMBOLS, SYNERGIES", "real", "D4"),
    ("D5", combat, "COMBAT_TOKENS", "placeholder", "GAP-9"),
    ("D6", quests, "QUESTS", "placeholder", "GAP-8"),
    ("D7", careers, "CAREERS, GOAL_VALUES", "placeholder", "GAP-10"),
    ("D8", prestige, "PRESTIGE_BUILDINGS", "partly placeholder", "GAP-11"),
    ("D9", projects, "CARDS, FAMILIES", "placeholder", "GAP-7"),
    ("D10", jean, "JEAN_CARDS, JEAN_LEVELS", "real data file", "GAP-15"),
    ("D11", tracks, "SUPPLY_SPACES", "partly placeholder", "GAP-12"),
    ("D12", tracks, "DOUBLOON_INCOME_FINAL_VP", "placeholder", "GAP-13"),
    ("D13", board, "QUEST_SCHEDULE", "partly placeholder", "GAP-14"),
    ("D14", jean, "JEAN_TRACK_VALUES", "real", "GAP-16"),
    ("D15", c_cards, "C_CARDS", "placeholder", "GAP-63"),
    ("D16", quest_cards, "ALTERNATIVE_SCHEDULES, SETUP_TILES, SETUP_C_CARDS", "placeholder", "GAP-64"),
)

__all__ = [
    "DATASETS", "actions", "board", "c_cards", "careers", "codes", "combat", "components", "explorer", "jean",
    "prestige", "projects", "quest_cards", "quests", "ship", "tracks",
]
