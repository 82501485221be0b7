"""Lucky Numbers bot benchmark (a script, not a test): one level against another on fixed seeds.

`--hero expert --field strong --players 2` plays `--games` games (default 1000) with default
options: game g uses seed s = `--seed-start` + g (default 1,000,000: held out; the expert's margin
weight was chosen on seeds 0..799 and the bots were measured while tuned on seeds 0..999), the
hero sits in seat s mod players and the field's bots fill the other seats. Prints the hero's
wins (alone), shared wins and win share (a shared win counts 1/n) with 95 % intervals, how the
games ended, the games stopped at the move cap, and each level's think time per move (median,
p95, max) on this interpreter. An equal bot wins 1/players.

`--cap-check` instead plays every pairing of levels (each level against each, 2 to 4 seats,
`--games` seeds each) and prints how many games hit the move cap (goal: 0).

`--clones LEVEL` plays games in which every seat is a bot of LEVEL, each move's bot seeded as the
page seeds it (web/table.py: the game's seed, "seat", the seat, the moves so far), and prints how
often two of them tie (a shared win) or mirror each other (two gardens alike at the end, or a seat
acting with a garden alike another seat's after the setup; each seat draws its own tiles, so
same-level bots are clones only where their positions coincide), with 95 % intervals (issue #28).

Bars (issue #13): expert vs strong, 2 seats, >= 60 %; expert vs three medium, 4 seats, >= 55 %;
expert's think time p95 <= ~100 ms on CPython (the page runs Pyodide, about 3x slower).

    python3 bench/lucky_numbers_bots.py --hero expert --field strong --games 1000 --jobs 2 [--seed-start 1000000]
    python3 bench/lucky_numbers_bots.py --hero expert --field medium --players 4 --games 1000 --jobs 2
    python3 bench/lucky_numbers_bots.py --cap-check --games 100 --jobs 2
    python3 bench/lucky_numbers_bots.py --clones strong --players 3 --games 1000 --first 300000
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from functools import partial
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from intervals import mean_half, wilson  # noqa: E402
from ludotheque import core  # noqa: E402
from ludotheque.bots import lucky_numbers as _bots  # noqa: E402,F401  (registers the levels)
from ludotheque.core import derive_seed  # noqa: E402
from ludotheque.games import lucky_numbers as game_module  # noqa: E402

GAME_ID = "lucky-numbers"
CAP = 2000
"""Moves after which a game counts as endless (real games take about 30 moves per seat)."""


def play(seed: int, levels: tuple[str, ...], timed: bool = True) -> dict:
    """One game with these levels seat by seat; the result, how it ended, and think times."""
    game = game_module.GAME
    state = game.new(len(levels), seed=seed)
    players = [core.get_bot(GAME_ID, level, derive_seed(seed, "bench", seat)) for seat, level in enumerate(levels)]
    times: dict[str, list[float]] = {level: [] for level in levels}
    moves = 0
    while not state.is_over and moves < CAP:
        seat = state.current_player
        started = time.perf_counter()
        move = players[seat].choose(state)
        if timed:
            times[levels[seat]].append(time.perf_counter() - started)
        state.play(move)
        moves += 1
    if not state.is_over:
        return {"capped": True, "winners": [], "ended_by": "cap", "times": times}
    return {"capped": False, "winners": state.winners(), "ended_by": state.results[-1]["ended_by"], "times": times}


def hero_game(seed: int, hero: str, field: str, players: int) -> dict:
    levels = [field] * players
    levels[seed % players] = hero
    out = play(seed, tuple(levels))
    out["hero"] = seed % players
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(jobs: int, fn, seeds) -> list[dict]:
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(fn, seeds, chunksize=4)
    return [fn(seed) for seed in seeds]


def hero_report(args: argparse.Namespace) -> None:
    games = run(args.jobs, partial(hero_game, hero=args.hero, field=args.field, players=args.players),
                range(args.first, args.first + args.games))
    n = len(games)
    alone = sum(g["winners"] == [g["hero"]] for g in games)
    shared = sum(g["hero"] in g["winners"] and len(g["winners"]) > 1 for g in games)
    shares = [1 / len(g["winners"]) if g["hero"] in g["winners"] else 0.0 for g in games]
    lo, hi = wilson(alone, n)
    mean, half = mean_half(shares)
    slo, shi = mean - half, mean + half
    ended = {e: sum(g["ended_by"] == e for g in games) for e in ("complete", "supply", "cap")}
    print(f"{n} games (seeds {args.first}..{args.first + n - 1}), {args.players} seats: {args.hero} "
          f"against {args.players - 1} x {args.field}, the {args.hero} seat rotating; an equal bot wins "
          f"{1 / args.players:.0%}")
    print(f"{args.hero} wins alone {alone} ({alone / n:.1%}, 95% {lo:.1%}..{hi:.1%}), shared {shared} "
          f"({shared / n:.1%}); win share {mean:.1%} (95% {slo:.1%}..{shi:.1%})")
    print(f"ended by a full garden {ended['complete']}, by the empty supply {ended['supply']}, "
          f"at the move cap ({CAP}) {ended['cap']}")
    for level in dict.fromkeys((args.hero, args.field)):
        times = [t for g in games for t in g["times"].get(level, [])]
        print(f"{level:>7}: {len(times)} moves, think time median {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {percentile(times, 0.95) * 1000:.2f} ms, max {max(times) * 1000:.1f} ms")


def page_game(seed: int, level: str, players: int) -> dict:
    """One game of `players` bot seats of `level`, each move's bot seeded as the page seeds it:
    whether the win is shared, whether two gardens end alike, and how many decisions (after the
    setup) a seat took with a garden alike another seat's."""
    state = game_module.GAME.new(players, seed=seed)
    coincide = decisions = 0
    while not state.is_over and len(state.moves) < CAP:
        seat = state.current_player
        if state.phase in ("turn", "drawn"):
            decisions += 1
            coincide += any(state.boards[other] == state.boards[seat] for other in range(players) if other != seat)
        bot = core.get_bot(GAME_ID, level, derive_seed(state.seed, "seat", seat, len(state.moves)))
        state.play(bot.choose(state))
    gardens = [tuple(board) for board in state.boards]
    return {"capped": not state.is_over, "shared": state.is_over and len(state.winners()) > 1,
            "alike": len(set(gardens)) < players, "coincide": coincide, "decisions": decisions}


