"""Take It Easy bots, weakest first: "easy", "medium", "strong" (the default seat), "expert" (the
hint bot and the judge of the review).

Every bot reads only its seat's view: its own board, the tile(s) it must place now and the set of
tiles not yet revealed this round (public; never their order). It tries every legal way to put
down the waiting tile(s) (both orders of a pair) and keeps the placement whose resulting board
looks best to its evaluator (first best in legal order), or, for variety, one it values within
its level's `margin` of the best, chosen by the decision and shifted by its seat (`Bot.near_best`
with `seat`; the same view, the same move): two bots of one level given the same tiles take
different placements at the first decision that leaves them two, and play their own game instead
of placing every tile alike and tying every round (issue #28). Drawn by each bot's own seed, they
took the same placement at such a decision half the time: two strong bots then tied 57 % of their
rounds (48 % placed alike); shifted by the seat, 30 % (19 % alike, where no decision left two
placements within the margin), at the same cost (deals 100000..100299). The margins (easy
0.2, medium 0.1 of their line potentials; strong and expert 0.5 expected points) were chosen on
seeds 100000.. from each decision's gaps between the best value and the others: at 0.5 the
expert's own estimate of what it gives up is 0.22 points per round and 56 % of its rounds differ
from its best play (at 0.75: 0.44 and 70 %; at 1: 0.79 and 81 %). The cost measured on held-out
seeds is in docs/BENCHMARKS.md. Hints, the review's judgement and the computer's board play the best
move (`best_bot`, `ExpertBot.judge`), never a variety pick:

- easy: the points of finished lines plus a share of each open line's value, growing with how
  full the line is (reckless weighting); it does not look at which tiles are still to come.
- medium: the same, more careful, and a line only counts while enough matching tiles are still
  unseen, the tiles it counts on being set aside for it (after obrhubr/take-it-easy's heuristic).
- strong: a learned value of the board (an n-tuple network over line and cell states and over how
  many cells each value still needs against how many of its tiles are unseen, trained offline by
  TD(lambda), see tools/train_take_it_easy.py; tables in data/take_it_easy_weights.json, read with
  the stdlib only), a look-ahead over every possible next tile for its best few placements from
  mid-round on, and an exact search of the round's last tiles.
- expert: the same value and exact search, with the look-ahead over every possible next tile for
  every placement from the round's first tile (computed once per placement, see
  LearnedValue.expect_after) and, from the round's fifth tile on, two tiles further for its best
  two placements (ExpertBot._expect2).

After a round, `review(record, seat, round)` judges each placement of a seat as the hint does, by
the expert's own estimate of the round's final score, against the placement it chooses, and
`bot_board(record, round)` plays the round's tiles, in their order, as the strongest bot would.
"""
from __future__ import annotations

import base64
import json
import sys
import zlib
from array import array
from pathlib import Path
from typing import Any, Generator, Iterator, Sequence

from ..core import Bot, Choice, Game, Move, State, bot_levels, finish, get_bot, get_game, register_bot
from ..games.take_it_easy import (CELL_LINES, CELLS, LINE_DIRECTION, LINES, ROUND_TILES, VALUES, legal_cells,
                                  lines_through, round_order, score_numbers, tile_number)

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


class PlacementBot(Bot):
    """Puts the waiting tile(s) where `evaluate` likes the resulting board best (first best in
    legal-move order), or, for variety, on one of the placements it values within `margin` of
    the best, chosen by the decision and its seat (`Bot.near_best`): two bots of one level given
    the same tiles then play differently. `best_bot` makes a bot without variety (the hint's)."""

    evaluator: Evaluator
    margin: float = 0.0
    """How far short of the best (in its evaluator's points) a placement may fall and still be
    chosen; 0: always the best."""
    given_up: float = 0.0
    """What its variety gave up so far, by its own estimate: the sum over its decisions of the
    best value less the value of the placement chosen (the benchmark reads it)."""

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if not legal or legal[0]["type"] != "place":
            return dict(legal[0])
        pos = Position.from_view(view)
        tile, cell = self.best(pos)
        return move_for(legal, tile, cell)

    def best(self, pos: Position) -> tuple[int, int]:
        """The (tile, cell) it puts down first."""
        pool = [t for t in pos.unseen]
        values: dict[tuple[int, int], float] = {}
        for first, board in placements(pos):
            value = self.evaluator(board, pool)
            if value > values.get(first, float("-inf")):
                values[first] = value
        return self.vary(pos, list(values), list(values.values()))

    def vary(self, pos: Position, options: Sequence[Choice], values: Sequence[float]) -> Choice:
        """The option it plays among `options` valued `values`: the first best, or with a margin
        one within it, drawn by the decision and shifted by the seat."""
        choice = self.near_best(options, values, self.margin, *pos.labels(), seat=pos.seat)
        self.given_up += max(values) - values[list(options).index(choice)]
        return choice


