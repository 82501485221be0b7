"""Take It Easy (Peter Burley), as specified in RULES.md §3.

The pieces. 27 hexagonal tiles, every combination (v, u, d) of a vertical number v in {1, 5, 9},
a lower-left/upper-right number u in {2, 6, 7} and an upper-left/lower-right number d in {3, 4, 8}.
Tiles are never rotated. Each player has a board of 19 cells, numbered column by column from left
to right and top to bottom inside a column (columns of 3, 4, 5, 4 and 3 cells).

A round. The tiles are shuffled; one by one, 19 of them are revealed and every player puts their
own copy of the revealed tile on any empty cell of their board. A placement is final. After 19
tiles the boards are full and each of the 15 lines scores its number times its length when every
tile on it shows the same number in the line's direction; a line with one different number scores
nothing. The best possible round scores 307. The caller (who reveals the tiles) changes each
round; it only matters at the table, not for the score.

The match. Four rounds (or one, for a quick game); the highest total wins. Ties are shared, or
(option "tie") broken by the best single round (RULES E1).

Variants. "adjacency": every tile after a round's first must touch (share an edge with) a tile
already on the board ("any", RULES E2), or touch the tile placed just before ("previous"); a
player who cannot touch the previous tile, because all its neighbours are full, may use any cell
that touches some tile. "pairs": tiles come two at a time (9 pairs, then the 19th alone) and each
player places both, in the order they like; with adjacency each tile is checked when it is placed.

Software turns. Placing is simultaneous at the table; here the seats place one after the other,
starting with the round's caller: every seat places the revealed tile (both tiles of a pair)
before the next one is revealed. `current_player` is the seat to place.

Moves (JSON objects):
- {"type": "place", "cell": k}: put the tile to place on cell k (0..18). With pairs, while two
  tiles wait, say which: {"type": "place", "cell": k, "tile": [v, u, d]}. One form per move, the
  one `legal_moves()` lists: "tile" is named exactly when two tiles wait (a "tile" while one
  waits is refused, as is one that is not waiting). Records of earlier versions, which named
  the only tile waiting too (the bots in pairs mode), replay through `written`.
- {"type": "next-round"}: after a round that is not the match's last, the boards stay on show
  with the round's scores (phase "scoring") until seat 0 plays this move, which reveals the next
  round's first tile on empty boards. After the last round the match is over at once.

Options (default first): rounds 4|1, tie "shared"|"best-round", adjacency "off"|"any"|"previous",
pairs False|True, mode "play"|"caller". A daily game uses `daily_seed(date)` as its seed.

Caller mode (option mode "caller"), for a table playing with the physical boxes: no boards are
played; the app is only the caller. The round's caller (seat 0, then the next seat each round:
"Un autre joueur prend la place de meneur") reveals the round's tiles one by one with
{"type": "call"} (two at a time with pairs, the 19th alone); the view names the tile(s) just
revealed ("tiles"), those revealed so far this round ("called") and how many remain ("left").
After the 19th tile the round is over (phase "scoring", then "next-round" as usual); nothing is
scored (every total 0, nobody wins) and adjacency plays no part.

Randomness. Round r (0-based) shuffles the 27 tiles with Rng(derive_seed(seed, r)); the first 19
of that order are the round's tiles. Only that order is hidden; which tiles are still unseen is
public (view "unseen").
"""
from __future__ import annotations

import datetime
from typing import Any, Sequence

from ...core import Game, Move, Option, Rng, State, derive_seed, register_game
from .texts import GUIDE, TEXTS

# --- tiles ------------------------------------------------------------------------------------

VALUES: tuple[tuple[int, int, int], ...] = ((1, 5, 9), (2, 6, 7), (3, 4, 8))
"""The numbers of each direction: vertical, "/" (lower-left to upper-right), "\\"."""

DIRECTIONS = ("|", "/", "\\")

TILES: tuple[tuple[int, int, int], ...] = tuple(
    (v, u, d) for v in VALUES[0] for u in VALUES[1] for d in VALUES[2])
