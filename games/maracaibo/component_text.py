"""Maracaibo's components in words, over 400 lines as each kind is worded apart: cards, tokens,
tiles, careers, program steps and pending frames (``info`` looks any of them up by id), and
the plain facts of a record that the labels and the board both read (the player to act,
city actions, quests).
"""

import re

import numpy as np

from ..core.batch import kernel_record
from .data import actions, board, careers, codes, combat, explorer, legacy, prestige, projects, quests, ship
from .data.codes import NATION_NAMES
from .data.components import PRESTIGE_FIRST_INVESTOR_VP
from .rules.programs import frame_step_at, prog_step
from .rules.quests import quests_at
from .rules.village import city_action_at
from .state import QS_CARD, W_DISCARD, Frame, Source, code_words

GOODS = codes.SYMBOLS
NONE = codes.NONE
FAMILY_CODES = tuple(r[1] for r in projects.FAMILIES)
PROGRAM_NAMES = {
    Source.CITY: lambda i: f"city action {city_action_text(i)}",
    Source.VILLAGE: lambda i: f"village option {actions.VILLAGE_OPTION_CODES[i]} ({actions.VILLAGE_OPTIONS[i][1]})",
    Source.ASSIST: lambda i: f"assistant action {actions.ASSISTANT_ACTION_CODES[i]}",
    Source.UPGRADE: lambda i: f"ship upgrade {ship.UPGRADE_IDS[i]} ({ship.UPGRADES[i][5]})",
}


