"""Recorded behaviour that refactors must keep bit for bit.

Two kinds of fixture, both made from the code at commit 5602f4a (before the
observation layout got named sub-fields and the Maracaibo bot became a package):

- observation: seeded games played with uniformly random legal actions; the sha256 of
  ``observe()`` of every seat at every step. The shipped Spanish Main checkpoint reads
  these vectors, so their values and order must never change by accident.
- heuristic: seeded games where each seat is the heuristic or random; at every
  decision the heuristic is asked (also where random plays) and its answer recorded.
  The Maracaibo cases name their bot (``heuristic_v1``, the bot they were recorded
  from, kept registered when ``heuristic`` became the v2 planner). ``maracaibo_solo_v2``
  is the solo ``heuristic`` (v2 with its weights against Jean), recorded at commit
  1e14405 so that tuning the multiplayer weights (``tuned.MULTI_TUNED``) provably
  leaves the solo bot alone.

The played actions are stored too, so a replay never depends on a random bot's
implementation. Maracaibo's legacy tiles (MA-26.4) added observation segments and
appended actions on 2026-12-03; the Maracaibo digests hash the observation without
those segments (``without``), so they still prove every older entry unchanged. Re-record only when a change of
behaviour is intended:

    python tests/training/behaviour_fixtures.py
"""

import hashlib
import pathlib
import sys

import numpy as np

if __name__ == "__main__":  # run as a script: the checkout's packages
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from tools.migrate_checkpoint import LEGACY_OBS

FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"

OBS_CASES = {
    "maracaibo_3p": dict(
        game="maracaibo", options=dict(num_players=3), seeds=(0, 1, 2, 3), steps=300, without=LEGACY_OBS
    ),
    "maracaibo_2p": dict(game="maracaibo", options=dict(num_players=2), seeds=(4, 5), steps=300, without=LEGACY_OBS),
    "maracaibo_solo": dict(game="maracaibo_solo", options={}, seeds=(0, 1, 2, 3), steps=300, without=LEGACY_OBS),
    "spanish_main_3p": dict(game="spanish_main", options=dict(num_players=3), seeds=(0, 1, 2, 3), steps=300),
    "spanish_main_4p_hand": dict(
        game="spanish_main",
        options=dict(num_players=4, move_cards_in_hand=True, upcoming_adventures=True),
        seeds=(0, 1, 2, 3),
        steps=300,
    ),
}

BOT_CASES = {
    # recorded from the first Maracaibo heuristic, registered since as heuristic_v1
    "maracaibo_3p": dict(
        game="maracaibo", options=dict(num_players=3), seeds=tuple(range(6)), share=0.6, bot_seed=3, bot="heuristic_v1"
    ),
    "maracaibo_solo": dict(
        game="maracaibo_solo", options={}, seeds=tuple(range(20, 26)), share=0.7, bot_seed=1, bot="heuristic_v1"
    ),
    "maracaibo_solo_v2": dict(
        game="maracaibo_solo", options={}, seeds=tuple(range(20, 26)), share=0.7, bot_seed=1, bot="heuristic"
    ),
    "spanish_main_3p": dict(
        game="spanish_main", options=dict(num_players=3), seeds=tuple(range(40)), share=0.5, bot_seed=0
    ),
    "spanish_main_4p_hand": dict(
        game="spanish_main",
        options=dict(num_players=4, move_cards_in_hand=True),
        seeds=tuple(range(40)),
        share=0.5,
        bot_seed=0,
    ),
}


def _make(case):
    import games

    return games.make(case["game"], **case["options"])


def _seats(game):
    return range(max(1, game.num_players))


def observation_digest(case, actions=None):
    """(sha256 of every seat's observation at every step, the actions played); with
    ``actions`` given those are replayed instead of drawn."""
    game = _make(case)
    state = game.init(np.array(case["seeds"]))
    rng = np.random.default_rng(1234)
    digest = hashlib.sha256()
    hashed = np.concatenate(
        [np.arange(seg.start, seg.stop) for seg in game.obs_layout if seg.name not in case.get("without", ())]
    )
    played = []
    for t in range(case["steps"]):
        if game.terminated(state).all():
            break
        for p in _seats(game):
            digest.update(np.ascontiguousarray(game.observe(state, p)[:, hashed], dtype=np.float32).tobytes())
        if actions is None:
            masks = game.legal_action_mask(state)
            noise = rng.random(masks.shape)
            noise[~masks] = -1.0
            step = noise.argmax(axis=1).astype(np.int64)
            step[game.terminated(state)] = 0
        else:
            step = actions[t].astype(np.int64)
        played.append(step)
        game.step(state, step)
    return digest.hexdigest(), np.array(played, dtype=np.int16)


def heuristic_decisions(case, played=None, bot=None):
    """(the heuristic's answer at every decision, the actions played), both (T, B) with
    -1 for finished games; with ``played`` given those actions are replayed."""
    from training.bots import RandomBot, make_bot

    game = _make(case)
    bot = bot or make_bot(case.get("bot", "heuristic"), game, seed=case["bot_seed"])
    rnd = RandomBot(case["bot_seed"])
    batch = len(case["seeds"])
    seat_is_bot = np.random.default_rng(case["bot_seed"]).random((batch, max(1, game.num_players))) < case["share"]
    state = game.init(np.array(case["seeds"]))
    proposed_all, played_all = [], []
    t = 0
    while not game.terminated(state).all():
        live = np.flatnonzero(~game.terminated(state))
        sub = state[live]
        seats = game.current_player(sub)
        obs, masks = game.observe(sub, seats), game.legal_action_mask(sub)
        proposed = np.full(batch, -1, dtype=np.int64)
        proposed[live] = bot(obs, masks)
        if played is None:
            step = np.full(batch, -1, dtype=np.int64)
            step[live] = np.where(seat_is_bot[live, seats], proposed[live], rnd(obs, masks))
        else:
            step = played[t].astype(np.int64)
        proposed_all.append(proposed)
        played_all.append(step)
        game.step(state, np.maximum(step, 0))
        t += 1
    return np.array(proposed_all, dtype=np.int16), np.array(played_all, dtype=np.int16)


def assert_recorded_choices(name):
    """The heuristic of fixture case ``name`` answers as recorded at every decision."""
    stored = np.load(FIXTURES / f"bot_{name}.npz")
    proposed, _ = heuristic_decisions(BOT_CASES[name], played=stored["played"])
    assert proposed.shape == stored["proposed"].shape
    diff = np.argwhere(proposed != stored["proposed"])
    assert len(diff) == 0, f"{name}: {len(diff)} decisions differ, first at (step, game) {tuple(diff[0])}"


def record(only_missing=False):
    FIXTURES.mkdir(exist_ok=True)
    for name, case in OBS_CASES.items():
        if only_missing and (FIXTURES / f"obs_{name}.npz").exists():
            continue
        digest, played = observation_digest(case)
        np.savez_compressed(FIXTURES / f"obs_{name}.npz", sha256=np.array(digest), actions=played)
        print(f"obs {name}: {played.shape[0]} steps, {digest}")
    for name, case in BOT_CASES.items():
        if only_missing and (FIXTURES / f"bot_{name}.npz").exists():
            continue
        proposed, played = heuristic_decisions(case)
        np.savez_compressed(FIXTURES / f"bot_{name}.npz", proposed=proposed, played=played)
        print(f"bot {name}: {int((proposed >= 0).sum())} decisions")


if __name__ == "__main__":
    record(only_missing="--missing" in sys.argv)