"""The 27 tiles (v, u, d); tile number t is TILES[t], t = 9*i_v + 3*i_u + i_d (sorted order)."""

TILE_INDEX: dict[tuple[int, int, int], int] = {tile: t for t, tile in enumerate(TILES)}

# --- board geometry (RULES §3.3) ----------------------------------------------------------------

CELLS = 19
COLUMNS: tuple[tuple[int, ...], ...] = ((0, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10, 11),
                                        (12, 13, 14, 15), (16, 17, 18))

LINES: tuple[tuple[int, ...], ...] = (
    # vertical, scored with v
    (0, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10, 11), (12, 13, 14, 15), (16, 17, 18),
    # "/" lower-left to upper-right, scored with u (listed from the top-left edge)
    (0, 3, 7), (1, 4, 8, 12), (2, 5, 9, 13, 16), (6, 10, 14, 17), (11, 15, 18),
    # "\\" upper-left to lower-right, scored with d (listed from the bottom-left edge)
    (2, 6, 11), (1, 5, 10, 15), (0, 4, 9, 14, 18), (3, 8, 13, 17), (7, 12, 16),
)
"""The 15 scoring lines; line i runs in direction LINE_DIRECTION[i] = i // 5."""

LINE_DIRECTION: tuple[int, ...] = tuple(i // 5 for i in range(15))

CELL_LINES: tuple[tuple[int, int, int], ...] = tuple(
    tuple(next(i for i in range(5 * d, 5 * d + 5) if c in LINES[i]) for d in range(3))
    for c in range(CELLS))
"""For each cell, its vertical, "/" and "\\" line."""


def cell_place(cell: int) -> dict[str, int]:
    """Where people find a cell: its column, counted from the left, and its place in that column,
    counted from the top (both from 1)."""
    for col, cells in enumerate(COLUMNS):
        if cell in cells:
            return {"column": col + 1, "place": cells.index(cell) + 1}
    raise ValueError(cell)


def _axial(cell: int) -> tuple[int, int]:
    place = cell_place(cell)
    q = place["column"] - 3
    return q, max(-2, -2 - q) + place["place"] - 1


_STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1))
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(n for n in range(CELLS)
                 if (_axial(n)[0] - _axial(c)[0], _axial(n)[1] - _axial(c)[1]) in _STEPS))
    for c in range(CELLS))
"""Edge neighbours of each cell (RULES §3.3)."""

MAX_SCORE = 307
ROUND_TILES = 19

Board = Sequence[Any]  # 19 cells: None or a tile (v, u, d)


def tile_number(tile: Any) -> int | None:
    """The tile number of a [v, u, d] / (v, u, d), or None if it is not one of the 27."""
    try:
        return TILE_INDEX.get(tuple(tile))
    except TypeError:
        return None


def lines_through(board: Sequence[int | None], cell: int, tile: int) -> list[tuple[int, str]]:
    """What tile number `tile` put on `cell` of a board of tile numbers does to its three lines
    (vertical, "/", "\\"): its number in that direction, and "carries" (the line's tiles all
    show that number), "breaks" (they show another), "spent" (already broken) or "starts" (no
    tile on it yet)."""
    effects = []
    for d, line in enumerate(CELL_LINES[cell]):
        numbers = {TILES[board[c]][d] for c in LINES[line] if board[c] is not None}
        n = TILES[tile][d]
        effects.append((n, "starts" if not numbers else "spent" if len(numbers) > 1
                        else "carries" if numbers == {n} else "breaks"))
    return effects


# --- scoring --------------------------------------------------------------------------------------

