"""The ``search`` bot: the heuristic improved by determinized rollouts (training/bots/search.py)."""

import functools

import numpy as np
import pytest

import games
from games.core.state import records_equal
from training.bots import make_bot, make_bots
from training.bots.search import SearchBot
from training.bots.search_value import margins_at_cut
from training.simulate import play_games


def search_bot(game, **settings):
    """A SearchBot over the heuristic, as ``make_bot("search")`` builds it."""
    return SearchBot(game, functools.partial(make_bot, "heuristic", game), **settings)


EVERY_GAME = [
    ("spanish_main", dict(num_players=3)),
    ("maracaibo", dict(num_players=2)),
    ("maracaibo_solo", dict(level=2)),
    ("el_caballero", dict(num_players=2)),
    ("pirates_of_nassau", dict(num_players=3)),
]
SMALL = "search:3:2:4"  # three candidates, two worlds, four steps: cheap, and every part runs
IDS = [name for name, _ in EVERY_GAME]


@pytest.fixture(scope="module", params=EVERY_GAME, ids=IDS)
def game(request):
    name, options = request.param
    return games.make(name, **options)


def _positions(game, n=12, max_depth=60):
    """Live records after a random number (below ``max_depth``) of random legal moves,
    with the seat to act and the legal masks."""
    rng = np.random.default_rng(0)
    state = game.init(np.arange(n))
    depth = rng.integers(0, max_depth, size=n)
    for t in range(max_depth):
        moving = ~game.terminated(state) & (depth > t)
        masks = game.legal_action_mask(state)
        picks = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)
        sub = state[moving]
        game.step(sub, picks[moving])
        state[moving] = sub
    state = state[~game.terminated(state)]
    return state, game.current_player(state), game.legal_action_mask(state)


@pytest.mark.slow
def test_plays_whole_games_legally(game):
    # play_games raises on any illegal move; the search sits in every seat but one
    bots = make_bots(f"{SMALL},heuristic", game, seed=0)
    seats = max(game.num_players, 1)
    seat_bots = np.zeros((2, seats), dtype=np.int64)
    seat_bots[:, -1] = 1 if seats > 1 else 0
    scores, _ = play_games(game, bots, seat_bots, [5, 6])
    assert scores.shape == (2, seats)
    assert bots[0].decisions > 0


def test_one_candidate_plays_the_heuristic_move(game):
    state, seats, masks = _positions(game, n=24)
    search, heuristic = make_bot("search:1", game, seed=7), make_bot("heuristic", game, seed=7)
    for _ in range(2):  # twice: a heuristic with its own random stream stays in step
        assert np.array_equal(search.plan(state, seats, masks), heuristic(game.observe(state, seats), masks))


def test_candidates_start_with_the_heuristic_move_and_are_distinct_and_legal(game):
    state, seats, masks = _positions(game)
    bot = make_bot("search:4", game, seed=1)
    cands = bot.candidate_actions(game.observe(state, seats), masks)
    assert np.array_equal(cands[:, 0], make_bot("heuristic", game, seed=1)(game.observe(state, seats), masks))
    for row, mask in zip(cands, masks):
        real = row[row >= 0]
        assert mask[real].all() and len(set(real.tolist())) == real.size
        assert real.size == min(4, mask.sum())  # -1 only where the legal actions run out
        assert (row[: real.size] >= 0).all()


@pytest.mark.slow
def test_the_same_seed_plays_the_same_moves(game):
    state, seats, masks = _positions(game)
    a = make_bot(SMALL, game, seed=3).plan(state, seats, masks)
    assert masks[np.arange(len(state)), a].all()
    assert np.array_equal(a, make_bot(SMALL, game, seed=3).plan(state, seats, masks))


def test_a_decision_depends_on_the_seed_and_the_observation_only(game):
    # not on the other games of the batch, nor on the calls before: a ladder split into
    # chunks plays the games of one run (Nassau's heuristic draws its tie-breaks per call)
    if game.name == "pirates_of_nassau":
        pytest.skip("Nassau's heuristic draws tie-break noise per call: its rollouts follow the batch")
    state, seats, masks = _positions(game)
    together = make_bot(SMALL, game, seed=5).plan(state, seats, masks)
    later = make_bot(SMALL, game, seed=5)
    for i in reversed(range(len(state))):  # one row per call, in another order, one bot
        assert later.plan(state[i : i + 1], seats[i : i + 1], masks[i : i + 1])[0] == together[i]


