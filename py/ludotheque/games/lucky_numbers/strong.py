"""Lucky Numbers' easy, medium and strong players, and what every level reads off a seat's view
(`Position`): the rules of each level are told in `bots.py`'s docstring."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ...core import Bot, Move
from .rules import ANTI_DIAGONAL, BOTH_DIAGONALS, CELLS, DIAGONAL, SIZE, TOP, interval, position_key

Board = list[int]

LOW = tuple(k // SIZE + k % SIZE + 1 for k in range(CELLS))
HIGH = tuple(TOP - (2 * SIZE - 2) + k // SIZE + k % SIZE for k in range(CELLS))
"""The smallest and largest number a cell can hold in a complete garden (chains of strictly
increasing neighbours run from the top-left corner and to the bottom-right one)."""

IDEAL = tuple(1 + (k // SIZE + k % SIZE) * (TOP - 1) / (2 * SIZE - 2) for k in range(CELLS))
"""Each cell's share of 1..20 along the diagonals: 1 top-left, 20 bottom-right."""

GAME_ID = "lucky-numbers"
WIN = 1000.0
SWAP_RUN = 2
"""Rounds of turns without a draw after which a bot takes pool tiles only onto empty cells."""


@dataclass
class Position:
    """What a bot reads from the view: the gardens as flat lists (0 = empty), the pool and the
    unseen tiles as counts per number (index 0 unused)."""

    me: int
    players: int
    phase: str
    boards: list[Board]
    pool: list[int]
    unseen: list[int]
    supply: int
    drawn: int | None
    replay: bool
    options: dict[str, Any]
    since_draw: list[str]
    start: int
    pending: list[list[int]]
    """Per seat, the setup tiles waiting to be placed (all public)."""

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "Position":
        boards = [[v or 0 for row in garden for v in row] for garden in view["gardens"]]
        return cls(me=view["current"], players=view["players"], phase=view["phase"], boards=boards,
                   pool=_counts(view["pool"]), unseen=_counts(view["unseen"]), supply=view["supply"],
                   drawn=view["drawn"], replay=view["replay"], options=view["options"],
                   since_draw=list(view.get("since_draw", ())), start=view["start"],
                   pending=[list(tiles) for tiles in view["setup_tiles"]])

    @property
    def board(self) -> Board:
        return self.boards[self.me]

    @property
    def setup_tile(self) -> int | None:
        """The tile to place in a round of Michael's setup."""
        return (self.pending[self.me] or [None])[0] if self.phase == "michael" else None

    def opponents(self) -> list[int]:
        """The other seats in the order they play after this one."""
        return [(self.me + i) % self.players for i in range(1, self.players)]


def _counts(tiles: Sequence[int]) -> list[int]:
    counts = [0] * (TOP + 1)
    for tile in tiles:
        counts[tile] += 1
    return counts


def with_tile(board: Board, cell: int, tile: int) -> Board:
    after = board[:]
    after[cell] = tile
    return after


def fitting_cells(board: Board, tile: int) -> list[int]:
    """Cells where `tile` may go (empty or by a swap), identical swaps left out."""
    out = []
    for k in range(CELLS):
        if board[k] != tile:
            lo, hi = interval(board, k)
            if lo <= tile <= hi:
                out.append(k)
    return out


def bruno_replay(position: Position, board: Board, cell: int, tile: int) -> bool:
    """Whether putting `tile` on `cell` of `board` would grant Bruno's extra turn."""
    opts = position.options
    if not opts["bruno"] or (opts["bruno_pair"] == "new" and board[cell] == tile):
        return False
    near = BOTH_DIAGONALS if opts["bruno_diagonal"] == "both" else ANTI_DIAGONAL
    return any(board[k] == tile for k in near[cell])


