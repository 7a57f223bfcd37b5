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
# # El Caballero: timing, regions and ships
#
# We simulate 3-player basic games with the batched engine and look at three questions:
#
# 1. What is the timing of the power cards worth: playing high values (early turns,
#    small income) early or late (EC-2.4, EC-5.5)?
# 2. Region size versus majority: do the land points come from big regions won
#    narrowly or from small regions dominated (EC-8.2)?
# 3. Ships versus caballeros: how much of a winner's score comes from ships (EC-8.5)
#    and how much from land majorities?
#
# Every seat places area and caballero cards, ships and castillos with the heuristic
# bot (`training/bots/el_caballero/`). Its power cards are chosen either by the
# heuristic (the highest income first, the 9 kept for later) or uniformly at random
# among the legal ones (the `random` bot), each seat drawing its policy with
# probability 1/2 per game: the power-card timing varies while the rest of the play
# stays the same. The scoring breakdowns come from the rules' own queries
# (`rules.scoring.score_parts`, `land_region_rows`, `majority_share`) on the board as
# it was scored. The area cards and caballero numbers are the placeholders of the
# rules reference (EC-3.7, EC-3.13), so the numbers describe this engine's game.
#
# `DOUBLOON_NOTEBOOK_GAMES` sets the number of games (CI runs a few dozen; the numbers
# quoted in the conclusion come from 1200 games, whose per-seat table is committed as
# `notebooks/data/el_caballero_strategy_seats.csv`).

# %%
import os
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

import games
from envs.seats import play_seats
from games.core.batch import kernel_record
from games.core.recording import plain_number
from games.el_caballero import data as D
from games.el_caballero.rules.scoring import land_region_rows, majority_share, score_parts, second_place_pays
from games.el_caballero.state import Phase
from training.bots import make_bot

GAMES = int(os.environ.get("DOUBLOON_NOTEBOOK_GAMES", 1200))
FULL_RUN = "DOUBLOON_NOTEBOOK_GAMES" not in os.environ  # only the full run rewrites the committed table
N = 3
game = games.make("el_caballero", num_players=N)
policies = [make_bot("heuristic", game), make_bot("random", game, seed=1)]  # 1: power cards of random seats
rng = np.random.default_rng(2026)
random_power = rng.random((GAMES, N)) < 0.5  # seat g, p picks its power cards at random

ROUNDS = game.rounds
SCORINGS = D.SCORING_ROUNDS[0]
played = np.zeros((GAMES, ROUNDS, N), dtype=np.int64)  # power value per round and seat
parts = np.zeros((GAMES, len(SCORINGS), N, 3), dtype=np.int64)  # in scores() units: land, ships, Governors
regions = []  # (game, scoring, V, leader strength, second strength, leader's share in scores() units)
second_pays = second_place_pays(N, False)
value_buf, strength_buf = np.zeros(D.NUM_CARDS * D.PIECES, np.int64), np.zeros((D.NUM_CARDS * D.PIECES, 4), np.int64)


def record_scoring(g, idx):
    """The board just scored: its score by source and its land regions (EC-8.2, EC-8.5)."""
    rec = kernel_record(state[g])
    score_parts(rec, parts[g, idx])
    for i in range(land_region_rows(rec, value_buf, strength_buf)):
        row = strength_buf[i, :N]
        order = np.sort(row)[::-1]
        if order[0] > order[1]:  # a single leader
            leader = int(np.argmax(row))
            regions.append((g, idx, value_buf[i], order[0], order[1],
                            majority_share(strength_buf[i], N, value_buf[i], second_pays, leader)))


state = game.init(np.arange(GAMES))
steps = 0
while not game.terminated(state).all():
    live = np.flatnonzero(~game.terminated(state))
    sub = state[live]
    seats = game.current_player(sub)
    who = ((sub["phase"] == Phase.POWER) & random_power[live, seats]).astype(np.int64)
    actions = np.zeros(len(state), dtype=np.int64)
    actions[live] = play_seats(game, sub, seats, who, policies)[2]
    before = sub["round_no"].copy()
    game.step_unchecked(state, actions)
    steps += live.size
    after = state[live]
    rounds = after["round_no"] - 1
    played[live, rounds] = np.maximum(played[live, rounds], after["played"][:, :N])
    for i in np.flatnonzero((after["round_no"] != before) | after["terminated"].astype(bool)):
        if before[i] in SCORINGS:
            record_scoring(live[i], SCORINGS.index(before[i]))

