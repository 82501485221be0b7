"""Lucky Numbers' expert: strong's best moves raced on the same sampled supply orders, every seat
then playing a fast policy (`CellCosts`) to the game's end (told in `bots.py`'s docstring; its
figures in docs/BENCHMARKS.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Move, Rng, derive_seed
from ...search import raced
from .strong import Board, Planner, Position, StrongBot, _best_use, _diagonal, fresh, michael_cell, sensible
from .rules import ANTI_DIAGONAL, BOTH_DIAGONALS, CELLS, DIAGONAL, SIZE, TOP, position_key


@dataclass(frozen=True)
class Budget:
    """The expert's knobs (set with bench/lucky_numbers_bots.py)."""

    turns: int = 7500        # simulated turns per decision, all rollouts together
    candidates: int = 8      # moves raced by rollouts: strong's choice and its next best
    first: int = 8           # sampled orders all candidates play before the race's first check (with
                             # fewer rollouts than that for all, strong's choice stands)
    race: float = 2.0        # at each check a candidate this many paired standard errors behind the best drops out
    most: int = 200          # sampled orders per candidate at most
    margin: float = 1.0      # another candidate must beat strong's by this many standard errors
    lead: float = 0.6        # a playout's end also counts this much per cell ahead of the nearest rival
    lead_cells: int = 4      # (or less per cell behind), at most this many cells either way
    take_gain: float = 0.0   # playouts take the pool tile that saves most turns if it saves more
    place_gain: float = 0.0  # a drawn tile goes on the empty cell that saves most if it saves more
    swap_gain: float = 0.3   # else replaces the tile whose swap saves most if it saves more


@dataclass
class Rules:
    """What playouts need from the options."""

    bruno: bool
    near: tuple[tuple[int, ...], ...]
    new_pair: bool

    @classmethod
    def of(cls, options: dict[str, Any]) -> "Rules":
        return cls(bool(options["bruno"]), BOTH_DIAGONALS if options["bruno_diagonal"] == "both" else ANTI_DIAGONAL,
                   options["bruno_pair"] == "new")

    def replays(self, board: Board, cell: int, tile: int, old: int) -> bool:
        if not self.bruno or (self.new_pair and old == tile):
            return False
        return any(board[k] == tile for k in self.near[cell])


NEXT, REPLAY, OVER = 0, 1, 2
SEARCHED = ("turn", "drawn")
"""The phases where the expert compares moves by playouts (elsewhere it plays as strong)."""


def _bounds(board: Board) -> list[tuple[int, int]]:
    """`interval` of every cell in two sweeps (playouts call it most): above and to the left
    the largest filled number, below and to the right the smallest."""
    lows = [0] * CELLS
    above = [0] * SIZE
    for row in range(0, CELLS, SIZE):
        left = 0
        for col in range(SIZE):
            k = row + col
            lows[k] = (left if left > above[col] else above[col]) + 1
            v = board[k]
            if v > left:
                left = v
            if v > above[col]:
                above[col] = v
    out = [(0, 0)] * CELLS
    below = [TOP + 1] * SIZE
    for row in range(CELLS - SIZE, -1, -SIZE):
        right = TOP + 1
        for col in range(SIZE - 1, -1, -1):
            k = row + col
            out[k] = (lows[k], (right if right < below[col] else below[col]) - 1)
            v = board[k]
            if v:
                if v < right:
                    right = v
                if v < below[col]:
                    below[col] = v
    return out


def _put(board: Board, pool: list[int], cell: int, tile: int, rules: Rules) -> int:
    """Put `tile` on `cell` (a place or a swap); NEXT, REPLAY, or OVER for a full garden."""
    old = board[cell]
    board[cell] = tile
    if old:
        pool[old] += 1
    elif 0 not in board:
        return OVER
    return REPLAY if rules.replays(board, cell, tile, old) else NEXT


