"""Story mode in words (MA-26.1 - MA-26.3): a story card's quest, requirement and
instructions, and the labels of the story actions (STORY_QUEST, REMOVE_SKULL, VOTE).
The engine decides; this module only says what it decided."""

from .component_text import GOODS, counted
from .data import board, legacy, quests, story
from .data import story_tables as st
from .spaces import ACTION_FAMILY, Family
from .state import SC_NEW, SC_PLAY, SC_READ

REWARD_WORDS = {
    st.R_VP: "{} VP",
    st.R_D: "{} D",
    st.R_CP: "{} CP",
    st.R_SPAIN: "+{} Spain influence",
    st.R_DISCS: "remove {} discs",
}
COST_WORDS = {
    quests.QC_GOODS: lambda a0, a1: f"{a1} {GOODS[a0]}",
    quests.QC_ITEMS: lambda a0, a1: f"{a1} {GOODS[a0]}",
    quests.QC_FIGURES: lambda a0, a1: counted(a0, "figure") + " to the general supply",
    quests.QC_CP: lambda a0, a1: f"{a0} CP (not figures)",
    quests.QC_D: lambda a0, a1: f"{a0} D",
    quests.QC_MIN_MP: lambda a0, a1: f"{a0}+ MP sailed this turn",
}


def card_name(i):
    """ "story card 01" for card index ``i``."""
    return f"story card {int(st.STORY_NUMBERS[i]):02d}"


def quest_cost(i):
    return ", ".join(
        COST_WORDS[int(st.QUEST_COST_KIND[i, j])](int(st.QUEST_COST_A0[i, j]), int(st.QUEST_COST_A1[i, j]))
        for j in range(int(st.QUEST_COST_COUNT[i]))
    )


def quest_rewards(i):
    gains = []
    for j in range(int(st.REWARD_COUNT[i])):
        kind, a0 = int(st.REWARD_KIND[i, j]), int(st.REWARD_A0[i, j])
        gains.append("remove a skull tile" if kind == st.R_SKULL else REWARD_WORDS[kind].format(a0))
    return ", ".join(gains + ["the story tile (a quest tile)"])


def quest_text(i):
    """ "story card 01's quest: 1 CP (not figures) -> 5 D, 1 VP, the story tile (a quest tile)"."""
    return f"{card_name(i)}'s quest: {quest_cost(i)} -> {quest_rewards(i)}"


def requirement_text(i):
    """When card i is read in the game (MA-26.1)."""
    if st.REQ_KIND[i] == st.REQ_QUEST:
        return "read once its story quest is done, by that player"
    return f"read once a disc lies on {legacy.LEGACY_TILE_IDS[int(st.REQ_TILE[i])]}, by the round-ending player"


def card_text(i):
    """A story card in play: its number, quest and requirement, and what it says when read."""
    quest = quest_text(i) if st.HAS_QUEST[i] else f"{card_name(i)} (no story quest)"
    return f"{quest}; {requirement_text(i)}; {story.STORY_CARDS[i][4]}"


def skull_words(j):
    t = int(st.SKULL_TILES[j])
    tile = legacy.LEGACY_TILE_IDS[t]
    if t == legacy.PLAGUE_TILE:
        return f"Remove skull tile {tile} (the plague leaves Cartagena: a new city tile lies there, drawn at random)"
    where = board.LOC_NAMES[board.LOC_INDEX[legacy.LEGACY_POSITION[t]]]
    return f"Remove skull tile {tile} (village actions at {where} again)"


def vote_words(rec, k):
    """ "Vote for option 2: add tile L25" (GAP-59)."""
    i = int(rec["story_vote_card"]) if rec is not None and "story_vote_card" in rec.dtype.names else -1
    if i < 0:
        return f"Vote for option {k + 1}"
    return f"Vote for option {k + 1}: {option_text(i, k)}"


def option_text(i, k):
    opt = story.STORY_CARDS[i][8][k] if k < len(story.STORY_CARDS[i][8]) else ()
    return story.placeholder_text(opt).removeprefix("PLACEHOLDER: ") if opt else "nothing"


