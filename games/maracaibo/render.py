"""The board as text: the public position, a seat's private view, and line wrapping."""

from ..core.batch import kernel_record
from .component_text import (
    c_cards_line,
    GOODS,
    card_name,
    city_action,
    current_player,
    frame_text,
    legacy_tile_text,
    loc_name,
    new_city_offer,
    prestige_spaces,
    quests_next_to,
    step_text,
    supply,
)
from .story_text import last_label, story_lines
from .data import (
    actions,
    board,
    careers,
    codes,
    combat,
    explorer,
    legacy,
    prestige,
    projects,
    quest_cards,
    quests,
    tracks,
)
from .data.codes import NATION_NAMES
from .labels import action_label
from .rules.locations import has_market
from .rules.nobility import markers_on_board
from .rules.village import market_good_at
from .state import QS_DONE, QS_EXPLORER, W_BOUGHT, Decision, Frame, Phase, code_words


def combat_line(rec):
    """The combat in progress (MA-8), or None."""
    k = int(rec["stk_len"]) - 1
    if k < 0 or int(rec["stk_kind"][k]) != Frame.COMBAT:
        return None
    t = int(rec["cb_token"])
    token = combat.TOKEN_IDS[t] if t >= 0 else ("piles empty" if int(rec["stk_pc"][k]) >= 2 else "not revealed")
    a = int(rec["cb_nation"])
    used = [f"CA{b + 1}" for b in range(3) if int(rec["cb_used"]) >> b & 1]
    used += [f"card {i}" for i in range(8) if int(rec["cb_cards"]) >> i & 1]
    return (
        f"Combat: token {token}"
        + (f", {NATION_NAMES[a]}, combat value V {int(rec['cb_v'])}" if a >= 0 else "")
        + (f", used {' '.join(used)}" if used else "")
    )


# ----- the board ------------------------------------------------------------------------
def _player_lines(rec, p, viewer, n, over, names):
    r = rec
    nob = [int(tracks.NOBILITY_LEVEL[int(r["influence"][p, a])]) for a in range(3)]
    inf = "  ".join(f"{codes.NATIONS[a]} {int(r['influence'][p, a])} (x{nob[a]})" for a in range(3))
    career = int(r["career"][p])
    show_career = career >= 0 and (r["phase"] >= Phase.SAIL or viewer == p)
    syn = [codes.SYNERGIES[x] for x in range(5) if r["synergy"][p, x]]
    flags = [" start" if p == int(r["start_player"]) else "", " <- to act" if p == current_player(rec) else ""]
    if p in names.automata:  # an automated opponent (Jean): no money, hand, figures, ship board or career
        return _automaton_lines(rec, p, names, flags, inf)
    lines = [
        f" {names[p]}{''.join(flags)}: {int(r['vp'][p])} VP, {int(r['coins'][p])} D, {int(r['cp'][p])} CP "
        f"| income {int(r['d_income'][p])} D / {int(r['vp_income'][p])} VP | figures {int(r['fig_personal'][p])} "
        f"personal, {int(r['fig_general'][p])} general | hand {int(r['hand_len'][p])}"
    ]
    lines.append(_ship_line(r, p))
    lines.append(f"     influence {inf}")
    discs = " ".join("-" if d == 0 else str(int(d)) for d in r["discs"][p])
    lines.append(f"     ship board discs left U1..U12: {discs} (- = upgraded)")
    goals = ""
    if show_career:
        done = ["open", "low", "high"]
        goals = ", ".join(
            f"{careers.GOAL_NAMES[int(g[0])]} {done[int(r['goal_done'][p, i])]}"
            for i, g in enumerate(careers.CAREERS[career][2])
        )
        goals = f"career {careers.CAREER_IDS[career]} ({goals}) | "
    qs = [
        quests.QUEST_IDS[q]
        for q in range(quests.NUM_QUESTS)
        if r["quest_state"][q] == QS_DONE and r["quest_arg"][q] == p
    ]
    toks = [combat.TOKEN_IDS[t] for t in range(combat.NUM_COMBAT_TOKENS) if r["token_owner"][t] == p]
    asst = [board.LOC_IDS[int(projects.CARD_ASSISTANT_LOC[c])] for c in r["assistants"][p] if c >= 0]
    lines.append(
        f"     {goals}synergies {' '.join(syn) or '-'} | quests {' '.join(qs) or '-'} | combat tokens "
        f"{' '.join(toks) or '-'} | assistants at {' '.join(asst) or '-'}"
    )
    plan = [card_name(c) for c in r["planning"][p] if c >= 0]
    bought = []
    for c in range(projects.NUM_CARDS):
        if r["card_where"][c] == W_BOUGHT + p:
            figs = int(r["card_figs"][c])
            bought.append(card_name(c) + (f" [{figs} figures]" if figs else ""))
    lines.append(f"     planning: {', '.join(plan) or '-'}")
    lines.append(f"     bought: {', '.join(bought) or '-'}")
    if (viewer == p and r["phase"] >= Phase.SAIL) or over:
        hand = [
            card_name(c) + f" ({GOODS[int(projects.CARD_SYMBOL[c])]})" for c in r["hand"][p][: int(r["hand_len"][p])]
        ]
        lines.append(f"     {'your ' if viewer == p else ''}hand: {', '.join(hand) or '-'}")
    return lines


