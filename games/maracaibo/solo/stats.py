"""The analyst's view of finished solo games: Jean's VP by source and what each side
ended with, read through the engine's own scoring functions (nothing restated here).

The record keeps Jean's end bonuses (MA-24.14, ``jean_bonus``) and the final state of
her solo track and project cards, from which ``jean_income`` (MA-24.13) gives her final
income. What she scored during play (card VP actions, influence beyond 12, combat,
quest tiles, the interim incomes after rounds 1-3) is not broken down in the record:
it is ``in_play`` = total - final income - end bonuses.

Used by ``doubloon bench-jean`` (training/bench_jean.py) and the notebook
notebooks/maracaibo_vs_jean.
"""

import numpy as np

from ...core.batch import kernel_record
from ..data.explorer import EXP_DIST_TO_END
from ..rules.combat import num_tokens
from ..rules.discs import num_upgrades
from ..rules.quests import num_quests_done
from ..state import W_BOUGHT
from .rules import jean_income, jean_upgrades
from .state import HUMAN, JEAN

JEAN_SOURCES = (
    "in_play",
    "final_income",
    "bonus_quests",
    "bonus_quest_lead",
    "bonus_upgrade_lead",
    "bonus_explorer_lead",
)
JEAN_SOURCE_DOC = {
    "in_play": "VP during play: card actions, influence beyond 12, combat, quest tiles, interim incomes",
    "final_income": "final income (MA-24.13): solo track value + 1 VP per project card",
    "bonus_quests": "end bonus: 5 VP per quest (MA-24.14)",
    "bonus_quest_lead": "end bonus: quest lead over the human",
    "bonus_upgrade_lead": "end bonus: upgrade lead over the human",
    "bonus_explorer_lead": "end bonus: explorer lead over the human",
}

# what each side ended with: the quantities Jean's lead bonuses compare (MA-24.14) and the
# human's other engines of VP
END_COUNTS = ("quests", "upgrades", "explorer_to_end", "combat_tokens", "cards")
END_COUNT_DOC = {
    "quests": "quest tiles done (MA-12.4)",
    "upgrades": "ship upgrades: completed ship-board positions (MA-17.4); Jean's: her solo track (MA-24.14)",
    "explorer_to_end": "explorer spaces left to END (MA-10; the explorer lead of MA-24.14)",
    "combat_tokens": "combat tokens won (MA-8.7)",
    "cards": "project cards bought (MA-14.3); Jean's: cards face down by her solo board (MA-24.8)",
}


def _rows(state):
    # a 2-4 player record has Jean's fields too, all 0: a solo game has her level (1-5)
    if state.ndim != 1 or "jean_level" not in (state.dtype.names or ()) or np.any(state["jean_level"] == 0):
        raise ValueError("expected a batch of maracaibo_solo records (Game.init / step output)")
    running = np.flatnonzero(state["terminated"] == 0)
    if running.size:
        raise ValueError(f"the breakdown reads finished games; rows {running[:5].tolist()} are still running")
    return [kernel_record(state[g]) for g in range(state.shape[0])]  # as the rule queries read them


def jean_vp_by_source(state):
    """(G, len(JEAN_SOURCES)) int64: Jean's VP by source in finished records; rows sum to her VP."""
    rows = _rows(state)
    total = state["vp"][:, JEAN].astype(np.int64)
    income = np.array([jean_income(rec) for rec in rows], dtype=np.int64).reshape(len(rows))
    bonus = state["jean_bonus"].astype(np.int64)
    return np.column_stack([total - income - bonus.sum(axis=1), income, bonus])


def end_counts(state, seat):
    """(G, len(END_COUNTS)) int64: what ``seat`` (0 the human, 1 Jean) ended with."""
    rows = _rows(state)
    if seat not in (HUMAN, JEAN):
        raise ValueError(f"seat is 0 (the human) or 1 (Jean), got {seat!r}")
    out = np.zeros((len(rows), len(END_COUNTS)), dtype=np.int64)
    for g, rec in enumerate(rows):
        out[g, 0] = num_quests_done(rec, seat)
        out[g, 1] = num_upgrades(rec, seat) if seat == HUMAN else jean_upgrades(rec)
        out[g, 2] = EXP_DIST_TO_END[rec["explorer"][seat]]
        out[g, 3] = num_tokens(rec, seat)
    out[:, 4] = (state["card_where"] == W_BOUGHT + HUMAN).sum(axis=1) if seat == HUMAN else state["jean_cards"]
    return out
