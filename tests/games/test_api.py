"""The engine contract (docs/design.md, games.api_test) on every registered game and configuration.

A new game is covered by being registered: ``test_every_game_has_configs`` fails
until its configurations are listed here. ``RUN`` sizes the random play per game
(Maracaibo's games are long).
"""

import pytest

import games

CONFIGS = {
    "spanish_main": [
        dict(num_players=2),
        dict(num_players=3),
        dict(num_players=4),
        dict(num_players=3, upcoming_adventures=True),  # SM-10.1
        dict(num_players=4, upcoming_adventures=True),
        dict(num_players=2, move_cards_in_hand=True),  # SM-10.2
        dict(num_players=3, move_cards_in_hand=True),
        dict(num_players=3, fame_source="discard_then_deck"),  # SM-10.3
        dict(num_players=4, upcoming_adventures=True, move_cards_in_hand=True, fame_source="discard_then_deck"),
        dict(num_players=3, mask_noop_moves=True),  # GAP-6 option
        dict(num_players=3, reward="rank"),
        dict(num_players=3, reward="score_margin"),
    ],
    "el_caballero": [dict(num_players=n, expanded=e) for n in (2, 3, 4) for e in (False, True)]  # EC-1.1, EC-10
    + [
        dict(num_players=3, power_row="el_grande", order="area_first", court_cap=8),  # EC-2.4, EC-GAP-11, -7
        dict(num_players=2, two_player_second=True, map_cards=7, radius=4, subaction_cap=8),  # EC-GAP-22a, -6, -3
        dict(
            num_players=4,
            expanded=True,
            one_land_rule="regions",
            order="strict",
            closed="no_legal_caballero",
            tie_break="court",
            next_start="last_played",
        ),
    ],  # EC-GAP-5, -11, -23, EC-9.3, EC-GAP-10
    "maracaibo": [dict(num_players=2), dict(num_players=3), dict(num_players=4, quest_card=76)],  # MA-26.1, D16
    "maracaibo_solo": [dict(level=level) for level in (1, 2, 3, 4, 5)]  # MA-24.4
    + [dict(level=5, expansion_cards=True, quest_card=77)],
    "pirates_of_nassau": [
        dict(num_players=3),
        dict(num_players=4),
        dict(num_players=5),  # PN-4.8
        dict(num_players=4, plank_any_time=False, return_all_hostages=True, cargo_loss="goods"),
        dict(num_players=5, random_starting_tokens=True, auto_resolve=True),
    ],  # GAP-8, PN-19.3
}
RUN = {
    "el_caballero": dict(num_games=32, max_steps=8000),
    "spanish_main": dict(),
    "maracaibo": dict(num_games=16, max_steps=6000),
    "maracaibo_solo": dict(num_games=16, max_steps=6000),
    "pirates_of_nassau": dict(),
}


def _cases():
    for name, configs in CONFIGS.items():
        for index, options in enumerate(configs):
            label = ",".join(f"{k}={v}" for k, v in options.items())
            # the quick loop checks each game's first configuration; the rest run in `make test`
            yield pytest.param(name, options, id=f"{name}:{label}", marks=pytest.mark.slow if index else ())


@pytest.mark.parametrize("name, options", list(_cases()))
def test_api(name, options):
    games.api_test(games.make(name, **options), **RUN[name])


def test_every_game_has_configs():
    assert sorted(CONFIGS) == games.list()


def test_registry_lists_and_rejects():
    assert "spanish_main" in games.list()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        games.make("chess")