def line_details(board: Board) -> list[dict[str, Any]]:
    """Each line's state on a board of (v, u, d) tiles / None: "empty" (no tile), "open" (its tiles
    agree, cells left), "scored" (full and agreeing), "broken" (two numbers differ). "value" is the
    agreed number (None when empty or broken), "points" what it scores now (only when scored) and
    "potential" what it would score if completed (0 when broken)."""
    details = []
    for i, cells in enumerate(LINES):
        d = LINE_DIRECTION[i]
        numbers = {board[c][d] for c in cells if board[c] is not None}
        filled = sum(board[c] is not None for c in cells)
        if not numbers:
            status, value = "empty", None
        elif len(numbers) > 1:
            status, value = "broken", None
        else:
            value = next(iter(numbers))
            status = "scored" if filled == len(cells) else "open"
        details.append({
            "line": i, "direction": DIRECTIONS[d], "cells": list(cells), "status": status,
            "value": value, "filled": filled,
            "points": value * len(cells) if status == "scored" else 0,
            "potential": value * len(cells) if value is not None else 0,
        })
    return details


def score_board(board: Board) -> tuple[int, list[dict[str, Any]]]:
    """A board's points so far (complete agreeing lines only) and the per-line details."""
    details = line_details(board)
    return sum(line["points"] for line in details), details


def score_numbers(board: Sequence[int | None]) -> int:
    """The same total for a board of tile numbers (None = empty); fast, for engines and bots."""
    total = 0
    for i, cells in enumerate(LINES):
        d = LINE_DIRECTION[i]
        first = board[cells[0]]
        if first is None:
            continue
        value = TILES[first][d]
        for c in cells[1:]:
            t = board[c]
            if t is None or TILES[t][d] != value:
                break
        else:
            total += value * len(cells)
    return total


# --- placement rules ------------------------------------------------------------------------------

def legal_cells(board: Sequence[Any], adjacency: str = "off", previous: int | None = None) -> list[int]:
    """The cells where the next tile may go: any empty cell; with adjacency "any" an empty cell
    touching a placed tile (any cell for a round's first tile); with "previous" an empty cell
    touching the previously placed tile, or, if there is none, as with "any"."""
    empty = [c for c in range(CELLS) if board[c] is None]
    if adjacency == "off" or len(empty) == CELLS:
        return empty
    if adjacency == "previous" and previous is not None:
        near = [c for c in empty if previous in ADJACENT[c]]
        if near:
            return near
    return [c for c in empty if any(board[n] is not None for n in ADJACENT[c])]


def daily_seed(date_iso: str) -> int:
    """The seed of the daily game for a date "YYYY-MM-DD": the same tile order on every device."""
    day = datetime.date.fromisoformat(date_iso)
    return derive_seed(0x7A6E, "take-it-easy", "daily", day.isoformat())


def record_variant(options: dict[str, Any]) -> str:
    """What sets a record apart: "" for the standard game, else ".pairs", ".adjacency-any",
    ".pairs.adjacency-previous"."""
    parts = (["pairs"] if options.get("pairs") else []) + (
        [f"adjacency-{options['adjacency']}"] if options.get("adjacency", "off") != "off" else [])
    return "".join("." + part for part in parts)


def round_order(seed: int, round_index: int) -> list[int]:
    """The shuffled tile numbers of one round (only the first 19 are revealed)."""
    order = list(range(len(TILES)))
    Rng(derive_seed(seed, round_index)).shuffle(order)
    return order


# --- the state -------------------------------------------------------------------------------------

