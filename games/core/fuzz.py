"""``fuzz_positions(game, states)``: no position ``from_json`` accepts may break the game.

Each field of real mid-game positions is mutated the ways a hand-edited or corrupted
file goes wrong: deleted, of the wrong type or length, an entry set to -1, to a huge
value, one up or down, an array entry duplicated into its neighbour, an unknown key
added. Every mutation must either be refused with a ``PositionError`` (naming the
mutated field when the document's structure is wrong; any field of the record when
the values contradict each other) or be a position the game can go on from: all the
accepted positions are then played together, as one batch, by random legal moves to
the end, with the contract's invariants checked on the way.

A kernel that reads past an array on a bad index may crash the process instead of
raising: such a crash fails the run, which is the point.
"""

import copy

import numpy as np

from .errors import PositionError

HUGE = 2**40
MALFORMED = ("a string", 1.5, None, True)  # never a field's value, whatever its shape


def _entries(value):
    """Paths (tuples of indices) to every integer inside a nested list, in order."""
    if not isinstance(value, list):
        return [()]
    return [(i, *rest) for i, item in enumerate(value) for rest in _entries(item)]


def _get(value, path):
    for i in path:
        value = value[i]
    return value


def _set(value, path, new):
    if not path:
        return new
    value = copy.deepcopy(value)
    _get(value, path[:-1])[path[-1]] = new
    return value


def _sample(items, limit, rng):
    if len(items) <= limit:
        return items
    return [items[i] for i in sorted(rng.choice(len(items), limit, replace=False))]


def value_mutations(value, rng, entries_per_field=3):
    """(label, new value) pairs that keep the field's shape but change its contents."""
    out = []
    for path in _sample(_entries(value), entries_per_field, rng):
        old = _get(value, path)
        where = "".join(f"[{i}]" for i in path)
        for new in (-1, HUGE, old + 1, old - 1, -old):
            if new != old:
                out.append((f"{where}={new}", _set(value, path, new)))
    if isinstance(value, list) and len(value) >= 2 and not isinstance(value[0], list) and value[0] != value[1]:
        out.append(("[1]=[0] (duplicate)", _set(value, (1,), value[0])))
    return out


def structure_mutations(value):
    """(label, new value) pairs that break the field's type or shape."""
    out = [(f"type {type(bad).__name__}", bad) for bad in MALFORMED]
    if isinstance(value, list):
        out += [
            ("one entry longer", value + [value[-1] if value else 0]),
            ("one entry shorter", value[:-1]),
            ("a scalar", 0),
            ("nested too deep", [value]),
        ]
    else:
        out += [("a list", [value])]
    return out


def _refused(game, doc, field, structural, what):
    """True if ``doc`` is refused properly; False if accepted. Raises on a bad refusal."""
    try:
        state = game.from_json(doc)
    except PositionError as err:
        if structural and err.field != field:
            raise AssertionError(f"{game.name}: {what} was refused naming {err.field!r}, not {field!r}: {err}")
        if not structural and err.field not in doc["state"] and not err.field.startswith("<"):
            raise AssertionError(f"{game.name}: {what} was refused naming no field of the record: {err}")
        return True
    except Exception as err:  # any other exception is a crash of from_json
        raise AssertionError(
            f"{game.name}: {what} raised {type(err).__name__} instead of PositionError: {err}"
        ) from err
    if structural:
        raise AssertionError(f"{game.name}: {what} was accepted")
    return state


def _document_mutations(game, doc):
    """Whole-document mistakes: each must be a PositionError."""
    bad = {
        "not an object": [doc],
        "other game": {**doc, "game": "chess"},
        "newer format": {**doc, "format": game.position_format + 1},
        "format not a number": {**doc, "format": "1"},
        "other options": {**doc, "options": {**doc["options"], "num_players": -1}},
        "state not an object": {**doc, "state": [1, 2]},
        "unknown key": {**doc, "state": {**doc["state"], "no_such_field": 0}},
    }
    for what, obj in bad.items():
        try:
            game.from_json(obj)
        except PositionError:
            continue
        except Exception as err:
            raise AssertionError(f"{game.name}: a document with {what} raised {type(err).__name__}: {err}") from err
        raise AssertionError(f"{game.name}: a document with {what} was accepted")


_REMOVED = object()


def _with_field(doc, field, new=_REMOVED):
    """``doc`` with one state field replaced (or, without ``new``, removed). The other
    fields are shared, not copied: from_json only reads a document, and a deep copy per
    mutation cost more than the checks themselves."""
    state = {k: v for k, v in doc["state"].items() if k != field}
    if new is not _REMOVED:
        state[field] = new
    return {**doc, "state": state}


def mutated_positions(game, doc, rng, entries_per_field=3):
    """Check every mutation of one position; return the batch of those accepted, with labels."""
    _document_mutations(game, doc)
    accepted, labels = [], []
    for field, value in doc["state"].items():
        _refused(game, _with_field(doc, field), field, True, f"position without {field}")
        for what, new in structure_mutations(value):
            _refused(game, _with_field(doc, field, new), field, True, f"{field} as {what}")
        for what, new in value_mutations(value, rng, entries_per_field):
            bad = _with_field(doc, field, new)
            state = _refused(game, bad, field, False, f"{field}{what}")
            if state is not True:
                accepted.append(state)
                labels.append(f"{field}{what}")
    return accepted, labels


def play_out(game, state, labels, rng, max_steps):
    """Random legal play of every row to the end, checking the contract at each step."""
    for _ in range(max_steps):
        done = game.terminated(state)
        if done.all():
            break
        mask = game.legal_action_mask(state)
        stuck = np.flatnonzero(~done & ~mask.any(axis=1))
        if stuck.size:
            raise AssertionError(
                f"{game.name}: after accepting {labels[stuck[0]]} the game reached a live position with no legal action"
            )
        for p in range(game.num_players):
            if not np.all(np.isfinite(game.observe(state, p))):
                raise AssertionError(f"{game.name}: an observation is not finite")
        score = rng.random(mask.shape)
        score[~mask] = -1.0
        game.step(state, score.argmax(axis=1))
    else:
        live = np.flatnonzero(~game.terminated(state))
        raise AssertionError(
            f"{game.name}: after accepting {labels[live[0]]} the game did not end in {max_steps} steps"
        )
    game.scores(state)
    game.returns(state)


def fuzz_positions(game, states, seed=0, entries_per_field=3, max_steps=3000):
    """Mutate each field of each position in ``states`` (a batch of live games)."""
    rng = np.random.default_rng(seed)
    accepted, labels = [], []
    for b in range(states.shape[0]):
        more, names = mutated_positions(game, game.to_json(states[b]), rng, entries_per_field)
        accepted += more
        labels += names
    if accepted:
        play_out(game, np.concatenate(accepted), labels, rng, max_steps)
    return len(labels)
