"""Text view of a solo game: the Maracaibo board plus Jean's solo board (MA-24.2),
Jean's turns in words (``narrate_jean``) and her solo cards explained (``jean_card_text``)."""

import numpy as np

from ..data import board, combat, codes, explorer, projects, quests
from ..data.jean import (
    J_COMBAT,
    J_EXPLORE,
    J_INFLUENCE,
    J_QUEST_PILE,
    J_REDUCE_COMBAT,
    J_REMOVE_DISC,
    J_VP,
    JEAN_ACT_A0,
    JEAN_ACT_A1,
    JEAN_ACT_CODE,
    JEAN_ACT_COUNT,
    JEAN_ACT_FIRST_ROUND,
    JEAN_ACT_LAST_ROUND,
    JEAN_CARD_BRANCH,
    JEAN_CARD_DISPLAY_SLOT,
    JEAN_CARD_EXPANSION,
    JEAN_CARD_IDS,
    JEAN_CARD_MOVE,
    JEAN_INCOME_BY_REMOVED,
    JEAN_LEVELS,
    JEAN_TRACK_DISCS,
    JEAN_UPGRADES_BY_REMOVED,
)
from .. import component_text
from .. import render as base_render
from .. import screen
from ..component_text import loc_name, new_city_name
from ..state import QS_DONE, W_BOX, W_DISPLAY
from .state import HUMAN, JEAN

NAMES = base_render.Names({HUMAN: "You", JEAN: "Jean"}, automata=(JEAN,))
N = codes.NATION_NAMES


