"""The doubloon CLI: clear errors, arena output, a scripted terminal game, bench wiring."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import games
import training.train
from training.cli import main
from training.train_config import TrainConfig, cli_settings, defaults_for

ROOT = Path(__file__).resolve().parents[2]


def test_unknown_game_is_rejected_clearly(run_cli):
    code, _, err = run_cli("arena", "chess", "--bots", "random,heuristic")
    assert code == 2 and "invalid choice: 'chess'" in err and "spanish_main" in err


@pytest.mark.parametrize(
    "bots, message",
    [
        (
            "random,alphazero",
            "unknown bot 'alphazero'; use random, heuristic, heuristic_v1 and heuristic_blind (maracaibo), search",
        ),
        ("random,checkpoint:/no/such.zip", "checkpoint not found"),
        ("random", "the arena needs at least two bots"),
    ],
)
def test_unknown_bots_are_rejected_clearly(run_cli, bots, message):
    code, _, err = run_cli("arena", "spanish_main", "--bots", bots, "--no-progress")
    assert code == 2 and message in err


def test_bad_game_options_are_rejected_clearly(run_cli):
    code, _, err = run_cli("arena", "spanish_main", "--players", "9", "--bots", "random,heuristic")
    assert code == 2 and "num_players must be an integer in 2..4" in err
    code, _, err = run_cli("train", "spanish_main", "--opponents", "random,nobody", "--timesteps", "10")
    assert code == 2 and "unknown bot 'nobody'" in err


def test_arena_prints_the_table_and_draws_the_plot(run_cli, tmp_path):
    code, out, _ = run_cli(
        "arena",
        "spanish_main",
        "--bots",
        "random,heuristic",
        "--games",
        "12",
        "--no-progress",
        "--plot",
        str(tmp_path / "a.png"),
        "--json",
        str(tmp_path / "a.json"),
    )
    assert code == 0
    assert "random vs heuristic" in out and "95% CI" in out and "rating" in out
    assert (tmp_path / "a.png").is_file() and (tmp_path / "a.json").is_file()


def test_arena_says_it_rounded_games_up_to_whole_seat_rotations(run_cli):
    code, out, _ = run_cli("arena", "spanish_main", "--bots", "random,heuristic", "--games", "2", "--no-progress")
    assert code == 0
    assert (
        "6 games per pairing: seeds 0..0 x 6 seat assignments (--games 2 rounded up to 6: whole rotations of "
        "the 6 seat assignments)"
    ) in out


@pytest.mark.parametrize("command", [("arena", "spanish_main"), ("run",), ("campaign", "maracaibo")])
def test_help_explains_no_progress_and_the_games_default(run_cli, command):
    code, out, _ = run_cli(*command, "--help")
    flat = " ".join(out.split())
    assert code == 0 and "--no-progress no progress bar" in flat
    assert "(default 300)" in flat or command[0] == "campaign"


def test_run_prints_the_short_arena(run_cli):
    code, out, err = run_cli("run", "--games", "6", "--no-progress")
    assert code == 0 and "heuristic vs random" in out and "baseline:spanish_main vs heuristic" in out
    assert err == ""


def test_run_without_torch_says_why_the_baseline_is_left_out(run_cli, monkeypatch):
    from envs.extras import install_command

    monkeypatch.setitem(sys.modules, "torch", None)  # as the core install: no train extra
    code, out, err = run_cli("run", "--games", "6", "--no-progress")
    assert code == 0 and "heuristic vs random" in out and "baseline" not in out
    assert err == (
        "doubloon run: the table leaves out the trained baseline: baseline:spanish_main needs torch, "
        f"which the core install lacks: {install_command('train')}\n"
    )


def test_train_without_torch_says_so_before_its_plan(run_cli, monkeypatch, tmp_path):
    from envs.extras import install_command

    monkeypatch.setitem(sys.modules, "torch", None)
    code, out, err = run_cli("train", "spanish_main", "--timesteps", "10", "--out", str(tmp_path / "run"))
    assert (code, out) == (1, "")  # nothing planned or printed
    assert err == f"doubloon train needs torch, which the core install lacks: {install_command('train')}\n"
    assert not (tmp_path / "run").exists()


def test_play_a_scripted_game_to_the_end(run_cli, monkeypatch):
    # bad input first, then the first listed move every turn
    script = "hello\n0\n999\n\nb\n?\nrepair all ships\n" + "1\n" * 200
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, _ = run_cli("play", "spanish_main", "--bots", "heuristic,random", "--seed", "4")
    assert code == 0
    assert "'hello' is not a legal move here" in out
    assert "There is no move 0" in out and "There is no move 999" in out
    assert "Please type a move" in out
    assert "player 0 (you): Repair all ships" in out
    assert "player 1 (heuristic):" in out and "player 2 (random):" in out
    assert "Final scores: player 0 (you)" in out and "Winner: player" in out


def test_play_stops_cleanly_when_input_ends(run_cli, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    code, out, _ = run_cli("play", "spanish_main", "--seat", "2")
    assert code == 0 and "Input ended" in out


def test_play_deals_a_fresh_seed_and_says_it(run_cli, monkeypatch):
    """Without --seed each game is a new deal, printed so that it can be dealt again."""
    import training.commands

    monkeypatch.setattr(training.commands.secrets, "randbelow", lambda n: 48213)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, _ = run_cli("play", "spanish_main")
    assert code == 0 and out.startswith("seed 48213: replay with --seed 48213\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, _ = run_cli("play", "spanish_main", "--seed", "5")
    assert code == 0 and "replay with --seed" not in out


class _CtrlC:
    """stdin whose person presses Ctrl-C at the first question."""

    def readline(self):
        raise KeyboardInterrupt


@pytest.mark.parametrize("stdin", [io.StringIO(""), io.StringIO("q\n"), _CtrlC()], ids=["ctrl-d", "q", "ctrl-c"])
def test_play_keeps_the_record_however_it_is_left(run_cli, monkeypatch, tmp_path, stdin):
    """--record writes the game "finished or left": Ctrl-C (exit 130) as well as Ctrl-D and q."""
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, _ = run_cli("play", "spanish_main", "--seed", "3", "--record", str(tmp_path))
    assert code == (130 if isinstance(stdin, _CtrlC) else 0)
    [recording] = tmp_path.glob("spanish_main-seed3-*.json")
    assert f"recorded: {recording}" in out


def test_console_entry_point_and_bench_wiring():
    help_ = subprocess.run([sys.executable, "-m", "training", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert help_.returncode == 0
    for command in ("train", "arena", "play", "bench", "run"):
        assert command in help_.stdout
    bench = subprocess.run(
        [sys.executable, "-m", "training", "bench", "spanish_main", "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert bench.returncode == 0 and "--seconds" in bench.stdout


# ----- bad arguments stop at parse time: argparse's one-line error, exit code 2 ------------
def _no_work(monkeypatch):
    """Any arena, training run or game played means the bad argument got through."""
    import training.arena
    import training.train

    def refuse(*args, **kwargs):
        raise AssertionError("work started despite a bad argument")

    from benchmarks import throughput

    monkeypatch.setattr(training.arena, "run_arena", refuse)
    monkeypatch.setattr(training.train, "train", refuse)
    monkeypatch.setattr(throughput, "measure", refuse)


BIG = "99999999999999999999"


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--games", "0"),
            "argument --games: must be a positive integer, got 0",
        ),
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--games", "-5"),
            "argument --games: must be a positive integer, got -5",
        ),
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--games", "ten"),
            "argument --games: expected an integer, got 'ten'",
        ),
        (("run", "--games", "0"), "argument --games: must be a positive integer, got 0"),
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--seed", BIG),
            f"argument --seed: a seed is an integer in 0..2**63-1 (9223372036854775807), got {BIG}",
        ),
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--seed", "-1"),
            "argument --seed: a seed is an integer in 0..2**63-1",
        ),
        (("play", "spanish_main", "--seed", BIG), "argument --seed: a seed is an integer in 0..2**63-1"),
        (("train", "spanish_main", "--seed", BIG), "argument --seed: a training seed is an integer in 0..2**32-1"),
        (
            ("train", "spanish_main", "--seed", str(2**32)),
            "argument --seed: a training seed is an integer in 0..2**32-1",
        ),
        (("train", "spanish_main", "--num-envs", "0"), "argument --num-envs: must be a positive integer, got 0"),
        (("train", "spanish_main", "--batch-size", "0"), "argument --batch-size: must be a positive integer, got 0"),
        (("train", "spanish_main", "--timesteps", "-5"), "argument --timesteps: must be a positive integer, got -5"),
        (
            ("train", "spanish_main", "--eval-every", "-1"),
            "argument --eval-every: must be a non-negative integer, got -1",
        ),
        (("train", "spanish_main", "--out", "/proc/x"), "argument --out: cannot create /proc/x: /proc is not writable"),
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--plot", "/proc/x/a.png"),
            "argument --plot: cannot create /proc/x/a.png",
        ),
        (("arena", "spanish_main", "--bots", "random,heuristic", "--json", "/"), "argument --json: / is a folder"),
        (("bench-jean", "--bot", "random", "--seed", BIG), "argument --seed: a seed is an integer in 0..2**63-1"),
        # the threads of a game's batches: 1..NUMBA_NUM_THREADS (games/core/parallel.py)
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--threads", "0"),
            f"argument --threads: --threads: the thread count must be in 1..{games.max_threads()} (NUMBA_NUM_THREADS",
        ),
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--threads", str(games.max_threads() + 1)),
            f"the thread count must be in 1..{games.max_threads()}",
        ),
        (
            ("arena", "spanish_main", "--bots", "random,heuristic", "--threads", "two"),
            "argument --threads: expected an integer, got 'two'",
        ),
        (("train", "spanish_main", "--threads", "0"), "argument --threads: --threads: the thread count must be in 1.."),
        (("bench", "spanish_main", "--threads", "0"), "argument --threads: --threads: the thread count must be in 1.."),
        (("bench", "spanish_main", "--threads", "all"), "argument --threads: expected an integer, got 'all'"),
        (("bench-jean", "--bot", "random", "--plot", "/proc/x.png"), "argument --plot: cannot create /proc/x.png"),
        (("bench-jean", "--bot", "random", "--games", "0"), "argument --games: must be a positive integer, got 0"),
        # bench writes its results after the whole measurement: the paths are checked first
        (("bench", "spanish_main", "--json", "/proc/x.json"), "argument --json: cannot create /proc/x.json"),
        (("bench", "spanish_main", "--results-dir", "/proc/x"), "argument --results-dir: cannot create /proc/x"),
        (("bench", "spanish_main", "--json", "/"), "argument --json: / is a folder"),
    ],
)
def test_bad_numbers_and_paths_stop_before_any_work(run_cli, monkeypatch, argv, message):
    _no_work(monkeypatch)
    code, out, err = run_cli(*argv)
    assert code == 2, err
    assert message in err and "Traceback" not in err
    prog = "doubloon bench spanish_main" if argv[0] == "bench" else f"doubloon {argv[0]}"
    assert err.strip().splitlines()[-1].startswith(f"{prog}: error: ")


def test_the_seed_list_must_stay_in_range(run_cli, monkeypatch):
    _no_work(monkeypatch)
    code, _, err = run_cli(
        "arena", "spanish_main", "--bots", "random,heuristic", "--games", "12", "--seed", str(2**63 - 1)
    )
    assert code == 2 and "would run seeds past 2**63-1" in err and "use a seed up to 9223372036854775796" in err


def test_players_zero_is_refused_not_the_default(run_cli, monkeypatch):
    _no_work(monkeypatch)
    code, _, err = run_cli("arena", "spanish_main", "--players", "0", "--bots", "random,heuristic")
    assert code == 2 and "num_players must be an integer in 2..4, got 0" in err
    code, _, err = run_cli("train", "spanish_main", "--players", "0")
    assert code == 2 and "num_players must be an integer in 2..4, got 0" in err


@pytest.mark.parametrize(
    "item, message",
    [
        ("upcoming_adventures=maybe", "option upcoming_adventures takes true/false/yes/no/1/0, got 'maybe'"),
        ("num_players=3.0", "option num_players takes an integer, got '3.0'"),
        ("nope=1", "unknown option 'nope'; spanish_main accepts: num_players"),
        ("upcoming_adventures", "game options are KEY=VALUE"),
    ],
)
def test_game_options_are_typed_by_their_defaults(run_cli, monkeypatch, item, message):
    _no_work(monkeypatch)
    code, _, err = run_cli("arena", "spanish_main", "--bots", "random,heuristic", "-o", item)
    assert code == 2 and message in err, err


def test_option_words_parse_as_the_game_expects():
    from argparse import Namespace

    from training.commands import game_options

    args = Namespace(
        game="spanish_main", players=None, option=["upcoming_adventures=yes", "move_cards_in_hand=0", "num_players=4"]
    )
    assert game_options(args) == {"upcoming_adventures": True, "move_cards_in_hand": False, "num_players": 4}
    args = Namespace(game="maracaibo_solo", players=None, option=["level=2", "expansion_cards=true"])
    assert game_options(args) == {"level": 2, "expansion_cards": True}


def test_outputs_into_a_missing_folder_are_created(run_cli, tmp_path):
    png, js = tmp_path / "new" / "deeper" / "a.png", tmp_path / "other" / "a.json"
    code, _, err = run_cli(
        "arena",
        "spanish_main",
        "--bots",
        "random,heuristic",
        "--games",
        "6",
        "--no-progress",
        "--plot",
        str(png),
        "--json",
        str(js),
    )
    assert code == 0, err
    assert png.is_file() and js.is_file()


# ----- train settings: declared once in TrainConfig, the CLI generated from them -----------------
def _train_config(monkeypatch, argv):
    seen = []

    def capture(cfg):
        seen.append(cfg)
        raise SystemExit(0)

    monkeypatch.setattr(training.train, "train", capture)
    with pytest.raises(SystemExit):
        main(["train", *argv])
    return seen[0]


def test_every_train_flag_defaults_to_its_trainconfig_field(monkeypatch, tmp_path):
    cfg = _train_config(monkeypatch, ["spanish_main", "--out", str(tmp_path / "run")])
    default = TrainConfig()
    for f in cli_settings():
        assert getattr(cfg, f.name) == getattr(default, f.name), f.name


def test_train_flags_set_their_settings_and_game_defaults_fill_the_rest(monkeypatch, tmp_path):
    cfg = _train_config(
        monkeypatch,
        ["spanish_main", "--lr", "0.001", "--epochs", "2", "--opponents", "random,self", "--out", str(tmp_path / "a")],
    )
    assert (cfg.learning_rate, cfg.n_epochs, cfg.opponents, cfg.opponent_weights) == (
        0.001,
        2,
        ("random", "self"),
        (1.0, 1.0),
    )  # own opponents without weights: equal weights
    solo = _train_config(monkeypatch, ["maracaibo_solo", "--out", str(tmp_path / "b")])
    for name, value in defaults_for(games.make("maracaibo_solo")).items():
        assert getattr(solo, name) == value


def test_a_games_own_defaults_apply_unless_a_flag_sets_them(monkeypatch, tmp_path):
    from training.train_config import GAME_DEFAULTS

    for name, own in GAME_DEFAULTS.items():
        cfg = _train_config(monkeypatch, [name, "--out", str(tmp_path / name)])
        assert {k: getattr(cfg, k) for k in own} == own
    flagged = _train_config(monkeypatch, ["pirates_of_nassau", "--timesteps", "4096", "--out", str(tmp_path / "f")])
    assert flagged.total_timesteps == 4096


def test_threads_reach_the_game_of_arena_bench_jean_and_train(run_cli, monkeypatch, tmp_path):
    import training.arena
    import training.bench_jean

    seen = []

    def capture(game, *args, **kwargs):
        seen.append(game.threads)
        raise SystemExit(0)

    monkeypatch.setattr(training.arena, "run_arena", capture)
    monkeypatch.setattr(training.bench_jean, "play_level", capture)
    assert run_cli("arena", "spanish_main", "--bots", "random,heuristic", "--threads", "1")[0] == 0
    assert (
        run_cli("bench-jean", "--bot", "random", "--level", "1", "--threads", str(min(2, games.max_threads())))[0] == 0
    )
    cfg = _train_config(monkeypatch, ["spanish_main", "--threads", "1", "--out", str(tmp_path / "run")])
    assert seen == [1, min(2, games.max_threads())] and cfg.threads == 1


@pytest.mark.slow
def test_bench_runs_from_the_package_not_a_source_path(tmp_path, capsys, monkeypatch):
    # an installed doubloon has no benchmarks/ folder beside it: bench imports its module
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "spanish_main", "--seconds", "0.05", "--no-progress"]) == 0
    assert (tmp_path / "benchmarks" / "results" / "spanish_main.json").is_file()
    assert "connect_four" in capsys.readouterr().out


def test_mismatched_opponent_weights_name_both_counts_before_any_work(run_cli, monkeypatch, tmp_path):
    _no_work(monkeypatch)
    code, _, err = run_cli(
        "train",
        "spanish_main",
        "--opponents",
        "heuristic,self,random",
        "--opponent-weights",
        "0.5,0.5",
        "--out",
        str(tmp_path / "run"),
    )
    assert code == 2 and "Traceback" not in err
    assert "3 opponents (heuristic, self, random) but 2 opponent weights (0.5, 0.5)" in err
    assert not (tmp_path / "run").exists()


def _help(*argv):
    """A command's --help, its lines joined (argparse wraps to the terminal's width)."""
    done = subprocess.run([sys.executable, "-m", "training", *argv, "--help"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return " ".join(done.stdout.split())


def test_help_texts_are_whole():
    # the bench description is the benchmark's whole first sentence, not its first line
    assert "against PettingZoo's connect_four_v3 measured the same way in the same run." in _help(
        "bench", "spanish_main"
    )
    train = _help("train")
    assert "(default )" not in train
    assert "--init-from INIT_FROM start from this checkpoint's weights" in train
    assert "before any imitation (default none)" in train
    assert "so this rounds up to the next whole rollout (default 1,500,000" in train


def test_train_announces_the_warm_start_and_the_rounded_timesteps(monkeypatch, tmp_path, capsys):
    _train_config(monkeypatch, ["spanish_main", "--timesteps", "5000", "--out", str(tmp_path / "a")])
    out = capsys.readouterr().out
    assert "warm start: imitating heuristic on 60,000 of its decisions (+6,000 held out to measure it)" in out
    assert "(skip it: --imitate '')" in out
    # 128 games x 64 steps = 8,192 a rollout: 5,000 rounds up to one rollout
    assert "PPO: 8,192 learner steps (--timesteps 5,000 rounded up), in whole rollouts of 128 games x 64" in out
    _train_config(monkeypatch, ["spanish_main", "--imitate", "", "--timesteps", "16384", "--out", str(tmp_path / "b")])
    out = capsys.readouterr().out
    assert "warm start" not in out and "rounded up" not in out and "PPO: 16,384 learner steps" in out


def test_the_announced_learner_steps_are_the_steps_trained(run_cli, tmp_path):
    out = tmp_path / "run"
    code, stdout, err = run_cli(
        "train",
        "spanish_main",
        "--timesteps",
        "100",
        "--num-envs",
        "8",
        "--n-steps",
        "32",
        "--batch-size",
        "64",
        "--epochs",
        "1",
        "--imitate",
        "",
        "--eval-every",
        "0",
        "--eval-games",
        "2",
        "--threads",
        "1",
        "--no-progress",
        "--out",
        str(out),
    )
    assert code == 0, err
    assert "PPO: 256 learner steps (--timesteps 100 rounded up)" in stdout
    assert json.loads((out / "settings.json").read_text())["timesteps"] == 256


def test_the_rllib_engine_without_ray_says_which_extra_to_install(run_cli, monkeypatch, tmp_path):
    # as on a machine without the scale extra: ``import ray`` fails
    monkeypatch.setitem(sys.modules, "ray", None)
    code, _, err = run_cli("train", "spanish_main", "--engine", "rllib", "--out", str(tmp_path / "run"))
    assert code == 2
    assert "--engine rllib needs Ray RLlib, the scale extra" in err and "pip install -e '.[train,scale]'" in err
    assert not (tmp_path / "run").exists()  # stopped before any work


def test_the_rllib_plan_and_settings_say_what_an_rllib_run_does(monkeypatch, capsys, tmp_path):
    pytest.importorskip("ray", reason="--engine rllib needs the scale extra")
    cfg = _train_config(
        monkeypatch,
        [
            "spanish_main",
            "--engine",
            "rllib",
            "--timesteps",
            "2000",
            "--num-envs",
            "8",
            "--n-steps",
            "256",
            "--out",
            str(tmp_path / "run"),
        ],
    )
    # no warm start, shaping or periodic evaluation in an RLlib run (docs/scaling.md): settings.json records cfg
    assert (cfg.imitate, cfg.reward_shaping, cfg.eval_every, cfg.dagger_rounds) == ("", 0.0, 0, 0)
    out = capsys.readouterr().out
    assert "imitating" not in out and "learner steps" not in out  # no warm start; RLlib does not round to rollouts
    assert "PPO (RLlib): iterations of about 2,048 sampled steps" in out and "made 2,000 decisions" in out
    assert "--imitate" not in training.train.reproduce_command(cfg)


def test_the_rllib_engine_refuses_the_settings_it_does_not_use(run_cli, tmp_path):
    pytest.importorskip("ray", reason="--engine rllib needs the scale extra")
    code, out, err = run_cli(
        "train",
        "spanish_main",
        "--engine",
        "rllib",
        "--imitate",
        "heuristic",
        "--reward-shaping",
        "0.2",
        "--out",
        str(tmp_path / "run"),
    )
    assert (code, out) == (2, "")
    assert err == (
        "doubloon train: error: --engine rllib does not use --imitate, --reward-shaping "
        "(docs/scaling.md): leave it out\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["spanish_main"],
        [
            "spanish_main",
            "--players",
            "4",
            "--timesteps",
            "20000",
            "--opponents",
            "random,self",
            "--imitate",
            "",
            "--lr",
            "0.001",
            "--seed",
            "7",
            "--num-env-runners",
            "3",
        ],
        ["maracaibo_solo", "--epochs", "2", "--opponent-weights", "1"],
    ],
)
def test_the_reproduce_command_runs_the_same_settings(monkeypatch, tmp_path, argv):
    import shlex

    from training.train_config import reproduce_command

    cfg = _train_config(monkeypatch, [*argv, "--out", str(tmp_path / "run")])
    words = shlex.split(reproduce_command(cfg))
    assert words[:3] == ["doubloon", "train", argv[0]]
    assert _train_config(monkeypatch, words[2:]) == cfg


def test_ctrl_c_during_training_saves_what_was_learnt(run_cli, monkeypatch, tmp_path):
    # a long run stopped by the user keeps its checkpoint: learn() is interrupted after one rollout
    from sb3_contrib import MaskablePPO

    from training.bots.policy_bot import load_policy

    learn = MaskablePPO.learn

    def learn_then_interrupt(self, total_timesteps, **kwargs):
        learn(self, total_timesteps, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(MaskablePPO, "learn", learn_then_interrupt)
    out = tmp_path / "run"
    code, stdout, _ = run_cli(
        "train",
        "spanish_main",
        "--timesteps",
        "256",
        "--num-envs",
        "8",
        "--n-steps",
        "32",
        "--batch-size",
        "64",
        "--epochs",
        "1",
        "--imitate",
        "",
        "--eval-every",
        "0",
        "--eval-games",
        "2",
        "--threads",
        "1",
        "--no-progress",
        "--out",
        str(out),
    )
    assert code == 130 and "interrupted after 256 learner steps" in stdout
    settings = json.loads((out / "settings.json").read_text())
    assert settings["interrupted"] is True and settings["timesteps"] == 256 and settings["final_eval"] is None
    assert load_policy(out / "model.safetensors", games.make("spanish_main", num_players=3)) is not None