scores = game.scores(state)
ranks = game.ranks(state)
win = ranks == 0
regions = np.array(regions, dtype=np.int64).reshape(-1, 6)
assert np.array_equal(parts.sum(axis=3), state["scoring_points"][:, :len(SCORINGS), :N])  # the parts add up
print(f"{GAMES} games, {steps} decisions; mean final score {game.points(scores).mean():.1f} points; "
      f"shared wins in {(win.sum(axis=1) > 1).mean():.1%} of games")

# %% [markdown]
# ## 1. Power-card timing
#
# A high power value moves a player up the turn order (EC-5.5) but pays little income
# (EC-2.4): the 13 pays nothing, the 1 pays 7. First, the two power policies against
# each other; then, over all seats, the win rate by the mean value played before the
# first scoring (rounds 1-4) and after it (rounds 5-7).

# %%
early = played[:, :4].mean(axis=1)  # (G, N)
late = played[:, 4:].mean(axis=1)
front = early > late  # the higher values spent before the first scoring
rate = {"heuristic\n(income first)": win[~random_power].mean(), "random": win[random_power].mean(),
        "random,\nhigh early": win[random_power & front].mean(),
        "random,\nhigh late": win[random_power & ~front].mean()}
bins = np.array([0, 5, 6, 7, 8, 9, 14])
labels = [f"{lo}-{hi - 1}" if hi - lo > 1 else f"{lo}" for lo, hi in zip(bins[:-1], bins[1:])]


def by_bin(x, y):
    idx = np.digitize(x.ravel(), bins) - 1
    return np.array([y.ravel()[idx == b].mean() if (idx == b).any() else np.nan for b in range(len(labels))]), \
        np.bincount(idx, minlength=len(labels))


early_rate, early_n = by_bin(early, win)
late_rate, late_n = by_bin(late, win)
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8))
ax1.bar(list(rate), list(rate.values()), color=["tab:blue", "tab:grey", "tab:orange", "tab:green"])
ax1.axhline(1 / N, color="k", ls="--", lw=1, label="1 in 3")
ax1.set_ylabel("win rate")
ax1.set_title("Power cards chosen by")
ax1.legend(fontsize=8)
x = np.arange(len(labels))
ax2.bar(x - 0.2, early_rate, 0.4, label="rounds 1-4")
ax2.bar(x + 0.2, late_rate, 0.4, label="rounds 5-7")
ax2.set_xticks(x, labels)
ax2.set_xlabel("mean power value played")
ax2.set_ylabel("win rate")
ax2.set_title("Win rate by the power values played")
ax2.legend(fontsize=8)
fig.tight_layout()
plt.show()
print("win rate by power policy:", {k.replace("\n", " "): round(float(v), 3) for k, v in rate.items()},
      f"seats: heuristic {(~random_power).sum()}, random {random_power.sum()}",
      f"({(random_power & front).sum()} high early)")
print("rounds 1-4, mean value bins", labels, "win rate", np.round(early_rate, 3), "seats", early_n)
print("rounds 5-7, mean value bins", labels, "win rate", np.round(late_rate, 3), "seats", late_n)

# %% [markdown]
# The same split by points: the first scoring against the mean value played in rounds
# 1-4, the second scoring against rounds 5-7.

# %%
first, second = game.points(parts[:, 0].sum(axis=2)), game.points(parts[:, 1].sum(axis=2))
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8), sharey=True)
for ax, x, y, title in ((ax1, early, first, "first scoring (after round 4)"),
                        (ax2, late, second, "second scoring (after round 7)")):
    ax.scatter(x.ravel() + rng.normal(0, 0.05, x.size), y.ravel(), s=4, alpha=0.3)
    slope, icpt = np.polyfit(x.ravel(), y.ravel(), 1)
    xs = np.linspace(x.min(), x.max(), 10)
    ax.plot(xs, icpt + slope * xs, color="tab:red", label=f"{slope:+.2f} points per +1 value")
    ax.set_xlabel("mean power value played in the rounds before it")
    ax.set_title(title)
    ax.legend(fontsize=8)
