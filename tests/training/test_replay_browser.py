"""The replay page in a real browser: headless Chromium through selenium steps through
a recorded game with the keys and the slider, switches the view, and logs no error.

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
from training.simulate import play_games, save_recordings

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


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """A recorded Spanish Main game and its replay page."""
    game = games.make("spanish_main", num_players=3)
    bots = make_bots("random,heuristic", game, seed=0)
    seat_bots, seeds, moves = np.array([[0, 1, 0]]), np.array([8]), []
    scores, _ = play_games(game, bots, seat_bots, seeds, moves=moves)
    folder = tmp_path_factory.mktemp("replay")
    (path,) = save_recordings(game, bots, seat_bots, seeds, moves, scores, folder)
    write_page(path, folder / "game.html")
    rec, game, records = recording.load(path)
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
    assert text("result").startswith("Winner: ")
    body.send_keys(Keys.ARROW_LEFT)  # back one step: the same board as before
    assert board() == boards[-2] and text("result") == ""
    body.send_keys(Keys.HOME)
    assert board() == deal

    slider = browser.find_element(By.ID, "step")  # the slider moves by its own arrow keys
    slider.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert text("counter").startswith("step 2 ") and board() == boards[2]
    slider.send_keys(Keys.ARROW_LEFT)
    assert board() == boards[1]

    view = Select(browser.find_element(By.ID, "view"))  # one seat's view hides the others' hands
    view.select_by_index(1)
    assert board() != boards[1]
    view.select_by_index(0)
    assert board() == boards[1]

    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