class EasyBot(PlacementBot):
    """Line potential, blind to which tiles are left."""

    level = "easy"
    margin = 0.2

    def __init__(self, game: Game, seed: int = 0):
        super().__init__(game, seed)
        self.evaluator = LinePotential(deck=False, cautious=0.6)


class MediumBot(PlacementBot):
    """Line potential that counts the unseen tiles and sets them aside per line."""

    level = "medium"
    margin = 0.1

    def __init__(self, game: Game, seed: int = 0):
        super().__init__(game, seed)
        self.evaluator = LinePotential(deck=True, cautious=1.5)


# --- the learned value (strong) ----------------------------------------------------------------
#
# The value of a board is a sum of table entries (an n-tuple network over line states), learned
# by TD(0) on afterstates by tools/train_take_it_easy.py; it estimates the points still to come
# (lines completed later). With m = empty cells (= tiles still to come) and rem[d][x] = unseen
# tiles showing value x in direction d, the entries are:
#   F1, per line: (line status, rem of its value, m); status 0 empty, 1 broken,
#       2 + x * length + (filled - 1) otherwise;
#   F2, per direction: the joint of its 5 lines' coarse states (0 empty, 1 broken or full,
#       2 + 3x + min(missing, 3) - 1);
#   F3, per empty cell: (the coarse states of its three lines, as in F2), how many unseen tiles
#       fit all three (at most 9), m // 5);
#   F4, per direction and value x: (the cells still missing on its open lines showing x, at most
#       12, rem of x, m).
# Tables are shared between a line (cell) and its image under the half turn, which keeps every
# line's direction: line 5d + j <-> 5d + 4 - j, cell c <-> 18 - c.

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


WEIGHTS_PATH = Path(__file__).with_name("data") / "take_it_easy_weights.json"


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


class StrongBot(PlacementBot):
    """Ranks the placements by the learned value of the board after them, then looks one tile
    further for the best few: the average over the unseen tiles of the best value after placing
    that tile too (the last tiles of a round are searched exactly, with true scores)."""

    level = "strong"
    margin = 0.5          # variety: expected points a placement may give up (see the module docstring)
    search_width = 3      # placements looked at one tile further
    search_from = 12      # ... once at most this many cells are empty
    exact_from = 3        # exact search once at most this many cells are empty

    def __init__(self, game: Game, seed: int = 0):
        super().__init__(game, seed)
        self.evaluator = self.value = learned_value()

    def best(self, pos: Position) -> tuple[int, int]:
        if len(pos.waiting) == 2:
            return self._best_pair(pos)
        tile, board = pos.waiting[0], pos.board
        cells = legal_cells(board, pos.adjacency, pos.previous)
        empty = sum(t is None for t in board)
        pool = pos.unseen
        if empty <= self.exact_from:
            scores = [self._exact(self._put(board, c, tile), pool, c, pos.adjacency) for c in cells]
            return tile, self.vary(pos, cells, scores)
        values = self.value.after_each(board, tile, pool, cells)
        if empty > self.search_from:
            return tile, self.vary(pos, cells, values)
        top = [cells[k] for k in sorted(range(len(cells)), key=lambda k: -values[k])[:self.search_width]]
        return tile, self.vary(pos, top, [self._expect(self._put(board, c, tile), pool, c, pos.adjacency)
                                          for c in top])

    def _best_pair(self, pos: Position) -> tuple[int, int]:
        """Both tiles of a pair: the order and cells whose final board the value likes best."""
        values: dict[tuple[int, int], float] = {}
        for first in pos.waiting:
            second = next(t for t in pos.waiting if t != first)
            for cell in legal_cells(pos.board, pos.adjacency, pos.previous):
                after = self._put(pos.board, cell, first)
                cells = legal_cells(after, pos.adjacency, cell)
                values[first, cell] = max(self.value.after_each(after, second, pos.unseen, cells))
        return self.vary(pos, list(values), list(values.values()))

    @staticmethod
    def _put(board: NumBoard, cell: int, tile: int) -> NumBoard:
        after = list(board)
        after[cell] = tile
        return after

    def _expect(self, board: NumBoard, pool: list[int], previous: int, adjacency: str) -> float:
        """Mean over the next tile of the best learned value after placing it."""
        cells = legal_cells(board, adjacency, previous)
        total = 0.0
        for t in pool:
            rest = [u for u in pool if u != t]
            total += max(self.value.after_each(board, t, rest, cells))
        return total / len(pool)

    def _exact(self, board: NumBoard, pool: list[int], previous: int, adjacency: str) -> float:
        """Expected final score with best play when the next tiles come uniformly from `pool`."""
        cells = legal_cells(board, adjacency, previous)
        if not cells:
            return score_numbers(board)
        total = 0.0
        for t in pool:
            rest = [u for u in pool if u != t]
            total += max(self._exact(self._put(board, c, t), rest, c, adjacency) for c in cells)
        return total / len(pool)