def test_cannot_see_hidden_information(game):
    # a second record that agrees with the seat's observation and redraws all it cannot see
    state, seats, masks = _positions(game)
    differ = 0
    for i in range(len(state)):
        seat = int(seats[i])
        other = game.resample_hidden(state[i], seat, [1000 + i])
        assert np.array_equal(game.observe(other, [seat]), game.observe(state[i : i + 1], [seat]))
        differ += not records_equal(other[0], state[i])
        a = make_bot(SMALL, game, seed=11).plan(state[i : i + 1], seats[i : i + 1], masks[i : i + 1])
        b = make_bot(SMALL, game, seed=11).plan(other, seats[i : i + 1], game.legal_action_mask(other))
        assert a[0] == b[0]
    assert differ > 0  # the test compared positions whose hidden parts differ


def test_margin_at_the_cut_is_the_final_margin_of_a_finished_game():
    # a finished Maracaibo record already holds its final scoring (MA-22): read as it stands
    game = games.make("maracaibo_solo", level=1)
    bot = make_bot("heuristic", game)
    state = game.init([3, 4])
    while not game.terminated(state).all():
        game.step(state, bot(game.observe(state, 0), game.legal_action_mask(state)))
    margin = margins_at_cut(game, state, np.zeros(2, dtype=np.int64))
    assert np.array_equal(margin, game.scores(state)[:, 0] - game.jean_scores(state))


def test_margin_at_a_cut_counts_the_end_scoring():
    # mid-game Maracaibo: nobility x nation value, majorities and VP income come at the
    # end (MA-22.3 .. MA-22.6), so the projection is at least the running VP of each seat
    game = games.make("maracaibo", num_players=2)
    state, seats, _ = _positions(game)
    margin = margins_at_cut(game, state, seats)
    running = game.scores(state)
    rows = np.arange(len(state))
    assert margin.shape == (len(state),)
    assert not np.array_equal(margin, running[rows, seats] - running[rows, 1 - seats])


