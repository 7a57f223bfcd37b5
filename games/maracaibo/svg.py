"""Maracaibo as a picture (``Game.render_svg``): the route map (``svg_route.py``), the
explorer (``svg_explorer.py``) and influence tracks, the display and piles, the story
(``svg_story.py``) and one panel per player, drawn on ``svg_picture.Picture``.

Drawn from the record and the rules' queries, as ``render.py`` draws text: every word
on a card, a space or a step comes from ``component_text.py``, every number from the
record or a rules query (``city_action``, ``market_good_at``, ``quests_at``,
``markers_on_board``). Where the layout is invented (the map, GAP-1; the explorer
track, GAP-6) and for components whose contents are (city tiles, quests, project and
career cards, combat tokens: data/ rows marked PLACEHOLDER) the drawing uses the
placeholder style: a dashed violet outline, explained by the legend at the top.

``viewer`` hides what that seat cannot see, as ``observe`` does (MA-29.2, MA-29.3):
other hands (their size stays), careers and opening choices of others before the
sail phase (GAP-28); deck orders, token piles, the quest pile below its top and
face-down prestige buildings are never drawn. ``viewer=None`` shows every hand.
"""

from ..core.batch import kernel_record
from .data import board, careers, codes, combat, explorer, prestige, projects, quests, ship, tracks
from .component_text import (
    c_cards_line,
    GOODS,
    current_player,
    loc_name,
    prestige_spaces,
    supply,
)
from .labels import action_label
from .svg_explorer import explorer_track
from .svg_picture import MARGIN, WIDTH, Picture
from .svg_route import route_map
from . import svg_story
from .render import Names, combat_line, legacy_lines, pending_lines
from .story_text import last_label
from .rules.nobility import markers_on_board
from .state import Decision, Phase, QS_DONE, W_BOUGHT, code_words


# ----- the sections ------------------------------------------------------------------------
def _header(pic, rec, names, title):
    n = int(rec["num_players"])
    rnd = int(rec["round_no"])
    if int(rec["phase"]) == Phase.GAME_OVER:
        state = f"game over after round {rnd}"
    else:
        when = f"round {rnd} of 4" if rnd else "setup"
        state = (
            f"{when}, {code_words(Phase(int(rec['phase'])))}; {names[current_player(rec)]} to act: "
            f"{code_words(Decision(int(rec['decision'])))}"
        )
    pic.d.text(MARGIN, pic.y + 16, f"{title} - {state}", size=16, weight="bold")
    pic.y += 22
    extra = pending_lines(rec)
    combat_text = combat_line(rec)
    if combat_text:
        extra.append(combat_text)
    if rec["last_actor"] >= 0 and rec["last_action"] >= 0:
        extra.append(f"Last: {names[int(rec['last_actor'])]}: {last_label(rec, lambda a: action_label(None, a))}")
    pic.lines(extra)
    pic.y += 6
    pic.d.rect(MARGIN, pic.y, 18, 11, stroke=pic.t.placeholder, stroke_dasharray="4 3", rx=2)
    pic.d.text(
        MARGIN + 24,
        pic.y + 10,
        "dashed violet: placeholder component or layout (its data is not in the "
        "rulebook; docs/rules/maracaibo.md GAP list), drawn as a labelled box",
        size=10,
        fill=pic.t.placeholder,
    )
    pic.y += 14
    seats = [f"{names[p]}" for p in range(n)]
    x = MARGIN
    for p, name in enumerate(seats):
        pic.pawn(x + 7, pic.y + 10, p, str(p))
        pic.d.text(x + 18, pic.y + 14, name, size=11)
        x += 30 + 7 * len(name)
    pic.y += 20


