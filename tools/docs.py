"""Keep the generated parts of docs/<game>.md in step with the code.

Each game page holds blocks like ``<!-- BEGIN GENERATED: actions -->`` ...
``<!-- END GENERATED: actions -->``; this module rewrites them from the game's
layout tables. ``python -m tools.docs`` updates the files; the tests fail when a
page has drifted from the code.
"""

import pathlib
import re
import sys

import games

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"
_BLOCK = re.compile(r"(<!-- BEGIN GENERATED: (\w+) -->\n).*?(<!-- END GENERATED: \2 -->)", re.S)


def sections(game):
    """Generated markdown per block name, from the game built with its doc options."""
    extra = getattr(game, "doc_sections", None)  # a game's own blocks (Maracaibo: action sub-ranges)
    out = {
        "actions": game.action_layout.markdown("action family"),
        "observation": game.obs_layout.markdown("observation field"),
        **(extra() if extra else {}),
    }
    out.update(getattr(game, "doc_tables", dict)())  # a game's own tables (components, ids)
    return out


def regenerate(text, generated):
    def fill(match):
        name = match.group(2)
        if name not in generated:
            raise KeyError(f"no generator for block {name!r}")
        return f"{match.group(1)}{generated[name]}\n{match.group(3)}"

    return _BLOCK.sub(fill, text)


def page_for(name):
    return DOCS / f"{name}.md"


def doc_game(name):
    cls = type(games.make(name))
    return games.make(name, **getattr(cls, "doc_options", {}))


def main():
    changed = []
    for name in games.list():
        path = page_for(name)
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        new = regenerate(text, sections(doc_game(name)))
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(str(path))
    print("updated: " + ", ".join(changed) if changed else "docs are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
