"""3x16 bot strength and speed against hindsight: N solo deals on fixed seeds from --seed-start.

    python3 bench/three_by_sixteen_bots.py [--deals 1000] [--seed-start 1000000] [--level strong] ... [--cap 200000] [--jobs 2]
    python3 bench/three_by_sixteen_bots.py --variety [--margin M] --deals 300 --level strong --no-hindsight
    python3 bench/three_by_sixteen_bots.py --twins --deals 300 --level medium   # two bots at one table

The default seeds start at 1,000,000, held out: the strong bot was developed on deals 0..999.

Prints: the share of deals completable in hindsight (tools/three_by_sixteen_hindsight.py; deals
whose search hit the node cap are counted apart), then per level the share of deals completed
and the mean tiles left, each with its 95 % interval, the completions as a share of the deals
completable in hindsight, and the think time per call on this CPython (all of the bot's moves for
one call: median and 95th percentile). Bots play through the engine (default options: manual
transfers), seeds are the same for every level, so differences between levels are paired.

Variety (issue #28): the medium bot plays, for variety, any choice it values within its level's
`margin` of its best, so two bots of one level given the same calls play their own game (the
strong bot has no margin: its playouts' orders, drawn by its own seed, part two strong bots). --variety plays every deal twice with the same bot seed,
without the variety (margin 0: the hint's play) and with it (the level's margin, or --margin),
and prints the variety's cost, paired: the completion rate without less with, in percentage
points, with its 95 % interval; the same for the tiles left; how many deals ended differently;
and what the variety gave up by the bot's own estimate (per deal, in its value's units: for
strong, the mean of min(tiles left, 4) its playouts expect; for medium, its parking cost).

Variety's cost on held-out deals (`--variety --no-hindsight`, seeds from 1,000,000, machine load
12-20 on 2 cores; margins chosen on deals 100000..):
    medium, margin 1, 1000 deals: completed 22.5 % [20.0, 25.2] without the variety, 22.9 % [20.4, 25.6]
      with it; cost (without - with, paired) -0.40 ± 1.30 points; tiles left -0.02 ± 0.17; 229 ended differently
    strong, margin 0.02 (since taken out), 150 deals (--jobs 2): completed 48.0 % [40.2, 55.9] without, 49.3 % [41.4, 57.3]
      with; cost -1.33 ± 7.62 points; tiles left +0.52 ± 2.46; 85 ended differently; given up by its own
      estimate 0.02 per deal

Figures on the development deals (`--deals 1000 --seed-start 0 --jobs 2`, CPython 3.11, a shared
2-core machine; held-out figures are in docs/BENCHMARKS.md), the strong bot as it was before its
exact endings (issue #42; their figures are in docs/BENCHMARKS.md too):
    hindsight: completable 82.3 % [79.8, 84.5] (823/1000); proved not completable 0; undecided
      within 200000 nodes 177 (best found: mean 8.14 left) [3561 s]
    strong: completed  55.6 % [52.5, 58.7], tiles left 13.00 ± 1.02 (sd 16.4), 65.0 % [61.7, 68.2]
      of the completable; think per call 31.24 ms median, 70.75 ms p95
    medium: completed  11.4 % [ 9.6, 13.5], tiles left 12.00 ± 0.44 (sd  7.1), 13.9 % [11.7, 16.4]
      of the completable; think per call 0.03 ms median
      easy: completed   0.0 % [ 0.0,  0.4], tiles left 37.00 ± 0.32 (sd  5.1)
"""
from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import multiprocessing.pool
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

import three_by_sixteen_hindsight as hindsight  # noqa: E402
from intervals import mean_half, paired, share  # noqa: E402

from ludotheque import bots  # noqa: E402,F401  (registers the bots)
from ludotheque.core import bot_levels, get_bot  # noqa: E402
from ludotheque.games.three_by_sixteen.rules import GAME, call_order  # noqa: E402


def play(level: str, seed: int, margin: float | None = None) -> tuple[int, list[float], float]:
    """One solo deal with `level` (its variety's margin `margin`; None: the level's own): the
    tiles left, the think time of each call (s) and what the variety gave up by the bot's own
    estimate."""
    times: list[float] = []
    state = GAME.new(1, seed=seed)
    bot = get_bot(GAME.id, level, seed=seed)
    if margin is not None:
        bot.margin = margin
    spent, call = 0.0, state.called
    while not state.is_over:
        start = time.perf_counter()
        move = bot.choose(state)
        spent += time.perf_counter() - start
        state.play(move)
        if state.called != call or state.is_over:
            times.append(spent)
            spent, call = 0.0, state.called
    return state.left(0), times, getattr(bot, "given_up", 0.0)


def hindsight_of(seed: int, cap: int) -> hindsight.Result:
    return hindsight.solve(call_order(seed), cap=cap)


def run(pool: multiprocessing.pool.Pool | None, work, items: list) -> list:
    """`work` over `items`, in order, spread over the pool's processes when there is one."""
    return pool.starmap(work, items, chunksize=1) if pool else [work(*item) for item in items]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed-start", "--first-seed", dest="first_seed", type=int, default=1_000_000,
                        help="first seed (default: held out; deals 0..999 were used to develop the strong bot)")
    parser.add_argument("--level", action="append", help="level(s) to run; default: all")
    parser.add_argument("--cap", type=int, default=200_000, help="node cap of the hindsight search per deal")
    parser.add_argument("--no-hindsight", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="processes (think times then include sharing the cores)")
    parser.add_argument("--variety", action="store_true",
                        help="each deal without and with the bots' variety: its cost, paired")
    parser.add_argument("--margin", type=float, help="the variety's margin (default: each level's own)")
    parser.add_argument("--twins", action="store_true",
                        help="two bots of the level at one table (the same calls): how many games they play alike")
    args = parser.parse_args()
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        report(args, pool)