def after_take(position: Position, move: Move) -> str:
    """The `position_key` a take from the pool leaves (before the next seat acts)."""
    board = position.board
    cell, tile = move["row"] * SIZE + move["col"], move["tile"]
    pool = position.pool[:]
    pool[tile] -= 1
    if board[cell]:
        pool[board[cell]] += 1
    boards = [with_tile(board, cell, tile) if s == position.me else b for s, b in enumerate(position.boards)]
    replay = bruno_replay(position, board, cell, tile)
    turn = position.me if replay else (position.me + 1) % position.players
    return position_key(boards, [v for v in range(1, TOP + 1) for _ in range(pool[v])], turn, replay)


def fresh(position: Position, legal: list[Move]) -> list[Move]:
    """The legal moves without the takes that would repeat a position seen since the last draw
    and, after `SWAP_RUN` rounds without a draw, without swaps from the pool. A draw (or, after
    the last tile, "end") always stays."""
    long_run = len(position.since_draw) >= SWAP_RUN * position.players
    out = []
    for move in legal:
        if move["type"] == "take":
            if long_run and position.board[move["row"] * SIZE + move["col"]]:
                continue
            if position.since_draw and after_take(position, move) in position.since_draw:
                continue
        out.append(move)
    return out


def completion_bounds(board: Board) -> tuple[list[int], list[int]]:
    """Per cell, the least and greatest number it can hold once the garden is complete, given
    the filled cells (a filled cell gives its own number)."""
    lo = [0] * CELLS
    for k in range(CELLS):
        v = board[k]
        if v:
            lo[k] = v
            continue
        least = LOW[k]
        if k >= SIZE and lo[k - SIZE] >= least:
            least = lo[k - SIZE] + 1
        if k % SIZE and lo[k - 1] >= least:
            least = lo[k - 1] + 1
        lo[k] = least
    hi = [0] * CELLS
    for k in range(CELLS - 1, -1, -1):
        v = board[k]
        if v:
            hi[k] = v
            continue
        most = HIGH[k]
        if k < CELLS - SIZE and hi[k + SIZE] <= most:
            most = hi[k + SIZE] - 1
        if k % SIZE != SIZE - 1 and hi[k + 1] <= most:
            most = hi[k + 1] - 1
        hi[k] = most
    return lo, hi


# --- easy -------------------------------------------------------------------------------------------

class EasyBot(Bot):
    """Draws, then the empty cell nearest the tile's share; see the module docstring."""

    level = "easy"

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        position = Position.from_view(view)
        board, phase = position.board, position.phase
        if phase == "setup":
            return next((m for m in legal if m["tiles"] == sorted(m["tiles"])), legal[0])
        if phase == "michael":
            return {"type": "setup-place", "cell": michael_cell(board, position.setup_tile)}
        if phase == "drawn":
            places = [m for m in legal if m["type"] == "place" and not board[m["row"] * SIZE + m["col"]]]
            if places:
                return min(places, key=lambda m: abs(position.drawn - IDEAL[m["row"] * SIZE + m["col"]]))
            return next(m for m in legal if m["type"] == "discard")
        wanted = {"turn": "draw", "last-replay": "end"}.get(phase)
        return next((m for m in legal if m["type"] == wanted), legal[0])


# --- medium -----------------------------------------------------------------------------------------

def medium_score(board: Board) -> float:
    """Filled cells count 1; an empty cell loses by how narrow the row/column rule leaves it."""
    score = 0.0
    for k in range(CELLS):
        if board[k]:
            score += 1.0
            continue
        lo, hi = interval(board, k)
        width = hi - lo + 1
        score -= 1.5 if width <= 0 else 0.6 / width
    return score


