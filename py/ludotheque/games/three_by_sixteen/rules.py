"""3x16 ("Nümmerchen" / "Dreisechzehn", Ravensburger, 1894; Traveller edition 1973), as specified
in RULES.md §2 and its register of decisions T1-T6.

The pieces. Every player owns 48 tiles: the numbers 1 to 16, three times each. The caller (here
the engine, RULES T1) shuffles one such set and calls its 48 numbers one by one; every seat plays
the same calls.

The tableau. Every seat has 3 main rows (0..2 in moves, 1..3 in texts) and 5 auxiliary columns
(0..4 in moves, 1..5 in texts). A main row is empty or holds 1, 2, ..., k with no gap. A column is
a stack open at the bottom: a tile goes directly under its bottom tile (or first into an empty
column), nothing inside a column ever moves, and only its bottom tile may leave it. Columns have
no order rule (advice only: high numbers above, low ones below).

"Fits". A tile n fits a main row when n = 1 and the row is empty, or n > 1 and the row ends with
n - 1.

A call. The engine reveals the next number n. Each seat in turn, seat 0 first, resolves the call
on its own tableau: it places the called n on a main row it fits or at the bottom of any column
(required; RULES T2 allows the direct placement, option "placement"); it transfers, as often as it likes, before or
after placing, the bottom tile of any column onto a main row it fits (RULES T4: optional); and it
says "done" (only once the called tile is placed). When every seat is done, the next number is
called.

The end. After the 48th call, every seat with three complete rows (1..16, three times) wins,
jointly (RULES T5); if nobody completed them, the fewest tiles left in the columns win, ties
shared (RULES T6). Alone (the solitaire) the aim is no tile left: the seat wins only with three
complete rows, and otherwise nobody does (the result then says how many tiles are left).

Options (default first):
- mode "play"|"caller": "caller" (RULES T1's other reading, for a table playing with the
  physical box) keeps no tableaux; the app only calls the numbers ({"type": "call"}, seat 0).
- placement "direct"|"via-column": "via-column" (RULES T2's alternative, as one text reads
  it) puts every called tile at the bottom of a column first; one that fits is then transferred
  like any other (the same game: a tile just placed is a bottom tile).
- first_one "free"|"row": "row" makes a called 1 start a main row (RULES T3's alternative); by
  default a 1 may also go into a column (pointless, but allowed: S2 says "peut"). Only with the
  direct placement.
- transfers "manual"|"automatic": "automatic" (RULES T4's alternative) transfers every tile that
  fits right after each placement, in the order of "transfer-all", and ends the seat's step by
  itself.
placement, first_one and transfers apply only in mode "play" (elsewhere they must keep their
defaults).

Moves (JSON objects):
- {"type": "place", "row": i} or {"type": "place", "column": j}: put the called tile on main row i
  or at the bottom of column j (exactly one of the two fields).
- {"type": "transfer", "column": j, "row": i}: move the bottom tile of column j onto main row i
  (both fields, the one form `legal_moves()` lists). Records of earlier versions, which took the
  row left out (the first main row the tile fits) and an "index" naming the bottom tile's place
  in the column, replay through `written`.
- {"type": "transfer-all"}: every transfer that fits, repeatedly, until none fits, in the order
  that moves the most tiles (`best_transfers`: the order matters when bottom tiles with the same
  number compete for one row). The move log says how many tiles moved.
- {"type": "done"}: end the seat's step (only after the called tile is placed). Not used with
  automatic transfers.
- {"type": "call"}: caller mode only: call the next number.

Scores. `scores()` is minus the tiles left, where tiles left = 48 minus the tiles on the main rows
(during the game it includes the tiles still to come; at the end it is the tiles left in the
columns, 0 for a completed tableau), so that higher is better as everywhere else and the default
`winners()` gives RULES T5 and T6. In caller mode there is nothing to score: every score is 0 and
nobody wins.

Rules versions. Version 2 moves "transfer-all" and automatic transfers in the order that moves
the most tiles; version 1 always took the first column whose bottom fits, onto the first row it
fits, and looked again. A record of version 1 still replays, and plays on, under version 1's
order (`replay`), so a game saved before the change is neither lost nor changed.

Randomness. The 48 calls are Rng(derive_seed(seed, "3x16", "calls")).shuffle of 1..16 three
times. Only their order is hidden: how many of each number are still to come is public (view
"to_come"). A daily game uses `daily_seed(date)` as its seed.
"""
from __future__ import annotations