class ExpertBot(StrongBot):
    """Weighs every placement, from the round's first tile, by the look-ahead over every possible
    next tile: the average over the unseen tiles of the best learned value after placing that tile
    too. From the round's fifth tile on, its best two placements are weighed two tiles further: the
    average over the next tile of the best look-ahead after placing it on one of the two cells the
    value likes best for it (the last tiles of a round are searched exactly, with true scores).
    166.2 +- 0.75 over 5,000 held-out rounds (bench/take_it_easy_bots.py; greedy on the value alone,
    164.4 over 40,000 rounds). Tried and not kept (paired over 1,000 rounds): weighing three
    placements two tiles further with three cells each, +0.11 +- 0.27 at twice the time; the exact
    search from four empty cells, -0.04 +- 0.15. The value has levelled off too (greedy, paired
    over 40,000 rounds against the shipped tables, 95 % about +-0.2): 1.5 million more training
    rounds from them, lambda 0.3, +0.07; lambda 0.6, +0.13; lambda 0.9, -0.16; finer tables (F2
    split by how far the round has come, and a table per pair of crossing lines: the two lines'
    states and whether their common cell is empty), -0.17 after as many rounds; at four times the
    rate, +0.17 against the shipped tables trained alike, both ending below where they started."""

    level = "expert"
    margin = 0.5
    deep_from = 15        # two tiles further once at most this many cells are empty
    deep_width = 2        # ... for this many placements of the tile to place
    deep_width2 = 2       # ... and, for each next tile, this many of its cells

    def best(self, pos: Position) -> tuple[int, int]:
        if len(pos.waiting) == 2:
            return self._best_pair(pos)
        cells, values = self.compared(pos)
        return pos.waiting[0], self.vary(pos, cells, [values[c] for c in cells])

    def judge(self, pos: Position, also: int | None = None) -> tuple[int, dict[int, float]]:
        """The cell it puts the one waiting tile on when it plays its best (no variety), and its
        estimate of the final score after each legal cell (see `compared`)."""
        cells, values = self.compared(pos, also)
        return max(cells, key=values.__getitem__), values

    def compared(self, pos: Position, also: int | None = None) -> tuple[list[int], dict[int, float]]:
        """The cells it chooses among for the one waiting tile (in legal order), and its estimate
        of the final score after each legal cell: exact near the end, else one tile further, and
        two tiles further for the cells it weighs that deep (its best two, which are then the
        cells it chooses among, and the cell `also`, which does not change its choice)."""
        tile, board, pool = pos.waiting[0], pos.board, pos.unseen
        cells = legal_cells(board, pos.adjacency, pos.previous)
        empty = sum(t is None for t in board)
        if empty <= self.exact_from:
            return cells, {c: self._exact(self._put(board, c, tile), pool, c, pos.adjacency) for c in cells}
        values = {}
        for c in cells:
            after = self._put(board, c, tile)
            values[c] = self.value.expect_after(after, pool, legal_cells(after, pos.adjacency, c))
        if empty > self.deep_from:
            return cells, values
        top = sorted(cells, key=lambda c: -values[c])[:self.deep_width]
        deep = {c: self._expect2(self._put(board, c, tile), pool, c, pos.adjacency)
                for c in top + ([also] if also in values and also not in top else [])}
        values.update(deep)
        return [c for c in cells if c in top], values

    def _expect2(self, board: NumBoard, pool: list[int], previous: int, adjacency: str) -> float:
        """Mean over the next tile of the best look-ahead (LearnedValue.expect_after) after placing
        it on one of the deep_width2 cells whose learned value is highest for it."""
        cells = legal_cells(board, adjacency, previous)
        total = 0.0
        for t in pool:
            rest = [u for u in pool if u != t]
            values = self.value.after_each(board, t, rest, cells)
            top = sorted(range(len(cells)), key=lambda k: -values[k])[:self.deep_width2]
            best = float("-inf")
            for k in top:
                after = self._put(board, cells[k], t)
                best = max(best, self.value.expect_after(after, rest, legal_cells(after, adjacency, cells[k])))
            total += best
        return total / len(pool)

    def _exact(self, board: NumBoard, pool: list[int], previous: int, adjacency: str) -> float:
        """As StrongBot._exact; with one cell left, the mean is taken line by line (each line
        through the cell pays if the tile drawn shows its value)."""
        empty = [c for c in range(CELLS) if board[c] is None]
        if len(empty) != 1:
            return super()._exact(board, pool, previous, adjacency)
        cell = empty[0]
        counts = value_counts(pool)
        expected = 0
        for d in range(3):
            i = CELL_LINES[cell][d]
            filled, x, broken = line_state(board, i)
            if not broken and filled == LINE_LENGTH[i] - 1:
                expected += VALUES[d][x] * LINE_LENGTH[i] * counts[d][x]
        return score_numbers(board) + expected / len(pool)