def _ship_line(r, p):
    return (
        f"     ship at {loc_name(r['ship'][p])} | explorer {explorer.EXP_IDS[int(r['explorer'][p])]}"
        + (f" (END #{int(r['end_rank'][p]) + 1})" if r["end_rank"][p] >= 0 else "")
        + " | barriers "
        + (" ".join(codes.BARRIER_NAMES[b] for b in range(3) if r["crossed"][p, b]) or "-")
    )


def _automaton_lines(r, p, names, flags, inf):
    qs = [
        quests.QUEST_IDS[q]
        for q in range(quests.NUM_QUESTS)
        if r["quest_state"][q] == QS_DONE and r["quest_arg"][q] == p
    ]
    toks = [combat.TOKEN_IDS[t] for t in range(combat.NUM_COMBAT_TOKENS) if r["token_owner"][t] == p]
    return [
        f" {names[p]}{''.join(flags)}: {int(r['vp'][p])} VP | influence {inf}",
        _ship_line(r, p),
        f"     quests {' '.join(qs) or '-'} | combat tokens {' '.join(toks) or '-'}",
    ]


class Names:
    """How the board names seats: "P0", "P1"... or given names (solo: "Jean");
    ``automata`` are seats without money, hand, figures, ship board or career."""

    def __init__(self, names=None, automata=()):
        self.names = dict(names or {})
        self.automata = frozenset(automata)

    def __getitem__(self, p):
        return self.names.get(int(p), f"P{int(p)}")


def _board_lines(rec, n, names):
    lines = ["Board:"]
    slots = int(board.MARKET_SLOTS_BY_PLAYERS[n])
    for loc in range(board.NUM_LOCATIONS):
        parts = []
        a = city_action(rec, loc)
        if a >= 0:
            parts.append(actions.CITY_ACTION_CODES[a])
        t = int(rec["tile_at"][loc])
        if t >= 0:
            parts.append(f"tile {board.TILE_IDS[t]}")
        if has_market(kernel_record(rec), loc):  # MA-26.4 L1: Puerto Cabezas' too
            good = int(market_good_at(kernel_record(rec), loc))
            parts.append(f"market {GOODS[good]} {int(rec['market'][loc])}/{slots}")
        m = int(rec["marker_at"][loc])
        if m >= 0:
            parts.append(f"marker {codes.NATIONS[m]}")
        qs = [quests.QUEST_IDS[q] for q in quests_next_to(rec, loc)]
        if qs:
            parts.append("quests " + " ".join(qs))
        ships = [names[p] for p in range(n) if rec["ship"][p] == loc and rec["legacy_city"][p] < 0]
        if ships:
            parts.append("ships " + " ".join(ships))
        asst = [
            names[p] for p in range(n) for c in rec["assistants"][p] if c >= 0 and projects.CARD_ASSISTANT_LOC[c] == loc
        ]
        if asst:
            parts.append("assistants " + " ".join(asst))
        if parts:
            lines.append(f"  {loc_name(loc)}: " + ", ".join(parts))
    return lines


def quest_card_text(rec):
    """The game's quest card and where it lays tiles at the end of this round (MA-21.7, D13, D16)."""
    index, rnd = int(rec["opt_quest_card"]), int(rec["round_no"])
    text = f"quest card {quest_cards.QUEST_CARDS[index]}"
    if not 1 <= rnd <= 3 or int(rec["phase"]) == Phase.GAME_OVER:
        return text
    at = [
        board.LOC_IDS[int(loc)]
        for card, when, loc, fewest in zip(
            quest_cards.SCHEDULE_CARD,
            quest_cards.SCHEDULE_WHEN,
            quest_cards.SCHEDULE_LOC,
            quest_cards.SCHEDULE_MIN_PLAYERS,
        )
        if card == index and when == rnd and int(rec["num_players"]) >= fewest
    ]
    return f"{text}: after round {rnd} at {', '.join(at)}"


