"""Carry a trained checkpoint over to a game whose layouts grew (``checkpoint_migrate.widen_checkpoint``).

    python -m tools.migrate_checkpoint GAME SRC DST [--added-obs A,B] [--added-actions C,D]
        [-o KEY=VALUE ...] [--note TEXT]
    python -m tools.migrate_checkpoint --value GAME SRC DST [--note TEXT]
    python -m tools.migrate_checkpoint --shipped-values

The Maracaibo baselines were carried over to the legacy-tile layout (MA-26.4) with
``python -m tools.migrate_checkpoint --maracaibo-legacy``, which runs this for
training/baselines/maracaibo and training/baselines/maracaibo_solo in place, adding the
segments of every step of ``LEGACY_STEPS`` the checkpoint lacks.

A learned cut value (``training.value``, training/baselines/GAME/value.safetensors)
declares its observation layout segment by segment, so ``--value GAME SRC DST`` needs no
list of added segments, and ``--shipped-values`` carries every shipped value over in
place (run it after a game's observation layout grows).
"""

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the segments Maracaibo's legacy tiles added (games/maracaibo/spaces.py), step by step:
# (date, observation segments, action segments)
LEGACY_STEPS = (
    (
        "2026-12-03",
        ("legacy_tiles", "legacy_discs", "legacy_markers", "legacy_bought", "legacy_ship"),
        ("legacy_buy", "legacy_combat", "legacy_sail"),
    ),
    ("2026-12-04", ("legacy_city_markers",), ("legacy_annex",)),  # annexing the new cities L4 / L7
    ("2026-12-06", ("quest_card",), ()),  # the quest cards 75 / 76 / 77 (MA-26.1, D16)
    (  # the C cards 90-99 in the project deck (GAP-63): their twins of the card segments
        "2026-12-06",
        (
            "c_cards_bought",
            "c_cards_planning",
            "c_cards_my_hand",
            "c_cards_display",
            "c_cards_discard",
            "c_cards_in_game",
        ),
        (),
    ),
    (  # story mode (MA-26.1 - MA-26.3): story cards, story tiles, votes
        "2026-12-06",
        (
            "story_decision",
            "story_cards",
            "story_tiles",
            "story_tile_cards",
            "story_tiles_taken",
            "story_vote_options",
            "story_votes_cast",
            "my_story_vote",
        ),
        ("story_quest", "remove_skull", "vote"),
    ),
)
LEGACY_OBS = tuple(name for step in LEGACY_STEPS for name in step[1])
LEGACY_ACTIONS = tuple(name for step in LEGACY_STEPS for name in step[2])
LEGACY_NOTE = (
    "observation {old_obs}, {old_actions} actions, carried over to the legacy-tile layout of {date} "
    "by tools/migrate_checkpoint.py (added {added}): zero weights for the added inputs, zero rows for "
    "the added actions, so the default game plays as before"
)


def migrate(game_name, src, dst, added_obs=(), added_actions=(), options=None, note=""):
    import games
    from training import checkpoint, checkpoint_migrate

    old = checkpoint.read_spec(src)
    game = games.make(game_name, **(options if options is not None else old.game_options))
    spec = checkpoint_migrate.widen_checkpoint(src, dst, game, added_obs, added_actions, note=note)
    print(
        f"{src} -> {dst}: observation {old.obs_size} -> {spec.obs_size}, "
        f"actions {old.num_actions} -> {spec.num_actions}"
    )
    return spec


def missing_legacy_steps(game, spec):
    """The ``LEGACY_STEPS`` a checkpoint of ``game`` lacks: the newest steps whose segments,
    left out of the game's layouts, give the checkpoint's sizes (none: it is current)."""
    for k in range(len(LEGACY_STEPS) + 1):
        later = LEGACY_STEPS[k:]
        obs = sum(game.obs_layout[name].size for step in later for name in step[1])
        acts = sum(game.action_layout[name].size for step in later for name in step[2])
        if (game.obs_size - obs, game.num_actions - acts) == (spec.obs_size, spec.num_actions):
            return later
    raise ValueError(
        f"a {spec.game} checkpoint with observation {spec.obs_size} and {spec.num_actions} actions "
        "matches no step of the legacy-tile layout"
    )