import datetime
from typing import Any, Sequence

from ...core import Game, Move, Option, Rng, State, derive_seed, register_game
from .texts import GUIDE, TEXTS

HIGH = 16
COPIES = 3
CALLS = HIGH * COPIES
ROWS = 3
COLUMNS = 5

Columns = list[list[int]]


# --- the rules on one tableau ---------------------------------------------------------------------

def fits(n: int, end: int) -> bool:
    """Whether a tile n fits a main row ending with `end` (0 for an empty row)."""
    return end == n - 1


def fitting_row(n: int, ends: Sequence[int]) -> int | None:
    """The first main row tile n fits, or None."""
    for i, end in enumerate(ends):
        if end == n - 1:
            return i
    return None


def movable(ends: Sequence[int], columns: Columns) -> list[tuple[int, int]]:
    """Every transfer that fits now: (column, row) for each main row the column's bottom tile
    fits (a 1 fits every empty row; two rows ending with the same number both take its successor)."""
    return [(j, i) for j, col in enumerate(columns) if col
            for i, end in enumerate(ends) if fits(col[-1], end)]


def transfer_all(ends: list[int], columns: Columns) -> int:
    """Transfer every tile that fits, in place, the way the "transfer-all" move does (first column
    whose bottom fits, onto the first row it fits, then look again); returns how many moved."""
    count = 0
    moved = True
    while moved:
        moved = False
        for col in columns:
            if col:
                n = col[-1]
                i = fitting_row(n, ends)
                if i is not None:
                    ends[i] = n
                    col.pop()
                    count += 1
                    moved = True
                    break
    return count


def transfer_outcomes(ends: Sequence[int], columns: Columns) -> list[tuple[list[int], Columns, list[tuple[int, int]]]]:
    """Every different tableau that transferring until nothing fits can leave, each with the
    transfers (column, row) that lead to it, in order. The order of transfers matters only when
    bottom tiles with the same number compete for one row: the column emptied first uncovers
    its next tile first. Tableaux that differ only by the order of rows or columns count once."""
    out: dict[tuple, tuple[list[int], Columns, list[tuple[int, int]]]] = {}
    seen: set[tuple] = set()

    def visit(ends: list[int], columns: Columns, path: list[tuple[int, int]]) -> None:
        key = (tuple(sorted(ends)), tuple(sorted(map(tuple, columns))))
        if key in seen:
            return
        seen.add(key)
        tried: set[tuple[int, ...]] = set()
        for j, col in enumerate(columns):
            i = fitting_row(col[-1], ends) if col else None
            if i is None or tuple(col) in tried:
                continue
            tried.add(tuple(col))
            after_ends, after_columns = list(ends), [list(c) for c in columns]
            after_ends[i] = after_columns[j].pop()
            visit(after_ends, after_columns, path + [(j, i)])
        if not tried:
            out[key] = (ends, columns, path)

    visit(list(ends), [list(c) for c in columns], [])
    return list(out.values())


# --- which order "transfer-all" takes --------------------------------------------------------------

SOLO_CAP = 4
"""Alone, a playout leaving more tiles than this counts as this: only completing the tableau
matters in the solitaire, so the value aims at it rather than at limiting the damage."""
TIE_SAMPLES = 256
"""Orders of the numbers to come that settle a tie between transfer orders moving as many tiles."""


def follow_on(ends: list[int], columns: Columns, undo: list[tuple[list[int], int, int]] | None = None) -> None:
    """Every bottom tile that fits goes onto its row, in place, column after column and round
    again until none fits (the playout's order); each move into `undo` as (column, row, the
    row's end before), when given."""
    moved = True
    while moved:
        moved = False
        for col in columns:
            if col and col[-1] - 1 in ends:
                x = col.pop()
                r = ends.index(x - 1)
                ends[r] = x
                if undo is not None:
                    undo.append((col, r, x - 1))
                moved = True