def counted(n, word):
    """ "1 village action", "2 village actions": ``n`` and ``word`` in agreement."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def step_text(code, a0=0, a1=0):
    """One program step (codes.S_*) in words."""
    code, a0, a1 = int(code), int(a0), int(a1)
    text = {
        codes.S_GAIN_D: f"+{a0} D",
        codes.S_GAIN_VP: f"+{a0} VP",
        codes.S_GAIN_CP: f"+{a0} CP",
        codes.S_GAIN_FIGURES: f"+{counted(a0, 'figure')}",
        codes.S_INFLUENCE_ANY: f"+{a0} influence in any nation",
        codes.S_INFLUENCE_NATION: f"+{a1} {NATION_NAMES[a0] if 0 <= a0 < 3 else '?'} influence",
        codes.S_REMOVE_DISCS: f"remove {counted(a0, 'disc')}",
        codes.S_EXPLORE: f"explore up to {a0}",
        codes.S_COMBAT: "combat",
        codes.S_VILLAGE_ACTIONS: counted(a0, "village action"),
        codes.S_VILLAGE_ACTIONS_PER_COMPASS: "1 village action per compass",
        codes.S_EXTRA_SAIL: f"extra sail of 1-{a0} MP",
        codes.S_VP_PER_ASSISTANT: f"+{a0} VP per assistant",
        codes.S_VP_PER_COMBAT_TOKEN: f"+{a0} VP per combat token",
        codes.S_GAIN_D_AND_VP: f"+{a0} D and +{a0} VP",
        codes.S_NEXT_NOBLE_LEVEL: "one influence marker to its next noble level",
        codes.S_PAY_SAME_GOODS: f"pay {a0} cards of one good",
        codes.S_PAY_CP: f"return {counted(a0, 'figure')}" if a1 == codes.PAY_FIGURES else f"pay {a0} CP",
        codes.S_PAY_WHOLE_HAND: "discard the whole hand",
        codes.S_CHOOSE_ONE: f"choose 1 of {a0}",
        codes.S_BUY_OR_INVEST: "buy a card or invest",
        codes.S_ANNEX_THIS_VILLAGE: f"marker on this village, +{a0} influence there",
    }
    return text.get(code, "nothing")


def frame_step(rec, k):
    """(code, a0, a1) that frame k of the stack waits at (rules.programs.frame_step_at)."""
    return tuple(int(x) for x in frame_step_at(kernel_record(rec), int(k)))


def program_step(src, ident, pc):
    """(code, a0, a1) of step ``pc`` of a program (rules.programs.prog_step), code NONE past its end."""
    return tuple(int(x) for x in prog_step(int(src), int(ident), int(pc), 0, 0))


def program_rest(rec, k, start):
    """The steps of program frame k from ``start`` on, in words."""
    src, ident = int(rec["stk_src"][k]), int(rec["stk_id"][k])
    if src == Source.SINGLE or int(rec["stk_kind"][k]) != Frame.PROG:
        return ""
    steps = []
    while (step := program_step(src, ident, start + len(steps)))[0] != NONE:
        steps.append(step)
    return ", ".join(step_text(*step) for step in steps)


def frame_text(rec, k):
    """Frame k of the stack in words (what is being resolved, MA-29.1a)."""
    kind = int(rec["stk_kind"][k])
    src, ident, x, y = (int(rec[f][k]) for f in ("stk_src", "stk_id", "stk_x", "stk_y"))
    if kind == Frame.PROG:
        if src == Source.SINGLE:
            return step_text(x, y)
        code, a0, a1 = frame_step(rec, k)
        return PROGRAM_NAMES[src](ident) + (f", at: {step_text(code, a0, a1)}" if code != NONE else "")
    if kind == Frame.QUEST:
        return f"rewards of quest {quests.QUEST_IDS[ident]}"
    if kind == Frame.PAY:
        what = GOODS[x] if x >= 0 else "one good"
        return f"payment: {y} more {what} card{'s' if y != 1 else ''}"
    if kind == Frame.REMOVE:
        return f"disc removal: {counted(x, 'disc')} left"
    if kind == Frame.VILLAGE:
        return f"village actions: {x} left"
    if kind == Frame.EXPLORE:
        return f"explorer move of up to {x} steps" if ident < 0 else f"explorer move to {explorer.EXP_IDS[ident]}"
    if kind == Frame.CARD:
        j = int(rec["stk_pc"][k]) - 1
        eff = ""
        if 0 <= j < projects.CARD_FX_COUNT[ident]:
            eff = f", effect {FAMILY_CODES[projects.CARD_FX_FAMILY[ident, j]]}"
            if x >= 0:
                eff += f" for {NATION_NAMES[x]}"
        return f"buying {card_name(ident)}{eff}"
    if kind == Frame.DELIVER:
        return "delivery"
    return code_words(Frame(kind))


def card_name(c):
    c = int(c)
    return f"{projects.CARD_IDS[c]} {projects.CARD_NAMES[c]}"


def effect_text(fam, a0=0, a1=0):
    """One project-card effect (projects.FAMILIES) with its numbers, e.g. "+2 D income"."""
    fam, a0, a1 = int(fam), int(a0), int(a1)
    special = {
        projects.F_ID: f"+{a0} D income",
        projects.F_IV: f"+{a0} VP income",
        projects.F_IDS: f"+{a1} D income with {codes.SYNERGIES[a0] if 0 <= a0 < 5 else '?'}",
        projects.F_IVS: f"+{a1} VP income with {codes.SYNERGIES[a0] if 0 <= a0 < 5 else '?'}",
        projects.F_PI: f"pay 1 {GOODS[a0] if 0 <= a0 < len(GOODS) else '?'} less",
        projects.F_PNC: f"+{a1} CP fighting for {NATION_NAMES[a0] if 0 <= a0 < 3 else '?'}",
        projects.F_XI2: f"+{a1} {NATION_NAMES[a0] if 0 <= a0 < 3 else '?'} influence",
    }
    if fam in special:
        return special[fam]
    if fam == projects.F_AS:
        code = actions.ASSISTANT_ACTION_CODES[a0]
        return f"assistant {code}: " + ", ".join(step_text(*t) for t in actions.ASSISTANT_ACTIONS[a0][1])
    text = projects.FAMILIES[fam][4]
    text = re.sub(r"\b(a[01]) (discs|figures|compass)\b", lambda m: _count({"a0": a0, "a1": a1}[m[1]], m[2]), text)
    return re.sub(r"\ba1\b", str(a1), re.sub(r"\ba0\b", str(a0), text))


NOUNS = {"discs": ("disc", "discs"), "figures": ("figure", "figures"), "compass": ("compass", "compasses")}


def _count(n, noun):
    """ "1 disc", "2 discs": a card text's count and its noun (``NOUNS``), in agreement."""
    one, many = NOUNS[noun]
    return f"{n} {one if n == 1 else many}"


