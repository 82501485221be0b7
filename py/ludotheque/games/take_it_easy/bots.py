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
  TD(lambda), see tools/train_take_it_easy.py; tables in data/weights.json, read with
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

from typing import Any, Generator, Iterator, Mapping, Sequence

from ...core import Bot, Choice, Game, Move, State, bot_levels, get_bot, get_game, register_bot
from ...search import Judged, decision_key, finish
from .value import (GAME_ID, LINE_LENGTH, TABLE_SIZE, Evaluator, LearnedValue, LinePotential, NumBoard, Position,  # noqa: F401
                    feature_indices, learned_value, line_state, load_weights, move_for, placements, value_counts)
from .rules import (CELL_LINES, CELLS, ROUND_TILES, VALUES, legal_cells,
                                  lines_through, round_order, score_numbers)

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


def review_steps(record: dict[str, Any], seat: int = 0, round: int | None = None, known: Mapping[str, Any] | None = None,
                 partial: bool = False, most: int | None = None) -> Generator[float, None, list[dict[str, Any]]]:
    """Each placement `seat` made in a finished round (default: the last one finished), judged
    as the hint judges it, by the strongest bot's own estimates of the round's final score
    (`ExpertBot.judge`; a pair's first tile by the learned value after the pair, as the bot
    places pairs): "value" after the placement played, "best_value" after the bot's choice
    ("best_tile", "best_cell"), "loss" their difference (0 when the best was played, never
    negative: a placement it values above its own choice counts as the best). The round's last
    tile is judged by the true score. "step" is the tile's place in the round (1..19), "key" what
    the row stands on (`decision_key`: the moves up to the placement). Yields how far it got
    (0..1); returns the rows sorted by loss, largest first.
    A row judged before under its key (`known`, during the round) is taken as it is; `partial`
    judges the placements made so far in a round still played (default: the one in play), and
    `most` judges at most that many placements not `known`, returning only those (`Judged`)."""
    done = finished_rounds(record)
    if round is not None and not 0 <= round < done + partial:
        raise ValueError(f"round {round} is not finished")
    if record["options"].get("mode") == "caller" or done + partial == 0:
        return []
    target = round if round is not None else done if partial else done - 1
    bot = ExpertBot(get_game(GAME_ID))
    judged = Judged(known, most)
    for index, state, move in _rounds(record):
        if index > target:
            break
        if index < target or move["type"] != "place" or state.current_player != seat:
            continue
        key = decision_key(seat, record["moves"], len(state.moves), len(state.moves) + 1)
        if judged.reuse(key):
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
        judged.add(key, {"round": index, "step": state.revealed - len(pos.waiting) + 1, "tile": tile,
                         "cell": move["cell"], "value": played, "best_tile": best[0], "best_cell": best[1],
                         "best_value": values[best], "loss": values[best] - played})
        yield len(judged.rows) / ROUND_TILES
    return judged.result(lambda r: (-r["loss"], r["step"]))


def judge_ahead(record: dict[str, Any], seat: int, round: int, known: Mapping[str, Any]) -> dict[str, Any]:
    """During round `round`, what its review will read, judged ahead one part at a time (the
    bots' worker runs it between the bots' moves): the next placement of `seat` not `known`,
    else one more placement of the strongest bot's board of the round (`bot_board_key`: its
    placements so far; it reads the round's order of tiles, as the review does, and shows only
    in the review, once the round is over), else nothing: {key: what it found}. `known` maps
    each key judged to what was found (a row's value is not read)."""
    rows = finish(review_steps(record, seat, round, known, partial=True, most=1))
    if rows:
        return {row["key"]: row for row in rows}
    key = bot_board_key(record, round)
    placed = known.get(key) or []
    if len(placed) == ROUND_TILES or record["options"].get("mode") == "caller":
        return {}
    return {key: finish(bot_placements(record, round, placed, most=1))}


def bot_board_key(record: dict[str, Any], round: int) -> str:
    """What the strongest bot's board of a round stands on (the deal and the options, never the
    moves), as the key it is kept under."""
    return decision_key(-1, [record["seed"], record["options"]], round, 2)


def review(record: dict[str, Any], seat: int = 0, round: int | None = None) -> list[dict[str, Any]]:
    """`review_steps` run to its end."""
    return finish(review_steps(record, seat, round))


def round_tiles(record: dict[str, Any], round: int) -> list[int]:
    """The tile numbers of a round, in the order they were revealed."""
    return round_order(record["seed"], round)[:ROUND_TILES]


def bot_placements(record: dict[str, Any], round: int, placed: Sequence[Sequence[int]] = (),
                   most: int | None = None) -> Generator[float, None, list[tuple[int, int]]]:
    """The (tile, cell) placements the strongest bot makes with the round's tiles, revealed in
    the same order and batches, each placed knowing only the tiles still unseen (as in play):
    the first ones as `placed` says (worked out before), then the others, at most `most` of them
    (None: to the round's end). Yields how far it got (0..1) after each placement worked out."""
    options = record["options"]
    order = round_order(record["seed"], round)
    bot = best_bot()
    board: NumBoard = [None] * CELLS
    previous = None
    revealed = 0
    out: list[tuple[int, int]] = []
    while revealed < ROUND_TILES:
        count = 2 if options.get("pairs") and ROUND_TILES - revealed >= 2 else 1
        waiting = order[revealed:revealed + count]
        revealed += count
        unseen = sorted(order[revealed:])
        while waiting:
            if len(out) < len(placed):
                tile, cell = placed[len(out)]
            elif most is not None and len(out) >= len(placed) + most:
                return out
            else:
                pos = Position(board, list(waiting), unseen, ROUND_TILES - revealed,
                               options.get("adjacency", "off"), previous)
                tile, cell = bot.best(pos)
                yield (len(out) + 1) / ROUND_TILES
            board = list(board)
            board[cell] = tile
            previous = cell
            waiting.remove(tile)
            out.append((tile, cell))
    return out


def bot_board_steps(record: dict[str, Any], round: int,
                    placed: Sequence[Sequence[int]] = ()) -> Generator[float, None, NumBoard]:
    """The board the strongest bot reaches with the round's tiles (`bot_placements`, the first
    ones as `placed` says). Yields how far it got (0..1)."""
    board: NumBoard = [None] * CELLS
    for tile, cell in (yield from bot_placements(record, round, placed)):
        board[cell] = tile
    return board


def bot_board(record: dict[str, Any], round: int) -> NumBoard:
    """`bot_board_steps` run to its end."""
    return finish(bot_board_steps(record, round))


register_bot(GAME_ID, "easy", EasyBot)
register_bot(GAME_ID, "medium", MediumBot)
register_bot(GAME_ID, "strong", StrongBot, default=True)
register_bot(GAME_ID, "expert", ExpertBot)