class MediumBot(Bot):
    """One move ahead with `medium_score`; see the module docstring."""

    level = "medium"

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        position = Position.from_view(view)
        legal = fresh(position, legal)
        board = position.board
        now = medium_score(board)
        phase = position.phase
        if phase == "setup":
            return max(legal, key=lambda m: medium_score(_diagonal(m["tiles"])))
        if phase == "michael":
            return {"type": "setup-place", "cell": michael_cell(board, position.setup_tile)}
        best, best_score = None, now + 0.5
        for move in legal:
            if move["type"] in ("take", "place"):
                tile = move.get("tile", position.drawn)
                cell = move["row"] * SIZE + move["col"]
                if board[cell] == tile:
                    continue
                score = medium_score(with_tile(board, cell, tile))
                if score > best_score:
                    best, best_score = move, score
        if best is not None:
            return best
        fallback = {"turn": "draw", "drawn": "discard", "last-replay": "end"}[phase]
        return next(m for m in legal if m["type"] == fallback)


def _diagonal(tiles: Sequence[int]) -> Board:
    board = [0] * CELLS
    for k, tile in zip(DIAGONAL, tiles):
        board[k] = tile
    return board


def michael_cell(board: Board, tile: int) -> int:
    """The free diagonal cell (0..3) that suits a Michael's-setup `tile` best (`_michael_fit`)."""
    free = [c for c in range(SIZE) if not board[DIAGONAL[c]]]
    return max(free, key=lambda c: _michael_fit(board, c, tile))


def _michael_fit(board: Board, cell: int, tile: int) -> float:
    """How well `tile` suits diagonal cell `cell`: close to its share of 1..20, and in order."""
    ideal = (cell + 1) * (TOP + 1) / (SIZE + 1)
    after = with_tile(board, DIAGONAL[cell], tile)
    ordered = all(after[a] < after[b] for a in DIAGONAL for b in DIAGONAL if a < b and after[a] and after[b])
    return -abs(tile - ideal) - (0 if ordered else 100)


# --- strong -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Weights:
    """The strong bot's knobs (tuned with bench/lucky_numbers_bots.py)."""

    reach: float = 1.2        # fitting tiles a turn shows, per unseen tile in range
    pool_weight: float = 1.0  # a fitting pool tile counts like this many unseen ones
    floor: float = 0.02       # chance per turn for a cell that no tile can fill (swaps)
    cap: float = 0.9          # best chance per turn for one cell
    feed: float = 0.5         # cost of one turn gained by the next player
    later_feed: float = 0.3   # the same for the players after them
    replay: float = 1.0       # Bruno's extra turn, in turns
    draw_share: float = 0.8   # share of turns that draw from the supply (sets the horizon)
    unfilled: float = 4.0     # cost of a cell left empty when the supply runs out
    lookahead: int = 4        # how many of the best placements get a look at the next draw


