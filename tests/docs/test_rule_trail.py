"""The rule trail of every game page (tools/docs.py ``rule_ids`` block, docs/design.md
"The rule trail"): rule ID -> the files and functions citing it, and the rules page's
bold IDs cited nowhere in games/ or in no test."""

import games
from tools import docs, rule_ids


def test_citations_are_attributed_to_the_innermost_function():
    source = '''"""Module doc, MA-1.1."""


class Ship:
    """MA-5.1."""

    def sail(self):
        # MA-5.2
        def hop():
            return 1  # MA-5.3
        return hop


def score():
    """MA-25.1"""
'''
    names = rule_ids.enclosing_names(source)
    lines = source.splitlines()
    where = {m.group(1): names.get(n) for n, line in enumerate(lines, 1) for m in rule_ids.CITATION.finditer(line)}
    assert where == {
        "MA-1.1": None,
        "MA-5.1": "Ship",
        "MA-5.2": "Ship.sail",
        "MA-5.3": "Ship.sail.hop",
        "MA-25.1": "score",
    }


def test_every_registered_game_page_gets_the_block():
    """A page without the block gets it appended (then filled), so registering a game and
    running ``make docs`` is enough; the drift test then keeps it current."""
    page = "# Some game\n\ntext\n"
    out = docs.regenerate(page, {"rule_ids": "| rule | cited in |"})
    assert out.startswith(page.rstrip()) and "## Rule IDs in the code" in out
    assert "<!-- BEGIN GENERATED: rule_ids -->\n| rule | cited in |\n<!-- END GENERATED: rule_ids -->" in out
    assert docs.regenerate(out, {"rule_ids": "| rule | cited in |"}) == out


def test_the_trail_of_each_game():
    """Each page lists its own package's citations (solo/ on its own page), and the gaps
    of its rules page on the page of the game that owns it."""
    for name in games.list():
        table = docs.rule_table(name)
        assert "| rule | cited in |" in table
    mara, solo = docs.rule_table("maracaibo"), docs.rule_table("maracaibo_solo")
    assert "`rules/buying.py` `requirements_met`" in mara  # MA-14.4
    assert "`rules.py` `jean_turn`" in solo and "`solo/" not in mara
    assert "cited nowhere in `games/`" in mara and "cited in no test" in mara
    assert "see `docs/maracaibo.md`" in solo
    assert docs.rules_page_game("maracaibo_solo") == "maracaibo"
