"""The consistency rules ``from_json`` applies to a decoded Maracaibo record, shared with
the solo game through ``check_maracaibo_position``.

Every check is a small function whose docstring cites the rule that makes the position
impossible. The checks run from the cheap structural ones (options, seats, rounds,
cards, quests, tokens, figures) to the pending frames (``frame_checks``) and last the
one that runs the engine (``frame_checks.check_settled``), so the kernels only ever see
records whose indices are in range.
"""

import numpy as np

from ..core.errors import PositionError
from .data import board, c_cards, combat, explorer, legacy
from .data.components import FIGURES_PER_PLAYER, FIGURES_PERSONAL_AT_START, NUM_ROUNDS
from .state import (
    BOX_DISCS,
    Frame,
    NC,
    NC_AB,
    NQ,
    NU,
    Phase,
    QS_BOARD,
    QS_CARD,
    QS_DONE,
    QS_EXPLORER,
    QS_PILE,
    W_BOUGHT,
    W_BOX,
    W_DECK,
    W_DISPLAY,
    W_HAND,
    W_PLAN,
)
from .frame_checks import check_combat, check_decision, check_stack
from .options import OPTION_FIELDS, option_value
from .story_checks import check_story
from .rules.legacy import ESCORT_USED

# Per-seat fields and the value an unused seat holds (state.py: "seats >= num_players stay
# at their zero/empty values").
SEAT_FIELDS = {
    "hand": -1,
    "hand_len": 0,
    "setup_pick": 0,
    "planning": -1,
    "vp": 0,
    "coins": 0,
    "cp": 0,
    "d_income": 0,
    "vp_income": 0,
    "influence": 0,
    "ship": 0,
    "explorer": 0,
    "crossed": 0,
    "end_rank": -1,
    "discs": 0,
    "fig_personal": 0,
    "fig_general": 0,
    "career_dealt": -1,
    "career": -1,
    "goal_done": 0,
    "synergy": 0,
    "assistants": -1,
    "invested": 0,
    "legacy_city": -1,
}


def check_maracaibo_position(rec, n, options, jean=None):
    """Every consistency rule of a decoded record with ``n`` seats; ``jean`` is the seat
    of the solo opponent (MA-24), who holds nothing of the human's (checked by the solo game)."""
    _check_options(rec, options)
    _check_legacy(rec, n)
    check_story(rec)  # MA-26.1, GAP-61
    live = not rec["terminated"]
    if live != (rec["current_player"] >= 0) or live != (rec["phase"] != Phase.GAME_OVER):
        raise PositionError("current_player", "must be -1 exactly when the game is over (phase game over)")
    _check_unused_seats(rec, n)
    _check_rounds(rec, n)
    _check_cards(rec, n)
    _check_c_cards(rec)
    _check_quests(rec, n)
    _check_tokens(rec)
    _check_components(rec)
    taken = rec["markers_taken"].astype(int)
    placed = np.concatenate([rec["marker_at"], rec["legacy_markers"], rec["legacy_city_marker"]])  # MA-26.5
    on_board = np.bincount(placed[placed >= 0], minlength=3)
    if np.any(on_board > taken):
        raise PositionError("marker_at", "more markers on the board than have left the supply")
    _check_figures(rec, [p for p in range(n) if p != jean])
    check_stack(rec)
    check_combat(rec)
    check_decision(rec)


def _check_options(rec, options):
    """MA-25: the record's option fields are the game's options."""
    for option, field in OPTION_FIELDS.items():
        if int(rec[field]) != option_value(options, option):
            raise PositionError(field, f"is {int(rec[field])} but the game's option {option} is {options[option]!r}")
    if options["prestige_open"] and rec["prestige_revealed"] != 4:
        raise PositionError("prestige_revealed", "is 4 with prestige_open (MA-25.1)")


