# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Maracaibo solo: how does Jean beat our agents?
#
# Our bots play the human seat of `maracaibo_solo` against Jean, the automated solo
# opponent (MA-24), at each of her five levels, on the seed list of `doubloon bench-jean`
# (seeds 0..N-1, the same deals at every level, `expansion_cards=False`). We ask:
#
# 1. How often does each bot win, per level?
# 2. Where do Jean's VP come from, per level?
# 3. How are the score margins (bot VP - Jean VP) spread, per level?
# 4. What separates the games a bot wins from those it loses: quests, ship upgrades,
#    the explorer, combat, cards?
#
# Jean's VP by source come from the engine (`games.maracaibo.solo.stats`): her end
# bonuses (MA-24.14) and final income (MA-24.13) as the record keeps them, and `in_play`
# for the rest (card VP actions, influence beyond 12, combat, quest tiles, the interim
# incomes). The board, explorer track, combat tokens and Jean's cards are partly
# placeholder data (docs/maracaibo_data.md): the numbers describe this engine's game.
#
# **Parameters.** `DOUBLOON_NOTEBOOK_GAMES` (games per level and bot) plays that many
# games now; unset, the notebook reads the committed larger run,
# `notebooks/data/maracaibo_vs_jean.json` (the outputs and the conclusion below come from
# it), or plays 24 games if that file is missing. `DOUBLOON_NOTEBOOK_BOTS` lists the bots
# (default `heuristic,random`, plus the shipped solo checkpoint when present; any name
# `doubloon bench-jean --bot` takes, e.g. `heuristic_v1`). `DOUBLOON_NOTEBOOK_SAVE=1`
# saves what was played as the committed run; `DOUBLOON_NOTEBOOK_SAVE=add` adds the bots
# just played to it (replacing their rows), so a costly bot can join with fewer games.
# The committed run is two such runs:
#
#     DOUBLOON_NOTEBOOK_GAMES=1000 DOUBLOON_NOTEBOOK_SAVE=1 DOUBLOON_NOTEBOOK_BOTS=heuristic,heuristic_v1,random \
#         .venv/bin/python -c "import jupytext, nbclient; p = 'notebooks/maracaibo_vs_jean'; \
#         nb = jupytext.read(p + '.py'); nbclient.NotebookClient(nb, kernel_name='python3').execute(); \
#         jupytext.write(nb, p + '.ipynb')"
#
# then the same command with `DOUBLOON_NOTEBOOK_GAMES=60 DOUBLOON_NOTEBOOK_SAVE=add
# DOUBLOON_NOTEBOOK_BOTS=search` (the search bot: about 5 CPU minutes per 50 games).

# %%
import json
import os
import subprocess
import time
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from games.maracaibo.solo.stats import END_COUNT_DOC, END_COUNTS, JEAN_SOURCE_DOC, JEAN_SOURCES
from training.arena import wilson_interval
from training.bench_jean import LEVELS, game_table, outcome_summary

ROOT = Path.cwd() if (Path.cwd() / "training").is_dir() else Path.cwd().parent
RESULTS = ROOT / "notebooks" / "data" / "maracaibo_vs_jean.json"
CHECKPOINT = ROOT / "training" / "baselines" / "maracaibo_solo" / "model.safetensors"
OPTIONS = {"expansion_cards": False}  # as doubloon bench-jean
GAMES = os.environ.get("DOUBLOON_NOTEBOOK_GAMES")
BOTS = [b for b in os.environ.get("DOUBLOON_NOTEBOOK_BOTS", "heuristic,random").split(",") if b.strip()]
if CHECKPOINT.is_file() and "DOUBLOON_NOTEBOOK_BOTS" not in os.environ:
    BOTS.append(f"checkpoint:{CHECKPOINT.relative_to(ROOT)}")

SAVE = os.environ.get("DOUBLOON_NOTEBOOK_SAVE")


def describe(part):
    """One line per run of the committed results: its bots, games, commit and CPU time."""
    return (f"{', '.join(part['bots'])}: {part['games_per_level']} games per level and bot, "
            f"commit {part['commit']}, {part['date']}, {part['cpu_seconds']} s of CPU")


if GAMES is None and RESULTS.is_file():
    with open(RESULTS) as f:
        run = json.load(f)
    print(f"read {RESULTS.relative_to(ROOT)}:")
    for part in run["runs"]:
        print("  " + describe(part))
