"""``doubloon serve`` in a real browser: headless Chromium through selenium plays a whole
game of each game through the page (you against bots, clicking moves), the window switching
between 900 px and 1,600 px wide at every move, and the result on the page is the engine's;
the console stays free of errors.

Needs Chromium, its driver and selenium (as tests/training/test_replay_browser.py) and the
``web`` extra; elsewhere the test is skipped saying what to install."""

import socket
import threading
import time
import urllib.request

import numpy as np
import pytest

pytest.importorskip("starlette", reason="doubloon serve needs the web extra: pip install -e '.[web]'")
uvicorn = pytest.importorskip("uvicorn", reason="doubloon serve needs the web extra: pip install -e '.[web]'")

from games.core import recording  # noqa: E402
from training.play import seat_name  # noqa: E402
from training.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.slow  # headless Chromium plays a whole game of each game

# the shortest games each allows: fewest seats; the human's opponents are random bots (fast)
GAMES = {
    "spanish_main": ({"num_players": "2"}, ["you", "random"]),
    "maracaibo": ({"num_players": "2"}, ["you", "random"]),
    "maracaibo_solo": ({"level": "3"}, ["you"]),  # against Jean at level 3 (issue 39's "done when")
    "pirates_of_nassau": ({"num_players": "3"}, ["you", "random", "random"]),
    "el_caballero": ({"num_players": "2"}, ["you", "random"]),
}


@pytest.fixture(scope="module")
def server():
    """The application under uvicorn on a free port of this machine, in a thread."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # no pause before a bot's move: the page's timer chain is the same, the test waits less
    config = uvicorn.Config(create_app(pause=0), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:  # start-up, not a timed assertion
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


def start_game(browser, server, name):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(server + "/")
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(browser.find_element(By.ID, "game")).select_by_value(name)
    options, seats = GAMES[name]
    for option, value in options.items():
        field = browser.find_element(By.CSS_SELECTOR, f"[data-option={option}]")
        field.clear()
        field.send_keys(value)
        browser.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)
    for seat, kind in enumerate(seats):
        Select(browser.find_element(By.CSS_SELECTOR, f"[data-seat='{seat}']")).select_by_value(kind)
    assert len(browser.find_elements(By.CSS_SELECTOR, "[data-seat]")) == len(seats)
    browser.find_element(By.ID, "start").click()


def settled(browser, after=None, wait=120):
    """Wait until a person is to move or the game is over (past version ``after``); the
    first wait includes compiling the game's kernels on an empty cache."""
    from selenium.webdriver.support.ui import WebDriverWait

    def ready(d):
        body = d.execute_script("return [document.body.dataset.waiting, document.body.dataset.version]")
        return body if body[0] in ("person", "over") and body[1] is not None and body[1] != after else None

    # polled every 20 ms (selenium's default, 0.5 s, was most of a whole game's time)
    return WebDriverWait(browser, wait, poll_frequency=0.02).until(ready)


def set_layout(browser, window_width):
    """Resize the window and check where the moves and narration go at that width."""
    browser.set_window_size(window_width, 900)
    panel, side = browser.execute_script(
        "return ['board', 'side'].map(id => document.getElementById(id).getBoundingClientRect().toJSON())"
    )
    if window_width == 900:  # narrow: the moves and narration under the board, as the replay page
        assert side["y"] >= panel["y"] + panel["height"]
    else:  # wide: beside it
        assert side["x"] >= panel["x"] + panel["width"]