def _check_legacy(rec, n):
    """MA-26.4: only tiles in play hold anything: discs lie on purchase tiles (L10-L17) up
    to their disc spaces, from seats of the game or the box; markers lie on the spaces of
    L6 / L9 and on the flags of the new cities L4 / L7."""
    mask = int(rec["opt_legacy"])
    discs = rec["legacy_discs"]
    for t, tile in enumerate(legacy.LEGACY_TILE_IDS):
        here = int(discs[t].sum())
        if here and not (mask >> t & 1 and legacy.LEGACY_KIND[t] == legacy.PURCHASE):
            raise PositionError("legacy_discs", f"{tile} holds discs but is no purchase tile in play (MA-26.4)")
        if here > legacy.PURCHASE_SPACES[t]:
            raise PositionError("legacy_discs", f"{tile} holds {here} discs on {legacy.PURCHASE_SPACES[t]} spaces")
        if np.any(discs[t, n:BOX_DISCS] != 0):
            raise PositionError("legacy_discs", f"{tile} holds discs of a seat >= {n}")
    k = int(rec["stk_len"])
    pending = int(rec["stk_x"][:k][rec["stk_kind"][:k] == Frame.REMOVE].sum())  # the purchase's disc to move
    for q in range(n):
        owed = pending if q == rec["current_player"] else 0
        if discs[:, q].sum() > 2 * NU - rec["discs"][q].sum() + owed:
            raise PositionError("legacy_discs", f"player {q} has more discs on legacy tiles than left the ship board")
    owners = (legacy.ESCORT_TILE, legacy.ESCORT_TILE, legacy.GOLD_MINE_TILE)
    for s, t in enumerate(owners):
        if rec["legacy_markers"][s] >= 0 and not mask >> t & 1:
            raise PositionError("legacy_markers", f"a marker on {legacy.LEGACY_TILE_IDS[t]}, which is not in play")
    if rec["legacy_markers"][0] < 0 and rec["legacy_markers"][1] >= 0:
        raise PositionError("legacy_markers", "L6's second space fills after its first (MA-26.4)")
    escorted = int(rec["legacy_markers"][0]) == rec["cb_nation"] or int(rec["legacy_markers"][1]) == rec["cb_nation"]
    if int(rec["cb_used"]) & ESCORT_USED and not (rec["cb_nation"] >= 0 and escorted):
        raise PositionError("cb_used", "the escort was done in this combat, yet no marker of its nation is on L6")
    if mask == 0 and rec["legacy_bought"]:
        raise PositionError("legacy_bought", "no legacy tile is in play")
    for q in range(n):  # MA-26.4 L4 / L7: a ship at a new city
        c = int(rec["legacy_city"][q])
        if c < 0:
            continue
        tile = legacy.LEGACY_TILE_IDS[legacy.NEW_CITY_TILES[c]]
        if not mask >> int(legacy.NEW_CITY_TILES[c]) & 1:
            raise PositionError("legacy_city", f"player {q}'s ship is at the new city {tile}, which is not in play")
        if explorer.EXP_STEP_NUMBER[int(rec["explorer"][q])] < legacy.NEW_CITY_EXPLORER[c]:
            raise PositionError(
                "legacy_city",
                f"player {q}'s ship is at {tile} but the explorer has not reached "
                f"space {int(legacy.NEW_CITY_EXPLORER[c])} (MA-26.4)",
            )
        if int(rec["ship"][q]) != legacy.NEW_CITY_FROM[c]:
            raise PositionError(
                "ship",
                f"player {q}'s ship at the new city {tile} stands on "
                f"{board.LOC_IDS[int(legacy.NEW_CITY_FROM[c])]} (data/legacy.py)",
            )
    _check_new_city_markers(rec, n, mask)
    if mask >> legacy.PLAGUE_TILE & 1:
        c = legacy.PLAGUE_LOCATION
        for field, empty in (("tile_at", -1), ("marker_at", -1), ("market", 0)):
            if rec[field][c] != empty:
                raise PositionError(
                    field, "the plague (L3) lies on Cartagena: no city tile, marker or market disc there (MA-26.4)"
                )