def test_beats_the_heuristic_it_improves_on_spanish_main():
    game = games.make("spanish_main", num_players=2)
    bots = make_bots("search:3:4:end:0,heuristic", game, seed=0)  # the greedy pick: best mean of 4 worlds
    seat_bots = np.array([[0, 1], [1, 0]] * 6)  # each deal twice, seats swapped
    scores, _ = play_games(game, bots, seat_bots, np.arange(12) // 2)
    search_seat = np.argmin(seat_bots, axis=1)
    rows = np.arange(12)
    assert scores[rows, search_seat].sum() > scores[rows, 1 - search_seat].sum()


def test_plays_bench_jean():
    # bench-jean takes the bot by name (envs.seats.play_seats asks it to plan)
    from training.bench_jean import run_ladder

    from training.bench_jean import SPEED_PREFIX, format_table

    result = run_ladder({}, "search:2:2:2", "1", 1)
    assert result.levels[0].games == 1 and result.bot == "search:2:2:2"
    assert result.levels[0].decisions_per_second > 0  # printed on the speed line
    speed = [line for line in format_table(result).splitlines() if line.startswith(SPEED_PREFIX)]
    assert speed == [f"{SPEED_PREFIX} search:2:2:2: level 1 {result.levels[0].decisions_per_second:.1f} decisions/s"]


def test_arena_prints_each_bots_decisions_per_second():
    from training.arena import SPEED_PREFIX, format_result, run_arena

    game = games.make("spanish_main", num_players=2)
    bots = make_bots("search:2:2:2,heuristic", game)
    result = run_arena(game, bots, 2)
    assert all(b.decisions_per_second > 0 for b in result.bots)
    speed = [line for line in format_result(result).splitlines() if line.startswith(SPEED_PREFIX)]
    assert len(speed) == 1 and f"{bots[0].name} " in speed[0] and "heuristic " in speed[0]


def test_bad_settings_are_refused():
    game = games.make("spanish_main", num_players=2)
    for spec, message in [
        ("search:0", "candidates"),
        ("search:x", "bad search bot"),
        ("search:2:0", "worlds"),
        ("search:2:2:forever", "horizon 'forever' is not a number"),
        ("search:2:2:2:x", "confidence 'x' is not a number"),
        ("search:2:2:2:1:1", "bad search bot"),
    ]:
        with pytest.raises(ValueError, match=message):
            make_bot(spec, game)
    with pytest.raises(ValueError, match="horizon"):
        search_bot(game, horizon=-1)
    with pytest.raises(ValueError, match="confidence"):
        search_bot(game, confidence=-0.5)
    with pytest.raises(TypeError, match="reads the game's state"):
        make_bot("search", game)(np.zeros((1, game.obs_size), np.float32), np.ones((1, game.num_actions), bool))


def test_a_runner_up_must_beat_the_heuristic_move_in_the_paired_test():
    game = games.make("spanish_main", num_players=2)
    bot = search_bot(game, candidates=3, worlds=4, confidence=1.0)
    nan = np.nan
    margins = np.array(
        [
            [[10, 20, 30, 40], [11, 21, 31, 41], [0, 0, 0, 0]],  # +1 in every world: played
            [[10, 20, 30, 40], [40, 30, 20, 10.5], [nan] * 4],  # a better mean, all noise: kept
            [[0, 0, 0, 0], [nan] * 4, [nan] * 4],  # no runner-up: kept
            [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 1.9]],  # both sure: the better bound
        ],
        dtype=np.float64,
    )
    assert bot.pick(margins).tolist() == [1, 0, 0, 2]
    greedy = search_bot(game, candidates=3, worlds=4, confidence=0)
    assert greedy.pick(margins).tolist() == [1, 1, 0, 2]  # the best mean (row 1: +0.125)
    tie = np.array([[[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]], dtype=np.float64)
    assert greedy.pick(tie).tolist() == [0]  # a tie keeps the heuristic's move
    one_world = search_bot(game, candidates=2, worlds=1, confidence=1.0)
    assert one_world.pick(np.array([[[0.0], [5.0]]])).tolist() == [0]  # no spread to test against


def test_each_game_searches_with_its_own_defaults():
    from training.bots.search import DEFAULTS, GAME_DEFAULTS

    short = make_bot("search", games.make("spanish_main", num_players=2))
    assert (short.candidates, short.worlds, short.horizon) == (5, 32, None)  # rollouts to the end
    solo = make_bot("search", games.make("maracaibo_solo", level=1))
    numbers = ("candidates", "worlds", "horizon", "confidence")
    assert (solo.candidates, solo.worlds, solo.horizon, solo.confidence) == tuple(DEFAULTS[k] for k in numbers)
    assert short.name == solo.name == "search"  # the game's defaults are plain "search"
    # with 2-4 players Maracaibo's cut after 24 steps does not follow the final margin
    # (benchmarks/search_cut_value.py): its rollouts play to the end, the solo game's do not
    multi = make_bot("search", games.make("maracaibo", num_players=3))
    assert (multi.candidates, multi.worlds, multi.horizon, multi.name) == (2, 8, None, "search")
    assert make_bot("search:3:8:24:2", games.make("maracaibo", num_players=3)).name == "search:3:8:24:2"
    spelled_out = make_bot("search:5:32:end:1", games.make("spanish_main", num_players=2))
    assert spelled_out.name == "search" and GAME_DEFAULTS["spanish_main"]["confidence"] == 1.0
    assert make_bot("search:5:32:24:1", games.make("spanish_main", num_players=2)).name == "search:5:32:24:1"
    with pytest.raises(TypeError, match="unknown setting 'budget'"):
        search_bot(games.make("spanish_main", num_players=2), budget=4)


def test_the_rollout_bot_moves_every_seat_in_the_rollouts(game):
    # rollout=NAME: any bot that plays from observations moves the rollouts; the root's
    # candidates stay the heuristic's (the search improves the heuristic, not the rollout bot)
    from training.bots.random_bot import RandomBot

    state, seats, masks = _positions(game, n=6)
    bot = make_bot(f"{SMALL}:rollout=random", game, seed=2)
    assert isinstance(bot.rollout_policy, RandomBot) and bot.name.endswith(":rollout=random")
    assert type(make_bot(SMALL, game).rollout_policy) is type(make_bot("heuristic", game))
    random_bot, asked = bot.rollout_policy, []

    def counted(observations, action_masks):
        actions = random_bot(observations, action_masks)
        assert action_masks[np.arange(len(actions)), actions].all()
        asked.append(len(actions))
        return actions

    bot.rollout_policy = counted
    actions = bot.plan(state, seats, masks)
    assert masks[np.arange(len(state)), actions].all()
    assert 0 < len(asked) <= 4  # each of the horizon's 4 steps asks it once, over the live rollouts
    again = make_bot(f"{SMALL}:rollout=random", game, seed=2).plan(state, seats, masks)
    assert np.array_equal(actions, again)  # reproducible from the seed


def test_a_rollout_bot_must_play_from_observations():
    game = games.make("spanish_main", num_players=2)
    with pytest.raises(ValueError, match="rollout must name a bot that plays from observations"):
        make_bot("search:rollout=search", game)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_bot("search:rollout=nobody", game)
    with pytest.raises(ValueError, match="given twice"):
        make_bot("search:rollout=random:rollout=heuristic", game)
