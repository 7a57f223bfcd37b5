"""``doubloon serve`` through Starlette's test client: every endpoint, every bad input
(a 4xx with one line, the game unchanged), the bounds on memory, and that a seat's page
holds nothing of another seat's hidden information."""

import json
import re

import numpy as np
import pytest

pytest.importorskip("starlette", reason="doubloon serve needs the web extra: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx (the web extra)")

from random_positions import random_live_states  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import games  # noqa: E402
from games.core import recording  # noqa: E402
from games.el_caballero.render import xy as ec_xy  # noqa: E402
from games.maracaibo.data import board as ma_board  # noqa: E402
from games.spanish_main import data as sm_data  # noqa: E402
from training.web.app import create_app  # noqa: E402
from training.web.match import Match, seen_label  # noqa: E402
from training.web.page import PAGE  # noqa: E402
from training.web.server import address_lines  # noqa: E402
from training.web.store import Store  # noqa: E402
from training.web.view import family_of, view  # noqa: E402

SPANISH = {"game": "spanish_main", "options": {"num_players": "3"}, "seats": ["you", "random", "random"], "seed": 3}


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def client():
    return TestClient(create_app(bots=["checkpoint:runs/x/model.safetensors"], pause=0), raise_server_exceptions=False)


def new(client, body=SPANISH):
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def until_person(client, v):
    """Let the bots move until a person is to move (or the game is over)."""
    while v["waiting"] == "bot":
        answer = client.post(f"/api/games/{v['id']}/advance", json={"version": v["version"]})
        assert answer.status_code == 200, answer.text
        v = answer.json()
    return v