def requirement_text(kind, a0=0, a1=0):
    """One purchase requirement (MA-14.4) in words."""
    kind, a0, a1 = int(kind), int(a0), int(a1)
    if kind == projects.REQ_ASSISTANT:
        return f"an assistant at {board.LOC_IDS[a0]}"
    if kind == projects.REQ_RETURN_FIGURES:
        return f"return {counted(a0, 'figure')}"
    if kind == projects.REQ_FIGURE_ON_CARD:
        return "1 figure on the card"
    if kind == projects.REQ_PAY_ITEMS:
        return f"{a1} {GOODS[a0]}"
    if kind == projects.REQ_NATION_MARKERS:
        return f"{NATION_NAMES[a0]} {a1}+ markers"
    if kind == projects.REQ_PAY_CP:
        return f"{a0} CP"
    return "?"


def card_terms(c):
    """Cost, requirements, end VP and effects of card ``c``: "4 D, 1 VP; +1 CP ..."."""
    c = int(c)
    cost = [f"{int(projects.CARD_COST[c])} D"] + [
        requirement_text(projects.CARD_REQ_KIND[c, j], projects.CARD_REQ_A0[c, j], projects.CARD_REQ_A1[c, j])
        for j in range(int(projects.CARD_REQ_COUNT[c]))
    ]
    vp = int(projects.CARD_END_VP[c])
    fx = [
        effect_text(projects.CARD_FX_FAMILY[c, j], projects.CARD_FX_A0[c, j], projects.CARD_FX_A1[c, j])
        for j in range(int(projects.CARD_FX_COUNT[c]))
    ]
    return " + ".join(cost) + (f", {vp} VP" if vp else "") + "; " + ", ".join(fx)


def card_text(c):
    """Everything printed on card ``c``, for the info command."""
    c = int(c)
    syn = int(projects.CARD_SYNERGY[c])
    return (
        f"{card_name(c)} (deck {'ABC'[int(projects.CARD_DECK[c])]}): "
        f"cost {card_terms(c)} | good {GOODS[int(projects.CARD_SYMBOL[c])]}"
        + (f", synergy {codes.SYNERGIES[syn]}" if syn != NONE else "")
    )


def token_entry(t, a):
    """What token ``t`` shows for nation ``a``: "6, pay 2 D"."""
    kind, amount = int(combat.TOKEN_BONUS[t, a]), int(combat.TOKEN_BONUS_AMOUNT[t, a])
    bonus = {
        combat.PAY_D: f"pay {amount} D",
        combat.GAIN_D: f"+{amount} D",
        combat.GAIN_VP: f"+{amount} VP",
        combat.GAIN_INFLUENCE: f"+{amount} influence",
        combat.GAIN_FIGURE: f"+{counted(amount, 'figure')}",
    }
    return f"{int(combat.TOKEN_STRENGTH[t, a])}" + (f", {bonus[kind]}" if kind in bonus else "")


def token_text(t):
    """Combat token ``t`` (D5): strength and bonus per nation, its modifier."""
    t = int(t)
    mod = int(combat.TOKEN_MODIFIER[t])
    which = "-2 for the nation with the most" if mod == combat.MOST_MINUS_2 else "+3 for the nation with the fewest"
    return (
        f"{combat.TOKEN_IDS[t]}: "
        + " | ".join(f"{NATION_NAMES[a]} {token_entry(t, a)}" for a in range(3))
        + (f" | {combat.MODIFIER_NAMES[mod]}: {which} markers on the board" if mod else "")
    )


