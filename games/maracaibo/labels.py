"""Action labels (MA-28.3), over 400 lines as each of the 32 action families is worded apart.

``action_label``: what an action id does in a position, in the words of the player to
act, from what the position holds (hand cards, costs, programs, combat strengths).
Which id ranges of the packed families mean what is ``action_ranges.py``.
"""

from ..core.batch import kernel_record
from .component_text import (
    FAMILY_CODES,
    GOODS,
    card_name,
    card_terms,
    career_text,
    city_action,
    city_action_text,
    counted,
    current_player,
    frame_step,
    loc_name,
    new_city_name,
    new_city_offer,
    program_rest,
    program_step,
    quest_text,
    quests_next_to,
    step_text,
    token_entry,
)
from .data import actions, board, careers, codes, combat, explorer, legacy, prestige, projects, quests, ship
from .data.codes import NATION_NAMES
from .rules.combat import ANNEX_INFLUENCE, combat_action_cost, combat_card, modifier, new_city_annex_cost
from .rules.explore import quest_on_space
from .rules.legacy import legacy_combat_cost
from .rules.locations import is_village, quest_city
from .rules.sailing import sail_steps
from .rules.village import city_action_here, village_actions_after_sail, village_main_actions
from .spaces import (
    ACTION_FAMILY,
    ACTION_PARAM,
    ACTIONS,
    CA_CARD,
    CA_END,
    CA_FLAG,
    CA_VILLAGE,
    MAIN_ASSIST,
    MAIN_CITY,
    MAIN_NONE,
    MAIN_QUEST,
    MAIN_VILLAGE,
    VO_A,
    VO_B,
    VO_STOP,
    VO_U8,
    VO_U9,
    VO_U10,
    VO_VBK,
    VO_VG2,
    VO_VMD,
    VO_VMV,
    VO_XQC,
    Family,
)
from .state import Decision, Frame, Source
from .story_text import story_label

STORY_FAMILIES = (Family.STORY_QUEST, Family.REMOVE_SKULL, Family.VOTE)


def _hand_card(rec, i, terms=False, good=False):
    """Hand card i by name (with its cost, VP and effects, or its good), else by index."""
    p = current_player(rec)
    if p >= 0 and i < int(rec["hand_len"][p]):
        c = int(rec["hand"][p, i])
        extra = card_terms(c) if terms else (GOODS[int(projects.CARD_SYMBOL[c])] if good else "")
        return card_name(c) + (f" ({extra})" if extra else "")
    return f"hand card {i}"


def _combat_card(rec, inst):
    """The current player's inst-th CIV / CD3 card (rules.combat.combat_card, MA-28.2), -1 if none."""
    p = current_player(rec)
    return int(combat_card(kernel_record(rec), p, int(inst))[0]) if p >= 0 else -1


def _at_quest_city(rec, p):
    """MA-26.4 L1: the ship of ``p`` lies at Puerto Cabezas as a city."""
    return int(rec["legacy_city"][p]) < 0 and bool(quest_city(kernel_record(rec), int(rec["ship"][p])))


def _main_label(rec, k):
    p = current_player(rec)
    if k == MAIN_CITY:
        a = int(city_action_here(kernel_record(rec), p)) if p >= 0 else -1
        if p >= 0 and a < 0 and _at_quest_city(rec, p):
            return f"City action: deliver 1 {GOODS[legacy.QUEST_CITY_GOOD]} (L1, no quest)"
        return "City action" + (f": {city_action_text(a)}" if a >= 0 else "")
    if k == MAIN_VILLAGE:
        return "Village actions" + (f" ({int(village_main_actions(kernel_record(rec), p))})" if p >= 0 else "")
    if MAIN_QUEST <= k < MAIN_ASSIST:
        qs = quests_next_to(rec, int(rec["ship"][p])) if p >= 0 else []
        j = k - MAIN_QUEST
        city = (
            f" with the L1 city action (deliver 1 {GOODS[legacy.QUEST_CITY_GOOD]}, the slot refilled)"
            if p >= 0 and _at_quest_city(rec, p)
            else ""
        )
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


