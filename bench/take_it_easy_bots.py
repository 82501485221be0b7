"""Take It Easy bot strength and speed: N solo single-round games on fixed seeds from --seed-start
(default 0) per level.

    python3 bench/take_it_easy_bots.py [--games 2000] [--level strong] [--level medium] ... [--jobs 2]
                                       [--variety on|off|paired|twins] [--margin M]
                                       [--scores FILE] [--against FILE] [--pair FILE ...]

Prints, per level, the mean score, its standard deviation, the 95 % interval of the mean, and the
think time per move on this CPython (mean, median and 95th percentile). Seeds are the same for every
level, so differences between levels are paired. The training script never uses these seeds (it
draws its tiles from numpy's generator). --jobs splits the seeds over processes (the same figures,
sooner; think times then include the other processes' load). --scores writes every round's score
(JSON, per level and seed); --against reads such a file, written by an earlier version of the bots,
and prints each level's paired difference to it on the seeds both have (mean and 95 % interval).

Variety (issue #28): each level's bot plays, for variety, any placement it values within its
`margin` of its best (seeded by its own seed), so two bots of one level given the same tiles play
differently. --variety on (the default) measures the bots as they play; off, their best move every
time (as the hint); paired, both on the same seeds, then the variety's cost: the paired difference
off less on (mean and 95 % interval) and how many rounds it changed. With the variety on it also
prints what the variety gave up by the bot's own estimate (the best value less the chosen one,
summed over a round's decisions), a figure with far less noise than the scores'. --margin replaces the levels'
margins (to choose one).

Luck: most of a score's spread is the order the tiles come in, which the variety does not change
but which, once two ways of playing part, falls on different boards. Each round also sums, over
its tiles, how much better than an average tile the tile revealed is for the board it falls on
(`luck`: by the learned value, against every tile it could have been). That sum is zero on
average whatever the play, because each tile is drawn uniformly from those not yet seen, so the
score less its luck has the same mean as the score, with far less spread: the cost is printed
both ways, and the luck-free one needs about a thirteenth of the rounds for the same interval
(the expert, 6,000 paired rounds: a round's difference spread 21.8 points raw, 5.9 without the
luck). --scores also writes "<level> off" and "<level> on": score and luck per seed; --pair reads
such files (e.g. chunks of seeds run apart) and prints the paired cost over the seeds both have.

twins: a round of two bots of the level at one table (seats 1 and 2 of three, each move's bot
seeded as the page seeds it), per seed: how many rounds they tie and how many they place alike,
with 95 % intervals.
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

from intervals import mean_half, paired, share  # noqa: E402
from ludotheque.games.take_it_easy import bots as tie_bots  # noqa: E402
from ludotheque.core import bot_levels, get_bot  # noqa: E402
from ludotheque.games.take_it_easy.rules import GAME  # noqa: E402


def luck(pos: tie_bots.Position) -> float:
    """How much better than an average tile the tile just revealed is for this board: the learned
    value after its best placement less the mean of the same over every tile it could have been
    (the tiles unseen before it, each as likely). Its mean is zero whatever the value and the
    play, since the tile is drawn uniformly from those; summed over a round it follows most of the
    score's luck, so the score less it measures the play with far less noise."""
    value = tie_bots.learned_value()
    pool = pos.unseen + pos.waiting
    cells = tie_bots.legal_cells(pos.board, pos.adjacency, pos.previous)

    def best_with(tile: int) -> float:
        rest = list(pool)
        rest.remove(tile)
        return max(value.after_each(pos.board, tile, rest, cells))
    return best_with(pos.waiting[0]) - statistics.fmean(best_with(t) for t in pool)


