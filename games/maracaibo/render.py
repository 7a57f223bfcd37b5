"""Text a person can read: the board and action labels."""

import re

import numpy as np

from ..core.batch import kernel_record
from .data import actions, board, careers, codes, combat, explorer, legacy, prestige, projects, quests, ship, tracks
from .data.components import PRESTIGE_FIRST_INVESTOR_VP
from .rules.combat import ANNEX_INFLUENCE, combat_action_cost, combat_card, modifier, new_city_annex_cost
from .rules.legacy import legacy_combat_cost
from .rules.explore import quest_on_space
from .rules.nobility import markers_on_board
from .rules.programs import frame_step_at, prog_step
from .rules.quests import quests_at
from .rules.locations import has_market, is_village, quest_city
from .rules.sailing import sail_steps
from .rules.village import (
    city_action_at, city_action_here, market_good_at, village_actions_after_sail, village_main_actions,
)
from .spaces import (
    ACTION_FAMILY, ACTION_PARAM, ACTIONS, CA_CARD, CA_END, CA_FLAG, CA_VILLAGE, MAIN_ASSIST, MAIN_CITY, MAIN_NONE,
    MAIN_QUEST, MAIN_VILLAGE, Family, VO_A, VO_B, VO_STOP, VO_U8, VO_U9, VO_U10, VO_VBK, VO_VG2, VO_VMD, VO_VMV, VO_XQC,
)
from .state import (
    Decision, Frame, Phase, QS_CARD, QS_DONE, QS_EXPLORER, Source, W_BOUGHT, W_DISCARD, code_words,
)

N = codes.NATION_NAMES
GOODS = codes.SYMBOLS
NONE = codes.NONE
FAMILY_CODES = tuple(r[1] for r in projects.FAMILIES)
PROGRAM_NAMES = {
    Source.CITY: lambda i: f"city action {city_action_text(i)}",
    Source.VILLAGE: lambda i: f"village option {actions.VILLAGE_OPTION_CODES[i]} ({actions.VILLAGE_OPTIONS[i][1]})",
    Source.ASSIST: lambda i: f"assistant action {actions.ASSISTANT_ACTION_CODES[i]}",
    Source.UPGRADE: lambda i: f"ship upgrade {ship.UPGRADE_IDS[i]} ({ship.UPGRADES[i][5]})",
}