def story_label(rec, fam, k):
    """The label of a story action (``labels.action_label`` hands them here)."""
    if fam == Family.STORY_QUEST:
        i = int(rec["story_tile_card"][k]) if rec is not None else -1
        if i < 0:
            return f"Complete the story quest of story tile {k + 1}"
        return f"Complete story tile {k + 1}: {quest_text(i)}"
    if fam == Family.REMOVE_SKULL:
        return skull_words(k)
    if fam == Family.VOTE:
        return vote_words(rec, k)
    raise ValueError(f"action family {fam} is no story action")


def story_lines(rec, names):
    """The board's story lines (MA-26.1, GAP-59 - GAP-61): every story card in play or read
    and the story tiles; a vote in progress shows who voted, never what (GAP-59)."""
    if not int(rec["opt_story"]):
        return []
    lines = ["Story cards (MA-26.1):"]
    status = rec["story_status"]
    for i in range(st.NUM_STORY_CARDS):
        if status[i] == SC_READ:
            lines.append(f"  {card_name(i)}: read by {names[int(rec['story_reader'][i])]}")
        elif status[i] in (SC_PLAY, SC_NEW):
            when = "" if status[i] == SC_PLAY else " (checked from the next interim scoring on)"
            lines.append(f"  {card_text(i)}{when}")
    for k in range(int(rec["story_tiles_laid"])):
        lines.append(f"  {tile_words(rec, k, names)}")
    vote = int(rec["story_vote_card"])
    if vote >= 0:
        voted = [names[q] for q in range(int(rec["num_players"])) if rec["story_votes"][q] >= 0]
        options = "; ".join(f"{o + 1}: {option_text(vote, o)}" for o in range(int(st.NUM_VOTES[vote])))
        lines.append(
            f"  vote on {card_name(vote)} ({options}); voted: {', '.join(voted) or 'nobody yet'} "
            "(votes are hidden until all voted, GAP-59)"
        )
    return lines


def tile_words(rec, k, names):
    """ "story tile 1 at <location>: <its quest>" or "story tile 1 taken by <seat>: ..." (MA-26.1, GAP-61)."""
    loc, card, owner = (int(rec[f][k]) for f in ("story_tile_loc", "story_tile_card", "story_tile_owner"))
    quest = quest_text(card) if card >= 0 else "no story quest yet"
    where = f"at {board.LOC_NAMES[loc]}" if loc >= 0 else f"taken by {names[owner]}"
    return f"story tile {k + 1} {where}: {quest}"


def vote_pending(rec):
    """A vote is in progress (GAP-59): the options cast so far are hidden from the others."""
    return int(rec["opt_story"]) > 0 and int(rec["story_vote_card"]) >= 0


def secret_move(action):
    """A vote (GAP-59): the other seats learn that it was cast, never its option."""
    return int(ACTION_FAMILY[action]) == Family.VOTE


HIDDEN_VOTE = "cast a vote (its option stays hidden until all have voted, GAP-59)"


def last_label(rec, label):
    """The "Last:" line's words for the record's last action: a vote cast while the vote goes
    on shows that a vote was cast, never its option (GAP-59); ``label(action)`` words any other."""
    action = int(rec["last_action"])
    if vote_pending(rec) and secret_move(action):
        return HIDDEN_VOTE
    return label(action)


def story_report(before, after, names):
    """What the story did between two positions: the cards read, by whom, and what they say
    (MA-26.1 narration; the engine has already carried it out)."""
    out = []
    if not int(after["opt_story"]):
        return out
    for i in range(st.NUM_STORY_CARDS):
        if after["story_status"][i] == SC_READ and before["story_status"][i] != SC_READ:
            said = story.STORY_CARDS[i][4].removeprefix("PLACEHOLDER: ")
            out.append(f"{names[int(after['story_reader'][i])]} reads {card_name(i)}: {said}")
    for k in range(st.NUM_STORY_TILES):
        if after["story_tile_owner"][k] >= 0 and before["story_tile_owner"][k] < 0:
            out.append(f"{names[int(after['story_tile_owner'][k])]} completes story tile {k + 1}")
    return out
