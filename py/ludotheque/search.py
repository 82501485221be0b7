"""What the bots' searches share, beside the engine contract (core.py): computations made of
steps, which the page runs a few at a time so that a tap is answered meanwhile (`finish` runs them
whole, `scaled` maps one into a part of a longer one), and the race of candidates scored on the
same sampled orders (`raced`)."""
from __future__ import annotations

from typing import Generator, Sequence, TypeVar

Result = TypeVar("Result")


def finish(steps: Generator[float, None, Result]) -> Result:
    """Run a computation made of steps (a generator yielding how far it got, 0..1, and returning
    its result) to its end: the result. The page runs the same steps a few at a time instead."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def scaled(steps: Generator[float, None, Result], start: float, end: float) -> Generator[float, None, Result]:
    """The same steps and result, with how far it got mapped into start..end (one computation
    as a part of a longer one)."""
    while True:
        try:
            done = next(steps)
        except StopIteration as result:
            return result.value
        yield start + (end - start) * done


def raced(live: list[int], scores: Sequence[Sequence[float]], z: float) -> list[int]:
    """The candidates of `live` (each scored on the same sampled orders, `scores[k]` order by order,
    lower better) still in a race: the best (lowest total, the first of equals) and every other
    whose mean, paired order by order with the best's, is not worse by more than `z` standard
    errors of the difference. The bots race their candidates with it (3x16's strong bot its
    tableaux, Lucky Numbers' expert its moves, scores negated), so a budget of playouts goes to
    the moves still in doubt."""
    best = min(live, key=lambda k: sum(scores[k]))
    mine = scores[best]
    m = len(mine)
    kept = []
    for k in live:
        if k != best:
            diffs = [x - y for x, y in zip(scores[k], mine)]
            mean = sum(diffs) / m
            var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
            if mean > 0 and mean * mean * m > z * z * var:
                continue
        kept.append(k)
    return kept
