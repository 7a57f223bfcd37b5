"""Text for people: ``game.render(record, viewer=None)`` and ``game.action_label``
(docs/design.md engine contract; MA-29: the public board, a seat's own hand only with
``viewer`` = that seat), and a full game played through the AEC env the way a person
would (envs.maracaibo_v0: read the board, pick a move by its label)."""

import re
import warnings

import numpy as np

from envs import maracaibo_v0
from games.maracaibo.data import projects
from games.maracaibo.spaces import MAIN_CITY, MAIN_VILLAGE

from .positions import act, cur, edit, end_game, finish_turn, game, hand, loc, source_for, start
from .test_observation_pending import CHOICES, assistant, u11

SECTIONS = ("Board:", "Tracks:", "Players:", "Display:", "Quest pile:", "Prestige:")


def labels(g, s, family):
    seg = g.action_layout[family]
    return [g.action_label(s[0], a) for a in g.legal_actions(s[0]) if seg.start <= a < seg.stop]


def hand_names(s, p):
    return [projects.CARD_IDS[int(c)] for c in s[0]["hand"][p][: int(s[0]["hand_len"][p])]]


def check_board(text, n):
    assert text.startswith(f"Maracaibo - {n} players")
    for section in SECTIONS:
        assert section in text, section
    assert ("Scores (VP so far):" in text) or ("Final scores:" in text)


# ----- phases -------------------------------------------------------------------------------
def test_render_setup_choice():
    """MA-3.12: the dealt cards are private: shown to their owner (``viewer``) with the
    picks so far, to nobody else."""
    g = game(3)
    s = g.init(np.array([4]))
    p = cur(s)
    act(g, s, "setup_plan", 2)
    assert cur(s) == p
    public = g.render(s[0])
    check_board(public, 3)
    assert "setup" in public.splitlines()[0]
    own = g.render(s[0], viewer=p)
    dealt = [line for line in own.splitlines() if line.startswith("Your dealt cards:")]
    assert len(dealt) == 1 and "[plan]" in dealt[0]
    assert all(c in dealt[0] for c in hand_names(s, p))
    assert "Your dealt cards" not in public and "hand:" not in public
    other = g.render(s[0], viewer=(p + 1) % 3)
    assert not any(c in other for c in hand_names(s, p))
    assert labels(g, s, "setup_discard")[0].startswith("Discard ")


def test_render_own_hand_only_with_viewer():
    g, s, p = start(3)
    s = hand(g, s, p, ["A012", "A016", "B003"])
    text = g.render(s[0], viewer=p)
    check_board(text, 3)
    mine = [line for line in text.splitlines() if "your hand:" in line]
    assert len(mine) == 1 and "A012" in mine[0] and "B003 " in mine[0]
    assert "hand:" not in g.render(s[0]) and "B003 " not in g.render(s[0], viewer=(p + 1) % 3)


def choosing_combat_nation():
    """A 3-player game whose player to act fights at city 9 (MA-8): token drawn, the
    nation to choose."""
    g, s, p = start(3, seed=5)
    s = hand(g, s, p, [])
    s = edit(g, s, ship={p: loc("8")})
    act(g, s, "sail_to", loc("9") - 1)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "combat_pile", 0)
    return g, s, p


def in_combat():
    """``choosing_combat_nation`` with the nation chosen."""
    g, s, p = choosing_combat_nation()
    act(
        g,
        s,
        "combat_nation",
        [
            a - g.action_id("combat_nation")
            for a in g.legal_actions(s[0])
            if g.action_layout.locate(a)[0].name == "combat_nation"
        ][0],
    )
    return g, s, p


def test_render_combat():
    """MA-8: the combat in progress (token, nation, V) and the pending frames."""
    g, s, p = in_combat()
    text = g.render(s[0], viewer=p)
    check_board(text, 3)
    combat = [line for line in text.splitlines() if line.startswith("Combat: token TK")]
    assert len(combat) == 1 and ", combat value V " in combat[0]  # MA-8.4: what V is, said where V shows
    assert "Pending: combat <- city action COMBAT" in text
    assert "End combat" in labels(g, s, "combat_action")


