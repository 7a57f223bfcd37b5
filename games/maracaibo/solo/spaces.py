"""Observation layout of the solo game: Maracaibo's (MA-29, seen from seat 0 with
Jean as relative seat 1) followed by Jean's public solo state (MA-24.2, MA-24.4)."""

from ...core.layout import Layout
from ..spaces import OBS
from .state import NJ


def build_solo_obs_layout():
    lay = Layout()
    for seg in OBS:
        lay.add(seg.name, seg.shape, seg.doc, fields=tuple((f.name, f.width) for f in seg.fields))
    lay.add("jean_level", 5, "one-hot Jean's difficulty level 1-5 (MA-24.4)")
    lay.add(
        "jean_board",
        5,
        "solo track: discs removed / 22, income value / 38, yellow spaces revealed / 11; "
        "project cards next to her board / 10; cards left in her solo deck / 10",
        fields=("discs_removed", "income", "upgrades", "cards", "deck"),
    )
    lay.add("jean_card", NJ, "one-hot solo card of her latest turn (D10 order, expansion cards included)")
    lay.add("jean_discard", NJ, "multi-hot solo discard pile")
    return lay


OBS_SOLO = build_solo_obs_layout()
O_JEAN = OBS_SOLO.offset("jean_level")
# compile-time indices for observe_solo
JEAN_DISCS_REMOVED, JEAN_INCOME, JEAN_UPGRADES, JEAN_CARDS, JEAN_DECK = (
    OBS_SOLO.index("jean_board", f) for f in ("discs_removed", "income", "upgrades", "cards", "deck")
)
O_JEAN_CARD, O_JEAN_DISCARD = OBS_SOLO.offset("jean_card"), OBS_SOLO.offset("jean_discard")
