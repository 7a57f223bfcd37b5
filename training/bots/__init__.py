"""Bots by name: ``random``, ``heuristic`` (the game's own), earlier heuristics kept for
comparisons (``heuristic_v1``, where a game has one),
``search[:CANDIDATES[:WORLDS[:HORIZON]]]`` (the heuristic improved by determinized
rollouts, ``search.SearchBot``; HORIZON is engine steps or ``end``; ``value=`` a learned
cut value, solo Maracaibo's and Nassau's default), ``checkpoint:PATH`` and
``baseline[:GAME]`` (the game's trained baseline, shipped with the package: ``policy_bot.baseline_path``).

Every bot has the same batched interface (see ``base.Bot``):
``bot(observations, action_masks) -> actions``; a bot with ``reads_state`` (search)
plans from the records instead: ``bot.plan(states, seats, masks)`` (envs.seats).
"""

import functools
import importlib

from .base import Bot
from .random_bot import RandomBot

# game name -> "module:class" of its heuristic bot
HEURISTICS = {
    "el_caballero": "training.bots.el_caballero:ElCaballeroHeuristic",
    "maracaibo": "training.bots.maracaibo:MaracaiboHeuristic",
    "maracaibo_solo": "training.bots.maracaibo.solo:SoloHeuristic",
    "pirates_of_nassau": "training.bots.pirates_of_nassau:PiratesOfNassauHeuristic",
    "spanish_main": "training.bots.spanish_main:SpanishMainHeuristic",
}

# earlier heuristics, kept registered so comparisons with them stay reproducible
OLD_HEURISTICS = {
    "heuristic_v1": {
        "maracaibo": "training.bots.maracaibo:MaracaiboHeuristicV1",
        "maracaibo_solo": "training.bots.maracaibo.solo:SoloHeuristicV1",
    },
    # the heuristic blind to the legacy tiles (MA-26.4), to measure what reading them is worth
    "heuristic_blind": {
        "maracaibo": "training.bots.maracaibo:MaracaiboHeuristicBlind",
    },
}

BOT_HELP = (
    "random, heuristic, heuristic_v1 and heuristic_blind (maracaibo), "
    "search[:CANDIDATES[:WORLDS[:HORIZON|end[:CONFIDENCE]]]][:value=PATH|shipped|none][:rollout=BOT] "
    "(maracaibo_solo's and pirates_of_nassau's default: value=shipped), checkpoint:PATH or baseline[:GAME] "
    "(the shipped trained baseline)"
)


def search_bot(spec, game, seed=0):
    """``search[:CANDIDATES[:WORLDS[:HORIZON[:CONFIDENCE]]]][:value=PATH|shipped|none][:rollout=BOT]`` -> a
    ``SearchBot``: candidate actions per decision, determinizations per candidate, engine
    steps per rollout (``end``: to the end of the game), standard errors a runner-up must
    beat the heuristic's move by; each part left out takes the game's default
    (``search.GAME_DEFAULTS``). A part ``NAME=VALUE`` sets one by name; ``value=`` a learned
    cut value (``training.value``: a file, or ``shipped``,
    training/baselines/GAME/value.safetensors; ``none``: the hand-written one, where the
    game's default is the shipped value, as in maracaibo_solo and pirates_of_nassau); ``rollout=`` the bot that
    moves every seat in the rollouts (``heuristic``, the default; ``random``, ``baseline``...)."""
    from .search import SearchBot

    parts = spec.split(":")[1:]
    names = ("candidates", "worlds", "horizon", "confidence")
    usage = "use search[:CANDIDATES[:WORLDS[:HORIZON|end[:CONFIDENCE]]]][:value=PATH|shipped|none][:rollout=BOT]"
    settings = {}
    positional = [part for part in parts if "=" not in part]
    if len(positional) > len(names):
        raise ValueError(f"bad search bot {spec!r}: {usage}")
    named = [part.partition("=")[::2] for part in parts if "=" in part]
    for name, part in list(zip(names, positional)) + named:
        if name not in names + ("value", "rollout") or name in settings:
            raise ValueError(f"bad search bot {spec!r}: {name!r} is not a setting or is given twice; {usage}")
        if name in ("value", "rollout"):
            settings[name] = part
        elif name == "horizon" and part == "end":
            settings[name] = None
        elif part.isdigit():
            settings[name] = int(part)
        elif name == "confidence" and part.replace(".", "", 1).isdigit():
            settings[name] = float(part)
        else:
            raise ValueError(f"bad search bot {spec!r}: {name} {part!r} is not a number; {usage}")
    by_name = functools.partial(make_bot, game=game)
    return SearchBot(game, functools.partial(make_bot, "heuristic", game), seed=seed, bots=by_name, **settings)


def make_bot(spec, game, seed=0):
    """Build a bot from its command-line name for ``game`` (a ``games.Game``)."""
    spec = spec.strip()
    if spec == "random":
        return RandomBot(seed)
    if spec == "heuristic":
        if game.name not in HEURISTICS:
            raise ValueError(f"no heuristic bot for {game.name}; available for: {', '.join(sorted(HEURISTICS))}")
        return _load(HEURISTICS[game.name], game, seed)
    if spec in OLD_HEURISTICS:
        if game.name not in OLD_HEURISTICS[spec]:
            raise ValueError(f"no {spec} bot for {game.name}; available for: {', '.join(sorted(OLD_HEURISTICS[spec]))}")
        return _load(OLD_HEURISTICS[spec][game.name], game, seed)
    if spec == "search" or spec.startswith("search:"):
        return search_bot(spec, game, seed=seed)
    if spec.startswith("checkpoint:") and len(spec) > len("checkpoint:"):
        from .policy_bot import checkpoint_bot

        return checkpoint_bot(spec[len("checkpoint:") :], game, seed=seed)
    if spec == "baseline" or spec.startswith("baseline:"):
        from .policy_bot import baseline_bot

        return baseline_bot(spec.partition(":")[2] or game.name, game, seed=seed)
    raise ValueError(f"unknown bot {spec!r}; use {BOT_HELP}")


def _load(where, game, seed):
    module, cls = where.split(":")
    return getattr(importlib.import_module(module), cls)(game, seed=seed)


def make_bots(specs, game, seed=0):
    """Comma-separated names (or a list) -> bots, each with its own seed."""
    if isinstance(specs, str):
        specs = [s for s in specs.split(",") if s.strip()]
    if not specs:
        raise ValueError(f"no bots given; use {BOT_HELP}")
    bots = [make_bot(spec, game, seed=seed + i) for i, spec in enumerate(specs)]
    seen = {}
    for bot in bots:  # the same bot twice (e.g. random,random) gets "#2"
        seen[bot.name] = seen.get(bot.name, 0) + 1
        if seen[bot.name] > 1:
            bot.name = f"{bot.name}#{seen[bot.name]}"
    return bots


__all__ = ["BOT_HELP", "Bot", "HEURISTICS", "OLD_HEURISTICS", "RandomBot", "make_bot", "make_bots"]