def migrate_maracaibo_legacy():
    import games
    from training import checkpoint

    for name in ("maracaibo", "maracaibo_solo"):
        path = ROOT / "training" / "baselines" / name / "model.safetensors"
        old = checkpoint.read_spec(path)
        steps = missing_legacy_steps(games.make(name, **old.game_options), old)
        if not steps:
            print(f"{path}: already on the current layout")
            continue
        added_obs = tuple(x for step in steps for x in step[1])
        added_actions = tuple(x for step in steps for x in step[2])
        note = LEGACY_NOTE.format(
            old_obs=old.obs_size,
            old_actions=old.num_actions,
            date=steps[-1][0],
            added=", ".join(added_obs + added_actions),
        )
        migrate(name, path, path, added_obs, added_actions, note=note)


def migrate_value(game_name, src, dst, options=None, note=""):
    """A learned cut value (``training.value``) carried over to the game's grown
    observation layout (``model.widen_value``): the segments it lacks are read off the
    layout it declares."""
    import games
    from training.value import model

    old, _, _ = model.read_value(model.resolve(src, game_name))
    game = games.make(game_name, **(options if options is not None else old.game_options))
    spec = model.widen_value(src, dst, game, note=note)
    print(f"{src} -> {dst}: observation {old.obs_size} -> {spec.obs_size}")
    return spec


def migrate_shipped_values():
    """Every shipped value (training/baselines/GAME/value.safetensors) carried over in place."""
    import time

    import games
    from training.value import model

    for path in sorted((ROOT / "training" / "baselines").glob("*/" + model.DEFAULT_NAME)):
        old, _, _ = model.read_value(path)
        game = games.make(old.game, **old.game_options)
        if old.obs_layout == model.layout_of(game):
            print(f"{path}: already on the current layout")
            continue
        added = [name for name in game.obs_layout.names() if name not in dict(map(tuple, old.obs_layout))]
        note = f"observation {old.obs_size} carried over on {time.strftime('%Y-%m-%d')} (added {', '.join(added)})"
        migrate_value(old.game, path, path, old.game_options, note)


def _names(text):
    return tuple(x for x in text.split(",") if x)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("src", nargs="?")
    parser.add_argument("dst", nargs="?")
    parser.add_argument("--added-obs", type=_names, default=(), help="observation segments the checkpoint lacks")
    parser.add_argument("--added-actions", type=_names, default=(), help="action segments the checkpoint lacks")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="game option (JSON value); default: the checkpoint's declared options",
    )
    parser.add_argument("--note", default="", help="kept in the header's info as carried_over")
    parser.add_argument(
        "--maracaibo-legacy",
        action="store_true",
        help="carry both Maracaibo baselines over to the legacy-tile layout, in place",
    )
    parser.add_argument("--value", action="store_true", help="SRC and DST are learned cut values (training.value)")
    parser.add_argument(
        "--shipped-values",
        action="store_true",
        help="carry every shipped value (training/baselines/GAME/value.safetensors) over, in place",
    )
    args = parser.parse_args(argv)
    try:
        _run(parser, args)
    except (ValueError, KeyError) as err:
        parser.exit(2, f"migrate_checkpoint: {err}\n")


def _run(parser, args):
    if args.maracaibo_legacy:
        return migrate_maracaibo_legacy()
    if args.shipped_values:
        return migrate_shipped_values()
    if not (args.game and args.src and args.dst):
        parser.error("GAME, SRC and DST are required (or --maracaibo-legacy)")
    options = None
    if args.option:
        options = {}
        for item in args.option:
            key, sep, value = item.partition("=")
            if not sep:
                parser.error(f"option {item!r} is not KEY=VALUE")
            try:
                options[key] = json.loads(value)
            except json.JSONDecodeError:
                options[key] = value
    if args.value:
        return migrate_value(args.game, args.src, args.dst, options, args.note)
    migrate(args.game, args.src, args.dst, args.added_obs, args.added_actions, options, args.note)


if __name__ == "__main__":
    main()