class Planner:
    """Expected turns to complete a garden, and the value of the moves of the seat to act."""

    def __init__(self, position: Position, weights: Weights):
        self.position = position
        self.w = weights
        avail = [position.unseen[v] + weights.pool_weight * position.pool[v] for v in range(TOP + 1)]
        self.cum = [0.0] * (TOP + 2)
        for v in range(1, TOP + 1):
            self.cum[v] = self.cum[v - 1] + avail[v]
        self.scale = weights.reach / max(1, sum(position.unseen))
        self.unseen_total = sum(position.unseen)
        self.horizon = position.supply / (position.players * weights.draw_share) + 1.0
        self.rivals = [(seat, weights.feed if i == 0 else weights.later_feed, self._gains(position.boards[seat]))
                       for i, seat in enumerate(position.opponents())]

    def turns(self, board: Board) -> float:
        """The expected number of turns this garden still needs (0 when complete)."""
        lo, hi = completion_bounds(board)
        cum, scale, floor, cap = self.cum, self.scale, self.w.floor, self.w.cap
        chances = []
        for k in range(CELLS):
            if not board[k]:
                a, b = lo[k], hi[k]
                p = (cum[b] - cum[a - 1]) * scale if a <= b else 0.0
                chances.append(floor if p < floor else cap if p > cap else p)
        chances.sort()
        stages = []
        miss = 1.0
        for p in chances:
            miss *= 1.0 - p
            stages.append(1.0 / (1.0 - miss))
        return self._within_horizon(stages)

    def _within_horizon(self, stages: list[float]) -> float:
        """Turns spent on the stages (easiest last in the list, done first) up to the horizon;
        a cell the horizon leaves empty costs `self.w.unfilled` instead."""
        total, left = 0.0, self.horizon
        for i in range(len(stages) - 1, -1, -1):
            d = stages[i]
            if d <= left:
                total += d
                left -= d
            else:
                return total + left + self.w.unfilled * (i + 1 - left / d)
        return total

    def _gains(self, board: Board) -> tuple[list[float], float]:
        """Per number, the turns a rival saves by taking it from the pool (a completion counts
        as a win), and what a draw is worth to them on average."""
        now = self.turns(board)
        bounds = [interval(board, k) for k in range(CELLS)]
        empty = sum(1 for v in board if not v)
        gains = [0.0] * (TOP + 1)
        for tile in range(1, TOP + 1):
            best = now
            for k in range(CELLS):
                lo, hi = bounds[k]
                if lo <= tile <= hi and board[k] != tile:
                    if empty == 1 and not board[k]:
                        best = now - WIN
                        break
                    best = min(best, self.turns(with_tile(board, k, tile)))
            gains[tile] = now - best
        unseen = self.position.unseen
        base = sum(unseen[v] * gains[v] for v in range(1, TOP + 1)) / max(1, self.unseen_total)
        return gains, base

    def feed(self, pool: list[int]) -> float:
        """What the pool is worth to the rivals beyond their own draw."""
        cost = 0.0
        for _, weight, (gains, base) in self.rivals:
            best = max((gains[v] for v in range(1, TOP + 1) if pool[v]), default=0.0)
            if best > base:
                cost += weight * (best - base)
        return cost

    def value(self, board: Board, pool: list[int], extra_turn: bool = False) -> float:
        """Higher is better: minus the turns still needed, minus what the pool gives away."""
        if all(board):
            return WIN
        return -self.turns(board) - self.feed(pool) + (self.w.replay if extra_turn else 0.0)

    def outcome(self, move: Move) -> tuple[Board, list[int], bool]:
        """The garden and pool after a place, take or discard, and whether Bruno replays."""
        position = self.position
        board, pool = position.board, position.pool[:]
        kind = move["type"]
        if kind == "discard":
            pool[position.drawn] += 1
            return board, pool, False
        tile = move["tile"] if kind == "take" else position.drawn
        if kind == "take":
            pool[tile] -= 1
        cell = move["row"] * SIZE + move["col"]
        if board[cell]:
            pool[board[cell]] += 1
        return with_tile(board, cell, tile), pool, bruno_replay(position, board, cell, tile)

    def draw_value(self) -> float:
        """The expected value of drawing: each unseen number, then its best use or a discard."""
        position = self.position
        board = position.board
        total = 0.0
        for tile in range(1, TOP + 1):
            count = position.unseen[tile]
            if not count:
                continue
            pool = position.pool[:]
            pool[tile] += 1
            best = self.value(board, pool)
            for cell in fitting_cells(board, tile):
                after = position.pool[:]
                if board[cell]:
                    after[board[cell]] += 1
                best = max(best, self.value(with_tile(board, cell, tile), after,
                                            bruno_replay(position, board, cell, tile)))
            total += count * best
        return total / max(1, self.unseen_total)

    def next_turns(self, board: Board) -> float:
        """The turns the garden still needs after its owner's next draw, used at best."""
        if all(board):
            return -WIN
        now = self.turns(board)
        total = 0.0
        for tile in range(1, TOP + 1):
            count = self.position.unseen[tile]
            if count:
                best = now
                for cell in fitting_cells(board, tile):
                    best = min(best, self.turns(with_tile(board, cell, tile)))
                total += count * best
        return total / max(1, self.unseen_total)

    def looked_ahead(self, move: Move) -> float:
        """A move's value with the next draw looked at: the garden it leaves is judged by the
        turns it needs after one more tile."""
        board, pool, extra = self.outcome(move)
        return -self.next_turns(board) - self.feed(pool) + (self.w.replay if extra else 0.0)

    def move_value(self, move: Move) -> float:
        """One move ahead."""
        kind = move["type"]
        if kind == "draw":
            return self.draw_value()
        if kind in ("discard", "place", "take"):
            return self.value(*self.outcome(move))
        if kind == "setup":
            return -self.turns(_diagonal(move["tiles"]))
        if kind == "setup-place":
            position = self.position
            return -self.turns(with_tile(position.board, DIAGONAL[move["cell"]], position.setup_tile))
        return -WIN

    def why(self, move: Move, moves: list[Move]) -> dict[str, Any]:
        """Why `move` among `moves`, one move ahead: "turns" the garden still needs after it (by
        `move_value`, what the pool gives away counted in), "gain" the turns it saves against
        the next best move (None when it was the only one); kind "full" when it fills the garden."""
        value = self.move_value(move)
        if value >= WIN:
            return {"kind": "full"}
        others = [self.move_value(m) for m in moves if m != move]
        return {"kind": "turns", "turns": -value, "gain": value - max(others) if others else None}

    def choose(self, moves: list[Move]) -> Move:
        """The best move: one move ahead for all, then the best few placements (not a draw)
        compared again with the next draw looked at."""
        ranked = sorted(((self.move_value(m), i) for i, m in enumerate(moves)), reverse=True)
        best = moves[ranked[0][1]]
        if best["type"] not in ("place", "take", "discard") or ranked[0][0] >= WIN:
            return best
        kin = [moves[i] for _, i in ranked if moves[i]["type"] in ("place", "take", "discard")]
        top = kin[:self.w.lookahead]
        return max(top, key=self.looked_ahead) if len(top) > 1 else best


