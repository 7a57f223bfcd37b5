"""The ``doubloon serve`` web application (Starlette): the page and its JSON endpoints.

    GET  /                          the page (training/web/page.py)
    GET  /api/setup                 the games, their options and the seat choices
    POST /api/games                 a new game {game, options: {name: text}, seats: [kind], seed?}
    GET  /api/games/{id}            the game as the page shows it (training/web/view.py)
    POST /api/games/{id}/move       a person's move {action, version}
    POST /api/games/{id}/advance    the bot to move plays {version}
    GET  /api/games/{id}/recording  the finished game's recording (what ``doubloon replay`` reads)
    GET  /games/{id}/replay         the finished game's replay page

Every refusal is a 4xx with ``{"error": one line}`` and leaves the game as it was; an
unexpected failure is a 500 with one line, never a traceback. A seat's bot is one of
``random``, ``heuristic``, ``search`` or a spec given on the command line
(``--bots checkpoint:PATH``): the page picks among them by name and never sends a path.
"""

import json
import secrets

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

import games
from games.core import recording

from ..bots import make_bot
from ..replay import page as replay_page
from ..replay import page_title, script_json
from .match import PEOPLE, Match, Refused
from .page import PAGE
from .store import Store
from .view import view

BUILT_IN_BOTS = ("random", "heuristic", "search")
HIDDEN_OPTIONS = ("reward",)  # how a learner is paid: nothing a person playing chooses
MAX_BODY = 16_384  # bytes: a request is a few small fields
SEEDS = 100_000  # fresh deals, short enough to type back (as ``doubloon play``)


def create_app(bots=(), pause=0.6, cap=16, idle_s=3600.0, store=None):
    """The application. ``bots``: extra seat choices from the command line; ``pause``:
    seconds the page waits before each bot move; ``cap``/``idle_s``: ``Store``'s bounds."""
    choices = [*PEOPLE, *BUILT_IN_BOTS, *[b for b in bots if b not in BUILT_IN_BOTS]]
    store = store or Store(cap=cap, idle_s=idle_s)

    async def index(request):
        config = {"pause": pause}
        return HTMLResponse(PAGE.replace("{config}", script_json(config)))

    async def setup(request):
        return JSONResponse({"games": {name: setup_of(name) for name in games.list()}, "seats": choices})

    async def new_game(request):
        body = await json_body(request)
        match = await run_in_threadpool(build_match, body, choices)
        game_id = store.add(match)
        return JSONResponse(view(match, game_id), status_code=201)

    async def show(request):
        game_id = request.path_params["game_id"]
        match = store.get(game_id)
        return JSONResponse(await run_in_threadpool(locked, match, lambda: view(match, game_id)))

    async def move(request):
        game_id = request.path_params["game_id"]
        match = store.get(game_id)
        body = await json_body(request, ("action", "version"))

        def work():
            match.play(body["action"], body["version"])
            return view(match, game_id)

        return JSONResponse(await run_in_threadpool(locked, match, work))

    async def advance(request):
        game_id = request.path_params["game_id"]
        match = store.get(game_id)
        body = await json_body(request, ("version",))

        def work():
            match.advance(body["version"])
            return view(match, game_id)

        return JSONResponse(await run_in_threadpool(locked, match, work))

    async def recording_file(request):
        game_id = request.path_params["game_id"]
        match = store.get(game_id)
        rec = await run_in_threadpool(locked, match, lambda: finished_recording(match))
        name = f"{match.game.name}-seed{match.seed}.json"
        return Response(
            json.dumps(rec.to_json(), separators=(",", ":")) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def replay(request):
        match = store.get(request.path_params["game_id"])

        def work():
            rec = finished_recording(match)
            records = rec.replay(match.game)
            return replay_page(match.game, rec, records, title=page_title(match.game, rec, records))

        return HTMLResponse(await run_in_threadpool(locked, match, work))

    routes = [
        Route("/", index),
        Route("/api/setup", setup),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{game_id}", show),
        Route("/api/games/{game_id}/move", move, methods=["POST"]),
        Route("/api/games/{game_id}/advance", advance, methods=["POST"]),
        Route("/api/games/{game_id}/recording", recording_file),
        Route("/games/{game_id}/replay", replay),
    ]
    handlers = {Refused: refused, HTTPException: http_error, Exception: failed}
    return Starlette(routes=routes, exception_handlers=handlers)


# ----- requests --------------------------------------------------------------------
async def json_body(request, required=()):
    """The request's JSON object, with ``required`` keys, or a 4xx naming what is wrong."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refused(413, f"the request body is {len(raw):,} bytes; at most {MAX_BODY:,} are read")
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "the request body is not JSON") from None
    if not isinstance(body, dict):
        raise Refused(400, "the request body must be a JSON object")
    missing = [key for key in required if key not in body]
    if missing:
        raise Refused(400, "the request body lacks " + ", ".join(repr(k) for k in missing))
    return body


def locked(match, work):
    with match.lock:
        return work()


def setup_of(name):
    """A game's options as the form shows them: name and default (as text)."""
    defaults = games.option_defaults(name)
    return {k: option_text(v) for k, v in defaults.items() if k not in HIDDEN_OPTIONS}


def option_text(value):
    if value is None:  # a default the game works out (Maracaibo's story_cards): left empty
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


def build_match(body, choices):
    """A new ``Match`` from the form: the game, its options, the seats and the seed."""
    name = body.get("game")
    if name not in games.list():
        raise Refused(400, f"unknown game {name!r}; available: {', '.join(games.list())}")
    options_in = body.get("options", {})
    if not isinstance(options_in, dict) or not all(isinstance(v, str) for v in options_in.values()):
        raise Refused(400, "'options' must be an object of option names and their values as text")
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(SEEDS)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
        raise Refused(400, f"'seed' must be a whole number from 0 to {2**31 - 1}, got {seed!r}")
    try:
        options = {k: games.option_from_text(name, k, v) for k, v in options_in.items() if k not in HIDDEN_OPTIONS}
        game = games.make(name, **options)
    except ValueError as err:
        raise Refused(400, one_line(err)) from None
    seats = body.get("seats")
    if not isinstance(seats, list) or len(seats) != game.num_players:
        raise Refused(400, f"'seats' must list who plays each of the {game.num_players} seats")
    for kind in seats:
        if kind not in choices:
            raise Refused(400, f"a seat is one of {', '.join(choices)}; got {str(kind)[:80]!r}")
    if sum(kind == "you" for kind in seats) > 1:
        raise Refused(400, "'you' sits in one seat at most; other people at this screen are 'person'")
    try:
        bots = {s: make_bot(kind, game, seed=seed + s) for s, kind in enumerate(seats) if kind not in PEOPLE}
    except (ValueError, OSError) as err:
        raise Refused(400, one_line(err)) from None
    return Match(game, seed, seats, bots)


def finished_recording(match):
    if not match.over:
        raise Refused(409, "the recording and the replay page come when the game is over")
    return recording.record(match.game, match.seed, match.actions, match.recorded_names())


def one_line(err):
    return " ".join(str(err).split())[:300]


# ----- answers ---------------------------------------------------------------------
async def refused(request, exc):
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def http_error(request, exc):
    message = {404: f"no such page: {request.url.path}", 405: f"{request.method} is not allowed here"}
    return JSONResponse({"error": message.get(exc.status_code, exc.detail)}, status_code=exc.status_code)


async def failed(request, exc):
    return JSONResponse({"error": f"the server failed: {type(exc).__name__}: {one_line(exc)}"}, status_code=500)
