"""The play screen's text (``doubloon play``, 120 x 50): a compact board, the move list
in two columns where labels are short, what a move told its player (the card drawn from
the deck, MA-20.1) and the legend of the abbreviations. The whole board is
``render.render``; this module only shortens it, it decides no rule."""

import textwrap

from ..core.batch import kernel_record
from .component_text import (
    c_cards_line,
    GOODS,
    card_name,
    city_action,
    current_player,
    loc_name,
    prestige_spaces,
    quests_next_to,
    supply,
)
from .data import actions, board, careers, codes, combat, explorer, prestige, projects, quests, tracks
from .render import Names, fit, legacy_lines, opening_lines, status_lines
from .rules.nobility import markers_on_board
from .rules.locations import has_market
from .rules.village import market_good_at
from .spaces import ACTION_FAMILY, ACTION_PARAM, Family
from .state import QS_DONE, QS_EXPLORER, W_BOUGHT, Phase

LEGEND = [
    "Abbreviations: D doubloons, VP victory points, CP combat points, MP movement points,",
    "  V combat value (MA-8.4: the fighting nation's strength and the token's modifier, raised by boosts);",
    "  a combat action 'costs V n': it needs V >= n and lowers V by n (MA-8.6).",
    "  FR ES EN France, Spain, England; U1..U12 ship-board upgrades; E.. explorer spaces; Q.. quests;",
    "  TK.. combat tokens; K.. careers; A/B... project cards. 'b' the screen again, 'd' the whole board.",
]


def legend():
    """What the bare ``i`` shows: the abbreviations the board and the labels use."""
    return list(LEGEND)


def _location(rec, loc, n, names):
    """One location's changing contents ("11 Maracaibo: EXPLORE-4, TOB 1/3, FR, ships P0"),
    or None where it holds nothing but its printed action."""
    parts, live = [], False
    a = city_action(rec, loc)
    if a >= 0:
        parts.append(actions.CITY_ACTION_CODES[a])
    if has_market(kernel_record(rec), loc):  # MA-26.4 L1: Puerto Cabezas' too
        good = int(market_good_at(kernel_record(rec), loc))
        parts.append(f"{GOODS[good]} {int(rec['market'][loc])}/{int(board.MARKET_SLOTS_BY_PLAYERS[n])}")
        live = True
    m = int(rec["marker_at"][loc])
    if m >= 0:
        parts.append(f"{codes.NATIONS[m]} marker")
        live = True
    qs = [quests.QUEST_IDS[q] for q in quests_next_to(rec, loc)]
    ships = [names[p] for p in range(n) if rec["ship"][p] == loc and rec["legacy_city"][p] < 0]
    asst = [
        names[p] for p in range(n) for c in rec["assistants"][p] if c >= 0 and projects.CARD_ASSISTANT_LOC[c] == loc
    ]
    for word, items in (("quests", qs), ("ships", ships), ("assistants", asst)):
        if items:
            parts.append(f"{word} {' '.join(items)}")
            live = True
    return f"{loc_name(loc)}: {', '.join(parts)}" if live else None


def _map_line(rec, n, names):
    spots = [text for loc in range(board.NUM_LOCATIONS) if (text := _location(rec, loc, n, names))]
    return "Map: " + " | ".join(spots)


def _tracks_line(rec, n, names):
    exp = ", ".join(f"{names[p]} {explorer.EXP_IDS[int(rec['explorer'][p])]}" for p in range(n))
    qa = [
        f"Q{'ABC'[int(rec['quest_arg'][q])]}={quests.QUEST_IDS[q]}"
        for q in range(quests.NUM_QUESTS)
        if rec["quest_state"][q] == QS_EXPLORER
    ]
    first = [codes.BARRIER_NAMES[b] for b in range(3) if rec["barrier_first"][b]]
    taken = rec["markers_taken"]
    on_board = [int(markers_on_board(kernel_record(rec), a)) for a in range(3)]
    nations = ", ".join(
        f"{codes.NATIONS[a]} {on_board[a]}/{int(taken[a])} ({int(tracks.SUPPLY_VALUE_AFTER_TAKEN[int(taken[a])])})"
        for a in range(3)
    )
    return (
        f"Explorers {exp} | quest spaces {' '.join(qa) or '-'} | barriers crossed first {' '.join(first) or '-'} | "
        f"nation markers on board/taken (supply value) {nations} | combat token piles "
        f"{int(rec['token_pile_len'][0])}/{int(rec['token_pile_len'][1])}"
    )


