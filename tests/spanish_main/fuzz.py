"""A ``from_json`` fuzz for Spanish Main positions (``python -m tests.spanish_main.fuzz``).

Real positions come from random play (every variant, every player count, mid-game,
the SM-10.2.4 discard step and finished games). Each field of each position is then
mutated -- deleted, set to -1 / 0 / 1 / the top of its range / huge, given the wrong
type or length, entries duplicated or swapped, an unknown key added -- and every
mutant must either be refused with a ``PositionError`` naming a field of the record,
or be a position the game can go on from: random play from it reaches the end
(SM-7.2, GAP-25) and every position on the way is itself accepted again (the checks
are closed under ``step``), renders and observes.
"""

import copy
import sys

import numpy as np

import games

CONFIGS = [
    dict(num_players=2),
    dict(num_players=3),
    dict(num_players=4),
    dict(num_players=3, move_cards_in_hand=True),
    dict(num_players=2, move_cards_in_hand=True),
    dict(num_players=4, upcoming_adventures=True, fame_source="discard_then_deck"),
    dict(num_players=3, upcoming_adventures=True, move_cards_in_hand=True, mask_noop_moves=True),
]


def real_positions(game, seed, stops=(0, 9, 25)):
    """JSON positions met in a random game: after ``stops`` steps, the first SM-10.2.4
    discard step (if any) and the end."""
    rng = np.random.default_rng(seed)
    state = game.init(np.array([seed]))
    out, step, discard_step = [], 0, False
    while True:
        rec = state[0]
        if step in stops or (rec["phase"] == 1 and not discard_step) or rec["terminated"]:
            discard_step |= bool(rec["phase"] == 1)
            out.append(game.to_json(rec))
        if rec["terminated"]:
            return out
        legal = game.legal_actions(rec)
        game.step(state, np.array([legal[rng.integers(len(legal))]]))
        step += 1


def _values(value):
    """Replacement values for one scalar entry."""
    return [
        -1,
        0,
        1,
        2,
        3,
        8,
        9,
        26,
        27,
        57,
        58,
        59,
        199,
        200,
        255,
        32767,
        -32768,
        2**70,
        value + 1,
        value - 1,
        "1",
        1.0,
        True,
        None,
        [value],
    ]


def mutants(obj, rng, per_field=12):
    """(description, mutated object) pairs for every field of ``obj["state"]``."""
    state = obj["state"]
    for name, value in state.items():

        def edited(new, name=name):
            o = copy.deepcopy(obj)
            o["state"][name] = new
            return o

        o = copy.deepcopy(obj)
        del o["state"][name]
        yield f"{name}: deleted", o
        if not isinstance(value, list):
            for v in _values(value):
                yield f"{name} = {v!r}", edited(v)
            continue
        flat = np.array(value, dtype=object)
        yield f"{name}: scalar", edited(0)
        yield f"{name}: one entry short", edited(value[:-1])
        yield f"{name}: one entry more", edited(value + [value[-1]])
        yield f"{name}: all zero", edited(np.zeros(flat.shape, dtype=int).tolist())
        yield f"{name}: all one", edited(np.ones(flat.shape, dtype=int).tolist())
        if flat.shape[0] > 1:
            dup = flat.copy()
            dup[1] = dup[0]
            yield f"{name}: entry 0 duplicated", edited(dup.tolist())
            swap = flat.copy()
            swap[[0, -1]] = swap[[-1, 0]]
            yield f"{name}: first and last swapped", edited(swap.tolist())
        for _ in range(per_field):
            idx = tuple(int(rng.integers(d)) for d in flat.shape)
            values = _values(int(flat[idx]))
            v = values[rng.integers(len(values))]
            new = np.array(value, dtype=object)
            new[idx] = v
            yield f"{name}{list(idx)} = {v!r}", edited(new.tolist())
    o = copy.deepcopy(obj)
    o["state"]["colour"] = 1
    yield "unknown key", o


def play_out(game, state, rng, checked=5):
    """Random legal play to the end; the first ``checked`` positions on the way and the
    last must be accepted again, render and observe."""
    for i in range(game_turns_left(state) * 2 + 2):  # the SM-10.2.4 sub-step doubles a turn
        rec = state[0]
        if i < checked or rec["terminated"]:
            again = game.from_json(game.to_json(rec))  # closed under step
            assert game.equal(again, state), "the JSON round trip changed the position"
            game.render(rec)
            game.observe(state, 0)
        if rec["terminated"]:
            game.scores(state), game.ranks(state)
            return
        legal = game.legal_actions(rec)
        assert legal, "a live position without a legal action"
        game.step(state, np.array([legal[rng.integers(len(legal))]]))
    raise AssertionError("the game did not end by the turn cap (GAP-25)")


def game_turns_left(state):
    from games.spanish_main.data import TURN_CAP

    return TURN_CAP - int(state[0]["turn"])


def check(game, obj, rng, fields):
    """None if the mutant is refused (naming one of ``fields``) or plays on; otherwise
    what went wrong."""
    try:
        state = game.from_json(obj)
    except games.PositionError as err:
        if err.field not in fields and err.field != "colour":
            return f"PositionError names {err.field!r}, not a field"
        return None
    except Exception as err:  # anything else is a bug
        return f"from_json raised {type(err).__name__}: {err}"
    try:
        play_out(game, state, rng)
    except Exception as err:
        return f"accepted, then {type(err).__name__}: {err}"
    return None


def fuzz(configs=CONFIGS, seeds=(0, 1), per_field=12, limit=None, out=None):
    """Run the fuzz; returns the failures as (config, mutation, problem)."""
    failures = []
    for options in configs:
        game = games.make("spanish_main", **options)
        for seed in seeds:
            rng = np.random.default_rng(seed)
            for obj in real_positions(game, seed):
                fields = set(obj["state"])
                for what, mutant in mutants(obj, rng, per_field):
                    problem = check(game, mutant, rng, fields)
                    if problem:
                        failures.append((options, what, problem))
                        if out:
                            out(f"{options} {what}: {problem}")
                        if limit and len(failures) >= limit:
                            return failures
    return failures


if __name__ == "__main__":
    found = fuzz(out=lambda line: print(line, flush=True))
    print(f"{len(found)} holes")
    sys.exit(1 if found else 0)