def playout(ends: list[int], columns: Columns, calls: Sequence[int]) -> int:
    """Play `calls` from (ends, columns), in place, transferring everything that fits; returns the
    tiles left. The playout policy: a row when the tile fits; otherwise the column of lowest cost:
    under a bottom b >= n, b - n (tight stacks keep high bottoms for high numbers); an empty
    column 3 + 12 / (empty columns) + n // 3; under a lower bottom (an inversion) 20 + 3 (n - b).
    A tile parked in a column never lets a transfer happen, so only a tile put on a row starts a
    chain of transfers: once nothing fits, a tile n put on a row can start one only under a
    bottom n + 1 (the first one looks at every column)."""
    settled = False   # nothing fits (known after the first chain)
    for n in calls:
        if n - 1 in ends:
            ends[ends.index(n - 1)] = n
            if settled:
                m = n + 1
                for col in columns:
                    if col and col[-1] == m:
                        follow_on(ends, columns)
                        break
            else:
                follow_on(ends, columns)
                settled = True
            continue
        empties = columns.count([])
        best, best_cost = None, 1e9
        for col in columns:
            if col:
                b = col[-1]
                cost = b - n if b >= n else 20 + 3 * (n - b)
            else:
                cost = 3 + 12 / empties + n // 3
            if cost < best_cost:
                best, best_cost = col, cost
        best.append(n)
    return sum(map(len, columns))


def remaining(counts: Sequence[int]) -> list[int]:
    """The numbers still to come, from their counts (index n - 1), smallest first."""
    return [n for n in range(1, HIGH + 1) for _ in range(counts[n - 1])]


def playout_totals(tableaux: Sequence[tuple[Sequence[int], Columns]], rest: Sequence[int], rng: Rng,
                   samples: int, cap: int, completed: list[int] | None = None) -> list[int]:
    """The value of each tableau (row ends, columns) that the strong bot and "transfer-all" judge
    by: `samples` orders of the numbers still to come (`rest`) are drawn, the same orders for
    every tableau, and each tableau is played out on each (`playout`); its total is the sum of
    min(tiles left, cap) over the orders. Lower is better. `completed`, if given (one zero per
    tableau), counts for each the orders on which it ends complete."""
    totals = [0] * len(tableaux)
    order = list(rest)
    for _ in range(samples):
        rng.shuffle(order)
        for k, (ends, columns) in enumerate(tableaux):
            left = playout(list(ends), [list(c) for c in columns], order)
            totals[k] += min(cap, left)
            if completed is not None and not left:
                completed[k] += 1
    return totals


def best_transfers(ends: Sequence[int], columns: Columns, counts: Sequence[int], cap: int) -> list[tuple[int, int]]:
    """The transfers (column, row), in order, that "transfer-all" and automatic transfers make:
    of every order of transfers until nothing fits (`transfer_outcomes`), one that moves the most
    tiles. Orders moving as many tiles can leave different columns (when bottom tiles with the
    same number compete for one row, the column emptied first uncovers its next tile first);
    then the one the strong bot values best wins: the lowest `playout_totals` over TIE_SAMPLES
    orders of the numbers still to come (`counts`, public), drawn from a seed made of those
    counts alone, so the same tableau at the same point always moves the same way and nothing
    hidden (the order of the calls) plays a part. If they still tie, the first found (which
    tries the columns from the first) wins. `cap`: SOLO_CAP alone, CALLS against others."""
    outcomes = transfer_outcomes(ends, columns)
    fewest = min(sum(map(len, cols)) for _, cols, _ in outcomes)
    best = [outcome for outcome in outcomes if sum(map(len, outcome[1])) == fewest]
    rest = remaining(counts)
    if len(best) == 1 or not rest:
        return best[0][2]
    rng = Rng(derive_seed(0x3316, "3x16", "transfer-order", *counts))
    totals = playout_totals([(e, c) for e, c, _ in best], rest, rng, TIE_SAMPLES, cap)
    return best[totals.index(min(totals))][2]