class TakeItEasyState(State):
    """Boards hold tile numbers (None = empty). `step` is the number of tiles revealed this round;
    the tiles revealed by the current step wait in `waiting[seat]` until that seat places them."""

    round: int
    order: list[int]
    revealed: int
    batch: list[int]
    boards: list[list[int | None]]
    waiting: list[list[int]]
    previous: list[int | None]
    turn: int | None
    phase: str
    round_scores: list[list[int]]

    def setup(self) -> None:
        self.round_scores = []
        self._start_round(0)

    # -- round and step machinery -----------------------------------------------------------------
    def _start_round(self, index: int) -> None:
        self.round = index
        self.order = round_order(self.seed, index)
        self.revealed = 0
        self.boards = [[None] * CELLS for _ in range(self.players)]
        self.previous = [None] * self.players
        if self.options["mode"] == "caller":   # the round's caller reveals its tiles: the role passes on each round
            self.phase, self.turn, self.batch = "call", self.caller, []
            self.waiting = [[] for _ in range(self.players)]
            return
        self.phase = "place"
        self._reveal()

    def _reveal(self) -> None:
        """Reveal the next tile (two with pairs, except the round's last) to every seat; the
        caller places first."""
        count = 2 if self.options["pairs"] and ROUND_TILES - self.revealed >= 2 else 1
        self.batch = self.order[self.revealed:self.revealed + count]
        self.revealed += count
        self.waiting = [list(self.batch) for _ in range(self.players)]
        self.turn = self.caller

    @property
    def caller(self) -> int:
        return self.round % self.players

    def _end_step_for(self, seat: int) -> None:
        nxt = (seat + 1) % self.players
        if nxt != self.caller:
            self.turn = nxt
        elif self.revealed < ROUND_TILES:
            self._reveal()
        else:
            self._end_round()

    def _end_round(self) -> None:
        self.round_scores.append([score_numbers(b) for b in self.boards])
        self.waiting = [[] for _ in range(self.players)]
        self.batch = []
        if len(self.round_scores) == self.options["rounds"]:
            self.phase, self.turn = "over", None
        else:
            self.phase, self.turn = "scoring", 0

    # -- contract ------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_cells(self, seat: int | None = None) -> list[int]:
        """Where `seat` (default: the seat to play) may put its next tile now."""
        seat = self.turn if seat is None else seat
        if seat is None or self.phase != "place":
            return []
        return legal_cells(self.boards[seat], self.options["adjacency"], self.previous[seat])

    def legal_moves(self) -> list[Move]:
        if self.phase == "scoring":
            return [{"type": "next-round"}]
        if self.phase == "call":
            return [{"type": "call"}]
        if self.phase != "place":
            return []
        cells = self.legal_cells()
        if not self.options["pairs"]:
            return [{"type": "place", "cell": c} for c in cells]
        tiles = sorted(set(self.waiting[self.turn]))
        if len(tiles) == 1:
            return [{"type": "place", "cell": c} for c in cells]
        return [{"type": "place", "cell": c, "tile": list(TILES[t])} for t in tiles for c in cells]

    def check(self, move: Move) -> None:
        kind = move["type"]
        if kind == "next-round":
            if self.phase != "scoring":
                raise self.game.refuse("not-between-rounds")
            return
        if self.options["mode"] == "caller" and kind != "call":
            raise self.game.refuse("caller-mode")
        if kind == "call":
            if self.options["mode"] != "caller":
                raise self.game.refuse("not-caller-mode")
            if self.phase != "call":
                raise self.game.refuse("round-over", round=self.round + 1)
            return
        if kind != "place":
            raise self.game.refuse("unknown-move", type=kind)
        if self.phase != "place":
            raise self.game.refuse("round-over", round=self.round + 1)
        self._tile_of(move)
        cell = move.get("cell")
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
            raise self.game.refuse("bad-cell", cell=repr(cell))
        board = self.boards[self.turn]
        if board[cell] is not None:
            raise self.game.refuse("occupied", **cell_place(cell))
        if cell not in self.legal_cells():
            if self.options["adjacency"] == "previous" and self.previous[self.turn] is not None \
                    and any(self.previous[self.turn] in ADJACENT[c] for c in self.legal_cells()):
                previous = cell_place(self.previous[self.turn])
                raise self.game.refuse("not-next-to-previous", **cell_place(cell),
                                       previous_column=previous["column"], previous_place=previous["place"])
            raise self.game.refuse("not-adjacent", **cell_place(cell))

    def _tile_of(self, move: Move) -> int:
        """The waiting tile a place move puts down (refusing a wrong or missing "tile")."""
        waiting = self.waiting[self.turn]
        if "tile" not in move:
            if len(set(waiting)) > 1:
                raise self.game.refuse("which-tile", tiles=" ".join(tile_text(t) for t in waiting))
            return waiting[0]
        t = tile_number(move["tile"])
        if t is None or t not in waiting:
            raise self.game.refuse("wrong-tile", tile=str(move["tile"]),
                                   tiles=" ".join(tile_text(t) for t in waiting))
        if len(set(waiting)) == 1:
            raise self.game.refuse("one-tile", tiles=tile_text(t))
        return t

    def apply(self, move: Move) -> None:
        if move["type"] == "next-round":
            self._start_round(self.round + 1)
            return
        if move["type"] == "call":
            count = 2 if self.options["pairs"] and ROUND_TILES - self.revealed >= 2 else 1
            self.batch = self.order[self.revealed:self.revealed + count]
            self.revealed += count
            if self.revealed == ROUND_TILES:
                self._end_round()
                self.batch = self.order[self.revealed - count:self.revealed]
            return
        seat = self.turn
        tile = self._tile_of(move)
        self.boards[seat][move["cell"]] = tile
        self.previous[seat] = move["cell"]
        self.waiting[seat].remove(tile)
        if not self.waiting[seat]:
            self._end_step_for(seat)

    # -- scores -----------------------------------------------------------------------------------------
    def round_score(self, seat: int) -> int:
        """The points of `seat`'s board in the current round (final once the round is over)."""
        return score_numbers(self.boards[seat])

    def totals(self) -> list[int]:
        """Match totals: every finished round, plus the board of a round still being played."""
        totals = [sum(r[s] for r in self.round_scores) for s in range(self.players)]
        if self.phase == "place":
            totals = [t + self.round_score(s) for s, t in enumerate(totals)]
        return totals

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals()]

    def winners(self) -> list[int]:
        """Highest total; a tie is shared, or with tie "best-round" goes to the best single round
        among the tied (still shared if that ties too). Nobody wins in caller mode."""
        if self.options["mode"] == "caller":
            return []
        totals = self.totals()
        top = [s for s, t in enumerate(totals) if t == max(totals)]
        if self.options["tie"] == "best-round" and len(top) > 1 and self.round_scores:
            best = {s: max(r[s] for r in self.round_scores) for s in top}
            top = [s for s in top if best[s] == max(best.values())]
        return top

    def information(self) -> int:
        """Tiles revealed so far in the match: a placement can be taken back only until the next
        tile is revealed."""
        return self.round * 100 + self.revealed

    # -- what a seat sees -------------------------------------------------------------------------------
    def unseen(self) -> list[int]:
        """Tile numbers not yet revealed this round, sorted (public: deducible from the boards)."""
        return sorted(self.order[self.revealed:])

    def view(self, seat: int | None = None) -> dict[str, Any]:
        boards = [[None if t is None else list(TILES[t]) for t in b] for b in self.boards]
        lines = [score_board(b)[1] for b in boards]
        to_place = [list(TILES[t]) for t in self.waiting[self.turn]] if self.phase == "place" else []
        return {
            "phase": self.phase,
            "round": self.round + 1,
            "rounds": self.options["rounds"],
            "caller": self.caller,
            "current": self.turn,
            "seat": seat,
            "tiles": [list(TILES[t]) for t in self.batch],
            "to_place": to_place,
            "revealed": self.revealed,
            "left": ROUND_TILES - self.revealed,
            "unseen": [list(TILES[t]) for t in self.unseen()],
            "called": [list(TILES[t]) for t in self.order[:self.revealed]],
            "boards": boards,
            "lines": lines,
            "board_scores": [sum(line["points"] for line in ls) for ls in lines],
            "previous": list(self.previous),
            "legal_cells": self.legal_cells(),
            "round_scores": [list(r) for r in self.round_scores],
            "totals": self.totals(),
            "winners": self.winners() if self.is_over else [],
            "options": dict(self.options),
        }

    def copy(self) -> "TakeItEasyState":
        clone = self.shallow_copy()
        clone.order = list(self.order)
        clone.batch = list(self.batch)
        clone.boards = [list(b) for b in self.boards]
        clone.waiting = [list(w) for w in self.waiting]
        clone.previous = list(self.previous)
        clone.round_scores = [list(r) for r in self.round_scores]
        return clone

    def __str__(self) -> str:
        parts = [f"Take It Easy, round {self.round + 1}/{self.options['rounds']}, "
                 f"caller seat {self.caller}, phase {self.phase}, "
                 f"tiles revealed {self.revealed}/{ROUND_TILES}"]
        if self.batch and self.phase == "place":
            parts.append(f"seat {self.turn} to place {' '.join(tile_text(t) for t in self.waiting[self.turn])}")
        for seat, board in enumerate(self.boards):
            parts.append(f"seat {seat}: {self.totals()[seat]} in total, "
                         f"rounds {[r[seat] for r in self.round_scores]}")
            parts.append(board_text(board))
        return "\n".join(parts)


