"""Lucky Numbers bot benchmark (a script, not a test): one level against another on fixed seeds.

`--hero expert --field strong --players 2` plays `--games` games (default 1000) with default
options: game g uses seed s = `--seed-start` + g (default 1,000,000: held out; the expert's margin
weight was chosen on seeds 0..799 and the bots were measured while tuned on seeds 0..999), the
hero sits in seat s mod players and the field's bots fill the other seats. Prints the hero's
wins (alone), shared wins and win share (a shared win counts 1/n) with 95 % intervals, how the
games ended, the games stopped at the move cap, and each level's think time per move (median,
p95, max) on this interpreter. An equal bot wins 1/players.

`--pair "lead=0.3,candidates=4"` screens a change of the expert paired (issue #42): on each seed
it plays the game twice, once with the expert in the hero's seat and once with the same expert
with those `Budget` fields changed (its planner's `Weights` fields named "w.reach" and so on), the
other seats `--field` bots seeded alike both times, and prints the change's paired difference in
win share ("+m ± h" points, 95 %), the games each one won alone, and both think times per move
(two runs, not interleaved: under a changing load the times drift). `--cache DIR` keeps each
configuration's per-seed results (a JSON file per seed range and configuration), so a screen of
several changes plays the plain expert once. A change of code rather than of a knob is screened
by giving `Budget` a field for it while it is tried.

`--cap-check` instead plays every pairing of levels (each level against each, 2 to 4 seats,
`--games` seeds each) and prints how many games hit the move cap (goal: 0).

`--clones LEVEL` plays games in which every seat is a bot of LEVEL, each move's bot seeded as the
page seeds it (web/table/game_table.py: the game's seed, "seat", the seat, the moves so far), and prints how
often two of them tie (a shared win) or mirror each other (two gardens alike at the end, or a seat
acting with a garden alike another seat's after the setup; each seat draws its own tiles, so
same-level bots are clones only where their positions coincide), with 95 % intervals (issue #28).

Bars (issue #13): expert vs strong, 2 seats, >= 60 %; expert vs three medium, 4 seats, >= 55 %;
expert's think time p95 <= ~100 ms on CPython (the page runs Pyodide, about 3x slower).

    python3 bench/lucky_numbers_bots.py --hero expert --field strong --games 1000 --jobs 2 [--seed-start 1000000]
    python3 bench/lucky_numbers_bots.py --hero expert --field medium --players 4 --games 1000 --jobs 2
    python3 bench/lucky_numbers_bots.py --pair "lead=0.3" --players 4 --field medium --games 200 --seed-start 500000
    python3 bench/lucky_numbers_bots.py --cap-check --games 100 --jobs 2
    python3 bench/lucky_numbers_bots.py --clones strong --players 3 --games 1000 --first 300000
"""
from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import statistics
import sys
import time
from functools import partial
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from intervals import mean_half, paired, wilson  # noqa: E402
from ludotheque import core  # noqa: E402
from ludotheque.games.lucky_numbers import bots as _bots  # noqa: E402,F401  (registers the levels)
from ludotheque.core import derive_seed  # noqa: E402
from ludotheque.games.lucky_numbers import rules as game_module  # noqa: E402

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


def budget_of(change: str) -> tuple[_bots.Budget, _bots.Weights]:
    """The expert's `Budget` and its planner's `Weights` with the fields of `change` set
    ("name=value,...", a `Weights` field named "w.name"); "" the defaults."""
    out = []
    for cls, prefix in ((_bots.Budget, ""), (_bots.Weights, "w.")):
        fields = {f.name: f.type for f in dataclasses.fields(cls)}
        values = {}
        for item in filter(None, change.split(",")):
            name, value = (part.strip() for part in item.split("="))
            if (name.startswith("w.") if prefix else not name.startswith("w.")):
                name = name[len(prefix):]
                kind = fields[name] if isinstance(fields[name], str) else fields[name].__name__
                values[name] = (value.lower() in ("1", "true", "yes") if kind == "bool" else
                                {"int": int, "float": float}[kind](value))
        out.append(dataclasses.replace(cls(), **values))
    return out[0], out[1]