else:
    started = time.process_time()
    n = int(GAMES or 24)
    table = game_table(OPTIONS, BOTS, LEVELS, n, seed=0)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    part = {"bots": BOTS, "games_per_level": n, "commit": commit.stdout.strip(), "date": time.strftime("%Y-%m-%d"),
            "cpu_seconds": round(time.process_time() - started)}
    run = {"levels": list(LEVELS), "options": OPTIONS, "seed": 0, "runs": [part], "results": outcome_summary(table)}
    if SAVE == "add":  # the committed run keeps its other bots' rows
        with open(RESULTS) as f:
            committed = json.load(f)
        kept = [dict(p, bots=[b for b in p["bots"] if b not in BOTS]) for p in committed["runs"]]
        run["runs"] = [p for p in kept if p["bots"]] + [part]
        run["results"] = {**{b: r for b, r in committed["results"].items() if b not in BOTS}, **run["results"]}
    if SAVE in ("1", "add"):
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        with open(RESULTS, "w") as f:
            json.dump(run, f, separators=(",", ":"))
    print("played " + describe(part))
results = run["results"]
bots = list(results)
levels = [int(k) for k in results[bots[0]]]


def cell(bot, level):
    return results[bot][str(level)]


def mean(bot, level, column, outcome="all"):
    value = cell(bot, level)["mean"][outcome][column]
    return np.nan if value is None else value


# %% [markdown]
# ## 1. The ladder
#
# Win rate (bot VP > Jean's) with its 95% Wilson interval, per level.

# %%
fig, ax = plt.subplots(figsize=(8, 4))
for i, bot in enumerate(bots):
    rates = np.array([cell(bot, lv)["wins"] / cell(bot, lv)["games"] for lv in levels])
    ci = np.array([wilson_interval(cell(bot, lv)["wins"], cell(bot, lv)["games"]) for lv in levels])
    x = np.array(levels) + (i - (len(bots) - 1) / 2) * 0.12
    ax.errorbar(x, rates, yerr=[rates - ci[:, 0], ci[:, 1] - rates], marker="o", capsize=3, label=bot)
ax.axhline(0.5, color="grey", ls="--", lw=1, label="50%")
ax.set_xticks(levels)
ax.set_xlabel("Jean's level")
ax.set_ylabel("win rate")
ax.set_title("Wins against Jean, 95% Wilson intervals")
ax.legend(fontsize=8)
fig.tight_layout()
plt.show()
for bot in bots:
    print(bot)
    for lv in levels:
        c = cell(bot, lv)
        lo, hi = wilson_interval(c["wins"], c["games"])
        print(f"  level {lv}: W/D/L {c['wins']}/{c['draws']}/{c['losses']}, win {c['wins'] / c['games']:.1%} "
              f"[{lo:.1%}, {hi:.1%}], bot VP {mean(bot, lv, 'bot_vp'):.1f}, Jean VP {mean(bot, lv, 'jean_vp'):.1f}")

# %% [markdown]
# ## 2. Jean's VP by source
#
# Mean per game, one stacked bar per level; one panel per bot (Jean's lead bonuses
# depend on what the bot achieved).

# %%
fig, axes = plt.subplots(1, len(bots), figsize=(5.5 * len(bots), 4.5), sharey=True, squeeze=False)
for ax, bot in zip(axes[0], bots):
    bottom = np.zeros(len(levels))
    for source in JEAN_SOURCES:
        vals = np.array([mean(bot, lv, f"jean_{source}") for lv in levels])
        ax.bar(levels, vals, bottom=bottom, label=source)
        bottom += vals
    ax.set_xticks(levels)
    ax.set_xlabel("Jean's level")
    ax.set_title(f"Jean's VP against {bot}")
axes[0, 0].set_ylabel("VP per game")
axes[0, -1].legend(fontsize=8, loc="lower right")
fig.tight_layout()
plt.show()
for source in JEAN_SOURCES:
    print(f"{source:20s} {JEAN_SOURCE_DOC[source]}")
for bot in bots:
    print(f"\nagainst {bot}, mean VP per game\n  level " + " ".join(f"{s:>19s}" for s in JEAN_SOURCES))
    for lv in levels:
        print(f"  {lv:5d} " + " ".join(f"{mean(bot, lv, f'jean_{s}'):19.1f}" for s in JEAN_SOURCES))

# %% [markdown]
# ## 3. Margins per level
#
# The distribution of bot VP - Jean VP; a game is won right of the dashed line.

# %%
fig, axes = plt.subplots(1, len(bots), figsize=(5.5 * len(bots), 4.2), squeeze=False)
for ax, bot in zip(axes[0], bots):
    for lv in levels:
        h = cell(bot, lv)["margin"]
        values, counts = np.array(h["values"]), np.array(h["counts"])
        width = max(1, int(np.ceil((values.max() - values.min() + 1) / 40)))
        edges = np.arange(values.min() - 0.5, values.max() + width + 0.5, width)
        hist, _ = np.histogram(values, bins=edges, weights=counts)
        ax.stairs(hist / counts.sum(), edges, lw=1.6, label=f"level {lv}")
    ax.axvline(0, color="grey", ls="--", lw=1)
    ax.set_xlabel("margin (bot VP - Jean VP)")
    ax.set_ylabel("share of games")
    ax.set_title(f"{bot}")
    ax.legend(fontsize=8)
