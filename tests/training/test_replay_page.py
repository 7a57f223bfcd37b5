"""The replay page's data and template (training/replay.py, issue 34 item 1), without a
browser: the embedded JSON holds no character a script element or an HTML parser reads
as markup, and the template is filled in one pass (a title holding ``{data}`` stays
text); its title says the game, seats and result and its theme colours the whole page
(issue 37). tests/training/test_replay_browser.py opens such pages in Chromium."""

import json
import re

import numpy as np
import pytest
from test_replay_browser import HOSTILE_NAMES

import games
from games.core import recording
from training.bots import make_bots
from training.replay import TEMPLATE, fill, page, page_title, points, script_json
from training.simulate import play_games


def test_the_embedded_json_escapes_markup_and_line_separators():
    data = {"seats": HOSTILE_NAMES, "title": "</script>{data}&amp;"}
    blob = script_json(data)
    assert not re.search("[<>&\u2028\u2029]", blob)
    assert json.loads(blob) == data  # JSON.parse reads back the very same strings


def test_the_template_is_filled_once():
    filled = fill(TEMPLATE, title="a {data} b {title}", theme="light", data='{"x": "{title}"}')
    assert "<title>a {data} b {title}</title>" in filled
    assert filled.count('{"x": "{title}"}') == 1 and "{data}" not in filled.replace("a {data} b", "")


# ----- the title and the theme (issue 37, the replay page) ----------------------------------
@pytest.fixture(scope="module")
def finished_game():
    """A whole Spanish Main game of three bots, recorded and replayed."""
    game = games.make("spanish_main", num_players=3)
    bots = make_bots("heuristic,random", game, seed=0)
    seat_bots = np.array([[0, 1, 1]])
    moves = []
    play_games(game, bots, seat_bots, np.array([3]), moves=moves)
    rec = recording.record(game, 3, moves[0], [bots[b].name for b in seat_bots[0]])
    return rec, game, rec.replay(game)


def test_the_title_names_the_game_the_seats_and_the_result(finished_game):
    rec, game, records = finished_game
    scores = game.scores(records[-1:])[0]
    ranks = game.ranks(records[-1:])[0]
    assert records[-1]["terminated"] and (ranks == ranks.min()).sum() == 1  # this deal has one winner
    winner = int(np.argmin(ranks))
    name = "heuristic" if winner == 0 else f"random (player {winner})"  # random plays two seats
    expected = f"spanish_main: heuristic vs random vs random — {name} won {'-'.join(map(str, scores))}"
    assert page_title(game, rec, records) == expected


def test_the_page_follows_the_theme_and_lists_the_moves(finished_game):
    rec, game, records = finished_game
    short = recording.record(game, 3, rec.actions[:6], rec.bots)
    short_records = short.replay(game)
    dark = page(game, short, short_records, title="t", theme="dark")
    light = page(game, short, short_records, title="t")
    assert '<body class="dark">' in dark and '<body class="light">' in light  # the page, not only the board
    assert 'id="log"' in dark
    unfinished = "spanish_main: heuristic vs random vs random — unfinished after 6 moves"
    assert page_title(game, short, short_records) == unfinished
    data = json.loads(re.search('<script type="application/json" id="data">(.*?)</script>', dark, re.S).group(1))
    assert len(data["steps"]) == 1 + 6  # the deal, then one step (one log entry) per move


def test_scores_are_shown_in_points():  # issue 37 item 2: El Caballero's twelfths are a tie-break
    # EC-8.7: El Caballero's scores() count twelfths of a point; the page shows points
    assert points(games.make("el_caballero", num_players=3), np.array([996, 0, 842])) == [83, 0, 70.17]
    assert points(games.make("spanish_main", num_players=2), np.array([12, 9])) == [12, 9]