def _village_label(rec, k):
    if k == VO_A:  # MA-11.3 VA-A: always allowed, pays only if at least one card goes
        p = current_player(rec) if rec is not None else -1
        if p < 0:
            return "Village: discard your hand for 2 D (nothing if it is empty)"
        n = int(rec["hand_len"][p])
        return (
            f"Village: discard your hand ({counted(n, 'card')}) for 2 D"
            if n
            else "Village: discard your empty hand (no D)"
        )
    if k == VO_B:
        return "Village: +1 D"
    if k == VO_U8:
        return "Village: +1 CP +1 D (U8)"
    if VO_U9 <= k < VO_U10:
        return f"Village: 3 {GOODS[k - VO_U9]} for 2 D 2 VP (U9)"
    if VO_U10 <= k < VO_VG2:
        return f"Village: {NATION_NAMES[k - VO_U10]} marker here (U10)"
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
    p = current_player(rec)
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
    p = current_player(rec)
    cost = int(legacy_combat_cost(kernel_record(rec), p, k)) if p >= 0 else -1
    pay = f" (costs V {cost})" if cost >= 0 else ""
    if k == 0:
        return (
            f"Combat: escort the silver fleet (L6){pay}: a marker that cannot be expelled, "
            f"+{legacy.ESCORT_INFLUENCE} influence, +{legacy.ESCORT_D} D"
        )
    return f"Combat: take the gold mine (L9){pay}: a marker that cannot be expelled, +{legacy.GOLD_MINE_D} D"


def _new_city_annex_label(rec, c):
    """MA-26.4 L4 / L7 with MA-8.6 CA2: annex (or expel at) the new city's flag."""
    p = current_player(rec)
    cost = int(new_city_annex_cost(kernel_record(rec), p, c)) if p >= 0 else -1
    pay = f" (costs V {cost})" if cost >= 0 else ""
    expel = rec is not None and int(rec["legacy_city_marker"][c]) >= 0
    flag = step_text(legacy.NEW_CITY_FLAG_CODE[c], legacy.NEW_CITY_FLAG_AMOUNT[c])
    return (
        f"Combat: {'expel and annex' if expel else 'annex'} the new city {new_city_name(c)}{pay}: "
        f"+{ANNEX_INFLUENCE} influence, flag {flag}"
    )


def _disc_label(rec, k):
    """MA-17.2: which disc, how many are left there and when its reward comes."""
    what = ship.UPGRADES[k][5]
    p = current_player(rec)
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
        strength = f" (strength {combat.STRENGTH_WHEN_EXHAUSTED})" if rec is not None else ""
        return f"Fight for {NATION_NAMES[a]}{strength}"
    mod = int(combat.TOKEN_MODIFIER[t])
    change = int(modifier(kernel_record(rec), a, mod))  # MA-8.4: 0 where the modifier does not apply
    applies = change != 0
    v = int(combat.TOKEN_STRENGTH[t, a]) + change
    return f"Fight for {NATION_NAMES[a]}: strength {token_entry(t, a)}" + (
        f", {combat.MODIFIER_NAMES[mod]} -> V {max(0, v)}" if applies else ""
    )