def call_order(seed: int) -> list[int]:
    """The 48 calls of a game: 1..16 three times, shuffled."""
    order = [n for n in range(1, HIGH + 1) for _ in range(COPIES)]
    Rng(derive_seed(seed, "3x16", "calls")).shuffle(order)
    return order


def daily_seed(date_iso: str) -> int:
    """The seed of the daily game for a date "YYYY-MM-DD": the same 48 calls on every device."""
    day = datetime.date.fromisoformat(date_iso)
    return derive_seed(0x3316, "3x16", "daily", day.isoformat())


def to_come(calls: Sequence[int]) -> list[int]:
    """How many of each number 1..16 (index n - 1) are not among `calls`."""
    counts = [COPIES] * HIGH
    for n in calls:
        counts[n - 1] -= 1
    return counts


def ends_text(ends: Sequence[int]) -> tuple[str, int]:
    """The ends of the started rows ("2, 7") and how many rows are still empty, for texts."""
    return ", ".join(str(e) for e in ends if e), sum(1 for e in ends if not e)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    """A refused field as a short text for the message."""
    text = repr(value) if isinstance(value, (int, float, str, bool, type(None))) else type(value).__name__
    return text if len(text) <= 24 else text[:23] + "…"


# --- the state -----------------------------------------------------------------------------------------

