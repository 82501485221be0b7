"""What the bots' searches share, beside the engine contract (core.py): computations made of
steps, which the page runs a few at a time so that a tap is answered meanwhile (`finish` runs them
whole, `scaled` maps one into a part of a longer one), and the race of candidates scored on the
same sampled orders (`raced`)."""
from __future__ import annotations

import hashlib
import json
from typing import Any, Generator, Mapping, Sequence, TypeVar

Result = TypeVar("Result")
Row = dict[str, Any]


def decision_key(seat: int, moves: Sequence[Any], n: int, end: int) -> str:
    """What a review's row of one decision stands on, as the key it is kept under: the seat, the
    decision's first move `n` and the moves up to its end (`moves[:end]`: the position before it
    and what was played there). Moves played since change nothing; an undo of one of those moves,
    or another move there, gives another key, so a row judged for other moves is never shown."""
    digest = hashlib.blake2b(json.dumps(list(moves[:end]), sort_keys=True).encode(), digest_size=12).hexdigest()
    return f"{seat}:{n}:{digest}"


def told(known: Mapping[str, Any]) -> dict[str, Any]:
    """What a judge of a review's next part is told of the parts `known`: a row (a dict) only by
    its key (its value is never read again), a part still in the works (a list: the computer's
    placements of a board so far) as it stands, to go on from."""
    return {key: value if isinstance(value, list) else True for key, value in known.items()}


class Judged:
    """The rows of a review as it goes through a seat's decisions: those `known` (judged before,
    during the game, under their `decision_key`) taken as they are, the others judged here, at
    most `most` of them (None: all). `fresh` are the rows judged here, in the decisions' order."""

    def __init__(self, known: Mapping[str, Any] | None, most: int | None) -> None:
        self.known, self.most = known or {}, most
        self.rows: list[Row] = []
        self.fresh: list[Row] = []

    def reuse(self, key: str) -> bool:
        """Whether the decision of `key` needs no judging here: judged before (its row is taken),
        or beyond what this run judges."""
        if key in self.known:
            if self.most is None:
                self.rows.append(dict(self.known[key]))
            return True
        return self.most is not None and len(self.fresh) >= self.most

    def add(self, key: str, row: Row) -> Row:
        """A row just judged, kept under its key."""
        row["key"] = key
        self.rows.append(row)
        self.fresh.append(row)
        return row

    def result(self, order: Any) -> list[Row]:
        """What the review returns: with `most`, the rows judged here; else every row, sorted by
        `order`."""
        return self.fresh if self.most is not None else sorted(self.rows, key=order)


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
