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
# # Pirates of the Spanish Main: what wins games?
#
# We simulate 3-player games with the batched engine and look at four questions:
#
# 1. How much fame does a ship collect, by where it ends the game in the row?
# 2. Is it better to accuse early or late?
# 3. Which move cards does the trained agent prefer, compared with the heuristic bot?
# 4. How much do the Attack and Loot adventures swing the result?
#
# Every game seats the trained baseline (`training/baselines/spanish_main/model.safetensors`,
# or the heuristic bot if no checkpoint is present) in one seat, rotating, and the
# heuristic bot in the other two. The analysis reads the full game records (true
# ownership included): that is the analyst's view, not what any bot sees.
#
# `DOUBLOON_NOTEBOOK_GAMES` sets the number of games (CI runs a few dozen; the
# numbers quoted in the conclusion come from 3000 games).

# %%
import os
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

import games
from games.spanish_main import data as D
from games.spanish_main.spaces import A_ACCUSE, A_PASS, A_REPAIR, BASE_ACTIONS, PLAY_KIND
from training.bots import make_bot
from training.simulate import play_games

GAMES = int(os.environ.get("DOUBLOON_NOTEBOOK_GAMES", 3000))
ROOT = Path.cwd() if (Path.cwd() / "training").is_dir() else Path.cwd().parent
CHECKPOINT = ROOT / "training" / "baselines" / "spanish_main" / "model.safetensors"

game = games.make("spanish_main", num_players=3)
agent = make_bot(f"checkpoint:{CHECKPOINT}", game) if CHECKPOINT.is_file() else make_bot("heuristic", game)
agent.name = "agent" if CHECKPOINT.is_file() else "heuristic (no checkpoint)"
heuristic = make_bot("heuristic", game)
bots = [agent, heuristic]

seeds = np.arange(GAMES)
seat_bots = np.ones((GAMES, 3), dtype=np.int64)
seat_bots[np.arange(GAMES), seeds % 3] = 0  # the agent's seat rotates
scores, ranks, log = play_games(game, bots, seat_bots, seeds, log=True)
final = log["final"]
print(f"{GAMES} games, {len(log['action'])} decisions; agent seat wins "
      f"{(ranks[np.arange(GAMES), seeds % 3] == 0).mean():.1%} (1 seat of 3: 33% is par)")

# %% [markdown]
# ## 1. Fame by final position
#
# Fame piles travel with their ships, so a ship's final fame is its whole history.
# Still, where ships *end* says a lot: the front of the row is where the fame cards
# pay out (positions 1-3 score on most of them) and the back is where Ghost Ship,
# Maelstrom and Storm Ahead hit.

# %%
positions = np.arange(1, 10)
ship_at = final["row"]  # (G, 9) ship id at each position
fame_at = np.take_along_axis(final["fame"], ship_at, axis=1)
owner_at = np.take_along_axis(final["owner"], ship_at, axis=1)
winner = ranks.argmin(axis=1)
owned_by_winner = owner_at == winner[:, None]

fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8))
ax1.bar(positions, fame_at.mean(axis=0), color="tab:blue")
ax1.set_xlabel("final position (1 = front)")
ax1.set_ylabel("mean fame under the ship")
ax1.set_title("Fame by final position")
ax2.bar(positions, owned_by_winner.mean(axis=0), color="tab:green")
ax2.axhline(2 / 9, color="grey", ls="--", lw=1, label="no position effect (2 of 9 ships)")
ax2.set_xlabel("final position")
ax2.set_ylabel("share of games")
ax2.set_title("The ship there belongs to the winner")
ax2.legend(loc="upper right", fontsize=8)
fig.tight_layout()
plt.show()
print("mean fame by position:", np.round(fame_at.mean(axis=0), 2))

# %% [markdown]
# ## 2. Accusing early or late
#
# A correct accusation reveals the pirate and banks half the ship's fame, rounded
# up; a wrong one costs the turn and makes public who does not own that ship. Early
# on the piles are small and the public record (who moved which ship, who sabotaged
# what, wrong guesses) is thin; late, the piles are big but the richest pirates may
# already be revealed. Accuracy and fame banked by turn, per bot:

