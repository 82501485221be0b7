"""Lucky Numbers (Michael Schacht; TIKI Editions 2020, first published by Ravensburger in 2012 as
"13" / "5 vor 12"), as specified in RULES.md §1.

The pieces. With N players (2 to 4) there are N sets of clover tiles numbered 1 to 20, so every
number exists N times; colours play no part. Each player has a garden of 4x4 cells; cells are
(row, col) from 0, row 0 at the top, and cell number k = 4*row + col. The four cells (k,k) from
top-left to bottom-right are the golden diagonal.

The placement rule. In every row, left to right, and in every column, top to bottom, the numbers
must be strictly increasing; they need not follow each other and empty cells may lie between
them. A tile may go on an empty cell (a place) or on a filled cell (a swap), when it is larger
than every other tile to its left and above and smaller than every other tile to its right and
below. A swapped-out tile goes face up to the pool in the middle of the table.

Setup. The tiles are shuffled face down: the supply. Standard setup: every player draws 4 tiles
and puts them face up on the diagonal in any arrangement (option "setup_order" "ascending" forces
the smallest top-left to the largest bottom-right). Michael's setup (option "setup" "michael",
the only setup of the 2012 edition): four rounds; in each, every player draws one tile and puts it
on an empty diagonal cell of their choice; setup tiles are never moved during setup. Option
"duplicates" "redraw": a player who draws a number already on their diagonal (or among their 4
setup tiles) puts it back, the supply is reshuffled and they draw again.

A turn. The player to act does one of: A) draw the top tile of the supply, reveal it, then place
it, swap it, or discard it face up to the pool (always allowed); B) take a tile from the pool and
place or swap it; only a pool tile that fits somewhere may be taken. Then the next seat plays.
Option "identical_swap" "forbidden": swapping a tile for the same number (in effect a pass) is
refused; by default it is allowed.

The end. The game stops the moment a player fills their 16th cell: that player wins alone. It
also stops when a player has drawn the last tile of the supply and finished that turn: the
fewest empty cells win, ties shared. A tournament (option "tournament") plays as many games as
seats, the first seat rotating; after each game every winner scores +2 and every other player
-1 per empty cell in their garden; the highest total wins, ties shared. Option
"tournament_ties" "split": co-winners share the 2 points instead of each scoring 2 (RULES L7).

Bruno's variant (option "bruno", TIKI only). Putting a tile x on a cell (a place or a swap, from
the supply or the pool) so that a diagonally adjacent cell holds another x grants the same player
one more complete turn; replays chain. Only the anti-diagonal neighbours (up-right, down-left)
count, or (option "bruno_diagonal" "both") all four diagonal neighbours. The pair must be new
(option "bruno_pair" "any", Game Park's reading of "vous créez": a cell that already held x also
counts, so swapping x for x beside its twin replays, as often as the player likes). Never from a discard, a setup
placement or a placement that ends the game. A trigger in the turn that drew the last tile ends
the game anyway (option "bruno_last_tile" "pool-replay": the replay may still use the pool only;
the player may also end the game instead, and the game ends when no pool tile fits).

Moves (JSON objects; rows and columns from 0 in moves, from 1 in texts):
- {"type": "setup", "tiles": [a, b, c, d]}: standard setup; the seat's four drawn tiles (view
  "setup_tiles") as they go on the diagonal, top-left to bottom-right.
- {"type": "setup-place", "cell": k}: Michael's setup; put this round's drawn tile on diagonal
  cell (k, k), k in 0..3.
- {"type": "draw"}: option A, reveal the supply's top tile (then phase "drawn").
- {"type": "place", "row": r, "col": c}: put the drawn tile on (r, c), empty or by a swap.
- {"type": "discard"}: put the drawn tile face up in the pool.
- {"type": "take", "tile": v, "row": r, "col": c}: option B, take a v from the pool and put it
  on (r, c), empty or by a swap.
- {"type": "end"}: only in phase "last-replay": end the game without using Bruno's replay.
- {"type": "next-game"}: in a tournament, after a game that is not the last, the gardens and the
  standings stay on show (phase "between-games") until the seat that starts the next game plays
  this move, which deals that game.

Phases (view "phase"; the prompt text is "prompt.<phase>"): "setup", "michael", "turn",
"drawn", "last-replay", "between-games", "over".

Options (default first): edition "tiki"|"ravensburger-2012" (2012 requires setup "michael" and
has no Bruno variant); setup "standard"|"michael"; setup_order "free"|"ascending" (L1, standard
setup only); duplicates "keep"|"redraw" (L2); identical_swap "allowed"|"forbidden" (L3); bruno
False|True; bruno_diagonal "anti"|"both" (L4), bruno_last_tile "no-replay"|"pool-replay" (L5),
bruno_pair "new"|"any" (L6), only with bruno; tournament False|True; tournament_ties
"each-plus-2"|"split" (L7, only in a tournament); first_player "first-seat"|"random" (who starts
game 1: the seat order the players chose, the oldest player first as the texts say, or a seat
drawn from the seed; a tournament then rotates from there). An option that does not apply must
keep its default.

Scores. One game: the number of filled cells (higher is better; the completed garden, or the
fewest empty cells, wins). Tournament: the running totals (floats; with "split" a co-winner may
score 2/3). `winners()` gives the game's or the match's winners, ties shared.

Randomness. Game g of a match (0-based) shuffles its supply with Rng(derive_seed(seed,
"lucky-numbers", g)); the same generator reshuffles for redraws. Only the supply order is hidden;
what it holds is public (view "unseen").
"""
from __future__ import annotations