def play(level: str, seed: int, times: list[float], options: dict,
         margin: float | None) -> tuple[int, float, float]:
    """One solo round with `level` on `seed` (its variety's margin `margin`, None: the level's
    own): the score, what the variety gave up by the bot's own estimate and the round's luck (the
    sum of `luck` over its tiles; 0 with pairs); appends each move's think time (s) to `times`."""
    state = GAME.new(1, seed=seed, options={"rounds": 1, **options})
    bot = get_bot(GAME.id, level, seed=seed)
    if margin is not None:
        bot.margin = margin
    drawn = 0.0
    while not state.is_over:
        if not options["pairs"]:
            drawn += luck(tie_bots.Position.from_view(state.view(0)))
        start = time.perf_counter()
        move = bot.choose(state)
        times.append(time.perf_counter() - start)
        state.play(move)
    return state.totals()[0], bot.given_up, drawn


def play_many(level: str, seeds: range, options: dict,
              margin: float | None) -> tuple[list[tuple[int, float, float]], list[float]]:
    """Scores with what the variety gave up and their luck, and think times, of solo rounds with
    `level` on `seeds`."""
    times: list[float] = []
    return [play(level, seed, times, options, margin) for seed in seeds], times


def measure(level: str, seeds: range, options: dict, margin: float | None,
            jobs: int) -> dict[str, tuple[int, float]]:
    """Play `level` on `seeds` (variety margin `margin`, None: the level's own), print its mean,
    spread and think times, and return the scores and lucks by seed."""
    started = time.perf_counter()
    chunks = [seeds[j::jobs] for j in range(jobs)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.starmap(play_many, [(level, chunk, options, margin) for chunk in chunks])
    else:
        parts = [play_many(level, seeds, options, margin)]
    scores = [s for part, _ in parts for s, _, _ in part]
    given = [g for part, _ in parts for _, g, _ in part]
    lucks = [k for part, _ in parts for _, _, k in part]
    times = sorted(t for _, part in parts for t in part)
    (mean, half), sd = mean_half(scores), statistics.pstdev(scores)
    p95 = times[int(0.95 * (len(times) - 1))]
    own = getattr(get_bot(GAME.id, level), "margin", 0.0)
    variety = "off" if margin == 0 else f"margin {own if margin is None else margin:g}"
    print(f"{level:>8}: mean {mean:7.2f} ± {half:4.2f} (sd {sd:5.1f}, min {min(scores)}, "
          f"max {max(scores)}; variety {variety}), think per move {1000 * statistics.fmean(times):6.2f} ms mean, "
          f"{1000 * times[len(times) // 2]:6.2f} ms median, {1000 * p95:6.2f} ms p95, max {1000 * times[-1]:6.1f} ms "
          f"[{time.perf_counter() - started:.0f} s]", flush=True)
    if not options["pairs"]:
        print(f"{'':>8}  luck (zero on average): {paired(lucks)} per round; the score less its luck: "
              f"{paired([s - k for s, k in zip(scores, lucks)])}", flush=True)
    if margin != 0:
        print(f"{'':>8}  given up for variety by the bot's own estimate: {paired(given)} per round", flush=True)
    return {str(seed): (s, k) for chunk, (part, _) in zip(chunks, parts) for seed, (s, _, k) in zip(chunk, part)}


def cost(without: dict[str, tuple[int, float]], with_: dict[str, tuple[int, float]]) -> str:
    """The variety's cost paired by seed (the seeds both have): off less on, raw and with each
    round's luck taken off its score, and how many rounds it changed."""
    common = [seed for seed in without if seed in with_]
    raw = [without[seed][0] - with_[seed][0] for seed in common]
    fair = [without[seed][0] - without[seed][1] - with_[seed][0] + with_[seed][1] for seed in common]
    return (f"variety's cost (off - on, paired on {len(common)} seeds): {paired(raw)} per round; its luck "
            f"taken off each score: {paired(fair)}; {sum(d != 0 for d in raw)} rounds changed")


def twins(level: str, seeds: range, options: dict) -> None:
    """Two bots of `level` given the same tiles (seats 1 and 2; seat 0, whose play changes
    nothing of theirs, is an expert bot):
    the share of rounds they tie, and of rounds they place every tile alike."""
    from ludotheque.core import derive_seed
    tied = alike = 0
    for seed in seeds:
        state = GAME.new(3, seed=seed, options={"rounds": 1, **options})
        cells: dict[int, list[int]] = {1: [], 2: []}
        while not state.is_over:
            seat = state.current_player
            bot = get_bot(GAME.id, level if seat else "expert", seed=derive_seed(state.seed, "seat", seat, len(state.moves)))
            move = bot.choose(state)
            if seat and move["type"] == "place":
                cells[seat].append(move["cell"])
            state.play(move)
        scores = state.totals()
        tied += scores[1] == scores[2]
        alike += cells[1] == cells[2]
    n = len(seeds)
    for what, count in (("tied", tied), ("placed alike", alike)):
        print(f"{level:>8}  two bots of the level {what} in {count} of {n} rounds: {share(count, n)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--level", action="append", help="level(s) to run; default: all")
    parser.add_argument("--seed-start", "--first-seed", dest="first_seed", type=int, default=0,
                        help="first seed (held out from 0: the training draws its tiles from numpy's generator)")
    parser.add_argument("--adjacency", default="off", choices=("off", "any", "previous"))
    parser.add_argument("--pairs", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variety", default="on", choices=("on", "off", "paired", "twins"),
                        help="the bots' variety: as they play (on), their best move only (off), or both, paired")
    parser.add_argument("--margin", type=float, help="the variety's margin for every level (default: each level's own)")
    parser.add_argument("--scores", type=Path, help="write the scores per level and seed here (JSON)")
    parser.add_argument("--against", type=Path, help="a --scores file to compare with, seed by seed")
    parser.add_argument("--pair", type=Path, nargs="+", help="--scores files (of --variety off and on runs, "
                        "any seeds) to pair by seed: print the variety's cost and nothing else")
    args = parser.parse_args()
    options = {"adjacency": args.adjacency, "pairs": args.pairs}
    levels = args.level or bot_levels(GAME.id)
    if args.pair:
        runs = {}
        for path in args.pair:
            for key, values in json.loads(path.read_text()).items():
                runs.setdefault(key, {}).update(values)
        for level in levels:
            if f"{level} off" in runs and f"{level} on" in runs:
                print(f"{level:>8}  {cost(runs[f'{level} off'], runs[f'{level} on'])}", flush=True)
        return
    print(f"Take It Easy bots: {args.games} {'three-seat' if args.variety == 'twins' else 'solo'} rounds, seeds {args.first_seed}.."
          f"{args.first_seed + args.games - 1}, options {options}")
    saved: dict[str, dict[str, int]] = {}
    before = json.loads(args.against.read_text()) if args.against else {}
    seeds = range(args.first_seed, args.first_seed + args.games)
    if args.variety == "twins":
        for level in levels:
            twins(level, seeds, options)
        return
    margins = {"on": [args.margin], "off": [0.0], "paired": [0.0, args.margin]}[args.variety]
    for level in levels:
        runs = [measure(level, seeds, options, margin, args.jobs) for margin in margins]
        saved[level] = {seed: score for seed, (score, _) in runs[-1].items()}
        for margin, run in zip(margins, runs):
            saved[f"{level} {'off' if margin == 0 else 'on'}"] = run
        if len(runs) == 2:
            print(f"{'':>8}  {cost(*runs)}", flush=True)
        common = [seed for seed in saved[level] if seed in before.get(level, {})]
        if common:
            diffs = [saved[level][seed] - before[level][seed] for seed in common]
            print(f"{'':>8}  paired with {args.against.name} on {len(common)} seeds: {paired(diffs)}", flush=True)
    if args.scores:
        args.scores.write_text(json.dumps(saved) + "\n")


if __name__ == "__main__":
    assert tie_bots.GAME_ID == GAME.id
    main()