def test_the_page_and_the_setup(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '{"pause": 0}' in page.text
    setup = client.get("/api/setup").json()
    assert sorted(setup["games"]) == games.list()
    assert setup["games"]["maracaibo_solo"]["level"] == "3"  # Jean's level, a choice on the form
    assert setup["games"]["maracaibo"]["legacy_tiles"] == ""  # the legacy tiles, none by default
    assert all("reward" not in options for options in setup["games"].values())
    # the command line's checkpoint is a choice by name; the page never sends a path of its own
    assert setup["seats"] == ["you", "person", "random", "heuristic", "search", "checkpoint:runs/x/model.safetensors"]


def test_the_forms_defaults_start_every_game(client):
    """The form sends each option as the setup shows it: left as they are, every game starts
    (a default the game works out, like Maracaibo's story_cards, is an empty field)."""
    setup = client.get("/api/setup").json()
    for name, options in setup["games"].items():
        players = games.make(name, **games.option_defaults(name)).num_players if "num_players" not in options else None
        seats = ["you"] + ["random"] * ((players or int(options["num_players"])) - 1)
        if name == "maracaibo_solo":
            seats = ["you"]
        v = new(client, {"game": name, "options": options, "seats": seats, "seed": 1})
        assert v["version"] == 0, name


def test_a_new_game_shows_the_deal_from_your_seat(client):
    v = new(client)
    game = games.make("spanish_main", num_players=3)
    state = game.init(np.array([3]))
    assert v["version"] == 0 and v["viewer"] == 0 and v["seats"][0] == "player 0 (you)"
    assert v["board"] == game.render_svg(state[0], player=0)  # the seat's own drawing (SM-9.1, SM-10.2)
    if v["waiting"] == "person":  # the moves listed are the legal ones, with their labels
        legal = game.legal_actions(state[0])
        assert sorted(m["action"] for m in v["moves"]) == sorted(legal)
        assert all(m["label"] == game.action_label(state[0], m["action"]) for m in v["moves"])
    assert client.get(f"/api/games/{v['id']}").json() == v


def test_a_whole_game_through_the_api_matches_the_engine(client):
    v = until_person(client, new(client))
    rng = np.random.default_rng(0)
    while v["waiting"] != "over":
        assert v["to_move"] == 0 and v["moves"]
        action = v["moves"][rng.integers(len(v["moves"]))]["action"]
        answer = client.post(f"/api/games/{v['id']}/move", json={"action": action, "version": v["version"]})
        assert answer.status_code == 200, answer.text
        v = until_person(client, answer.json())
    download = client.get(f"/api/games/{v['id']}/recording")
    assert download.headers["content-disposition"] == 'attachment; filename="spanish_main-seed3.json"'
    rec, game, records = recording.parse(download.text)  # what `doubloon replay` reads, checked
    assert len(rec.actions) == v["version"] == len(v["log"]) and rec.bots == ["human", "random", "random"]
    scores, ranks = game.scores(records[-1:])[0], game.ranks(records[-1:])[0]
    assert [row["score"] for row in v["result"]["scores"]] == [str(s) for s in scores]
    winners = [v["seats"][s] for s in np.flatnonzero(ranks == ranks.min())]
    assert v["result"]["line"] == "Winner: " + ", ".join(winners)  # SM-8.3: the highest score wins
    assert v["board"] == game.render_svg(records[-1], player=0)
    replay = client.get(f"/games/{v['id']}/replay")
    assert replay.status_code == 200 and "<svg" not in replay.text[:100] and "spanish_main" in replay.text


# ----- bad input: a 4xx with one line, and the game as it was --------------------------------
def one_line_error(answer, status):
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert message and "\n" not in message and "Traceback" not in message
    return message


@pytest.mark.parametrize(
    "body, status, says",
    [
        ({**SPANISH, "game": "chess"}, 400, "unknown game 'chess'"),
        ({**SPANISH, "options": {"num_players": "9"}}, 400, "num_players"),
        ({**SPANISH, "options": {"sails": "1"}}, 400, "sails"),
        ({**SPANISH, "options": ["num_players"]}, 400, "'options' must be"),
        ({**SPANISH, "seats": ["you", "random"]}, 400, "3 seats"),
        ({**SPANISH, "seats": ["you", "random", "checkpoint:/etc/passwd"]}, 400, "a seat is one of"),
        ({**SPANISH, "seats": ["you", "you", "random"]}, 400, "'you' sits in one seat"),
        ({**SPANISH, "seats": ["random", "random", "random"]}, 400, "at least one seat"),
        ({**SPANISH, "seats": ["you", "random", "checkpoint:runs/x/model.safetensors"]}, 400, "model.safetensors"),
        ({**SPANISH, "seed": -1}, 400, "'seed'"),
        ({**SPANISH, "seed": "1"}, 400, "'seed'"),
    ],
)
def test_a_bad_new_game_is_refused_in_one_line(client, body, status, says):
    assert says in one_line_error(client.post("/api/games", json=body), status)


@pytest.mark.parametrize(
    "raw, says",
    [
        (b"{not json", "not JSON"),
        (b"[1, 2]", "a JSON object"),
        (b"\xff\xfe", "not JSON"),
        (b"{}", "lacks"),
        (json.dumps({"action": 1, "pad": "x" * 20_000}).encode(), "at most"),
    ],
)
def test_a_malformed_move_is_refused_and_the_game_is_unchanged(client, raw, says):
    v = until_person(client, new(client))
    status = 413 if b"pad" in raw else 400
    answer = client.post(f"/api/games/{v['id']}/move", content=raw, headers={"Content-Type": "application/json"})
    assert says in one_line_error(answer, status)
    assert client.get(f"/api/games/{v['id']}").json() == v


def test_illegal_stale_and_out_of_turn_moves_are_refused_and_the_game_is_unchanged(client):
    game = games.make("spanish_main", num_players=3)
    v = until_person(client, new(client))
    url = f"/api/games/{v['id']}"
    legal = {m["action"] for m in v["moves"]}
    illegal = next(a for a in range(game.num_actions) if a not in legal)
    cases = [
        ("move", {"action": illegal, "version": v["version"]}, 409, f"move {illegal} is not a legal move"),
        ("move", {"action": game.num_actions + 5, "version": v["version"]}, 409, "not a legal move"),
        ("move", {"action": "1", "version": v["version"]}, 400, "'action' must be"),
        ("move", {"action": True, "version": v["version"]}, 400, "'action' must be"),
        ("move", {"action": min(legal), "version": v["version"] - 1}, 409, "the position changed"),
        ("move", {"action": min(legal), "version": None}, 400, "'version' must be"),
        ("advance", {"version": v["version"]}, 409, "a person moves, not a bot"),
    ]
    for path, body, status, says in cases:
        assert says in one_line_error(client.post(f"{url}/{path}", json=body), status)
        assert client.get(url).json() == v  # nothing moved
    assert "when the game is over" in one_line_error(client.get(f"{url}/recording"), 409)
    assert "when the game is over" in one_line_error(client.get(f"/games/{v['id']}/replay"), 409)
    # a move sent twice (two clicks, two tabs): the second is stale, the first stands
    first = client.post(f"{url}/move", json={"action": min(legal), "version": v["version"]})
    assert first.status_code == 200
    again = client.post(f"{url}/move", json={"action": min(legal), "version": v["version"]})
    assert "the position changed" in one_line_error(again, 409)
    assert client.get(url).json() == first.json()


def test_a_bot_does_not_move_for_a_person_nor_a_person_for_a_bot(client):
    v = new(client, {**SPANISH, "seats": ["random", "you", "random"]})
    url = f"/api/games/{v['id']}"
    if v["waiting"] == "bot":
        game = games.make("spanish_main", num_players=3)
        action = game.legal_actions(game.init(np.array([3]))[0])[0]
        answer = client.post(f"{url}/move", json={"action": action, "version": 0})
        assert "not a person's" in one_line_error(answer, 409)
        assert client.get(url).json() == v


@pytest.mark.parametrize(
    "path",
    ["/api/games/nosuchgame", "/api/games/nosuchgame/recording", "/games/nosuchgame/replay"],
)
def test_an_unknown_game_id_is_a_404_in_one_line(client, path):
    assert "there is no game nosuchgame" in one_line_error(client.get(path), 404)


def test_a_malformed_id_and_an_unknown_page_are_refused_in_one_line(client):
    assert "a game id is" in one_line_error(client.get("/api/games/" + "x" * 40), 400)
    assert "no such page" in one_line_error(client.get("/api/nothing"), 404)
    assert "not allowed" in one_line_error(client.delete("/api/games"), 405)
    no_game = client.post("/api/games/nosuchgame/move", json={"action": 0, "version": 0})
    assert "there is no game" in one_line_error(no_game, 404)


def test_an_idle_game_is_dropped_with_a_message_and_the_games_held_are_capped():
    clock = Clock()
    client = TestClient(create_app(pause=0, store=Store(cap=2, idle_s=600, clock=clock)))
    first, second = new(client), new(client)
    assert "holds 2 games already" in one_line_error(client.post("/api/games", json=SPANISH), 503)
    clock.now = 500
    client.get(f"/api/games/{second['id']}")  # touched: kept
    clock.now = 700
    message = one_line_error(client.get(f"/api/games/{first['id']}"), 410)
    assert message == f"game {first['id']} was left idle for more than 10 minutes and was dropped"
    assert client.get(f"/api/games/{second['id']}").status_code == 200
    new(client)  # room again


# ----- hidden information ----------------------------------------------------------------
@pytest.mark.parametrize("name", ["spanish_main", "pirates_of_nassau"])
def test_a_seats_page_is_the_same_for_records_it_cannot_tell_apart(name):
    # SM-9.1/SM-10.2 (own pirates and hand), PN-20.2 (own chest): records that agree on a
    # seat's observation give the seat the same page, board and moves and all
    game = games.make(name)
    differs = False
    for rec in random_live_states(game, n=6, max_depth=40, seed=5):
        seat = int(rec["current_player"])
        seats = ["random"] * game.num_players
        seats[seat] = "you"
        match = Match(game, 0, seats, {})
        match.state = rec.reshape(1).copy()
        match.viewer = seat
        page = view(match, "g")
        for other in game.resample_hidden(rec, seat, np.arange(3)):
            match.state = other.reshape(1).copy()
            assert view(match, "g") == page
            differs |= game.render_svg(other) != game.render_svg(rec)
    assert differs == (name == "spanish_main")  # the hidden parts did differ: the test can fail


def test_the_log_names_a_hidden_card_only_to_its_owner():
    # MA-27: a seat's dealt cards are hidden from the others; a move that plays one is
    # logged for them by its kind, for its owner by its label; public moves read alike
    game = games.make("maracaibo", num_players=2)
    rec = game.init(np.array([0]))[0]
    seat = int(rec["current_player"])
    action = game.legal_actions(rec)[0]
    assert family_of(game, action) == "setup plan"
    assert seen_label(game, rec, action, seat) == game.action_label(rec, action)
    assert game.action_label(rec, action).startswith("Plan A")
    assert seen_label(game, rec, action, 1 - seat) == "setup plan"
    spanish = games.make("spanish_main", num_players=3)
    rec = spanish.init(np.array([0]))[0]
    for action in spanish.legal_actions(rec):  # SM-9.1: only pirate cards are hidden, and no label names one
        assert seen_label(spanish, rec, action, (int(rec["current_player"]) + 1) % 3) == spanish.action_label(
            rec, action
        )


def test_the_page_puts_text_in_as_text():
    # names, labels, narration and errors reach the page through textContent; the board,
    # drawn and escaped by render_svg, is the one piece of markup
    assert PAGE.count("innerHTML") == 1 and '$("board").innerHTML = v.board' in PAGE


def test_the_address_is_this_machine_unless_asked_with_a_warning(run_cli):
    assert address_lines("127.0.0.1", 8000) == [
        "doubloon serve: open http://127.0.0.1:8000/ in a browser (Ctrl-C stops the server)"
    ]
    assert len(address_lines("localhost", 80)) == 1 and len(address_lines("::1", 80)) == 1
    lines = address_lines("0.0.0.0", 8000)
    assert lines[0].startswith("warning: 0.0.0.0 can be reached from other machines")
    code, out, err = run_cli("serve", "--port", "70000")
    assert code == 2 and "--port must be from 1 to 65535, got 70000" in err


def test_hot_seat_shows_each_person_their_own_seat():
    # SM-9.1/SM-10.2: each person at the screen sees their own pirates and hand, on their turn
    store = Store()
    client = TestClient(create_app(pause=0, store=store))
    v = new(client, {**SPANISH, "seats": ["you", "person", "random"]})
    match = store.matches[v["id"]]
    seen = set()
    rng = np.random.default_rng(1)
    while v["waiting"] != "over" and len(seen) < 2:
        v = until_person(client, v)
        if v["waiting"] == "over":
            break
        assert v["viewer"] == v["to_move"] == match.to_move
        assert v["board"] == match.game.render_svg(match.record, player=v["viewer"])
        seen.add(v["viewer"])
        action = v["moves"][rng.integers(len(v["moves"]))]["action"]
        v = client.post(f"/api/games/{v['id']}/move", json={"action": action, "version": v["version"]}).json()
    assert seen == {0, 1}


def test_the_command_prints_the_address_and_passes_its_bots(run_cli, monkeypatch):
    import uvicorn

    started = {}
    monkeypatch.setattr(
        uvicorn, "run", lambda app, host, port, log_level: started.update(app=app, host=host, port=port)
    )
    code, out, err = run_cli("serve", "--port", "8123", "--bots", "checkpoint:runs/x/model.safetensors, random")
    assert code == 0 and started["host"] == "127.0.0.1" and started["port"] == 8123
    assert out == "doubloon serve: open http://127.0.0.1:8123/ in a browser (Ctrl-C stops the server)\n" and err == ""
    seats = TestClient(started["app"]).get("/api/setup").json()["seats"]
    assert seats[-1] == "checkpoint:runs/x/model.safetensors" and seats.count("random") == 1
    code, out, err = run_cli("serve", "--host", "0.0.0.0")
    assert code == 0 and err.startswith("warning: 0.0.0.0 can be reached from other machines")
    assert started["host"] == "0.0.0.0" and "http://0.0.0.0:8000/" in out


def test_without_the_web_extra_the_command_says_which_to_install(run_cli, monkeypatch):
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "starlette" else find_spec(name, *a)
    )
    code, out, err = run_cli("serve")
    assert code == 1 and err.strip().endswith(
        "doubloon serve needs starlette, which the core install lacks: pip install -e '.[web]'"
    )