def city_action_text(a):
    """A city action in words; ids past the catalogue are the new cities' (MA-26.4 L4 / L7)."""
    a = int(a)
    if a >= legacy.NUM_CITY_ACTIONS:
        k = a - legacy.NUM_CITY_ACTIONS
        return f"{new_city_name(k)} ({new_city_offer(k)})"
    return f"{actions.CITY_ACTION_CODES[a]} ({actions.CITY_ACTIONS[a][1]})"


def new_city_name(k):
    """ "L4 Hidden harbour": new city ``k`` (data/legacy.py NEW_CITY_*)."""
    t = int(legacy.NEW_CITY_TILES[k])
    return f"{legacy.LEGACY_TILE_IDS[t]} {legacy.LEGACY_NAMES[t]}"


def new_city_offer(k):
    """MA-26.4: what new city ``k`` gives: delivery of its good, then its program."""
    a = legacy.NUM_CITY_ACTIONS + int(k)
    steps = [
        step_text(legacy.CITY_PROG_CODE[a, j], legacy.CITY_PROG_A0[a, j], legacy.CITY_PROG_A1[a, j])
        for j in range(int(legacy.CITY_PROG_LEN[a]))
    ]
    return f"deliver 1 {GOODS[int(legacy.NEW_CITY_GOOD[k])]}, " + ", ".join(steps)


def tile_text(t):
    """City tile ``t`` (D3): its city action and market good."""
    t = int(t)
    return (
        f"{board.TILE_IDS[t]}: city action {city_action_text(board.TILE_ACTION[t])}, "
        f"market {GOODS[int(board.TILE_GOOD[t])]}"
    )


def goal_text(g):
    """A career goal row (type, low threshold, low D, high threshold, high D, high VP)."""
    kind, lo, lo_d, hi, hi_d, hi_vp = (int(x) for x in g[:6])
    what = {
        careers.G_COMBAT: "combat tokens",
        careers.G_QUESTS: "quest tiles",
        careers.G_UPG: "ship upgrades",
        careers.G_SYN: "synergy tokens",
        careers.G_ASSIST: "assistants on the board",
        careers.G_INF1: "influence in one nation",
        careers.G_INF2: "influence in each of two nations",
    }
    if kind == careers.G_EXPL:
        lo_t, hi_t = f"{codes.BARRIER_NAMES[lo]} barrier", f"{codes.BARRIER_NAMES[hi]} barrier"
    elif kind in what:
        lo_t, hi_t = f"{lo} {what[kind]}", f"{hi}"
    else:
        lo_t, hi_t = str(lo), str(hi)
    return f"{careers.GOAL_NAMES[kind]}: {lo_t} -> {lo_d} D, {hi_t} -> {hi_d} D {hi_vp} VP"


def career_text(c):
    """Career card ``c`` (MA-18): its three goals with thresholds and rewards."""
    c = int(c)
    return f"{careers.CAREER_IDS[c]} {careers.CAREERS[c][1]}: " + "; ".join(goal_text(g) for g in careers.CAREERS[c][2])


def upgrade_text(u):
    return f"{ship.UPGRADE_IDS[u]}: {ship.UPGRADES[u][5]}"


def prestige_text(b):
    """Prestige building ``b`` (MA-16.3, MA-16.5): its cost and what it scores at the end."""
    b = int(b)
    per, cap = int(prestige.PRESTIGE_VP_PER_UNIT[b]), int(prestige.PRESTIGE_VP_CAP[b])
    what = prestige.SCORING_NAMES[int(prestige.PRESTIGE_SCORING[b])]
    return (
        f"{prestige.PRESTIGE_IDS[b]} {prestige.PRESTIGE_BUILDINGS[b][1]}: "
        f"invest {int(prestige.PRESTIGE_COST[b])} D "
        f"and a personal figure (the first investor +{PRESTIGE_FIRST_INVESTOR_VP} VP); at final scoring "
        f"{per} VP for each of your {what}" + (f", at most {cap} VP" if cap != NONE else "")
    )


