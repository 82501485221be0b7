"""Rucki Zucki bot strength and speed on fixed seeds from --seed-start (default 1,000,000: held
out, the bots were developed on matches from seed 0).

    python3 bench/rucki_zucki_bots.py [--matches 1000] [--seed-start 1000000] [--part four] [--part two] [--part time]
                                      [--jobs 2]

Parts (all by default):
- four: four-seat matches (four rounds each), the strong bot against three easy bots, the strong
  bot's seat rotating with the seed. Prints its mean penalty per match and the easy bots' (with
  95 % intervals) and its share of match wins (a tie shared counts as 1/k of a win; 25 % would be
  equal strength), with a 95 % interval. Then the margin per round: the hero seat's penalty per
  round minus the mean of the other three seats', with its 95 % interval, for the strong bot in
  the hero's seat and for an easy bot there on the same seeds (the baseline: an equal bot is at
  0 on average), and the paired difference of the two (negative: the strong bot gives away fewer
  points than an easy one would in its place).
- two: two-seat matches (two rounds each), strong against medium, seats alternating with the seed:
  the strong bot's share of match wins (50 % would be equal strength), with a 95 % interval.
- time: think time per move (median, p95, max) of each level on this CPython, measured on the
  moves of a few mixed matches (three- and four-seat). The page runs Pyodide, about 3x slower.
Each match uses the game seed and bot seeds derived from its index, so runs are repeatable.
"""
from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from intervals import mean_half  # noqa: E402
from ludotheque.games.rucki_zucki import bots as rz_bots  # noqa: E402
from ludotheque.core import bot_levels, get_bot  # noqa: E402
from ludotheque.games.rucki_zucki.rules import GAME  # noqa: E402


def play_match(levels: list[str], seed: int, times: dict[str, list[float]] | None = None) -> list[int]:
    """One match (as many rounds as seats) with `levels[s]` at seat s; the penalty totals."""
    state = GAME.new(len(levels), seed=seed)
    players = [get_bot(GAME.id, level, seed=seed * 10 + s) for s, level in enumerate(levels)]
    while not state.is_over:
        seat = state.current_player
        start = time.perf_counter()
        move = players[seat].choose(state)
        if times is not None:
            times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        state.play(move)
    return [-t for t in state.totals()]


def win_share(penalties: list[int], seat: int) -> float:
    best = min(penalties)
    winners = [s for s, p in enumerate(penalties) if p == best]
    return 1 / len(winners) if seat in winners else 0.0


def margin_per_round(penalties: list[int], seat: int) -> float:
    """`seat`'s penalty per round minus the mean of the other seats' (a four-seat match: 4 rounds)."""
    others = statistics.fmean(p for s, p in enumerate(penalties) if s != seat)
    return (penalties[seat] - others) / len(penalties)


def four_seats(matches: int, first: int) -> None:
    strong_pen, easy_pen, wins = [], [], []
    margins: dict[str, list[float]] = {"strong": [], "easy": []}
    started = time.perf_counter()
    for k in range(matches):
        seed = first + k
        seat = seed % 4
        for hero in ("strong", "easy"):   # the same seeds, the hero's seat taken by each in turn
            levels = ["easy"] * 4
            levels[seat] = hero
            penalties = play_match(levels, seed)
            margins[hero].append(margin_per_round(penalties, seat))
            if hero == "strong":
                strong_pen.append(penalties[seat])
                easy_pen.append(statistics.fmean(p for s, p in enumerate(penalties) if s != seat))
                wins.append(win_share(penalties, seat))
    m, h = mean_half(strong_pen)
    me, he = mean_half(easy_pen)
    w, hw = mean_half(wins)
    print(f"four seats, strong vs 3 easy, {matches} matches of 4 rounds (seeds {first}..{first + matches - 1}): "
          f"strong penalty {m:.1f} ± {h:.1f} per match, easy {me:.1f} ± {he:.1f}; strong wins {100 * w:.1f} % "
          f"± {100 * hw:.1f} (equal: 25 %, goal ≥ 45 %) [{time.perf_counter() - started:.0f} s]", flush=True)
    for hero in ("strong", "easy"):
        mm, hm = mean_half(margins[hero])
        print(f"  {hero:>6} in the hero's seat: penalty per round minus the other seats' mean {mm:+.2f} ± {hm:.2f}",
              flush=True)
    d, hd = mean_half([a - b for a, b in zip(margins["strong"], margins["easy"])])
    print(f"  paired, strong minus easy in that seat: {d:+.2f} ± {hd:.2f} points per round", flush=True)


def two_seat_match(seed: int, opponent: str) -> tuple[float, int]:
    """One two-seat match, the strong bot at seat `seed % 2`: its win share and the opponent's
    penalty minus its own."""
    seat = seed % 2
    levels = [opponent, opponent]
    levels[seat] = "strong"
    penalties = play_match(levels, seed)
    return win_share(penalties, seat), penalties[1 - seat] - penalties[seat]


def two_seats(matches: int, first: int, opponent: str = "medium", jobs: int = 1) -> None:
    started = time.perf_counter()
    seeds = range(first, first + matches)
    if jobs > 1:   # the same matches, spread over processes
        with multiprocessing.Pool(jobs) as pool:
            results = pool.starmap(two_seat_match, [(seed, opponent) for seed in seeds], chunksize=4)
    else:
        results = [two_seat_match(seed, opponent) for seed in seeds]
    wins = [w for w, _ in results]
    diffs = [d for _, d in results]
    w, hw = mean_half(wins)
    d, hd = mean_half(diffs)
    print(f"two seats, strong vs {opponent}, {matches} matches of 2 rounds: strong wins {100 * w:.1f} % "
          f"± {100 * hw:.1f} (equal: 50 %, goal ≥ 65 %); {opponent}'s penalty minus strong's {d:.1f} ± {hd:.1f} "
          f"[{time.perf_counter() - started:.0f} s]", flush=True)


def think_times(matches: int, first: int) -> None:
    times: dict[str, list[float]] = {}
    levels = bot_levels(GAME.id)
    for k in range(matches):
        seats = 3 + k % 2
        play_match([levels[(k + s) % len(levels)] for s in range(seats)], first + k, times)
    for level in levels:
        ts = sorted(times.get(level, []))
        if not ts:
            continue
        p95 = ts[int(0.95 * (len(ts) - 1))]
        print(f"{level:>8}: think per move {1000 * statistics.median(ts):6.2f} ms median, {1000 * p95:6.2f} ms p95, "
              f"max {1000 * ts[-1]:6.1f} ms over {len(ts)} moves", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="matches per strength part")
    parser.add_argument("--time-matches", type=int, default=30, help="matches for the think-time part")
    parser.add_argument("--seed-start", "--first-seed", dest="first_seed", type=int, default=1_000_000,
                        help="first seed (default: held out; seeds from 0 were used to develop the bots)")
    parser.add_argument("--part", action="append", choices=("four", "two", "time"), help="default: all")
    parser.add_argument("--opponent", default="medium", help="the two-seat opponent level")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the two-seat part (same results)")
    args = parser.parse_args()
    parts = args.part or ["four", "two", "time"]
    print(f"Rucki Zucki bots, default options, seeds from {args.first_seed}")
    if "four" in parts:
        four_seats(args.matches, args.first_seed)
    if "two" in parts:
        two_seats(args.matches, args.first_seed, args.opponent, args.jobs)
    if "time" in parts:
        think_times(args.time_matches, args.first_seed)


if __name__ == "__main__":
    assert rz_bots.GAME_ID == GAME.id
    main()