def _player_line(rec, p, viewer, over, names):
    """One seat in one or two lines: the numbers, then what it owns; the viewer's own
    hand, planning and bought cards by name (everyone's once the game is over)."""
    r = rec
    flags = (" (start)" if p == int(r["start_player"]) else "") + (" <- to act" if p == current_player(rec) else "")
    inf = " ".join(f"{codes.NATIONS[a]} {int(r['influence'][p, a])}" for a in range(3))
    qs = [
        quests.QUEST_IDS[q]
        for q in range(quests.NUM_QUESTS)
        if r["quest_state"][q] == QS_DONE and r["quest_arg"][q] == p
    ]
    toks = [combat.TOKEN_IDS[t] for t in range(combat.NUM_COMBAT_TOKENS) if r["token_owner"][t] == p]
    ship = f"ship {loc_name(r['ship'][p])}, {explorer.EXP_IDS[int(r['explorer'][p])]}" + (
        f" (END #{int(r['end_rank'][p]) + 1})" if r["end_rank"][p] >= 0 else ""
    )
    if p in names.automata:  # Jean: no money, hand, figures, ship board or career
        return [
            f"{names[p]}{flags}: {int(r['vp'][p])} VP | {ship} | influence {inf} | quests {' '.join(qs) or '-'}"
            f" | tokens {' '.join(toks) or '-'}"
        ]
    upgraded = [f"U{u + 1}" for u, d in enumerate(r["discs"][p]) if d == 0]
    crossed = [codes.BARRIER_NAMES[b] for b in range(3) if r["crossed"][p, b]]
    syn = [codes.SYNERGIES[x] for x in range(5) if r["synergy"][p, x]]
    asst = [str(int(projects.CARD_ASSISTANT_LOC[c])) for c in r["assistants"][p] if c >= 0]
    head = (
        f"{names[p]}{flags}: {int(r['vp'][p])} VP, {int(r['coins'][p])} D, {int(r['cp'][p])} CP, income "
        f"{int(r['d_income'][p])} D/{int(r['vp_income'][p])} VP, figures {int(r['fig_personal'][p])} personal "
        f"{int(r['fig_general'][p])} general, hand {int(r['hand_len'][p])} | {ship}"
        + (f", crossed {' '.join(crossed)}" if crossed else "")
        + f" | influence {inf} | discs {int(r['discs'][p].sum())}, upgraded {' '.join(upgraded) or '-'}"
    )
    career = int(r["career"][p])
    owns = []
    if career >= 0 and (r["phase"] >= Phase.SAIL or viewer == p):
        done = ["open", "low", "high"]
        goals = ", ".join(
            f"{careers.GOAL_NAMES[int(g[0])]} {done[int(r['goal_done'][p, i])]}"
            for i, g in enumerate(careers.CAREERS[career][2])
        )
        owns.append(f"career {careers.CAREER_IDS[career]} {goals}")
    for word, items in (("synergies", syn), ("quests", qs), ("tokens", toks), ("assistants at", asst)):
        if items:  # an empty one is left out: the whole board ('d') lists them all
            owns.append(f"{word} {' '.join(items)}")
    plan = [card_name(c) for c in r["planning"][p] if c >= 0]
    bought = [
        card_name(c) + (f" [{int(r['card_figs'][c])} fig]" if r["card_figs"][c] else "")
        for c in range(projects.NUM_CARDS)
        if r["card_where"][c] == W_BOUGHT + p
    ]
    mine = viewer == p or over
    owns.append(f"planning {', '.join(plan) or '-'}" if mine else f"planning {len(plan)}")
    owns.append(f"bought {', '.join(bought) or '-'}" if mine else f"bought {len(bought)} ('d' names them)")
    lines = [head, "    " + " | ".join(owns)]
    if mine and r["phase"] >= Phase.SAIL:
        hand = [
            card_name(c) + f" ({GOODS[int(projects.CARD_SYMBOL[c])]})" for c in r["hand"][p][: int(r["hand_len"][p])]
        ]
        lines.append(f"    {'your ' if viewer == p else ''}hand: {', '.join(hand) or '-'}")
    return lines


