"""Take It Easy bot strength and speed: N solo single-round games on fixed seeds 0..N-1 per level.

    python3 bench/take_it_easy_bots.py [--games 2000] [--level strong] [--level medium] ...

Prints, per level, the mean score, its standard deviation, the 95 % interval of the mean, and the
think time per move on this CPython (mean and 95th percentile). Seeds are the same for every level,
so differences between levels are paired.
"""
from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--level", action="append", help="level(s) to run; default: all")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--adjacency", default="off", choices=("off", "any", "previous"))
    parser.add_argument("--pairs", action="store_true")
    args = parser.parse_args()
    options = {"adjacency": args.adjacency, "pairs": args.pairs}
    levels = args.level or bot_levels(GAME.id)
    print(f"Take It Easy bots: {args.games} solo rounds, seeds {args.first_seed}.."
          f"{args.first_seed + args.games - 1}, options {options}")
    for level in levels:
        times: list[float] = []
        started = time.perf_counter()
        scores = [play(level, args.first_seed + k, times, options) for k in range(args.games)]
        mean, sd = statistics.fmean(scores), statistics.pstdev(scores)
        half = 1.96 * sd / len(scores) ** 0.5
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{level:>8}: mean {mean:7.2f} ± {half:4.2f} (sd {sd:5.1f}, min {min(scores)}, "
              f"max {max(scores)}), think per move {1000 * statistics.fmean(times):6.2f} ms mean, "
              f"{1000 * p95:6.2f} ms p95, max {1000 * times[-1]:6.1f} ms "
              f"[{time.perf_counter() - started:.0f} s]", flush=True)


if __name__ == "__main__":
    assert tie_bots.GAME_ID == GAME.id
    main()
