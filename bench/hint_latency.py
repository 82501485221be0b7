"""How long a hint takes on this CPython (a script, not a test): every game's `hint_why`, the
function the table's Hint button calls, over the positions of bot-played games.

    python3 bench/hint_latency.py [--games 20] [--game lucky-numbers] [--seed-start 2000000]

Each game is played by the default level in every seat, as `bench/page_latency.py` seats it (a
person and one default bot; Rucki Zucki: two bots); at each decision of seat 0 with more than one
legal move (a person's only move is played by the table), the hint is timed on a copy of the
state: wall time (`perf_counter`) and this thread's CPU time (`thread_time`, far less moved by
other work on the machine). Prints per game the hints timed, p50, p95 (with its 95 % interval,
distribution-free) and max, both ways, and the machine's load average at the start and the end.
The page runs Pyodide, roughly 1.5–3× slower than CPython.

`--pyodide` also times the same hints in Pyodide under Node (`bench/hint_pyodide.mjs`, the page's
own Python without the page), each game's positions once in CPython and once in Pyodide one after
the other, and prints Pyodide's p95 (wall, and CPU: Node's `process.cpuUsage`) and the ratio of Pyodide's
CPU time to CPython's on the same positions: a hint's time in a quiet page is about Pyodide's CPU
time plus the repaint (a tap's p95, `bench/page_latency.py`).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from intervals import quantile  # noqa: E402
from ludotheque import bots, core, games  # noqa: E402
from ludotheque.core import derive_seed  # noqa: E402

SEATS = {"take-it-easy": (2, {"rounds": 1}), "lucky-numbers": (2, {}), "rucki-zucki": (3, {"rounds": 1}),
         "3x16": (2, {})}
"""Seats and options per game, as bench/page_latency.py plays against the bots."""


def hint_function(game_id: str) -> Callable[[core.State], Any]:
    """The game's `hint_why` (what `GameTable.suggest` calls)."""
    return bots.coach(game_id).hint_why


def timings(game_id: str, seed: int, players: int | None = None,
            records: list | None = None) -> list[tuple[float, float]]:
    """One bot-played game: (wall, cpu) seconds of each hint for seat 0 (its position's record
    into `records`)."""
    seats, options = SEATS[game_id]
    players = players or seats
    state = games.get(game_id).new(players, seed, options)
    level = bots.default_level(game_id)
    seated = [core.get_bot(game_id, level, derive_seed(seed, "bench", s)) for s in range(players)]
    hint_why = hint_function(game_id)
    out = []
    while not state.is_over:
        seat = state.current_player
        if seat == 0 and len(state.legal_moves()) > 1:
            copy = state.copy()
            if records is not None:
                records.append([game_id, state.record()])
            wall, cpu = time.perf_counter(), time.thread_time()
            hint_why(copy)
            out.append((time.perf_counter() - wall, time.thread_time() - cpu))
        state.play(seated[seat].choose(state))
    return out


def in_pyodide(records: list) -> list[list[float]]:
    """The hints of `records` ([game id, record] each) timed in Pyodide under Node: [wall, cpu]
    seconds each."""
    import json
    import subprocess
    import tempfile
    root = Path(__file__).resolve().parent.parent
    with tempfile.NamedTemporaryFile("w", suffix=".json") as positions:
        json.dump(records, positions)
        positions.flush()
        out = subprocess.run(["node", str(root / "bench" / "hint_pyodide.mjs"), str(root / "py"), positions.name],
                             check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def line(name: str, values: list[float]) -> str:
    ms = [1000 * v for v in values]
    p95, low, high = quantile(ms, 0.95)
    return (f"{name}: p50 {statistics.median(ms):6.1f} ms, p95 {p95:6.1f} ms [{low:.1f}, {high:.1f}], "
            f"max {max(ms):6.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", help="one game (repeatable; default: all four)")
    parser.add_argument("--players", type=int, help="seats (default: as the page latency bench)")
    parser.add_argument("--seed-start", type=int, default=2_000_000)
    parser.add_argument("--pyodide", action="store_true", help="also time the hints in Pyodide under Node")
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for game_id in args.game or list(SEATS):
        samples: list[tuple[float, float]] = []
        records: list = []
        for g in range(args.games):
            samples += timings(game_id, args.seed_start + g, args.players, records)
        print(f"{game_id}, {len(samples)} hints over {args.games} games:")
        print("  " + line("wall", [w for w, _ in samples]))
        print("  " + line("cpu ", [c for _, c in samples]))
        if args.pyodide:
            pyodide = in_pyodide(records)
            print("  " + line("pyodide wall", [w for w, _ in pyodide]))
            print("  " + line("pyodide cpu ", [c for _, c in pyodide])
                  + f"; Pyodide / CPython, CPU on the same positions: "
                  f"{sum(c for _, c in pyodide) / sum(c for _, c in samples):.2f}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
