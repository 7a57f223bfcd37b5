"""``doubloon campaign GAME``: bots play a Maracaibo campaign (MA-26.1), game after game.

    doubloon campaign maracaibo --games 3 --archive campaign.json --bots heuristic,random
    doubloon campaign maracaibo --archive campaign.json --review   # its history, no game played
    doubloon campaign maracaibo --archive later.json --chapter 83  # a new campaign at chapter 5
    doubloon campaign maracaibo --story --archive story.json       # a story campaign (MA-26.1)

Each game is made with the archive's tiles in play as its ``legacy_tiles``, seeded
with the campaign's seed for that game (``games.maracaibo.campaign.game_seed``) and
played by the bots (cycled over the seats, seat 0 first). After it the story is read
(``campaign.finish_game``) and the archive is saved at once (atomically), so an
interrupted campaign keeps every game it finished; running the command again with
the same archive continues the campaign. The bots are seeded from the game's seed,
so the same archive and bots play the same campaign.

A story campaign (``--story``, kept in the archive) plays story-mode games: the archive's
open story cards are the game's ``story_cards``, they are read during the game, and the
archive takes what the game's story did (``campaign_game.finish_story_game``) instead of
the between-games reading.
"""

from pathlib import Path

import numpy as np

import games
from games.maracaibo import campaign, campaign_game

from .bots import make_bots
from .simulate import play_games

BOT_SEEDS = 2**32  # a bot's seed: the game's seed modulo this


def load_or_start(game_name, path, seed, chapter=None, story=False):
    """The archive at ``path`` (a campaign to continue), else a new campaign of ``seed``
    (default 0), started at chapter card ``chapter`` if given (MA-26.1, GAP-64), a story
    campaign with ``story``. A ``seed`` that differs from an existing archive's, a chapter
    for one, or ``story`` for a non-story one is refused (a story archive stays one)."""
    if not Path(path).exists():
        return campaign.new_archive(game_name, 0 if seed is None else seed, chapter, story_mode=story), True
    if chapter is not None:
        raise ValueError(f"{path} is a campaign already; --chapter {chapter} starts a new one (give another --archive)")
    archive = campaign.load(path)
    if archive.game != game_name:
        raise ValueError(f"{path} is a campaign of {archive.game}, not of {game_name}")
    if story and not archive.story:
        raise ValueError(f"{path} is a campaign without story mode; --story starts a new one (give another --archive)")
    if seed is not None and seed != archive.seed:
        raise ValueError(
            f"{path} is the campaign of seed {archive.seed}; --seed {seed} would start another (give another --archive)"
        )
    return archive, False


def play_one(archive, bot_specs, options):
    """Play the campaign's next game: ``(game, bots, seed, scores, ranks, final record)``."""
    game = games.make(archive.game, **options, **archive.game_options())
    seed = archive.next_seed()
    bots = make_bots(bot_specs, game, seed=seed % BOT_SEEDS)
    seat_bots = np.array([[s % len(bots) for s in range(game.num_players)]])
    final = []
    scores, ranks = play_games(game, bots, seat_bots, [seed], final=final)
    return game, [bots[b] for b in seat_bots[0]], seed, scores[0].tolist(), ranks[0].tolist(), final[0][0]


def finish(archive, scores, rec):
    """The archive after a game and what its story did (``(story card, events)`` pairs): a
    story game's story was read in the game (``campaign_game``), else it is read now."""
    if int(rec["opt_story"]):
        return campaign_game.finish_story_game(archive, rec, scores)
    return campaign.read_story(archive, scores)


def run_campaign(
    game_name,
    games_to_play,
    path,
    bot_specs,
    options,
    seed=None,
    progress=True,
    write=print,
    chapter=None,
    story=False,
):
    """Play ``games_to_play`` games of the campaign in ``path`` (a new one started at
    ``chapter``, a chapter card, if given; a story campaign with ``story``), saving after
    each; ``write`` gets the report lines. Returns the archive after the last game."""
    for name in ("legacy_tiles", "c_cards", "story", "story_cards"):
        if name in options:
            raise ValueError(f"{name} comes from the campaign's archive; do not set it")
    archive, new = load_or_start(game_name, path, seed, chapter, story)
    write(
        f"{'new campaign' if new else 'continuing the campaign'} {path}: {game_name}"
        f"{' (story mode)' if archive.story else ''}, seed {archive.seed}, "
        f"{archive.games_played} games played; tiles in play: {_tiles(archive.tiles)}"
    )
    bar = None
    if progress:
        from .progress import progress_bar

        bar = progress_bar(total=games_to_play, desc="campaign", unit="game", leave=False)
        write = bar.write
    for _ in range(games_to_play):
        number, tiles = archive.games_played + 1, archive.tiles
        game, seat_bots, seed, scores, ranks, rec = play_one(archive, bot_specs, options)
        archive, read = finish(archive, scores, rec)
        Path(path).parent.mkdir(parents=True, exist_ok=True)  # --archive may name new folders
        campaign.save(archive, path)
        for line in game_report(number, tiles, seed, seat_bots, scores, ranks, read, archive):
            write(line)
        if bar is not None:
            bar.update()
    if bar is not None:
        bar.close()
    return archive


def review(game_name, path, write=print):
    """``--review``: the campaign in ``path`` game by game from its history (tiles in
    play, scores, story cards read) and its archive now; no game is played."""
    if not Path(path).exists():
        raise ValueError(f"{path}: no campaign archive there to review")
    archive = load_or_start(game_name, path, None)[0]
    story = " (story mode)" if archive.story else ""
    write(f"campaign {path}: {game_name}{story}, seed {archive.seed}, {archive.games_played} games played")
    kept = archive.history
    if archive.games_played > len(kept):
        before = archive.games_played - len(kept)
        write(f"  games 1-{before}: not in the history (played before the archive kept one, or older than it keeps)")
    for record in kept:
        read = ", ".join(f"{n:02d}" for n in record.read) or "none"
        write(
            f"game {record.game} (seed {record.seed}): tiles in play {_tiles(record.tiles)}; scores "
            f"{', '.join(map(str, record.scores))}; story cards read {read}"
        )
    write(_archive_line(archive).strip())


def game_report(number, tiles, seed, seat_bots, scores, ranks, read, archive):
    """What the command prints for one game of the campaign: ``read`` is
    ``campaign.read_story``'s list of ``(story card, events)``, each event a line of
    what the card did and why."""
    seats = ", ".join(
        f"seat {s} {bot.name} {score}" + (" (wins)" if rank == 0 else "")
        for s, (bot, score, rank) in enumerate(zip(seat_bots, scores, ranks))
    )
    lines = [f"game {number} (seed {seed}): tiles in play {_tiles(tiles)}", f"  result: {seats}"]
    for number, events in read:
        lines.append(f"  story card {number:02d} read: {campaign.card_text(number)}")
        lines += [f"    - {event}" for event in events]
    if not read:
        lines.append("  no story card read")
    lines.append(_archive_line(archive))
    return lines


def _archive_line(archive):
    return (
        f"  archive: tiles {_tiles(archive.tiles)}, removed to the box {_removed(archive.removed_tiles)}, "
        f"C cards {', '.join(map(str, archive.cards)) or 'none'}, story cards open "
        f"{', '.join(f'{n:02d}' for n in archive.story_open) or 'none'}"
    )


def _tiles(tiles):
    return ", ".join(tiles) or "none"


def _removed(tiles):
    """The tiles in the box, and why they are there: only "remove a skull tile" removes one."""
    return f"{_tiles(tiles)} (skull tiles, MA-26.3)" if tiles else "none"
