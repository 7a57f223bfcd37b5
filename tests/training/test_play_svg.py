"""``doubloon play --svg-dir DIR``: the board as the person sees it, after the deal and every move."""

import xml.etree.ElementTree as ET

import games
from training.bots import make_bots
from training.play import play


def test_every_move_saves_the_board_the_person_sees(tmp_path):
    game = games.make("spanish_main", num_players=3)
    out = []
    folder = tmp_path / "boards"  # made by play
    scores = play(
        game,
        make_bots("random", game, seed=1),
        human_seat=1,
        seed=1,
        read=lambda: "1\n",
        write=out.append,
        warm_up=False,
        svg_dir=folder,
    )
    assert scores is not None
    saved = sorted(p.name for p in folder.iterdir())
    moves = sum(1 for text in out for line in text.split("\n") if line.startswith("player ") and ": " in line)
    assert saved == [f"step-{i:04d}.svg" for i in range(moves + 1)]  # the deal, then one per move
    first, last = (ET.fromstring((folder / saved[i]).read_text()) for i in (0, -1))
    assert first.findtext("{http://www.w3.org/2000/svg}title") == "spanish_main, seat 1"
    texts = [t.text for t in last.iter("{http://www.w3.org/2000/svg}text")]
    assert any("game over" in t for t in texts)


def test_svg_dir_must_be_a_writable_folder(run_cli, tmp_path):
    a_file = tmp_path / "board.svg"
    a_file.write_text("")
    code, out, err = run_cli("play", "spanish_main", "--svg-dir", str(a_file))
    # argparse's usage, then one line naming the path and the problem; no game is played
    assert code == 2 and err.strip().splitlines()[-1].endswith(f"--svg-dir: {a_file} exists and is not a folder")
    assert out == ""
    assert a_file.read_text() == ""
