"""The soak (benchmarks/soak.py) briefly, on every configuration of every game: no live
game without a legal action, every field in range, every game ended within the bound,
every sampled position accepted by from_json. The long runs and their counts are in
docs/design.md ("Soak"); this keeps `make test` honest between them."""

import pytest

import games
from benchmarks import soak

pytestmark = pytest.mark.slow  # thousands of checked steps per configuration, then every game to its end

STEPS = 5_000  # per configuration, then every game still live plays to its end (the drain)
BATCH = 32


def test_every_game_has_configurations():
    assert sorted(soak.PLAYERS) == games.list()
    for name in games.list():
        for options in soak.configurations(name):
            games.make(name, **options)  # every listed option value is accepted


@pytest.mark.parametrize("name", games.list())
def test_soak_briefly(name):
    configs = soak.configurations(name)
    rows, failures = soak.soak_game(name, STEPS * len(configs), BATCH, bound=20_000, sample_every=8)
    assert failures == []
    assert all(r["games"] > 0 for r in rows), "every configuration played games to their end"


def test_checks_catch_a_broken_game():
    # a negative hold count (PN-2.5) and a game past the bound are each counted once
    s = soak.Soak("pirates_of_nassau", dict(num_players=3), batch=4, bound=10**6, sample_every=1)
    s.state["hold"][2, 4] = -1
    s.game.legal_action_mask(s.state, out=s.mask)
    assert s.check().tolist() == [2]
    assert s.counts["out_of_range"] == 1 and s.failures[0]["seed"] == 2
    s = soak.Soak("pirates_of_nassau", dict(num_players=3), batch=4, bound=5, sample_every=10**6)
    counts = s.run(8)
    assert counts["stuck"] == 4 and counts["games"] == 0


def test_replay_rebuilds_a_row():
    # the actions of a game depend on its seed and own step only, not on its batch
    s = soak.Soak("pirates_of_nassau", dict(num_players=4), batch=8, bound=20_000, sample_every=10**6)
    for _ in range(30):
        s.game.legal_action_mask(s.state, out=s.mask)
        s.game.step_unchecked(s.state, soak.choose(s.mask, s.seeds, s.ages))
        s.ages += 1
    alone = soak.replay(s.game, int(s.seeds[5]), 30)
    assert s.game.equal(alone[0], s.state[5])
