"""Rows of one batch on different boards (MA-26.4): ``opt_legacy`` is a row config field
(games/core/game.py ``row_config_fields``, docs/design.md "Row configuration"), so a batch
may mix tile sets while every other option still has to match the game's."""

import numpy as np
import pytest

import games
from games.core.errors import PositionError
from games.maracaibo.data import legacy

SETS = [(), ("L2", "L6"), ("L10", "L25"), legacy.LEGACY_TILE_IDS]  # (): the board without tiles
GAME_OPTIONS = {"maracaibo": {"num_players": 2}, "maracaibo_solo": {}}


def variants(name, **options):
    return [games.make(name, **GAME_OPTIONS[name], **options, legacy_tiles=t) for t in SETS]


def mixed_batch(games_, seeds):
    """Row i: a game of ``games_[i % len]`` with seed ``seeds[i]`` (its own ``init``)."""
    rows = [games_[i % len(games_)].init(np.array([s])) for i, s in enumerate(seeds)]
    return np.concatenate(rows)


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_row_config_fields_are_the_tile_set_and_the_c_cards(name):
    """MA-26.4, GAP-63: the tile set asked for and the C cards are the options rows of a
    batch may differ in (a campaign's games differ in both)."""
    g = games.make(name)
    assert g.row_config_fields == ("opt_legacy_setup", "opt_c_cards")
    assert set(g.row_config_fields) <= set(g.config_fields)


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_mixed_batch_passes_the_batched_calls(name):
    """MA-26.4: a batch of every board passes check_state and the batched calls of any
    variant; each row keeps its own tile set (its record's opt_legacy)."""
    gs = variants(name)
    state = mixed_batch(gs, range(8))
    assert sorted(set(state["opt_legacy"].tolist())) == sorted(legacy.tiles_mask(t) for t in SETS)
    for g in gs:
        g.check_state(state)
        mask = g.legal_action_mask(state)
        assert mask.any(axis=1).all()
        g.observe(state, np.maximum(state["current_player"], 0))
        g.scores(state)


def test_one_record_belongs_to_its_variant_game():
    """MA-26.4: a single position (to_json, one_record, render) is a position of the game
    of its own tile set; another variant refuses it by name (opt_legacy), its own takes it."""
    plain, tiled = variants("maracaibo")[:2]
    rec = tiled.init(np.array([3]))[0]
    for call in (plain.to_json, plain.one_record, plain.render):
        with pytest.raises(ValueError, match="opt_legacy"):
            call(rec)
    assert tiled.from_json(tiled.to_json(rec)).tobytes() == rec.tobytes()
    assert "L2" in tiled.render(rec)
    with pytest.raises(PositionError, match="opt_legacy"):  # the JSON names the game's options
        plain.from_json({**tiled.to_json(rec), "options": plain.to_json(plain.init(np.array([3]))[0])["options"]})


def test_other_config_fields_are_still_refused():
    """MA-26.4 changes only opt_legacy: a row of another player count or another MA-25
    option is refused as before, even in a batch that mixes tile sets."""
    two = variants("maracaibo")
    three = games.make("maracaibo", num_players=3, legacy_tiles=("L2", "L6"))
    state = np.concatenate([mixed_batch(two, range(2)), three.init(np.array([5]))])
    with pytest.raises(ValueError, match="row 2 of the state was made with num_players=3"):
        two[0].legal_action_mask(state)
    opened = games.make("maracaibo", num_players=2, prestige_open=True, legacy_tiles=("L2", "L6"))
    state = np.concatenate([mixed_batch(two, range(2)), opened.init(np.array([5]))])
    with pytest.raises(ValueError, match="row 2 of the state was made with opt_prestige_open=1"):
        two[1].step(state, np.zeros(3, dtype=np.int64))


@pytest.mark.parametrize("name", ["maracaibo", "maracaibo_solo"])
def test_each_row_plays_its_variants_game(name):
    """MA-26.4, batch invariance across boards: every row of a batch mixing tile sets,
    stepped by one variant, follows byte for byte the game its own variant plays alone
    from the same seed with the same actions (a few hundred random legal steps)."""
    gs = variants(name)
    seeds = [11, 12, 13, 14, 15, 16, 17, 18]
    batch = mixed_batch(gs, seeds)
    alone = [gs[i % len(gs)].init(np.array([s])) for i, s in enumerate(seeds)]
    stepper = gs[1]  # any variant steps the whole batch
    rng = np.random.default_rng(0)
    for _ in range(300):
        mask = stepper.legal_action_mask(batch)
        live = ~stepper.terminated(batch)
        if not live.any():
            break
        actions = np.array([rng.choice(np.flatnonzero(m)) if ok else 0 for m, ok in zip(mask, live)])
        stepper.step(batch, actions)
        for i, rec in enumerate(alone):
            if live[i]:
                gs[i % len(gs)].step(rec, actions[i : i + 1])
            assert batch[i : i + 1].tobytes() == rec.tobytes(), f"row {i} ({SETS[i % len(SETS)]}) diverged"
    obs = stepper.observe(batch, np.zeros(len(seeds), dtype=np.int64))
    for i, rec in enumerate(alone):
        assert np.array_equal(obs[i], gs[i % len(gs)].observe(rec, [0])[0])
