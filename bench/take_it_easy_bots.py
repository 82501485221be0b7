"""Take It Easy bot strength and speed: N solo single-round games on fixed seeds from --seed-start
(default 0) per level.

    python3 bench/take_it_easy_bots.py [--games 2000] [--level strong] [--level medium] ... [--jobs 2]
                                       [--scores FILE] [--against FILE]

Prints, per level, the mean score, its standard deviation, the 95 % interval of the mean, and the
think time per move on this CPython (mean, median and 95th percentile). Seeds are the same for every
level, so differences between levels are paired. The training script never uses these seeds (it
draws its tiles from numpy's generator). --jobs splits the seeds over processes (the same figures,
sooner; think times then include the other processes' load). --scores writes every round's score
(JSON, per level and seed); --against reads such a file, written by an earlier version of the bots,
and prints each level's paired difference to it on the seeds both have (mean and 95 % interval).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from ludotheque.bots import take_it_easy as tie_bots  # noqa: E402
from ludotheque.core import bot_levels, get_bot  # noqa: E402
from ludotheque.games.take_it_easy import GAME  # noqa: E402


def play(level: str, seed: int, times: list[float], options: dict) -> int:
    """One solo round with `level` on `seed`; appends each move's think time (s) to `times`."""
    state = GAME.new(1, seed=seed, options={"rounds": 1, **options})
    bot = get_bot(GAME.id, level, seed=seed)
    while not state.is_over:
        start = time.perf_counter()
        move = bot.choose(state)
        times.append(time.perf_counter() - start)
        state.play(move)
    return state.totals()[0]


def play_many(level: str, seeds: range, options: dict) -> tuple[list[int], list[float]]:
    """Scores and think times of solo rounds with `level` on `seeds`."""
    times: list[float] = []
    return [play(level, seed, times, options) for seed in seeds], times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--level", action="append", help="level(s) to run; default: all")
    parser.add_argument("--seed-start", "--first-seed", dest="first_seed", type=int, default=0,
                        help="first seed (held out from 0: the training draws its tiles from numpy's generator)")
    parser.add_argument("--adjacency", default="off", choices=("off", "any", "previous"))
    parser.add_argument("--pairs", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scores", type=Path, help="write the scores per level and seed here (JSON)")
    parser.add_argument("--against", type=Path, help="a --scores file to compare with, seed by seed")
    args = parser.parse_args()
    options = {"adjacency": args.adjacency, "pairs": args.pairs}
    levels = args.level or bot_levels(GAME.id)
    print(f"Take It Easy bots: {args.games} solo rounds, seeds {args.first_seed}.."
          f"{args.first_seed + args.games - 1}, options {options}")
    saved: dict[str, dict[str, int]] = {}
    before = json.loads(args.against.read_text()) if args.against else {}
    for level in levels:
        started = time.perf_counter()
        seeds = range(args.first_seed, args.first_seed + args.games)
        chunks = [seeds[j::args.jobs] for j in range(args.jobs)]
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                parts = pool.starmap(play_many, [(level, chunk, options) for chunk in chunks])
        else:
            parts = [play_many(level, seeds, options)]
        scores = [s for part, _ in parts for s in part]
        saved[level] = {str(seed): s for chunk, (part, _) in zip(chunks, parts) for seed, s in zip(chunk, part)}
        times = [t for _, part in parts for t in part]
        mean, sd = statistics.fmean(scores), statistics.pstdev(scores)
        half = 1.96 * sd / len(scores) ** 0.5
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{level:>8}: mean {mean:7.2f} ± {half:4.2f} (sd {sd:5.1f}, min {min(scores)}, "
              f"max {max(scores)}), think per move {1000 * statistics.fmean(times):6.2f} ms mean, "
              f"{1000 * times[len(times) // 2]:6.2f} ms median, {1000 * p95:6.2f} ms p95, max {1000 * times[-1]:6.1f} ms "
              f"[{time.perf_counter() - started:.0f} s]", flush=True)
        common = [seed for seed in saved[level] if seed in before.get(level, {})]
        if common:
            diffs = [saved[level][seed] - before[level][seed] for seed in common]
            half = 1.96 * statistics.pstdev(diffs) / len(diffs) ** 0.5
            print(f"{'':>8}  paired with {args.against.name} on {len(common)} seeds: "
                  f"{statistics.fmean(diffs):+.2f} ± {half:.2f}", flush=True)
    if args.scores:
        args.scores.write_text(json.dumps(saved) + "\n")


if __name__ == "__main__":
    assert tie_bots.GAME_ID == GAME.id
    main()