# one game of each, the width switching at every move: both layouts click through every
# phase of the same game, not the same page code played through twice (one game a width)
WIDTHS = (900, 1600)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_through_the_page_is_the_engines(browser, server, name):
    from selenium.webdriver.common.by import By

    browser.set_window_size(WIDTHS[0], 900)
    start_game(browser, server, name)
    waiting, version = settled(browser, wait=600)
    assert "<svg" in browser.find_element(By.ID, "board").get_attribute("innerHTML")
    rng = np.random.default_rng(0)
    clicks = 0
    while waiting != "over":
        set_layout(browser, WIDTHS[clicks % 2])
        buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button")
        assert buttons and browser.find_element(By.ID, "status").text.startswith("Your move")
        button = buttons[rng.integers(len(buttons))]
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        clicks += 1
        waiting, version = settled(browser, after=version)
    for window_width in WIDTHS:  # the result at both widths
        set_layout(browser, window_width)
        assert browser.find_element(By.ID, "result").is_displayed()
    assert clicks > 0

    download = browser.find_element(By.ID, "download").get_attribute("href")
    with urllib.request.urlopen(download) as answer:  # the recording `doubloon replay` reads
        rec, game, records = recording.parse(answer.read())
    assert len(rec.actions) == int(version) and rec.bots[0] == "human"
    cells = browser.find_elements(By.CSS_SELECTOR, "#scores td")
    shown = [cells[3 * s + 1].text for s in range(game.num_players)]
    score_text = getattr(game, "score_text", None)
    scores = game.scores(records[-1:])[0]
    assert shown == [score_text(s) if score_text else str(s) for s in scores]
    ranks = game.ranks(records[-1:])[0]
    assert [cells[3 * s + 2].text for s in range(game.num_players)] == [f"rank {r}" for r in ranks]
    status = browser.find_element(By.ID, "status").text
    if hasattr(game, "outcome"):  # MA-24 (solo): the result against Jean
        assert status == game.outcome(records[-1])
    else:  # the seats of the best rank (SM-8.3, MA-23, PN-16.5; EC-8.7 in twelfths)
        names = [seat_name(game, s) + (" (you)" if s == 0 else " (random)") for s in range(game.num_players)]
        assert status == "Winner: " + ", ".join(names[s] for s in np.flatnonzero(ranks == ranks.min()))
    with urllib.request.urlopen(browser.find_element(By.ID, "replay").get_attribute("href")) as answer:
        assert answer.status == 200 and b"<html" in answer.read(400)
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def test_a_refusal_is_one_line_on_the_page_and_markup_in_it_stays_text(browser, server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    hostile = '<img src=x onerror="document.body.dataset.pwned = 1">'
    browser.get(server + "/")
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(browser.find_element(By.ID, "game")).select_by_value("spanish_main")
    field = browser.find_element(By.CSS_SELECTOR, "[data-option=fame_source]")
    field.clear()
    field.send_keys(hostile)
    browser.find_element(By.ID, "start").click()
    error = browser.find_element(By.ID, "error")
    WebDriverWait(browser, 600).until(lambda d: error.text)
    assert "fame_source" in error.text and hostile in error.text and "\n" not in error.text  # as text
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-pwned") is None  # it ran nothing
    assert browser.find_element(By.ID, "play").get_attribute("hidden") is not None  # no game started


def test_a_click_on_the_board_plays_the_move_there(browser, server):
    # issue 39: El Caballero's display card filters the list to its rotations (EC-6.2),
    # then a click on a map cell places the card there (EC-11's cell head), as the
    # listed move of that cell would
    from selenium.webdriver.common.by import By

    browser.get_log("browser")  # what earlier tests left (a refusal's 400) is theirs
    browser.set_window_size(1600, 900)
    start_game(browser, server, "el_caballero")
    waiting, version = settled(browser, wait=600)
    picked = placed = False
    for _ in range(40):
        if placed or waiting == "over":
            break
        shown = browser.find_elements(By.CSS_SELECTOR, "#board .clickable")
        cells = [e for e in shown if e.get_attribute("data-target").startswith("cell:")]
        cards = [  # a display card with several placements listed (EC-3.6: not an all-sea card)
            e
            for e in shown
            if e.get_attribute("data-target").startswith("display:")
            and len(
                browser.find_elements(By.CSS_SELECTOR, f"#moves button[data-target='{e.get_attribute('data-target')}']")
            )
            > 1
        ]
        if cells:
            cell = cells[0]
            target = cell.get_attribute("data-target")
            (label,) = [
                b.text for b in browser.find_elements(By.CSS_SELECTOR, f"#moves button[data-target='{target}']")
            ]
            cell.click()
            waiting, version = settled(browser, after=version)
            log = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#log li")]
            assert any(text.endswith(" (you) " + label) for text in log)  # played, as its button would
            placed = True
        elif cards and not picked:
            target = cards[0].get_attribute("data-target")
            cards[0].click()  # several rotations there: the list keeps those alone
            visible = [b for b in browser.find_elements(By.CSS_SELECTOR, "#moves button") if b.is_displayed()]
            assert visible and all(b.get_attribute("data-target") == target for b in visible)
            assert browser.find_element(By.ID, "all").is_displayed()
            picked = True
            visible[0].click()
            waiting, version = settled(browser, after=version)
        else:
            buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button")
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", buttons[0])
            buttons[0].click()
            waiting, version = settled(browser, after=version)
    assert picked and placed
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
