"""Text view of a solo game: the Maracaibo board plus Jean's solo board (MA-24.2)."""

from ..data.jean import JEAN_CARD_IDS, JEAN_INCOME_BY_REMOVED, JEAN_TRACK_DISCS, JEAN_UPGRADES_BY_REMOVED
from ..render import render as base_render
from .state import JEAN


def render(rec, viewer=None):
    removed = int(rec["jean_removed"])
    card = int(rec["jean_card"])
    disc = [JEAN_CARD_IDS[c] for c in rec["jean_discard"][:int(rec["jean_discard_len"])]]
    lines = [
        base_render(rec, viewer),
        f"Jean (seat {JEAN}, level {int(rec['jean_level'])}): solo track {removed}/{JEAN_TRACK_DISCS} discs removed "
        f"(income {int(JEAN_INCOME_BY_REMOVED[removed])} VP, {int(JEAN_UPGRADES_BY_REMOVED[removed])} yellow), "
        f"{int(rec['jean_cards'])} project cards, solo deck {int(rec['jean_deck_len'])} cards; "
        f"latest card {JEAN_CARD_IDS[card] if card >= 0 else '-'}; discard {' '.join(disc) or '-'}",
    ]
    if rec["terminated"]:
        b = rec["jean_bonus"].tolist()
        lines.append(f"Jean's end bonuses: quests {b[0]}, quest lead {b[1]}, upgrade lead {b[2]}, explorer lead {b[3]}")
    return "\n".join(lines)