def _career_goal_label(rec, k):
    g, tier = k // 2, k % 2
    p = current_player(rec)
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
        after_sail = int(village_actions_after_sail(kernel_record(rec), current_player(rec), int(loc)))
        villages = counted(after_sail, "village action")
        parts.append(villages if "Village" in board.LOC_NAMES[loc] else f"village, {villages}")
    qs = quests_next_to(rec, loc)
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
                return f"Choose: {step_text(*program_step(src, ident, pc + 1 + i))}"
        elif code == codes.S_EXTRA_SAIL:
            return f"Extra sail of 1-{a0} MP" if i == 1 else "No extra sail"
        elif code in (codes.S_PAY_CP, codes.S_PAY_WHOLE_HAND):
            rest = program_rest(rec, k, pc + 1)
            pay = step_text(code, a0, a1)
            return f"{pay[0].upper() + pay[1:]} for: {rest}" if i == 1 else f"Decline: {pay}"
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
            return f"Choose {NATION_NAMES[k]}: +{a0} influence"
        if code == codes.S_NEXT_NOBLE_LEVEL:
            return f"Choose {NATION_NAMES[k]}: to the next noble level"
        if code == codes.S_ANNEX_THIS_VILLAGE:
            return f"Choose {NATION_NAMES[k]}: marker on this village"
    if kind == Frame.EXPLORE:
        return f"Choose {NATION_NAMES[k]}: +3 influence (red barrier)"
    if kind == Frame.CARD:
        c, x = int(rec["stk_id"][top]), int(rec["stk_x"][top])
        j = int(rec["stk_pc"][top]) - 1
        fam = int(projects.CARD_FX_FAMILY[c, j])
        what = {
            projects.F_XI1: f"+{int(projects.CARD_FX_A0[c, j])} influence",
            projects.F_XVM: "its marker on an empty village",
            projects.F_XVN: "its marker on an empty village and the next noble level",
        }.get(fam, "")
        if x < 0:
            return f"Choose {NATION_NAMES[k]} ({projects.CARD_IDS[c]} {FAMILY_CODES[fam]}: {what})"
        return f"Choose {NATION_NAMES[k]}"
    return f"Choose {NATION_NAMES[k]}"


HAND_VERBS = {
    Family.SETUP_PLAN: "Plan",
    Family.SETUP_DISCARD: "Discard",
    Family.FREE_PLAN: "Plan",
    Family.BUY_HAND: "Buy",
    Family.PAY_CARD: "Pay with",
}  # families with a hand index


def action_label(rec, a):
    """What action ``a`` does in position ``rec`` (its current player's view); with
    ``rec`` None the label without position details (e.g. for a past action)."""
    ACTIONS.locate(a)  # an action id of this layout, else IndexError
    fam, k = int(ACTION_FAMILY[a]), int(ACTION_PARAM[a])
    if fam in HAND_VERBS:
        pay = fam == Family.PAY_CARD
        return f"{HAND_VERBS[fam]} {_hand_card(rec, k, terms=not pay, good=pay)}"
    if fam == Family.CAREER_PICK:
        p = current_player(rec)
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
        return _village_label(rec, k)
    if fam == Family.BUY_PLAN:
        p = current_player(rec)
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
        return f"Put {counted(k, 'figure')} on the card"
    if fam == Family.LEGACY_BUY:
        return "Buy the legacy tile here" + (_purchase_terms(rec) if rec is not None else "")
    if fam == Family.LEGACY_COMBAT:
        return _legacy_combat_label(rec, k)
    if fam == Family.LEGACY_ANNEX:
        return _new_city_annex_label(rec, k)
    if fam == Family.LEGACY_SAIL:
        return _new_city_sail_label(rec, k)
    if fam in STORY_FAMILIES:
        return story_label(rec, fam, k)
    return _done_label(rec)


def _new_city_sail_label(rec, k):
    """ "Sail to the new city L4 Hidden harbour (4 MP): deliver 1 TOB, ..." (MA-26.4)."""
    text = f"Sail to the new city {new_city_name(k)}"
    if rec is None:
        return text
    p = current_player(rec)
    mp = int(sail_steps(kernel_record(rec), board.NUM_LOCATIONS + k)) if p >= 0 else -1
    return text + (f" ({mp} MP)" if mp > 0 else "") + f": {new_city_offer(k)}"


def _purchase_terms(rec):
    """ ": L12 Trading post (3 D; +3 VP, a disc onto it)" for the tile at the active ship."""
    p = current_player(rec)
    t = int(legacy.TILE_AT_LOCATION[int(rec["ship"][p])]) if p >= 0 else -1
    if t < 0 or legacy.LEGACY_KIND[t] != legacy.PURCHASE:
        return ""
    reward = ", ".join(
        step_text(legacy.PURCHASE_CODE[t, j], legacy.PURCHASE_A0[t, j]) for j in range(int(legacy.PURCHASE_LEN[t]))
    )
    return (
        f": {legacy.LEGACY_TILE_IDS[t]} {legacy.LEGACY_NAMES[t]} ({int(legacy.PURCHASE_COST[t])} D; {reward}, "
        "a disc onto it)"
    )