def variety(args: argparse.Namespace, pool: multiprocessing.pool.Pool | None) -> None:
    """Each deal without the variety and with it, the same bot seed: the variety's cost, paired."""
    seeds = range(args.first_seed, args.first_seed + args.deals)
    for level in args.level or bot_levels(GAME.id):
        margin = args.margin if args.margin is not None else getattr(get_bot(GAME.id, level), "margin", 0.0)
        started = time.perf_counter()
        off = run(pool, play, [(level, seed, 0.0) for seed in seeds])
        on = run(pool, play, [(level, seed, margin) for seed in seeds])
        done_off = [float(x == 0) for x, _, _ in off]
        done_on = [float(x == 0) for x, _, _ in on]
        n = len(done_off)
        print(f"{level:>8}, margin {margin:g}, {n} deals: completed {share(int(sum(done_off)), n)} without the variety, "
              f"{share(int(sum(done_on)), n)} with it; tiles left {statistics.fmean(x for x, _, _ in off):5.2f} / "
              f"{statistics.fmean(x for x, _, _ in on):5.2f}", flush=True)
        print(f"{'':>8}  variety's cost (without - with, paired): completion "
              f"{paired([a - b for a, b in zip(done_off, done_on)], 100)} points; tiles left "
              f"{paired([b[0] - a[0] for a, b in zip(off, on)])}; {sum(a[0] != b[0] for a, b in zip(off, on))} deals "
              f"ended differently; given up by its own estimate {paired([g for _, _, g in on])} per deal "
              f"[{time.perf_counter() - started:.0f} s]", flush=True)


def twins(args: argparse.Namespace) -> None:
    """Two bots of a level at two seats, each move's bot seeded as the page seeds it (their
    variety's margin --margin, if given): the share of games in which they hold the same rows
    and columns after every call (played alike)."""
    from ludotheque.core import derive_seed
    for level in args.level or bot_levels(GAME.id):
        alike = 0
        for seed in range(args.first_seed, args.first_seed + args.deals):
            state = GAME.new(2, seed=seed)
            seen: list[list[tuple]] = [[], []]
            while not state.is_over:
                seat = state.current_player
                call = state.called
                bot = get_bot(GAME.id, level, seed=derive_seed(state.seed, "seat", seat, len(state.moves)))
                if args.margin is not None:
                    bot.margin = args.margin
                state.play(bot.choose(state))
                seen[seat].append((call, sorted(state.ends[seat]), sorted(map(tuple, state.columns[seat]))))
            alike += seen[0] == seen[1]
        margin = "" if args.margin is None else f", margin {args.margin:g}"
        print(f"{level:>8}, two seats{margin}, {args.deals} deals: played alike {share(alike, args.deals)}", flush=True)


def report(args: argparse.Namespace, pool: multiprocessing.pool.Pool | None) -> None:
    if args.twins:
        twins(args)
        return
    if args.variety:
        variety(args, pool)
        return
    seeds = range(args.first_seed, args.first_seed + args.deals)
    levels = args.level or bot_levels(GAME.id)
    print(f"3x16 bots: {args.deals} solo deals, seeds {seeds.start}..{seeds.stop - 1}", flush=True)
    completable: set[int] | None = None
    if not args.no_hindsight:
        started = time.perf_counter()
        completable, stuck, unknown = set(), [], []
        for seed, result in zip(seeds, run(pool, hindsight_of, [(seed, args.cap) for seed in seeds])):
            if result.exact and result.best == 0:
                completable.add(seed)
            elif result.exact:
                stuck.append(result.best)
            else:
                unknown.append(result.best)
        n = args.deals
        print(f"hindsight: completable {share(len(completable), n)} ({len(completable)}/{n}); "
              f"proved not completable {len(stuck)}"
              + (f" (mean {statistics.fmean(stuck):.2f} left)" if stuck else "")
              + f"; undecided within {args.cap} nodes {len(unknown)}"
              + (f" (best found: mean {statistics.fmean(unknown):.2f} left)" if unknown else "")
              + f" [{time.perf_counter() - started:.0f} s]", flush=True)
        print("  (hindsight plays transfer everything that fits; see the solver's notes)")
    for level in levels:
        started = time.perf_counter()
        played = run(pool, play, [(level, seed) for seed in seeds])
        left = {seed: x for seed, (x, _, _) in zip(seeds, played)}
        times = [t for _, spent, _ in played for t in spent]
        done = [seed for seed, x in left.items() if x == 0]
        values = list(left.values())
        (mean, half), sd = mean_half(values), statistics.pstdev(values)
        times.sort()
        median, p95 = times[len(times) // 2], times[int(0.95 * (len(times) - 1))]
        line = (f"{level:>8}: completed {share(len(done), len(values))}, tiles left {mean:5.2f} ± {half:4.2f} "
                f"(sd {sd:4.1f})")
        if completable:
            mine = sum(1 for seed in done if seed in completable)
            line += f", {share(mine, len(completable))} of the completable"
        line += (f"; think per call {1000 * median:6.2f} ms median, {1000 * p95:6.2f} ms p95, "
                 f"max {1000 * times[-1]:6.1f} ms [{time.perf_counter() - started:.0f} s]")
        print(line, flush=True)


if __name__ == "__main__":
    main()
