"""The replay page in a real browser: headless Chromium through selenium steps through
a recorded game of each game with the keys and the slider, switches the view, and logs no error.

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package (the
``dev`` extra); ``.ci/run`` installs the browser before ``make test``. Elsewhere the
test is skipped with a message saying how to install them."""

import shutil

import numpy as np
import pytest

import games
from games.core import recording
from training.bots import make_bots
from training.replay import write_page
from training.simulate import play_games

pytestmark = pytest.mark.slow  # headless Chromium over a recording of each game

INSTALL = "apt-get install -y chromium chromium-driver (Debian) and pip install selenium (the dev extra)"


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason=f"selenium is not installed: {INSTALL}")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        pytest.skip(f"the browser test needs Chromium and its driver: {INSTALL}")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))
    yield driver
    driver.quit()


MOVES = 25  # each recording is cut there: an unfinished game is a valid recording, and a short page loads fast


@pytest.fixture(scope="module", params=games.list())
def page(request, tmp_path_factory):
    """A recorded game (its first MOVES moves) and its replay page."""
    game = games.make(request.param)
    bots = make_bots("random" if game.num_players == 1 else "random,heuristic", game, seed=0)
    seat_bots = np.array([[s % len(bots) for s in range(game.num_players)]])
    moves = []
    play_games(game, bots, seat_bots, np.array([8]), moves=moves)
    names = [bots[b].name for b in seat_bots[0]]
    folder = tmp_path_factory.mktemp(request.param)
    recording.record(game, 8, moves[0][:MOVES], names).save(folder / "game.json")
    write_page(folder / "game.json", folder / "game.html")
    rec, game, records = recording.load(folder / "game.json")
    return folder / "game.html", rec, game, records


def test_the_page_steps_through_the_game_in_chromium(browser, page):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

    html_path, rec, game, records = page
    browser.get(html_path.as_uri())
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

    def text(element_id):
        return browser.find_element(By.ID, element_id).text

    def board():
        return browser.find_element(By.ID, "board").get_attribute("innerHTML")

    body = browser.find_element(By.TAG_NAME, "body")
    deal = board()
    assert "<svg" in deal and text("label") == "the deal" and text("counter") == f"step 0 of {len(rec.actions)}"
    boards = [deal]
    for i, action in enumerate(rec.actions):  # the right arrow: each step's label is its recorded action's
        body.send_keys(Keys.ARROW_RIGHT)
        assert text("counter") == f"step {i + 1} of {len(rec.actions)}"
        assert text("label") == game.action_label(records[i], action)
        boards.append(board())
    assert len(set(boards)) > len(boards) // 2  # the board changes as the game goes on
    finished = bool(records["terminated"][-1])
    assert text("result").startswith("Winner: " if finished else f"The game was left after {len(rec.actions)} moves")
    body.send_keys(Keys.ARROW_LEFT)  # back one step: the same board as before
    assert board() == boards[-2] and text("result") == ""
    body.send_keys(Keys.HOME)
    assert board() == deal

    slider = browser.find_element(By.ID, "step")  # the slider moves by its own arrow keys
    slider.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert text("counter").startswith("step 2 ") and board() == boards[2]
    slider.send_keys(Keys.ARROW_LEFT)
    assert board() == boards[1]

    view = Select(browser.find_element(By.ID, "view"))  # a seat's view: what render_svg shows that seat
    everything = game.render_svg(records[1])
    for seat in range(game.num_players):
        view.select_by_index(seat + 1)
        mine = game.render_svg(records[1], player=seat)
        assert (board() == boards[1]) == (mine == everything)  # it differs exactly where the drawings do
    view.select_by_index(0)
    assert board() == boards[1]

    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
