"""The replay page's data and template (training/replay.py, issue 34 item 1), without a
browser: the embedded JSON holds no character a script element or an HTML parser reads
as markup, and the template is filled in one pass (a title holding ``{data}`` stays
text). tests/training/test_replay_browser.py opens such pages in Chromium."""

import json
import re

from test_replay_browser import HOSTILE_NAMES

from training.replay import TEMPLATE, fill, script_json


def test_the_embedded_json_escapes_markup_and_line_separators():
    data = {"seats": HOSTILE_NAMES, "title": "</script>{data}&amp;"}
    blob = script_json(data)
    assert not re.search("[<>&\u2028\u2029]", blob)
    assert json.loads(blob) == data  # JSON.parse reads back the very same strings


def test_the_template_is_filled_once():
    page = fill(TEMPLATE, title="a {data} b {title}", data='{"x": "{title}"}')
    assert "<title>a {data} b {title}</title>" in page
    assert page.count('{"x": "{title}"}') == 1 and "{data}" not in page.replace("a {data} b", "")
