"""The pending sub-decision in the observation (MA-29.1a: "the pending U11 / CX /
assistant-action sub-step"; MA-29.1: the pending decision type): CHOICE, CHOOSE_NATION,
PAY_CARD and SAIL each answer several different questions; the ``frame_*`` and
``stack_programs`` segments tell them apart (top frame and the one below it: kind,
program source and id, quest, step at the program counter, card effect, numbers)."""

import itertools

import numpy as np

from games.maracaibo.data import actions, codes, projects, ship
from games.maracaibo.spaces import (
    MAIN_ASSIST,
    MAIN_CITY,
    MAIN_QUEST,
    MAIN_VILLAGE,
    OBS,
    PROGRAM_BASE,
    VO_U9,
)
from games.maracaibo.state import Decision, Frame, Source

from .positions import (
    act,
    arrive,
    clear_board_quests,
    cur,
    edit,
    exp,
    hand,
    quest,
    quest_at,
    quest_on_space,
    start,
    tile_at,
    with_assistant,
)

PENDING = (
    "frame_kind",
    "frame_source",
    "frame_program",
    "frame_quest",
    "frame_step",
    "frame_effect",
    "frame_detail",
    "frame_symbol",
    "frame_nation",
    "stack_programs",
)
NO_GOODS = ["A012", "A016", "A011", "A001"]  # HERB, MAP, BOOK, TELE: nothing to deliver


def view(g, s, name):
    """Segment ``name`` of the acting player's observation (row 0)."""
    return OBS.view(g.observe(s, cur(s)), name)[0]


def pending(g, s):
    return np.concatenate([view(g, s, name).ravel() for name in PENDING])


def program(src, ident):
    return int(PROGRAM_BASE[src]) + ident


# ----- positions at sub-decisions ------------------------------------------------------------
def city_tile(n, tile_id, **fields):
    """The acting player starts the city action of ``tile_id`` at tile slot 4."""
    g, s, p = start(n)
    s = hand(g, s, p, NO_GOODS)
    s = tile_at(g, s, "4", tile_id)
    s = arrive(g, s, "4", mp=1, **fields)
    act(g, s, "main_action", MAIN_CITY)
    return g, s, p


def space_20():
    g, s, p = start(3)
    s = hand(g, s, p, [])
    s = arrive(g, s, "20", mp=1)
    act(g, s, "main_action", MAIN_CITY)
    return g, s, p


def u11(influence=(0, 4, 0)):
    """U1-U4 complete, one disc left on U11: buying A020 (XDS) removes it (MA-17.3)."""
    g, s, p = start(3)
    s = hand(g, s, p, ["A020"])
    discs = [0, 0, 0, 0] + [2] * 8
    discs[ship.U11] = 1
    s = arrive(g, s, "10", mp=1, coins={p: 5}, discs={p: discs}, influence={p: list(influence)})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    act(g, s, "remove_disc", ship.U11)
    return g, s, p


def explorer_quest():
    """City 2 (explore 3) to E3, the space of quest tile Q21 (MA-10.5)."""
    g, s, p = start(3)
    s = hand(g, s, p, NO_GOODS)
    s = quest_on_space(g, s, "Q21", 0)
    s = arrive(g, s, "2", mp=2)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "explore_to", exp("E3"))
    return g, s, p


def assistant(card_id, dest, **fields):
    """The acting player's assistant of ``card_id`` acts at ``dest``, reached with 1 MP (MA-13.2)."""
    g, s, p = start(3)
    s = hand(g, s, p, [])
    s = with_assistant(g, s, p, card_id)
    s = arrive(g, s, dest, mp=1, **fields)
    act(g, s, "main_action", MAIN_ASSIST)
    return g, s, p


CHOICES = {
    "CX7 discard the hand for 4 D": lambda: city_tile(2, "CTL05"),
    "CX8 4 D or 2 VP per assistant": lambda: city_tile(2, "CTL06"),
    "CX9 pay 2 CP": lambda: city_tile(3, "CTL11", cp={0: 3, 1: 3, 2: 3}),
    "space 20 combat or explore": space_20,
    "U11 three options": u11,
    "explorer quest yes / no": explorer_quest,
    "AS04 extra sail yes / no": lambda: assistant("B084", "9"),
    "AS15 pay 2 CP": lambda: assistant("B097", "5", cp={0: 2, 1: 2, 2: 2}),
}


