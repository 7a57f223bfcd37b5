"""Golden playthrough of one seeded solo game (MA-24) against Jean at level 5, played to
the end and diffed (same scheme as test_golden.py).

``golden/playthrough_solo.json`` holds the game (seed 2026, level 5), the human's action
of every step as its label and id, Jean's card after each step (she moves inside
``step``), and the final position's JSON with scores, Jean's score, ranks and returns.
The human's actions come from ``numpy.random.Generator(PCG64(12345))`` picking
``integers(len(legal))`` among the sorted legal action ids. Regenerate after an
intended rules change with

    DOUBLOON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/maracaibo/test_solo_golden.py

and review the diff of the JSON file before committing it.
"""

import json
import os
from pathlib import Path

import numpy as np

from games.maracaibo.data.jean import JEAN_CARD_IDS
from games.maracaibo.solo import MaracaiboSolo

GOLDEN = Path(__file__).parent / "golden" / "playthrough_solo.json"
SEED, POLICY_SEED = 2026, 12345
OPTIONS = dict(level=5)


def _jean(rec):
    c = int(rec["jean_card"])
    return {"jean_card": JEAN_CARD_IDS[c] if c >= 0 else None, "jean_ship": int(rec["ship"][1]),
            "jean_vp": int(rec["vp"][1])}


def generate():
    g = MaracaiboSolo(**OPTIONS)
    s = g.init(np.array([SEED]))
    rng = np.random.Generator(np.random.PCG64(POLICY_SEED))
    steps = []
    while not s[0]["terminated"]:
        legal = sorted(g.legal_actions(s[0]))
        a = legal[int(rng.integers(len(legal)))]
        step = {"action": g.action_label(s[0], a), "id": int(a)}
        g.step(s, np.array([a]))
        steps.append({**step, **_jean(s[0])})
    return {
        "game": "maracaibo_solo", "options": g.options, "seed": SEED,
        "policy": f"numpy Generator(PCG64({POLICY_SEED})).integers(len(legal)) over sorted legal ids",
        "steps": steps,
        "final": {"scores": g.scores(s)[0].tolist(), "jean_score": int(g.jean_scores(s)[0]),
                  "ranks": g.ranks(s)[0].tolist(), "returns": g.returns(s)[0].tolist(),
                  "position": g.to_json(s[0])},
    }


def dump(golden):
    """JSON with one step per line and one state field per line, for readable diffs."""
    c = lambda x: json.dumps(x, ensure_ascii=False)  # noqa: E731
    pos = golden["final"]["position"]
    head = [f' {c(k)}: {c(v)},' for k, v in golden.items() if k not in ("steps", "final")]
    steps = ",\n".join(f"  {c(st)}" for st in golden["steps"])
    fields = ",\n".join(f"    {c(k)}: {c(v)}" for k, v in pos["state"].items())
    final = [f'  {c(k)}: {c(v)},' for k, v in golden["final"].items() if k != "position"]
    pos_head = "".join(f"{c(k)}: {c(v)}, " for k, v in pos.items() if k != "state")
    return "\n".join(["{", *head, ' "steps": [', steps, " ],", ' "final": {', *final,
                      f'  "position": {{{pos_head}"state": {{', fields, "  }}", " }", "}"]) + "\n"


def test_golden_playthrough_solo():
    if os.environ.get("DOUBLOON_REGEN_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(dump(generate()), encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    g = MaracaiboSolo(**OPTIONS)
    assert golden["options"] == g.options
    s = g.init(np.array([golden["seed"]]))
    for i, st in enumerate(golden["steps"]):
        where = f"step {i} ({st['action']!r})"
        assert not s[0]["terminated"], f"{where}: the replayed game ended early"
        assert s[0]["current_player"] == 0
        legal = g.legal_actions(s[0])
        assert st["id"] in legal, f"{where}: action {st['id']} not legal now; legal: {legal}\n{g.render(s[0])}"
        assert g.action_label(s[0], st["id"]) == st["action"], f"{where}: label changed"
        a = g.action_from_label(s[0], st["action"])
        assert a == st["id"]
        g.step(s, np.array([a]))
        got = _jean(s[0])
        assert got == {k: st[k] for k in got}, f"{where}: Jean differs: golden {st}, replay {got}"
    assert s[0]["terminated"], f"the replayed game did not end after {len(golden['steps'])} steps"
    final = golden["final"]
    got = g.to_json(s[0])
    diff = [k for k in final["position"]["state"] if final["position"]["state"][k] != got["state"].get(k)]
    assert not diff, f"final position differs from the golden one in {diff}"
    assert got == final["position"]
    assert g.scores(s)[0].tolist() == final["scores"] and int(g.jean_scores(s)[0]) == final["jean_score"]
    assert g.ranks(s)[0].tolist() == final["ranks"]
    assert g.returns(s)[0].tolist() == final["returns"]


def test_golden_policy_is_reproducible():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    again = generate()
    assert [x["id"] for x in again["steps"]] == [x["id"] for x in golden["steps"]]
