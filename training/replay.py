"""``doubloon replay FILE --html OUT.html``: a recorded game as one self-contained page.

The page needs no network and no server: every step's board is an inline SVG drawn by
the game's ``render_svg``, for every view (everything, or one seat's information as
``observe`` gives it); beside it the move's label and what it did, in the words of the
play screen (``training.play``'s narration, not a second copy), and the scores. A slider,
the arrow keys and Home/End step through the game; a menu switches the view.

Size: the boards of every step and view are one gzip-compressed JSON blob (base64) that
the browser inflates with its built-in ``DecompressionStream``; successive boards are
nearly alike, so a long game stays small (see docs/design.md for measured sizes).
"""

import base64
import gzip
import html
import json
import re
from pathlib import Path

import numpy as np

from games.core import recording
from games.core.files import write_atomically

from .play import outcome_lines, seat_name


def steps(game, rec, records):
    """Per step (the deal, then after each action): the move's label, who made it, the
    narration lines per view (None: everything, then each seat) and the scores."""
    views = [None, *range(game.num_players)]
    scores = game.scores(records)
    out = [{"who": "", "label": "the deal", "lines": [[] for _ in views], "scores": points(game, scores[0])}]
    narrate = getattr(game, "narrate", None)  # moves made inside step (Maracaibo solo: Jean's turns)
    for i, action in enumerate(rec.actions, 1):
        before, after = records[i - 1], records[i]
        seat = int(before["current_player"])
        lines = []
        for viewer in views:
            said = outcome_lines(game, before, after, action, viewer, first=i == 1)
            lines.append([*said, *(narrate(before, after) if narrate else ())])
        out.append(
            {
                "who": f"{seat_name(game, seat)} ({rec.bots[seat]})",
                "label": game.action_label(before, action),
                "action": int(action),
                "lines": lines,
                "scores": points(game, scores[i]),
            }
        )
    return out


def points(game, row) -> list:
    """A row of ``game.scores`` in the points people read: El Caballero keeps twelfths
    as a tie-break (``Game.points``), shown to two decimals."""
    return [recording.plain_number(v) for v in game.points(row)]


def boards(game, records, theme="light"):
    """``[view][step]`` SVG text, view 0 everything, then each seat's."""
    views = [None, *range(game.num_players)]
    return [[game.render_svg(records[i], player=view, theme=theme) for i in range(len(records))] for view in views]


def result_line(game, rec, records):
    """The final result as the play screen says it, or that the game was left unfinished."""
    last = records[-1]
    if not last["terminated"]:
        return f"The game was left after {len(rec.actions)} moves, unfinished."
    if hasattr(game, "outcome"):
        return game.outcome(last)
    ranks = game.ranks(records[-1:])[0]
    winners = [f"{seat_name(game, s)} ({rec.bots[s]})" for s in np.flatnonzero(ranks == ranks.min())]
    return "Winner: " + ", ".join(winners)


def page_title(game, rec, records) -> str:
    """The game, its seats and the result in one line ("spanish_main: heuristic vs random
    vs random — heuristic won 12-9-7"), for the browser's tab and the page's heading."""
    seats = " vs ".join(rec.bots)
    last = records[-1]
    if not last["terminated"]:
        return f"{game.name}: {seats} — unfinished after {len(rec.actions)} moves"
    scores = "-".join(str(s) for s in points(game, game.scores(records[-1:])[0]))
    if game.num_players == 1:
        return f"{game.name}: {seats} — scored {scores}"
    ranks = game.ranks(records[-1:])[0]

    def named(seat):  # a bot that plays two seats is told apart by its seat
        bot = rec.bots[seat]
        return bot if list(rec.bots).count(bot) == 1 else f"{bot} ({seat_name(game, seat)})"

    winners = " and ".join(named(s) for s in np.flatnonzero(ranks == ranks.min()))
    return f"{game.name}: {seats} — {winners} won {scores}"