def _influence_track(pic, rec, names):
    n = int(rec["num_players"])
    pic.heading("Influence (MA-9) and nation markers")
    d, t = pic.d, pic.t
    cell = 52
    krec = kernel_record(rec)
    taken = rec["markers_taken"]
    for a in range(3):
        y = pic.y + a * 30
        d.text(MARGIN, y + 17, codes.NATION_NAMES[a], size=11, weight="bold")
        for i in range(tracks.INFLUENCE_MAX + 1):
            x = MARGIN + 70 + i * cell
            level = int(tracks.NOBILITY_LEVEL[i])
            band = i > 0 and level != int(tracks.NOBILITY_LEVEL[i - 1])
            d.rect(x, y, cell - 3, 26, fill=t.panel if band else t.background, stroke=t.muted, rx=3)
            d.text(x + 3, y + 10, str(i), size=8, fill=t.muted)
            if band:
                d.text(x + cell - 6, y + 10, f"x{level}", size=8, anchor="end", fill=t.accent)
            here = [p for p in range(n) if int(rec["influence"][p, a]) == i]
            for k, p in enumerate(here):
                pic.pawn(
                    x + 8 + k * 11,
                    y + 19,
                    p,
                    str(p),
                    r=5,
                    class_="influence",
                    data_seat=p,
                    data_nation=codes.NATIONS[a],
                    data_value=i,
                )
        x = MARGIN + 70 + (tracks.INFLUENCE_MAX + 1) * cell + 6
        d.text(x, y + 12, f"markers on board {int(markers_on_board(krec, a))}, taken {int(taken[a])}", size=9)
        d.text(x, y + 23, f"supply value {int(tracks.SUPPLY_VALUE_AFTER_TAKEN[int(taken[a])])}", size=9)
    pic.y += 3 * 30 + 4


CARD_W, CARD_H, CARD_DX = 138, 34, 143


def _project_card(pic, x, y, c, extra=None):
    lines = [
        f"{projects.CARD_IDS[c]} {projects.CARD_NAMES[c]}"[:24],
        f"{int(projects.CARD_COST[c])} D, {int(projects.CARD_END_VP[c])} VP, {GOODS[int(projects.CARD_SYMBOL[c])]}"
        + (f", {extra}" if extra else ""),
    ]
    pic.card(x, y, CARD_W, CARD_H, lines, placeholder=True)  # every card is PLACEHOLDER (GAP-7, GAP-63)