def assistant_action_text(i):
    """Assistant action ``i`` (MA-13.5), the action a card's assistant gives."""
    return f"{actions.ASSISTANT_ACTION_CODES[i]} (assistant action): " + ", ".join(
        step_text(*t) for t in actions.ASSISTANT_ACTIONS[i][1]
    )


def combat_action_text(i):
    """Combat action ``i`` (MA-8.6): what it does, where it comes from, its strength cost."""
    code, what, source, cost, cost2 = actions.COMBAT_ACTIONS[i][:5]
    costs = f"V {cost}" if cost2 == NONE else f"V {cost} / {cost2}"
    return f"{code} (combat action, {source}): {what}; costs {costs}"


def village_option_text(i):
    """Village action option ``i`` (MA-11.3)."""
    return f"{actions.VILLAGE_OPTION_CODES[i]} (village action): {actions.VILLAGE_OPTIONS[i][1]}"


def family_text(fam):
    """A project-card effect family (MA-15, the code labels and pending frames show, e.g.
    VG2): each version the cards print, with how many cards print it."""
    cards = {}
    for c in range(len(projects.CARD_IDS)):
        for j in range(int(projects.CARD_FX_COUNT[c])):
            if int(projects.CARD_FX_FAMILY[c, j]) == fam:
                text = effect_text(fam, projects.CARD_FX_A0[c, j], projects.CARD_FX_A1[c, j])
                cards[text] = cards.get(text, 0) + 1
    versions = "; ".join(f"{text} ({counted(n, 'card')})" for text, n in cards.items())
    return f"{FAMILY_CODES[fam]} (project card effect): {versions or projects.FAMILIES[fam][4]}"


def info(text):
    """The ``i ID`` command of ``doubloon play``: what card, token, tile, career, quest,
    ship position or location ``text`` names, or None."""
    key = text.strip().upper()
    by_id = [
        (projects.CARD_IDS, card_text),
        (combat.TOKEN_IDS, token_text),
        (board.TILE_IDS, tile_text),
        (careers.CAREER_IDS, career_text),
        (quests.QUEST_IDS, quest_text),
        (ship.UPGRADE_IDS, upgrade_text),
        (actions.CITY_ACTION_CODES, lambda i: city_action_text(i)),
        (prestige.PRESTIGE_IDS, prestige_text),
        (actions.ASSISTANT_ACTION_CODES, assistant_action_text),
        (actions.COMBAT_ACTION_CODES, combat_action_text),
        (actions.VILLAGE_OPTION_CODES, village_option_text),
        (FAMILY_CODES, family_text),
    ]
    for ids, describe in by_id:
        upper = [x.upper() for x in ids]
        if key in upper:
            return describe(upper.index(key))
    if key in [x.upper() for x in board.LOC_IDS]:
        i = [x.upper() for x in board.LOC_IDS].index(key)
        return f"{loc_name(i)}: {board.LOCATION_KINDS[int(board.LOC_KIND[i])]}"
    return None


def loc_name(i):
    i = int(i)
    return f"{board.LOC_IDS[i]} {board.LOC_NAMES[i]}"