def _check_new_city_markers(rec, n, mask):
    """MA-26.4 L4 / L7: a marker on a new city's flag means the city is in play and the
    explorer of whoever annexed it reached the city's space (explorers never move back)."""
    reached = max(int(explorer.EXP_STEP_NUMBER[int(rec["explorer"][q])]) for q in range(n))
    for c in range(legacy.NUM_NEW_CITIES):
        if rec["legacy_city_marker"][c] < 0:
            continue
        t = int(legacy.NEW_CITY_TILES[c])
        if not mask >> t & 1:
            raise PositionError(
                "legacy_city_marker", f"a marker on the new city {legacy.LEGACY_TILE_IDS[t]}, which is not in play"
            )
        if reached < legacy.NEW_CITY_EXPLORER[c]:
            raise PositionError(
                "legacy_city_marker",
                f"a marker on {legacy.LEGACY_TILE_IDS[t]}, but no explorer "
                f"reached space {int(legacy.NEW_CITY_EXPLORER[c])} (MA-26.4)",
            )


def _check_unused_seats(rec, n):
    """MA-2.3: a game of n players has n sets of player components; every per-seat entry
    of a seat >= n stays empty, and no card, quest or token belongs to such a seat."""
    for field, empty in SEAT_FIELDS.items():
        if np.any(rec[field][n:] != empty):
            raise PositionError(field, f"seats >= {n} must be empty ({empty}): a {n}-player game has no seat there")
    where = rec["card_where"]
    for base in (W_HAND, W_PLAN, W_BOUGHT):
        if np.any((where >= base + n) & (where < base + 4)):
            raise PositionError("card_where", f"a card belongs to a seat >= {n}")


def _check_rounds(rec, n):
    """MA-1.2 / MA-3.13: rounds 1-4 follow the setup; MA-5.1: every turn sails at least
    one location, so a round has at most n x 24 turns; MA-5.3 / MA-21.1: ships stand on
    the round's route, and the one on the round's last location ended the round."""
    phase, rnd = int(rec["phase"]), int(rec["round_no"])
    setup = phase in (Phase.SETUP_CARDS, Phase.SETUP_CAREER)
    if setup != (rnd == 0):
        raise PositionError("round_no", f"is {rnd} in phase {phase}: 0 exactly during setup (MA-3.12, MA-3.13)")
    if phase == Phase.GAME_OVER and rnd != NUM_ROUNDS:
        raise PositionError("round_no", f"the game ends after round {NUM_ROUNDS} (MA-23.1)")
    if rec["turn"] > max(rnd, 1) * n * board.NUM_LOCATIONS:
        raise PositionError("turn", f"{int(rec['turn'])} turns cannot have been played by round {rnd} (MA-5.1)")
    if setup:
        if np.any(rec["ship"] != 0) or rec["round_trigger"] != -1 or rec["last_trigger"] != -1:
            raise PositionError("ship", "during setup every ship is in Havana and no round has ended (MA-3.9)")
        return
    bit = 1 << (rnd - 1)
    reach, todo = {0}, [0]
    while todo:
        loc = todo.pop()
        for j in range(int(board.NUM_SUCC[loc])):
            nxt = int(board.SUCC[loc, j])
            if board.SUCC_ROUND_MASK[loc, j] & bit and nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    final = int(board.FINAL_SPACE_BY_ROUND[rnd])
    for p in range(n):
        if int(rec["ship"][p]) not in reach:
            raise PositionError("ship", f"player {p}'s ship is off the route of round {rnd} (MA-5.3)")
    trigger = int(rec["round_trigger"])
    at_final = [p for p in range(n) if rec["ship"][p] == final]
    if phase != Phase.GAME_OVER and (trigger >= 0) != bool(at_final):
        raise PositionError("round_trigger", "is set exactly when a ship reached the round's last location (MA-21.1)")
    if phase != Phase.GAME_OVER and trigger >= 0 and trigger not in at_final:
        raise PositionError("round_trigger", "the player who ended the round stands on its last location (MA-21.1)")
    if phase in (Phase.SCORING_CHOICE, Phase.SCORING_REFILL, Phase.SCORING_CAREER) and trigger < 0:
        raise PositionError("round_trigger", "scoring follows a round end (MA-4.2)")
    if phase in (Phase.SCORING_CHOICE, Phase.SCORING_REFILL, Phase.SCORING_CAREER) and not rec["story_reading"]:
        if rec["score_done"] >= n or rec["current_player"] != (trigger + rec["score_done"]) % n:
            raise PositionError("score_done", "scoring step 1 goes clockwise from the triggering player (MA-21.2)")


