"""Maracaibo's options (MA-25, MA-26.4, GAP-63) and the record fields that hold them."""

from .data import c_cards, legacy, quest_cards

OPTION_FIELDS = {  # MA-25 option -> record field
    "prestige_open": "opt_prestige_open",
    "leftover_doubloon_vp": "opt_leftover_vp",
    "round4_unreached_assistant_vp": "opt_round4_assistants",
}
SWITCHES = tuple(OPTION_FIELDS)  # the boolean options; OPTION_FIELDS also holds legacy_tiles
OPTION_FIELDS["legacy_tiles"] = "opt_legacy"  # MA-26.4: the tile set as a bit mask
OPTION_FIELDS["quest_card"] = "opt_quest_card"  # MA-26.1, D16: 75, 76 or 77 as its index in QUEST_CARDS
OPTION_FIELDS["c_cards"] = "opt_c_cards"  # GAP-63: the C cards in the deck as a bit mask


def option_value(options, option):
    """The record value of an option (``OPTION_FIELDS``): a switch as 0/1, the tile set as its
    mask, the quest card as its index."""
    if option == "legacy_tiles":
        return legacy.tiles_mask(options[option])
    if option == "quest_card":
        return quest_cards.QUEST_CARDS.index(options[option])
    if option == "c_cards":
        return c_cards.c_mask(options[option])
    return int(options[option])


def checked_quest_card(game_name, quest_card, legacy_tiles, c_card_numbers):
    """The options ``quest_card``, ``legacy_tiles`` and ``c_cards``, checked: the tiles in
    play and the C cards in the deck are those asked for and those the quest card adds at
    setup (MA-26.1, D16), sets that ``legacy.check_legacy_tiles`` and
    ``c_cards.check_c_cards`` accept."""
    card = quest_cards.check_quest_card(game_name, quest_card)
    tiles = legacy.check_legacy_tiles(game_name, legacy_tiles)
    numbers = c_cards.check_c_cards(game_name, c_card_numbers)
    return {
        "legacy_tiles": legacy.check_legacy_tiles(game_name, quest_cards.setup_tiles(card, tiles)),
        "quest_card": card,
        "c_cards": c_cards.check_c_cards(game_name, quest_cards.setup_c_cards(card, numbers)),
    }
