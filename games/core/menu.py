"""A move list in groups for ``doubloon play``: a group's title, then its moves as
``12) words`` side by side, wrapped to the terminal's width (a game's ``move_menu``)."""


def grouped_menu(groups, number, width):
    """The lines of ``groups`` (``(title, [(action, words), ...])``, a title "" for moves
    whose words say everything), each move numbered ``number[action]``, wrapped to ``width``."""
    lines = []
    for title, items in groups:
        line = f"  {title}" if title else ""
        for action, words in items:
            item = f"{number[action]}) {words}"
            joined = f"{line}  {item}" if line else f"  {item}"
            if len(joined) > width and line.strip() not in ("", title):
                lines.append(line)
                joined = f"      {item}"
            line = joined
        lines.append(line)
    return lines