def test_every_choice_sub_decision_is_observable():
    """MA-29.1a: at each CHOICE sub-decision the decision segment is the same, but the
    pending-frame segments differ for every pair of them."""
    seen = {}
    for name, build in CHOICES.items():
        g, s, p = build()
        assert s[0]["decision"] == Decision.CHOICE, name
        assert view(g, s, "decision")[Decision.CHOICE] == 1
        seen[name] = pending(g, s)
    for (a, oa), (b, ob) in itertools.combinations(seen.items(), 2):
        assert not np.array_equal(oa, ob), f"{a} and {b} look the same to the acting player"


def test_choice_segments_name_the_program_and_step():
    """MA-29.1a: CX8 / space 20 / U11 are CHOOSE_ONE of 2 / 2 / 3 options of their program;
    AS04 is its EXTRA_SAIL step; CX9 a PAY_CP of 2; the explorer quest the Frame.EXPLORE frame
    at its quest stage."""
    g, s, p = city_tile(2, "CTL06")
    assert view(g, s, "frame_kind")[0, Frame.PROG] == 1 and view(g, s, "frame_source")[0, Source.CITY] == 1
    assert np.flatnonzero(view(g, s, "frame_program")[0]).tolist() == [program(Source.CITY, actions.CITY_CX8)]
    assert view(g, s, "frame_step")[0, codes.S_CHOOSE_ONE] == 1
    assert view(g, s, "frame_detail")[1] == 2  # 2 options

    g, s, p = space_20()
    assert view(g, s, "frame_program")[0, program(Source.CITY, actions.CITY_HOME20)] == 1

    g, s, p = u11()
    assert view(g, s, "frame_source")[0, Source.UPGRADE] == 1
    assert view(g, s, "frame_program")[0, program(Source.UPGRADE, ship.U11)] == 1
    assert view(g, s, "frame_step")[0, codes.S_CHOOSE_ONE] == 1 and view(g, s, "frame_detail")[1] == 3
    assert view(g, s, "frame_kind")[1, Frame.REMOVE] == 1  # the disc removal it came from
    assert view(g, s, "stack_programs")[program(Source.UPGRADE, ship.U11)] == 1

    g, s, p = assistant("B084", "9")
    assert view(g, s, "frame_program")[0, program(Source.ASSIST, actions.AS04)] == 1
    assert view(g, s, "frame_step")[0, codes.S_EXTRA_SAIL] == 1 and view(g, s, "frame_detail")[1] == 3

    g, s, p = city_tile(3, "CTL11", cp={0: 3, 1: 3, 2: 3})
    assert view(g, s, "frame_step")[0, codes.S_PAY_CP] == 1 and view(g, s, "frame_detail")[1] == 2

    g, s, p = explorer_quest()
    assert view(g, s, "frame_kind")[0, Frame.EXPLORE] == 1 and view(g, s, "frame_detail")[0] == 3


def test_choose_nation_contexts_differ():
    """CHOOSE_NATION answers CX9's "+1 influence", U11's "next noble level", the red
    barrier's "+3 influence" and a purchase's XI1: four different observations."""
    seen = {}
    g, s, p = city_tile(3, "CTL11", cp={0: 3, 1: 3, 2: 3})
    act(g, s, "choice", 1)  # pay 2 CP
    seen["CX9 influence"] = (g, s)
    g, s, p = u11()
    act(g, s, "choice", 2)
    seen["U11 noble level"] = (g, s)
    g, s, p = start(3)
    s = hand(g, s, p, NO_GOODS)
    s = edit(g, s, explorer={p: exp("E21")})
    s = arrive(g, s, "2", mp=2)
    act(g, s, "main_action", MAIN_CITY)
    act(g, s, "explore_to", exp("E22"))
    seen["red barrier"] = (g, s)
    g, s, p = start(3)
    s = hand(g, s, p, ["A051"])  # XI1, ID(1)
    s = arrive(g, s, "10", mp=1, coins={p: 10})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "buy_hand", 0)
    seen["XI1 card"] = (g, s)
    obs = {}
    for name, (g, s) in seen.items():
        assert s[0]["decision"] == Decision.NATION, name
        obs[name] = pending(g, s)
    for (a, oa), (b, ob) in itertools.combinations(obs.items(), 2):
        assert not np.array_equal(oa, ob), f"{a} and {b} look the same"
    g, s = seen["U11 noble level"]
    assert view(g, s, "frame_source")[0, Source.SINGLE] == 1
    assert view(g, s, "frame_step")[0, codes.S_NEXT_NOBLE_LEVEL] == 1
    assert view(g, s, "frame_program")[1, program(Source.UPGRADE, ship.U11)] == 1  # where it comes from
    g, s = seen["XI1 card"]
    assert view(g, s, "frame_kind")[0, Frame.CARD] == 1
    assert view(g, s, "frame_effect")[0, projects.F_XI1] == 1