def clones_report(args: argparse.Namespace) -> None:
    games = run(args.jobs, partial(page_game, level=args.clones, players=args.players),
                range(args.first, args.first + args.games))
    n = len(games)
    print(f"{n} games (seeds {args.first}..{args.first + n - 1}), {args.players} seats, every seat {args.clones}, "
          f"seeded as in the page")
    for what, key in (("shared wins", "shared"), ("two gardens alike at the end", "alike"),
                      ("games at the move cap", "capped")):
        k = sum(g[key] for g in games)
        lo, hi = wilson(k, n)
        print(f"  {what}: {k} ({k / n:.1%}, 95% {lo:.1%}..{hi:.1%})")
    coincide, decisions = sum(g["coincide"] for g in games), sum(g["decisions"] for g in games)
    print(f"  decisions after the setup taken with a garden alike another seat's: {coincide} of {decisions}")


def cap_game(task: tuple[int, tuple[str, ...]]) -> tuple[tuple[str, ...], bool, int]:
    seed, levels = task
    out = play(seed, levels, timed=False)
    return levels, out["capped"], seed


def cap_check(args: argparse.Namespace) -> None:
    levels = core.bot_levels(GAME_ID)
    lineups = []
    for players in (2, 3, 4):
        for a, b in itertools.combinations_with_replacement(levels, 2):
            lineups.append(tuple(a if s % 2 == 0 else b for s in range(players)))
    tasks = [(seed, lineup) for lineup in lineups for seed in range(args.first, args.first + args.games)]
    results = run(args.jobs, cap_game, tasks)
    capped = [(lineup, seed) for lineup, hit, seed in results if hit]
    print(f"{len(tasks)} games: {len(lineups)} line-ups (every pair of levels, 2 to 4 seats, seats "
          f"alternating) x {args.games} seeds; games at the move cap ({CAP}): {len(capped)}")
    for lineup, seed in capped[:20]:
        print(f"  capped: {' / '.join(lineup)} seed {seed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hero", default="expert")
    parser.add_argument("--field", default="strong")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed-start", "--first", dest="first", type=int, default=1_000_000,
                        help="first seed (default: held out; seeds 0..999 were used while tuning the bots)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (timings are per process)")
    parser.add_argument("--cap-check", action="store_true")
    parser.add_argument("--clones", metavar="LEVEL", help="every seat a bot of LEVEL: how often two tie or mirror")
    args = parser.parse_args()
    if args.clones:
        clones_report(args)
    elif args.cap_check:
        cap_check(args)
    else:
        hero_report(args)


if __name__ == "__main__":
    main()
