"""Text a person can read: the board and action labels."""

from .data import actions, board, careers, codes, combat, explorer, prestige, projects, quests, ship
from .spaces import (
    ACTIONS, CA_CARD, CA_END, CA_FLAG, CA_VILLAGE, MAIN_ASSIST, MAIN_CITY, MAIN_NONE, MAIN_QUEST,
    MAIN_VILLAGE, VO_A, VO_B, VO_STOP, VO_U8, VO_U9, VO_U10, VO_VBK, VO_VG2, VO_VMD, VO_VMV, VO_XQC,
)
from .state import DECISION_NAMES, F_COMBAT, PHASE_NAMES, QS_BOARD, QS_DONE, QS_EXPLORER, W_BOUGHT

N = codes.NATION_NAMES
GOODS = codes.SYMBOLS


def card_name(c):
    c = int(c)
    return f"{projects.CARD_IDS[c]} {projects.CARD_NAMES[c]}"


def loc_name(i):
    i = int(i)
    return f"{board.LOC_IDS[i]} {board.LOC_NAMES[i]}"


def _hand_card(rec, i):
    p = int(rec["current_player"])
    if p >= 0 and i < int(rec["hand_len"][p]):
        return card_name(rec["hand"][p, i])
    return f"hand card {i}"


def _combat_card(rec, inst):
    """The current player's inst-th CIV / CD3 card by card id (MA-28.2), -1 if none."""
    p = int(rec["current_player"])
    if p < 0:
        return -1
    fams = (projects.F_CIV, projects.F_CD3)
    cards = [c for c in range(projects.NUM_CARDS) if rec["card_where"][c] == W_BOUGHT + p
             for j in range(int(projects.CARD_FX_COUNT[c])) if projects.CARD_FX_FAMILY[c, j] in fams]
    return cards[inst] if inst < len(cards) else -1


def _combat_line(rec):
    """The combat in progress (MA-8), or None."""
    k = int(rec["stk_len"]) - 1
    if k < 0 or int(rec["stk_kind"][k]) != F_COMBAT:
        return None
    t = int(rec["cb_token"])
    token = combat.TOKEN_IDS[t] if t >= 0 else ("piles empty" if int(rec["stk_pc"][k]) >= 2 else "not revealed")
    a = int(rec["cb_nation"])
    used = [f"CA{b + 1}" for b in range(3) if int(rec["cb_used"]) >> b & 1]
    used += [f"card {i}" for i in range(8) if int(rec["cb_cards"]) >> i & 1]
    return (f"Combat: token {token}" + (f", {N[a]}, V {int(rec['cb_v'])}" if a >= 0 else "")
            + (f", used {' '.join(used)}" if used else ""))


def action_label(rec, a):
    seg, k = ACTIONS.locate(a)
    name = seg.name
    if name in ("setup_plan", "setup_discard", "free_plan", "buy_hand", "pay_card"):
        verb = {"setup_plan": "Plan", "setup_discard": "Discard", "free_plan": "Plan", "buy_hand": "Buy",
                "pay_card": "Pay with"}[name]
        return f"{verb} {_hand_card(rec, k)}"
    if name == "career_pick":
        p = int(rec["current_player"])
        c = int(rec["career_dealt"][p, k]) if p >= 0 else -1
        return f"Keep career {careers.CAREER_IDS[c] if c >= 0 else k}"
    if name == "sail_to":
        return f"Sail to {loc_name(k + 1)}"
    if name == "main_action":
        if k == MAIN_CITY:
            return "City action"
        if k == MAIN_VILLAGE:
            return "Village actions"
        if MAIN_QUEST <= k < MAIN_ASSIST:
            return f"Quest {k - MAIN_QUEST}"
        if MAIN_ASSIST <= k < MAIN_NONE:
            j = k - MAIN_ASSIST
            p = int(rec["current_player"])
            c = int(rec["assistants"][p, j]) if p >= 0 else -1
            if c < 0:
                return f"Assistant {j}"
            code = actions.ASSISTANT_ACTION_CODES[int(projects.CARD_ASSISTANT_ACTION[c])]
            return f"Assistant {j} ({card_name(c)}: {code})"
        return "No main action"
    if name == "deliver":
        return "Skip delivery" if k == 8 else f"Deliver {_hand_card(rec, k)}"
    if name == "remove_disc":
        return f"Remove a disc from {ship.UPGRADE_IDS[k]}"
    if name == "village_option":
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
    if name == "buy_plan":
        p = int(rec["current_player"])
        c = int(rec["planning"][p, k]) if p >= 0 else -1
        return f"Buy planned {card_name(c) if c >= 0 else k}"
    if name == "invest":
        return f"Invest in prestige space {'I II III IV'.split()[k]}"
    if name == "take_2vp":
        return "Take 2 VP"
    if name == "combat_pile":
        return f"Reveal combat pile {k + 1}"
    if name == "combat_nation":
        return f"Fight for {N[k]}"
    if name == "combat_boost":
        return "Boost +1 (pay 1 CP)" if k == 0 else "Boost +1 (return 1 figure)"
    if name == "combat_action":
        if k < CA_FLAG:
            return f"Combat: +{k + 1} influence"
        if k < CA_VILLAGE:
            return f"Combat: annex flag at {loc_name(k - CA_FLAG + 1)}"
        if k < CA_CARD:
            return f"Combat: annex village {loc_name(k - CA_VILLAGE + 1)}"
        if k < CA_END:
            c = _combat_card(rec, k - CA_CARD)
            return f"Combat: card action {k - CA_CARD}" + (f" ({card_name(c)})" if c >= 0 else "")
        return "End combat"
    if name == "explore_to":
        return f"Explorer to {explorer.EXP_IDS[k]}"
    if name == "choose_nation":
        return f"Choose {N[k]}"
    if name == "choose_location":
        return f"Choose {loc_name(k + 1)}"
    if name == "draw":
        if k == 0:
            return "Draw from the deck"
        c = int(rec["display"][k - 1])
        return f"Take display slot {k}" + (f" ({card_name(c)})" if c >= 0 else "")
    if name == "free_career":
        return f"Career goal {k // 2 + 1} ({'high' if k % 2 else 'low'} tier)"
    if name == "free_fig2cp":
        return "Return a figure for 2 CP"
    if name == "choice":
        return f"Option {k}"
    if name == "choose_synergy":
        return f"Synergy {codes.SYNERGIES[k]}"
    if name == "count":
        return f"Count {k}"
    return "Done"