def test_pay_card_contexts_differ():
    """PAY_CARD pays a quest's goods (Frame.PAY above the quest's rewards), VA-U9's 3 goods
    (Frame.PAY above the option's program) or the first card of AS05's optional "3 same goods"
    (the program's PAY_SAME_GOODS step, any good): the symbol and the frames show which."""
    seen = {}
    g, s, p = start(3)
    s = clear_board_quests(g, s, "16")
    s = quest_at(g, s, "Q05", "16")  # 2 CORN -> 1 VP per compass, 1 figure
    s = hand(g, s, p, ["A014", "B004"])  # 2 CORN
    s = arrive(g, s, "16", mp=1)
    act(g, s, "main_action", MAIN_QUEST)
    seen["quest cost"] = (g, s)
    g, s, p = start(3)
    s = hand(g, s, p, ["A014", "B004", "A031"])  # 3 CORN
    discs = [2] * 12
    discs[ship.U8] = discs[ship.U9] = 0
    s = arrive(g, s, "10", mp=1, discs={p: discs})
    act(g, s, "main_action", MAIN_VILLAGE)
    act(g, s, "village_option", VO_U9 + codes.CORN)
    seen["VA-U9"] = (g, s)
    g, s, p = start(3)
    s = hand(g, s, p, ["A014", "B004", "A031"])
    s = with_assistant(g, s, p, "B085")  # @16, AS05
    s = clear_board_quests(g, s, "16")
    s = arrive(g, s, "16", mp=1)
    act(g, s, "main_action", MAIN_ASSIST)
    seen["AS05 optional"] = (g, s)
    obs = {}
    for name, (g, s) in seen.items():
        assert s[0]["decision"] == Decision.PAY_CARD, name
        obs[name] = pending(g, s)
    for (a, oa), (b, ob) in itertools.combinations(obs.items(), 2):
        assert not np.array_equal(oa, ob), f"{a} and {b} look the same"
    g, s = seen["quest cost"]
    assert view(g, s, "frame_kind")[0, Frame.PAY] == 1 and view(g, s, "frame_symbol")[codes.CORN] == 1
    assert view(g, s, "frame_kind")[1, Frame.QUEST] == 1 and view(g, s, "frame_quest")[1, quest("Q05")] == 1
    assert view(g, s, "frame_detail")[3] == 2  # cards left to pay
    g, s = seen["AS05 optional"]
    assert view(g, s, "frame_symbol")[-1] == 1 and view(g, s, "frame_detail")[1] == 3


def test_sail_phase_a_and_extra_sail_differ():
    """SAIL_TO in Phase A (up to 7 MP, no frame) and the AS04 extra sail (1-3 MP, MA-13.6)."""
    g, s, p = start(3)
    assert s[0]["decision"] == Decision.SAIL and not pending(g, s).any()
    g, s, p = assistant("B084", "9")
    act(g, s, "choice", 1)
    assert s[0]["decision"] == Decision.SAIL
    assert view(g, s, "frame_step")[0, codes.S_EXTRA_SAIL] == 1 and view(g, s, "frame_detail")[3] == 3


def test_pending_segments_are_public():
    """MA-29.1a is public: every seat sees the same pending-frame segments."""
    g, s, p = u11()
    views = [np.concatenate([OBS.view(g.observe(s, q), n)[0].ravel() for n in PENDING]) for q in range(3)]
    assert all(np.array_equal(views[0], v) for v in views[1:])