def _check_cards(rec, n):
    """MA-3.4 / MA-14 / MA-20: each project card is in exactly one place."""
    where = rec["card_where"]
    deck_len = int(rec["deck_len"])
    deck = rec["deck"]
    if np.any(deck[deck_len:] != -1) or np.any(deck[:deck_len] < 0):
        raise PositionError("deck", f"the first {deck_len} entries must be cards and the rest -1")
    if sorted(deck[:deck_len].tolist()) != np.flatnonzero(where == W_DECK).tolist():
        raise PositionError("deck", "deck cards must be exactly those marked W_DECK")
    disp = rec["display"][rec["display"] >= 0]
    if sorted(disp.tolist()) != np.flatnonzero(where == W_DISPLAY).tolist():
        raise PositionError("display", "display cards must be exactly those marked W_DISPLAY")
    for p in range(4):
        hl = int(rec["hand_len"][p])
        hand = rec["hand"][p]
        if np.any(hand[hl:] != -1) or np.any(hand[:hl] < 0):
            raise PositionError("hand", f"player {p}: the first {hl} entries must be cards and the rest -1")
        if sorted(hand[:hl].tolist()) != np.flatnonzero(where == W_HAND + p).tolist():
            raise PositionError("hand", f"player {p}: hand cards must be exactly those marked in hand")
        plan = rec["planning"][p][rec["planning"][p] >= 0]
        if sorted(plan.tolist()) != np.flatnonzero(where == W_PLAN + p).tolist():
            raise PositionError("planning", f"player {p}: planning cards must match card_where")
        pick = rec["setup_pick"][p]
        if np.any(pick[hl:] != 0) or np.sum(pick == 1) > 1 or np.sum(pick == 2) > 3:
            raise PositionError("setup_pick", f"player {p}: one dealt card to plan, three to discard (MA-3.12)")
    if rec["phase"] > Phase.SETUP_CARDS and np.any(rec["setup_pick"] != 0):
        raise PositionError("setup_pick", "opening choices are resolved after MA-3.12")
    if np.any(rec["card_figs"][where < W_BOUGHT] != 0):
        raise PositionError("card_figs", "only bought cards can hold figures")


def _check_c_cards(rec):
    """GAP-63: the option's C cards are in the game (story cards only add more), and a C
    card not in the game is in the box (MA-26.1: it enters only when a story card says so)."""
    opt, in_game = int(rec["opt_c_cards"]), int(rec["c_in_game"])
    if opt & ~in_game:
        missing = ", ".join(str(x) for x in c_cards.numbers_of_mask(opt & ~in_game))
        raise PositionError("c_in_game", f"lacks C card {missing} of the option c_cards (GAP-63)")
    for i, number in enumerate(c_cards.C_CARD_NUMBERS):
        if not in_game >> i & 1 and rec["card_where"][NC_AB + i] != W_BOX:
            raise PositionError("card_where", f"C card {number} is not in this game (c_in_game), so it is in the box")


def _check_quests(rec, n):
    """MA-3.2 / MA-12: each quest tile is in one place; placement numbers (MA-29.1) are
    distinct and below the counter, which counts tiles that left the pile."""
    st, arg = rec["quest_state"], rec["quest_arg"]
    pile_len = int(rec["quest_pile_len"])
    pile = rec["quest_pile"]
    if np.any(pile[pile_len:] != -1) or np.any(pile[:pile_len] < 0):
        raise PositionError("quest_pile", f"the first {pile_len} entries must be tiles and the rest -1")
    if sorted(pile[:pile_len].tolist()) != np.flatnonzero(st == QS_PILE).tolist():
        raise PositionError("quest_pile", "pile tiles must be exactly those in state QS_PILE")
    for q in range(NQ):
        s, a = int(st[q]), int(arg[q])
        ok = {
            QS_PILE: a == -1,
            QS_BOARD: 1 <= a <= 19,
            QS_EXPLORER: 0 <= a <= 2,
            QS_CARD: 0 <= a < NC and rec["card_where"][a] >= W_BOUGHT,
            QS_DONE: 0 <= a < n,
        }[s]
        if not ok:
            raise PositionError("quest_arg", f"quest {q}: argument {a} does not fit its state {s}")
    for slot in range(3):
        if np.sum((st == QS_EXPLORER) & (arg == slot)) > 1:
            raise PositionError("quest_state", f"two tiles on explorer quest space {slot}")
    order = rec["quest_order"]
    laid = st == QS_BOARD
    if np.any(order[~laid] != -1) or np.any(order[laid] < 0):
        raise PositionError("quest_order", "tiles lying on the board have a placement number, others -1")
    counter = int(rec["quest_counter"])
    if len(set(order[laid].tolist())) != int(laid.sum()) or np.any(order[laid] >= counter):
        raise PositionError("quest_order", "placement numbers are distinct and below quest_counter")
    if counter > NQ - pile_len:
        raise PositionError("quest_counter", f"{counter} tiles cannot have left a pile that still holds {pile_len}")