fig.tight_layout()
plt.show()
for bot in bots:
    for lv in levels:
        h = cell(bot, lv)["margin"]
        m = np.repeat(h["values"], h["counts"])
        q = np.percentile(m, [5, 25, 50, 75, 95])
        print(f"{bot:>10s} level {lv}: mean {m.mean():+6.1f}, 5/25/50/75/95%: " + " ".join(f"{v:+.0f}" for v in q))

# %% [markdown]
# ## 4. What separates wins from losses
#
# For the bot that wins most often: its end counts (`games.maracaibo.solo.stats.END_COUNTS`)
# and Jean's, in the games it won against those it lost, pooled over the levels
# (weighted by games) and per level. Jean's quest, upgrade and explorer lead bonuses
# are set by the differences of these counts (MA-24.14).

# %%
best = max(bots, key=lambda b: sum(cell(b, lv)["wins"] for lv in levels))


def pooled(bot, column, outcome):
    """Mean over every level's games of the outcome (None where a level has none)."""
    n = {"win": "wins", "loss": "losses", "all": "games"}[outcome]
    w = np.array([cell(bot, lv)[n] for lv in levels], dtype=np.float64)
    v = np.array([mean(bot, lv, column, outcome) for lv in levels])
    keep = w > 0
    return float((w[keep] * v[keep]).sum() / w[keep].sum()) if keep.any() else np.nan


fig, axes = plt.subplots(1, 2, figsize=(12, 4.2))
x = np.arange(len(END_COUNTS))
for ax, side in zip(axes, ("bot", "jean")):
    for k, outcome in enumerate(("win", "loss")):
        vals = [pooled(best, f"{side}_{c}", outcome) for c in END_COUNTS]
        ax.bar(x + (k - 0.5) * 0.38, vals, width=0.38, label=f"games {best} {'won' if k == 0 else 'lost'}")
    ax.set_xticks(x, END_COUNTS, rotation=20)
    ax.set_title(f"{best if side == 'bot' else 'Jean, in ' + best + ' games'}: end counts, mean per game")
    ax.legend(fontsize=8)
fig.tight_layout()
plt.show()
for c in END_COUNTS:
    print(f"{c:16s} {END_COUNT_DOC[c]}")
print(f"\n{best}, pooled: {'':14s}" + "".join(f"{o:>9s}" for o in ("won", "lost")))
for column in ["bot_vp", "jean_vp"] + [f"{s}_{c}" for s in ("bot", "jean") for c in END_COUNTS] \
        + [f"jean_{s}" for s in JEAN_SOURCES]:
    print(f"  {column:28s}" + "".join(f"{pooled(best, column, o):9.2f}" for o in ("win", "loss")))

# %% [markdown]
# The same split per level, for the bot's quests and upgrades (the counts behind Jean's
# two largest lead bonuses) and Jean's lead bonuses themselves:

# %%
fig, axes = plt.subplots(1, 3, figsize=(14, 4))
panels = [("bot_quests", "the bot's quests"), ("bot_upgrades", "the bot's ship upgrades"),
          (None, "Jean's lead bonuses (quest + upgrade + explorer)")]
leads = ["jean_bonus_quest_lead", "jean_bonus_upgrade_lead", "jean_bonus_explorer_lead"]
for ax, (column, title) in zip(axes, panels):
    for outcome, style in (("win", "-o"), ("loss", "--s")):
        if column is None:
            vals = [sum(mean(best, lv, c, outcome) for c in leads) for lv in levels]
        else:
            vals = [mean(best, lv, column, outcome) for lv in levels]
        ax.plot(levels, vals, style, label="won" if outcome == "win" else "lost")
    ax.set_xticks(levels)
    ax.set_xlabel("Jean's level")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# How many quests the bot finished, in the games it won and lost (all levels):

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
for ax, column in zip(axes, ("bot_quests", "bot_upgrades")):
    for outcome in ("win", "loss"):
        total = {}
        for lv in levels:
            h = cell(best, lv)["counts"][outcome][column]
            for v, c in zip(h["values"], h["counts"]):
                total[v] = total.get(v, 0) + c
        if total:
            v = np.array(sorted(total))
            c = np.array([total[k] for k in v], dtype=np.float64)
            ax.bar(v + (-0.2 if outcome == "win" else 0.2), c / c.sum(), width=0.4,
                   label=f"{'won' if outcome == 'win' else 'lost'} ({int(c.sum())} games)")
    ax.set_xlabel(column.replace("bot_", f"{best}'s "))
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# ## The final boards of a typical win and a typical loss
#
# `heuristic` against Jean at level 3 on the first 12 bench-jean seeds: the final board
# (`game.render_svg`, what the human seat sees) of the won game with the median margin
# among the wins, and of the lost game with the median margin among the losses. Compare
# the quest tiles each side took (on the player panels), how far each explorer got, the
# ship upgrades, and Jean's solo board with her latest card. Dashed violet boxes are
# placeholder components, not the printed game.