TARGETED = {
    "spanish_main": ({"num_players": "3"}, ["you", "random", "random"]),
    "el_caballero": ({"num_players": "2"}, ["you", "random"]),
    "maracaibo": ({"num_players": "2"}, ["you", "random"]),
    "pirates_of_nassau": ({"num_players": "3"}, ["you", "random", "random"]),
}


def drawn_targets(board):
    return set(re.findall(r'data-target="([^"]+)"', board))


def names_the_place(game, rec, action, target):
    """What the move's label says of where it goes, as the target names it."""
    kind, index = target.split(":")
    label = game.action_label(rec, action)
    if kind == "cell":  # EC-11: the cell head's (x, y)
        x, y = ec_xy(rec, int(index))
        return label.endswith(f" at ({x}, {y})") or f" at ({x}, {y})," in label
    if kind == "display":  # EC-6.2: the display slot
        return label.startswith(f"Place area card {index} ")
    if kind == "location":  # MA-5 / MA-8.6: the location sailed to or annexed
        return f" {ma_board.LOC_IDS[int(index)]} " in label
    if game.name == "spanish_main":  # SM-5.2 the (front) ship a card moves, SM-5.4 the pirate accused
        ship = sm_data.SHIP_NAMES[int(rec["row"][int(index) - 1])]
        pair = f": {ship}+" in label and f" at {index}-" in label  # a pair at its front ship
        return f": {ship} at {index} " in label + " " or pair or label.endswith(f" of pirate {ship}")
    return f" to {index} " in label or label.endswith(f" to {index}")  # PN-7.4/7.5: where the move ends


