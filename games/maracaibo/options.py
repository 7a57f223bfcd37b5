"""Maracaibo's options (MA-25, MA-26.4) and the record fields that hold them."""

from .data import legacy

OPTION_FIELDS = {  # MA-25 option -> record field
    "prestige_open": "opt_prestige_open",
    "leftover_doubloon_vp": "opt_leftover_vp",
    "round4_unreached_assistant_vp": "opt_round4_assistants",
}
SWITCHES = tuple(OPTION_FIELDS)  # the boolean options; OPTION_FIELDS also holds legacy_tiles
OPTION_FIELDS["legacy_tiles"] = "opt_legacy"  # MA-26.4: the tile set as a bit mask


def option_value(options, option):
    """The record value of an option (``OPTION_FIELDS``): a switch as 0/1, the tile set as its mask."""
    if option == "legacy_tiles":
        return legacy.tiles_mask(options[option])
    return int(options[option])
