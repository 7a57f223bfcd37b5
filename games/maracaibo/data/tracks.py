"""Board tracks: influence and nobility (MA-9), the nations' marker supplies and
values (MA-9.5, MA-22.6, D11), and the two income tracks (MA-19, D12).

All lookups are arrays indexed by the track position, so a kernel reads them with
one index: ``NOBILITY_LEVEL[influence]``, ``SUPPLY_VALUE_AFTER_TAKEN[markers_taken]``,
``DOUBLOON_INCOME_FINAL_VP[income]``.
"""

import numpy as np

from .codes import placeholder, rulebook

# ----- influence and nobility (MA-9.1 .. MA-9.4) ---------------------------------------
INFLUENCE_MAX = 12  # MA-9.1
INFLUENCE_OVERFLOW_VP = 2  # per point beyond 12, also for Jean (MA-9.2, MA-24.10)
# Red bands (position -> multiplier x1..x6); transcribed twice in [R] (GAP-22).
NOBILITY_BANDS = (1, 3, 6, 9, 10, 12)
NOBILITY_PROVENANCE = rulebook("MA-9.3, GAP-22 ([R] 影响力记录条: 第1、3、6、9、10、12格为红色背景 x1至x6)")
NOBILITY_LEVEL = np.array(
    [sum(1 for band in NOBILITY_BANDS if band <= pos) for pos in range(INFLUENCE_MAX + 1)], dtype=np.int64
)
# "Move to the next noble level" (MA-9.4): target position; 12 stays 12 (GAP-37).
NEXT_NOBLE_POSITION = np.array(
    [min([b for b in NOBILITY_BANDS if b > pos], default=INFLUENCE_MAX) for pos in range(INFLUENCE_MAX + 1)],
    dtype=np.int64,
)

# ----- ownership-marker supplies and nation values (MA-3.7, MA-9.5, D11) -------------------
MARKERS_PER_NATION = 13  # MA-2.1 ([R] 39 个所有权标记, 每个国家13个)
PH_SUPPLY_VALUES = placeholder("GAP-12: printed values unreadable; chosen to reproduce [R]'s example (MA-22.6)")
R_SUPPLY_CAPACITY = rulebook("MA-3.7 ([R] 步骤⑨: 一个标记单独放在最靠左侧的格子中, 其他格分别放置两个标记)")

# Columns: supply space, markers it holds, value counted once it is empty, provenance
# (capacity is RULEBOOK, value PLACEHOLDER). Identical for the three nations.
SUPPLY_SPACES = (
    ("S1", 1, 2, R_SUPPLY_CAPACITY + "; value " + PH_SUPPLY_VALUES),
    ("S2", 2, 1, R_SUPPLY_CAPACITY + "; value " + PH_SUPPLY_VALUES),
    ("S3", 2, 1, R_SUPPLY_CAPACITY + "; value " + PH_SUPPLY_VALUES),
    ("S4", 2, 2, R_SUPPLY_CAPACITY + "; value " + PH_SUPPLY_VALUES),
    ("S5", 2, 2, R_SUPPLY_CAPACITY + "; value " + PH_SUPPLY_VALUES),
    ("S6", 2, 3, R_SUPPLY_CAPACITY + "; value " + PH_SUPPLY_VALUES),
    ("S7", 2, 3, R_SUPPLY_CAPACITY + "; value " + PH_SUPPLY_VALUES),
)
SUPPLY_CAPACITY = np.array([r[1] for r in SUPPLY_SPACES], dtype=np.int64)
SUPPLY_VALUE = np.array([r[2] for r in SUPPLY_SPACES], dtype=np.int64)


def _value_after_taken():
    """Sum of the values of fully emptied spaces after k markers left the supply
    (markers always leave from the leftmost non-empty space, MA-3.7)."""
    out = np.zeros(MARKERS_PER_NATION + 1, dtype=np.int64)
    for k in range(MARKERS_PER_NATION + 1):
        left, total = k, 0
        for cap, val in zip(SUPPLY_CAPACITY, SUPPLY_VALUE):
            if left >= cap:
                total += val
            left -= min(left, cap)
        out[k] = total
    return out


SUPPLY_VALUE_AFTER_TAKEN = _value_after_taken()

# Nation rank bonus by markers on the board (MA-22.6): most 2, second 1, third 0;
# tied nations all take the higher bonus (so two tied for most: 2, 2, 0).
RANK_BONUS = np.array([2, 1, 0], dtype=np.int64)
INFLUENCE_MAJORITY_VP = 3  # MA-22.5

# ----- income tracks (MA-19, D12) ------------------------------------------------------
DOUBLOON_INCOME_START = 8  # MA-2.3
DOUBLOON_INCOME_MAX = 34  # excess goes to VP income (MA-19.3)
VP_INCOME_START = 0
VP_INCOME_MAX = 20  # reaching it: +20 VP per scoring still to come, marker -20 (MA-19.4)
VP_INCOME_OVERFLOW_VP = 20
# Income payments still to come in round r before that round's income step (GAP-47).
SCORINGS_LEFT_BEFORE_INCOME = np.array([0, 4, 3, 2, 1], dtype=np.int64)  # index = round

# VP for the doubloon-income position at final scoring (MA-22.3), index = income.
# [R] data points 23 -> 4, 24 -> 5, 34 -> 10; the rest is fitted (GAP-13).
DOUBLOON_INCOME_FINAL_VP = np.array([max(0, (i - 14) // 2) for i in range(DOUBLOON_INCOME_MAX + 1)], dtype=np.int64)
DOUBLOON_INCOME_FINAL_VP_PROVENANCE = placeholder(
    "GAP-13: only 23 -> 4, 24 -> 5, 34 -> 10 are in [R] (终局计分 example, 主教座堂 example, track-end photo)"
)