def variant_game(seed: int, change: str, field: str, players: int) -> dict:
    """One game with the expert, its `Budget` and `Weights` changed by `change` (`budget_of`), in
    the hero's seat (the seed mod players), the other seats `field` bots; seeded as `play` seeds
    them. The hero's share of the win, whether it won alone, and its think time per move."""
    game = game_module.GAME
    state = game.new(players, seed=seed)
    hero = seed % players
    budget, weights = budget_of(change)
    variant = type("Variant", (_bots.ExpertBot,), {"budget": budget, "weights": weights})
    bots = [variant(game, derive_seed(seed, "bench", seat)) if seat == hero else
            core.get_bot(GAME_ID, field, derive_seed(seed, "bench", seat)) for seat in range(players)]
    times = []
    while not state.is_over and len(state.moves) < CAP:
        seat = state.current_player
        started = time.perf_counter()
        move = bots[seat].choose(state)
        if seat == hero:
            times.append(time.perf_counter() - started)
        state.play(move)
    winners = state.winners() if state.is_over else []
    return {"seed": seed, "share": 1 / len(winners) if hero in winners else 0.0, "alone": winners == [hero],
            "times": times}


def variant_games(args: argparse.Namespace, change: str) -> list[dict]:
    """`variant_game` over the seeds, read from `--cache` when that configuration was played."""
    path = None
    if args.cache:
        key = change.replace("=", "").replace(",", "_").replace(".", "p") or "expert"
        path = Path(args.cache) / f"ln_{args.players}_{args.field}_{args.first}_{args.games}_{key}.json"
        if path.exists():
            return json.loads(path.read_text())
    games = run(args.jobs, partial(variant_game, change=change, field=args.field, players=args.players),
                range(args.first, args.first + args.games))
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(games))
    return games


def pair_report(args: argparse.Namespace) -> None:
    """`--pair`: the change against the plain expert, game by game on the same seeds."""
    base, new = variant_games(args, ""), variant_games(args, args.pair)
    n = len(base)
    diffs = [b["share"] - a["share"] for a, b in zip(base, new)]
    print(f"{n} games (seeds {args.first}..{args.first + n - 1}), {args.players} seats against "
          f"{args.players - 1} x {args.field}: expert with {args.pair} minus the expert, paired")
    print(f"  win share {100 * statistics.fmean(b['share'] for b in new):.1f} % against "
          f"{100 * statistics.fmean(a['share'] for a in base):.1f} %: {paired(diffs, 100)} points; "
          f"won alone {sum(b['alone'] for b in new)} against {sum(a['alone'] for a in base)} "
          f"(only the change {sum(b['alone'] and not a['alone'] for a, b in zip(base, new))}, "
          f"only the expert {sum(a['alone'] and not b['alone'] for a, b in zip(base, new))})")
    for name, games in (("expert", base), (args.pair, new)):
        times = [t for g in games for t in g["times"]]
        print(f"  {name}: {len(times)} moves, think median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {percentile(times, 0.95) * 1000:.1f} ms")


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
    parser.add_argument("--pair", metavar="CHANGE", help='the expert with Budget fields changed ("lead=0.3,most=200"), '
                        "paired against the expert on the same seeds")
    parser.add_argument("--cache", metavar="DIR", help="with --pair: keep and reuse each configuration's results")
    parser.add_argument("--clones", metavar="LEVEL", help="every seat a bot of LEVEL: how often two tie or mirror")
    args = parser.parse_args()
    if args.pair is not None:
        pair_report(args)
    elif args.clones:
        clones_report(args)
    elif args.cap_check:
        cap_check(args)
    else:
        hero_report(args)


if __name__ == "__main__":
    main()
