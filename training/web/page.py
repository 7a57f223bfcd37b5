"""The one page of ``doubloon serve``: a new-game form, then the game being played.

The page holds no game state of its own: it shows what the server's JSON says
(``training.web.view``) and sends moves with the version it saw. Every text from the
server goes in as ``textContent`` (names, labels, narration, errors); only the board is
markup, the SVG the game drew; its elements tagged ``data-target`` that a legal move
names (``Game.board_target``) are clickable, and a click plays that move, or filters
the list to the moves there when there are several. The game id is in the address
(``#game=ID``), so several games play in several tabs and a reload finds its game again. The colours and the
board-beside-narration layout are the replay page's (training/replay.py).
"""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>doubloon</title>
<link rel="icon" href="data:,">
<style>
body { --bg: #fbf6ea; --ink: #1d2733; --muted: #8a8f96; --panel: #efe6d2; --accent: #c2410c; }
body { font-family: DejaVu Sans, Verdana, sans-serif; margin: 1em; background: var(--bg); color: var(--ink); }
button, select, input { background: var(--panel); color: var(--ink); border: 1px solid var(--muted); }
h1 { font-size: 130%; margin: 0 0 .4em 0; }
#error { color: #b91c1c; font-weight: bold; }
#setup label { display: inline-block; margin: .2em 1em .2em 0; }
#main { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
#board { flex: 0 0 auto; max-width: 100%; overflow: auto; }
#board svg { display: block; border: 1px solid var(--muted); }
#side { flex: 1 1 20em; min-width: 20em; max-width: 34em; }
#status { font-weight: bold; }
#moves { max-height: 26em; overflow-y: auto; }
#moves fieldset { border: 1px solid var(--muted); margin: .3em 0; padding: .2em .4em; }
#moves button { display: block; width: 100%; text-align: left; margin: .15em 0; cursor: pointer; }
#moves button:hover { border-color: var(--accent); }
#moves button[hidden] { display: none; }  /* display: block above would show a filtered one */
#board svg * { pointer-events: none; }
#board svg .clickable { pointer-events: all; cursor: pointer; stroke: var(--accent); stroke-width: 3px; }
#board svg .clickable { stroke-dasharray: none; }
#board svg .clickable:hover, #board svg .picked { stroke-width: 5px; }
#narration { white-space: pre-wrap; font-family: DejaVu Sans Mono, monospace; font-size: 90%; }
#log { max-height: 14em; overflow-y: auto; margin: 0; padding-left: 3em; background: var(--panel); font-size: 90%; }
#curtain { padding: 3em; text-align: center; font-size: 120%; }
table { border-collapse: collapse; } td { padding: 0 .6em; }
</style></head>
<body>
<h1>doubloon <button id="new" hidden>new game</button></h1>
<p id="error" hidden></p>
<form id="setup">
 <label>game <select id="game"></select></label>
 <div id="options"></div>
 <div id="seats"></div>
 <button id="start" type="submit">start</button>
</form>
<div id="play" hidden>
 <div id="curtain" hidden><p id="curtain-text"></p><button id="reveal">show my board</button></div>
 <div id="main">
  <div id="board"></div>
  <div id="side">
   <p id="status"></p>
   <div id="result" hidden>
    <table id="scores"></table>
    <p><a id="download" download>download the recording</a> &middot;
       <a id="replay" target="_blank" rel="noopener">its replay page</a></p>
   </div>
   <div id="choose"><input id="filter" placeholder="filter moves" aria-label="filter moves">
  <button id="all" type="button" hidden>all moves</button><div id="moves"></div></div>
   <h3>What happened</h3><div id="narration"></div>
   <h3>Moves</h3><ol id="log"></ol>
  </div>
 </div>
</div>
<script type="application/json" id="config">{config}</script>
<script>
"use strict";
const config = JSON.parse(document.getElementById("config").textContent);
const $ = id => document.getElementById(id);
let setup = null, shown = null, shownViewer = null, timer = null, picked = null;

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

async function call(method, url, body) {
  const init = {method};
  if (body !== undefined) {
    init.headers = {"Content-Type": "application/json"};
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(url, init);
  let data = null;
  try { data = await answer.json(); } catch (e) { data = {error: "the server answered " + answer.status}; }
  if (!answer.ok) throw new Error(data.error || "the server answered " + answer.status);
  return data;
}

function element(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  Object.entries(attrs || {}).forEach(([k, v]) => e.setAttribute(k, v));
  return e;
}

// ----- the new-game form ---------------------------------------------------------
function buildOptions() {
  const name = $("game").value, box = $("options");
  $("seats").replaceChildren();  // another game: its own seats
  box.replaceChildren();
  Object.entries(setup.games[name]).forEach(([option, value]) => {
    const label = element("label", option + " ");
    const input = element("input", undefined, {"data-option": option, value: value, size: 10});
    input.addEventListener("change", option === "num_players" ? buildSeats : () => {});
    label.appendChild(input);
    box.appendChild(label);
  });
  buildSeats();
}

function buildSeats() {
  const name = $("game").value;
  const count = Number((document.querySelector("[data-option=num_players]") || {}).value || 1);
  const box = $("seats"), wanted = Math.min(Math.max(count, 1), 8);
  const chosen = Array.from(box.querySelectorAll("select"), s => s.value);  // kept when the count changes
  if (chosen.length === wanted) return;
  box.replaceChildren();
  for (let s = 0; s < wanted; s++) {
    const label = element("label", "seat " + s + " ");
    const select = element("select", undefined, {"data-seat": s});
    setup.seats.forEach(kind => select.appendChild(element("option", kind, {value: kind})));
    select.value = chosen[s] || (s === 0 ? "you" : "heuristic");
    label.appendChild(select);
    box.appendChild(label);
  }
}

async function start(event) {
  event.preventDefault();
  const options = {};
  document.querySelectorAll("[data-option]").forEach(i => { options[i.dataset.option] = i.value; });
  const seats = Array.from(document.querySelectorAll("[data-seat]"), s => s.value);
  try {
    $("start").disabled = true;
    showError("");
    const v = await call("POST", "/api/games", {game: $("game").value, options, seats});
    shownViewer = null;
    location.hash = "game=" + v.id;
    render(v);
  } catch (e) { showError(e.message); } finally { $("start").disabled = false; }
}

// ----- the game ----------------------------------------------------------------------
function render(v) {
  shown = v;
  clearTimeout(timer);
  $("setup").hidden = true;
  $("play").hidden = false;
  $("new").hidden = false;
  document.title = "doubloon: " + v.game;
  document.body.dataset.version = v.version;
  document.body.dataset.waiting = v.waiting;
  // hot-seat: the next person's board waits behind a curtain until they take the screen
  const handover = v.people.length > 1 && v.waiting === "person" && shownViewer !== null && v.viewer !== shownViewer;
  $("curtain").hidden = !handover;
  $("main").hidden = handover;
  if (handover) {
    $("curtain-text").textContent = "Pass the screen to " + v.seats[v.viewer] + ".";
    document.body.dataset.waiting = "handover";
    return;
  }
  shownViewer = v.viewer;
  $("board").innerHTML = v.board;  // the game's own drawing, its texts escaped by render_svg
  picked = null;
  markTargets(v.moves);
  const status = v.waiting === "over" ? v.result.line
    : v.waiting === "person" ? "Your move, " + v.seats[v.viewer] + "."
    : v.seats[v.to_move] + " is thinking...";
  $("status").textContent = status;
  showMoves(v.moves);
  showLog(v);
  $("result").hidden = v.waiting !== "over";
  if (v.waiting === "over") showResult(v);
  if (v.waiting === "bot") timer = setTimeout(advance, config.pause * 1000);
  document.body.dataset.ready = "yes";
}

function showMoves(moves) {
  const box = $("moves");
  box.replaceChildren();
  $("choose").hidden = moves.length === 0;
  let group = null, family = null;
  moves.forEach(m => {
    if (m.family !== family) {
      family = m.family;
      group = element("fieldset");
      group.appendChild(element("legend", family));
      box.appendChild(group);
    }
    const button = element("button", m.label, {"data-action": m.action, type: "button"});
    if (m.target !== null) button.dataset.target = m.target;
    button.addEventListener("click", () => send(m.action));
    group.appendChild(button);
  });
  filter();
}

// the board: a drawn element whose data-target is a legal move's target is clickable;
// one move there is played at once, several (rotations on one cell) filter the list
function markTargets(moves) {
  const here = new Map();
  moves.forEach(m => { if (m.target !== null) here.set(m.target, (here.get(m.target) || []).concat([m])); });
  document.querySelectorAll("#board [data-target]").forEach(e => {
    const target = e.getAttribute("data-target"), options = here.get(target);
    if (!options) return;
    e.classList.add("clickable");
    e.addEventListener("click", () => {
      if (!e.classList.contains("clickable")) return;  // a move is on its way
      if (options.length === 1) send(options[0].action);
      else pick(target);
    });
  });
}

function pick(target) {
  picked = target;
  document.querySelectorAll("#board .picked").forEach(e => e.classList.remove("picked"));
  if (target !== null) document.querySelectorAll("#board [data-target]").forEach(e => {
    if (e.getAttribute("data-target") === target) e.classList.add("picked");
  });
  filter();
}

function filter() {
  const wanted = $("filter").value.trim().toLowerCase();
  $("all").hidden = picked === null;
  document.querySelectorAll("#moves fieldset").forEach(group => {
    let any = false;
    group.querySelectorAll("button").forEach(b => {
      b.hidden = (wanted !== "" && !b.textContent.toLowerCase().includes(wanted))
        || (picked !== null && b.dataset.target !== picked);
      any = any || !b.hidden;
    });
    group.hidden = !any;
  });
}

function showLog(v) {
  const log = $("log");
  log.replaceChildren(...v.log.map(e => element("li", e.who + " " + e.label)));
  log.scrollTop = log.scrollHeight;
  // the moves since the viewer's last one (the latest at least), with what each did
  let first = v.log.length - 1;
  while (first > 0 && v.log[first - 1].seat !== v.viewer) first--;
  if (v.log.length && v.log[v.log.length - 1].seat === v.viewer) first = v.log.length - 1;
  const lines = [];
  v.log.slice(Math.max(first, 0)).forEach(e => {
    lines.push(e.who + ": " + e.label);
    e.lines.forEach(line => lines.push("    " + line));
  });
  $("narration").textContent = lines.join("\\n");
}

function showResult(v) {
  const table = $("scores");
  table.replaceChildren();
  v.result.scores.forEach(row => {
    const tr = element("tr");
    tr.appendChild(element("td", row.seat));
    tr.appendChild(element("td", row.score));
    tr.appendChild(element("td", "rank " + row.rank));
    table.appendChild(tr);
  });
  $("download").href = "/api/games/" + encodeURIComponent(v.id) + "/recording";
  $("replay").href = "/games/" + encodeURIComponent(v.id) + "/replay";
}

async function send(action) {
  const v = shown;
  document.querySelectorAll("#moves button").forEach(b => { b.disabled = true; });
  document.querySelectorAll("#board .clickable").forEach(e => e.classList.remove("clickable"));
  try {
    render(await call("POST", "/api/games/" + encodeURIComponent(v.id) + "/move", {action, version: v.version}));
    showError("");
  } catch (e) { showError(e.message); reload(); }
}

async function advance() {
  const v = shown;
  try {
    render(await call("POST", "/api/games/" + encodeURIComponent(v.id) + "/advance", {version: v.version}));
  } catch (e) { showError(e.message); }
}

async function reload() {  // after a refusal: the game as the server has it
  const id = (location.hash.match(/^#game=([A-Za-z0-9_-]+)$/) || [])[1];
  if (!id) return;
  try { render(await call("GET", "/api/games/" + id)); } catch (e) { showError(e.message); }
}

$("setup").addEventListener("submit", start);
$("game").addEventListener("change", buildOptions);
$("filter").addEventListener("input", filter);
$("all").addEventListener("click", () => pick(null));
$("reveal").addEventListener("click", () => { shownViewer = shown.viewer; render(shown); });
$("new").addEventListener("click", () => {
  clearTimeout(timer);
  location.hash = "";
  $("play").hidden = true;
  $("setup").hidden = false;
  showError("");
});
call("GET", "/api/setup").then(s => {
  setup = s;
  Object.keys(s.games).forEach(name => $("game").appendChild(element("option", name, {value: name})));
  buildOptions();
  if (location.hash.startsWith("#game=")) reload();
  else document.body.dataset.ready = "yes";
}).catch(e => showError(e.message));
</script>
</body></html>
"""