def test_render_scoring_and_game_over():
    """MA-21.2 scoring step 1 and the final position with scores and ranks (MA-23)."""
    g, s, p = start(3)
    s = edit(g, s, ship={p: loc("20")})
    act(g, s, "sail_to", loc("21a") - 1)
    finish_turn(g, s)
    text = g.render(s[0])
    check_board(text, 3)
    assert "scoring choice" in text.splitlines()[0] and labels(g, s, "take_2vp") == ["Take 2 VP"]
    g, s, p = start(3)
    s = end_game(g, s)
    text = g.render(s[0])
    check_board(text, 3)
    assert "game over" in text.splitlines()[0] and "Final scores:" in text and "(rank 1)" in text
    for q in range(3):
        assert f"P{q} {int(s[0]['vp'][q])}" in text


# ----- labels -----------------------------------------------------------------------------
def test_choice_labels_say_what_they_choose():
    """MA-28.3 family 25: each CHOICE names its option, not "Option i"."""
    want = {
        "CX7 discard the hand for 4 D": ["Decline: discard the whole hand", "Discard the whole hand for: +4 D"],
        "CX8 4 D or 2 VP per assistant": ["Choose: +4 D", "Choose: +2 VP per assistant"],
        "CX9 pay 2 CP": ["Decline: pay 2 CP", "Pay 2 CP for: +1 influence in any nation, +6 D"],
        "space 20 combat or explore": ["Choose: combat", "Choose: explore up to 2"],
        "U11 three options": [
            "Choose: explore up to 3",
            "Choose: +4 D and +4 VP",
            "Choose: one influence marker to its next noble level",
        ],
        "AS04 extra sail yes / no": ["No extra sail", "Extra sail of 1-3 MP"],
        "AS15 pay 2 CP": ["Decline: pay 2 CP", "Pay 2 CP for: +5 D, 3 village actions"],
    }
    for name, build in CHOICES.items():
        g, s, p = build()
        got = labels(g, s, "choice")
        if name == "explorer quest yes / no":
            assert got[0] == "Leave the quest on the explorer space" and got[1].startswith("Complete quest Q21 (")
        else:
            assert got == want[name], name


def test_context_labels():
    g, s, p = u11()
    act(g, s, "choice", 2)
    assert labels(g, s, "choose_nation")[0] == "Choose France: to the next noble level"
    g, s, p = assistant("B084", "9")
    text = g.render(s[0])
    assert "Pending: assistant action AS04, at: extra sail of 1-3 MP" in text
    assert labels(g, s, "done") == [] and g.action_label(s[0], g.action_id("done")) == "Done"
    g, s, p = start(3)
    s = edit(g, s, ship={p: loc("1")})
    act(g, s, "sail_to", loc("2") - 1)
    assert labels(g, s, "done") == ["Done: end Phase B"]
    assert any(x.startswith("City action: EXPLORE-3") for x in labels(g, s, "main_action"))


# ----- a person at the AEC env --------------------------------------------------------------
def test_a_person_can_play_a_full_game_through_the_aec_env():
    """Every step: the board renders, the mover's own view renders, and the legal moves
    have distinct labels a person can type (Game.action_from_label), none a bare
    "Option i"; at the end the board shows the final scores."""
    env = maracaibo_v0.env(num_players=3, render_mode="ansi")
    env.reset(seed=11)
    raw = env.unwrapped
    game = raw.game
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        _, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        record = raw.record
        seat = raw.agent_name_mapping[agent]
        assert env.render().startswith("Maracaibo - 3 players")
        assert "your hand:" in game.render(record, viewer=seat) or record["phase"] < 2
        legal = game.legal_actions(record)
        names = [game.action_label(record, a) for a in legal]
        assert len({x.lower() for x in names}) == len(names), names
        assert not any(x.startswith("Option ") for x in names), names
        pick = names[int(rng.integers(len(names)))]
        action = game.action_from_label(record, pick)
        env.step(action)
        steps += 1
    text = env.render()
    assert "game over" in text.splitlines()[0] and "Final scores:" in text
    assert steps > 100


