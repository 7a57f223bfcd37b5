"""Golden playthroughs (OpenSpiel's playthrough_test): one generator and one replay
for every game.

A golden file holds a seeded game played to the end by a fixed random policy: the
action of every step as its label and id (with the player who took it in games of
several seats, and what the built-in opponent did in one-seat games), then the final
position's JSON with scores, ranks and returns. Replaying the labels from the seed
(``action_from_label``) must reach the same position; the first step or the state
fields that differ are reported.

The policy: ``numpy.random.Generator(PCG64(12345))`` picking ``integers(len(legal))``
among the sorted legal action ids at each step. Regenerate after an intended rules
change with

    DOUBLOON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/playthroughs

and review the diff of the JSON files before committing them.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import games

TESTS = Path(__file__).resolve().parents[1]
POLICY_SEED = 12345
POLICY = f"numpy Generator(PCG64({POLICY_SEED})).integers(len(legal)) over sorted legal ids"


def _jean_step(game, rec):
    """Jean moves inside ``step`` (MA-24): her card, ship and VP after each step."""
    from games.maracaibo.data.jean import JEAN_CARD_IDS

    c = int(rec["jean_card"])
    return {
        "jean_card": JEAN_CARD_IDS[c] if c >= 0 else None,
        "jean_ship": int(rec["ship"][1]),
        "jean_vp": int(rec["vp"][1]),
    }


def _jean_final(game, state):
    return {"jean_score": int(game.jean_scores(state)[0])}


@dataclass(frozen=True)
class Golden:
    """One golden file: which game it plays and from which seed."""

    path: str  # under tests/
    game: str
    options: dict = field(default_factory=dict)
    seed: int = 2026
    opponent_step: object = None  # rec -> dict, for a built-in opponent's moves
    opponent_final: object = None  # state -> dict

    @property
    def file(self):
        return TESTS / self.path

    def make(self):
        return games.make(self.game, **self.options)


GOLDENS = (
    Golden(
        "spanish_main/golden/playthrough_3p.json",
        "spanish_main",
        dict(num_players=3, upcoming_adventures=False, move_cards_in_hand=False, fame_source="deck"),
    ),
    Golden("el_caballero/golden/playthrough_3p_expanded.json", "el_caballero", dict(num_players=3, expanded=True)),
    Golden("maracaibo/golden/playthrough_3p.json", "maracaibo", dict(num_players=3)),
    Golden(
        "maracaibo/golden/playthrough_solo.json",
        "maracaibo_solo",
        dict(level=5),
        opponent_step=_jean_step,
        opponent_final=_jean_final,
    ),
    Golden("pirates_of_nassau/golden/playthrough_4p.json", "pirates_of_nassau", dict(num_players=4)),
)


def generate(golden):
    g = golden.make()
    s = g.init(np.array([golden.seed]))
    rng = np.random.Generator(np.random.PCG64(POLICY_SEED))
    steps = []
    while not s[0]["terminated"]:
        legal = sorted(g.legal_actions(s[0]))
        a = legal[int(rng.integers(len(legal)))]
        step = {"player": int(s[0]["current_player"])} if g.num_players > 1 else {}
        step.update({"action": g.action_label(s[0], a), "id": int(a)})
        g.step(s, np.array([a]))
        if golden.opponent_step:
            step.update(golden.opponent_step(g, s[0]))
        steps.append(step)
    final = {"scores": g.scores(s)[0].tolist()}
    if golden.opponent_final:
        final.update(golden.opponent_final(g, s))
    final.update({"ranks": g.ranks(s)[0].tolist(), "returns": g.returns(s)[0].tolist(), "position": g.to_json(s[0])})
    return {
        "game": golden.game,
        "options": g.options,
        "seed": golden.seed,
        "policy": POLICY,
        "steps": steps,
        "final": final,
    }


def dump(golden):
    """JSON with one step per line and one state field per line, for readable diffs."""
    c = lambda x: json.dumps(x, ensure_ascii=False)
    pos = golden["final"]["position"]
    head = [f' {c(k)}: {c(v)},' for k, v in golden.items() if k not in ("steps", "final")]
    steps = ",\n".join(f"  {c(st)}" for st in golden["steps"])
    fields = ",\n".join(f"    {c(k)}: {c(v)}" for k, v in pos["state"].items())
    final = [f'  {c(k)}: {c(v)},' for k, v in golden["final"].items() if k != "position"]
    pos_head = "".join(f"{c(k)}: {c(v)}, " for k, v in pos.items() if k != "state")
    return (
        "\n".join(
            [
                "{",
                *head,
                ' "steps": [',
                steps,
                " ],",
                ' "final": {',
                *final,
                f'  "position": {{{pos_head}"state": {{',
                fields,
                "  }}",
                " }",
                "}",
            ]
        )
        + "\n"
    )


def field_diff(want, got):
    lines = []
    for name in want:
        if want[name] != got.get(name):
            lines.append(f"  {name}: golden {want[name]!r}\n  {' ' * len(name)}  replay {got.get(name)!r}")
    return "\n".join(lines)


def replay(golden):
    """Replay a golden file's labels from its seed; AssertionError at the first difference."""
    stored = json.loads(golden.file.read_text(encoding="utf-8"))
    g = golden.make()
    assert stored["game"] == golden.game and stored["options"] == json.loads(json.dumps(g.options))
    s = g.init(np.array([stored["seed"]]))
    for i, st in enumerate(stored["steps"]):
        where = f"step {i} ({st['action']!r})"
        assert not s[0]["terminated"], f"{where}: the replayed game ended early"
        if "player" in st:
            assert s[0]["current_player"] == st["player"], (
                f"{where}: player {int(s[0]['current_player'])} to act, golden says {st['player']}"
            )
        legal = g.legal_actions(s[0])
        assert st["id"] in legal, f"{where}: action {st['id']} not legal now; legal: {legal}\n{g.render(s[0])}"
        label = g.action_label(s[0], st["id"])
        assert label == st["action"], f"{where}: action {st['id']} is now labelled {label!r}"
        assert g.action_from_label(s[0], st["action"]) == st["id"]
        g.step(s, np.array([st["id"]]))
        if golden.opponent_step:
            got = golden.opponent_step(g, s[0])
            assert got == {k: st[k] for k in got}, f"{where}: the opponent differs: golden {st}, replay {got}"
    assert s[0]["terminated"], f"the replayed game did not end after {len(stored['steps'])} steps"
    final = stored["final"]
    got = g.to_json(s[0])
    diff = field_diff(final["position"]["state"], got["state"])
    assert not diff, "final position differs from the golden one:\n" + diff
    assert got == final["position"]
    assert g.scores(s)[0].tolist() == final["scores"]
    assert g.ranks(s)[0].tolist() == final["ranks"]
    assert g.returns(s)[0].tolist() == final["returns"]
    if golden.opponent_final:
        got_final = golden.opponent_final(g, s)
        assert got_final == {k: final[k] for k in got_final}
    return stored
