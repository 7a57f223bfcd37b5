"""Starting a campaign at a chapter card 80-89 (MA-26.1, GAP-64): the card's tiles and C
cards are in play from the first game and it opens its story cards."""

import pytest

from games.maracaibo import campaign
from games.maracaibo.data import chapters, story
from games.maracaibo.data.legacy import check_legacy_tiles
from training.campaign import load_or_start


def test_the_chapter_cards_start_chapters_2_to_11():
    """MA-26.1: chapter cards 80-89 start chapters 2-11; every row names tiles the engine
    plays (one set, ``check_legacy_tiles``), C cards 90-99 and story cards of the deck."""
    assert chapters.CHAPTER_NUMBERS == tuple(range(80, 90))
    for number, chapter, tiles, cards, opens, provenance in chapters.CHAPTER_CARDS:
        assert chapter == number - 78
        assert provenance.startswith("PLACEHOLDER")
        for game in campaign.GAMES:
            assert check_legacy_tiles(game, tiles) == tuple(tiles), (number, game)
        assert set(cards) <= set(story.C_CARDS) and len(set(cards)) == len(cards)
        assert opens and set(opens) <= {card[0] for card in story.STORY_CARDS}


@pytest.mark.parametrize("game", campaign.GAMES)
def test_a_campaign_started_at_a_chapter_card(game):
    """GAP-64: the new archive holds the chapter card's tiles and C cards, and its story
    cards are open; nothing is read yet and no game played."""
    archive = campaign.new_archive(game, 7, chapter=83)
    _, _, tiles, cards, opens, _ = chapters.CHAPTER[83]
    assert archive.tiles == tiles and archive.cards == cards
    assert archive.story_open == opens and archive.story_read == () and archive.games_played == 0
    assert archive.game_options()["legacy_tiles"] == tiles
    # it is an archive like any other: saved and loaded unchanged
    assert campaign.from_json(archive.to_json()) == archive


@pytest.mark.parametrize("bad", [79, 90, 75, "83", None])
def test_a_card_that_is_no_chapter_card_is_refused_in_one_line(bad):
    with pytest.raises(campaign.ArchiveError, match=r"^new campaign: a campaign starts at a chapter card 80, 81"):
        campaign.new_archive("maracaibo", 0, chapter=bad if bad is not None else "none")


def test_a_chapter_is_for_a_new_campaign_only(tmp_path):
    path = tmp_path / "campaign.json"
    archive, new = load_or_start("maracaibo", path, None, chapter=80)
    assert new and archive.story_open == chapters.CHAPTER[80][4]
    campaign.save(archive, path)
    with pytest.raises(ValueError, match="is a campaign already; --chapter 81 starts a new one"):
        load_or_start("maracaibo", path, None, chapter=81)


def test_the_chapter_text_says_what_the_card_does():
    assert chapters.chapter_text(81) == "PLACEHOLDER: chapter 3; add tiles L10, L25; Cards: 90, 91; open story card 06"