def test_pettingzoo_render_test():
    from pettingzoo.test import render_test

    def is_board(text):
        return text.startswith("Maracaibo - 3 players") and "Board:" in text

    def seeded_env(render_mode=None):
        env = maracaibo_v0.env(render_mode=render_mode, num_players=3)
        env.reset(seed=0)
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(i)
        return env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        render_test(seeded_env, custom_tests={"ansi": is_board})


# ----- what a person needs to choose (doubloon play, issue 8 section 4) ---------------------
def test_buy_and_plan_labels_show_cost_vp_and_effects():
    """MA-14.3: a purchase label names the printed cost, end VP and effects (D9), not
    only the card's name; deliveries and payments name the card's good."""
    g, s, p = start(3)
    s = hand(g, s, p, ["A012", "A035"])
    buy = g.action_label(s[0], g.action_id("buy_hand", 0))
    assert buy == "Buy A012 Sailor (4 D, 1 VP; +1 CP before each Combat action)"
    assert "4 D + an assistant at 17; assistant AS07" in g.action_label(s[0], g.action_id("buy_hand", 1))
    assert g.action_label(s[0], g.action_id("free_plan", 0)).startswith("Plan A012 Sailor (4 D, 1 VP;")
    assert g.action_label(s[0], g.action_id("deliver", 0)) == "Deliver A012 Sailor (HERB)"
    assert g.action_label(s[0], g.action_id("pay_card", 0)) == "Pay with A012 Sailor (HERB)"


def test_disc_removal_labels_say_when_the_reward_comes():
    """MA-17.2: a position's reward comes with its last disc."""
    g, s, p = start(3)
    two = g.action_label(s[0], g.action_id("remove_disc", 3))
    assert two == "Remove a disc from U4 (2 left; +5 D when cleared)"
    s = edit(g, s, discs={(p, 3): 1})
    assert g.action_label(s[0], g.action_id("remove_disc", 3)) == "Remove the last disc from U4: +5 D now"


def test_combat_nation_labels_show_the_token_per_nation():
    """MA-8.3 / MA-8.4: the revealed token's strength and bonus for each nation."""
    from games.maracaibo.data import combat
    from games.maracaibo.component_text import token_entry

    g, s, p = choosing_combat_nation()
    t = int(s[0]["cb_token"])
    fight = labels(g, s, "combat_nation")
    assert fight and all(": strength " in x for x in fight)
    for x in fight:
        a = ["France", "Spain", "England"].index(x.split()[2].rstrip(":"))
        assert f"strength {token_entry(t, a)}" in x
        assert str(int(combat.TOKEN_STRENGTH[t, a])) in x


def test_info_explains_cards_tokens_tiles_and_careers():
    g = game(3)
    assert g.info("a012").startswith("A012 Sailor (deck A): cost 4 D, 1 VP; +1 CP before each Combat action")
    assert g.info("TK01") == "TK01: France 6, pay 2 D | Spain 4 | England 2, +2 D"
    assert g.info("CTL01") == "CTL01: city action CX1 (+1 influence, then 1 village action), market TOB"
    assert g.info("K1").startswith("K1 Glory") and "3 combat tokens -> 2 D" in g.info("K1")
    assert g.info("U4") == "U4: +5 D" and g.info("nothing") is None