import copy as _copy
from typing import Any, Sequence

from ...core import BadOptions, Game, Move, Option, Rng, State, derive_seed, register_game
from .texts import GUIDE, TEXTS

SIZE = 4
CELLS = SIZE * SIZE
TOP = 20
"""Tiles are numbered 1..TOP."""

DIAGONAL = tuple(k * (SIZE + 1) for k in range(SIZE))
TWELFTHS = 12
"""Tournament points are kept in twelfths so that shared points (2/2, 2/3, 2/4) stay exact."""


def _line(cell: int, d_row: int, d_col: int) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    out = []
    row, col = row + d_row, col + d_col
    while 0 <= row < SIZE and 0 <= col < SIZE:
        out.append(row * SIZE + col)
        row, col = row + d_row, col + d_col
    return tuple(out)


LEFT = tuple(_line(k, 0, -1) for k in range(CELLS))
RIGHT = tuple(_line(k, 0, 1) for k in range(CELLS))
ABOVE = tuple(_line(k, -1, 0) for k in range(CELLS))
BELOW = tuple(_line(k, 1, 0) for k in range(CELLS))
"""Per cell, the other cells of its row/column in that direction, nearest first."""

SMALLER = tuple(LEFT[k] + ABOVE[k] for k in range(CELLS))
LARGER = tuple(RIGHT[k] + BELOW[k] for k in range(CELLS))
"""Per cell, the cells whose tiles must be smaller / larger than the tile on it."""