def page(game, rec, records, title, theme="light"):
    """The HTML page of a recorded game (a string); ``theme`` colours the whole page,
    not only the boards."""
    packed = gzip.compress(json.dumps(boards(game, records, theme)).encode("utf-8"), mtime=0)
    data = {
        "title": title,
        "game": game.name,
        "seats": [f"{seat_name(game, s)} ({rec.bots[s]})" for s in range(game.num_players)],
        "steps": steps(game, rec, records),
        "result": result_line(game, rec, records),
        "boards": base64.b64encode(packed).decode("ascii"),
    }
    return fill(TEMPLATE, title=html.escape(title), theme=html.escape(theme), data=script_json(data))


# characters JSON may hold that a <script> element or an HTML parser would read as
# markup (``</script>``, ``<!--``), or older JavaScript as a line end: written as
# \uXXXX escapes, which JSON.parse reads back as the same characters
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def script_json(data: object) -> str:
    """``data`` as JSON safe inside ``<script type="application/json">``: nothing in
    it (a bot name, a recording's path) can end the element or open a comment."""
    text = json.dumps(data)
    return re.sub("[<>&\u2028\u2029]", lambda m: _SCRIPT_UNSAFE[m.group()], text)


def fill(template: str, **values: str) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]`` in one pass: text
    put in is never read again, so a title holding ``{data}`` stays as written."""
    return re.sub(r"\{(" + "|".join(map(re.escape, values)) + r")\}", lambda m: values[m.group(1)], template)


def write_page(path, html_path, theme="light"):
    """Check the recording at ``path`` (replaying it), then write its page to
    ``html_path``; on any problem nothing is written. Returns ``(steps, bytes)``."""
    rec, game, records = recording.load(path)
    text = page(game, rec, records, title=page_title(game, rec, records), theme=theme)
    Path(html_path).parent.mkdir(parents=True, exist_ok=True)
    write_atomically(html_path, text)  # a failed write leaves an older page whole
    return len(rec.actions), len(text.encode("utf-8"))


TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>
/* the whole page follows the theme, the colours of games/core/svg.py's themes */
body { --bg: #fbf6ea; --ink: #1d2733; --muted: #8a8f96; --panel: #efe6d2; --accent: #c2410c; }
body.dark { --bg: #141a22; --ink: #e6e2d8; --muted: #7d8590; --panel: #222b36; --accent: #fb923c; }
body { font-family: DejaVu Sans, Verdana, sans-serif; margin: 1em; background: var(--bg); color: var(--ink); }
button, select, input { background: var(--panel); color: var(--ink); border: 1px solid var(--muted); }
h1 { font-size: 130%; }
#controls { display: flex; gap: .8em; align-items: center; flex-wrap: wrap; margin-bottom: .6em; }
#step { width: 28em; max-width: 90vw; }
/* the board beside the narration while both fit, above it otherwise; the board keeps
   its scale and scrolls inside its panel, which is as wide as the widest board */
#main { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
#board { flex: 0 0 auto; max-width: 100%; overflow: auto; }
#board svg { display: block; border: 1px solid var(--muted); }
#side { flex: 1 1 20em; min-width: 20em; max-width: 34em; }
#label { font-weight: bold; }
#narration { white-space: pre-wrap; font-family: DejaVu Sans Mono, monospace; font-size: 90%; }
#log { position: relative; max-height: 16em; overflow-y: auto; margin: 0; padding-left: 3em; background: var(--panel);
       font-size: 90%; }
#log li { cursor: pointer; }
#log li:hover { text-decoration: underline; }
#log li.current { color: var(--accent); font-weight: bold; }
table { border-collapse: collapse; } td { padding: 0 .6em; }
</style></head>
<body class="{theme}">
<h1 id="title"></h1>
<div id="controls">
 <button id="prev" title="previous step (left arrow)">&#9664;</button>
 <input id="step" type="range" min="0" max="0" value="0" aria-label="step">
 <button id="next" title="next step (right arrow)">&#9654;</button>
 <span id="counter"></span>
 <label>view <select id="view"></select></label>
</div>
<div id="main">
 <div id="board">loading...</div>
 <div id="side">
  <p><span id="who"></span> <span id="label"></span></p>
  <div id="narration"></div>
  <h3>Moves</h3><ol id="log"></ol>
  <h3>Scores</h3><table id="scores"></table>
  <p id="result"></p>
 </div>
</div>
<script type="application/json" id="data">{data}</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const last = data.steps.length - 1;
const slider = document.getElementById("step"), view = document.getElementById("view");
let boards = null;

async function inflate(b64) {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

// one entry per move (step i is the move numbered i): the moves so far show, the
// current one highlighted; a click goes to that step
const log = document.getElementById("log");
data.steps.slice(1).forEach((step, k) => {
  const entry = document.createElement("li");
  entry.textContent = step.who + " " + step.label;
  entry.addEventListener("click", () => go(k + 1));
  log.appendChild(entry);
});

// the widest board of each view: the panel keeps that width from step to step
const svgWidth = svg => Number((/<svg[^>]* width="([0-9.]+)"/.exec(svg) || [0, 0])[1]);
let widest = [];

function scrollLogTo(entry) {  // within the log only: the page itself stays where the reader put it
  if (entry.offsetTop < log.scrollTop) log.scrollTop = entry.offsetTop;
  const bottom = entry.offsetTop + entry.offsetHeight;
  if (bottom > log.scrollTop + log.clientHeight) log.scrollTop = bottom - log.clientHeight;
}

function show() {
  const i = Number(slider.value), v = Number(view.value), step = data.steps[i];
  const board = document.getElementById("board");
  board.innerHTML = boards[v][i];
  board.style.width = widest[v] ? widest[v] + 2 + "px" : "";  // + the svg's border
  Array.from(log.children).forEach((entry, k) => {
    entry.hidden = k >= i;
    entry.classList.toggle("current", k + 1 === i);
  });
  if (i > 0) scrollLogTo(log.children[i - 1]);
  document.getElementById("counter").textContent = "step " + i + " of " + last;
  document.getElementById("who").textContent = step.who ? step.who + ":" : "";
  document.getElementById("label").textContent = step.label;
  document.getElementById("narration").textContent = step.lines[v].join("\\n");
  const rows = data.seats.map((name, s) => "<tr><td></td><td></td></tr>");
  const table = document.getElementById("scores");
  table.innerHTML = rows.join("");
  data.seats.forEach((name, s) => {
    table.rows[s].cells[0].textContent = name;
    table.rows[s].cells[1].textContent = step.scores[s];
  });
  document.getElementById("result").textContent = i === last ? data.result : "";
}

function go(i) {
  slider.value = Math.max(0, Math.min(last, i));
  show();
}

document.getElementById("title").textContent = data.title;
slider.max = last;
["everything"].concat(data.seats.map(name => "seat view: " + name)).forEach((text, v) => {
  const option = document.createElement("option");
  option.value = v;
  option.textContent = text;
  view.appendChild(option);
});
slider.addEventListener("input", show);
view.addEventListener("change", show);
document.getElementById("prev").addEventListener("click", () => go(Number(slider.value) - 1));
document.getElementById("next").addEventListener("click", () => go(Number(slider.value) + 1));
document.addEventListener("keydown", event => {
  if (event.target === view || event.target === slider) return;  // their own arrow keys
  const moves = {ArrowLeft: -1, ArrowRight: 1};
  if (event.key in moves) go(Number(slider.value) + moves[event.key]);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(last);
  else return;
  event.preventDefault();
});
inflate(data.boards).then(b => {
  boards = b;
  widest = boards.map(steps => Math.max(...steps.map(svgWidth)));
  show();
  document.body.dataset.ready = "yes";
});
</script>
</body></html>
"""