AFTER = tuple(tuple(k - k % SIZE + c for c in range(k % SIZE + 1, SIZE))
              + tuple(r * SIZE + k % SIZE for r in range(k // SIZE + 1, SIZE)) for k in range(CELLS))
BEFORE = tuple(tuple(k - k % SIZE + c for c in range(k % SIZE))
               + tuple(r * SIZE + k % SIZE for r in range(k // SIZE)) for k in range(CELLS))
"""Per cell, the cells of its row and column after it (right, below) and before it (left, above):
the cells whose range a tile on it narrows."""
ROW_COLUMN = tuple(frozenset(AFTER[k] + BEFORE[k]) for k in range(CELLS))


def _cell_bounds(board: Board, k: int) -> tuple[int, int]:
    """`_bounds(board)[k]` alone: above the largest number before it, below the smallest after it."""
    lo = 0
    for j in BEFORE[k]:
        if board[j] > lo:
            lo = board[j]
    hi = TOP + 1
    for j in AFTER[k]:
        v = board[j]
        if v and v < hi:
            hi = v
    return lo + 1, hi - 1


def _put_bounded(board: Board, bounds: list[tuple[int, int]], pool: list[int], cell: int, tile: int,
                 rules: Rules) -> int:
    """`_put`, keeping `bounds` (`_bounds(board)`) up to date: a tile on an empty cell narrows its
    row and column; a swap may widen them, so they are measured again."""
    old = board[cell]
    done = _put(board, pool, cell, tile, rules)
    if old:
        for k in ROW_COLUMN[cell]:
            bounds[k] = _cell_bounds(board, k)
        return done
    for k in AFTER[cell]:
        lo, hi = bounds[k]
        if tile >= lo:
            bounds[k] = (tile + 1, hi)
    for k in BEFORE[cell]:
        lo, hi = bounds[k]
        if tile <= hi:
            bounds[k] = (lo, tile - 1)
    return done


class CellCosts:
    """Playouts' cheap garden estimate: an empty cell costs the turns a draw needs to bring a tile
    that fits it now (strong's chance per turn from the tiles not yet placed at the root, its
    floor and cap), the garden the sum over its empty cells. `table[lo * WIDTH + hi]` is the cost
    of a cell whose range is lo..hi (playouts read it millions of times)."""

    WIDTH = TOP + 2

    def __init__(self, planner: Planner):
        self.cum, self.scale = planner.cum, planner.scale
        self.floor, self.cap = planner.w.floor, planner.w.cap
        self.table = [self.cell(lo, hi) for lo in range(self.WIDTH) for hi in range(self.WIDTH)]

    def cell(self, lo: int, hi: int) -> float:
        if lo > hi:
            return 1.0 / self.floor
        p = (self.cum[hi if hi <= TOP else TOP] - self.cum[lo - 1 if lo >= 1 else 0]) * self.scale
        return 1.0 / (self.floor if p < self.floor else self.cap if p > self.cap else p)

    def best_swap(self, board: Board, bounds: list[tuple[int, int]], tile: int, least: float) -> int:
        """The filled cell where swapping in `tile` lowers the garden's cost (the sum of its empty
        cells' costs) most, by more than `least` (-1: none). Each empty cell's cost is read once
        and only the swapped cell's row and column measured again: playouts call it on most draws
        that fit no empty cell (tests/test_hint_speed.py measures every swap's garden whole and
        finds the same choice)."""
        table, width = self.table, self.WIDTH
        best, best_gain, empties, now, base = -1, least, None, 0.0, None
        for k in range(CELLS):
            old = board[k]
            if not old or old == tile:
                continue
            lo, hi = bounds[k]
            if not lo <= tile <= hi:
                continue
            if empties is None:
                empties = [j for j in range(CELLS) if not board[j]]
                base = [table[bounds[j][0] * width + bounds[j][1]] for j in empties]
                now = sum(base)
            after = base[:]
            changed = ROW_COLUMN[k]
            board[k] = tile
            for n, j in enumerate(empties):
                if j in changed:
                    a, b = _cell_bounds(board, j)
                    after[n] = table[a * width + b]
            board[k] = old
            gain = now - sum(after)
            if gain > best_gain:
                best, best_gain = k, gain
        return best

    def place_gain(self, board: Board, bounds: list[tuple[int, int]], k: int, tile: int) -> float:
        """What putting `tile` on empty cell `k` saves: its own cost, less what the empty cells
        of its row and column lose by the narrower range."""
        table, width = self.table, self.WIDTH
        lo, hi = bounds[k]
        gain = table[lo * width + hi]
        for j in AFTER[k]:
            if not board[j]:
                a, b = bounds[j]
                if tile + 1 > a:
                    gain -= table[(tile + 1) * width + b] - table[a * width + b]
        for j in BEFORE[k]:
            if not board[j]:
                a, b = bounds[j]
                if tile - 1 < b:
                    gain -= table[a * width + tile - 1] - table[a * width + b]
        return gain


def quick_use(board: Board, pool: list[int], tile: int, rules: Rules, budget: Budget, costs: CellCosts,
              bounds: list[tuple[int, int]]) -> int:
    """The playout's use of a drawn tile: the empty cell where it saves most (if more than
    `Budget.place_gain`), else the swap that lowers the garden's cost most (by more than
    `Budget.swap_gain`), else the pool. `bounds`: `_bounds(board)`, kept up to date."""
    best, best_gain = -1, budget.place_gain
    for k in range(CELLS):
        lo, hi = bounds[k]
        if lo <= tile <= hi and not board[k]:
            gain = costs.place_gain(board, bounds, k, tile)
            if gain > best_gain:
                best, best_gain = k, gain
    if best >= 0:
        return _put_bounded(board, bounds, pool, best, tile, rules)
    swap = costs.best_swap(board, bounds, tile, budget.swap_gain)
    if swap >= 0:
        return _put_bounded(board, bounds, pool, swap, tile, rules)
    pool[tile] += 1
    return NEXT


def quick_turn(board: Board, bounds: list[tuple[int, int]], pool: list[int], supply: list[int], rules: Rules,
               budget: Budget, costs: CellCosts) -> int:
    """One playout turn: the pool tile that saves most on an empty cell (if more than
    `Budget.take_gain`), else a draw used by `quick_use`; OVER when the garden is full or the
    supply ran out. `bounds`: `_bounds(board)`, kept up to date."""
    best, best_gain, best_tile = -1, budget.take_gain, 0
    empty = [k for k in range(CELLS) if not board[k]]
    for tile in range(1, TOP + 1):
        if pool[tile]:
            for k in empty:
                lo, hi = bounds[k]
                if lo <= tile <= hi:
                    gain = costs.place_gain(board, bounds, k, tile)
                    if gain > best_gain:
                        best, best_gain, best_tile = k, gain, tile
    if best >= 0:
        pool[best_tile] -= 1
        return _put_bounded(board, bounds, pool, best, best_tile, rules)
    tile = supply.pop()
    done = quick_use(board, pool, tile, rules, budget, costs, bounds)
    return OVER if not supply else done


def play_out(boards: list[Board], bounds: list[list[tuple[int, int]]], pool: list[int], supply: list[int],
             seat: int, rules: Rules, budget: Budget, costs: CellCosts) -> list[int]:
    """Play the determinised game to its end from `seat`'s turn; the empty cells per seat (a
    full garden ends it at once). `bounds`: `_bounds` of each garden, kept up to date."""
    players = len(boards)
    while True:
        done = quick_turn(boards[seat], bounds[seat], pool, supply, rules, budget, costs)
        if done == OVER:
            return [b.count(0) for b in boards]
        if done == NEXT:
            seat = (seat + 1) % players


def share(empty: list[int], seat: int) -> float:
    """`seat`'s share of the win: 1 alone, 1/n when n seats tie, else 0."""
    fewest = min(empty)
    return 1.0 / empty.count(fewest) if empty[seat] == fewest else 0.0


def lead(empty: list[int], seat: int, cells: int) -> int:
    """How many fewer empty cells `seat` has than the nearest other seat (negative when behind),
    at most `cells` either way."""
    ahead = min(e for other, e in enumerate(empty) if other != seat) - empty[seat]
    return max(-cells, min(cells, ahead))


class ExpertBot(StrongBot):
    """Strong's best few moves compared by determinised playouts; see the module docstring."""

    level = "expert"
    budget = Budget()

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        position = Position.from_view(view)
        if position.phase not in SEARCHED:
            return super().decide(view, legal)
        planner = Planner(position, self.weights)
        candidates, playouts = self.candidates(position, planner, legal)
        if not self.searched(candidates, playouts):
            self.why = planner.why(candidates[0], candidates)
            return candidates[0]
        return candidates[self.race(position, planner, candidates, playouts, view)]

    def candidates(self, position: Position, planner: Planner, legal: list[Move]) -> tuple[list[Move], int]:
        """Strong's choice first, then its next best moves; and how many playouts the budget of
        simulated turns allows for them all."""
        moves = [m for m in fresh(position, legal) if sensible(position, m)]
        first = planner.choose(moves)
        ranked = sorted(((planner.move_value(m), i) for i, m in enumerate(moves) if m != first), reverse=True)
        candidates = [first] + [moves[i] for _, i in ranked[:self.budget.candidates - 1]]
        length = max(1, min(position.supply, sum(b.count(0) for b in position.boards)))
        return candidates, self.budget.turns // length

    def searched(self, candidates: list[Move], playouts: int) -> bool:
        """Whether the candidates are raced: more than one, and playouts enough for each to play
        `Budget.first` orders (else strong's choice stands)."""
        return len(candidates) > 1 and playouts >= len(candidates) * self.budget.first

    def race(self, position: Position, planner: Planner, candidates: list[Move], playouts: int,
             view: dict[str, Any], known: list[list[list[int]]] | None = None) -> int:
        """The index of the chosen candidate, its playouts raced (core's `raced`, as 3x16's strong
        bot races its orders) on the same sampled orders, about `playouts` in all: after
        `Budget.first` orders, then each time their number doubles, a candidate more than
        `Budget.race` paired standard errors behind the best (`scores`) is played no further, so
        the budget goes to the moves still in doubt (strong's choice and its closest rivals), up
        to `Budget.most` orders each. The survivors, played on the same orders, are then judged
        by `pick`: strong's choice stands unless beaten clearly; if it dropped out, the best.
        `known`: each candidate's ends on the first sampled orders, already played (`endings` on
        the same position draws the same orders): they are not played again."""
        budget, me = self.budget, position.me
        play = Sampler(self, position, planner, view)
        known = known or [[] for _ in candidates]
        ends: list[list[list[int]]] = [[] for _ in candidates]
        scores: list[list[float]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        used = played = 0
        check = budget.first
        while played < budget.most and (played < budget.first or used + len(live) <= playouts):
            order = play.order()
            for c in live:
                end = known[c][played] if played < len(known[c]) else play(candidates[c], order[:])
                ends[c].append(end)
                scores[c].append(self.score(end, me))
            used += len(live)
            played += 1
            if played == check and len(live) > 1:
                check *= 2
                live = raced(live, [[-x for x in s] for s in scores], budget.race)
        if 0 not in live:   # strong's choice dropped out: the best survivor is judged first
            live.sort(key=lambda c: -sum(scores[c]))
        chosen = live[self.pick([scores[c] for c in live])]
        self.why = self.weigh(ends, scores, chosen, position)
        return chosen

    @staticmethod
    def weigh(ends: list[list[list[int]]], scores: list[list[float]], chosen: int, position: Position) -> dict[str, Any]:
        """Why the candidate `chosen`, from the playouts that chose it (each candidate's own, fewer
        for one that dropped out of the race): against the next best candidate (by mean score),
        each one's chance of winning ("win", "next_win", 0..1; kind "win") or, alone, the empty
        cells its garden ends with ("cells", "next_cells"; kind "cells")."""
        me = position.me
        means = [sum(s) / len(s) for s in scores]
        other = max((k for k in range(len(ends)) if k != chosen), key=lambda k: means[k])
        win = [sum(share(end, me) for end in ends[k]) / len(ends[k]) for k in (chosen, other)]
        cells = [sum(end[me] for end in ends[k]) / len(ends[k]) for k in (chosen, other)]
        kind = "win" if position.players > 1 else "cells"
        return {"kind": kind, "win": win[0], "next_win": win[1], "cells": cells[0], "next_cells": cells[1]}

    def endings(self, position: Position, planner: Planner, moves: list[Move], runs: int,
                view: dict[str, Any]) -> list[list[list[int]]]:
        """How each move's playouts end (the empty cells per seat) on each of `runs` sampled
        supply orders, the same orders for every move (a move's playouts do not depend on the
        other moves compared)."""
        play = Sampler(self, position, planner, view)
        ends: list[list[list[int]]] = [[[]] * runs for _ in moves]
        for run in range(runs):
            order = play.order()
            for c, move in enumerate(moves):
                ends[c][run] = play(move, order[:])
        return ends

    def score(self, end: list[int], seat: int) -> float:
        """What a playout's end (empty cells per seat) is worth to `seat`: its share of the win,
        plus `Budget.lead` per cell it finished ahead of the nearest other seat (less per cell
        behind). The margin tells apart moves whose few sampled wins cannot: a near miss is a near win."""
        return share(end, seat) + self.budget.lead * lead(end, seat, self.budget.lead_cells)

    def scores(self, ends: list[list[list[int]]], seat: int) -> list[list[float]]:
        """`score` of each playout's end, move by move."""
        return [[self.score(end, seat) for end in runs] for runs in ends]

    def pick(self, totals: list[list[float]]) -> int:
        """The candidate with the best mean score (`scores`); the first (strong's choice) unless another
        beats it by more than `Budget.margin` standard errors of their paired difference."""
        runs = len(totals[0])
        means = [sum(t) / runs for t in totals]
        best = max(range(len(totals)), key=lambda c: means[c])
        if best == 0:
            return 0
        diffs = [a - b for a, b in zip(totals[best], totals[0])]
        spread = (sum((d - means[best] + means[0]) ** 2 for d in diffs) / max(1, runs - 1)) ** 0.5
        return best if means[best] - means[0] > self.budget.margin * spread / runs ** 0.5 else 0

    def playout(self, position: Position, planner: Planner, costs: CellCosts, bounds: list[list[tuple[int, int]]],
                move: Move, supply: list[int], rules: Rules, replies: dict[int, Move]) -> list[int]:
        """`move`, then the game to its end on this supply order; the empty cells per seat. A
        drawn tile at the root is used as strong would (one move ahead). `bounds`: `_bounds` of
        each garden at the root."""
        me = position.me
        boards = [b[:] for b in position.boards]
        bounds = [b[:] for b in bounds]
        pool = position.pool[:]
        kind = move["type"]
        if kind == "draw":
            tile = supply.pop()
            if tile not in replies:
                replies[tile] = _best_use(planner, position, tile)
            move = replies[tile]
            kind = move["type"]
            drawn = tile
        else:
            drawn = position.drawn
        if kind == "discard":
            pool[drawn] += 1
            done = NEXT
        else:
            tile = move["tile"] if kind == "take" else drawn
            if kind == "take":
                pool[tile] -= 1
            done = _put_bounded(boards[me], bounds[me], pool, move["row"] * SIZE + move["col"], tile, rules)
        if done != OVER and kind != "take" and not supply:
            done = OVER
        if done == OVER:
            return [b.count(0) for b in boards]
        seat = me if done == REPLAY else (me + 1) % position.players
        return play_out(boards, bounds, pool, supply, seat, rules, self.budget, costs)

    def setup_playout(self, position: Position, costs: CellCosts, move: Move, supply: list[int],
                      rules: Rules) -> list[int]:
        """A setup `move` (the review judges setups with it), the rest of the setup as
        `finish_setup` plays it, then the game to its end on this supply order; the empty cells per seat."""
        boards = finish_setup(position, move, supply)
        bounds = [_bounds(board) for board in boards]
        pool = [0] * (TOP + 1)
        return play_out(boards, bounds, pool, supply, position.start, rules, self.budget, costs)


class Sampler:
    """The expert's sampled supply orders (shuffles of the unseen tiles, seeded by its seed and
    the position: the same view always gets the same orders) and a move's playout on one (a setup
    move's, which only the review judges, by `ExpertBot.setup_playout`)."""

    def __init__(self, bot: "ExpertBot", position: Position, planner: Planner, view: dict[str, Any]):
        self.bot, self.position, self.planner = bot, position, planner
        self.rng = Rng(derive_seed(bot.seed, "expert", position_key(position.boards, view["pool"], position.me,
                                                                    position.replay), position.drawn or 0))
        self.rules = Rules.of(position.options)
        self.unseen = [v for v in range(1, TOP + 1) for _ in range(position.unseen[v])]
        self.replies: dict[int, Move] = {}   # strong's use of each tile drawn at the root
        self.costs = CellCosts(planner)
        self.setup = position.phase not in SEARCHED
        self.bounds = [] if self.setup else [_bounds(board) for board in position.boards]

    def order(self) -> list[int]:
        """The next sampled order of the unseen tiles."""
        order = self.unseen[:]
        self.rng.shuffle(order)
        return order

    def __call__(self, move: Move, supply: list[int]) -> list[int]:
        """`move` played out on `supply` (consumed): the empty cells per seat at the end."""
        if self.setup:
            return self.bot.setup_playout(self.position, self.costs, move, supply, self.rules)
        return self.bot.playout(self.position, self.planner, self.costs, self.bounds, move, supply, self.rules,
                                self.replies)


def finish_setup(position: Position, move: Move, supply: list[int]) -> list[Board]:
    """The gardens once the setup is over, after the seat to act plays `move`: the seats still
    to set up put their four tiles in ascending order; in Michael's setup each tile goes on the
    free diagonal cell that suits it best (`michael_cell`, as medium plays), this round's tiles
    as dealt and the later rounds' drawn from the end of `supply` (with duplicates "redraw", a
    number already on that diagonal goes to the bottom and the next is drawn)."""
    boards = [b[:] for b in position.boards]
    players, me, start = position.players, position.me, position.start
    waiting = [seat for seat in range(players) if seat != me and position.pending[seat]]
    if move["type"] == "setup":   # four tiles at once on empty gardens
        boards[me] = _diagonal(move["tiles"])
        for seat in waiting:
            boards[seat] = _diagonal(sorted(position.pending[seat]))
        return boards
    boards[me][DIAGONAL[move["cell"]]] = position.setup_tile
    for seat in waiting:
        tile = position.pending[seat][0]
        boards[seat][DIAGONAL[michael_cell(boards[seat], tile)]] = tile
    redraw = position.options["duplicates"] == "redraw"
    for _ in range(sum(1 for k in DIAGONAL if not boards[me][k])):   # the rounds left
        for seat in ((start + i) % players for i in range(players)):
            tile = supply.pop()
            diagonal = [boards[seat][k] for k in DIAGONAL]
            for _tries in range(len(supply)):
                if not (redraw and tile in diagonal):
                    break
                supply.insert(0, tile)
                tile = supply.pop()
            boards[seat][DIAGONAL[michael_cell(boards[seat], tile)]] = tile
    return boards
