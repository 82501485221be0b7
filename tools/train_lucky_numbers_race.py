"""Fit a race evaluation for the Lucky Numbers expert's playouts (a trial of issue #42, not kept).

The trial: in four seats the expert's playouts stopped after a few rounds (6, 3 or 10) and the
position there was scored by a fitted race, each seat's chance of winning plus 0.6 per cell of
its fitted lead over the nearest rival (at most 4), on the scale of a finished playout's score,
so that the same budget of simulated turns buys more rollouts. Screened paired with
bench/lucky_numbers_bots.py (a temporary `Budget` field switched it on), it gained nothing clear
(figures in docs/BENCHMARKS.md), so the bot
has no race evaluation; this script keeps how the two fits were made.

Data (seeds `--first`.., 8,000,000 onwards: never a benchmark's seeds): games of four medium
bots. At some of their turns (probability `--snap`) the position is read as the expert reads it
(the seat's view, `Planner`, `CellCosts`), and either
- (default) one supply order is sampled from the unseen tiles and the expert's playout policy plays
  it to its end (`play_out`'s steps), the race recorded at the start of every playout turn (kept
  with probability `--keep`) and labelled by how that playout ended; or
- (`--real`) the game's own position is recorded and labelled by how the game itself ended.
A record is `race_features` per seat (its garden's price, empty and closed cells, the price
against the seats' mean, empty cells as the supply's end nears, its place in the turn order after
the seat to act) and each seat's share of the win and lead over the nearest other seat.

Fit, standard library only (numpy is not in the venv):
- the win: a conditional logit over the seats, seat i's utility `race_features` . w, P(i wins) =
  exp(u_i) / sum_j exp(u_j), by Newton's method on the log-likelihood of the shares;
- the lead: least squares of the lead (clipped to 4 cells) on `lead_features`.
Prints the coefficients, the fit's log-loss against the seats' equal chances on held-back records
(the last tenth of the seeds) and the lead's R^2 there. The trial's two fits:

    python tools/train_lucky_numbers_race.py --games 2000 --first 8000000 --keep 0.05
    (58,894 records; held back 6,671: log-loss 0.895, equal chances 1.386; lead R^2 0.457)
    python tools/train_lucky_numbers_race.py --games 3000 --first 8100000 --real --snap 0.25
    (45,026 records; held back 5,012: log-loss 1.020, equal chances 1.386; lead R^2 0.353)
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludotheque import core  # noqa: E402
from ludotheque.games.lucky_numbers import bots as ln  # noqa: E402
from ludotheque.games.lucky_numbers import rules as game_module  # noqa: E402

Record = tuple[list[list[float]], list[float], list[float]]
"""Each seat's `race_features`, each seat's share of the win, each seat's lead (at most 4 cells)."""
PRICE_CAP = 12.0
"""A cell counts at most this many turns in a race feature's price (a closed cell is counted apart)."""


def race_features(boards: list[list[int]], bounds: list[list[tuple[int, int]]], costs: ln.CellCosts, seat: int,
                  supply: int) -> list[list[float]]:
    """Per seat, what the race reads of it with `seat` to act and `supply` tiles left: its price
    (`CellCosts` of its empty cells, each at most `PRICE_CAP`), its empty cells, its closed cells,
    its price against the seats' mean, its empty cells as the supply's end nears, and its place in
    the turn order after the seat to act (one-hot, the seat to act none)."""
    table, width = costs.table, costs.WIDTH
    players = len(boards)
    rows = []
    for s in range(players):
        board, bound = boards[s], bounds[s]
        price = empty = closed = 0.0
        for k in range(ln.CELLS):
            if not board[k]:
                empty += 1
                lo, hi = bound[k]
                if lo > hi:
                    closed += 1
                else:
                    c = table[lo * width + hi]
                    price += c if c < PRICE_CAP else PRICE_CAP
        rows.append([price, empty, closed])
    mean = sum(r[0] for r in rows) / players + 1.0
    end = 1.0 / (1.0 + supply / players)
    out = []
    for s, (price, empty, closed) in enumerate(rows):
        order = (s - seat) % players
        out.append([price, empty, closed, price / mean, empty * end,
                    1.0 if order == 1 else 0.0, 1.0 if order == 2 else 0.0, 1.0 if order == 3 else 0.0])
    return out


def race_chances(features: list[list[float]], weights: Sequence[float]) -> list[float]:
    """Each seat's chance of winning by the race's conditional logit."""
    us = [sum(a * b for a, b in zip(f, weights)) for f in features]
    top = max(us)
    es = [2.718281828459045 ** (u - top) for u in us]
    total = sum(es)
    return [e / total for e in es]


def lead_features(features: list[list[float]], seat: int) -> list[float]:
    """`seat`'s race against its nearest rival: a constant, its price, empty and closed cells less
    the rivals' least, that price gap against the mean price, and its place in the turn order."""
    f = features[seat]
    others = [g for s, g in enumerate(features) if s != seat]
    gap = f[0] - min(g[0] for g in others)
    least = [min(g[d] for g in others) for d in range(4)]
    return [1.0, gap, f[1] - least[1], f[2] - least[2], f[3] - least[3], f[5], f[6], f[7]]


def snapshots(seed: int, snap: float, keep: float, real: bool) -> list[Record]:
    """The records of one game's playouts: (each seat's `race_features`, shares, leads); with
    `real`, the game's own positions instead, labelled with how the game itself ended."""
    rnd = random.Random(seed)
    state = game_module.GAME.new(4, seed=seed)
    bots = [core.get_bot(ln.GAME_ID, "medium", core.derive_seed(seed, "train", s)) for s in range(4)]
    out, seen = [], []
    while not state.is_over:
        seat = state.current_player
        if state.phase == "turn" and not state.view(seat)["replay"] and rnd.random() < snap:
            if real:
                seen.append(position_features(state.view(seat)))
            else:
                out.extend(playout_records(state.view(seat), rnd, keep))
        state.play(bots[seat].choose(state))
    if real:
        empty = [b.count(0) for b in ln.Position.from_view(state.view(0)).boards]
        shares = [ln.share(empty, s) for s in range(4)]
        leads = [float(ln.lead(empty, s, 4)) for s in range(4)]
        out = [(f, shares, leads) for f in seen]
    return out