def _s(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def step_text(code, a0=0, a1=0):
    """One program step (codes.S_*) in words."""
    code, a0, a1 = int(code), int(a0), int(a1)
    text = {
        codes.S_GAIN_D: f"+{a0} D", codes.S_GAIN_VP: f"+{a0} VP", codes.S_GAIN_CP: f"+{a0} CP",
        codes.S_GAIN_FIGURES: f"+{_s(a0, 'figure')}",
        codes.S_INFLUENCE_ANY: f"+{a0} influence in any nation",
        codes.S_INFLUENCE_NATION: f"+{a1} {N[a0] if 0 <= a0 < 3 else '?'} influence",
        codes.S_REMOVE_DISCS: f"remove {_s(a0, 'disc')}", codes.S_EXPLORE: f"explore up to {a0}",
        codes.S_COMBAT: "combat", codes.S_VILLAGE_ACTIONS: _s(a0, "village action"),
        codes.S_VILLAGE_ACTIONS_PER_COMPASS: "1 village action per compass",
        codes.S_EXTRA_SAIL: f"extra sail of 1-{a0} MP", codes.S_VP_PER_ASSISTANT: f"+{a0} VP per assistant",
        codes.S_VP_PER_COMBAT_TOKEN: f"+{a0} VP per combat token", codes.S_GAIN_D_AND_VP: f"+{a0} D and +{a0} VP",
        codes.S_NEXT_NOBLE_LEVEL: "one influence marker to its next noble level",
        codes.S_PAY_SAME_GOODS: f"pay {a0} cards of one good",
        codes.S_PAY_CP: f"return {_s(a0, 'figure')}" if a1 == codes.PAY_FIGURES else f"pay {a0} CP",
        codes.S_PAY_WHOLE_HAND: "discard the whole hand", codes.S_CHOOSE_ONE: f"choose 1 of {a0}",
        codes.S_BUY_OR_INVEST: "buy a card or invest",
        codes.S_ANNEX_THIS_VILLAGE: f"marker on this village, +{a0} influence there",
    }
    return text.get(code, "nothing")


def frame_step(rec, k):
    """(code, a0, a1) that frame k of the stack waits at (rules.programs.frame_step_at)."""
    return tuple(int(x) for x in frame_step_at(kernel_record(rec), int(k)))


def _program_step(src, ident, pc):
    """(code, a0, a1) of step ``pc`` of a program (rules.programs.prog_step), code NONE past its end."""
    return tuple(int(x) for x in prog_step(int(src), int(ident), int(pc), 0, 0))


def _program_rest(rec, k, start):
    """The steps of program frame k from ``start`` on, in words."""
    src, ident = int(rec["stk_src"][k]), int(rec["stk_id"][k])
    if src == Source.SINGLE or int(rec["stk_kind"][k]) != Frame.PROG:
        return ""
    steps = []
    while (step := _program_step(src, ident, start + len(steps)))[0] != NONE:
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
        return f"disc removal: {_s(x, 'disc')} left"
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
                eff += f" for {N[x]}"
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
        projects.F_ID: f"+{a0} D income", projects.F_IV: f"+{a0} VP income",
        projects.F_IDS: f"+{a1} D income with {codes.SYNERGIES[a0] if 0 <= a0 < 5 else '?'}",
        projects.F_IVS: f"+{a1} VP income with {codes.SYNERGIES[a0] if 0 <= a0 < 5 else '?'}",
        projects.F_PI: f"pay 1 {GOODS[a0] if 0 <= a0 < len(GOODS) else '?'} less",
        projects.F_PNC: f"+{a1} CP fighting for {N[a0] if 0 <= a0 < 3 else '?'}",
        projects.F_XI2: f"+{a1} {N[a0] if 0 <= a0 < 3 else '?'} influence",
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
        return f"return {_s(a0, 'figure')}"
    if kind == projects.REQ_FIGURE_ON_CARD:
        return "1 figure on the card"
    if kind == projects.REQ_PAY_ITEMS:
        return f"{a1} {GOODS[a0]}"
    if kind == projects.REQ_NATION_MARKERS:
        return f"{N[a0]} {a1}+ markers"
    if kind == projects.REQ_PAY_CP:
        return f"{a0} CP"
    return "?"


def card_terms(c):
    """Cost, requirements, end VP and effects of card ``c``: "4 D, 1 VP; +1 CP ..."."""
    c = int(c)
    cost = [f"{int(projects.CARD_COST[c])} D"] + [
        requirement_text(projects.CARD_REQ_KIND[c, j], projects.CARD_REQ_A0[c, j], projects.CARD_REQ_A1[c, j])
        for j in range(int(projects.CARD_REQ_COUNT[c]))]
    vp = int(projects.CARD_END_VP[c])
    fx = [effect_text(projects.CARD_FX_FAMILY[c, j], projects.CARD_FX_A0[c, j], projects.CARD_FX_A1[c, j])
          for j in range(int(projects.CARD_FX_COUNT[c]))]
    return " + ".join(cost) + (f", {vp} VP" if vp else "") + "; " + ", ".join(fx)


def card_text(c):
    """Everything printed on card ``c``, for the info command."""
    c = int(c)
    syn = int(projects.CARD_SYNERGY[c])
    return (f"{card_name(c)} (deck {'AB'[int(projects.CARD_DECK[c])]}): "
            f"cost {card_terms(c)} | good {GOODS[int(projects.CARD_SYMBOL[c])]}"
            + (f", synergy {codes.SYNERGIES[syn]}" if syn != NONE else ""))


def token_entry(t, a):
    """What token ``t`` shows for nation ``a``: "6, pay 2 D"."""
    kind, amount = int(combat.TOKEN_BONUS[t, a]), int(combat.TOKEN_BONUS_AMOUNT[t, a])
    bonus = {combat.PAY_D: f"pay {amount} D", combat.GAIN_D: f"+{amount} D", combat.GAIN_VP: f"+{amount} VP",
             combat.GAIN_INFLUENCE: f"+{amount} influence", combat.GAIN_FIGURE: f"+{_s(amount, 'figure')}"}
    return f"{int(combat.TOKEN_STRENGTH[t, a])}" + (f", {bonus[kind]}" if kind in bonus else "")


def token_text(t):
    """Combat token ``t`` (D5): strength and bonus per nation, its modifier."""
    t = int(t)
    mod = int(combat.TOKEN_MODIFIER[t])
    which = "-2 for the nation with the most" if mod == combat.MOST_MINUS_2 else "+3 for the nation with the fewest"
    return (f"{combat.TOKEN_IDS[t]}: " + " | ".join(f"{N[a]} {token_entry(t, a)}" for a in range(3))
            + (f" | {combat.MODIFIER_NAMES[mod]}: {which} markers on the board" if mod else ""))


def city_action_text(a):
    """A city action in words; ids past the catalogue are the new cities' (MA-26.4 L4 / L7)."""
    a = int(a)
    if a >= legacy.NUM_CITY_ACTIONS:
        k = a - legacy.NUM_CITY_ACTIONS
        return f"{new_city_name(k)} ({new_city_offer(k)})"
    return f"{actions.CITY_ACTION_CODES[a]} ({actions.CITY_ACTIONS[a][1]})"


def new_city_name(k):
    """"L4 Hidden harbour": new city ``k`` (data/legacy.py NEW_CITY_*)."""
    t = int(legacy.NEW_CITY_TILES[k])
    return f"{legacy.LEGACY_TILE_IDS[t]} {legacy.LEGACY_NAMES[t]}"


def new_city_offer(k):
    """MA-26.4: what new city ``k`` gives: delivery of its good, then its program."""
    a = legacy.NUM_CITY_ACTIONS + int(k)
    steps = [step_text(legacy.CITY_PROG_CODE[a, j], legacy.CITY_PROG_A0[a, j], legacy.CITY_PROG_A1[a, j])
             for j in range(int(legacy.CITY_PROG_LEN[a]))]
    return f"deliver 1 {GOODS[int(legacy.NEW_CITY_GOOD[k])]}, " + ", ".join(steps)


def tile_text(t):
    """City tile ``t`` (D3): its city action and market good."""
    t = int(t)
    return (f"{board.TILE_IDS[t]}: city action {city_action_text(board.TILE_ACTION[t])}, "
            f"market {GOODS[int(board.TILE_GOOD[t])]}")


def goal_text(g):
    """A career goal row (type, low threshold, low D, high threshold, high D, high VP)."""
    kind, lo, lo_d, hi, hi_d, hi_vp = (int(x) for x in g[:6])
    what = {careers.G_COMBAT: "combat tokens", careers.G_QUESTS: "quest tiles", careers.G_UPG: "ship upgrades",
            careers.G_SYN: "synergy tokens", careers.G_ASSIST: "assistants on the board",
            careers.G_INF1: "influence in one nation", careers.G_INF2: "influence in each of two nations"}
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
    return (f"{prestige.PRESTIGE_IDS[b]} {prestige.PRESTIGE_BUILDINGS[b][1]}: "
            f"invest {int(prestige.PRESTIGE_COST[b])} D "
            f"and a personal figure (the first investor +{PRESTIGE_FIRST_INVESTOR_VP} VP); at final scoring "
            f"{per} VP for each of your {what}" + (f", at most {cap} VP" if cap != NONE else ""))


def assistant_action_text(i):
    """Assistant action ``i`` (MA-13.5), the action a card's assistant gives."""
    return (f"{actions.ASSISTANT_ACTION_CODES[i]} (assistant action): "
            + ", ".join(step_text(*t) for t in actions.ASSISTANT_ACTIONS[i][1]))


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
    versions = "; ".join(f"{text} ({_s(n, 'card')})" for text, n in cards.items())
    return f"{FAMILY_CODES[fam]} (project card effect): {versions or projects.FAMILIES[fam][4]}"


def info(text):
    """The ``i ID`` command of ``doubloon play``: what card, token, tile, career, quest,
    ship position or location ``text`` names, or None."""
    key = text.strip().upper()
    by_id = [
        (projects.CARD_IDS, card_text), (combat.TOKEN_IDS, token_text), (board.TILE_IDS, tile_text),
        (careers.CAREER_IDS, career_text), (quests.QUEST_IDS, quest_text), (ship.UPGRADE_IDS, upgrade_text),
        (actions.CITY_ACTION_CODES, lambda i: city_action_text(i)),
        (prestige.PRESTIGE_IDS, prestige_text), (actions.ASSISTANT_ACTION_CODES, assistant_action_text),
        (actions.COMBAT_ACTION_CODES, combat_action_text), (actions.VILLAGE_OPTION_CODES, village_option_text),
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
        costs.append({quests.QC_GOODS: f"{a1} {GOODS[a0]}", quests.QC_ITEMS: f"{a1} {GOODS[a0]}",
                      quests.QC_FIGURES: _s(a0, "figure"), quests.QC_CP: f"{a0} CP", quests.QC_D: f"{a0} D",
                      quests.QC_MIN_MP: f"{a0}+ MP sailed"}[kind])
    gains = [step_text(quests.QUEST_PER_COMPASS_CODE[q], quests.QUEST_PER_COMPASS_AMOUNT[q]) + " per compass"]
    gains += [step_text(quests.QUEST_REWARD_CODE[q, j], quests.QUEST_REWARD_A0[q, j], quests.QUEST_REWARD_A1[q, j])
              for j in range(int(quests.QUEST_REWARD_COUNT[q]))]
    return f"{quests.QUEST_IDS[q]} ({', '.join(costs)} -> {', '.join(gains)})"


def _cur(rec):
    return -1 if rec is None else int(rec["current_player"])


def _hand_card(rec, i, terms=False, good=False):
    """Hand card i by name (with its cost, VP and effects, or its good), else by index."""
    p = _cur(rec)
    if p >= 0 and i < int(rec["hand_len"][p]):
        c = int(rec["hand"][p, i])
        extra = card_terms(c) if terms else (GOODS[int(projects.CARD_SYMBOL[c])] if good else "")
        return card_name(c) + (f" ({extra})" if extra else "")
    return f"hand card {i}"


def _combat_card(rec, inst):
    """The current player's inst-th CIV / CD3 card (rules.combat.combat_card, MA-28.2), -1 if none."""
    p = _cur(rec)
    return int(combat_card(kernel_record(rec), p, int(inst))[0]) if p >= 0 else -1


def _combat_line(rec):
    """The combat in progress (MA-8), or None."""
    k = int(rec["stk_len"]) - 1
    if k < 0 or int(rec["stk_kind"][k]) != Frame.COMBAT:
        return None
    t = int(rec["cb_token"])
    token = combat.TOKEN_IDS[t] if t >= 0 else ("piles empty" if int(rec["stk_pc"][k]) >= 2 else "not revealed")
    a = int(rec["cb_nation"])
    used = [f"CA{b + 1}" for b in range(3) if int(rec["cb_used"]) >> b & 1]
    used += [f"card {i}" for i in range(8) if int(rec["cb_cards"]) >> i & 1]
    return (f"Combat: token {token}" + (f", {N[a]}, V {int(rec['cb_v'])}" if a >= 0 else "")
            + (f", used {' '.join(used)}" if used else ""))


def city_action(rec, loc):
    """The city action at ``loc`` (rules.village.city_action_at), -1 at villages."""
    return int(city_action_at(kernel_record(rec), int(loc)))


def _quests_at(rec, loc):
    """Quest tiles next to ``loc`` in placement order (rules.quests.quests_at, MA-12.1)."""
    qs = np.full(quests.NUM_QUESTS, -1, dtype=np.int64)
    n = quests_at(kernel_record(rec), int(loc), qs)
    return [int(q) for q in qs[:n]]


def _at_quest_city(rec, p):
    """MA-26.4 L1: the ship of ``p`` lies at Puerto Cabezas as a city."""
    return int(rec["legacy_city"][p]) < 0 and bool(quest_city(kernel_record(rec), int(rec["ship"][p])))


def _main_label(rec, k):
    p = _cur(rec)
    if k == MAIN_CITY:
        a = int(city_action_here(kernel_record(rec), p)) if p >= 0 else -1
        if p >= 0 and a < 0 and _at_quest_city(rec, p):
            return f"City action: deliver 1 {GOODS[legacy.QUEST_CITY_GOOD]} (L1, no quest)"
        return "City action" + (f": {city_action_text(a)}" if a >= 0 else "")
    if k == MAIN_VILLAGE:
        return "Village actions" + (f" ({int(village_main_actions(kernel_record(rec), p))})" if p >= 0 else "")
    if MAIN_QUEST <= k < MAIN_ASSIST:
        qs = _quests_at(rec, int(rec["ship"][p])) if p >= 0 else []
        j = k - MAIN_QUEST
        city = (f" with the L1 city action (deliver 1 {GOODS[legacy.QUEST_CITY_GOOD]}, the slot refilled)"
                if p >= 0 and _at_quest_city(rec, p) else "")
        return f"Quest {quest_text(qs[j])}{city}" if j < len(qs) else f"Quest {j}"
    if MAIN_ASSIST <= k < MAIN_NONE:
        j = k - MAIN_ASSIST
        c = int(rec["assistants"][p, j]) if p >= 0 else -1
        if c < 0:
            return f"Assistant {j}"
        a = int(projects.CARD_ASSISTANT_ACTION[c])
        code = actions.ASSISTANT_ACTION_CODES[a]
        steps = ", ".join(step_text(*t) for t in actions.ASSISTANT_ACTIONS[a][1])
        return f"Assistant {j}: {card_name(c)}, {code} ({steps})"
    return "No main action"


def _village_label(k):
    if k == VO_A:
        return "Village: discard hand for 2 D"
    if k == VO_B:
        return "Village: +1 D"
    if k == VO_U8:
        return "Village: +1 CP +1 D (U8)"
    if VO_U9 <= k < VO_U10:
        return f"Village: 3 {GOODS[k - VO_U9]} for 2 D 2 VP (U9)"
    if VO_U10 <= k < VO_VG2:
        return f"Village: {N[k - VO_U10]} marker here (U10)"
    if VO_VG2 <= k < VO_VMV:
        return f"Village: 2 {GOODS[k - VO_VG2]} for 4 D (VG2)"
    if k == VO_VMV:
        return "Village: 2 maps for VP and explore (VMV)"
    if k == VO_VMD:
        return "Village: 2 maps for D and explore (VMD)"
    if VO_VBK <= k < VO_XQC:
        return f"Village: 2 books (VBK {k - VO_VBK})"
    if VO_XQC <= k < VO_STOP:
        return f"Village: quest on card (XQC {k - VO_XQC})"
    return "Stop village actions"


def _combat_label(rec, k):
    """MA-8.6: what a combat action does and the strength (V) it costs (rules.combat)."""
    if k == CA_END:
        return "End combat"
    p = _cur(rec)
    cost = int(combat_action_cost(kernel_record(rec), p, k)) if p >= 0 else -1
    pay = f" (costs V {cost})" if cost >= 0 else ""
    if k < CA_FLAG:
        return f"Combat: +{int(actions.CA1_INFLUENCE[k])} influence{pay}"
    if k < CA_CARD:
        loc = k - CA_FLAG + 1 if k < CA_VILLAGE else k - CA_VILLAGE + 1
        expel = rec is not None and int(rec["marker_at"][loc]) >= 0
        where = "flag at" if k < CA_VILLAGE else "village"
        return f"Combat: {'expel and annex' if expel else 'annex'} {where} {loc_name(loc)}{pay}"
    c = _combat_card(rec, k - CA_CARD)
    return f"Combat: card action {k - CA_CARD}" + (f" ({card_name(c)})" if c >= 0 else "") + pay


def _legacy_combat_label(rec, k):
    """MA-26.4 L6 / L9: the combat action, its cost in V and what it gives."""
    p = _cur(rec)
    cost = int(legacy_combat_cost(kernel_record(rec), p, k)) if p >= 0 else -1
    pay = f" (costs V {cost})" if cost >= 0 else ""
    if k == 0:
        return (f"Combat: escort the silver fleet (L6){pay}: a marker that cannot be expelled, "
                f"+{legacy.ESCORT_INFLUENCE} influence, +{legacy.ESCORT_D} D")
    return f"Combat: take the gold mine (L9){pay}: a marker that cannot be expelled, +{legacy.GOLD_MINE_D} D"


def _new_city_annex_label(rec, c):
    """MA-26.4 L4 / L7 with MA-8.6 CA2: annex (or expel at) the new city's flag."""
    p = _cur(rec)
    cost = int(new_city_annex_cost(kernel_record(rec), p, c)) if p >= 0 else -1
    pay = f" (costs V {cost})" if cost >= 0 else ""
    expel = rec is not None and int(rec["legacy_city_marker"][c]) >= 0
    flag = step_text(legacy.NEW_CITY_FLAG_CODE[c], legacy.NEW_CITY_FLAG_AMOUNT[c])
    return (f"Combat: {'expel and annex' if expel else 'annex'} the new city {new_city_name(c)}{pay}: "
            f"+{ANNEX_INFLUENCE} influence, flag {flag}")


def _disc_label(rec, k):
    """MA-17.2: which disc, how many are left there and when its reward comes."""
    what = ship.UPGRADES[k][5]
    p = _cur(rec)
    left = int(rec["discs"][p, k]) if p >= 0 else 0
    if left <= 0:
        return f"Remove a disc from {ship.UPGRADE_IDS[k]} ({what})"
    if left == 1:
        return f"Remove the last disc from {ship.UPGRADE_IDS[k]}: {what} now"
    return f"Remove a disc from {ship.UPGRADE_IDS[k]} ({left} left; {what} when cleared)"


def _fight_label(rec, a):
    """MA-8.3 / MA-8.4: the revealed token's strength and bonus for nation a, and the
    modifier when it applies to a."""
    t = int(rec["cb_token"]) if rec is not None else -1
    if t < 0:
        return f"Fight for {N[a]}" + (f" (strength {combat.STRENGTH_WHEN_EXHAUSTED})" if rec is not None else "")
    mod = int(combat.TOKEN_MODIFIER[t])
    change = int(modifier(kernel_record(rec), a, mod))  # MA-8.4: 0 where the modifier does not apply
    applies = change != 0
    v = int(combat.TOKEN_STRENGTH[t, a]) + change
    return (f"Fight for {N[a]}: strength {token_entry(t, a)}"
            + (f", {combat.MODIFIER_NAMES[mod]} -> V {max(0, v)}" if applies else ""))


def _career_goal_label(rec, k):
    g, tier = k // 2, k % 2
    p = _cur(rec)
    c = int(rec["career"][p]) if p >= 0 else -1
    if c < 0:
        return f"Career goal {g + 1} ({'high' if tier else 'low'} tier)"
    kind, lo, lo_d, hi, hi_d, hi_vp = (int(x) for x in careers.CAREERS[c][2][g][:6])
    reward = f"{hi_d} D {hi_vp} VP" if tier else f"{lo_d} D"
    return f"Career goal {careers.GOAL_NAMES[kind]} {'high' if tier else 'low'} tier: {reward}"


def _where_text(rec, loc):
    """What a location offers (sail labels): its city action in words, or the village
    actions sailing there gives (MA-11.2), and its quests."""
    parts = []
    a = city_action(rec, loc)
    if a >= 0:
        parts.append(f"{actions.CITY_ACTION_CODES[a]}: {actions.CITY_ACTIONS[a][1]}")
    elif is_village(kernel_record(rec), int(loc)):
        villages = _s(int(village_actions_after_sail(kernel_record(rec), _cur(rec), int(loc))), "village action")
        parts.append(villages if "Village" in board.LOC_NAMES[loc] else f"village, {villages}")
    qs = _quests_at(rec, loc)
    if qs:
        parts.append("quest " + " ".join(quests.QUEST_IDS[q] for q in qs))
    return f" ({', '.join(parts)})" if parts else ""


def _top(rec):
    k = int(rec["stk_len"]) - 1 if rec is not None else -1
    return k, (int(rec["stk_kind"][k]) if k >= 0 else -1)


def _choice_label(rec, i):
    """CHOICE(i) by what it answers: CHOOSE_ONE option, extra sail, optional payment,
    explorer quest (MA-28.3 family 25)."""
    k, kind = _top(rec)
    if kind == Frame.EXPLORE:
        q = int(quest_on_space(kernel_record(rec), int(rec["stk_id"][k])))
        what = quest_text(q) if q >= 0 else "the quest here"
        return f"Complete quest {what}" if i == 1 else "Leave the quest on the explorer space"
    if kind in (Frame.PROG, Frame.QUEST):
        code, a0, a1 = frame_step(rec, k)
        pc = int(rec["stk_pc"][k])
        if code == codes.S_CHOOSE_ONE:
            src, ident = int(rec["stk_src"][k]), int(rec["stk_id"][k])
            if kind == Frame.PROG and src != Source.SINGLE and i < a0:
                return f"Choose: {step_text(*_program_step(src, ident, pc + 1 + i))}"
        elif code == codes.S_EXTRA_SAIL:
            return f"Extra sail of 1-{a0} MP" if i == 1 else "No extra sail"
        elif code in (codes.S_PAY_CP, codes.S_PAY_WHOLE_HAND):
            rest = _program_rest(rec, k, pc + 1)
            pay = step_text(code, a0, a1)
            return (f"{pay[0].upper() + pay[1:]} for: {rest}" if i == 1
                    else f"Decline: {pay}")
    return f"Option {i}"


def _done_label(rec):
    d = int(rec["decision"]) if rec is not None else -1
    if d == Decision.MAIN:
        return "Done: end Phase B"
    if d == Decision.PAY_CARD:
        return "Decline the payment"
    if d == Decision.CAREER_GOALS:
        return "Done with career goals"
    return "Done"


def _nation_label(rec, k):
    top, kind = _top(rec)
    if kind in (Frame.PROG, Frame.QUEST):
        code, a0, a1 = frame_step(rec, top)
        if code == codes.S_INFLUENCE_ANY:
            return f"Choose {N[k]}: +{a0} influence"
        if code == codes.S_NEXT_NOBLE_LEVEL:
            return f"Choose {N[k]}: to the next noble level"
        if code == codes.S_ANNEX_THIS_VILLAGE:
            return f"Choose {N[k]}: marker on this village"
    if kind == Frame.EXPLORE:
        return f"Choose {N[k]}: +3 influence (red barrier)"
    if kind == Frame.CARD:
        c, x = int(rec["stk_id"][top]), int(rec["stk_x"][top])
        j = int(rec["stk_pc"][top]) - 1
        fam = int(projects.CARD_FX_FAMILY[c, j])
        what = {projects.F_XI1: f"+{int(projects.CARD_FX_A0[c, j])} influence",
                projects.F_XVM: "its marker on an empty village",
                projects.F_XVN: "its marker on an empty village and the next noble level"}.get(fam, "")
        return f"Choose {N[k]} ({projects.CARD_IDS[c]} {FAMILY_CODES[fam]}: {what})" if x < 0 else f"Choose {N[k]}"
    return f"Choose {N[k]}"


HAND_VERBS = {Family.SETUP_PLAN: "Plan", Family.SETUP_DISCARD: "Discard", Family.FREE_PLAN: "Plan",
              Family.BUY_HAND: "Buy", Family.PAY_CARD: "Pay with"}  # families with a hand index


def action_label(rec, a):
    """What action ``a`` does in position ``rec`` (its current player's view); with
    ``rec`` None the label without position details (e.g. for a past action)."""
    ACTIONS.locate(a)  # an action id of this layout, else IndexError
    fam, k = int(ACTION_FAMILY[a]), int(ACTION_PARAM[a])
    if fam in HAND_VERBS:
        pay = fam == Family.PAY_CARD
        return f"{HAND_VERBS[fam]} {_hand_card(rec, k, terms=not pay, good=pay)}"
    if fam == Family.CAREER_PICK:
        p = _cur(rec)
        c = int(rec["career_dealt"][p, k]) if p >= 0 else -1
        if c < 0:
            return f"Keep career card {k}"
        return f"Keep career {career_text(c)}"
    if fam == Family.SAIL_TO:
        return f"Sail to {loc_name(k + 1)}" + (_where_text(rec, k + 1) if rec is not None else "")
    if fam == Family.MAIN_ACTION:
        return _main_label(rec, k)
    if fam == Family.DELIVER:
        return "Skip delivery" if k == 8 else f"Deliver {_hand_card(rec, k, good=True)}"
    if fam == Family.REMOVE_DISC:
        return _disc_label(rec, k)
    if fam == Family.VILLAGE_OPTION:
        return _village_label(k)
    if fam == Family.BUY_PLAN:
        p = _cur(rec)
        c = int(rec["planning"][p, k]) if p >= 0 else -1
        return f"Buy planned {card_name(c)} ({card_terms(c)})" if c >= 0 else f"Buy the card in planning slot {k + 1}"
    if fam == Family.INVEST:
        s = "I II III IV".split()[k]
        if rec is not None and k < int(rec["prestige_revealed"]):
            b = int(rec["prestige"][k])
            return f"Invest in prestige space {s} ({prestige.PRESTIGE_IDS[b]} {prestige.PRESTIGE_BUILDINGS[b][1]})"
        return f"Invest in prestige space {s}"
    if fam == Family.TAKE_2VP:
        return "Take 2 VP"
    if fam == Family.COMBAT_PILE:
        return f"Reveal combat pile {k + 1}"
    if fam == Family.COMBAT_NATION:
        return _fight_label(rec, k)
    if fam == Family.COMBAT_BOOST:
        return "Boost +1 (pay 1 CP)" if k == 0 else "Boost +1 (return 1 figure)"
    if fam == Family.COMBAT_ACTION:
        return _combat_label(rec, k)
    if fam == Family.EXPLORE_TO:
        return f"Explorer to {explorer.EXP_IDS[k]}"
    if fam == Family.CHOOSE_NATION:
        return _nation_label(rec, k)
    if fam == Family.CHOOSE_LOCATION:
        return f"Choose {loc_name(k + 1)}"
    if fam == Family.DRAW:
        if k == 0:
            return "Draw from the deck"
        c = int(rec["display"][k - 1]) if rec is not None else -1
        return f"Take display slot {k}" + (f": {card_name(c)} ({card_terms(c)})" if c >= 0 else "")
    if fam == Family.FREE_CAREER:
        return _career_goal_label(rec, k)
    if fam == Family.FREE_FIG2CP:
        return "Return a figure for 2 CP"
    if fam == Family.CHOICE:
        return _choice_label(rec, k) if rec is not None else f"Option {k}"
    if fam == Family.CHOOSE_SYNERGY:
        return f"Synergy {codes.SYNERGIES[k]}"
    if fam == Family.COUNT:
        return f"Put {_s(k, 'figure')} on the card"
    if fam == Family.LEGACY_BUY:
        return "Buy the legacy tile here" + (_purchase_terms(rec) if rec is not None else "")
    if fam == Family.LEGACY_COMBAT:
        return _legacy_combat_label(rec, k)
    if fam == Family.LEGACY_ANNEX:
        return _new_city_annex_label(rec, k)
    if fam == Family.LEGACY_SAIL:
        return _new_city_sail_label(rec, k)
    return _done_label(rec)


# ----- the board ------------------------------------------------------------------------
def _player_lines(rec, p, viewer, n, over, names):
    r = rec
    nob = [int(tracks.NOBILITY_LEVEL[int(r["influence"][p, a])]) for a in range(3)]
    inf = "  ".join(f"{codes.NATIONS[a]} {int(r['influence'][p, a])} (x{nob[a]})" for a in range(3))
    career = int(r["career"][p])
    show_career = career >= 0 and (r["phase"] >= Phase.SAIL or viewer == p)
    syn = [codes.SYNERGIES[x] for x in range(5) if r["synergy"][p, x]]
    flags = [" start" if p == int(r["start_player"]) else "", " <- to act" if p == _cur(rec) else ""]
    if p in names.automata:  # an automated opponent (Jean): no money, hand, figures, ship board or career
        return _automaton_lines(rec, p, names, flags, inf)
    lines = [f" {names[p]}{''.join(flags)}: {int(r['vp'][p])} VP, {int(r['coins'][p])} D, {int(r['cp'][p])} CP "
             f"| income {int(r['d_income'][p])} D / {int(r['vp_income'][p])} VP | figures {int(r['fig_personal'][p])} "
             f"personal, {int(r['fig_general'][p])} general | hand {int(r['hand_len'][p])}"]
    lines.append(_ship_line(r, p))
    lines.append(f"     influence {inf}")
    discs = " ".join("-" if d == 0 else str(int(d)) for d in r["discs"][p])
    lines.append(f"     ship board discs left U1..U12: {discs} (- = upgraded)")
    goals = ""
    if show_career:
        done = ["open", "low", "high"]
        goals = ", ".join(f"{careers.GOAL_NAMES[int(g[0])]} {done[int(r['goal_done'][p, i])]}"
                          for i, g in enumerate(careers.CAREERS[career][2]))
        goals = f"career {careers.CAREER_IDS[career]} ({goals}) | "
    qs = [quests.QUEST_IDS[q] for q in range(quests.NUM_QUESTS)
          if r["quest_state"][q] == QS_DONE and r["quest_arg"][q] == p]
    toks = [combat.TOKEN_IDS[t] for t in range(combat.NUM_COMBAT_TOKENS) if r["token_owner"][t] == p]
    asst = [board.LOC_IDS[int(projects.CARD_ASSISTANT_LOC[c])] for c in r["assistants"][p] if c >= 0]
    lines.append(f"     {goals}synergies {' '.join(syn) or '-'} | quests {' '.join(qs) or '-'} | combat tokens "
                 f"{' '.join(toks) or '-'} | assistants at {' '.join(asst) or '-'}")
    plan = [card_name(c) for c in r["planning"][p] if c >= 0]
    bought = []
    for c in range(projects.NUM_CARDS):
        if r["card_where"][c] == W_BOUGHT + p:
            figs = int(r["card_figs"][c])
            bought.append(card_name(c) + (f" [{figs} figures]" if figs else ""))
    lines.append(f"     planning: {', '.join(plan) or '-'}")
    lines.append(f"     bought: {', '.join(bought) or '-'}")
    if (viewer == p and r["phase"] >= Phase.SAIL) or over:
        hand = [card_name(c) + f" ({GOODS[int(projects.CARD_SYMBOL[c])]})"
                for c in r["hand"][p][: int(r["hand_len"][p])]]
        lines.append(f"     {'your ' if viewer == p else ''}hand: {', '.join(hand) or '-'}")
    return lines


def _ship_line(r, p):
    return (f"     ship at {loc_name(r['ship'][p])} | explorer {explorer.EXP_IDS[int(r['explorer'][p])]}"
            + (f" (END #{int(r['end_rank'][p]) + 1})" if r["end_rank"][p] >= 0 else "")
            + " | barriers " + (" ".join(codes.BARRIER_NAMES[b] for b in range(3) if r["crossed"][p, b]) or "-"))


def _automaton_lines(r, p, names, flags, inf):
    qs = [quests.QUEST_IDS[q] for q in range(quests.NUM_QUESTS)
          if r["quest_state"][q] == QS_DONE and r["quest_arg"][q] == p]
    toks = [combat.TOKEN_IDS[t] for t in range(combat.NUM_COMBAT_TOKENS) if r["token_owner"][t] == p]
    return [f" {names[p]}{''.join(flags)}: {int(r['vp'][p])} VP | influence {inf}", _ship_line(r, p),
            f"     quests {' '.join(qs) or '-'} | combat tokens {' '.join(toks) or '-'}"]


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
        qs = [quests.QUEST_IDS[q] for q in _quests_at(rec, loc)]
        if qs:
            parts.append("quests " + " ".join(qs))
        ships = [names[p] for p in range(n) if rec["ship"][p] == loc and rec["legacy_city"][p] < 0]
        if ships:
            parts.append("ships " + " ".join(ships))
        asst = [names[p] for p in range(n) for c in rec["assistants"][p]
                if c >= 0 and projects.CARD_ASSISTANT_LOC[c] == loc]
        if asst:
            parts.append("assistants " + " ".join(asst))
        if parts:
            lines.append(f"  {loc_name(loc)}: " + ", ".join(parts))
    return lines


def _new_city_sail_label(rec, k):
    """"Sail to the new city L4 Hidden harbour (4 MP): deliver 1 TOB, ..." (MA-26.4)."""
    text = f"Sail to the new city {new_city_name(k)}"
    if rec is None:
        return text
    p = _cur(rec)
    mp = int(sail_steps(kernel_record(rec), board.NUM_LOCATIONS + k)) if p >= 0 else -1
    return text + (f" ({mp} MP)" if mp > 0 else "") + f": {new_city_offer(k)}"


def legacy_tile_text(t):
    """A legacy tile in words: "L25 Treasure (vp space at 19)"."""
    pos = legacy.LEGACY_POSITION[t]
    where = "beside the board" if pos is None else f"at {pos.replace('>', ' -> ')}"
    return f"{legacy.LEGACY_TILE_IDS[t]} {legacy.LEGACY_NAMES[t]} ({legacy.KIND_NAMES[legacy.LEGACY_KIND[t]]} {where})"


def _purchase_terms(rec):
    """": L12 Trading post (3 D; +3 VP, a disc onto it)" for the tile at the active ship."""
    p = _cur(rec)
    t = int(legacy.TILE_AT_LOCATION[int(rec["ship"][p])]) if p >= 0 else -1
    if t < 0 or legacy.LEGACY_KIND[t] != legacy.PURCHASE:
        return ""
    reward = ", ".join(step_text(legacy.PURCHASE_CODE[t, j], legacy.PURCHASE_A0[t, j])
                       for j in range(int(legacy.PURCHASE_LEN[t])))
    return (f": {legacy.LEGACY_TILE_IDS[t]} {legacy.LEGACY_NAMES[t]} ({int(legacy.PURCHASE_COST[t])} D; {reward}, "
            "a disc onto it)")


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
            held = [codes.NATIONS[int(rec["legacy_markers"][s])] if rec["legacy_markers"][s] >= 0 else "-"
                    for s in spaces[t]]
            text += f": markers {' '.join(held)}"
        if t == legacy.QUEST_CITY_TILE:  # MA-26.4 L1
            flag = step_text(legacy.QUEST_CITY_FLAG_CODE, legacy.QUEST_CITY_FLAG_AMOUNT)
            text += f": a city with market {GOODS[legacy.QUEST_CITY_GOOD]}, flag {flag} and a quest slot"
        if t in legacy.NEW_CITY_OF_TILE:  # MA-26.4 L4 / L7
            k = legacy.NEW_CITY_OF_TILE[t]
            ships = [names[p] for p in range(len(rec["legacy_city"])) if rec["legacy_city"][p] == k]
            m = int(rec["legacy_city_marker"][k])
            flag = step_text(legacy.NEW_CITY_FLAG_CODE[k], legacy.NEW_CITY_FLAG_AMOUNT[k])
            text += (f": explorer space {int(legacy.NEW_CITY_EXPLORER[k])}+, {new_city_offer(k)}; "
                     f"flag {flag}, marker {codes.NATIONS[m] if m >= 0 else '-'}"
                     + (f"; ships {' '.join(ships)}" if ships else ""))
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
    lines.append("  explorers: " + ", ".join(f"{' '.join(v)} on {k}" for k, v in exp.items())
                 + f" | quest spaces {' '.join(qa) or '-'} | barriers crossed first: {' '.join(first) or '-'}")
    taken = rec["markers_taken"]
    on_board = [int(markers_on_board(kernel_record(rec), a)) for a in range(3)]
    lines.append("  nations (markers on the board / taken, supply value): " + ", ".join(
        f"{codes.NATIONS[a]} {on_board[a]}/{int(taken[a])} ({int(tracks.SUPPLY_VALUE_AFTER_TAKEN[int(taken[a])])})"
        for a in range(3)))
    lines.append("  combat: CP " + " ".join(f"{names[p]} {int(rec['cp'][p])}" for p in range(n)
                                            if p not in names.automata)
                 + f" | token piles {int(rec['token_pile_len'][0])} / {int(rec['token_pile_len'][1])}")
    return lines


def _card_lines(rec, names):
    disp = [f"{s + 1}: {card_name(c)}" if c >= 0 else f"{s + 1}: -" for s, c in enumerate(rec["display"])]
    discards = int((rec["card_where"] == W_DISCARD).sum())
    lines = [f"Display: {' | '.join(disp)} | deck {int(rec['deck_len'])}, discard pile {discards}"]
    pile = int(rec["quest_pile_len"])
    top = quests.QUEST_IDS[int(rec["quest_pile"][pile - 1])] if pile > 0 else "-"
    on_cards = [f"{quests.QUEST_IDS[q]} on {projects.CARD_IDS[int(rec['quest_arg'][q])]}"
                for q in range(quests.NUM_QUESTS) if rec["quest_state"][q] == QS_CARD]
    lines.append(f"Quest pile: top {top}, {pile} tiles" + (f" | {', '.join(on_cards)}" if on_cards else ""))
    pres = []
    for s in range(4):
        name = "I II III IV".split()[s]
        if s < int(rec["prestige_revealed"]):
            b = int(rec["prestige"][s])
            inv = [names[p] for p in range(int(rec["num_players"])) if rec["invested"][p, s]]
            pres.append(f"{name} {prestige.PRESTIGE_IDS[b]} {prestige.PRESTIGE_BUILDINGS[b][1]}"
                        + (f" ({' '.join(inv)})" if inv else ""))
        else:
            pres.append(f"{name} face down")
    lines.append("Prestige: " + " | ".join(pres))
    return lines


def _pending_lines(rec):
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
    cur = _cur(rec)
    over = int(rec["phase"]) == Phase.GAME_OVER
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(f"maracaibo: viewer must be a seat in 0..{n - 1}, got {viewer}")
    rnd = int(rec["round_no"])
    when = f"round {rnd} of 4" if rnd else "setup"
    title = title or f"Maracaibo - {n} players"
    if over:
        lines = [f"{title}, game over after round {rnd}"]
    else:
        lines = [f"{title}, {when}, {code_words(Phase(int(rec['phase'])))}; {names[cur]} to act: "
                 f"{code_words(Decision(int(rec['decision'])))}"]
    lines += _pending_lines(rec)
    combat_line = _combat_line(rec)
    if combat_line:
        lines.append(combat_line)
    lines += _board_lines(rec, n, names)
    lines += legacy_lines(rec, names)
    lines += _track_lines(rec, n, names)
    lines.append("Players:")
    for p in range(n):
        lines += _player_lines(rec, p, viewer, n, over, names)
    if viewer is not None and int(rec["phase"]) < Phase.SAIL:
        lines += _opening_lines(rec, viewer)
    lines += _card_lines(rec, names)
    vp = [int(rec["vp"][p]) for p in range(n)]
    ranks = [sum(v > vp[p] for v in vp) + 1 for p in range(n)]
    if over and outcome:
        lines.append(outcome)
    else:
        head = "Final scores" if over else "Scores (VP so far)"
        lines.append(f"{head}: " + ", ".join(f"{names[p]} {vp[p]}" + (f" (rank {ranks[p]})" if over else "")
                                            for p in range(n)))
    if rec["last_actor"] >= 0 and rec["last_action"] >= 0:
        lines.append(f"Last: {names[int(rec['last_actor'])]}: {action_label(None, int(rec['last_action']))}")
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


def _opening_lines(rec, p):
    """MA-3.12 / MA-3.13: the viewer's own dealt cards and career cards (private)."""
    picks = {1: "plan", 2: "discard"}
    dealt = [card_name(c) + (f" [{picks[int(rec['setup_pick'][p, i])]}]" if rec["setup_pick"][p, i] else "")
             for i, c in enumerate(rec["hand"][p][: int(rec["hand_len"][p])])]
    first = "Your dealt cards" if int(rec["phase"]) == Phase.SETUP_CARDS else "Your hand"
    lines = [f"{first}: {', '.join(dealt) or '-'}"]
    cards = [careers.CAREER_IDS[int(c)] + " " + careers.CAREERS[int(c)][1] for c in rec["career_dealt"][p] if c >= 0]
    if cards:
        lines.append(f"Your career cards: {', '.join(cards)}")
    return lines
