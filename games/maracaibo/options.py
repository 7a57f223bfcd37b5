"""Maracaibo's options (MA-25, MA-26.1, MA-26.4, GAP-63) and the record fields that hold them."""

from ..core.options import boolean
from .data import c_cards, legacy, quest_cards, story_tables

OPTION_FIELDS = {  # MA-25 option -> record field
    "prestige_open": "opt_prestige_open",
    "leftover_doubloon_vp": "opt_leftover_vp",
    "round4_unreached_assistant_vp": "opt_round4_assistants",
}
SWITCHES = tuple(OPTION_FIELDS)  # the MA-25 switches; OPTION_FIELDS also holds the ones below
OPTION_FIELDS["legacy_tiles"] = "opt_legacy_setup"  # MA-26.4: the tile set at setup as a bit mask
OPTION_FIELDS["quest_card"] = "opt_quest_card"  # MA-26.1, D16: 75, 76 or 77 as its index in QUEST_CARDS
OPTION_FIELDS["c_cards"] = "opt_c_cards"  # GAP-63: the C cards in the deck as a bit mask
OPTION_FIELDS["story"] = "opt_story"  # MA-26.1: a story game (0/1)
OPTION_FIELDS["story_cards"] = "opt_story_cards"  # MA-26.1: the story cards in play at setup, a bit mask


def option_value(options, option):
    """The record value of an option (``OPTION_FIELDS``): a switch as 0/1, a set as its
    mask, the quest card as its index."""
    if option == "legacy_tiles":
        return legacy.tiles_mask(options[option])
    if option == "quest_card":
        return quest_cards.QUEST_CARDS.index(options[option])
    if option == "c_cards":
        return c_cards.c_mask(options[option])
    if option == "story_cards":
        return story_tables.cards_mask(options[option])
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


def story_options(game_name, story, story_cards, quest_card):
    """The checked story options (MA-26.1): ``story`` a switch, ``story_cards`` the cards in
    play; a story game plays its story cards instead of a quest card (only 75, the default)."""
    on = boolean(game_name, "story", story)
    if on and quest_card != quest_cards.DEFAULT_QUEST_CARD:
        raise ValueError(
            f"{game_name}: quest_card {quest_card!r} is for a non-story game; story=True plays story cards"
        )
    return {"story": on, "story_cards": story_tables.check_story_cards(game_name, on, story_cards)}