def _s(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def level_name(level):
    return f"level {int(level)}, {JEAN_LEVELS[int(level) - 1][1]}"


def jean_action_text(code, a0, a1):
    """One action of a solo card (MA-24.9) in words."""
    code, a0, a1 = int(code), int(a0), int(a1)
    if code == J_INFLUENCE:
        return f"+{a1} {N[a0]} influence"
    if code == J_REMOVE_DISC:
        return "a disc off her solo track"
    if code == J_VP:
        return f"+{a0} VP"
    if code == J_EXPLORE:
        return f"explorer {a0} steps (a quest tile within reach, else towards END)"
    if code == J_QUEST_PILE:
        return "the top tile of the quest pile"
    if code == J_COMBAT:
        return f"combat, +{a0} influence" + (" and an extra village" if a1 else "")
    if code == J_REDUCE_COMBAT:
        return f"reduce combat {a0} (expansion; no effect)"
    return "?"


def jean_card_text(c):
    """Solo card ``c`` (D10): how far she moves, which branch, the display slot she takes
    from, and her actions by round."""
    c = int(c)
    acts = []
    for j in range(int(JEAN_ACT_COUNT[c])):
        lo, hi = int(JEAN_ACT_FIRST_ROUND[c, j]), int(JEAN_ACT_LAST_ROUND[c, j])
        when = "" if (lo, hi) == (1, 4) else f" (rounds {lo}-{hi})"
        acts.append(jean_action_text(JEAN_ACT_CODE[c, j], JEAN_ACT_A0[c, j], JEAN_ACT_A1[c, j]) + when)
    branch = board.BRANCH_NAMES[int(JEAN_CARD_BRANCH[c])]
    return (
        f"{JEAN_CARD_IDS[c]}: sail {_s(int(JEAN_CARD_MOVE[c]), 'counted location')} ({branch} branch); "
        f"a quest tile there ends her turn; else a disc to the market, or display card "
        f"{int(JEAN_CARD_DISPLAY_SLOT[c]) + 1} if the market is full; then "
        + "; ".join(acts)
        + (" [expansion card]" if JEAN_CARD_EXPANSION[c] else "")
    )


def info(text):
    """``i ID`` in ``doubloon play``: solo cards (A1 .. C5U) and everything Maracaibo's info knows."""
    key = text.strip().upper()
    ids = [x.upper() for x in JEAN_CARD_IDS]
    if key in ids:
        return "Jean's solo card " + jean_card_text(ids.index(key))
    if key == "JEAN":
        return (
            "Jean, the solo opponent (MA-24): each turn she draws a solo card and follows it; "
            "'i A1' .. 'i C5U' explain her cards."
        )
    return component_text.info(text)


def legend(rec):
    """The solo cards still in play, one line each (what 'i CARD' shows)."""
    cards = sorted(set(int(c) for c in rec["jean_deck"] if c >= 0) | set(int(c) for c in rec["jean_discard"] if c >= 0))
    return ["Jean's solo cards:"] + [f"  {jean_card_text(c)}" for c in cards]


def outcome_line(you, jean, rank, level):
    """The result from the engine's scores and rank (rank 0: you have at least her VP)."""
    if rank != 0:
        verdict = f"Jean wins by {jean - you} VP"
    elif you == jean:
        verdict = "a draw"
    else:
        verdict = f"you win by {you - jean} VP"
    return f"Final scores: you {you} VP, Jean ({level_name(level)}) {jean} VP -- {verdict}"


def _jean_board(rec):
    removed = int(rec["jean_removed"])
    card = int(rec["jean_card"])
    disc = [JEAN_CARD_IDS[c] for c in rec["jean_discard"][: int(rec["jean_discard_len"])]]
    return (
        f"Jean's solo board: {removed}/{JEAN_TRACK_DISCS} discs off her track (income "
        f"{int(JEAN_INCOME_BY_REMOVED[removed])} VP, {int(JEAN_UPGRADES_BY_REMOVED[removed])} yellow), "
        f"{_s(int(rec['jean_cards']), 'project card')}, solo deck {_s(int(rec['jean_deck_len']), 'card')}; "
        f"latest card {JEAN_CARD_IDS[card] if card >= 0 else '-'}; discard {' '.join(disc) or '-'}"
    )


def _title(rec):
    return f"Maracaibo solo vs Jean (level {int(rec['jean_level'])})"


def compact(rec, viewer=None, outcome=None, width=120):
    """The play screen's short board (maracaibo.screen.compact) and Jean's solo board."""
    board = screen.compact(rec, viewer, names=NAMES, title=_title(rec), outcome=outcome, width=width)
    return "\n".join([board] + base_render.fit([_jean_board(rec)], width))


def render(rec, viewer=None, outcome=None, width=None):
    title = _title(rec)
    lines = [
        base_render.render(rec, viewer, names=NAMES, title=title, outcome=outcome, width=width),
        _jean_board(rec),
    ]
    if rec["terminated"]:
        b = rec["jean_bonus"].tolist()
        lines.append(f"Jean's end bonuses: quests {b[0]}, quest lead {b[1]}, upgrade lead {b[2]}, explorer lead {b[3]}")
    text = "\n".join(lines)
    if width:
        text = "\n".join([lines[0]] + base_render.fit(lines[1:], width))
    return text


# ----- Jean's turns from the record -------------------------------------------------------
def _jean_cards_drawn(before, after):
    """Solo cards she played between the two records, in order (from her discard pile)."""
    b_len, a_len = int(before["jean_discard_len"]), int(after["jean_discard_len"])
    if a_len >= b_len and np.array_equal(before["jean_discard"][:b_len], after["jean_discard"][:b_len]):
        return [int(c) for c in after["jean_discard"][b_len:a_len]]
    # the discard pile was reshuffled into her deck: everything on it now is new
    return [int(c) for c in after["jean_discard"][:a_len]]


def narrate_jean(before, after):
    """What Jean did between two solo records (before the human's action, after it and
    Jean's turns), as lines like "Jean: card C2, sails 9 to 11 Name, disc to the market,
    +3 VP (now 20)". The record keeps no log: this is the difference of her fields."""
    cards = _jean_cards_drawn(before, after)
    if not cards:
        return []
    parts = ["card " + "+".join(JEAN_CARD_IDS[c] for c in cards)]
    a, b = int(before["ship"][JEAN]), int(after["ship"][JEAN])
    ca, cb = int(before["legacy_city"][JEAN]), int(after["legacy_city"][JEAN])  # MA-26.7: new cities
    where_a = new_city_name(ca) if ca >= 0 else board.LOC_IDS[a]
    where_b = new_city_name(cb) if cb >= 0 else loc_name(b)
    parts.append(f"sails {where_a} to {where_b}" if (a, ca) != (b, cb) else f"stays at {where_b}")
    got = [
        q
        for q in range(quests.NUM_QUESTS)
        if after["quest_state"][q] == QS_DONE
        and after["quest_arg"][q] == JEAN
        and not (before["quest_state"][q] == QS_DONE and before["quest_arg"][q] == JEAN)
    ]
    if got:
        parts.append("takes quest " + " ".join(quests.QUEST_IDS[q] for q in got))
    discs = int(after["jean_removed"]) - int(before["jean_removed"])
    to_market = int(after["market"][b]) - int(before["market"][b])
    if to_market > 0:
        parts.append("disc to the market")
    if discs - max(to_market, 0) > 0:
        parts.append(f"{_s(discs - max(to_market, 0), 'more disc')} off her track")
    taken = [
        c for c in range(projects.NUM_CARDS) if after["card_where"][c] == W_BOX and before["card_where"][c] == W_DISPLAY
    ]
    if taken:
        parts.append(
            "takes "
            + ", ".join(f"{projects.CARD_IDS[c]} {projects.CARD_NAMES[c]}" for c in taken)
            + " from the display"
        )
    for t in range(combat.NUM_COMBAT_TOKENS):
        if after["token_owner"][t] == JEAN and before["token_owner"][t] != JEAN:
            parts.append(f"combat with token {combat.TOKEN_IDS[t]}")
    fought = any(JEAN_ACT_CODE[c, j] == J_COMBAT for c in cards for j in range(int(JEAN_ACT_COUNT[c])))
    for loc in range(board.NUM_LOCATIONS if fought else 0):  # her markers come only from her combat
        m = int(after["marker_at"][loc])
        if m >= 0 and int(before["marker_at"][loc]) != m:
            parts.append(f"{codes.NATIONS[m]} marker on {board.LOC_IDS[loc]}")
    for c in range(len(after["legacy_city_marker"]) if fought else 0):  # MA-26.7: on a new city L4 / L7
        m = int(after["legacy_city_marker"][c])
        if m >= 0 and int(before["legacy_city_marker"][c]) != m:
            parts.append(f"{codes.NATIONS[m]} marker on {new_city_name(c)}")
    for n in range(3):
        d = int(after["influence"][JEAN, n]) - int(before["influence"][JEAN, n])
        if d:
            parts.append(f"{d:+d} {N[n]}")
    e0, e1 = int(before["explorer"][JEAN]), int(after["explorer"][JEAN])
    if e0 != e1:
        parts.append(f"explorer to {explorer.EXP_IDS[e1]}")
    vp = int(after["vp"][JEAN]) - int(before["vp"][JEAN])
    if vp:
        parts.append(f"{vp:+d} VP (now {int(after['vp'][JEAN])})")
    if int(after["round_no"]) > int(before["round_no"]) and int(before["round_no"]) >= 1:
        parts.append(f"round {int(before['round_no'])} scored")
    return ["Jean: " + ", ".join(parts)]
