"""Shared fixtures for the training layer tests (small games, fast; a headless browser)."""

import shutil

import pytest

import games


@pytest.fixture(scope="session")
def spanish3():
    return games.make("spanish_main", num_players=3)


INSTALL = "apt-get install -y chromium chromium-driver (Debian) and pip install selenium (the dev extra)"


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium through selenium, its console logged (the replay page and
    ``doubloon serve`` tests); skipped, saying what to install, where it is missing."""
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