ax1.set_ylabel("points gained")
fig.tight_layout()
plt.show()
print("points per +1 mean value: first scoring", round(float(np.polyfit(early.ravel(), first.ravel(), 1)[0]), 2),
      "second scoring", round(float(np.polyfit(late.ravel(), second.ravel(), 1)[0]), 2))

# %% [markdown]
# ## 2. Region size versus majority
#
# Every land region with a single leader at a scoring: its value V (cards plus gold,
# EC-3.11), how narrowly it was won (the leader's strength minus the second's) and
# what the leader got for it (2V, EC-8.2). "Dominated" means the leader was alone.

# %%
V, lead, runner, paid = regions[:, 2], regions[:, 3], regions[:, 4], game.points(regions[:, 5])
size_bins = [(1, 2), (3, 4), (5, 7), (8, 99)]
size_labels = ["V 1-2", "V 3-4", "V 5-7", "V 8+"]
margins = [("alone", runner == 0), ("won by 1-2", (runner > 0) & (lead - runner <= 2)),
           ("won by 3+", (runner > 0) & (lead - runner >= 3))]
table = np.zeros((len(size_bins), len(margins)))
for i, (lo, hi) in enumerate(size_bins):
    for j, (_, sel) in enumerate(margins):
        table[i, j] = paid[(V >= lo) & (V <= hi) & sel].sum()
share = table / table.sum()
per_cab = np.array([[paid[(V >= lo) & (V <= hi) & sel].sum() / max(lead[(V >= lo) & (V <= hi) & sel].sum(), 1)
                     for _, sel in margins] for lo, hi in size_bins])

fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8))
for ax, data, title, fmt in ((ax1, share, "Share of all leaders' land points", "{:.0%}"),
                             (ax2, per_cab, "Leader's points per caballero committed", "{:.2f}")):
    ax.imshow(data, cmap="viridis")
    ax.set_xticks(range(len(margins)), [m for m, _ in margins])
    ax.set_yticks(range(len(size_bins)), size_labels)
    for i in range(len(size_bins)):
        for j in range(len(margins)):
            ax.text(j, i, fmt.format(data[i, j]), ha="center", va="center", color="w", fontsize=9)
    ax.set_title(title)
fig.tight_layout()
plt.show()
print(f"{len(regions)} regions with a single leader; mean V {V.mean():.2f}; alone in {(runner == 0).mean():.0%}")
print("share of leaders' points (rows V 1-2 .. V 8+, columns alone / by 1-2 / by 3+):\n", np.round(share, 3))
print("points per caballero:\n", np.round(per_cab, 2))

# %% [markdown]
# ## 3. Ships versus caballeros
#
# Each seat's points split by source (`score_parts`): land majorities and ships (the
# basic game has no Governors). The ship share of winners against the other seats, and
# the win rate by how much of a seat's score came from ships.

# %%
land, ships = game.points(parts[..., 0].sum(axis=1)), game.points(parts[..., 1].sum(axis=1))  # (G, N)
total = np.maximum(land + ships, 1e-9)
ship_share = ships / total
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8))
ax1.bar(["winners", "others"], [land[win].mean(), land[~win].mean()], label="land")
ax1.bar(["winners", "others"], [ships[win].mean(), ships[~win].mean()],
        bottom=[land[win].mean(), land[~win].mean()], label="ships")
ax1.set_ylabel("mean points")
ax1.set_title("Where the points come from")
ax1.legend(fontsize=8)
share_bins = np.array([0, 0.001, 0.1, 0.2, 0.3, 1.01])
share_labels = ["none", "0-10%", "10-20%", "20-30%", "30%+"]
idx = np.digitize(ship_share.ravel(), share_bins) - 1
share_rate = [win.ravel()[idx == b].mean() if (idx == b).any() else np.nan for b in range(len(share_labels))]
ax2.bar(share_labels, share_rate, color="tab:green")
ax2.axhline(1 / N, color="k", ls="--", lw=1, label="1 in 3")
ax2.set_xlabel("share of the seat's points from ships")
ax2.set_ylabel("win rate")
ax2.set_title("Win rate by ship share")
ax2.legend(fontsize=8)
fig.tight_layout()
plt.show()
print(f"winners: {land[win].mean():.1f} land + {ships[win].mean():.1f} ship points "
      f"({ship_share[win].mean():.1%} from ships); others: {land[~win].mean():.1f} + {ships[~win].mean():.1f} "
      f"({ship_share[~win].mean():.1%})")
