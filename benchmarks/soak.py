"""Soak: millions of random legal steps per configuration of every game, checking the
engine on every step (a script, not a test: tests/games/test_soak.py runs it briefly).

    .venv/bin/python benchmarks/soak.py [--games pirates_of_nassau,el_caballero] [--steps 10000000]
                                        [--batch 1024] [--bound 20000] [--sample-every 4]
                                        [--where JSON] [--failures DIR] [--json PATH]

``--steps`` is per game, shared evenly by its configurations (``configurations``: every
player count with the default options, and every other value of each option at every
player count, as each game's page lists them; ``--where`` picks some of them). A batch of ``--batch`` games plays
uniformly
random legal actions; a finished game restarts at once with the next seed. Checked:

- at every step, every live game has a legal action (``no_legal``);
- at every step, every field of every game lies in the range ``from_json`` accepts
  (``games.core.json_io.out_of_range``; ``out_of_range``): a negative count, a supply
  above its total;
- every game ends within ``--bound`` of its own steps (``stuck``; the longest finished
  game is printed, so the bound's margin shows);
- every ``--sample-every`` batch steps, one live position (the rows in turn) passes the
  engine's own check, ``from_json(to_json(rec))`` (``refused``).

A game that fails a check is counted once, by its first failure, and replaced by a new
one. The action of a game at its own step t depends only on its seed and t (a
splitmix64 counter, ``uniforms``), so ``replay(game, seed, t)`` rebuilds any position
alone: each failure is printed (and, with ``--failures``, saved as JSON) with its
configuration, seed and step.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games
from envs.policies import pick_legal
from games.core.errors import PositionError
from games.core.json_io import out_of_range

PLAYERS = {
    "spanish_main": (2, 3, 4),
    "maracaibo": (2, 3, 4),
    "maracaibo_solo": (1,),
    "pirates_of_nassau": (3, 4, 5),
    "el_caballero": (2, 3, 4),
}
# every non-default value of each option on the game's page (docs/<game>.md, "Options");
# ``reward`` changes no play and is left out
VARIANTS = {
    "spanish_main": [
        dict(upcoming_adventures=True),
        dict(move_cards_in_hand=True),  # SM-10.1, SM-10.2
        dict(fame_source="discard_then_deck"),
        dict(mask_noop_moves=True),
    ],  # SM-10.3, GAP-6
    "maracaibo": [
        dict(prestige_open=True),
        dict(leftover_doubloon_vp=True),  # MA-25.1, MA-25.2
        dict(round4_unreached_assistant_vp=True),
        dict(story=True, story_cards=(1, 2, 7, 9)),  # MA-26.1 - MA-26.3: story tiles, quests, reading, votes
    ],  # MA-25.3
    "maracaibo_solo": [dict(level=level) for level in (1, 2, 4, 5)]  # MA-24.4 (3 is the default)
    + [
        dict(expansion_cards=True),
        dict(prestige_open=True),
        dict(leftover_doubloon_vp=True),
        dict(round4_unreached_assistant_vp=True),
        dict(story=True, story_cards=(1, 2, 7, 9)),  # MA-26.1, GAP-58
    ],
    "pirates_of_nassau": [
        dict(plank_any_time=False),
        dict(return_all_hostages=True),  # GAP-16, GAP-15
        dict(cargo_loss="resources"),
        dict(cargo_loss="goods"),  # GAP-9
        dict(random_starting_tokens=True),
        dict(auto_resolve=True),
    ],  # GAP-8, PN-19.3
    "el_caballero": [
        dict(expanded=True),
        dict(radius=6),
        dict(map_cards=7),  # EC-10, EC-GAP-3, EC-GAP-6
        dict(expanded=True, map_cards=9),
        dict(power_row="el_grande"),  # EC-GAP-6, EC-2.4
        dict(two_player_second=True),
        dict(order="area_first"),
        dict(order="strict"),  # EC-GAP-22a, -11
        dict(court_cap=8),
        dict(subaction_cap=8),
        dict(next_start="last_played"),  # EC-GAP-7, -26, -10
        dict(tie_break="court"),
        dict(closed="no_legal_caballero"),  # EC-9.3, EC-GAP-23
        dict(one_land_rule="regions"),
        dict(first_player=0),
    ],  # EC-GAP-5, EC-4.6
}
CHECKS = ("no_legal", "out_of_range", "stuck", "refused")


def configurations(name):
    """Every player count with the defaults, then every variant at every player count."""
    if name not in PLAYERS:
        raise ValueError(f"soak: no configurations for {name!r}; known: {', '.join(PLAYERS)}")
    counts = PLAYERS[name]
    options = [{}] + VARIANTS[name]
    return [({} if name == "maracaibo_solo" else dict(num_players=n)) | o for o in options for n in counts]


def uniforms(seeds, ages):
    """A number in [0, 1) per row from its game's seed and own step (splitmix64 of a
    counter), so a game's actions do not depend on the batch it ran in."""
    with np.errstate(over="ignore"):
        z = (
            seeds.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
            + ages.astype(np.uint64) * np.uint64(0xD1B54A32D192ED03)
            + np.uint64(0x632BE59BD9B4E019)
        )
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(31)
    return (z >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def choose(mask, seeds, ages):
    actions = np.empty(mask.shape[0], dtype=np.int64)
    pick_legal(mask, uniforms(seeds, ages), actions)
    return actions


def replay(game, seed, steps):
    """The position of game ``seed`` after ``steps`` of its soak actions (a batch of one)."""
    state = game.init(np.array([seed]))
    for t in range(steps):
        if state["terminated"][0]:
            break
        mask = game.legal_action_mask(state)
        game.step_unchecked(state, choose(mask, np.array([seed]), np.array([t])))
    return state


class Soak:
    """Random legal play of one configuration, with every check of the module doc."""

    def __init__(self, name, options, batch, bound, sample_every, seed=0):
        self.game = games.make(name, **options)
        self.name, self.options = name, options
        self.bounds = self.game.field_bounds()
        self.batch, self.bound, self.sample_every = batch, bound, sample_every
        self.next_seed = seed + batch
        self.seeds = np.arange(seed, seed + batch, dtype=np.int64)
        self.state = self.game.init(self.seeds)
        self.ages = np.zeros(batch, dtype=np.int64)
        self.mask = np.zeros((batch, self.game.num_actions), dtype=np.bool_)
        self.counts = dict(steps=0, games=0, sampled=0, longest=0, **{c: 0 for c in CHECKS})
        self.failures = []
        self.turn = 0

    def fail(self, b, check, why):
        """Count row b's game under ``check`` once (a new game replaces it: ``restart``)."""
        self.counts[check] += 1
        seed, age = int(self.seeds[b]), int(self.ages[b])
        self.failures.append(dict(game=self.name, options=self.options, check=check, seed=seed, step=age, why=why))
        print(f"  FAIL {check}: {self.name} {self.options} seed {seed} step {age}: {why}", flush=True)

    def restart(self, rows):
        """New games, with the next seeds, in ``rows``."""
        n = rows.size
        self.seeds[rows] = np.arange(self.next_seed, self.next_seed + n)
        self.next_seed += n
        self.state[rows] = self.game.init(self.seeds[rows])
        self.ages[rows] = 0

    def sample(self):
        """The engine's own position check on one row, the rows in turn; the row if refused."""
        b = (self.turn // self.sample_every) % self.batch
        self.counts["sampled"] += 1
        try:
            self.game.from_json(self.game.to_json(self.state[b]))
        except PositionError as err:
            self.fail(b, "refused", str(err))
            return [b]
        return []

    def check(self):
        """Rows whose game fails a check now (each counted by its first failure)."""
        failed = []
        live = ~self.state["terminated"].astype(bool)
        for b in np.flatnonzero(live & ~self.mask.any(axis=1)):
            self.fail(b, "no_legal", f"player {int(self.state['current_player'][b])} has no legal action")
            failed.append(b)
        bad = out_of_range(self.state, self.bounds)
        for b in np.flatnonzero(np.not_equal(bad, None)):  # an object array, compared entrywise
            if b not in failed:
                self.fail(b, "out_of_range", f"field {bad[b]!r} outside {self.bounds[bad[b]]}")
                failed.append(b)
        if self.turn % self.sample_every == 0:
            failed += [b for b in self.sample() if b not in failed]
        return np.array(failed, dtype=np.int64)

    def keep(self, rows):
        """Play on with ``rows`` only (the drain: no game replaces one that ended or failed)."""
        self.state, self.seeds, self.ages = self.state[rows], self.seeds[rows], self.ages[rows]
        self.mask = self.mask[rows]
        self.batch = rows.size

    def run(self, steps):
        """``steps`` steps with every finished game replaced, then the drain: the games still
        live play on alone until each has ended or passed the bound, so every game started
        is counted as ended or failed."""
        game, c = self.game, self.counts
        draining = False
        while self.batch:
            self.turn += 1
            over = self.state["terminated"].astype(bool)
            stuck = np.flatnonzero(self.ages >= self.bound)
            for b in stuck:
                self.fail(b, "stuck", f"still live after {self.bound} steps")
            if over.any():
                c["games"] += int(over.sum())
                c["longest"] = max(c["longest"], int(self.ages[over].max()))
            if not draining and c["steps"] >= steps:
                draining = True
                c["live_at_budget"] = int((~over).sum())
            if draining:
                over[stuck] = True
                self.keep(np.flatnonzero(~over))
                if not self.batch:
                    break
            else:
                self.restart(np.concatenate([np.flatnonzero(over), stuck]))
            game.legal_action_mask(self.state, out=self.mask)
            failed = self.check()
            if failed.size and draining:
                self.keep(np.setdiff1d(np.arange(self.batch), failed))
                if not self.batch:
                    break
            elif failed.size:
                self.restart(failed)
                self.mask[failed] = game.legal_action_mask(self.state[failed])
            game.step_unchecked(self.state, choose(self.mask, self.seeds, self.ages))
            self.ages += 1
            c["steps"] += self.batch
        return c


def soak_game(name, steps, batch, bound, sample_every, seed=0, where=None):
    """Every configuration of ``name`` (those with the options in ``where``, if given) for
    ``steps // len(configurations)`` steps; prints a line per configuration and returns
    (rows, failures). A configuration keeps its seeds when ``where`` picks it alone."""
    configs = configurations(name)
    chosen = [i for i, o in enumerate(configs) if not where or where.items() <= o.items()]
    per_config = -(-steps // len(configs))
    rows, failures = [], []
    for i in chosen:
        options = configs[i]
        start = time.perf_counter()
        soak = Soak(name, options, batch, bound, sample_every, seed=seed + i * 10**9)
        c = soak.run(per_config)
        seconds = time.perf_counter() - start
        rows.append(dict(game=name, options=options, seconds=round(seconds, 1), **c))
        failures += soak.failures
        print(
            f"{name:18s} {json.dumps(options):60s} {c['steps']:>11,} steps {c['games']:>8,} games "
            f"(longest {c['longest']:,}; {c['live_at_budget']} drained) sampled {c['sampled']:,} | "
            + " ".join(f"{k} {c[k]}" for k in CHECKS)
            + f" | {c['steps'] / seconds:,.0f} steps/s",
            flush=True,
        )
    return rows, failures


def totals(rows):
    """Per game: the sums of every count over its configurations (the longest game: the max)."""
    out = {}
    for r in rows:
        t = out.setdefault(r["game"], dict(configs=0, steps=0, games=0, sampled=0, longest=0, **{c: 0 for c in CHECKS}))
        t["configs"] += 1
        for k in ("steps", "games", "sampled", *CHECKS):
            t[k] += r[k]
        t["longest"] = max(t["longest"], r["longest"])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(PLAYERS), help="comma-separated game names (default: every game)")
    ap.add_argument("--steps", type=int, default=10_000_000, help="steps per game, shared by its configurations")
    ap.add_argument("--batch", type=int, default=1024, help="games played at once per configuration")
    ap.add_argument("--bound", type=int, default=20_000, help="steps within which every game must end")
    ap.add_argument("--sample-every", type=int, default=4, help="batch steps between two from_json checks")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--where", type=json.loads, help='only the configurations with these options, e.g. \'{"subaction_cap": 8}\''
    )
    ap.add_argument("--failures", type=Path, help="folder for one JSON file per failure (seed, step, position)")
    ap.add_argument("--json", type=Path, help="write every row and the totals here")
    args = ap.parse_args(argv)
    names = [n for n in args.games.split(",") if n]
    for n in names:
        configurations(n)  # an unknown name is refused before anything runs
    rows, failures = [], []
    for name in names:
        more, bad = soak_game(name, args.steps, args.batch, args.bound, args.sample_every, args.seed, args.where)
        rows += more
        failures += bad
    print("\ntotals per game:")
    for name, t in totals(rows).items():
        print(
            f"  {name}: {t['configs']} configurations, {t['steps']:,} steps, {t['games']:,} games "
            f"(longest {t['longest']:,} steps), {t['sampled']:,} positions sampled | "
            + ", ".join(f"{k} {t[k]}" for k in CHECKS)
        )
    if args.failures and failures:
        args.failures.mkdir(parents=True, exist_ok=True)
        for i, f in enumerate(failures):
            game = games.make(f["game"], **f["options"])
            f = dict(f, position=game.to_json(replay(game, f["seed"], f["step"])[0]))
            (args.failures / f"{i:04d}-{f['game']}-{f['check']}.json").write_text(json.dumps(f) + "\n")
    if args.json:
        from games.core.files import write_atomically

        report = dict(rows=rows, totals=totals(rows), failures=failures)
        write_atomically(args.json, json.dumps(report, indent=1) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
