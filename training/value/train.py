"""Fit a value network to self-play positions (``dataset``) with a held-out split by game.

Settings are declared once in ``SETTINGS`` (the command's flags default to them). The
held-out games are never trained on; training stops at ``epochs``, at ``minutes``, or
after ``patience`` epochs without a better held-out loss, and
the weights kept are those of the epoch with the lowest held-out loss. The metrics
written into the file's ``info``: the held-out correlation of the value with the final
margin (and the hand-written cut value's, the baseline), overall and by third of the
game, and the error in points; where the data has several endings a row
(``dataset``), the correlations with their mean too (``corr_value_expected``).
"""

import time

import numpy as np

from .dataset import split_by_game
from .model import ValueSpec, build_net, layout_of

SETTINGS = {
    "hidden": [64, 32],  # ReLU widths: small, as a few thousand games are little data for 6.7k inputs
    "epochs": 40,
    "patience": 3,  # epochs without a better held-out loss before stopping: it overfits soon
    "batch": 512,
    "lr": 1e-3,
    "weight_decay": 1e-4,  # AdamW's: the observation has many rarely-set entries to overfit on
    "held_out": 0.2,  # of the games
    "target": "margin",
}


def correlation(a, b):
    """Pearson's r, NaN where either side is constant."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if a.size < 2 or a.std() == 0 or b.std() == 0:
        return float("nan")
    return float(np.corrcoef(a, b)[0, 1])


def fit(game, data, minutes=30.0, seed=0, log=print, **overrides):
    """(net, spec, metrics): a value for ``game`` fit to ``data`` (``dataset.play_positions``)."""
    import torch

    cfg = {**SETTINGS, **overrides}
    torch.manual_seed(seed)
    spec = ValueSpec(
        game=game.name,
        game_options=_plain(game.options),
        num_players=game.num_players,
        obs_layout=layout_of(game),
        hidden=list(cfg["hidden"]),
        target=cfg["target"],
    )
    if data["obs"].shape[1] != spec.obs_size:
        raise ValueError(
            f"the data's observations have {data['obs'].shape[1]} entries, {game.name} has {spec.obs_size}"
        )
    train, test = split_by_game(data, cfg["held_out"], seed)
    x = np.concatenate([data["obs"], data["cut"][:, None].astype(np.float16)], axis=1)
    y = training_target(data, cfg["target"])

    net = build_net(spec)
    mean = x[train].astype(np.float32).mean(axis=0)
    spread = x[train].astype(np.float32).std(axis=0)
    net.in_mean.copy_(torch.from_numpy(mean))
    net.in_scale.copy_(torch.from_numpy(np.where(spread > 1e-6, spread, 1.0).astype(np.float32)))
    if cfg["target"] == "margin":  # the head learns the correction to the cut in unit-scale numbers
        residual = y[train] - data["cut"][train]
        net.out_mean.fill_(float(residual.mean()))
        net.out_scale.fill_(float(residual.std() or 1.0))
    loss_fn = torch.nn.MSELoss() if cfg["target"] == "margin" else torch.nn.BCEWithLogitsLoss()

    def loss_of(out, target):
        if cfg["target"] == "margin":  # in units of the margin's spread, as the head learns it
            return loss_fn(out / net.out_scale, target / net.out_scale)
        return loss_fn(out, target)

    opt = torch.optim.AdamW(net.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    rng = np.random.default_rng(seed)
    best, best_epoch, best_state, start = np.inf, 0, None, time.perf_counter()
    for epoch in range(cfg["epochs"]):
        net.train()
        order = rng.permutation(train)
        for i in range(0, order.size, cfg["batch"]):
            rows = np.sort(order[i : i + cfg["batch"]])
            out = net(torch.from_numpy(x[rows].astype(np.float32)))
            loss = loss_of(out, torch.from_numpy(y[rows]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        held = _predict(net, x[test])
        held_loss = float(loss_of(torch.from_numpy(held), torch.from_numpy(y[test])))
        if held_loss < best:
            best, best_epoch, best_state = held_loss, epoch, {k: v.clone() for k, v in net.state_dict().items()}
        elapsed = time.perf_counter() - start
        log(
            f"epoch {epoch + 1}: held-out loss {held_loss:.4f} (best {best:.4f}), "
            f"corr {correlation(held, data['margin'][test]):.3f}, {elapsed:.0f} s"
        )
        if elapsed > 60 * minutes or epoch - best_epoch >= cfg["patience"]:
            break
    net.load_state_dict(best_state)
    net.eval()
    metrics = evaluate(net, data, test)
    metrics.update(train_rows=int(train.size), held_out_rows=int(test.size), epochs=epoch + 1)
    metrics["held_out_games"] = int(np.unique(data["game"][test]).size)
    return net, spec, metrics


def training_target(data, target):
    """What the network is fit to, float32: the final margin (``margin``) or the win
    (``win``) of each row, or where the data has them (``play_positions(endings=K)``) the
    mean of K endings from the row's view: the same expectation with less luck in it."""
    if "expected" in data:
        return (data["expected"] if target == "margin" else data["expected_win"]).astype(np.float32)
    return (data["margin"] if target == "margin" else data["win"]).astype(np.float32)


def evaluate(net, data, rows):
    """Held-out metrics of ``net`` on ``rows``: correlations with the final margin (the
    value's and the hand-written cut's), overall and by third of the game's steps."""
    x = np.concatenate([data["obs"][rows], data["cut"][rows, None].astype(np.float16)], axis=1)
    value = _predict(net, x)
    margin, cut, step = data["margin"][rows], data["cut"][rows], data["step"][rows]
    out = {
        "corr_value": correlation(value, margin),
        "corr_cut": correlation(cut, margin),
        "rmse_value": float(np.sqrt(np.mean((value - margin) ** 2))),
        "rmse_cut": float(np.sqrt(np.mean((cut - margin) ** 2))),
    }
    if "expected" in data:
        out["corr_value_expected"] = correlation(value, data["expected"][rows])
        out["corr_cut_expected"] = correlation(cut, data["expected"][rows])
    edges = np.quantile(step, [0, 1 / 3, 2 / 3, 1])
    for i, name in enumerate(("early", "middle", "late")):
        part = (step >= edges[i]) & ((step < edges[i + 1]) if i < 2 else (step <= edges[i + 1]))
        out[f"corr_value_{name}"] = correlation(value[part], margin[part])
        out[f"corr_cut_{name}"] = correlation(cut[part], margin[part])
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in out.items()}


def _predict(net, x, batch=4096):
    import torch

    with torch.no_grad():
        return np.concatenate(
            [net(torch.from_numpy(x[i : i + batch].astype(np.float32))).numpy() for i in range(0, len(x), batch)]
        )


def _plain(options):
    """Game options as JSON values (a set option becomes a sorted list)."""
    return {k: sorted(v) if isinstance(v, (set, frozenset, tuple)) else v for k, v in options.items()}