print("win rate by ship share", dict(zip(share_labels, np.round(share_rate, 3).tolist())), "seats",
      np.bincount(idx, minlength=len(share_labels)))

# %%
if FULL_RUN:  # the committed per-seat table of this run (small: one row per seat)
    out = Path(games.__file__).resolve().parents[1] / "notebooks" / "data" / "el_caballero_strategy_seats.csv"
    out.parent.mkdir(exist_ok=True)
    header = ["game", "seat", "random_power"] + [f"power_r{r + 1}" for r in range(ROUNDS)] + \
        ["land_points", "ship_points", "score_points", "rank"]

    def seat_points(v):  # points, as a person reads them (EC-8.7)
        return plain_number(game.points(v))

    rows = [[g, p, int(random_power[g, p]), *played[g, :, p].tolist(), seat_points(parts[g, :, p, 0].sum()),
             seat_points(parts[g, :, p, 1].sum()), seat_points(scores[g, p]), int(ranks[g, p])]
            for g in range(GAMES) for p in range(N)]
    out.write_text("\n".join(",".join(map(str, r)) for r in [header] + rows) + "\n")
    print(f"wrote notebooks/data/{out.name} ({len(rows)} rows)")

# %% [markdown]
# ## The final boards of a typical win and a typical loss
#
# Seat 0 at the end of two games: the caballeros, castillos and ships on the area map
# behind the region majorities above.
# The won game shown is the one with the median margin among the wins (the seat's score
# minus the best other seat's), the lost game the one with the median margin among the
# losses; each is drawn by `game.render_svg` as that seat saw it.

# %%
from IPython.display import SVG, display

board_margin = game.points(scores[:, 0] - scores[:, 1:].max(axis=1))  # in points (EC-8.7)
for outcome, games_of in (("win", np.flatnonzero(board_margin > 0)), ("loss", np.flatnonzero(board_margin < 0))):
    if len(games_of) == 0:
        print(f"no {outcome} in these {GAMES} games")
        continue
    typical = games_of[np.argsort(board_margin[games_of])[len(games_of) // 2]]
    seat = int(0)
    print(f"a typical {outcome}: game {typical}, seat {seat}, margin {board_margin[typical]:+g} points")
    display(SVG(game.render_svg(state[typical], player=seat)))

# %% [markdown]
# ## Conclusion
#
# From the committed run of 1200 3-player basic games (3600 seats; the outputs above;
# about 2% of games end in a shared win):
#
# - **Power-card timing matters little next to the map play.** Seats that played their
#   power cards at random won 33.4% against 34.6% for the heuristic's income-first
#   order (about +-2.2 points of 95% interval each), and random seats that spent their
#   high values before the first scoring did no worse than those that kept them (34.2%
#   against 32.6%). What shows is income late: a seat whose mean value in rounds 5-7
#   was 4 or less won 40.8%, and every +1 of mean value cost about 0.35 points at the
#   first scoring and 0.64 at the second. Moving up the turn order is worth less to
#   this heuristic than the caballeros the low cards pay.
# - **Big regions pay, dominance is cheap but small.** Of all the points leaders took
#   from land, 49% came from regions of value 8 or more won by 1-2 caballeros and 21%
#   from such regions held alone, against 13% from regions of value 1-2 held alone.
#   Per caballero committed, a big region held alone pays about 19 points and a big one
#   won narrowly about 10, a small region held alone 2.5: contested big regions are
#   where most points are, and the uncontested ones are the best bargain.
# - **Ships are a supplement, not a strategy.** Winners took 49 points from land and 6
#   from ships (10% of their score; the others 9%). Seats that bought any ships won
#   far more often than seats without (about 60% for a ship share up to 20%, against
#   29% without), but the win rate falls again past 20%: ships go with a court rich
#   enough to afford them, and a seat that scores mainly at sea has lost the land.