def _neighbours(cell: int, steps: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    return tuple((row + dr) * SIZE + col + dc for dr, dc in steps
                 if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE)


ANTI_DIAGONAL = tuple(_neighbours(k, ((-1, 1), (1, -1))) for k in range(CELLS))
BOTH_DIAGONALS = tuple(_neighbours(k, ((-1, 1), (1, -1), (-1, -1), (1, 1))) for k in range(CELLS))


def fits(board: Sequence[int], cell: int, tile: int) -> bool:
    """Whether `tile` may go on `cell` (empty or by a swap) under the placement rule."""
    for other in SMALLER[cell]:
        if board[other] and board[other] >= tile:
            return False
    for other in LARGER[cell]:
        if board[other] and board[other] <= tile:
            return False
    return True


def first_conflict(board: Sequence[int], cell: int, tile: int) -> tuple[str, int] | None:
    """The side ("left", "right", "above", "below") and value of the nearest tile that forbids
    `tile` on `cell`, looking left, right, above then below; None when the tile fits."""
    for side, cells, smaller in (("left", LEFT, True), ("right", RIGHT, False),
                                 ("above", ABOVE, True), ("below", BELOW, False)):
        for other in cells[cell]:
            value = board[other]
            if value and (value >= tile if smaller else value <= tile):
                return side, value
    return None


def interval(board: Sequence[int], cell: int) -> tuple[int, int]:
    """The numbers (lo, hi), inclusive, that fit on `cell`, ignoring its own tile; lo > hi when
    none does."""
    lo = max((board[o] for o in SMALLER[cell] if board[o]), default=0) + 1
    hi = min((board[o] for o in LARGER[cell] if board[o]), default=TOP + 1) - 1
    return lo, hi


def empty_count(board: Sequence[int]) -> int:
    return sum(1 for v in board if not v)


def unfillable(board: Sequence[int]) -> list[int]:
    """The empty cells no number can fill while the tiles around them stay: each would need a
    number larger than a tile to its left or above and smaller than one to its right or below
    (a 20 above-left of a 6 leaves the two cells between them empty until one is swapped out)."""
    return [k for k in range(CELLS) if not board[k] and _pair(interval(board, k)) is None]


def on_diagonal(tiles: Sequence[int]) -> list[int]:
    """A garden holding only `tiles` on its diagonal, top-left to bottom-right."""
    board = [0] * CELLS
    for k, tile in zip(DIAGONAL, tiles):
        board[k] = tile
    return board


def blocked_by_order(tiles: Sequence[int]) -> tuple[list[int], tuple[int, int]] | None:
    """Setup tiles in this order on the diagonal (any order is legal, RULES L1) leaving more cells
    unfillable than the same tiles in ascending order: those cells, and the first pair out of
    order (a larger tile before a smaller one), which leaves no number for the cells between
    them. None when ascending order would leave no fewer (two tiles in a row like 5 and 6 leave
    their two cells empty in any order)."""
    cells = unfillable(on_diagonal(tiles))
    if len(cells) <= len(unfillable(on_diagonal(sorted(tiles)))):
        return None
    pair = next((a, b) for i, a in enumerate(tiles) for b in tiles[i + 1:] if a > b)
    return cells, pair


def position_key(boards: Sequence[Sequence[int]], pool: Sequence[int], turn: int, replay: bool) -> str:
    """A position between turns as public text: the seat to act (and whether on an extra turn),
    the gardens as flat lists (0 = empty) and the pool. Within a run of turns without a draw the
    supply does not change, so equal keys are the same position (view "since_draw")."""
    gardens = "/".join(",".join(map(str, b)) for b in boards)
    return f"{turn}{'r' if replay else ''}/{gardens}/{','.join(map(str, sorted(pool)))}"


def cell_name(cell: int) -> dict[str, int]:
    """Rows and columns counted from 1, for texts."""
    return {"row": cell // SIZE + 1, "col": cell % SIZE + 1}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


MOVE_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    kind: (frozenset(fields), frozenset()) for kind, fields in {
        "setup": {"tiles"}, "setup-place": {"cell"}, "draw": (), "place": {"row", "col"},
        "discard": (), "take": {"tile", "row", "col"}, "end": (), "next-game": (),
    }.items()
}

PHASE_MOVES: dict[str, frozenset[str]] = {
    "setup": frozenset({"setup"}),
    "michael": frozenset({"setup-place"}),
    "turn": frozenset({"draw", "take"}),
    "drawn": frozenset({"place", "discard"}),
    "last-replay": frozenset({"take", "end"}),
    "between-games": frozenset({"next-game"}),
}


class LuckyNumbersState(State):
    """One position of a Lucky Numbers game or tournament.

    Attributes: `boards` (per seat 16 ints, 0 = empty), `supply` (face-down tiles, drawn from
    the end: hidden), `pool` (face-up tiles in the order they came), `drawn` (the tile in hand
    after a draw), `phase`, `turn` (seat to act), `start` (the game's first seat),
    `setup_tiles` (per seat, drawn setup tiles not yet placed), `setup_round` (Michael's setup),
    `replay` (the seat to act is on a Bruno extra turn), `last` (per seat, a description of
    their last move), `since_draw` (the `position_key` of every position between turns since
    the last draw, oldest first), `game_index`, `totals` (tournament points in twelfths), `results` (one
    entry per finished game), `rng` (this game's generator for redraws)."""

    boards: list[list[int]]
    supply: list[int]
    pool: list[int]
    drawn: int | None
    phase: str
    turn: int
    start: int
    setup_tiles: list[list[int]]
    setup_round: int
    replay: bool
    last: list[dict[str, Any] | None]
    since_draw: list[str]
    game_index: int
    totals: list[int]
    results: list[dict[str, Any]]
    rng: Rng

    # -- setup -----------------------------------------------------------------------------------
    def setup(self) -> None:
        self.game_index = 0
        self.totals = [0] * self.players
        self.results = []
        self._start_game()

    @property
    def games_in_match(self) -> int:
        return self.players if self.options["tournament"] else 1

    def _seats_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    def first_player(self) -> int:
        """The seat that starts game 1."""
        if self.options["first_player"] == "random":
            return Rng(derive_seed(self.seed, "lucky-numbers", "first-player")).below(self.players)
        return 0

    def _start_game(self) -> None:
        """Shuffle a fresh supply for game `game_index` and deal its setup tiles."""
        self.start = (self.first_player() + self.game_index) % self.players
        self.rng = Rng(derive_seed(self.seed, "lucky-numbers", self.game_index))
        self.supply = [v for v in range(1, TOP + 1) for _ in range(self.players)]
        self.rng.shuffle(self.supply)
        self.boards = [[0] * CELLS for _ in range(self.players)]
        self.pool = []
        self.drawn = None
        self.replay = False
        self.last = [None] * self.players
        self.since_draw = []
        self.setup_tiles = [[] for _ in range(self.players)]
        self.setup_round = 0
        self.turn = self.start
        if self.options["setup"] == "michael":
            self.phase = "michael"
            self._deal_michael_round()
        else:
            self.phase = "setup"
            for seat in self._seats_from(self.start):
                tiles: list[int] = []
                for _ in range(SIZE):
                    tiles.append(self._draw_setup_tile(tiles))
                self.setup_tiles[seat] = sorted(tiles)

    def _draw_setup_tile(self, already: Sequence[int]) -> int:
        """The next supply tile; with duplicates "redraw", a number in `already` goes back, the
        supply is reshuffled and the player draws again."""
        tile = self.supply.pop()
        while self.options["duplicates"] == "redraw" and tile in already:
            self.supply.append(tile)
            self.rng.shuffle(self.supply)
            tile = self.supply.pop()
        return tile

    def _deal_michael_round(self) -> None:
        for seat in self._seats_from(self.start):
            diagonal = [self.boards[seat][k] for k in DIAGONAL if self.boards[seat][k]]
            self.setup_tiles[seat] = [self._draw_setup_tile(diagonal)]

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_cells(self, tile: int, seat: int | None = None) -> list[int]:
        """Cells of `seat`'s garden (default: the seat to act) where `tile` may go now."""
        board = self.boards[self.turn if seat is None else seat]
        forbid_same = self.options["identical_swap"] == "forbidden"
        return [k for k in range(CELLS) if fits(board, k, tile) and not (forbid_same and board[k] == tile)]

    def information(self) -> int:
        """Tiles turned up from the supply so far in the match: a move can be taken back only
        until the next tile is revealed."""
        return self.game_index * 1000 + TOP * self.players - len(self.supply)

    def takeable(self) -> list[int]:
        """The distinct pool numbers the seat to act may take (those that fit somewhere)."""
        return [v for v in sorted(set(self.pool)) if self.legal_cells(v)]

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == "setup":
            return self._setup_moves()
        if phase == "michael":
            board = self.boards[self.turn]
            return [{"type": "setup-place", "cell": k} for k in range(SIZE) if not board[DIAGONAL[k]]]
        if phase == "drawn":
            moves = [{"type": "place", "row": k // SIZE, "col": k % SIZE} for k in self.legal_cells(self.drawn)]
            return moves + [{"type": "discard"}]
        if phase in ("turn", "last-replay"):
            moves = [{"type": "draw"}] if phase == "turn" else []
            for tile in sorted(set(self.pool)):
                moves += [{"type": "take", "tile": tile, "row": k // SIZE, "col": k % SIZE}
                          for k in self.legal_cells(tile)]
            return moves + ([{"type": "end"}] if phase == "last-replay" else [])
        if phase == "between-games":
            return [{"type": "next-game"}]
        return []

    def _setup_moves(self) -> list[Move]:
        tiles = self.setup_tiles[self.turn]
        if self.options["setup_order"] == "ascending":
            return [{"type": "setup", "tiles": list(tiles)}]
        seen: set[tuple[int, ...]] = set()
        moves = []
        for order in _permutations(tiles):
            if order not in seen:
                seen.add(order)
                moves.append({"type": "setup", "tiles": list(order)})
        return moves

    # -- refusals --------------------------------------------------------------------------------
    def check(self, move: Move) -> None:
        kind = move["type"]
        if kind not in PHASE_MOVES.get(self.phase, ()):
            raise self.game.refuse(f"phase-{self.phase}", tile=self.drawn or 0)
        if kind == "setup":
            self._check_setup(move["tiles"])
        elif kind == "setup-place":
            self._check_setup_place(move["cell"])
        elif kind == "place":
            self._check_target(self.drawn, move["row"], move["col"])
        elif kind == "take":
            self._check_take(move)

    def _check_setup(self, tiles: Any) -> None:
        mine = self.setup_tiles[self.turn]
        shown = ", ".join(map(str, mine))
        if not isinstance(tiles, list) or len(tiles) != SIZE or not all(_is_int(t) for t in tiles) \
                or sorted(tiles) != mine:
            raise self.game.refuse("setup-tiles", tiles=shown)
        if self.options["setup_order"] == "ascending" and tiles != mine:
            raise self.game.refuse("setup-ascending", tiles=shown)

    def _check_setup_place(self, cell: Any) -> None:
        if not _is_int(cell) or not 0 <= cell < SIZE:
            raise self.game.refuse("bad-diagonal-cell", cell=str(cell))
        other = self.boards[self.turn][DIAGONAL[cell]]
        if other:
            raise self.game.refuse("diagonal-taken", cell=cell + 1, other=other)

    def _cell_of(self, row: Any, col: Any) -> int:
        if not (_is_int(row) and _is_int(col) and 0 <= row < SIZE and 0 <= col < SIZE):
            raise self.game.refuse("bad-cell", row=str(row), col=str(col))
        return row * SIZE + col

    def _check_target(self, tile: int, row: Any, col: Any) -> None:
        cell = self._cell_of(row, col)
        board = self.boards[self.turn]
        conflict = first_conflict(board, cell, tile)
        if conflict:
            side, other = conflict
            raise self.game.refuse(f"order-{side}", tile=tile, other=other, **cell_name(cell))
        if board[cell] == tile and self.options["identical_swap"] == "forbidden":
            raise self.game.refuse("identical-swap", tile=tile, **cell_name(cell))

    def _check_take(self, move: Move) -> None:
        tile = move["tile"]
        self._cell_of(move["row"], move["col"])
        if not _is_int(tile) or tile not in self.pool:
            raise self.game.refuse("not-in-pool", tile=str(tile))
        if not self.legal_cells(tile):
            raise self.game.refuse("fits-nowhere", tile=tile)
        self._check_target(tile, move["row"], move["col"])

    # -- applying moves --------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        kind = move["type"]
        seat = self.turn
        if kind == "setup":
            self._apply_setup(seat, move["tiles"])
        elif kind == "setup-place":
            self._apply_setup_place(seat, move["cell"])
        elif kind == "draw":
            self.drawn = self.supply.pop()
            self.phase = "drawn"
            self._note(seat, "draw", tile=self.drawn)
        elif kind == "discard":
            tile, self.drawn = self.drawn, None
            self.pool.append(tile)
            self._note(seat, "discard", tile=tile)
            self._end_turn(seat, replay=False)
        elif kind == "place":
            tile, self.drawn = self.drawn, None
            self._put(seat, tile, move["row"] * SIZE + move["col"], "place")
        elif kind == "take":
            self.pool.remove(move["tile"])
            self._put(seat, move["tile"], move["row"] * SIZE + move["col"], "take")
        elif kind == "end":
            self._note(seat, "end")
            self._end_game()
        elif kind == "next-game":
            self.game_index += 1
            self._start_game()
        if kind == "draw":
            self.since_draw = []
        elif self.phase in ("turn", "last-replay"):
            self.since_draw.append(position_key(self.boards, self.pool, self.turn, self.replay))

    def _apply_setup(self, seat: int, tiles: list[int]) -> None:
        for k, tile in zip(DIAGONAL, tiles):
            self.boards[seat][k] = tile
        self.setup_tiles[seat] = []
        self._note(seat, "setup", tiles=", ".join(map(str, tiles)))
        self.turn = (seat + 1) % self.players
        if self.turn == self.start:
            self.phase = "turn"

    def _apply_setup_place(self, seat: int, cell: int) -> None:
        tile = self.setup_tiles[seat].pop()
        self.boards[seat][DIAGONAL[cell]] = tile
        self._note(seat, "setup-place", tile=tile, cell=cell + 1)
        self.turn = (seat + 1) % self.players
        if self.turn == self.start:
            self.setup_round += 1
            if self.setup_round == SIZE:
                self.phase = "turn"
            else:
                self._deal_michael_round()

    def _put(self, seat: int, tile: int, cell: int, kind: str) -> None:
        """Put `tile` on `cell` (a place or a swap), then end the turn, the game, or replay."""
        board = self.boards[seat]
        old = board[cell]
        board[cell] = tile
        if old:
            self.pool.append(old)
            self._note(seat, f"{kind}-swap", tile=tile, old=old, **cell_name(cell))
        else:
            self._note(seat, kind, tile=tile, **cell_name(cell))
        if not old and all(board):
            self._end_game()
            return
        self._end_turn(seat, replay=self._bruno_trigger(board, cell, tile, old))

    def _bruno_trigger(self, board: list[int], cell: int, tile: int, old: int) -> bool:
        opts = self.options
        if not opts["bruno"] or (opts["bruno_pair"] == "new" and old == tile):
            return False
        near = BOTH_DIAGONALS if opts["bruno_diagonal"] == "both" else ANTI_DIAGONAL
        return any(board[k] == tile for k in near[cell])

    def _end_turn(self, seat: int, replay: bool) -> None:
        if replay:
            self.last[seat] = {**self.last[seat], "replay": True}
        if self.supply:
            self.replay = replay
            self.turn = seat if replay else (seat + 1) % self.players
            self.phase = "turn"
        elif replay and self.options["bruno_last_tile"] == "pool-replay" and self.takeable():
            self.replay = True
            self.phase = "last-replay"
        else:
            self._end_game()

    def _end_game(self) -> None:
        """Score the finished game; go on to the standings or end the match."""
        empty = [empty_count(b) for b in self.boards]
        fewest = min(empty)
        winners = [s for s in range(self.players) if empty[s] == fewest]
        share = 2 * TWELFTHS // (len(winners) if self.options["tournament_ties"] == "split" else 1)
        points = [share if s in winners else -TWELFTHS * empty[s] for s in range(self.players)]
        for s in range(self.players):
            self.totals[s] += points[s]
        self.results.append({
            "game": self.game_index,
            "start": self.start,
            "ended_by": "complete" if fewest == 0 else "supply",
            "winners": winners,
            "empty": empty,
            "points": [p / TWELFTHS for p in points],
            "totals": [t / TWELFTHS for t in self.totals],
        })
        self.replay = False
        self.drawn = None
        if self.game_index + 1 < self.games_in_match:
            self.phase = "between-games"
            self.turn = (self.start + 1) % self.players
        else:
            self.phase = "over"

    def _note(self, seat: int, kind: str, **params: Any) -> None:
        self.last[seat] = {"type": kind, "key": f"move.{kind}", "params": params, "replay": False}

    # -- scores ----------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        if self.options["tournament"]:
            return [t / TWELFTHS for t in self.totals]
        return [CELLS - empty_count(b) for b in self.boards]

    def winners(self) -> list[int]:
        if self.options["tournament"]:
            best = max(self.totals)
            return [s for s, t in enumerate(self.totals) if t == best]
        if self.results:
            return list(self.results[-1]["winners"])
        return super().winners()

    def ranking(self) -> list[dict[str, Any]]:
        """Seats by score, best first, with their place (tied seats share a place)."""
        shown = self.scores()
        exact = self.totals if self.options["tournament"] else shown
        order = sorted(range(self.players), key=lambda s: (-exact[s], s))
        out: list[dict[str, Any]] = []
        for i, seat in enumerate(order):
            tied = bool(out) and exact[order[i - 1]] == exact[seat]
            out.append({"seat": seat, "place": out[-1]["place"] if tied else i + 1, "score": shown[seat]})
        return out

    # -- what everybody sees ---------------------------------------------------------------------
    def unseen(self) -> list[int]:
        """The numbers nobody has seen yet (the supply's contents, sorted; its order is hidden)."""
        return sorted(self.supply)

    def prompt(self) -> dict[str, Any]:
        """The banner text key and its parameters for the seat to act."""
        phase = self.phase
        if phase == "turn" and self.replay:
            return {"key": "prompt.replay", "params": {}}
        if phase == "turn" and not self.takeable():
            return {"key": "prompt.turn-draw", "params": {}}
        if phase == "drawn":
            return {"key": "prompt.drawn-tile", "params": {"tile": self.drawn}}
        if phase == "setup":
            return {"key": "prompt.setup", "params": {"tiles": ", ".join(map(str, self.setup_tiles[self.turn]))}}
        if phase == "michael":
            return {"key": "prompt.michael-tile", "params": {"tile": self.setup_tiles[self.turn][0]}}
        if phase == "between-games":
            return {"key": "prompt.between-games", "params": {"next": self.game_index + 2}}
        return {"key": f"prompt.{phase}", "params": {}}

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything public; Lucky Numbers has no private information, so `seat` only echoes.

        Keys: game, edition, options (the full options dict), players, seat, phase, current
        (seat to act or None), prompt ({"key": "prompt.…", "params": {...}}: the banner for the
        seat to act), start (this game's first seat), replay (the seat to act is on a Bruno extra
        turn), gardens (per seat 4 rows of 4 numbers, None = empty), empty (empty cells per
        seat), fits (per seat, per cell [lo, hi]: the numbers that the placement rule lets on
        that cell, ignoring its own tile, or None when none does; identical_swap "forbidden"
        still refuses the number already there), pool (sorted), takeable (pool numbers the seat
        to act may take), supply (how many face-down tiles), unseen (their numbers, sorted; the
        order stays hidden), drawn (tile in hand or None), setup_tiles (per seat, setup tiles
        waiting to be placed), setup_round (Michael's setup, 0..3), since_draw (the
        `position_key` of every position between turns since the last tile was drawn, oldest
        first: what a bot reads to avoid repeating a position), last (per seat the last
        move: {"type", "key": "move.…", "params", "replay"} or None), result (the game just
        finished: {"game", "start", "ended_by": "complete"|"supply", "winners", "empty",
        "points", "totals"}, else None), tournament (None, or {"games", "game_index", "totals",
        "results": [result, ...], "ranking": [{"seat", "place", "score"}, ...]}), scores,
        winners (the match's, once over)."""
        grids = [[[b[r * SIZE + c] or None for c in range(SIZE)] for r in range(SIZE)] for b in self.boards]
        fit = [[[_pair(interval(b, r * SIZE + c)) for c in range(SIZE)] for r in range(SIZE)] for b in self.boards]
        over = self.phase in ("between-games", "over")
        return {
            "game": self.game.id,
            "edition": self.options["edition"],
            "options": dict(self.options),
            "players": self.players,
            "seat": seat,
            "phase": self.phase,
            "current": self.current_player,
            "prompt": self.prompt(),
            "start": self.start,
            "replay": self.replay,
            "gardens": grids,
            "empty": [empty_count(b) for b in self.boards],
            "fits": fit,
            "pool": sorted(self.pool),
            "takeable": self.takeable() if self.phase in ("turn", "last-replay") else [],
            "supply": len(self.supply),
            "unseen": self.unseen(),
            "drawn": self.drawn,
            "setup_tiles": [list(t) for t in self.setup_tiles],
            "setup_round": self.setup_round,
            "since_draw": list(self.since_draw),
            "last": [_copy.deepcopy(m) if m else None for m in self.last],
            "result": _copy.deepcopy(self.results[-1]) if over and self.results else None,
            "tournament": self._standings() if self.options["tournament"] else None,
            "scores": self.scores(),
            "winners": self.winners() if self.phase == "over" else [],
        }

    def _standings(self) -> dict[str, Any]:
        return {
            "games": self.games_in_match,
            "game_index": self.game_index,
            "totals": [t / TWELFTHS for t in self.totals],
            "results": _copy.deepcopy(self.results),
            "ranking": self.ranking(),
        }

    # -- search support --------------------------------------------------------------------------
    def copy(self) -> "LuckyNumbersState":
        clone = self.shallow_copy()
        clone.boards = [b[:] for b in self.boards]
        clone.supply = self.supply[:]
        clone.pool = self.pool[:]
        clone.setup_tiles = [t[:] for t in self.setup_tiles]
        clone.last = list(self.last)
        clone.since_draw = self.since_draw[:]
        clone.totals = self.totals[:]
        clone.results = list(self.results)
        clone.rng = Rng.__new__(Rng)
        clone.rng.state = self.rng.state
        return clone

    def __str__(self) -> str:
        acting = "" if self.is_over else f", seat {self.turn} to act{' (replay)' if self.replay else ''}"
        head = f"Lucky Numbers, game {self.game_index + 1}/{self.games_in_match}, phase {self.phase}{acting}"
        info = (f"supply {len(self.supply)}  pool [{' '.join(map(str, sorted(self.pool)))}]  "
                f"drawn {self.drawn if self.drawn else '-'}")
        titles = GAP.join(f"#{s} {empty_count(b):2d} empty" for s, b in enumerate(self.boards))
        rows = [GAP.join(" ".join(f"{b[r * SIZE + c]:2d}" if b[r * SIZE + c] else " ." for c in range(SIZE))
                              for b in self.boards) for r in range(SIZE)]
        lines = [head, info, "gardens:".ljust(19) + titles, *(" " * 19 + row for row in rows)]
        if any(self.setup_tiles):
            lines.append("setup tiles: " + "; ".join(f"seat {s}: {t}" for s, t in enumerate(self.setup_tiles)))
        lines.append(f"scores {self.scores()}" + (f"  winners {self.winners()}" if self.is_over else ""))
        return "\n".join(lines)


GAP = " " * 5


def _pair(bounds: tuple[int, int]) -> list[int] | None:
    return list(bounds) if bounds[0] <= bounds[1] else None


def _permutations(items: Sequence[int]) -> list[tuple[int, ...]]:
    if len(items) <= 1:
        return [tuple(items)]
    out = []
    for i, first in enumerate(items):
        out += [(first, *rest) for rest in _permutations([*items[:i], *items[i + 1:]])]
    return out


# --- texts ----------------------------------------------------------------------------------------

class LuckyNumbers(Game):
    """The Lucky Numbers declaration: options mirror RULES.md's DECISION register L1-L7."""

    id = "lucky-numbers"
    rules_version = 1
    min_players = 2
    max_players = 4
    default_players = 2
    options = (
        Option("edition", ("tiki", "ravensburger-2012")),
        Option("setup", ("standard", "michael")),
        Option("setup_order", ("free", "ascending"), requires={"setup": ("standard",)}, rare=True),
        Option("duplicates", ("keep", "redraw"), rare=True),
        Option("identical_swap", ("allowed", "forbidden"), rare=True),
        Option("bruno", (False, True), requires={"edition": ("tiki",)}),
        Option("bruno_diagonal", ("anti", "both"), requires={"bruno": (True,)}, rare=True),
        Option("bruno_last_tile", ("no-replay", "pool-replay"), requires={"bruno": (True,)}, rare=True),
        Option("bruno_pair", ("new", "any"), requires={"bruno": (True,)}, rare=True),
        Option("tournament", (False, True)),
        Option("tournament_ties", ("each-plus-2", "split"), requires={"tournament": (True,)}, rare=True),
        Option("first_player", ("first-seat", "random"), rare=True),
    )
    move_fields = MOVE_FIELDS
    # moves with one legal form decide nothing: the setup in ascending order, Michael's last diagonal
    # cell, a draw with nothing in the pool that fits, the end of a last replay with nothing to take
    formalities = frozenset({"setup", "setup-place", "draw", "end"})
    state_class = LuckyNumbersState

    def describe(self, before: State, move: Move) -> dict[str, Any]:
        """What the seat's last-move note says after the move (a swap names the tile it gave up)."""
        if move["type"] == "next-game":
            return {"key": "move.next-game", "params": {"number": before.game_index + 2}}
        seat = before.current_player
        after = before.copy()
        after.play(move)
        last = after.last[seat]
        return {"key": last["key"], "params": dict(last["params"])}
    texts = TEXTS
    guide = GUIDE

    def settle_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Choosing the 2012 edition brings Michael's setup and turns Bruno's variant off."""
        if options.get("edition") == "ravensburger-2012":
            options = {**options, "setup": "michael", "bruno": False}
        return options

    def check_options(self, options: dict[str, Any], players: int | None) -> None:
        """The 2012 edition has only Michael's setup and no Bruno."""
        if options["edition"] == "ravensburger-2012":
            if options["setup"] != "michael":
                raise _bad_options("edition-setup")
            if options["bruno"]:
                raise _bad_options("edition-bruno")


def _bad_options(key: str, **params: Any) -> BadOptions:
    return BadOptions(TEXTS["en"][f"option.error.{key}"].format(**params))


GAME = register_game(LuckyNumbers())

__all__ = ["GAME", "LuckyNumbers", "LuckyNumbersState", "fits", "interval", "first_conflict", "empty_count",
           "unfillable", "on_diagonal", "blocked_by_order"]
