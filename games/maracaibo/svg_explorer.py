"""Maracaibo's explorer track as a picture (part of ``svg.py``), and the layout of a
directed track (the route map uses it too).

The layout is invented (GAP-6): the track runs left to right, the second branch of a fork
one lane down. Reward words sit under each space; a branch leaves and joins its lane
between two columns (never diagonally across the words of the spaces it passes); a
quest on a quest space (MA-10.5) is a badge under the space's words.
"""

import textwrap

from .component_text import step_text
from .data import codes, explorer, quests
from .data.codes import PLACEHOLDER
from .state import QS_EXPLORER


def placeholder_row(row):
    """A data/ row whose provenance (its last column) says PLACEHOLDER."""
    return str(row[-1]).startswith(PLACEHOLDER)


def track_layout(succ, num_succ, count):
    """(column, lane) of each space of a directed track: the column is the longest path
    from the start, lane 1 follows the second branch of a fork until the paths merge."""
    column, lane = [0] * count, [0] * count
    preds = [[] for _ in range(count)]
    for a in range(count):
        for j in range(int(num_succ[a])):
            preds[int(succ[a, j])].append(a)
    for b in range(count):  # successors always come later in the tables
        if preds[b]:
            column[b] = 1 + max(column[a] for a in preds[b])
            fork_second = any(int(num_succ[a]) > 1 and int(succ[a, 1]) == b for a in preds[b])
            lane[b] = 1 if fork_second else (lane[preds[b][0]] if len(preds[b]) == 1 else 0)
    return column, lane


TRACK_COLUMN, TRACK_LANE = track_layout(explorer.EXP_SUCC, explorer.EXP_NUM_SUCC, explorer.NUM_EXPLORER_SPACES)
TRACK_DX, TRACK_R, TRACK_LANE_H = 47, 13, 64
WORDS_SIZE, WORDS_DY = 7, 8  # reward words under a space: font size, line step


def _branch(d, t, x0, y0, x1, y1):
    """The arrow between two spaces: straight along a lane; between lanes it turns half
    a column away from the space in the other lane (after a fork, before a merge), where
    no words are."""
    if y0 == y1:
        d.line(x0, y0, x1, y1, stroke=t.muted, stroke_width=2)
        return
    turn = x0 + TRACK_DX / 2 if y1 > y0 else x1 - TRACK_DX / 2  # fork down / merge up
    points = ((x0, y0), (turn, y0), (turn, y1), (x1, y1))
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        d.line(ax, ay, bx, by, stroke=t.muted, stroke_width=2)


def explorer_track(pic, rec, left):
    """The explorer track (MA-10.1) from x ``left``: spaces, rewards, barriers, quests lying
    on quest spaces and the explorers."""
    n = int(rec["num_players"])
    pic.heading("Explorer track", "layout PLACEHOLDER (GAP-6); reward kinds, barriers and END are the rulebook's")
    top = pic.y + 16
    d, t = pic.d, pic.t
    xy = [
        (left + TRACK_R + TRACK_COLUMN[s] * TRACK_DX, top + TRACK_R + TRACK_LANE[s] * TRACK_LANE_H)
        for s in range(explorer.NUM_EXPLORER_SPACES)
    ]
    for s in range(explorer.NUM_EXPLORER_SPACES):
        for j in range(int(explorer.EXP_NUM_SUCC[s])):
            _branch(d, t, *xy[s], *xy[int(explorer.EXP_SUCC[s, j])])
    slot_quest = {
        int(rec["quest_arg"][q]): q for q in range(quests.NUM_QUESTS) if int(rec["quest_state"][q]) == QS_EXPLORER
    }
    for s in range(explorer.NUM_EXPLORER_SPACES):
        x, y = xy[s]
        row = explorer.EXPLORER_SPACES[s]
        dashed = {"stroke": t.placeholder, "stroke_dasharray": "4 3"} if placeholder_row(row) else {"stroke": t.ink}
        d.circle(x, y, TRACK_R, fill=t.panel, **dashed)
        d.text(x, y + 3, explorer.EXP_IDS[s], size=8, anchor="middle", weight="bold")
        code = int(explorer.EXP_REWARD_CODE[s])
        words = step_text(code, explorer.EXP_REWARD_AMOUNT[s]) if code != codes.NONE else ""
        slot = int(explorer.EXP_QUEST_SLOT[s])
        if slot != codes.NONE:
            words = f"quest {'ABC'[slot]}"  # one line: the badge of the quest lying here goes under it
        lines = textwrap.wrap(words, 11)[:3]  # fits between two spaces
        for i, part in enumerate(lines):
            d.text(x, y + TRACK_R + 9 + i * WORDS_DY, part, size=WORDS_SIZE, anchor="middle", fill=t.muted)
        if slot in slot_quest and slot != codes.NONE:
            badge_y = y + TRACK_R + 9 + (len(lines) - 1) * WORDS_DY + 4
            pic.card(
                x - 14,
                badge_y,
                28,
                12,
                [quests.QUEST_IDS[slot_quest[slot]]],
                size=7,
                class_="explorer-quest",
                data_space=explorer.EXP_IDS[s],
                data_quest=quests.QUEST_IDS[slot_quest[slot]],
            )
        barrier = int(explorer.EXP_BARRIER_AFTER[s])
        if barrier != codes.NONE:
            bx = x + TRACK_DX / 2
            d.line(bx, y - TRACK_R - 4, bx, y + TRACK_R + 4, stroke=t.accent, stroke_width=3)
            first = " (crossed)" if rec["barrier_first"][barrier] else ""
            d.text(
                bx,
                y - TRACK_R - 6,
                f"{codes.BARRIER_NAMES[barrier]} barrier{first}",
                size=7,
                anchor="middle",
                fill=t.accent,
            )
        here = [p for p in range(n) if int(rec["explorer"][p]) == s]
        for i, p in enumerate(here):
            pic.pawn(
                x - 8 + i * 8,
                y - TRACK_R - 2 - (i % 2) * 6,
                p,
                str(p),
                r=5,
                class_="explorer",
                data_seat=p,
                data_space=explorer.EXP_IDS[s],
            )
    pic.y = top + 2 * TRACK_LANE_H + 8