def position_features(view: dict) -> list[list[float]]:
    """`race_features` of the view's position, prices by its own `CellCosts`."""
    position = ln.Position.from_view(view)
    costs = ln.CellCosts(ln.Planner(position, ln.Weights()))
    bounds = [ln._bounds(b) for b in position.boards]
    return race_features(position.boards, bounds, costs, position.me, position.supply)


def playout_records(view: dict, rnd: random.Random, keep: float) -> list[Record]:
    """One quick playout from the view's position, its race recorded at each turn's start."""
    position = ln.Position.from_view(view)
    planner = ln.Planner(position, ln.Weights())
    costs = ln.CellCosts(planner)
    rules = ln.Rules.of(position.options)
    budget = ln.Budget()
    boards = [b[:] for b in position.boards]
    bounds = [ln._bounds(b) for b in boards]
    pool = position.pool[:]
    supply = [v for v in range(1, ln.TOP + 1) for _ in range(position.unseen[v])]
    rnd.shuffle(supply)
    players, seat = position.players, position.me
    taken = []
    fresh = True
    while True:
        if fresh and rnd.random() < keep:
            taken.append(race_features(boards, bounds, costs, seat, len(supply)))
        done = ln.quick_turn(boards[seat], bounds[seat], pool, supply, rules, budget, costs)
        if done == ln.OVER:
            break
        fresh = done == ln.NEXT
        if fresh:
            seat = (seat + 1) % players
    empty = [b.count(0) for b in boards]
    shares = [ln.share(empty, s) for s in range(players)]
    leads = [float(ln.lead(empty, s, 4)) for s in range(players)]
    return [(f, shares, leads) for f in taken]


def fit_logit(data: list, dims: int, steps: int = 12) -> list[float]:
    """Newton's method for the conditional logit (a small ridge keeps it well posed)."""
    w = [0.0] * dims
    for _ in range(steps):
        grad = [0.0] * dims
        hess = [[0.0] * dims for _ in range(dims)]
        for feats, shares, _ in data:
            us = [sum(a * b for a, b in zip(f, w)) for f in feats]
            top = max(us)
            es = [math.exp(u - top) for u in us]
            z = sum(es)
            ps = [e / z for e in es]
            mean = [sum(p * f[d] for p, f in zip(ps, feats)) for d in range(dims)]
            for y, f in zip(shares, feats):
                for d in range(dims):
                    grad[d] += y * (f[d] - mean[d])
            for p, f in zip(ps, feats):
                c = [f[d] - mean[d] for d in range(dims)]
                for a in range(dims):
                    pc = p * c[a]
                    row = hess[a]
                    for b in range(dims):
                        row[b] += pc * c[b]
        for d in range(dims):
            grad[d] -= 1e-3 * w[d]
            hess[d][d] += 1e-3
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
    return w


def fit_lead(data: list, dims: int) -> list[float]:
    """Least squares of each seat's lead on its `lead_features`."""
    xtx = [[0.0] * dims for _ in range(dims)]
    xty = [0.0] * dims
    for feats, _, leads in data:
        for s, y in enumerate(leads):
            x = lead_features(feats, s)
            for a in range(dims):
                xty[a] += x[a] * y
                for b in range(dims):
                    xtx[a][b] += x[a] * x[b]
    for d in range(dims):
        xtx[d][d] += 1e-6
    return solve(xtx, xty)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def evaluate(data: list, w: list[float], v: list[float]) -> None:
    """Log-loss of the win model against equal chances, accuracy of its favourite, lead R^2."""
    loss = base = 0.0
    sse = sst = 0.0
    leads = [y for _, _, ys in data for y in ys]
    mean_lead = sum(leads) / len(leads)
    for feats, shares, ys in data:
        ps = race_chances(feats, w)
        for p, y in zip(ps, shares):
            loss -= y * math.log(max(p, 1e-9))
            base -= y * math.log(1 / len(ps))
        for s, y in enumerate(ys):
            pred = sum(a * b for a, b in zip(lead_features(feats, s), v))
            sse += (y - pred) ** 2
            sst += (y - mean_lead) ** 2
    print(f"held-back records {len(data)}: log-loss {loss / len(data):.4f} (equal chances {base / len(data):.4f}), "
          f"lead R^2 {1 - sse / sst:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--first", type=int, default=8_000_000)
    parser.add_argument("--snap", type=float, default=0.3)
    parser.add_argument("--keep", type=float, default=0.15)
    parser.add_argument("--real", action="store_true", help="label the games' own positions by their end")
    args = parser.parse_args()
    train, test = [], []
    cut = args.first + args.games * 9 // 10
    for seed in range(args.first, args.first + args.games):
        (train if seed < cut else test).extend(snapshots(seed, args.snap, args.keep, args.real))
    print(f"records: {len(train)} to fit, {len(test)} held back (seeds {cut}..{args.first + args.games - 1})")
    dims = len(train[0][0][0])
    w = fit_logit(train, dims)
    v = fit_lead(train, len(lead_features(train[0][0], 0)))
    print("RACE_WIN =", tuple(round(x, 4) for x in w))
    print("RACE_LEAD =", tuple(round(x, 4) for x in v))
    evaluate(test, w, v)


if __name__ == "__main__":
    main()
