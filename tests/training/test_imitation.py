"""The warm start's demonstrations: exactly the number of teacher decisions asked for."""

import numpy as np
import pytest

from training.bots import RandomBot
from training.imitation import collect_demonstrations


@pytest.mark.parametrize("decisions, batch", [(1, 512), (100, 512), (700, 8), (512, 512)])
def test_exactly_the_decisions_asked_for(spanish3, decisions, batch):
    obs, masks, actions, returns = collect_demonstrations(
        spanish3, RandomBot(0), [RandomBot(1)], decisions, seed=3, batch=batch
    )
    assert len(obs) == len(masks) == len(actions) == len(returns) == decisions
    assert obs.shape[1] == spanish3.obs_size and masks.shape[1] == spanish3.num_actions
    assert masks[np.arange(decisions), actions].all()  # every kept action is legal where it was taken
    assert np.isfinite(returns).all()


def test_reproducible(spanish3):
    a = collect_demonstrations(spanish3, RandomBot(0), [RandomBot(1)], 300, seed=5, batch=16)
    b = collect_demonstrations(spanish3, RandomBot(0), [RandomBot(1)], 300, seed=5, batch=16)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("decisions", [0, -5, 2.5, True])
def test_bad_counts(spanish3, decisions):
    with pytest.raises(ValueError, match="decisions must be a positive integer"):
        collect_demonstrations(spanish3, RandomBot(0), [RandomBot(1)], decisions)


def test_progress_counts_the_decisions_and_changes_nothing(spanish3, monkeypatch):
    import tqdm

    bars = []

    class Recorded(tqdm.tqdm):
        def close(self):
            if not self.disable:  # tqdm closes again on deletion
                bars.append((self.desc, self.n, self.total))
            super().close()

    monkeypatch.setattr(tqdm, "tqdm", Recorded)
    quiet = collect_demonstrations(spanish3, RandomBot(0), [RandomBot(1)], 300, seed=5, batch=16)
    shown = collect_demonstrations(spanish3, RandomBot(0), [RandomBot(1)], 300, seed=5, batch=16, progress=True)
    assert bars == [("demonstrations", 300, 300)]  # one bar, reaching exactly the count asked for
    for x, y in zip(quiet, shown):
        np.testing.assert_array_equal(x, y)