def render(rec, viewer=None):
    n = int(rec["num_players"])
    cur = int(rec["current_player"])
    who = "game over" if cur < 0 else f"player {cur}: {DECISION_NAMES[int(rec['decision'])]}"
    lines = [f"Maracaibo - {n} players, round {int(rec['round_no'])}, {PHASE_NAMES[int(rec['phase'])]}, {who}"]
    for p in range(n):
        inf = " ".join(f"{codes.NATIONS[a]}{int(rec['influence'][p, a])}" for a in range(3))
        ups = "".join("x" if d == 0 else str(int(d)) for d in rec["discs"][p])
        career = int(rec["career"][p])
        lines.append(
            f" P{p}: {int(rec['vp'][p])} VP {int(rec['coins'][p])} D {int(rec['cp'][p])} CP | income "
            f"{int(rec['d_income'][p])} D / {int(rec['vp_income'][p])} VP | {inf} | ship "
            f"{board.LOC_IDS[int(rec['ship'][p])]} explorer {explorer.EXP_IDS[int(rec['explorer'][p])]} | discs {ups}"
            f" | figures {int(rec['fig_personal'][p])}+{int(rec['fig_general'][p])} | hand {int(rec['hand_len'][p])}"
            + (f" | career {careers.CAREER_IDS[career]}" if career >= 0 and rec["phase"] >= 2 else ""))
        plan = [card_name(c) for c in rec["planning"][p] if c >= 0]
        bought = [card_name(c) for c in range(projects.NUM_CARDS) if rec["card_where"][c] == W_BOUGHT + p]
        if plan:
            lines.append(f"     planning: {', '.join(plan)}")
        if bought:
            lines.append(f"     bought: {', '.join(bought)}")
    disp = [card_name(c) if c >= 0 else "-" for c in rec["display"]]
    lines.append(f"Display: {' | '.join(disp)}   deck {int(rec['deck_len'])}")
    markers = [f"{board.LOC_IDS[i]}:{codes.NATIONS[int(m)]}" for i, m in enumerate(rec["marker_at"]) if m >= 0]
    lines.append("Markers: " + (" ".join(markers) if markers else "-"))
    qs = []
    for q in range(quests.NUM_QUESTS):
        st, arg = int(rec["quest_state"][q]), int(rec["quest_arg"][q])
        if st == QS_BOARD:
            qs.append(f"{quests.QUEST_IDS[q]}@{board.LOC_IDS[arg]}")
        elif st == QS_EXPLORER:
            qs.append(f"{quests.QUEST_IDS[q]}@Q{'ABC'[arg]}")
        elif st == QS_DONE:
            qs.append(f"{quests.QUEST_IDS[q]}:P{arg}")
    lines.append("Quests: " + " ".join(qs))
    tiles = [f"{board.LOC_IDS[i]}={board.TILE_IDS[int(t)]}" for i, t in enumerate(rec["tile_at"]) if t >= 0]
    lines.append("City tiles: " + " ".join(tiles))
    pres = [prestige.PRESTIGE_IDS[int(rec["prestige"][s])] if s < rec["prestige_revealed"] else "?" for s in range(4)]
    lines.append(f"Prestige: {' '.join(pres)}   combat piles {int(rec['token_pile_len'][0])}/"
                 f"{int(rec['token_pile_len'][1])} ({combat.NUM_COMBAT_TOKENS} tokens)")
    combat_line = _combat_line(rec)
    if combat_line:
        lines.append(combat_line)
    if viewer is not None:
        hand = [card_name(c) for c in rec["hand"][viewer][: int(rec["hand_len"][viewer])]]
        lines.append(f"Your hand: {', '.join(hand) if hand else '-'}")
    if rec["last_actor"] >= 0 and rec["last_action"] >= 0:
        seg, k = ACTIONS.locate(int(rec["last_action"]))
        lines.append(f"Last: player {int(rec['last_actor'])} {seg.name}[{k}]")
    return "\n".join(lines)
