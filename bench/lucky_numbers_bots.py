"""Lucky Numbers bot benchmark (a script, not a test): strong against greedy over fixed seeds.

Plays `--games` two-seat games (default 1000) with default options; game g uses seed g, and the
strong bot sits first in even games and second in odd ones. Prints the strong bot's win rate
(shared wins counted apart), how the games ended, and each level's think time per move (mean
and 95th percentile) on this interpreter. Goal: a win rate of at least 70%.

    python3 bench/lucky_numbers_bots.py --games 1000 --jobs 2
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludotheque.bots import lucky_numbers as bots  # noqa: E402
from ludotheque.core import derive_seed  # noqa: E402
from ludotheque.games import lucky_numbers as game_module  # noqa: E402

LEVELS = {"greedy": bots.GreedyBot, "strong": bots.StrongBot}


def play(seed: int) -> dict:
    """One game; returns the strong seat's outcome, how the game ended and the think times."""
    seats = ["strong", "greedy"] if seed % 2 == 0 else ["greedy", "strong"]
    game = game_module.GAME
    state = game.new(2, seed=seed)
    players = [LEVELS[level](game, derive_seed(seed, "bench", seat)) for seat, level in enumerate(seats)]
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    while not state.is_over:
        seat = state.current_player
        started = time.perf_counter()
        move = players[seat].choose(state)
        times[seats[seat]].append(time.perf_counter() - started)
        state.play(move)
    strong = seats.index("strong")
    winners = state.winners()
    outcome = "win" if winners == [strong] else "tie" if strong in winners else "loss"
    return {"outcome": outcome, "ended_by": state.results[-1]["ended_by"], "times": times}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (timings are per process)")
    args = parser.parse_args()
    seeds = range(args.games)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.map(play, seeds)
    else:
        games = [play(seed) for seed in seeds]
    count = {o: sum(g["outcome"] == o for g in games) for o in ("win", "tie", "loss")}
    ended = {e: sum(g["ended_by"] == e for g in games) for e in ("complete", "supply")}
    n = len(games)
    print(f"{n} games, strong vs greedy, seats alternating")
    print(f"strong wins {count['win']} ({count['win'] / n:.1%}), shared wins {count['tie']} "
          f"({count['tie'] / n:.1%}), losses {count['loss']} ({count['loss'] / n:.1%})")
    print(f"games ended by a full garden {ended['complete']}, by the empty supply {ended['supply']}")
    for level in LEVELS:
        times = [t for g in games for t in g["times"][level]]
        print(f"{level:>7}: {len(times)} moves, think time mean {statistics.mean(times) * 1000:.2f} ms, "
              f"p95 {percentile(times, 0.95) * 1000:.2f} ms, max {max(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