class ThreeBySixteenState(State):
    """`order` holds the 48 calls, `called` how many are revealed (the current call is
    order[called - 1]). Per seat, `ends[seat]` holds the last number of each main row (0 = empty;
    a row ending with k holds 1..k) and `columns[seat]` the 5 columns, top first, bottom last.
    `turn` is the seat resolving the current call and `placed` whether it put the called tile."""

    order: list[int]
    called: int
    ends: list[list[int]]
    columns: list[Columns]
    turn: int | None
    placed: bool

    def setup(self) -> None:
        self.order = call_order(self.seed)
        self.ends = [[0] * ROWS for _ in range(self.players)]
        self.columns = [[[] for _ in range(COLUMNS)] for _ in range(self.players)]
        self.placed = False
        if self.caller_mode:
            self.called, self.turn = 0, 0
        else:
            self.called, self.turn = 1, 0

    # -- derived ------------------------------------------------------------------------------------
    @property
    def caller_mode(self) -> bool:
        return self.options["mode"] == "caller"

    @property
    def automatic(self) -> bool:
        return self.options["transfers"] == "automatic"

    @property
    def call(self) -> int | None:
        """The number just called (None before the first call in caller mode)."""
        return self.order[self.called - 1] if self.called else None

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    def rows_filled(self, seat: int) -> int:
        return sum(self.ends[seat])

    def left(self, seat: int) -> int:
        """48 minus the tiles on `seat`'s main rows (the score shown; 0 = complete)."""
        return CALLS - self.rows_filled(seat)

    def in_columns(self, seat: int) -> int:
        return sum(len(col) for col in self.columns[seat])

    def targets(self) -> tuple[list[int], list[int]]:
        """Where the seat to act may put the called tile now: (rows, columns)."""
        if self.turn is None or self.placed or self.caller_mode:
            return [], []
        n = self.call
        if self.options["placement"] == "via-column":
            return [], list(range(COLUMNS))
        rows = [i for i, end in enumerate(self.ends[self.turn]) if fits(n, end)]
        if n == 1 and self.options["first_one"] == "row":
            return rows, []
        return rows, list(range(COLUMNS))

    def movable(self) -> list[tuple[int, int]]:
        """The transfers the seat to act may make now: (column, row)."""
        if self.turn is None or self.caller_mode or self.automatic:
            return []
        return movable(self.ends[self.turn], self.columns[self.turn])

    # -- moves --------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.turn is None:
            return []
        if self.caller_mode:
            return [{"type": "call"}]
        rows, columns = self.targets()
        moves: list[Move] = [{"type": "place", "row": i} for i in rows]
        moves += [{"type": "place", "column": j} for j in columns]
        transfers = self.movable()
        moves += [{"type": "transfer", "column": j, "row": i} for j, i in transfers]
        if transfers:
            moves.append({"type": "transfer-all"})
        if self.placed and not self.automatic:
            moves.append({"type": "done"})
        return moves

    def check(self, move: Move) -> None:
        kind = move["type"]
        refuse = self.game.refuse
        if self.caller_mode:
            if kind != "call":
                raise refuse("caller-mode")
            return
        if kind == "call":
            raise refuse("not-caller-mode")
        if kind == "place":
            self._check_place(move)
            return
        if self.automatic:
            raise refuse("automatic")
        if kind == "transfer":
            self._check_transfer(move)
        elif kind == "transfer-all":
            if not self.movable():
                raise refuse("nothing-fits", **self._ends_params())
        elif kind == "done" and not self.placed:
            raise refuse("place-first", n=self.call)

    def _ends_params(self) -> dict[str, Any]:
        ends, empty = ends_text(self.ends[self.turn])
        return {"ends": ends, "empty": empty}

    def _no_fit(self, n: int) -> Exception:
        """The refusal for a tile n that fits no main row, naming what the rows end with."""
        ends, empty = ends_text(self.ends[self.turn])
        if not ends:
            return self.game.refuse("no-fit-all-empty", n=n)
        if empty:
            return self.game.refuse("no-fit-some-empty", n=n, ends=ends)
        return self.game.refuse("no-fit", n=n, ends=ends)

    def _check_place(self, move: Move) -> None:
        refuse = self.game.refuse
        n = self.call
        if self.placed:
            raise refuse("placed-already", n=n)
        if ("row" in move) == ("column" in move):
            raise refuse("place-where", n=n)
        if "row" in move:
            i = move["row"]
            if not _is_int(i) or not 0 <= i < ROWS:
                raise refuse("bad-row", row=_shown(i))
            if self.options["placement"] == "via-column":
                raise refuse("via-column", n=n)
            end = self.ends[self.turn][i]
            if not fits(n, end):
                if fitting_row(n, self.ends[self.turn]) is None:
                    raise self._no_fit(n)
                raise refuse("wrong-row" if end else "wrong-row-empty", n=n, row=i + 1, end=end)
            return
        j = move["column"]
        if not _is_int(j) or not 0 <= j < COLUMNS:
            raise refuse("bad-column", column=_shown(j))
        if n == 1 and self.options["first_one"] == "row":
            raise refuse("one-starts-row")

    def _check_transfer(self, move: Move) -> None:
        refuse = self.game.refuse
        j = move["column"]
        if not _is_int(j) or not 0 <= j < COLUMNS:
            raise refuse("bad-column", column=_shown(j))
        col = self.columns[self.turn][j]
        if not col:
            raise refuse("empty-column", column=j + 1)
        n = col[-1]
        ends = self.ends[self.turn]
        i = move["row"]
        if not _is_int(i) or not 0 <= i < ROWS:
            raise refuse("bad-row", row=_shown(i))
        if not fits(n, ends[i]):
            if fitting_row(n, ends) is None:
                raise self._no_fit(n)
            raise refuse("wrong-row" if ends[i] else "wrong-row-empty", n=n, row=i + 1, end=ends[i])

    def apply(self, move: Move) -> None:
        kind = move["type"]
        if kind == "call":
            self.called += 1
            if self.called == CALLS:
                self.turn = None
            return
        seat = self.turn
        ends, columns = self.ends[seat], self.columns[seat]
        if kind == "place":
            n = self.call
            if "row" in move:
                ends[move["row"]] = n
            else:
                columns[move["column"]].append(n)
            self.placed = True
            if self.automatic:
                self.transfer_everything()
                self._next_seat()
        elif kind == "transfer":
            col = columns[move["column"]]
            ends[move["row"]] = col.pop()
        elif kind == "transfer-all":
            self.transfer_everything()
        else:
            self._next_seat()

    def transfer_everything(self) -> None:
        """The "transfer-all" move and automatic transfers, on the tableau of the seat to act: every
        tile that fits, in the order that moves the most (`best_transfers`)."""
        ends, columns = self.ends[self.turn], self.columns[self.turn]
        counts = to_come(self.order[:self.called])
        for j, i in best_transfers(ends, columns, counts, SOLO_CAP if self.players == 1 else CALLS):
            ends[i] = columns[j].pop()

    def _next_seat(self) -> None:
        """The seat to act is done with the call: the next seat, or the next call, or the end."""
        self.placed = False
        if self.turn + 1 < self.players:
            self.turn += 1
        elif self.called < CALLS:
            self.called += 1
            self.turn = 0
        else:
            self.turn = None

    # -- results ------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        if self.caller_mode:
            return [0.0] * self.players
        return [-float(self.left(seat)) for seat in range(self.players)]

    def winners(self) -> list[int]:
        """RULES T5 and T6 at a table; alone (the solitaire, whose aim is no tile left) the one
        seat wins only with three complete rows: a game with tiles left is not won."""
        if self.caller_mode:
            return []
        if self.players == 1:
            return [0] if self.rows_filled(0) == CALLS else []
        return super().winners()

    def information(self) -> int:
        """Numbers called so far: a move can be taken back only until the next number is called."""
        return self.called

    # -- what a seat sees ----------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        calls = self.order[:self.called]
        common = {
            "mode": self.options["mode"],
            "seat": seat,
            "current": self.turn,
            "call": self.call,
            "call_number": self.called,
            "calls": CALLS,
            "calls_left": CALLS - self.called,
            "past_calls": list(calls),
            "to_come": to_come(calls),
            "over": self.is_over,
            "options": dict(self.options),
        }
        if self.caller_mode:
            return common
        rows, columns = self.targets()
        common.update({
            "rows": [[list(range(1, end + 1)) for end in ends] for ends in self.ends],
            "row_ends": [list(ends) for ends in self.ends],
            "columns": [[list(col) for col in cols] for cols in self.columns],
            "placed": self.placed,
            "targets": {"rows": rows, "columns": columns},
            # every transfer the seat to act may make: one per column and row its bottom tile fits
            "movable": [{"column": j, "row": i, "n": self.columns[self.turn][j][-1]} for j, i in self.movable()],
            "left": [self.left(s) for s in range(self.players)],
            "in_columns": [self.in_columns(s) for s in range(self.players)],
            "complete": [self.rows_filled(s) == CALLS for s in range(self.players)],
            "scores": self.scores(),
            "winners": self.winners() if self.is_over else [],
        })
        return common

    def copy(self) -> "ThreeBySixteenState":
        clone = self.shallow_copy()
        clone.order = list(self.order)
        clone.ends = [list(e) for e in self.ends]
        clone.columns = [[list(col) for col in cols] for cols in self.columns]
        return clone

    def __str__(self) -> str:
        head = f"3x16 ({self.options['mode']}), call {self.called}/{CALLS}"
        if self.call is not None:
            head += f": {self.call}"
        parts = [head, f"called so far: {' '.join(map(str, self.order[:self.called])) or '-'}"]
        if self.caller_mode:
            return "\n".join(parts)
        if self.turn is not None:
            parts.append(f"seat {self.turn} to {'transfer or say done' if self.placed else 'place the ' + str(self.call)}")
        for seat in range(self.players):
            parts.append(f"seat {seat}: {self.left(seat)} tiles left")
            parts.append(tableau_text(self.ends[seat], self.columns[seat]))
        return "\n".join(parts)