def best_bot(level: str | None = None) -> PlacementBot:
    """The bot of `level` (default: the strongest) without variety: its best move every time."""
    bot = get_bot(GAME_ID, level or strongest_level())
    assert isinstance(bot, PlacementBot)
    bot.margin = 0.0
    return bot


def hint(state: State, level: str | None = None) -> Move:
    """The move the strongest bot (or `level`) suggests to the seat to play (any seat, any phase):
    its best, never a variety pick."""
    return best_bot(level).choose(state)


def hint_why(state: State) -> tuple[Move, dict[str, Any]]:
    """`hint`'s move and why, from the bot's own estimates of the round's final score made to
    choose it (no second search): "score" after the move, "gain" over the next best placement it
    weighed (None when the tile had one place only), and what the tile does to its three lines
    there ("lines": `lines_through`)."""
    bot = best_bot()
    bot.weighed = None
    move = bot.choose(state)
    if move.get("type") != "place" or bot.weighed is None:
        return move, {"kind": "only"}
    value, other = bot.weighed
    lines = lines_through(state.boards[state.turn], move["cell"], state._tile_of(move))
    return move, {"kind": "place", "score": value, "gain": None if other is None else value - other,
                  "lines": [list(line) for line in lines]}


# --- review of a finished round (computed from the record once the round is over) ----------------

def strongest_level() -> str:
    """The level whose judgement the hint and the review use: "expert" if registered, else the
    strongest (last) level."""
    levels = bot_levels(GAME_ID)
    return "expert" if "expert" in levels else levels[-1]


def _rounds(record: dict[str, Any]) -> Iterator[tuple[int, State, Move]]:
    """Replay `record`, yielding (round index, state before, move) for every move."""
    game = get_game(GAME_ID)
    state = game.new(record["players"], record["seed"], record["options"])
    for move in record["moves"]:
        yield state.round, state, move
        state.play(move)


def finished_rounds(record: dict[str, Any]) -> int:
    """How many rounds of the record are over (only those may be reviewed)."""
    return len(get_game(GAME_ID).replay(record).round_scores)


def _values(value: "LearnedValue", pos: Position) -> dict[tuple[int, int], float]:
    """The learned expected final round score after each legal way to put down one waiting tile
    (for a pair: that tile, then the other at its best cell)."""
    out: dict[tuple[int, int], float] = {}
    cells = legal_cells(pos.board, pos.adjacency, pos.previous)
    for tile in dict.fromkeys(pos.waiting):
        rest = list(pos.waiting)
        rest.remove(tile)
        if not rest:
            for cell, v in zip(cells, value.after_each(pos.board, tile, pos.unseen, cells)):
                out[tile, cell] = v
            continue
        for cell in cells:
            after = list(pos.board)
            after[cell] = tile
            nxt = legal_cells(after, pos.adjacency, cell)
            out[tile, cell] = max(value.after_each(after, rest[0], pos.unseen, nxt))
    return out