def legacy_lines(rec, names):
    """MA-26.4: the legacy tiles in play and what lies on them."""
    mask = int(rec["opt_legacy"])
    if not mask:
        return []
    out = []
    spaces = {legacy.ESCORT_TILE: (0, 1), legacy.GOLD_MINE_TILE: (2,)}
    for t in range(legacy.NUM_LEGACY_TILES):
        if not mask >> t & 1:
            continue
        text = legacy_tile_text(t)
        if legacy.LEGACY_KIND[t] == legacy.PURCHASE:
            discs = rec["legacy_discs"][t]
            who = [f"{names[p]} {int(discs[p])}" for p in range(len(discs) - 1) if discs[p]]
            if discs[-1]:
                who.append(f"box {int(discs[-1])}")
            text += f": discs {int(discs.sum())}/{int(legacy.PURCHASE_SPACES[t])} ({', '.join(who) or '-'})"
        if t in spaces:
            held = [
                codes.NATIONS[int(rec["legacy_markers"][s])] if rec["legacy_markers"][s] >= 0 else "-"
                for s in spaces[t]
            ]
            text += f": markers {' '.join(held)}"
        if t == legacy.QUEST_CITY_TILE:  # MA-26.4 L1
            flag = step_text(legacy.QUEST_CITY_FLAG_CODE, legacy.QUEST_CITY_FLAG_AMOUNT)
            text += f": a city with market {GOODS[legacy.QUEST_CITY_GOOD]}, flag {flag} and a quest slot"
        if t in legacy.NEW_CITY_OF_TILE:  # MA-26.4 L4 / L7
            k = legacy.NEW_CITY_OF_TILE[t]
            ships = [names[p] for p in range(len(rec["legacy_city"])) if rec["legacy_city"][p] == k]
            m = int(rec["legacy_city_marker"][k])
            flag = step_text(legacy.NEW_CITY_FLAG_CODE[k], legacy.NEW_CITY_FLAG_AMOUNT[k])
            text += (
                f": explorer space {int(legacy.NEW_CITY_EXPLORER[k])}+, {new_city_offer(k)}; "
                f"flag {flag}, marker {codes.NATIONS[m] if m >= 0 else '-'}"
                + (f"; ships {' '.join(ships)}" if ships else "")
            )
        out.append("  " + text)
    return ["Legacy tiles:"] + out


def _track_lines(rec, n, names):
    lines = ["Tracks:"]
    exp = {}
    for p in range(n):
        exp.setdefault(explorer.EXP_IDS[int(rec["explorer"][p])], []).append(names[p])
    qa = []
    for q in range(quests.NUM_QUESTS):
        if rec["quest_state"][q] == QS_EXPLORER:
            qa.append(f"Q{'ABC'[int(rec['quest_arg'][q])]}={quests.QUEST_IDS[q]}")
    first = [codes.BARRIER_NAMES[b] for b in range(3) if rec["barrier_first"][b]]
    lines.append(
        "  explorers: "
        + ", ".join(f"{' '.join(v)} on {k}" for k, v in exp.items())
        + f" | quest spaces {' '.join(qa) or '-'} | barriers crossed first: {' '.join(first) or '-'}"
    )
    taken = rec["markers_taken"]
    on_board = [int(markers_on_board(kernel_record(rec), a)) for a in range(3)]
    lines.append(
        "  nations (markers on the board / taken, supply value): "
        + ", ".join(
            f"{codes.NATIONS[a]} {on_board[a]}/{int(taken[a])} ({int(tracks.SUPPLY_VALUE_AFTER_TAKEN[int(taken[a])])})"
            for a in range(3)
        )
    )
    lines.append(
        "  combat: CP "
        + " ".join(f"{names[p]} {int(rec['cp'][p])}" for p in range(n) if p not in names.automata)
        + f" | token piles {int(rec['token_pile_len'][0])} / {int(rec['token_pile_len'][1])}"
    )
    return lines


def _card_lines(rec, names):
    disp = [f"{s + 1}: {card_name(c)}" if c >= 0 else f"{s + 1}: -" for s, c in enumerate(rec["display"])]
    deck, discards, pile, top, on_cards = supply(rec)
    lines = [f"Display: {' | '.join(disp)} | deck {deck}, discard pile {discards}"]
    lines.append(
        f"Quest pile: top {top}, {pile} tiles"
        + (f" | {', '.join(on_cards)}" if on_cards else "")
        + f" | {quest_card_text(rec)}"
    )
    if c_cards_line(rec):  # GAP-63
        lines.append(c_cards_line(rec))
    pres = [
        f"{space} face down"
        if b < 0
        else f"{space} {prestige.PRESTIGE_IDS[b]} {prestige.PRESTIGE_BUILDINGS[b][1]}"
        + (f" ({' '.join(inv)})" if inv else "")
        for space, b, inv in prestige_spaces(rec, names)
    ]
    lines.append("Prestige: " + " | ".join(pres))
    return lines