# %%
from IPython.display import SVG, display

import games
from training.bench_jean import play_level
from training.bots import make_bot

board_game = games.make("maracaibo_solo", level=3, **OPTIONS)
board_seeds = np.arange(12)
finals = play_level(board_game, make_bot("heuristic", board_game, seed=0), board_seeds)
board_margins = board_game.scores(finals)[:, 0].astype(np.int64) - board_game.jean_scores(finals)
for outcome, games_of in (("win", np.flatnonzero(board_margins > 0)), ("loss", np.flatnonzero(board_margins < 0))):
    if len(games_of) == 0:
        print(f"no {outcome} among seeds 0..{len(board_seeds) - 1}")
        continue
    typical = games_of[np.argsort(board_margins[games_of])[len(games_of) // 2]]
    print(f"a typical {outcome}: seed {board_seeds[typical]}, margin {board_margins[typical]:+d} VP")
    display(SVG(board_game.render_svg(finals[typical], player=0)))

# %% [markdown]
# ## Conclusion
#
# From the committed run: 1000 games per level and bot (seeds 0..999) of `heuristic`
# (the bot that values Jean's end bonuses and races her to the quest tile she stops at
# next, issue 13 §2; commit 0564fb9), `heuristic_v1` (the bot before it) and `random`;
# 103 s of CPU on a shared 2-core machine; and 40 games per level (seeds 0..39) of
# `search` (the heuristic improved by determinized rollouts, issue 27; commit 85728d0;
# 419 s of CPU).
#
# - **What the search takes from Jean: little; it wins by scoring more itself.** Over
#   the heuristic it starts from, `search` adds 6-10 VP a game of its own (186.5 against
#   178.7 at level 1, 186.6 against 176.0 at level 3, 180.7 against 172.7 at level 5)
#   while Jean's total moves by 1-5 VP. From her it takes about 2 VP of upgrade lead
#   (3.0-4.2 against 5.1-6.2: it upgrades its ship 7.9-8.0 times instead of 7.6-7.8) and
#   part of her small explorer lead (0.0-1.5 against 0.8-2.2); her quests (5.5-7.2 a
#   game), her `in_play` points and her final income are what they were against the
#   heuristic. It wins 26 of 40 at level 1, 11 at level 3 and 1 at level 5 here; the
#   200-game ladder (docs/bench_jean.md: 61.0%, 19.0%, 8.0%) is the sharper
#   measure. Her quest count and `in_play` points, which no 24-step rollout reaches, stay
#   the levers above level 1.
# - **Level 1 is an even match, the levels above are not.** `heuristic` wins 51.4%
#   [48.3%, 54.5%] at level 1 (514 wins, 17 draws, 469 losses; mean margin +0.3 VP,
#   median +1), 21.8% at level 2, 10.4% at level 3 and 5.3% [4.1%, 6.9%] at level 5
#   (mean margin -44 VP); `heuristic_v1` wins 8.7% at level 1 and 0.2% at level 5; random
#   play never wins (about -180 to -225 VP).
# - **Where Jean's VP come from**: about 91-116 VP during play (`in_play`, which grows
#   with the level), 29-35 VP of final income, 5 VP per quest, and her lead bonuses. The
#   level adds VP mainly through `in_play` and her quest count.
# - **What the heuristic takes from her**: against `heuristic_v1` she keeps an almost
#   full quest-lead bonus (29.6-29.8 of 30) and 17-18 VP of upgrade lead; against
#   `heuristic`, which completes 3.0 quests a game instead of 0.55 and upgrades its ship
#   7.6-7.9 times instead of 5.2-5.4, those fall to 16-22 and 5-6 VP, and her own quests
#   from 7.2-8.8 to 5.4-7.2 a game.
# - **What separates wins from losses** (the `heuristic`'s 969 wins against 3989 losses,
#   pooled over the levels): wins come with more own quests (3.7 against 2.8) and fewer
#   of hers (5.2 against 6.7), so her quest-lead bonus halves (10.9 against 20.6 VP at
#   level 1), and with an explorer closer to END (1.4 against 3.2 spaces); combat tokens
#   and cards bought barely differ. Her `in_play` is lower in the won games mostly
#   because most wins are at level 1, where she scores least during play. Her quest lead
#   (16-22 VP) and `in_play` points (influence, combat) remain the levers above level 1,
#   where two of her cards take quest tiles from the pile, which no race denies.