def review_steps(record: dict[str, Any], seat: int = 0,
                 round: int | None = None) -> Generator[float, None, list[dict[str, Any]]]:
    """Each placement `seat` made in a finished round (default: the last one finished), judged
    as the hint judges it, by the strongest bot's own estimates of the round's final score
    (`ExpertBot.judge`; a pair's first tile by the learned value after the pair, as the bot
    places pairs): "value" after the placement played, "best_value" after the bot's choice
    ("best_tile", "best_cell"), "loss" their difference (0 when the best was played, never
    negative: a placement it values above its own choice counts as the best). The round's last
    tile is judged by the true score. "step" is the tile's place in the round (1..19). Yields how
    far it got (0..1); returns the rows sorted by loss, largest first."""
    done = finished_rounds(record)
    if round is not None and not 0 <= round < done:
        raise ValueError(f"round {round} is not finished")
    if record["options"].get("mode") == "caller" or done == 0:
        return []
    target = done - 1 if round is None else round
    bot = ExpertBot(get_game(GAME_ID))
    rows = []
    for index, state, move in _rounds(record):
        if index > target:
            break
        if index < target or move["type"] != "place" or state.current_player != seat:
            continue
        pos = Position.from_view(state.view(seat))
        tile = state._tile_of(move)
        if len(pos.waiting) == 1:
            chosen, by_cell = bot.judge(pos, also=move["cell"])
            values = {(tile, c): v for c, v in by_cell.items()}
            best = (tile, chosen)
        else:
            values = _values(bot.value, pos)
            best = max(values, key=values.__getitem__)   # first best, in the bot's order
        played = values[tile, move["cell"]]
        if played >= values[best]:
            best = (tile, move["cell"])
        rows.append({"round": index, "step": state.revealed - len(pos.waiting) + 1, "tile": tile,
                     "cell": move["cell"], "value": played, "best_tile": best[0], "best_cell": best[1],
                     "best_value": values[best], "loss": values[best] - played})
        yield len(rows) / ROUND_TILES
    rows.sort(key=lambda r: (-r["loss"], r["step"]))
    return rows


def review(record: dict[str, Any], seat: int = 0, round: int | None = None) -> list[dict[str, Any]]:
    """`review_steps` run to its end."""
    return finish(review_steps(record, seat, round))


def round_tiles(record: dict[str, Any], round: int) -> list[int]:
    """The tile numbers of a round, in the order they were revealed."""
    return round_order(record["seed"], round)[:ROUND_TILES]


def bot_board_steps(record: dict[str, Any], round: int) -> Generator[float, None, NumBoard]:
    """The board the strongest bot reaches with the round's tiles, revealed in the same order
    and batches, each placed knowing only the tiles still unseen (as in play). Yields how far it
    got (0..1)."""
    options = record["options"]
    order = round_order(record["seed"], round)
    bot = best_bot()
    board: NumBoard = [None] * CELLS
    previous = None
    revealed = 0
    while revealed < ROUND_TILES:
        count = 2 if options.get("pairs") and ROUND_TILES - revealed >= 2 else 1
        waiting = order[revealed:revealed + count]
        revealed += count
        unseen = sorted(order[revealed:])
        while waiting:
            pos = Position(board, list(waiting), unseen, ROUND_TILES - revealed,
                           options.get("adjacency", "off"), previous)
            tile, cell = bot.best(pos)
            board = list(board)
            board[cell] = tile
            previous = cell
            waiting.remove(tile)
            yield sum(t is not None for t in board) / ROUND_TILES
    return board


def bot_board(record: dict[str, Any], round: int) -> NumBoard:
    """`bot_board_steps` run to its end."""
    return finish(bot_board_steps(record, round))


register_bot(GAME_ID, "easy", EasyBot)
register_bot(GAME_ID, "medium", MediumBot)
register_bot(GAME_ID, "strong", StrongBot, default=True)
register_bot(GAME_ID, "expert", ExpertBot)
