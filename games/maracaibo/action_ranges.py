"""Which flat action ids of Maracaibo's packed families mean what (MA-28.3): the table
docs/maracaibo.md prints, from the offsets in ``spaces.py``."""

from . import spaces
from .data import board, codes, explorer


def action_subranges(layout):
    """(family, first index, last index, meaning) for every part of the packed families
    (MA-28.3): which flat action ids mean what, from the offsets in spaces.py."""
    rows = []

    def part(family, lo, hi, meaning):
        start = layout[family].start
        rows.append((family, start + lo, start + hi, meaning))

    locs = board.LOC_IDS
    n_loc = spaces.NUM_SAIL_TARGETS
    for fam in ("sail_to", "choose_location"):
        part(fam, 0, 19, f"locations {locs[1]}..{locs[20]} (i = number - 1)")
        for i in range(20, n_loc):
            part(fam, i, i, f"location {locs[i + 1]}")
    part("main_action", spaces.MAIN_CITY, spaces.MAIN_CITY, "city action")
    part("main_action", spaces.MAIN_VILLAGE, spaces.MAIN_VILLAGE, "village actions")
    part("main_action", spaces.MAIN_QUEST, spaces.MAIN_ASSIST - 1, "quest tile 0-3 here, in placement order")
    part("main_action", spaces.MAIN_ASSIST, spaces.MAIN_NONE - 1, "own assistant slot 0-7 (`assistants` field)")
    part("main_action", spaces.MAIN_NONE, spaces.MAIN_NONE, "no main action")
    part("deliver", 0, 7, "hand card 0-7")
    part("deliver", 8, 8, "skip the delivery")
    part("remove_disc", 0, 11, "ship positions U1..U12")
    vo = [
        (spaces.VO_A, spaces.VO_A, "A: discard the hand for 2 D"),
        (spaces.VO_B, spaces.VO_B, "B: +1 D"),
        (spaces.VO_U8, spaces.VO_U8, "U8: +1 CP +1 D"),
        (
            spaces.VO_U9,
            spaces.VO_U10 - 1,
            "U9: 3 cards of good " + " / ".join(codes.SYMBOLS[: spaces.VO_U10 - spaces.VO_U9]),
        ),
        (spaces.VO_U10, spaces.VO_VG2 - 1, "U10: marker of " + " / ".join(codes.NATIONS) + " on this village"),
        (
            spaces.VO_VG2,
            spaces.VO_VMV - 1,
            "VG2: 2 cards of good " + " / ".join(codes.SYMBOLS[: spaces.VO_VMV - spaces.VO_VG2]),
        ),
        (spaces.VO_VMV, spaces.VO_VMV, "VMV"),
        (spaces.VO_VMD, spaces.VO_VMD, "VMD"),
        (spaces.VO_VBK, spaces.VO_XQC - 1, "VBK card instance 0-1 (own VBK cards by card id)"),
        (spaces.VO_XQC, spaces.VO_STOP - 1, "XQC card instance 0-3 (own XQC cards by card id)"),
        (spaces.VO_STOP, spaces.VO_STOP, "stop the village actions"),
    ]
    for lo, hi, meaning in vo:
        part("village_option", lo, hi, meaning)
    part("combat_pile", 0, 1, "pile 0 / 1")
    part("combat_nation", 0, 2, " / ".join(codes.NATIONS))
    part("combat_action", spaces.CA_INF1, spaces.CA_INF1, "CA1: +1 influence")
    part("combat_action", spaces.CA_INF2, spaces.CA_INF2, "CA1: +2 influence")
    part(
        "combat_action",
        spaces.CA_FLAG,
        spaces.CA_VILLAGE - 1,
        "CA2: annex the flag city at location 1+i (as in sail_to)",
    )
    part(
        "combat_action", spaces.CA_VILLAGE, spaces.CA_CARD - 1, "CA3: annex the village at location 1+i (as in sail_to)"
    )
    part("combat_action", spaces.CA_CARD, spaces.CA_END - 1, "CA4 / CA5: own CIV / CD3 card instance 0-7 (by card id)")
    part("combat_action", spaces.CA_END, spaces.CA_END, "end the combat")
    part(
        "explore_to",
        0,
        explorer.NUM_EXPLORER_SPACES - 1,
        f"explorer spaces {explorer.EXP_IDS[0]}..{explorer.EXP_IDS[-1]}",
    )
    part("choose_nation", 0, 2, " / ".join(codes.NATIONS))
    part("draw", spaces.DRAW_DECK, spaces.DRAW_DECK, "the top card of the deck")
    part("draw", 1, 4, "display slot 1-4")
    for g in range(3):
        part("free_career", 2 * g, 2 * g + 1, f"career goal {g + 1}: low / high tier")
    part("choose_synergy", 0, 4, " / ".join(codes.SYNERGIES))
    part("count", 0, 8, "0-8 figures")
    return rows


def action_subranges_markdown(layout):
    out = ["| action family | indices | meaning |", "|---|---|---|"]
    for family, lo, hi, meaning in action_subranges(layout):
        out.append(f"| `{family}` | {lo if lo == hi else f'{lo}-{hi}'} | {meaning} |")
    return "\n".join(out)
