"""The replay page in a real browser: headless Chromium through selenium steps through
a recorded game of each game with the keys and the slider, switches the view, and logs no error.

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package (the
``dev`` extra); ``.ci/run`` installs the browser before ``make test``. Elsewhere the
test is skipped with a message saying how to install them."""

import numpy as np
import pytest

import games
from games.core import recording
from training.bots import make_bots
from training.replay import write_page
from training.simulate import play_games

# slow: headless Chromium over a recording of each game; one xdist worker runs the module, so
# each game's recorded page (a module fixture) and the browser are made once, not in each worker
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("replay_browser")]


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


# ----- the layout and the move log (issue 37, the replay page) -------------------------------
@pytest.mark.parametrize("window_width", [900, 1600])
def test_the_board_keeps_its_scale_and_the_log_jumps_to_a_move(browser, page, window_width):
    """At 900 px the board (980 to 1180 px drawn) stays at its scale above the narration and
    scrolls in its panel; at 1600 px the narration is beside it. The panel keeps its width
    from step to step; the log lists the moves so far and a click on one goes there."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    html_path, rec, game, records = page
    browser.set_window_size(window_width, 900)
    browser.get(html_path.as_uri())
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    panel, side = browser.find_element(By.ID, "board"), browser.find_element(By.ID, "side")

    def svg_box():
        svg = panel.find_element(By.TAG_NAME, "svg")
        return svg.rect["width"], float(svg.get_attribute("width"))

    drawn, declared = svg_box()
    assert declared >= 900 and declared <= drawn <= declared + 2  # its own scale (+ a 1 px border), never shrunk
    assert panel.rect["width"] >= min(declared, window_width - 100)  # the panel takes the window's width
    if window_width == 900:  # narrow: the narration goes under the board
        assert side.rect["y"] >= panel.rect["y"] + panel.rect["height"]
    else:  # wide: beside it
        assert side.rect["x"] >= panel.rect["x"] + panel.rect["width"] and side.rect["y"] == panel.rect["y"]

    def visible_entries():
        return [e for e in browser.find_elements(By.CSS_SELECTOR, "#log li") if e.is_displayed()]

    body = browser.find_element(By.TAG_NAME, "body")
    width_at_the_deal = panel.rect["width"]
    assert visible_entries() == []  # the deal: no move yet
    body.send_keys(Keys.END)
    assert panel.rect["width"] == width_at_the_deal  # the panel does not jump between steps
    entries = visible_entries()
    assert len(entries) == len(rec.actions)  # one entry per move
    for entry, before, action in zip(entries, records[:-1], rec.actions):
        assert entry.get_attribute("textContent").endswith(game.action_label(before, action))
    classes = [e.get_attribute("class") for e in entries]
    assert classes.count("current") == 1 and classes[-1] == "current"  # the move just shown
    browser.execute_script("arguments[0].scrollIntoView()", entries[2])
    entries[2].click()  # the third move: step 3
    assert browser.find_element(By.ID, "counter").text == f"step 3 of {len(rec.actions)}"
    assert browser.find_element(By.ID, "label").text == game.action_label(records[2], rec.actions[2])
    assert len(visible_entries()) == 3 and entries[2].get_attribute("class") == "current"
    log = browser.find_element(By.ID, "log")
    body.send_keys(Keys.END)  # the last move is scrolled into the log's view
    top, bottom = log.rect["y"], log.rect["y"] + log.rect["height"]
    assert top <= entries[-1].rect["y"] and entries[-1].rect["y"] + entries[-1].rect["height"] <= bottom + 1
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


# ----- hostile names (issue 34 item 1) -----------------------------------------------------
# bot names and recording paths that would break a page escaping only "</": a comment
# opener swallows the page's own script, a closing tag ends the data, markup runs code,
# U+2028 ends a line in older JavaScript, and "{data}" / "{title}" are template fields
HOSTILE_NAMES = [
    "<!--<script>",
    "</script><script>document.body.dataset.pwned = 'yes'</script>",
    "<img src=x onerror=\"document.body.dataset.pwned = 'yes'\">",
    "a & b > c <!-- d",
    "line\u2028separator\u2029paragraph",
    "{data}",
    "{title}",
    "]]></script><!--",
]


@pytest.fixture(scope="module")
def hostile_pages(tmp_path_factory):
    """Spanish Main recordings whose seats bear every hostile name, each in a folder whose
    name is hostile too, and their pages."""
    game = games.make("spanish_main", num_players=3)
    bots = make_bots("random,heuristic", game, seed=0)
    seat_bots = np.array([[0, 1, 0]])
    moves = []
    play_games(game, bots, seat_bots, np.array([4]), moves=moves)
    pages = []
    for i in range(0, len(HOSTILE_NAMES), 3):
        names = (HOSTILE_NAMES[i : i + 3] + HOSTILE_NAMES)[:3]
        folder = tmp_path_factory.mktemp("hostile") / f"{{data}}{{title}}<!--<script>{i}"
        folder.mkdir()
        recording.record(game, 4, moves[0][:MOVES], names).save(folder / "game.json")
        write_page(folder / "game.json", folder / "game.html")
        pages.append((folder, names))
    return pages


def test_hostile_names_stay_text_in_chromium(browser, hostile_pages):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    for folder, names in hostile_pages:
        browser.get((folder / "game.html").as_uri())
        WebDriverWait(browser, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        body = browser.find_element(By.TAG_NAME, "body")
        assert body.get_attribute("data-pwned") is None  # no name ran as code
        assert "<svg" in browser.find_element(By.ID, "board").get_attribute("innerHTML")  # the page loaded
        title = f"spanish_main: {' vs '.join(names)} — unfinished after {MOVES} moves"  # the names as text
        assert browser.execute_script("return document.title") == title
        assert browser.find_element(By.ID, "title").get_attribute("textContent") == title
        cells = browser.find_elements(By.CSS_SELECTOR, "#scores td")
        shown = [cells[2 * s].get_attribute("textContent") for s in range(3)]
        assert shown == [f"player {seat} ({name})" for seat, name in enumerate(names)]  # as text, unchanged
        errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert not errors, errors
