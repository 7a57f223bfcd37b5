"""Maracaibo's story mode as a picture (part of ``svg.py``; MA-26.1 - MA-26.3, GAP-59 - GAP-61):
the story tiles on the route map, the story cards in play and read, the story tiles taken
and by whom, and a vote in progress. Every word comes from ``story_text.py``, so the
picture and the text board say the same; nothing is drawn in a game without story mode.

A vote's options cast so far are hidden (GAP-59): the picture shows who has voted, and a
seat's own picture (``viewer``) its own vote, never another seat's; the picture for every
seat (``viewer=None``) shows no option either. Once all have voted the vote is carried
out and leaves the record, so no picture ever shows a vote's options cast.
"""

import textwrap

from .data import board
from .data import story as story_data
from .data import story_tables as st
from .state import SC_NEW, SC_PLAY, SC_READ
from .targets import skull_tile, story_tile, vote_option
from .story_text import card_name, option_text, quest_cost, quest_rewards, requirement_text, tile_words, vote_pending

BADGE_W, BADGE_DX, BADGE_H = 18, 20, 12  # 18 wide: one fits between a city tile and a marker
LEGEND = "; Sn: story tile n (MA-26.1)"


def on(rec):
    """A story-mode game (MA-26.1)."""
    return int(rec["opt_story"]) > 0


def badge(k):
    """The short name of story tile ``k`` on the map and in a player's quests: "S1"."""
    return f"S{k + 1}"


def tiles_at(rec, loc):
    """The story tiles lying on location ``loc`` (MA-26.1), in tile order."""
    if not on(rec):
        return []
    return [k for k in range(int(rec["story_tiles_laid"])) if int(rec["story_tile_loc"][k]) == loc]


def tiles_taken(rec, p):
    """The story tiles seat ``p`` took by completing their quests (GAP-61: quest tiles, MA-12.4)."""
    if not on(rec):
        return []
    return [k for k in range(int(rec["story_tiles_laid"])) if int(rec["story_tile_owner"][k]) == p]


def skull_target(rec, tile):
    """In a story game, legacy tile ``tile`` on the map is a click target when it is a skull
    tile (GAP-62: removing it is the rewarded player's decision); else no attributes."""
    skulls = [int(t) for t in st.SKULL_TILES]
    return {"data_target": skull_tile(skulls.index(tile))} if on(rec) and tile in skulls else {}


def story_badges(pic, rec, loc, x, y):
    """The story tiles at ``loc`` as badges from (x, y), beside its quest tiles; dashed as the
    story cards behind them are PLACEHOLDER (data/story.py)."""
    for i, k in enumerate(tiles_at(rec, loc)):
        card = int(rec["story_tile_card"][k])
        pic.card(
            x + i * BADGE_DX,
            y,
            BADGE_W,
            BADGE_H,
            [badge(k)],
            placeholder=True,
            size=7,
            class_="story-tile",
            data_tile=k + 1,
            data_target=story_tile(k),  # a click plays its story quest (targets.py)
            data_loc=board.LOC_IDS[loc],
            data_card=int(st.STORY_NUMBERS[card]) if card >= 0 else "",
        )


def story_section(pic, rec, names, viewer, left, width):
    """The story cards in play (number, story quest, in-game requirement, text), the cards
    read and by whom, every story tile laid and a vote in progress."""
    if not on(rec):
        return
    pic.heading("Story (MA-26.1 - MA-26.3)", "story cards PLACEHOLDER (data/story.py): MA-26.2's instructions only")
    status = rec["story_status"]
    for i in range(st.NUM_STORY_CARDS):
        if status[i] in (SC_PLAY, SC_NEW):
            _card(pic, i, int(status[i]) == SC_NEW, left, width)
    read = [f"{card_name(i)} by {names[int(rec['story_reader'][i])]}" for i in range(st.NUM_STORY_CARDS)]
    read = [r for i, r in enumerate(read) if status[i] == SC_READ]
    lines = ["Read: " + (", ".join(read) or "-")]
    lines += [tile_words(rec, k, names) for k in range(int(rec["story_tiles_laid"]))]
    pic.lines(lines, size=10, x=left, chars=190)
    if vote_pending(rec):
        _vote(pic, rec, names, viewer, left, width)
    pic.y += 6


def _box(pic, left, width, title, lines, targets=(), **attrs):
    """A full-width story card box: a bold title, then wrapped lines at 12 px; ``targets[j]``
    the ``data-target`` of line j's rows (a click plays that move)."""
    rows = [
        (part, {"data_target": targets[j]} if j < len(targets) else {})
        for j, line in enumerate(lines)
        for part in textwrap.wrap(line, 185) or [""]
    ]
    h = 20 + 12 * len(rows)
    pic.y += 4
    pic.box(left, pic.y, width, h, placeholder=True, fill=pic.t.panel, **attrs)
    pic.d.text(left + 6, pic.y + 13, title, size=10, weight="bold")
    for j, (row, target) in enumerate(rows):
        pic.d.text(left + 6, pic.y + 26 + 12 * j, row, size=9, **target)
    pic.y += h


def _card(pic, i, new, left, width):
    """Story card ``i`` in play: its story quest's requirement and reward and when it is read."""
    quest = f"story quest: {quest_cost(i)} -> {quest_rewards(i)}" if st.HAS_QUEST[i] else "no story quest"
    when = " (checked from the next interim scoring on)" if new else ""
    _box(
        pic,
        left,
        width,
        f"{card_name(i)}{when}",
        [quest, f"in the game: {requirement_text(i)}", f"says: {story_data.STORY_CARDS[i][4]}"],
        class_="story-card",
        data_card=int(st.STORY_NUMBERS[i]),
    )


def _vote(pic, rec, names, viewer, left, width):
    """GAP-59: the options voted on and who has voted; only the viewer's own vote is named.
    The automaton casts no vote (GAP-58: in solo the human casts the only one)."""
    i = int(rec["story_vote_card"])
    options = [f"option {o + 1}: {option_text(i, o)}" for o in range(int(st.NUM_VOTES[i]))]
    reader = names[int(rec["story_reader"][i])]
    _box(
        pic,
        left,
        width,
        f"Vote on {card_name(i)}, read by {reader}: most votes win, a tie goes to {reader}'s vote (GAP-59)",
        options + ["votes are hidden until all have voted"],
        targets=[vote_option(o) for o in range(len(options))],
        class_="story-vote",
        data_card=int(st.STORY_NUMBERS[i]),
    )
    voters = [q for q in range(int(rec["num_players"])) if q not in names.automata]
    y = pic.y + 4
    for j, q in enumerate(voters):
        x = left + 8 + j * 260
        vote = int(rec["story_votes"][q])
        pic.pawn(x + 7, y + 10, q, str(q))
        words = f"{names[q]}: {'voted' if vote >= 0 else 'to vote'}"
        if vote >= 0 and viewer == q:  # one's own vote only (GAP-59)
            words += f" (your vote: option {vote + 1})"
        pic.d.text(
            x + 18, y + 14, words, size=10, class_="story-voter", data_seat=q, data_voted="yes" if vote >= 0 else "no"
        )
    pic.y = y + 20