def _cards_line(rec, names):
    disp = [f"{s + 1} {card_name(c)}" if c >= 0 else f"{s + 1} -" for s, c in enumerate(rec["display"])]
    deck, discards, pile, top, on_cards = supply(rec)
    pres = [
        f"{space} face down"
        if b < 0
        else f"{space} {prestige.PRESTIGE_IDS[b]}" + (f" ({' '.join(inv)})" if inv else "")
        for space, b, inv in prestige_spaces(rec, names)
    ]
    return (
        f"Display {' | '.join(disp)} | deck {deck}, discards {discards} | quest pile top {top} "
        f"({pile})"
        + (f", {', '.join(on_cards)}" if on_cards else "")
        + f" | prestige {', '.join(pres)}"
        + (f" | {c_cards_line(rec)}" if c_cards_line(rec) else "")  # GAP-63
    )


def compact(rec, viewer=None, names=None, title=None, outcome=None, width=120):
    """The board in about 20 lines at ``width`` columns: every seat's numbers, the
    locations that hold something, the tracks, the display; ``render.render`` has every
    detail ('d' on the play screen). ``viewer`` adds that seat's hand and cards."""
    names = names or Names()
    n = int(rec["num_players"])
    over = int(rec["phase"]) == Phase.GAME_OVER
    lines = status_lines(rec, names, title)
    lines.append(_map_line(rec, n, names))
    tiles = legacy_lines(rec, names)
    if tiles:
        lines.append("Legacy tiles: " + " | ".join(t.strip() for t in tiles[1:]))
    lines.append(_tracks_line(rec, n, names))
    for p in range(n):
        lines += _player_line(rec, p, viewer, over, names)
    if viewer is not None and int(rec["phase"]) < Phase.SAIL:
        lines += opening_lines(rec, viewer)
    lines.append(_cards_line(rec, names))
    if over and outcome:
        lines.append(outcome)
    elif over:
        vp = [int(rec["vp"][p]) for p in range(n)]
        lines.append("Final scores: " + ", ".join(f"{names[p]} {vp[p]}" for p in range(n)))
    return "\n".join(fit(lines, width))


def drawn_card(before, after, action, viewer):
    """MA-20.1: the card the deck gave its player, said to that player only (the deck's
    top card is hidden from everyone else), else None."""
    if int(ACTION_FAMILY[action]) != Family.DRAW or int(ACTION_PARAM[action]) != 0:
        return None
    p = current_player(before)
    if viewer is None or p != viewer:
        return None
    had = set(int(c) for c in before["hand"][p][: int(before["hand_len"][p])])
    new = [int(c) for c in after["hand"][p][: int(after["hand_len"][p])] if int(c) not in had]
    if not new:
        return None
    c = new[0]
    return f"you drew {card_name(c)} ({GOODS[int(projects.CARD_SYMBOL[c])]})"


def move_menu(labels, width=120):
    """The numbered moves, two to a line where both labels fit half the width, else one
    (wrapped): a long list takes half the rows. Numbers follow the list's order."""
    half = (width - 2) // 2
    items = [f"{i:>3}. {label}" for i, label in enumerate(labels, 1)]
    lines, i = [], 0
    while i < len(items):
        a = items[i]
        b = items[i + 1] if i + 1 < len(items) else None
        if b is not None and len(a) < half and len(b) <= half:
            lines.append(f"  {a:<{half}}{b}".rstrip())
            i += 2
            continue
        lines += ["  " + x for x in textwrap.wrap(a, width - 2, subsequent_indent="       ")]
        i += 1
    return lines