@pytest.mark.parametrize("name", list(TARGETED))
def test_the_board_is_clickable_exactly_at_the_legal_moves_of_the_seat_to_move(name):
    # issue 39: the board's targets are the places of the legal moves the seat sees
    # (EC-11 cells, EC-6.2 display cards; MA-5 locations; PN-7.4/7.5 positions; SM-5.2,
    # SM-5.4 ships), each
    # named as the move's label names it; on another seat's turn there is none
    store = Store()
    client = TestClient(create_app(pause=0, store=store))
    options, seats = TARGETED[name]
    v = new(client, {"game": name, "options": options, "seats": seats, "seed": 2})
    match = store.matches[v["id"]]
    game = match.game
    rng = np.random.default_rng(0)
    clickable = waited = 0
    for _ in range(60):
        if v["waiting"] == "over":
            break
        if v["waiting"] == "bot":
            assert v["moves"] == []  # nothing to click while another seat moves
            waited += 1
            v = client.post(f"/api/games/{v['id']}/advance", json={"version": v["version"]}).json()
            continue
        rec = match.record
        legal = game.legal_actions(rec)
        wanted = {a: game.board_target(rec, a) for a in legal}
        # the list may offer one of several same placements (EC-3.6), each with its target
        assert all(m["target"] == wanted[m["action"]] for m in v["moves"])
        targets = {t for t in wanted.values() if t is not None}
        assert {m["target"] for m in v["moves"]} - {None} == targets
        assert targets <= drawn_targets(v["board"])  # each is drawn, so the page can mark it
        assert all(names_the_place(game, rec, a, t) for a, t in wanted.items() if t is not None)
        clickable += len(targets)
        action = v["moves"][rng.integers(len(v["moves"]))]["action"]
        v = client.post(f"/api/games/{v['id']}/move", json={"action": action, "version": v["version"]}).json()
    assert clickable > 0 and waited > 0  # both cases came up: the test can fail
