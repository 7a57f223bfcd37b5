"""``from_json`` refuses positions the game cannot go on from (issue 8, section 1):
out-of-range pending frames, decisions that do not fit the phase or the top frame,
duplicated components, data in unused seats, unreachable values. Each case edits
one field of a real position, and would crash or stall the kernels if accepted.
"""

import numpy as np
import pytest

import games
from games.core.errors import PositionError
from games.maracaibo.state import Decision, Frame, Phase, STACK, Source

from .positions import act, game, start


def _play_until(g, pred, seed=0, max_steps=4000):
    """Seeded random play until ``pred(record)`` holds; returns the JSON object."""
    rng = np.random.default_rng(seed)
    s = g.init(np.array([seed]))
    for _ in range(max_steps):
        if pred(s[0]):
            return g.to_json(s[0])
        if s["terminated"][0]:
            s = g.init(np.array([seed := seed + 1]))
            continue
        m = g.legal_action_mask(s)[0]
        g.step(s, np.array([rng.choice(np.flatnonzero(m))]))
    raise AssertionError("no such position reached")


def _with_frames(g):
    return _play_until(
        g, lambda r: r["stk_len"] > 0 and r["stk_kind"][r["stk_len"] - 1] == Frame.PROG and r["phase"] == Phase.ACTIONS
    )


def _mid_game(g):
    return _play_until(g, lambda r: r["round_no"] == 2 and r["stk_len"] == 0 and r["phase"] == Phase.ACTIONS)


def _rejects(g, obj, field, value, index=None, names=None):
    import copy

    o = copy.deepcopy(obj)
    if index is None:
        o["state"][field] = value
    else:
        target = o["state"][field]
        for i in index[:-1]:
            target = target[i]
        target[index[-1]] = value
    with pytest.raises(PositionError) as err:
        g.from_json(o)
    if names is not None:
        assert err.value.field in names, str(err.value)
    return err.value


GAMES = [("maracaibo", {"num_players": 2}), ("maracaibo", {"num_players": 3}), ("maracaibo_solo", {})]


@pytest.fixture(scope="module", params=GAMES, ids=lambda p: f"{p[0]}{p[1].get('num_players', '')}")
def framed(request):
    """(game, a Phase B position whose top frame is a program)."""
    name, kw = request.param
    g = games.make(name, **kw)
    return g, _with_frames(g)


@pytest.mark.parametrize(
    "field,value",
    [
        ("stk_src", 127),
        ("stk_src", 5),
        ("stk_id", 157),
        ("stk_id", 32767),
        ("stk_pc", 100),
        ("stk_pc", -1),
        ("stk_x", 999),
        ("stk_y", -5),
    ],
)
def test_pending_frame_fields_checked_against_their_program(framed, field, value):
    """MA-28.1 / rules.programs: a frame names a real program (source, catalogue entry),
    stands at one of its steps and holds only the arguments its kind has; before the
    fix stk_src=127 / stk_id=157 segfaulted observe and stk_id=32767 raised inside step."""
    g, obj = framed
    top = obj["state"]["stk_len"] - 1
    _rejects(g, obj, field, value, index=(top,))


def test_stack_overflow_refused(framed):
    """The frame stack holds STACK entries; a position deeper than the programs ever
    nest (stk_len=12) would overflow at the next push."""
    g, obj = framed
    _rejects(g, obj, "stk_len", STACK, names={"stk_len", "stk_kind"})


def test_single_step_program_must_be_a_real_step(framed):
    """A one-step program (CHOOSE_ONE option, explorer reward) holds a step code and an
    amount some program, reward or card option has (MA-10.4, MA-15.3)."""
    g, obj = framed
    st = obj["state"]
    top = st["stk_len"] - 1
    import copy

    o = copy.deepcopy(obj)
    o["state"]["stk_src"][top] = Source.SINGLE
    o["state"]["stk_id"][top] = 0
    o["state"]["stk_pc"][top] = 0
    o["state"]["stk_x"][top] = 20  # S_BUY_OR_INVEST: no program step
    o["state"]["stk_y"][top] = 0
    with pytest.raises(PositionError):
        g.from_json(o)


@pytest.mark.parametrize("name,kw", GAMES)
def test_decision_must_fit_phase_and_frame(name, kw):
    """MA-28.1: decision=0 (none) or 13 (combat) on a Phase B main decision, and any
    decision the engine would not reach here, leave no legal action or stall a step later."""
    g = games.make(name, **kw)
    obj = _mid_game(g)
    for d in (Decision.NONE, Decision.COMBAT, 4, 17, 21):
        _rejects(g, obj, "decision", d, names={"decision"})


