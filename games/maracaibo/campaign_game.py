"""A story campaign's archive after a story-mode game (MA-26.1, GAP-60): what the game's
story did, taken from its final record (games/maracaibo/campaign.py keeps the archive).

In a story campaign the story cards are read during the game (rules/story_read.py), so
the archive takes what the game did instead of the between-games reading of
``campaign.read_story``:

- the story cards read in the game go to ``story_read`` (lowest number first, the
  order step 6 reads them in, GAP-60);
- the cards still in play at the end (their requirement not met, their story tile not
  taken) and the cards brought in at final scoring go to ``story_open`` (a card read in
  an earlier game of the campaign never opens again): at final
  scoring a met card is read but what it brings in is not executed (GAP-60), so the
  cards it draws and the card its "Read xx" names wait in the archive for the next game;
- the legacy tiles in play at the end (``opt_legacy``) are the next game's tiles, the
  skull tiles removed during the game go to ``removed_tiles`` (MA-26.3, GAP-62);
- the C cards in the game (``c_in_game``: the archive's and those story cards brought
  in, GAP-63) stay in the campaign.

A card read at final scoring is told from one read at step 6 by its draws: step 6 brings
every card a read card draws into play (rules/story_read.py ``_act``), so a read card
with a draw still out of play was read at final scoring.
"""

from dataclasses import replace

from .campaign import check, in_deck
from .campaign_history import MAX_HISTORY, GameRecord
from .campaign_story import tile_order
from .data import story
from .data import story_tables as st
from .data.c_cards import FIRST_NUMBER as C_FIRST
from .data.legacy import LEGACY_TILE_IDS
from .state import SC_NEW, SC_OUT, SC_PLAY, SC_READ
from .story_text import requirement_text

SKULLS = frozenset(story.SKULL_TILES)


def _bits(mask, count):
    return [i for i in range(count) if (int(mask) >> i) & 1]


def _numbers(numbers):
    return ", ".join(f"{n:02d}" for n in numbers)


def final_reads(rec):
    """Indices of the story cards read at final scoring (GAP-60: what they bring in was
    not executed): read cards with a card they draw or name still out of play."""
    status = rec["story_status"]
    out = []
    for i in range(st.NUM_STORY_CARDS):
        if status[i] == SC_READ and any(status[j] == SC_OUT for j in brought_in(i)):
            out.append(i)
    return out


def brought_in(i):
    """Indices of the cards story card ``i`` brings in: those it draws and its "Read xx"."""
    index = {int(n): k for k, n in enumerate(st.STORY_NUMBERS)}
    number = int(st.STORY_NUMBERS[i])
    card = next(c for c in story.STORY_CARDS if c[0] == number)
    named = [args[0] for kind, *args in card[2] if kind == "read"]
    return [index[n] for n in (*card[3], *named) if n in index]


def finish_story_game(archive, rec, scores):
    """The archive after story game ``rec`` (its final record, one row) of the campaign
    ended with final ``scores`` (one per seat, ``Game.scores``), and what the story did:
    ``(archive, [(story card, [event, ...]), ...])`` in reading order, the events what
    ``doubloon campaign`` prints under each card read. A card out of the game's story deck
    (``campaign.in_deck``) is not opened. Pure: ``archive`` and ``rec`` are not changed."""
    if not int(rec["opt_story"]):
        raise ValueError("finish_story_game takes the final record of a story game (opt_story is 0)")
    status, numbers = rec["story_status"], [int(n) for n in st.STORY_NUMBERS]
    read = [i for i in range(st.NUM_STORY_CARDS) if status[i] == SC_READ and numbers[i] not in archive.story_read]
    final = set(final_reads(rec))
    opened = {numbers[i] for i in range(st.NUM_STORY_CARDS) if status[i] in (SC_PLAY, SC_NEW)}
    events = []
    for i in read:
        seat = int(rec["story_reader"][i])
        lines = [f"read in the game by seat {seat}: {requirement_text(i)} (MA-26.1)"]
        if i not in final:
            drawn = [numbers[j] for j in brought_in(i) if status[j] != SC_OUT]
            lines.append(
                "its instructions acted in the game (GAP-60)"
                + (f"; it brought in story card{'s' * (len(drawn) > 1)} {_numbers(drawn)}" if drawn else "")
            )
        else:
            waiting = [
                numbers[j] for j in brought_in(i) if status[j] == SC_OUT and numbers[j] not in archive.story_read
            ]
            waiting = [n for n in waiting if in_deck(archive.game, n)]
            opened.update(waiting)
            lines.append(
                "read at final scoring: its instructions do not act (GAP-60); "
                + (
                    f"story card{'s' * (len(waiting) > 1)} {_numbers(waiting)} "
                    "it brings in wait in the archive for the next game"
                    if waiting
                    else "it brings in no card"
                )
            )
        events.append((numbers[i], lines))
    read_numbers = tuple(numbers[i] for i in read)
    tiles_now = [LEGACY_TILE_IDS[t] for t in _bits(rec["opt_legacy"], len(LEGACY_TILE_IDS))]
    removed = set(archive.removed_tiles) - set(tiles_now)
    removed |= _removed_in_game(rec, read, final, tiles_now)
    cards = set(archive.cards) | {C_FIRST + b for b in _bits(rec["c_in_game"], 10)}
    scores = tuple(int(s) for s in scores)
    record = GameRecord(archive.games_played + 1, archive.next_seed(), tuple(archive.tiles), scores, read_numbers)
    after = replace(
        archive,
        games_played=archive.games_played + 1,
        tiles=tile_order(tiles_now),
        removed_tiles=tile_order(removed),
        cards=tuple(sorted(cards)),
        story_open=tuple(sorted(opened - set(read_numbers) - set(archive.story_read))),
        story_read=archive.story_read + read_numbers,
        history=(archive.history + (record,))[-MAX_HISTORY:],
    )
    return check(after, "the story game"), events


def _removed_in_game(rec, read, final, tiles_now):
    """The skull tiles removed during the game (MA-26.3, GAP-62): in play at setup or added
    by a card read at step 6, not in play at the end, and not replaced by a tile added on
    their board place (MA-26.4: the later card wins, the tile is not removed to the box)."""
    ever = {LEGACY_TILE_IDS[t] for t in _bits(rec["opt_legacy_setup"], len(LEGACY_TILE_IDS))}
    for i in read:
        if i not in final:
            number = int(st.STORY_NUMBERS[i])
            card = next(c for c in story.STORY_CARDS if c[0] == number)
            ever.update(args[0] for kind, *args in card[2] if kind == "add_tile")
    now = int(rec["opt_legacy"])
    return {
        t
        for t in ever
        if t in SKULLS and t not in tiles_now and not now & int(st.PLACE_CLASH[LEGACY_TILE_IDS.index(t)])
    }
