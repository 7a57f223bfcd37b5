"""``doubloon play`` for El Caballero and Pirates of Nassau (issue 24 section 4): each
test drives ``play`` with scripted input through a whole game and reads the printed
text as a person would: 120 columns, one name per seat, one score unit, costs and
challenge outcomes narrated, ``i ID`` answered."""

import re

import games
from training.bots import make_bots
from training.play import play


def run(game, script, bots="random", seed=2):
    """A whole game: ``script`` first, then always the first listed move."""
    lines, out = list(script), []

    def read():
        return (lines.pop(0) if lines else "1") + "\n"

    scores = play(game, make_bots(bots, game, seed=seed), seed=seed, read=read, write=out.append, warm_up=False)
    return "\n".join(out), scores


def unwrapped(text):
    """The printed text with each wrapped line joined again."""
    return re.sub(r"\n +", " ", text)


def test_el_caballero_screen():
    game = games.make("el_caballero")
    text, scores = run(game, ["i 9", "i cape", "i castle", "i"])
    lines = text.splitlines()
    assert max(map(len, lines)) <= game.screen_width
    # one name per seat: the board's letters, in the narration and the result alike
    assert "el_caballero: you are player A; player B (random), player C (random)." in text
    assert re.search(r"^player B \(random\): ", text, re.M) and re.search(r"^player B: ", text, re.M)
    assert not re.search(r"player [0-9]", text)
    # EC-8.7: points, the unit named; the final line agrees with the scores returned
    finals = unwrapped(text[text.index("Final scores: ") :]).splitlines()[0]
    assert finals == "Final scores: " + ", ".join(
        f"{game.seat_name(p)} ({'you' if p == 0 else 'random'}) {game.score_text(scores[p])}" for p in range(3)
    )
    assert all(game.score_text(v).endswith(("points", "point")) for v in scores)
    flat = unwrapped(text)  # the narration: a seat's moves joined by "; ", each outcome after " -> "
    shown = re.findall(r"Scores: .*?points?(?= -> |; |$)", flat, re.M)
    assert len(shown) > 1 and all(a != b for a, b in zip(shown, shown[1:]))  # printed when they change
    # a caballero card's cost is announced with its cell (EC-6.3.3)
    assert re.search(r"Place a caballero card showing [^\n]* at \(-?\d+, -?\d+\), costs \d+ caballero", unwrapped(text))
    # EC-8: each scoring told region by region, adding up to what it paid
    for i, end in ((1, 4),):  # the totals, then each region after " -> "
        assert re.search(
            rf"Scoring {i} \(end of round {end}\): player A \+[^>\n]*-> +(land at \(-?\d+, -?\d+\), value \d+: |player "
            rf"[A-C]'s )",
            flat,
        ), i
    # EC-11: a placement is narrated once, whole (the card, then its cell)
    placed = re.findall(r"(?:\((?:random|you)\): |; )(Place [^;\n]*?)(?=; | -> |$)", flat, re.M)
    assert placed and all(" at (" in line for line in placed)
    # the game is over: no scoring is coming
    assert "a scoring now would add" not in flat[flat.rindex("El Caballero (") :]
    # the i command
    assert "Power card 9 (EC-2.3, EC-2.4): income" in text and "Area card CAPE" in text
    assert "Nothing is called 'castle'" in text and "Type 'i' and an area card type" in text


def test_pirates_of_nassau_screen():
    game = games.make("pirates_of_nassau", num_players=3)
    text, scores = run(game, ["i M1-10", "i captain 1", "i"], bots="heuristic", seed=4)
    assert max(map(len, text.splitlines())) <= game.screen_width
    assert "pirates_of_nassau: you are P0; P1 (heuristic), P2 (heuristic)." in text
    assert "with die 0" not in text and "with die 1 (" in text  # dice numbered 1-3 (PN-7.4)
    # the running victory points are printed when they change, not with every board
    running = re.findall(r"Victory points if the game ended now.*?(?= -> |; |$)", unwrapped(text), re.M)
    assert running and all(a != b for a, b in zip(running, running[1:]))
    assert unwrapped(text).count("Victory points if the game ended now") == len(running)
    # PN-8.3: every resolved plunder says whether it was won and what it gave
    flat = unwrapped(text)
    tried = len(re.findall(r"Play captain card \d \(sail \d, cannon \d\) against merchant", flat))
    told = len(re.findall(r"Plunder of merchant M\d-\d\d (won|lost) \(sail", flat))
    assert tried > 0 and told == tried
    # PN-16: the points by category once, then the totals with their unit
    assert text.count("Victory points: ") == 1 and "Final scores: " in text
    finals = unwrapped(text[text.index("Final scores: ") :]).splitlines()[0]
    assert finals == "Final scores: " + ", ".join(
        f"P{p} ({'you' if p == 0 else 'heuristic'}) {int(scores[p])} VP" for p in range(3)
    )
    assert "Merchant M1-10 (sail 2, cannon 2" in text and "Captain card 1 (PD-4)" in text
