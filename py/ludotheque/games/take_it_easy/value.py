"""What a Take It Easy board is worth to the bots: what a seat knows (`Position`), the line
potential that the easy and medium players weigh, and the learned value (`LearnedValue`, tables
in data/weights.json) that the strong and expert players look ahead with (told in `bots.py`)."""
from __future__ import annotations

import base64
import json
import sys
import zlib
from array import array
from pathlib import Path
from typing import Any, Iterator, Sequence

from ...core import Move
from . import WEIGHTS_PATH
from .rules import (CELL_LINES, CELLS, LINE_DIRECTION, LINES, VALUES, legal_cells,
                                  score_numbers, tile_number)

GAME_ID = "take-it-easy"
NumBoard = list  # 19 cells: a tile number 0..26 or None

# --- what a seat knows --------------------------------------------------------------------------


class Position:
    """A seat's decision: its board (tile numbers), the tiles it must place now, the tiles still
    unseen this round (the pool the next ones come from) and the placement constraints."""

    __slots__ = ("board", "waiting", "unseen", "left", "adjacency", "previous", "seat")

    def __init__(self, board: NumBoard, waiting: list[int], unseen: list[int], left: int,
                 adjacency: str = "off", previous: int | None = None, seat: int = 0):
        self.seat = seat
        self.board = board
        self.waiting = waiting
        self.unseen = unseen
        self.left = left
        self.adjacency = adjacency
        self.previous = previous

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "Position":
        seat = view["current"]
        return cls(board=[tile_number(t) if t is not None else None for t in view["boards"][seat]],
                   waiting=[tile_number(t) for t in view["to_place"]],
                   unseen=[tile_number(t) for t in view["unseen"]],
                   left=view["left"],
                   adjacency=view["options"]["adjacency"],
                   previous=view["previous"][seat], seat=seat)

    def labels(self) -> tuple[int, ...]:
        """The decision in numbers (board, tiles waiting, tiles left), to seed a bot's variety."""
        return (*(-1 if t is None else t for t in self.board), *self.waiting, self.left)


def placements(pos: Position) -> Iterator[tuple[tuple[int, int], NumBoard]]:
    """Every legal way to put down all waiting tiles: (first tile, first cell) and the board after
    all of them (for a pair, both orders and every legal pair of cells)."""
    def rec(board: NumBoard, waiting: list[int], previous: int | None,
            first: tuple[int, int] | None) -> Iterator[tuple[tuple[int, int], NumBoard]]:
        if not waiting:
            yield first, board  # type: ignore[misc]
            return
        for t in dict.fromkeys(waiting):
            rest = list(waiting)
            rest.remove(t)
            for c in legal_cells(board, pos.adjacency, previous):
                after = list(board)
                after[c] = t
                yield from rec(after, rest, c, first or (t, c))
    yield from rec(pos.board, pos.waiting, pos.previous, None)


def move_for(legal: list[Move], tile: int, cell: int) -> Move:
    """The legal move that puts `tile` on `cell`."""
    for move in legal:
        if move.get("cell") == cell and ("tile" not in move or tile_number(move["tile"]) == tile):
            return dict(move)
    raise ValueError(f"no legal move puts tile {tile} on cell {cell}")


# --- line bookkeeping shared by the evaluators ---------------------------------------------------

