"""3x16 in hindsight: knowing the whole call order, the fewest tiles any play could leave.

    python3 tools/three_by_sixteen_hindsight.py [--deals 20] [--first-seed 0] [--cap 200000]

`solve(order)` searches over the calls, for each call every distinct place of the called tile
(the row it fits, when it fits, is the only place worth trying then: put in a column it would be
moved onto the row at once), then every transfer that fits, until none fits; when two bottom
tiles with the same number compete for one row, every choice is tried. Positions are canonical
(rows as a sorted multiset, columns as a sorted multiset of stacks). It first looks for a
completed deal by limited-discrepancy search (the best guess first, by the strong bot's
playout costs; paths leaving it at most d times, d = 0, 1, 2, ...; a position where a number
has all three copies buried above higher numbers is dead), then, if none completes, runs a
depth-first search over every play. A completed deal is optimal, so that result is exact;
otherwise the result is exact when the search ends within `cap` nodes, and else it is the best
play found (an upper bound) and `exact` is False.

The search transfers everything that fits after each placement. That is not always best: keeping
a tile that fits at a column bottom, covering it on purpose and later sending another copy of the
same number to the row can keep a column in order. `brute_force(order)` tries every play,
transfers optional and in any order, on small deals (numbers 1..high, few columns); the tests
compare the two, and `--check-any` prints how often they differ on random small deals.

Small deals: `high` numbers 1..high three times, `columns` auxiliary columns, three rows.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludotheque.core import Rng, derive_seed  # noqa: E402
from ludotheque.games.three_by_sixteen.rules import call_order, fitting_row, transfer_all, transfer_outcomes  # noqa: E402

ROWS = 3
Key = tuple


@dataclass
class Result:
    best: int         # fewest tiles left found (exact when `exact`)
    exact: bool       # the search finished within its node cap
    nodes: int


class _Cap(Exception):
    pass


def _closures(ends: tuple[int, ...], cols: tuple[tuple[int, ...], ...]) -> list[tuple[tuple[int, ...], tuple]]:
    """Every position reachable by transferring until nothing fits (canonical: sorted rows and
    columns); more than one only when equal bottoms compete for a row."""
    return [(tuple(sorted(e)), tuple(sorted(map(tuple, c)))) for e, c, _ in transfer_outcomes(ends, list(map(list, cols)))]


def solve(order: Sequence[int], high: int = 16, columns: int = 5, cap: int = 200_000) -> Result:
    """The fewest tiles left over all transfer-everything plays of `order` (see the module doc).

    First a limited-discrepancy search for a completed deal: the best-guess child first, and
    paths that leave the guess at most d times, for d = 0, 1, 2, ...; then, if none completes, a
    plain depth-first branch and bound over every play, both within `cap` nodes in all."""
    order = tuple(order)
    total = len(order)
    nodes = [0]
    best = [total]
    start = ((0,) * ROWS, ((),) * columns)
    failed: dict = {}

    def dive(k: int, ends: tuple[int, ...], cols: tuple, budget: int) -> bool:
        if k == total:
            left = sum(len(c) for c in cols)
            best[0] = min(best[0], left)
            return left == 0
        key = (k, ends, cols)
        if failed.get(key, -1) >= budget or _dead(order, k, ends, cols, high):
            return False
        nodes[0] += 1
        if nodes[0] > cap:
            raise _Cap
        for rank, (e2, c2) in enumerate(_children(ends, cols, order[k])):
            cost = 1 if rank else 0
            if cost <= budget and dive(k + 1, e2, c2, budget - cost):
                return True
        failed[key] = budget
        return False

    memo: dict = {}

    def search(k: int, ends: tuple[int, ...], cols: tuple) -> int:
        if k == total:
            left = sum(len(c) for c in cols)
            best[0] = min(best[0], left)
            return left
        key = (k, ends, cols)
        if key in memo:
            return memo[key]
        nodes[0] += 1
        if nodes[0] > cap:
            raise _Cap
        result = total
        for e2, c2 in _children(ends, cols, order[k]):
            result = min(result, search(k + 1, e2, c2))
            if result == 0:
                break
        memo[key] = result
        return result

    try:
        for budget in range(total + 1):
            if dive(0, *start, budget):
                return Result(0, True, nodes[0])
            if failed.get((0,) + start, -1) >= total:
                break
        return Result(search(0, *start), True, nodes[0])
    except _Cap:
        return Result(best[0], False, nodes[0])


def _dead(order: Sequence[int], k: int, ends: tuple[int, ...], cols: tuple, high: int) -> bool:
    """A sure sign that the deal cannot be completed any more: some number none of whose copies
    is on a row has every copy in a column above a higher number (each one can only leave after
    a row has passed that number, i.e. has used another copy of it)."""
    trapped = [0] * (high + 2)
    for col in cols:
        low = 0
        for x in reversed(col):
            if low > x:
                trapped[x] += 1
            if x > low:
                low = x
    for x in range(1, high + 1):
        if trapped[x] and trapped[x] + sum(1 for e in ends if e >= x) == 3 and x not in order[k:] \
                and all(e < x for e in ends):
            return True
    return False


def _children(ends: tuple[int, ...], cols: tuple[tuple[int, ...], ...], n: int) -> list:
    """The canonical positions after placing n and transferring everything, best guesses first."""
    places: list[tuple[float, tuple[int, ...], tuple]] = []
    i = fitting_row(n, ends)
    if i is not None:
        places.append((0, tuple(sorted(ends[:i] + (n,) + ends[i + 1:])), cols))
    else:
        empties = sum(1 for c in cols if not c)
        seen = set()
        for j, col in enumerate(cols):
            if col in seen:
                continue
            seen.add(col)
            if col:
                b = col[-1]
                cost = b - n if b >= n else 20 + 3 * (n - b)
            else:
                cost = 3 + 12 / empties + n // 3
            places.append((cost, ends, tuple(sorted(cols[:j] + (col + (n,),) + cols[j + 1:]))))
        places.sort(key=lambda p: p[0])
    out = []
    for _, e, c in places:
        out.extend(_closures(e, c))
    return out


def greedy_left(order: Sequence[int], columns: int = 5) -> int:
    """Tiles left by the greedy parker (an upper bound for the solver)."""
    from ludotheque.games.three_by_sixteen.bots import parker_target, put
    ends, cols = [0] * ROWS, [[] for _ in range(columns)]
    for n in order:
        put(ends, cols, n, parker_target(ends, cols, n))
        transfer_all(ends, cols)
    return sum(len(c) for c in cols)


def brute_force(order: Sequence[int], high: int = 4, columns: int = 2) -> int:
    """The fewest tiles left over every play, transfers optional, in any order, at any time (for
    small deals only)."""
    order = tuple(order)

    @lru_cache(maxsize=None)
    def after_transfers(ends: tuple[int, ...], cols: tuple) -> frozenset:
        out = {(ends, cols)}
        for j, col in enumerate(cols):
            if col:
                i = fitting_row(col[-1], ends)
                if i is not None:
                    e2 = tuple(sorted(ends[:i] + (col[-1],) + ends[i + 1:]))
                    c2 = tuple(sorted(cols[:j] + (col[:-1],) + cols[j + 1:]))
                    out |= after_transfers(e2, c2)
        return frozenset(out)

    @lru_cache(maxsize=None)
    def best(k: int, ends: tuple[int, ...], cols: tuple) -> int:
        if k == len(order):
            return min(sum(len(c) for c in c2) for _, c2 in after_transfers(ends, cols))
        n = order[k]
        result = len(order)
        for e1, c1 in after_transfers(ends, cols):
            i = fitting_row(n, e1)
            if i is not None:
                result = min(result, best(k + 1, tuple(sorted(e1[:i] + (n,) + e1[i + 1:])), c1))
            for j in range(len(c1)):
                c2 = tuple(sorted(c1[:j] + (c1[j] + (n,),) + c1[j + 1:]))
                result = min(result, best(k + 1, e1, c2))
        return result

    return best(0, (0,) * ROWS, ((),) * columns)


def small_deal(seed: int, high: int = 4) -> list[int]:
    """A shuffled small deal: 1..high three times."""
    order = [n for n in range(1, high + 1) for _ in range(3)]
    Rng(derive_seed(seed, "3x16-small")).shuffle(order)
    return order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--cap", type=int, default=200_000)
    parser.add_argument("--check-any", type=int, default=0, metavar="N",
                        help="compare with every play (transfers optional) on N small deals")
    args = parser.parse_args()
    if args.check_any:
        for high, columns in ((4, 3), (5, 2)):
            worse = 0
            for seed in range(args.check_any):
                deal = small_deal(seed, high)
                if solve(deal, high, columns).best != brute_force(deal, high, columns):
                    worse += 1
            print(f"numbers 1..{high}, {columns} columns: transfer-everything play is worse than the best play "
                  f"on {worse} of {args.check_any} deals")
    done = exact = 0
    for seed in range(args.first_seed, args.first_seed + args.deals):
        start = time.perf_counter()
        result = solve(call_order(seed), cap=args.cap)
        done += result.best == 0
        exact += result.exact
        print(f"deal {seed}: {result.best} left ({'exact' if result.exact else 'bound'}), {result.nodes} nodes, "
              f"{time.perf_counter() - start:.2f} s", flush=True)
    print(f"{done} of {args.deals} completable; {exact} exact")


if __name__ == "__main__":
    main()