def _check_tokens(rec):
    """MA-3.1 / MA-8.7: each combat token is in a pile, revealed, or on one ship board."""
    seen = []
    for k in range(2):
        ln = int(rec["token_pile_len"][k])
        pile = rec["token_pile"][k]
        if np.any(pile[ln:] != -1) or np.any(pile[:ln] < 0):
            raise PositionError("token_pile", f"pile {k}: the first {ln} entries must be tokens, then -1")
        seen += pile[:ln].tolist()
    seen += np.flatnonzero(rec["token_owner"] >= 0).tolist()
    if rec["cb_token"] >= 0:  # revealed in the combat in progress (MA-8.2)
        seen.append(int(rec["cb_token"]))
    if sorted(seen) != list(range(combat.NUM_COMBAT_TOKENS)):
        raise PositionError("token_pile", "each combat token must be in a pile or on one ship board")


def _check_components(rec):
    """One of each component: MA-3.6 four different prestige buildings; MA-3.3 each city
    tile at one location; MA-3.10 / MA-3.13 no career card dealt or kept twice."""
    pb = rec["prestige"].tolist()
    if len(set(pb)) != len(pb):
        raise PositionError("prestige", "a prestige building lies on two spaces (MA-3.6)")
    tiles = rec["tile_at"][rec["tile_at"] >= 0].tolist()
    if len(set(tiles)) != len(tiles):
        raise PositionError("tile_at", "a city tile lies at two locations (MA-3.3)")
    dealt = rec["career_dealt"][rec["career_dealt"] >= 0].tolist()
    if len(set(dealt)) != len(dealt):
        raise PositionError("career_dealt", "a career card was dealt twice (MA-3.10)")
    kept = rec["career"][rec["career"] >= 0].tolist()
    if len(set(kept)) != len(kept):
        raise PositionError("career", "two players keep the same career card (MA-3.13)")


def _check_figures(rec, seats):
    """MA-2.3: 8 figures per player, in the supplies, on the career card, as assistants,
    on prestige spaces or on cards; during setup 2 personal and the rest general (MA-3.10)."""
    setup = rec["phase"] < Phase.SAIL
    for p in seats:
        if setup:
            if (
                rec["fig_personal"][p] != FIGURES_PERSONAL_AT_START
                or rec["fig_general"][p] != FIGURES_PER_PLAYER - FIGURES_PERSONAL_AT_START
            ):
                raise PositionError(
                    "fig_personal",
                    f"player {p}: during setup {FIGURES_PERSONAL_AT_START} figures "
                    "are personal, the rest general (MA-3.10)",
                )
            if np.any(rec["goal_done"][p] != 0) or np.any(rec["assistants"][p] >= 0) or np.any(rec["invested"][p] != 0):
                raise PositionError("goal_done", f"player {p} has placed no figure before round 1 (MA-3.13)")
            continue
        figs = (
            int(rec["fig_personal"][p])
            + int(rec["fig_general"][p])
            + int((rec["goal_done"][p] == 0).sum())
            + int((rec["assistants"][p] >= 0).sum())
            + int(rec["invested"][p].sum())
            + int(rec["card_figs"][rec["card_where"] == W_BOUGHT + p].sum())
        )
        if figs != FIGURES_PER_PLAYER:
            raise PositionError("fig_personal", f"player {p} has {figs} figures, not {FIGURES_PER_PLAYER}")