def line_state(board: Sequence[int | None], line: int) -> tuple[int, int, int]:
    """(filled cells, value index 0..2 or -1 if empty, 1 if broken else 0) of one line."""
    d = LINE_DIRECTION[line]
    filled, value = 0, -1
    for c in LINES[line]:
        t = board[c]
        if t is None:
            continue
        x = (t // 9, t // 3 % 3, t % 3)[d]
        if value >= 0 and x != value:
            return filled + 1, value, 1
        value = x
        filled += 1
    return filled, value, 0


def value_counts(tiles: Sequence[int]) -> list[list[int]]:
    """How many of `tiles` show each value index, per direction: counts[d][x]."""
    counts = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    for t in tiles:
        counts[0][t // 9] += 1
        counts[1][t // 3 % 3] += 1
        counts[2][t % 3] += 1
    return counts


class Evaluator:
    """Estimates the final score of a board from the tiles still unseen (`pool`)."""

    def __call__(self, board: NumBoard, pool: list[int]) -> float:
        raise NotImplementedError


class LinePotential(Evaluator):
    """Finished lines count in full; an open line counts value x length x (filled / (filled +
    cautious * empty)). With `deck`, an open line whose missing tiles are no longer all among the
    unseen ones counts nothing, and the tiles it needs are set aside, fullest lines first."""

    def __init__(self, deck: bool, cautious: float):
        self.deck = deck
        self.cautious = cautious

    def __call__(self, board: NumBoard, pool: list[int]) -> float:
        states = []
        for i in range(15):
            filled, x, broken = line_state(board, i)
            if not broken and x >= 0:
                states.append((filled - len(LINES[i]), i, filled, x))
        states.sort(reverse=True)
        counts = value_counts(pool) if self.deck else None
        total = 0.0
        for missing, i, filled, x in states:
            d, length = LINE_DIRECTION[i], len(LINES[i])
            points = VALUES[d][x] * length
            if missing == 0:
                total += points
                continue
            if counts is not None:
                if counts[d][x] < -missing:
                    continue
                counts[d][x] += missing
            total += points * filled / (filled - self.cautious * missing)
        return total


MIRROR_LINE = tuple(5 * (i // 5) + 4 - i % 5 for i in range(15))
LINE_LENGTH = tuple(len(cells) for cells in LINES)
M_SIZE = 20
REM_SIZE = 10
F2_STATES = 11
F3_SIZE = F2_STATES ** 3 * 10 * 4
DEMAND_SIZE = 13


def _offsets() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]:
    size, f1 = 0, [0] * 15
    for i in range(15):
        if MIRROR_LINE[i] < i:
            f1[i] = f1[MIRROR_LINE[i]]
        else:
            f1[i] = size
            size += (2 + 3 * LINE_LENGTH[i]) * REM_SIZE * M_SIZE
    f2 = []
    for _ in range(3):
        f2.append(size)
        size += F2_STATES ** 5
    f3 = [0] * CELLS
    for c in range(CELLS):
        if 18 - c < c:
            f3[c] = f3[18 - c]
        else:
            f3[c] = size
            size += F3_SIZE
    return tuple(f1), tuple(f2), tuple(f3), size, size + 9 * DEMAND_SIZE * REM_SIZE * M_SIZE


F1_OFFSET, F2_OFFSET, F3_OFFSET, F4_OFFSET, TABLE_SIZE = _offsets()


def _f4(d: int, x: int, demand: int, r: int, m: int) -> int:
    """The F4 entry of value x in direction d."""
    return F4_OFFSET + (((3 * d + x) * DEMAND_SIZE + min(demand, DEMAND_SIZE - 1)) * REM_SIZE + r) * M_SIZE + m


def _demand(states: Sequence[tuple[int, int, int]]) -> list[list[int]]:
    """Per direction and value: the cells still missing on the open lines showing it."""
    demand = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    for i, (filled, x, broken) in enumerate(states):
        if filled and not broken:
            demand[LINE_DIRECTION[i]][x] += LINE_LENGTH[i] - filled
    return demand


def _demand_after(demand: list[int], i: int, old: tuple[int, int, int], new: tuple[int, int, int]) -> list[int]:
    """A direction's demand (see _demand) once line i of it goes from state `old` to `new`."""
    out = list(demand)
    for (filled, x, broken), sign in ((old, -1), (new, 1)):
        if filled and not broken:
            out[x] += sign * (LINE_LENGTH[i] - filled)
    return out


def line_states(board: Sequence[int | None]) -> list[tuple[int, int, int]]:
    """line_state of the 15 lines."""
    return [line_state(board, i) for i in range(15)]


def feature_indices(board: Sequence[int | None], pool: Sequence[int]) -> list[int]:
    """The table entries whose sum is the learned value of `board` with `pool` still unseen."""
    m = sum(t is None for t in board)
    rem = value_counts(pool)
    states = line_states(board)
    out = []
    coarse = []
    for i, (filled, x, broken) in enumerate(states):
        length, d = LINE_LENGTH[i], LINE_DIRECTION[i]
        if filled == 0:
            status, r, c = 0, 0, 0
        elif broken:
            status, r, c = 1, 0, 1
        else:
            status, r = 2 + x * length + filled - 1, rem[d][x]
            c = 1 if filled == length else 2 + 3 * x + min(length - filled, 3) - 1
        out.append(F1_OFFSET[i] + (status * REM_SIZE + r) * M_SIZE + m)
        coarse.append(c)
    for d in range(3):
        joint = 0
        for j in range(4, -1, -1):
            joint = joint * F2_STATES + coarse[5 * d + j]
        out.append(F2_OFFSET[d] + joint)
    fits = _fit_table(pool)
    for cell in range(CELLS):
        if board[cell] is not None:
            continue
        lv, lu, ld = CELL_LINES[cell]
        qv, qu, qd = coarse[lv], coarse[lu], coarse[ld]
        fit = fits[ASK_A[qv] * 16 + ASK_A[qu] * 4 + ASK_A[qd]]
        out.append(F3_OFFSET[cell] + (((qv * F2_STATES + qu) * F2_STATES + qd) * 10 + min(fit, 9)) * 4 + m // 5)
    demand = _demand(states)
    out.extend(_f4(d, x, demand[d][x], rem[d][x], m) for d in range(3) for x in range(3))
    return out


FIT_TILES = tuple(tuple(9 * v + 3 * u + w
                        for v in (range(3) if av == 3 else (av,))
                        for u in (range(3) if au == 3 else (au,))
                        for w in (range(3) if ad == 3 else (ad,)))
                  for av in range(4) for au in range(4) for ad in range(4))
"""For every ask (a_v, a_u, a_d), each a value index or 3 for "anything" (index a_v*16 + a_u*4 + a_d),
the tiles that fit it."""


def _fit_table(pool: Sequence[int]) -> list[int]:
    """How many tiles of `pool` fit each ask (see FIT_TILES)."""
    present = [0] * 27
    for t in pool:
        present[t] = 1
    return [sum([present[t] for t in tiles]) for tiles in FIT_TILES]




def load_weights(path: Path = WEIGHTS_PATH) -> list[int]:
    """The value tables, in 1/scale points (int16 little-endian, zlib, base64, in JSON)."""
    doc = json.loads(Path(path).read_text())
    if doc.get("format") != 1 or doc.get("table_size") != TABLE_SIZE:
        raise ValueError(f"{path}: not format 1 with {TABLE_SIZE} entries")
    raw = array("h", zlib.decompress(base64.b64decode(doc["int16le_zlib_b64"])))
    if sys.byteorder == "big":
        raw.byteswap()
    return raw.tolist() + [0]


def _codes(i: int, state: tuple[int, int, int]) -> tuple[int, int, int]:
    """(F1 status, F2 coarse state, F3 ask: the coarse state again) of line i in `state` (see
    feature_indices)."""
    filled, x, broken = state
    if filled == 0:
        return 0, 0, 0
    if broken:
        return 1, 1, 1
    length = LINE_LENGTH[i]
    coarse = 1 if filled == length else 2 + 3 * x + min(length - filled, 3) - 1
    return 2 + x * length + filled - 1, coarse, coarse


def _placed(state: tuple[int, int, int], x: int) -> tuple[int, int, int]:
    """A line's state after one more tile showing value index x on it."""
    filled, value, broken = state
    if broken or (filled and value != x):
        return filled + 1, value, 1
    return filled + 1, x, 0


SHARED = tuple(tuple((other, d) for d in range(3) for other in LINES[CELL_LINES[c][d]] if other != c)
               for c in range(CELLS))
"""For each cell, the other cells on its lines, with the direction of the shared line."""
ASK_A = (3, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2)  # an ask (a coarse state) as a fit-table coordinate (3: any)
POW5 = tuple(F2_STATES ** k for k in range(5))
TILE_VALUES = tuple((t // 9, t // 3 % 3, t % 3) for t in range(27))
FIT_BY_TILE = tuple(tuple(int(t in tiles) for tiles in FIT_TILES) for t in range(27))
"""For each tile, 1 for every ask (fit-table index) it fits."""


class LearnedValue(Evaluator):
    """The learned estimate of points still to come plus the points already made."""

    def __init__(self, weights: list[int], scale: int):
        self.weights = weights
        self.scale = scale

    def __call__(self, board: NumBoard, pool: list[int]) -> float:
        done = score_numbers(board)
        if None not in board:
            return done
        w = self.weights
        return done + sum(w[i] for i in feature_indices(board, pool)) / self.scale

    def after_each(self, board: NumBoard, tile: int, pool: Sequence[int], cells: Sequence[int]) -> list[float]:
        """The value of the board after `tile` goes on each of `cells` (`pool`: the unseen tiles,
        `tile` excluded); the same numbers as __call__, computed incrementally."""
        w, scale = self.weights, self.scale
        done = score_numbers(board)
        m = sum(t is None for t in board) - 1
        states = line_states(board)
        tv = (tile // 9, tile // 3 % 3, tile % 3)
        if m == 0:
            return [done + self._completed(states, c, tv) for c in cells]
        rem = value_counts(pool)
        fits = _fit_table(pool)
        codes = [_codes(i, st) for i, st in enumerate(states)]
        f1 = [w[F1_OFFSET[i] + (status * REM_SIZE + (rem[LINE_DIRECTION[i]][states[i][1]] if status >= 2 else 0))
                * M_SIZE + m] for i, (status, _, _) in enumerate(codes)]
        joints = []
        for d in range(3):
            joint = 0
            for j in range(4, -1, -1):
                joint = joint * F2_STATES + codes[5 * d + j][1]
            joints.append(joint)
        f2 = [w[F2_OFFSET[d] + joints[d]] for d in range(3)]
        asks = [code[2] for code in codes]
        mb = m // 5
        f3 = {}
        for c2 in range(CELLS):
            if board[c2] is None:
                lv, lu, ld = CELL_LINES[c2]
                f3[c2] = w[self._f3(c2, asks[lv], asks[lu], asks[ld], fits, mb)]
        demand = _demand(states)
        f4 = [sum(w[_f4(d, x, demand[d][x], rem[d][x], m)] for x in range(3)) for d in range(3)]
        base = sum(f1) + sum(f2) + sum(f3.values()) + sum(f4)
        out = []
        for c in cells:
            total = base - f3[c]
            points = 0
            new_asks = {}
            for d in range(3):
                i = CELL_LINES[c][d]
                new = _placed(states[i], tv[d])
                dem = _demand_after(demand[d], i, states[i], new)
                for x in range(3):
                    if dem[x] != demand[d][x]:
                        total += w[_f4(d, x, dem[x], rem[d][x], m)] - w[_f4(d, x, demand[d][x], rem[d][x], m)]
                status, coarse, ask = _codes(i, new)
                if status >= 2 and new[0] == LINE_LENGTH[i]:
                    points += VALUES[d][new[1]] * LINE_LENGTH[i]
                total += w[F1_OFFSET[i] + (status * REM_SIZE + (rem[d][new[1]] if status >= 2 else 0)) * M_SIZE
                           + m] - f1[i]
                total += w[F2_OFFSET[d] + joints[d] + (coarse - codes[i][1]) * F2_STATES ** (i % 5)] - f2[d]
                new_asks[i] = ask
            for c2, d in SHARED[c]:
                if c2 in f3:
                    lines = CELL_LINES[c2]
                    a = [new_asks.get(line, asks[line]) for line in lines]
                    total += w[self._f3(c2, a[0], a[1], a[2], fits, mb)] - f3[c2]
            out.append(done + points + total / scale)
        return out

    @staticmethod
    def _f3(cell: int, qv: int, qu: int, qd: int, fits: list[int], mb: int) -> int:
        fit = fits[ASK_A[qv] * 16 + ASK_A[qu] * 4 + ASK_A[qd]]
        return F3_OFFSET[cell] + (((qv * F2_STATES + qu) * F2_STATES + qd) * 10 + min(fit, 9)) * 4 + mb

    @staticmethod
    def _completed(states: list[tuple[int, int, int]], cell: int, tv: tuple[int, int, int]) -> int:
        points = 0
        for d in range(3):
            i = CELL_LINES[cell][d]
            filled, x, broken = _placed(states[i], tv[d])
            if not broken and filled == LINE_LENGTH[i]:
                points += VALUES[d][x] * LINE_LENGTH[i]
        return points

    def expect_after(self, board: NumBoard, pool: Sequence[int], cells: Sequence[int]) -> float:
        """The mean, over the next tile drawn uniformly from `pool`, of the best value after it goes
        on one of `cells` (the same numbers as averaging max(after_each) over the pool, computed
        once per board: a line's change depends only on the value put on it, and a cell's table
        entry only on its three lines' asks and on whether the tile drawn fits them)."""
        w, scale = self.weights, self.scale
        done = score_numbers(board)
        empties = [c for c in range(CELLS) if board[c] is None]
        m = len(empties) - 1
        states = line_states(board)
        if m <= 0:
            return done + sum(max(self._completed(states, c, TILE_VALUES[t]) for c in cells)
                              for t in pool) / len(pool)
        rem = value_counts(pool)
        fits = _fit_table(pool)
        codes = [_codes(i, st) for i, st in enumerate(states)]
        s1, corr = 0, [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        old_f1 = []  # per line: its F1 entry once a tile (not) showing its value is drawn
        for i, (status, _, _) in enumerate(codes):
            base = F1_OFFSET[i] + status * REM_SIZE * M_SIZE + m
            if status >= 2:
                d, x = LINE_DIRECTION[i], states[i][1]
                r = rem[d][x]
                diff, same = w[base + r * M_SIZE], w[base + max(r - 1, 0) * M_SIZE]
                corr[d][x] += same - diff
            else:
                diff = same = w[base]
            old_f1.append((same, diff))
            s1 += diff
        demand = _demand(states)
        for d in range(3):
            for x in range(3):
                now = w[_f4(d, x, demand[d][x], rem[d][x], m)]
                s1 += now
                corr[d][x] += w[_f4(d, x, demand[d][x], max(rem[d][x] - 1, 0), m)] - now
        s2, joints = 0, []
        for d in range(3):
            joint = 0
            for j in range(4, -1, -1):
                joint = joint * F2_STATES + codes[5 * d + j][1]
            joints.append(joint)
            s2 += w[F2_OFFSET[d] + joint]
        line_delta, new_ask = [], []  # per line and value put on it: change of F1 + F2 + F4 (+ points), ask
        for i, (status0, coarse0, _) in enumerate(codes):
            d, x0 = LINE_DIRECTION[i], states[i][1]
            f2_at = F2_OFFSET[d] + joints[d]
            deltas, asks_x = [], []
            for x in range(3):
                new = _placed(states[i], x)
                status, coarse, ask = _codes(i, new)
                points = VALUES[d][x] * LINE_LENGTH[i] * scale if status >= 2 and new[0] == LINE_LENGTH[i] else 0
                f1 = w[F1_OFFSET[i] + (status * REM_SIZE + (max(rem[d][x] - 1, 0) if status >= 2 else 0)) * M_SIZE + m]
                old = old_f1[i][0] if status0 >= 2 and x == x0 else old_f1[i][1]
                dem = _demand_after(demand[d], i, states[i], new)
                f4 = 0
                for y in range(3):
                    if dem[y] != demand[d][y]:
                        r = max(rem[d][y] - (y == x), 0)
                        f4 += w[_f4(d, y, dem[y], r, m)] - w[_f4(d, y, demand[d][y], r, m)]
                deltas.append(points + f1 - old + w[f2_at + (coarse - coarse0) * POW5[i % 5]] - w[f2_at] + f4)
                asks_x.append(ask)
            line_delta.append(deltas)
            new_ask.append(asks_x)
        asks = [code[2] for code in codes]
        mb = m // 5
        # per empty cell: its lines, its fit key and its F3 entry (by whether the tile drawn fits
        # that key: one fewer of the pool's tiles then fits it), and per direction and value put
        # on that line the key and entry it would have instead
        slots = []
        for e in empties:
            lines = CELL_LINES[e]
            q = [asks[i] for i in lines]
            key = ASK_A[q[0]] * 16 + ASK_A[q[1]] * 4 + ASK_A[q[2]]
            changed = []
            for k in range(3):
                per_x = []
                for x in range(3):
                    nq = list(q)
                    nq[k] = new_ask[lines[k]][x]
                    nk = ASK_A[nq[0]] * 16 + ASK_A[nq[1]] * 4 + ASK_A[nq[2]]
                    per_x.append((nk, self._f3_entries(
                        w, F3_OFFSET[e] + ((nq[0] * F2_STATES + nq[1]) * F2_STATES + nq[2]) * 40 + mb, fits[nk])))
                changed.append(per_x)
            base = F3_OFFSET[e] + ((q[0] * F2_STATES + q[1]) * F2_STATES + q[2]) * 40 + mb
            slots.append((lines, key, self._f3_entries(w, base, fits[key]), changed[0], changed[1], changed[2]))
        position = {e: j for j, e in enumerate(empties)}
        targets = [(position[c], CELL_LINES[c]) for c in cells]
        total = 0
        for t in pool:
            tv0, tv1, tv2 = TILE_VALUES[t]
            fb = FIT_BY_TILE[t]
            line_f3 = [0] * 15
            spent = []   # per empty cell: its own entry and its three lines' gains (a tile put there ends them)
            s3 = 0
            for (lv, lu, ld), key, own, c0, c1, c2 in slots:
                f3 = own[fb[key]]
                s3 += f3
                nk, entries = c0[tv0]
                g0 = entries[fb[nk]] - f3
                nk, entries = c1[tv1]
                g1 = entries[fb[nk]] - f3
                nk, entries = c2[tv2]
                g2 = entries[fb[nk]] - f3
                line_f3[lv] += g0
                line_f3[lu] += g1
                line_f3[ld] += g2
                spent.append(f3 + g0 + g1 + g2)
            best = None
            for j, (lv, lu, ld) in targets:
                v = (line_delta[lv][tv0] + line_delta[lu][tv1] + line_delta[ld][tv2]
                     + line_f3[lv] + line_f3[lu] + line_f3[ld] - spent[j])
                if best is None or v > best:
                    best = v
            total += s1 + corr[0][tv0] + corr[1][tv1] + corr[2][tv2] + s3 + best
        return done + (total + len(pool) * s2) / (scale * len(pool))

    @staticmethod
    def _f3_entries(w: list[int], base: int, fit: int) -> tuple[int, int]:
        """A cell's F3 entry at `base` when the tile drawn does not fit its key (`fit` tiles of the
        pool fit it) and when it does (one fewer then fits)."""
        return w[base + 4 * (fit if fit < 9 else 9)], w[base + 4 * (fit - 1 if fit - 1 < 9 else 9)] if fit else 0


_VALUE: list[LearnedValue] = []


def learned_value() -> LearnedValue:
    """The strong bot's evaluator, loaded once (the page may have to fetch the tables first:
    `ludotheque.fetch_data`)."""
    if not _VALUE:
        import ludotheque
        if ludotheque.fetch_data is not None and not WEIGHTS_PATH.exists():
            ludotheque.fetch_data(WEIGHTS_PATH)
        doc_scale = json.loads(WEIGHTS_PATH.read_text())["scale"]
        _VALUE.append(LearnedValue(load_weights(), doc_scale))
    return _VALUE[0]