class StrongBot(Bot):
    """Expected-turns planning with a "don't feed" penalty; see the module docstring."""

    level = "strong"
    weights = Weights()
    why: dict[str, Any] | None = None
    """Why it chose its last move, by its own estimates (`Planner.why`, `ExpertBot.compare`): the
    hint says it (`hint_why`)."""

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        position = Position.from_view(view)
        if position.phase == "last-replay":
            return _last_replay_choice(position, legal)
        candidates = [m for m in fresh(position, legal) if sensible(position, m)]
        planner = Planner(position, self.weights)
        move = planner.choose(candidates)
        self.why = planner.why(move, candidates)
        return move


def sensible(position: Position, move: Move) -> bool:
    """Leave out passes (a swap for the same number) and, on an extra turn, swaps from the pool:
    neither can ever help, and leaving them out keeps chains of extra turns finite."""
    if move["type"] not in ("take", "place"):
        return True
    cell = move["row"] * SIZE + move["col"]
    tile = move["tile"] if move["type"] == "take" else position.drawn
    old = position.board[cell]
    return old != tile and not (move["type"] == "take" and position.replay and old)


def _last_replay_choice(position: Position, legal: list[Move]) -> Move:
    """The extra turn after the last tile: fill an empty cell from the pool if possible."""
    for move in legal:
        if move["type"] == "take" and not position.board[move["row"] * SIZE + move["col"]]:
            return move
    return next(m for m in legal if m["type"] == "end")


# --- expert -----------------------------------------------------------------------------------------


def _best_use(planner: Planner, position: Position, tile: int) -> Move:
    """Strong's one-move-ahead use of a drawn `tile`: a place, a swap or a discard."""
    board = position.board
    best: Move = {"type": "discard"}
    pool = position.pool[:]
    pool[tile] += 1
    best_value = planner.value(board, pool)
    for cell in fitting_cells(board, tile):
        after = position.pool[:]
        if board[cell]:
            after[board[cell]] += 1
        value = planner.value(with_tile(board, cell, tile), after, bruno_replay(position, board, cell, tile))
        if value > best_value:
            best, best_value = {"type": "place", "row": cell // SIZE, "col": cell % SIZE}, value
    return best


# --- hint and review ------------------------------------------------------------------------------