def tableau_text(ends: Sequence[int], columns: Columns) -> str:
    """Main rows as "1..k" and columns as their tiles from top to bottom."""
    lines = [f"  row {i + 1}: " + (f"1..{end}" if end else "-") for i, end in enumerate(ends)]
    lines += [f"  column {j + 1}: " + (" ".join(map(str, col)) or "-") for j, col in enumerate(columns)]
    return "\n".join(lines)


class ThreeBySixteen(Game):
    """3x16: 1 to 4 players, 1 by default (the solitaire)."""

    id = "3x16"
    rules_version = 2
    min_players = 1
    max_players = 4
    default_players = 1
    options = (
        Option("mode", ("play", "caller")),
        Option("placement", ("direct", "via-column"), requires={"mode": ("play",)}, rare=True),
        Option("first_one", ("free", "row"), requires={"mode": ("play",), "placement": ("direct",)}, rare=True),
        Option("transfers", ("manual", "automatic"), requires={"mode": ("play",)}),
    )
    move_fields = {
        "place": (frozenset(), frozenset({"row", "column"})),
        "transfer": (frozenset({"column", "row"}), frozenset()),
        "transfer-all": (frozenset(), frozenset()),
        "done": (frozenset(), frozenset()),
        "call": (frozenset(), frozenset()),
    }
    state_class = ThreeBySixteenState
    texts = TEXTS
    guide = GUIDE
    daily_options: dict[str, Any] = {}
    device_number = 2
    device_fixed = {"mode": "play"}   # each person places on their own device: no caller's table
    lower_is_better = True   # a score is the tiles left, kept negative
    formalities = frozenset({"done"})   # nothing left to move: the step ends by itself

    def daily_seed(self, date_iso: str) -> int:
        return daily_seed(date_iso)

    def solo_left(self, state: State) -> int | None:
        """The solitaire's tiles left (0: the tableau completed)."""
        if state.players != 1 or state.options.get("mode") != "play":
            return None
        return int(-state.result()["scores"][0])

    def describe(self, before: State, move: Move) -> dict[str, Any]:
        """What a move did, for the move log (the menu summary is core's `summary`)."""
        kind = move["type"]
        n = before.call
        if kind == "call":
            n = before.order[before.called]
            return {"key": "move.call", "params": {"n": n, "k": before.called + 1}}
        if kind == "place":
            where = {"row": move["row"] + 1} if "row" in move else {"column": move["column"] + 1}
            key = "move.place-row" if "row" in move else "move.place-column"
            if before.automatic:
                after = before.copy()
                after.apply(move)
                count = after.rows_filled(before.turn) - before.rows_filled(before.turn) - ("row" in move)
                if count:
                    return {"key": key + "-then", "params": {"n": n, **where, "count": count}}
            return {"key": key, "params": {"n": n, **where}}
        if kind == "transfer":
            col = before.columns[before.turn][move["column"]]
            row = move.get("row", fitting_row(col[-1], before.ends[before.turn]))
            return {"key": "move.transfer", "params": {"n": col[-1], "column": move["column"] + 1,
                                                         "row": (row or 0) + 1}}
        if kind == "transfer-all":
            after = before.copy()
            after.apply(move)
            count = after.rows_filled(before.turn) - before.rows_filled(before.turn)
            return {"key": "move.transfer-all" if count != 1 else "move.transfer-one", "params": {"count": count}}
        return {"key": "move.done", "params": {"n": n}}

    def written(self, state: State, move: Move) -> Move:
        """A transfer as earlier versions took it: without its row (the first main row the bottom
        tile fits) or with an "index" naming the bottom tile's place; the same move with its
        row and no index, as this version plays it."""
        try:
            if move.get("type") != "transfer" or ("row" in move and "index" not in move):
                return move
            col = state.columns[state.turn][move["column"]]
            if "index" in move and move["index"] != len(col) - 1:
                return move   # not the bottom tile: refused, as it always was
            row = move["row"] if "row" in move else fitting_row(col[-1], state.ends[state.turn])
            if row is None:
                return move
            return {**{k: v for k, v in move.items() if k != "index"}, "row": row}
        except (AttributeError, IndexError, KeyError, TypeError):
            return move

    def replay(self, record: Any) -> State:
        """A record of rules version 1 replays, and plays on, under version 1's transfer order."""
        if isinstance(record, dict) and record.get("rules_version") == 1 and self.rules_version != 1:
            return VERSION_1.replay(record)
        return super().replay(record)


class FirstColumnFirstState(ThreeBySixteenState):
    """Rules version 1: "transfer-all" and automatic transfers take the first column whose bottom
    tile fits, onto the first row it fits, and look again from the first column."""

    def transfer_everything(self) -> None:
        transfer_all(self.ends[self.turn], self.columns[self.turn])


class ThreeBySixteenVersion1(ThreeBySixteen):
    """3x16 under rules version 1, for games recorded before version 2 (not registered: `replay`
    of the registered game hands it version 1's records; their states keep recording version 1)."""

    rules_version = 1
    state_class = FirstColumnFirstState


VERSION_1 = ThreeBySixteenVersion1()
GAME = register_game(ThreeBySixteen())