# %%
before = log["before"]
action, seat = log["action"], log["seat"]
is_accuse = (action >= A_ACCUSE) & (action < A_PASS)
param = action[is_accuse] - A_ACCUSE
acc = before[is_accuse]
target = (seat[is_accuse] + 1 + param // D.NUM_SHIPS) % 3
ship = param % D.NUM_SHIPS
correct = acc["owner"][np.arange(len(acc)), ship] == target
taken = np.where(correct, (acc["fame"][np.arange(len(acc)), ship] + 1) // 2, 0)
turn_bucket = np.minimum(acc["turn"] // 10, 4)
labels = ["0-9", "10-19", "20-29", "30-39", "40+"]

fig, ax = plt.subplots(1, 2, figsize=(11, 3.8))
for b, name in enumerate(bots):
    sel = log["bot"][is_accuse] == b
    rate = [correct[sel & (turn_bucket == t)].mean() if (sel & (turn_bucket == t)).any() else np.nan for t in range(5)]
    gain = [taken[sel & (turn_bucket == t)].mean() if (sel & (turn_bucket == t)).any() else np.nan for t in range(5)]
    ax[0].plot(labels, rate, marker="o", label=name.name)
    ax[1].plot(labels, gain, marker="o", label=name.name)
ax[0].set_title("Accusations that are correct")
ax[0].set_xlabel("turn")
ax[0].set_ylim(0, 1)
ax[1].set_title("Fame banked per accusation")
ax[1].set_xlabel("turn")
for a in ax:
    a.legend(fontsize=8)
fig.tight_layout()
plt.show()
for b, bot in enumerate(bots):
    sel = log["bot"][is_accuse] == b
    print(f"{bot.name}: {sel.sum()} accusations, {correct[sel].mean():.0%} correct, "
          f"{taken[sel].mean():.2f} fame banked per accusation")

# %% [markdown]
# ## 3. Which move cards the agent prefers
#
# A card can only be played when it lies in the face-up move row, so we divide how
# often a bot plays each kind by how often that kind was on offer when it moved.

# %%
is_play = action < A_REPAIR
kinds = np.arange(D.NUM_MOVE_KINDS)
fig, ax = plt.subplots(figsize=(11, 3.8))
width = 0.4
for b, bot in enumerate(bots):
    mine = log["bot"] == b
    offered = (before["move_row"][mine] > 0).sum(axis=0)
    played = np.bincount(PLAY_KIND[action[mine & is_play]], minlength=D.NUM_MOVE_KINDS)
    ax.bar(kinds + (b - 0.5) * width, played / np.maximum(offered, 1), width, label=bot.name)
ax.set_xticks(kinds, [n.rstrip("!") for n in D.MOVE_NAMES], rotation=35, ha="right", fontsize=8)
ax.set_ylabel("played / offered")
ax.set_title("Move cards played when on offer")
ax.legend()
fig.tight_layout()
plt.show()

family = np.array([BASE_ACTIONS.locate(int(a))[0].name for a in range(BASE_ACTIONS.size)])
family = np.where(np.char.startswith(family, "play_"), "move card", family)
for b, bot in enumerate(bots):
    mine = family[action[log["bot"] == b]]
    shares = {f: (mine == f).mean() for f in ("move card", "repair", "accuse", "pass")}
    print(f"{bot.name:>10}: " + ", ".join(f"{k} {v:.0%}" for k, v in shares.items()))

# %% [markdown]
# ## 4. How much Attack and Loot swing the result
#
# Loot moves fame between ships at once; Attack only damages, and its cost shows
# later, in fame cards the damaged ships miss. We measure, per resolution of each
# adventure kind, how much the players' scores move and how often the leader
# changes; and per game, how often the player Loot helped most (or Attack hurt
# most) ends up winning.

# %%
resolved = before["adv_queue"][:, 0]
fog = action == BASE_ACTIONS.offset("play_m12")
kind = np.where(fog | is_accuse, -1, resolved)  # accusations move banked fame too: left out
select = np.append(D.ADV_SELECT, -1)[kind]
delta = log["scores_after"] - log["scores_before"]
leader_before = log["scores_before"].argmax(axis=1)
leader_after = log["scores_after"].argmax(axis=1)
groups = {
    "fame cards": (kind >= 0) & (np.append(D.ADV_GAIN, 0)[kind] > 0),
    "damage only": (kind >= 0) & (np.append(D.ADV_GAIN + D.ADV_LOSE, 1)[kind] == 0) & (select < D.Select.MUTINY),
    "lose fame": (kind >= 0) & (np.append(D.ADV_LOSE, 0)[kind] > 0) & (select < D.Select.MUTINY),
    "Mutiny": select == D.Select.MUTINY,
    "Attack": select == D.Select.ATTACK,
    "Loot": select == D.Select.LOOT,
}
swing = {g: np.abs(delta[m]).sum(axis=1).mean() for g, m in groups.items()}
flips = {g: (leader_before[m] != leader_after[m]).mean() for g, m in groups.items()}

fig, ax = plt.subplots(1, 2, figsize=(11, 3.8))
ax[0].bar(list(swing), list(swing.values()), color="tab:purple")
ax[0].set_title("Score moved per resolution (sum over players)")
ax[1].bar(list(flips), list(flips.values()), color="tab:red")
ax[1].set_title("Resolutions that change the leader")
for a in ax:
    a.tick_params(axis="x", rotation=30)
fig.tight_layout()
plt.show()

# per game: the player Loot helped most, and the player whose ships Attack damaged most
loot_gain = np.zeros((GAMES, 3))
np.add.at(loot_gain, log["game"][groups["Loot"]], delta[groups["Loot"]])
# the record after each decision: the next decision of the same game, or the final record
order = np.argsort(log["game"], kind="stable")
after = final[log["game"]].copy()
same_game = log["game"][order[:-1]] == log["game"][order[1:]]
after[order[:-1][same_game]] = before[order[1:][same_game]]
attack = groups["Attack"]
newly_damaged = (after["damaged"][attack] == 1) & (before["damaged"][attack] == 0)  # (rows, ship)
owners = before["owner"][attack]
hit = np.zeros((GAMES, 3))
rows, ships = np.nonzero(newly_damaged & (owners >= 0))
np.add.at(hit, (log["game"][attack][rows], owners[rows, ships]), 1)
has_loot, has_attack = np.abs(loot_gain).sum(axis=1) > 0, hit.sum(axis=1) > 0
top_looter_wins = (loot_gain.argmax(axis=1) == winner)[has_loot].mean()
most_attacked_wins = (hit.argmax(axis=1) == winner)[has_attack].mean()
print(f"Loot: the player it helped most wins {top_looter_wins:.0%} of {has_loot.sum()} games (par 33%)")
print(f"Attack: the player with most ships damaged by it wins {most_attacked_wins:.0%} of {has_attack.sum()} games")
for g in groups:
    print(f"{g:>12}: {groups[g].sum():5d} resolutions, score moved {swing[g]:.2f}, leader changes {flips[g]:.1%}")

# %% [markdown]
# ## The final boards of a typical win and a typical loss
#
# The agent's seat (it rotates) at the end of two games: where its ships ended in the
# line, with their fame and damage, against the heuristic bots' ships.
# The won game shown is the one with the median margin among the wins (the seat's score
# minus the best other seat's), the lost game the one with the median margin among the
# losses; each is drawn by `game.render_svg` as that seat saw it.

# %%
from IPython.display import SVG, display

agent_seat = seeds % 3
others = np.where(np.arange(3)[None, :] == agent_seat[:, None], np.iinfo(np.int64).min, scores)
board_margin = scores[np.arange(GAMES), agent_seat].astype(np.int64) - others.max(axis=1)
for outcome, games_of in (("win", np.flatnonzero(board_margin > 0)), ("loss", np.flatnonzero(board_margin < 0))):
    if len(games_of) == 0:
        print(f"no {outcome} in these {GAMES} games")
        continue
    typical = games_of[np.argsort(board_margin[games_of])[len(games_of) // 2]]
    seat = int(agent_seat[typical])
    print(f"a typical {outcome}: game {typical}, seat {seat}, margin {board_margin[typical]:+d}")
    display(SVG(game.render_svg(final[typical], player=seat)))

# %% [markdown]
# ## Conclusion
#
# Numbers from the committed 3000-game run (the agent holds one seat and wins 38.6% of
# them against two heuristic bots, par 33%); small CI runs will differ.
#
# - **The front pays, but piles travel.** A ship ending at position 1 carries 5.9 fame
#   on average, one at position 9 only 1.2, and the winner owns the front ship in 31%
#   of games against 22% if position did not matter (15% for the last ship). The slope
#   is gentler than the fame cards' payouts because ships cycle: a pile earned at the
#   front stays with a ship that was later pushed back.
# - **Accuse in mid-game.** The heuristic's accusations stay about 65% correct all game,
#   and the fame they bank peaks at turns 20-29 (1.3 per accusation) before falling in
#   the last turns, when the richest pirates are already revealed. The agent accuses
#   far more often (35% of its moves against 21%) and less accurately (46% correct,
#   under 30% after turn 30): it treats a guess as a cheap move, since a wrong one costs
#   only the turn and tells everyone who does *not* own that ship.
# - **The agent prefers the big single-ship and pair moves.** It plays Full Speed Ahead
#   (82% of the times it is on offer), Temporary Alliance (73%) and even the backward
#   Caught in a Rip and Lost at Sea more often than the heuristic, and the nation cards,
#   Sabotage and Fog less: cards that move many ships at once help rivals as much as
#   itself.
# - **Loot is the big swing; Attack marks the leaders.** A Loot resolution moves 2.4
#   score points and changes the leader 19% of the time, more than any other adventure
#   (fame cards: 1.9 points, 14%), and the player Loot helps most in a game wins 53% of
#   the time (par 33%). Attack moves no score when it resolves, and the player whose
#   ships it damages most still wins 39%: Attack hits the ships in *front* of its
#   nation, so being hit mostly means being ahead; its cost, fame cards missed while
#   damaged, is smaller than that lead.