def quest_text(q):
    """e.g. "Q01 (1 figure -> 2 D per compass, explore up to 3)" (D6)."""
    q = int(q)
    costs = []
    for j in range(int(quests.QUEST_COST_COUNT[q])):
        kind, a0, a1 = (int(x[q, j]) for x in (quests.QUEST_COST_KIND, quests.QUEST_COST_A0, quests.QUEST_COST_A1))
        costs.append(
            {
                quests.QC_GOODS: f"{a1} {GOODS[a0]}",
                quests.QC_ITEMS: f"{a1} {GOODS[a0]}",
                quests.QC_FIGURES: counted(a0, "figure"),
                quests.QC_CP: f"{a0} CP",
                quests.QC_D: f"{a0} D",
                quests.QC_MIN_MP: f"{a0}+ MP sailed",
            }[kind]
        )
    gains = [step_text(quests.QUEST_PER_COMPASS_CODE[q], quests.QUEST_PER_COMPASS_AMOUNT[q]) + " per compass"]
    gains += [
        step_text(quests.QUEST_REWARD_CODE[q, j], quests.QUEST_REWARD_A0[q, j], quests.QUEST_REWARD_A1[q, j])
        for j in range(int(quests.QUEST_REWARD_COUNT[q]))
    ]
    return f"{quests.QUEST_IDS[q]} ({', '.join(costs)} -> {', '.join(gains)})"


def current_player(rec):
    """The seat to act in ``rec``; -1 without a position (the label of a past action)."""
    return -1 if rec is None else int(rec["current_player"])


def city_action(rec, loc):
    """The city action at ``loc`` (rules.village.city_action_at), -1 at villages."""
    return int(city_action_at(kernel_record(rec), int(loc)))


def quests_next_to(rec, loc):
    """Quest tiles next to ``loc`` in placement order (rules.quests.quests_at, MA-12.1)."""
    qs = np.full(quests.NUM_QUESTS, -1, dtype=np.int64)
    n = quests_at(kernel_record(rec), int(loc), qs)
    return [int(q) for q in qs[:n]]


def legacy_tile_text(t):
    """A legacy tile in words: "L25 Treasure (vp space at 19)"."""
    pos = legacy.LEGACY_POSITION[t]
    where = "beside the board" if pos is None else f"at {pos.replace('>', ' -> ')}"
    return f"{legacy.LEGACY_TILE_IDS[t]} {legacy.LEGACY_NAMES[t]} ({legacy.KIND_NAMES[legacy.LEGACY_KIND[t]]} {where})"


# ----- the supply: what the display, the piles and the prestige spaces show -------------------
PRESTIGE_SPACES = ("I", "II", "III", "IV")


def supply(rec):
    """The piles as every view shows them: (deck size, discard-pile size, quest-pile size,
    the quest pile's top tile id or "-", ["Q on CARD" for each quest tile lying on an
    XQC card (MA-15.3, GAP-52)])."""
    pile = int(rec["quest_pile_len"])
    top = quests.QUEST_IDS[int(rec["quest_pile"][pile - 1])] if pile > 0 else "-"
    on_cards = [
        f"{quests.QUEST_IDS[q]} on {projects.CARD_IDS[int(rec['quest_arg'][q])]}"
        for q in range(quests.NUM_QUESTS)
        if rec["quest_state"][q] == QS_CARD
    ]
    discards = int((rec["card_where"] == W_DISCARD).sum())
    return int(rec["deck_len"]), discards, pile, top, on_cards


def c_cards_line(rec):
    """GAP-63: the C cards this game uses (the option ``c_cards`` and story cards), public
    as the story cards that bring them in are; "" when none (the others stay in the box)."""
    mask = int(rec["c_in_game"])
    names = [card_name(projects.C_FIRST + i) for i in range(len(projects.CARD_IDS) - projects.C_FIRST) if mask >> i & 1]
    return f"C cards in this game: {', '.join(names)}" if names else ""


def prestige_spaces(rec, names):
    """Per prestige space I-IV (MA-3.6, MA-16): (its name, the building's index or -1 while
    face down, the names of the seats invested in it)."""
    out = []
    for s, space in enumerate(PRESTIGE_SPACES):
        if s < int(rec["prestige_revealed"]):
            inv = [names[p] for p in range(int(rec["num_players"])) if rec["invested"][p, s]]
            out.append((space, int(rec["prestige"][s]), inv))
        else:
            out.append((space, -1, []))
    return out