def status_lines(rec, names, title=None):
    """The head of every board view: the title with the round, the phase and who acts on
    what (MA-4), then the pending decisions and a combat in progress (MA-8)."""
    n, rnd = int(rec["num_players"]), int(rec["round_no"])
    title = title or f"Maracaibo - {n} players"
    if int(rec["phase"]) == Phase.GAME_OVER:
        lines = [f"{title}, game over after round {rnd}"]
    else:
        when = f"round {rnd} of 4" if rnd else "setup"
        lines = [
            f"{title}, {when}, {code_words(Phase(int(rec['phase'])))}; {names[current_player(rec)]} to act: "
            f"{code_words(Decision(int(rec['decision'])))}"
        ]
    lines += pending_lines(rec)
    fight = combat_line(rec)
    if fight:
        lines.append(fight)
    return lines


def pending_lines(rec):
    k = int(rec["stk_len"])
    if k == 0:
        return []
    return ["Pending: " + " <- ".join(frame_text(rec, j) for j in range(k - 1, -1, -1))]


def render(rec, viewer=None, names=None, title=None, outcome=None, width=None):
    """The public board; ``viewer`` (a seat) adds that seat's hand and opening choices.
    Once the game is over every hand is shown. ``names`` (a ``Names``) names the seats,
    ``title`` replaces "Maracaibo - n players", ``outcome`` replaces the final-scores
    line, ``width`` wraps long lines to fit that many columns."""
    names = names or Names()
    n = int(rec["num_players"])
    over = int(rec["phase"]) == Phase.GAME_OVER
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(f"maracaibo: viewer must be a seat in 0..{n - 1}, got {viewer}")
    lines = status_lines(rec, names, title)
    lines += _board_lines(rec, n, names)
    lines += legacy_lines(rec, names)
    lines += story_lines(rec, names)
    lines += _track_lines(rec, n, names)
    lines.append("Players:")
    for p in range(n):
        lines += _player_lines(rec, p, viewer, n, over, names)
    if viewer is not None and int(rec["phase"]) < Phase.SAIL:
        lines += opening_lines(rec, viewer)
    lines += _card_lines(rec, names)
    vp = [int(rec["vp"][p]) for p in range(n)]
    ranks = [sum(v > vp[p] for v in vp) + 1 for p in range(n)]
    if over and outcome:
        lines.append(outcome)
    else:
        head = "Final scores" if over else "Scores (VP so far)"
        lines.append(
            f"{head}: " + ", ".join(f"{names[p]} {vp[p]}" + (f" (rank {ranks[p]})" if over else "") for p in range(n))
        )
    if rec["last_actor"] >= 0 and rec["last_action"] >= 0:
        lines.append(f"Last: {names[int(rec['last_actor'])]}: {last_label(rec, lambda a: action_label(None, a))}")
    return "\n".join(fit(lines, width) if width else lines)


def fit(lines, width=80):
    """Long lines wrapped at " | " / ", " / " " boundaries, continued with a deeper indent."""
    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        while len(line) > width:
            cut = -1
            for sep in (" | ", ", ", " "):
                cut = line.rfind(sep, len(indent) + 1, width - len(sep) + 1)
                if cut > 0:
                    cut += len(sep)
                    break
            if cut <= 0:
                cut = width
            out.append(line[:cut].rstrip())
            line = indent + line[cut:].lstrip()
        out.append(line)
    return out


def opening_lines(rec, p):
    """MA-3.12 / MA-3.13: the viewer's own dealt cards and career cards (private)."""
    picks = {1: "plan", 2: "discard"}
    dealt = [
        card_name(c) + (f" [{picks[int(rec['setup_pick'][p, i])]}]" if rec["setup_pick"][p, i] else "")
        for i, c in enumerate(rec["hand"][p][: int(rec["hand_len"][p])])
    ]
    first = "Your dealt cards" if int(rec["phase"]) == Phase.SETUP_CARDS else "Your hand"
    lines = [f"{first}: {', '.join(dealt) or '-'}"]
    cards = [careers.CAREER_IDS[int(c)] + " " + careers.CAREERS[int(c)][1] for c in rec["career_dealt"][p] if c >= 0]
    if cards:
        lines.append(f"Your career cards: {', '.join(cards)}")
    return lines