def tile_text(t: int) -> str:
    """A tile number shown as v-u-d (vertical, "/", "\\")."""
    return "-".join(map(str, TILES[t]))


def board_text(board: Sequence[int | None]) -> str:
    """The board as five columns of cells, each "id:v-u-d" or "id:-----"."""
    return "\n".join("  " + "  ".join(f"{c:2d}:{tile_text(board[c]) if board[c] is not None else '-----'}"
                                       for c in cells) for cells in COLUMNS)


class TakeItEasy(Game):
    """Take It Easy: 1 to 8 players (the box has 4 sets; the page suggests 1-4), 1 by default."""

    id = "take-it-easy"
    rules_version = 1
    min_players = 1
    max_players = 8
    default_players = 1
    options = (
        Option("rounds", (4, 1)),
        # caller mode plays no boards here: nobody is ranked and no placement is checked
        Option("tie", ("shared", "best-round"), ignored_with={"mode": ("caller",)}, rare=True),
        Option("adjacency", ("off", "any", "previous"), ignored_with={"mode": ("caller",)}, rare=True),
        Option("pairs", (False, True), rare=True),
        Option("mode", ("play", "caller")),
    )
    move_fields = {"place": (frozenset({"cell"}), frozenset({"tile"})), "next-round": (frozenset(), frozenset()),
                   "call": (frozenset(), frozenset())}
    state_class = TakeItEasyState
    texts = TEXTS
    guide = GUIDE
    daily_options = {"rounds": 1}
    device_number = 1
    table_moves = frozenset({"next-round"})
    device_fixed = {"mode": "play"}   # each person places on their own device: no caller's table
    formalities = frozenset({"place"})   # one empty hex left (or one the adjacency allows): the tile goes there

    def daily_seed(self, date_iso: str) -> int:
        return daily_seed(date_iso)

    def records(self, state: State) -> dict[str, float]:
        """A solo game's best round and, over four rounds, its total, each kept per variant
        (`record_variant`: a record is only beaten in its own variant)."""
        rounds = [scores[0] for scores in state.round_scores]
        variant = record_variant(state.options)
        found = {"best_round" + variant: max(rounds)} if rounds else {}
        if len(rounds) == 4:
            found["best_match" + variant] = sum(rounds)
        return found

    def written(self, state: State, move: Move) -> Move:
        """A place move of an earlier version naming the only tile waiting (its bots did in pairs
        mode): the same move without the name, as this version plays it."""
        try:
            waiting = state.waiting[state.turn]
            if move.get("type") == "place" and "tile" in move and len(set(waiting)) == 1 \
                    and tile_number(move["tile"]) == waiting[0]:
                return {k: v for k, v in move.items() if k != "tile"}
        except (AttributeError, IndexError, KeyError, TypeError):
            pass
        return move

    def describe(self, before: State, move: Move) -> dict[str, Any]:
        if move["type"] == "next-round":
            return {"key": "move.next-round", "params": {"round": before.round + 2}}
        if move["type"] == "call":   # caller mode: the tile (or pair) this call brings to light
            after = before.copy()
            after.play(move)
            return {"key": "move.call", "params": {"tile": " ".join(tile_text(t) for t in after.batch)}}
        return {"key": "move.place", "params": {"tile": tile_text(before._tile_of(move)), **cell_place(move["cell"])}}


GAME = register_game(TakeItEasy())