def _card_row(pic, x0, label, cards):
    """A labelled row of project cards (wrapping); each card is (card, extra text)."""
    pic.d.text(x0, pic.y + 12, label, size=10, weight="bold")
    per_row = (WIDTH - MARGIN - x0 - 90) // CARD_DX
    if not cards:
        pic.d.text(x0 + 90, pic.y + 12, "-", size=10, fill=pic.t.muted)
        pic.y += 18
        return
    for i, (c, extra) in enumerate(cards):
        _project_card(pic, x0 + 90 + (i % per_row) * CARD_DX, pic.y + (i // per_row) * (CARD_H + 4), c, extra)
    pic.y += ((len(cards) - 1) // per_row + 1) * (CARD_H + 4) + 2


def _supply(pic, rec, names):
    pic.heading("Display, piles and prestige buildings")
    display = [(int(c), f"slot {s + 1}") for s, c in enumerate(rec["display"]) if c >= 0]
    deck, discards, pile, top, on_cards = supply(rec)
    _card_row(pic, MARGIN, "Display", display)
    pres = [
        "face down"
        if b < 0
        else f"{prestige.PRESTIGE_IDS[b]} {prestige.PRESTIGE_BUILDINGS[b][1]}"
        + (f" ({', '.join(inv)} invested)" if inv else "")
        for _, b, inv in prestige_spaces(rec, names)
    ]
    pic.lines(
        [
            f"Deck {deck} cards, discard pile {discards} | quest pile {pile} tiles, top {top}"
            + (f" | {', '.join(on_cards)}" if on_cards else "")
            + f" | combat token piles {int(rec['token_pile_len'][0])} / {int(rec['token_pile_len'][1])}",
            "Prestige: " + " | ".join(f"{'I II III IV'.split()[s]} {p}" for s, p in enumerate(pres)),
        ]
        + ([c_cards_line(rec)] if c_cards_line(rec) else [])  # GAP-63
    )
    pic.y += 4


def _legacy_tiles(pic, rec, names):
    """MA-26.4: the tiles in play and what lies on them (discs, markers, ships), in the
    words of the text view (render.legacy_lines); nothing without tiles."""
    lines = legacy_lines(rec, names)
    if lines:
        pic.heading("Legacy tiles (MA-26.4)", "positions, costs and rewards partly PLACEHOLDER (data/legacy.py)")
        pic.lines([line.strip() for line in lines[1:]], size=10)
        pic.y += 4


def _player(pic, rec, p, viewer, names):
    """One player's panel: resources, ship board, career, hand (if the viewer may see it)."""
    d, t = pic.d, pic.t
    r = rec
    top = pic.y
    pic.y += 4
    flags = (" - start player" if p == int(r["start_player"]) else "") + (
        " - to act" if p == current_player(rec) else ""
    )
    pic.pawn(MARGIN + 12, pic.y + 10, p, str(p))
    d.text(MARGIN + 26, pic.y + 15, f"{names[p]}{flags}", size=13, weight="bold", fill=t.seats[p])
    pic.y += 18
    automaton = p in names.automata
    if automaton:  # Jean: no money, hand, figures, ship board or career (MA-24)
        pic.lines(
            [
                f"{int(r['vp'][p])} VP | ship at {loc_name(r['ship'][p])} | explorer "
                f"{explorer.EXP_IDS[int(r['explorer'][p])]}"
            ],
            size=11,
            x=MARGIN + 8,
        )
    else:
        pic.lines(
            [
                f"{int(r['vp'][p])} VP, {int(r['coins'][p])} D, {int(r['cp'][p])} CP | income "
                f"{int(r['d_income'][p])} D / {int(r['vp_income'][p])} VP | figures {int(r['fig_personal'][p])} "
                f"personal, {int(r['fig_general'][p])} general | hand {int(r['hand_len'][p])} cards | ship at "
                f"{loc_name(r['ship'][p])} | explorer {explorer.EXP_IDS[int(r['explorer'][p])]}"
                + (f" (END #{int(r['end_rank'][p]) + 1})" if r["end_rank"][p] >= 0 else "")
            ],
            x=MARGIN + 8,
        )
        _ship_board(pic, r, p)
    qs = [
        quests.QUEST_IDS[q]
        for q in range(quests.NUM_QUESTS)
        if r["quest_state"][q] == QS_DONE and r["quest_arg"][q] == p
    ]
    qs += [svg_story.badge(k) for k in svg_story.tiles_taken(r, p)]  # GAP-61: a story tile is a quest tile
    toks = [combat.TOKEN_IDS[tk] for tk in range(combat.NUM_COMBAT_TOKENS) if r["token_owner"][tk] == p]
    barriers = [codes.BARRIER_NAMES[b] for b in range(3) if r["crossed"][p, b]]
    info = [
        f"quests {' '.join(qs) or '-'} | combat tokens {' '.join(toks) or '-'} | barriers crossed "
        f"{' '.join(barriers) or '-'}"
    ]
    if not automaton:
        syn = [codes.SYNERGIES[x] for x in range(5) if r["synergy"][p, x]]
        asst = [board.LOC_IDS[int(projects.CARD_ASSISTANT_LOC[c])] for c in r["assistants"][p] if c >= 0]
        info[0] += f" | synergies {' '.join(syn) or '-'} | assistants at {' '.join(asst) or '-'}"
        career = int(r["career"][p])
        sees_own = viewer is None or viewer == p
        if career >= 0 and (int(r["phase"]) >= Phase.SAIL or sees_own):  # GAP-28
            done = ("open", "low", "high")
            info.append(
                f"career {careers.CAREER_IDS[career]} {careers.CAREERS[career][1]} (placeholder goals): "
                + ", ".join(
                    f"{careers.GOAL_NAMES[int(g[0])]} {done[int(r['goal_done'][p, i])]}"
                    for i, g in enumerate(careers.CAREERS[career][2])
                )
            )
        elif sees_own and int(r["phase"]) < Phase.SAIL:
            dealt = [
                f"{careers.CAREER_IDS[int(c)]} {careers.CAREERS[int(c)][1]}" for c in r["career_dealt"][p] if c >= 0
            ]
            if dealt:
                info.append("career cards dealt: " + ", ".join(dealt))
    pic.lines(info, size=10, x=MARGIN + 8)
    pic.y += 4
    if not automaton:
        _card_row(pic, MARGIN + 8, "Planning", [(int(c), None) for c in r["planning"][p] if c >= 0])
        bought = [
            (c, f"{int(r['card_figs'][c])} fig" if r["card_figs"][c] else None)
            for c in range(projects.NUM_CARDS)
            if r["card_where"][c] == W_BOUGHT + p
        ]
        _card_row(pic, MARGIN + 8, "Bought", bought)
        if viewer is None or viewer == p:  # MA-29.2, even once the game is over (as observe)
            picks = {1: "plan", 2: "discard"}
            hand = []
            for i, c in enumerate(r["hand"][p][: int(r["hand_len"][p])]):
                pick = int(r["setup_pick"][p, i]) if int(r["phase"]) == Phase.SETUP_CARDS else 0
                hand.append((int(c), f"[{picks[pick]}]" if pick else None))
            _card_row(pic, MARGIN + 8, "Hand", hand)
        else:
            _hidden_hand(pic, int(r["hand_len"][p]))
    d.rect(MARGIN - 4, top, WIDTH - 2 * MARGIN + 8, pic.y - top + 2, stroke=t.seats[p], stroke_width=1.5, rx=6)
    pic.y += 8


def _hidden_hand(pic, count):
    pic.d.text(MARGIN + 8, pic.y + 12, "Hand", size=10, weight="bold")
    for i in range(count):
        pic.d.rect(MARGIN + 98 + i * 22, pic.y, 18, 26, fill=pic.t.muted, stroke=pic.t.ink, rx=2)
    pic.d.text(MARGIN + 98 + count * 22 + 4, pic.y + 17, f"{count} cards, hidden", size=9, fill=pic.t.muted)
    pic.y += 30


def _ship_board(pic, r, p):
    """The 12 upgrade spaces (MA-15): discs left on each, a freed space shows its upgrade."""
    d, t = pic.d, pic.t
    y = pic.y + 4
    d.text(MARGIN + 8, y + 14, "Ship board", size=10, weight="bold")
    for u in range(ship.NUM_UPGRADES):
        x = MARGIN + 98 + u * 86
        discs = int(r["discs"][p, u])
        d.rect(x, y, 82, 22, fill=t.panel if discs == 0 else t.background, stroke=t.muted, rx=3)
        d.text(x + 3, y + 9, ship.UPGRADE_IDS[u], size=8, weight="bold")
        if discs == 0:
            d.text(x + 3, y + 19, ship.UPGRADES[u][5][:20], size=6.5)
        for k in range(discs):
            d.circle(x + 74 - k * 10, y + 11, 4, fill=t.seats[p], stroke=t.ink, stroke_width=0.5)
    pic.y = y + 26


# ----- the whole picture ---------------------------------------------------------------------
def draw(rec, viewer=None, theme="light", names=None, title=None, extra=None, outcome=None):
    """The SVG of one Maracaibo record; ``extra(picture, rec)`` draws more sections (solo:
    Jean's board), ``outcome`` replaces the final-scores line."""
    names = names or Names()
    n = int(rec["num_players"])
    title = title or f"Maracaibo - {n} players"
    seen = "every seat" if viewer is None else f"seen by {names[viewer]}"
    pic = Picture(theme, f"{title}, {seen}")
    _header(pic, rec, names, title)
    route_map(pic, rec, names)
    explorer_track(pic, rec, MARGIN)
    _influence_track(pic, rec, names)
    _supply(pic, rec, names)
    _legacy_tiles(pic, rec, names)
    svg_story.story_section(pic, rec, names, viewer, MARGIN, WIDTH - 2 * MARGIN)
    pic.heading("Players")
    for p in range(n):
        _player(pic, rec, p, viewer, names)
    if extra is not None:
        extra(pic, rec)
    vp = [int(rec["vp"][p]) for p in range(n)]
    head = "Final scores" if int(rec["phase"]) == Phase.GAME_OVER else "Scores (VP so far)"
    pic.lines([outcome or f"{head}: " + ", ".join(f"{names[p]} {vp[p]}" for p in range(n))], size=13)
    return pic.svg()