def test_career_labels_in_words():
    g = game(3)
    s = g.init(np.array([4]))
    while not labels(g, s, "career_pick"):  # through the opening card picks (MA-3.12)
        g.step(s, np.array([g.legal_actions(s[0])[0]]))
    keep = labels(g, s, "career_pick")
    assert keep and all("->" in x and " D" in x for x in keep), keep


def test_board_fits_80_columns_when_asked():
    g, s, p = start(3)
    text = g.render(s[0], viewer=p, width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    check_board(text, 3)
    assert "ship board discs left U1..U12: 2 2 2 2 2 2 2 2 2 2 2 2" in text


def test_sail_labels_say_what_is_there():
    """MA-5 / MA-7.3: where a ship can go, the city action there in words."""
    g, s, p = start(3)
    sail = labels(g, s, "sail_to")
    assert any(x.endswith("(EXPLORE-3: explore up to 3)") for x in sail), sail
    assert all("(" in x for x in sail if "City" in x)


def test_combat_action_labels_say_what_they_cost():
    """MA-8.6: each combat action names the strength (V) it spends, and spends it."""
    g, s, p = in_combat()
    s = edit(g, s, cb_v=12)  # strong enough for every combat action
    offered = labels(g, s, "combat_action")
    assert "Combat: +1 influence (costs V 2)" in offered and "Combat: +2 influence (costs V 5)" in offered
    assert all(x == "End combat" or re.search(r" \(costs V \d+\)$", x) for x in offered), offered
    annex = next(x for x in offered if x.startswith("Combat: annex flag at"))
    a = g.action_from_label(s[0], annex)
    v = int(s[0]["cb_v"])
    act(g, s, "combat_action", a - g.action_id("combat_action"))
    assert v - int(s[0]["cb_v"]) == int(re.search(r"costs V (\d+)", annex)[1]) == 4  # MA-8.6 CA2 empty: 4


def test_sail_labels_give_the_village_actions_there():
    """MA-11.2: a village's sail label says how many village actions its main action gives
    after that sail: more MP sailed, more actions."""
    for mp, actions in ((1, 1), (4, 2)):  # MA-11.2: 1-3 MP one action, 4-6 two
        g, s, p = start(3)
        s = edit(g, s, ship={p: source_for(s, "15", mp)})
        sail = next(x for x in labels(g, s, "sail_to") if x.startswith("Sail to 15 Village 15"))
        assert f"({actions} village action{'s' if actions > 1 else ''}" in sail, sail
        act(g, s, "sail_to", loc("15") - 1)
        assert g.action_label(s[0], g.action_id("main_action", MAIN_VILLAGE)) == f"Village actions ({actions})"


def test_info_explains_prestige_assistant_combat_and_village_actions():
    """MA-16.5 (PB2 scores 2 VP per quest tile), MA-16.3, MA-13.5 (AS01), MA-8.6 (CA1), MA-11.3."""
    g = game(3)
    assert g.info("PB2") == (
        "PB2 Palace: invest 20 D and a personal figure (the first investor +2 VP); "
        "at final scoring 2 VP for each of your quest tiles"
    )
    assert g.info("pb3").endswith("4 VP for each of your assistants, at most 16 VP")
    assert g.info("AS01") == "AS01 (assistant action): +3 VP, +5 D"
    assert g.info("CA1") == "CA1 (combat action, base): gain influence of the fighting nation; costs V 2 / 5"
    assert g.info("VA-B") == "VA-B (village action): +1 D"
    # MA-15: the effect codes the village labels and pending frames show, with their printed versions
    assert g.info("VG2") == "VG2 (project card effect): village action: 2 same goods -> 4 D (2 cards)"
    assert g.info("xds") == "XDS (project card effect): remove 1 disc from the ship board (3 cards)"


def test_card_text_counts_agree_with_their_nouns():
    """MA-15.3 XDS "remove 1 disc": a count of one takes the singular."""
    g = game(3)
    assert "remove 1 disc from the ship board" in g.info("A020")
    assert "1 discs" not in g.info("A020")