@pytest.mark.parametrize("name,kw", GAMES)
def test_phase_and_round_consistency(name, kw):
    """MA-1.2 / MA-3: round 0 only during setup; MA-4: a Phase B position moved to another
    phase is not at that phase's decision; MA-5.3: a ship off the round's route."""
    g = games.make(name, **kw)
    obj = _mid_game(g)
    _rejects(g, obj, "round_no", 0, names={"round_no"})
    _rejects(g, obj, "phase", 1)
    _rejects(g, obj, "phase", 4)


@pytest.mark.parametrize("name,kw", GAMES)
def test_unreachable_counters(name, kw):
    """MA-5.1: every turn sails at least one location, so turn <= rounds x seats x 24;
    MA-3.2: the placement counter cannot exceed the tiles that left the pile; scores are
    bounded by what a game reaches."""
    g = games.make(name, **kw)
    obj = _mid_game(g)
    _rejects(g, obj, "turn", 10000, names={"turn"})
    _rejects(g, obj, "turn", 1000, names={"turn"})
    _rejects(g, obj, "quest_counter", 24, names={"quest_counter"})
    _rejects(g, obj, "vp", -1000000, index=(0,), names={"vp"})
    _rejects(g, obj, "vp", 5000, index=(0,), names={"vp"})


@pytest.mark.parametrize("name,kw", GAMES)
def test_setup_figures_checked(name, kw):
    """MA-3.10: during setup each player has 2 personal figures and the rest general."""
    g = games.make(name, **kw)
    obj = _play_until(g, lambda r: r["phase"] == 0)
    _rejects(g, obj, "fig_personal", 5, index=(0,), names={"fig_personal"})
    _rejects(g, obj, "fig_general", 0, index=(0,), names={"fig_general", "fig_personal"})


@pytest.mark.parametrize("name,kw", GAMES)
def test_duplicated_components(name, kw):
    """MA-3.6: four different prestige buildings; MA-3.3: each city tile once; MA-3.13:
    two players never keep the same career card."""
    g = games.make(name, **kw)
    obj = _mid_game(g)
    st = obj["state"]
    _rejects(g, obj, "prestige", st["prestige"][0], index=(1,), names={"prestige"})
    tiles = [t for t in st["tile_at"] if t >= 0]
    locs = [i for i, t in enumerate(st["tile_at"]) if t >= 0]
    _rejects(g, obj, "tile_at", tiles[0], index=(locs[1],), names={"tile_at"})
    if name == "maracaibo":
        _rejects(g, obj, "career", st["career"][0], index=(1,), names={"career"})


@pytest.mark.parametrize("n", [2, 3])
def test_unused_seats_must_be_empty(n):
    """MA-2.3: an n-player game has no components for seats >= n; every per-seat array
    (influence[3] in a 3-player game, ship, explorer, crossed, discs, synergy...) is empty there."""
    g = game(n)
    obj = _mid_game(g)
    for field, value in [
        ("influence", 5),
        ("ship", 3),
        ("explorer", 2),
        ("crossed", 1),
        ("discs", 1),
        ("synergy", 1),
        ("end_rank", 0),
        ("career", 0),
        ("career_dealt", 0),
        ("invested", 1),
        ("goal_done", 1),
        ("d_income", 8),
        ("vp_income", 1),
        ("setup_pick", 1),
    ]:
        row = obj["state"][field][n]
        index = (n, 0) if isinstance(row, list) else (n,)
        _rejects(g, obj, field, value, index=index, names={field})


def test_solo_jean_seat_and_unused_seats():
    """MA-24.1: Jean has no career card or ship board; seats 2-3 of the solo record are empty."""
    g = games.make("maracaibo_solo")
    obj = _mid_game(g)
    _rejects(g, obj, "influence", 1, index=(2, 0), names={"influence"})
    _rejects(g, obj, "discs", 1, index=(1, 0), names={"discs"})
    _rejects(g, obj, "career", 0, index=(1,), names={"career"})


def test_solo_check_reuses_the_base_check():
    """The solo game's position check is the base check with Jean's seat as a parameter."""
    import inspect

    from games.maracaibo.solo import game as solo_game

    src = inspect.getsource(solo_game.MaracaiboSolo.check_position)
    assert "check_maracaibo_position" in src and "_check_cards" not in src


def test_builders_still_accepted():
    """Positions built by the rule-test helpers (tests/maracaibo/positions.py) still load."""
    g, s, p = start(3)
    act(g, s, "sail_to", 1)
    again = g.from_json(g.to_json(s[0]))
    assert again[0] == s[0]
