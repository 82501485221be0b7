"""3x16 bots, weakest first: "easy", "medium", "strong" (the default seat).

Every bot reads only its seat's view: its rows and columns, the called number, and how many of
each number are still to come (public; never their order). Each transfers everything that fits,
before and after placing, so its decisions per call are where the called tile goes (a main row
it fits, or the bottom of one of the five columns) and, for strong, in which order its transfers
go. Two bots of one level given the same calls play their own game (issue #28): the medium bot
takes, for variety, any choice within its level's small margin of its best (`TransferBot.vary`),
and the strong bot's playouts are drawn by its own seed, so where two choices come close each bot
finds its own best; hints and reviews take the best of a fixed seed (`best_bot`).

- easy: a row when the tile fits one, otherwise a column picked at random.
- medium: the greedy parker: a row when it fits; else under the column whose bottom is the
  smallest number at least as high (a column then reads high to low going down, and empties from
  the bottom in order); else an empty column; else under the highest bottom below it (the least
  bad inversion).
- strong: chooses the tableau it leaves at the end of its step: each distinct target for the
  called tile, followed by each different way its transfers can go, and makes those transfers
  one by one. The order of transfers matters when bottoms with the same number compete for one
  row (the column emptied first uncovers its next tile first): the engine's "transfer-all" took
  the first column (rules version 1), and that often lost a tableau that hindsight could still
  complete, mostly in the last calls (a 16 over a 15 moved too early: 9 of the first 40 deals);
  it now takes the order that moves the most, its ties settled by this bot's value. It plays
  each candidate out many times with a fast playout policy (a scored version of the parker,
  transfers in the engine's order), on orders sampled from the numbers still to come (the same
  samples for every candidate); alone it keeps the candidate with the lowest mean of min(tiles
  left, 4), against other seats (where fewer tiles left also wins) the lowest mean tiles left.
  The cap is what makes it play to complete: the plain mean of tiles left is dominated by how
  badly the weak playouts collapse, and so favours limiting damage over keeping a clean finish
  possible. Alone, each playout's last 4 calls are played knowing that playout's own order
  (`playout_ending`): the parker plays up to them, then a small exact search (`completes`:
  every column for a tile that fits no row, columns the rows could no longer clear cut off)
  says whether those 4 calls, in that order, can still complete the tableau. The parker threw
  those endings away (a tableau one good parking from complete scored as lost), and with 4 calls
  left or fewer the bot's own choice becomes the share of orders that can still complete from
  each candidate. The budget is in playout steps, a call tried by the search counting as
  NODE_STEPS of them, a playout's own setting up PLAYOUT_STEPS and a shuffled number half a step
  (about what each costs), so the think time stays bounded; with few calls left
  each different order is played once however often it is drawn. The orders are raced
  (`ending_totals`, core's `raced`, which Lucky Numbers' expert shares): after 64 orders, then
  each time their number doubles, a candidate whose mean falls more than 2.5 standard errors
  behind the best one's (paired order by order) is played no further, so the budget goes to the
  close ones (about 1.9 times as many orders for the candidate chosen, on 6 deals from 500,000).
  Its figures and what was tried are in docs/BENCHMARKS.md ("3x16's strong bot: its figures and
  what was tried").

Why always transfer: a tile moved onto a row only widens what fits later, and keeping an
uncovered tile that fits changes nothing (it can still move at the next call, and a copy of the
same number reaching the row first leaves an identical tableau). The reasoning fails in one case:
keeping a tile that fits, covering it on purpose, and later sending another copy of the number
to the row can leave a column in a better order. It is rare (tools/three_by_sixteen_hindsight.py
--check-any finds it on about 1 % of small deals, e.g. numbers 1..5 with 2 columns), so the bots
ignore it.
"""
from __future__ import annotations

import math
from typing import Any, Generator, Mapping, Sequence

from ...core import Bot, Choice, Move, Rng, State, bot_levels, derive_seed, get_bot, get_game, register_bot
from ...search import Judged, decision_key, finish, raced
from .rules import (CALLS, COLUMNS, HIGH, SOLO_CAP, best_transfers, fitting_row, follow_on,
                                      playout, playout_totals, remaining, transfer_outcomes)

GAME_ID = "3x16"
ROW = -1  # a target: the main row the tile fits; 0..4 are the columns

Cols = list[list[int]]
Candidate = tuple[int, list[int], Cols, list[tuple[int, int]]]
"""A tableau the seat can leave: (target of the called tile, row ends, columns, the transfers to make)."""


# --- what a seat knows ----------------------------------------------------------------------------

class Position:
    """A seat's decision: its row ends, its columns (top first), the called number, the numbers
    still to come (counts per number, index n - 1), whether a called 1 must start a row, and
    whether called tiles go into a column first (then, a tile that fits is put in column 1 and
    transferred at once: the same as placing it on the row)."""

    __slots__ = ("ends", "columns", "call", "to_come", "one_in_row", "via_column")

    def __init__(self, ends: list[int], columns: Cols, call: int, to_come: list[int], one_in_row: bool = False,
                 via_column: bool = False):
        self.ends = ends
        self.columns = columns
        self.call = call
        self.to_come = to_come
        self.one_in_row = one_in_row
        self.via_column = via_column

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "Position":
        seat = view["current"]
        return cls(ends=list(view["row_ends"][seat]), columns=[list(c) for c in view["columns"][seat]],
                   call=view["call"], to_come=list(view["to_come"]),
                   one_in_row=view["options"]["first_one"] == "row",
                   via_column=view["options"]["placement"] == "via-column")


def targets(ends: Sequence[int], columns: Cols, n: int, one_in_row: bool = False) -> list[int]:
    """The distinct places for tile n: ROW if it fits a row, then one column per distinct column
    content (empty columns are all alike)."""
    out = [ROW] if fitting_row(n, ends) is not None else []
    if n == 1 and one_in_row:
        return out
    seen = set()
    for j, col in enumerate(columns):
        key = tuple(col)
        if key not in seen:
            seen.add(key)
            out.append(j)
    return out


def put(ends: list[int], columns: Cols, n: int, target: int) -> None:
    """Place tile n on `target`, in place (no transfers)."""
    if target == ROW:
        ends[fitting_row(n, ends)] = n
    else:
        columns[target].append(n)


def parking_cost(column: Sequence[int], n: int) -> int:
    """What parking n under `column` costs the greedy parker: under a bottom b >= n, b - n (the
    tightest stack is best); an empty column HIGH (worse than any bottom at least as high); under
    a lower bottom b (an inversion) HIGH + 1 + n - b (the least bad inversion is the highest
    bottom below)."""
    if not column:
        return HIGH
    b = column[-1]
    return b - n if b >= n else HIGH + 1 + n - b


def parker_target(ends: Sequence[int], columns: Cols, n: int) -> int:
    """The greedy parker's place for n (see the module docstring): the row when n fits one, else
    the first column of lowest `parking_cost`."""
    if fitting_row(n, ends) is not None:
        return ROW
    costs = [parking_cost(col, n) for col in columns]
    return costs.index(min(costs))


def move_for(target: int, pos: Position) -> Move:
    if target == ROW:
        if pos.via_column:
            return {"type": "place", "column": 0}
        return {"type": "place", "row": fitting_row(pos.call, pos.ends)}
    return {"type": "place", "column": target}


# --- playouts ------------------------------------------------------------------------------------------
# The playout policy and the value built on it (`playout`, `playout_totals`) live in the game's
# module: "transfer-all" breaks its ties with the same value, and the rules cannot import bots.


# --- an exact ending inside the playouts ----------------------------------------------------------

def clears(column: Sequence[int], ends: Sequence[int]) -> bool:
    """Whether the rows could still take every tile of `column`, bottom first: each tile must go
    onto a row that ends below it (its own row's tiles rising), the row that ends highest below it
    being the best choice (which keeps the ends in their order). Necessary for completing, not
    sufficient."""
    a, b, c = ends
    if b > a:
        a, b = b, a
    if c > a:
        a, c = c, a
    if c > b:
        b, c = c, b
    for x in reversed(column):
        if a < x:
            a = x
        elif b < x:
            b = x
        elif c < x:
            c = x
        else:
            return False
    return True


def completes(ends: list[int], columns: Cols, calls: Sequence[int], i: int, nodes: list[int]) -> bool:
    """Whether the calls from `i` on, in this very order, can still complete the tableau: a tile
    that fits goes on its row (then everything that fits follows, in the playout's order), one
    that does not is tried under each distinct column the rows could still clear (`clears`), the
    parker's best first. The tableau is left as it was; `nodes[0]` counts the calls tried."""
    last = len(calls)
    if i == last:
        for col in columns:
            if col:
                return False
        return True
    nodes[0] += 1
    n = calls[i]
    if n - 1 in ends:
        return _completes_on_row(ends, columns, calls, i, nodes)
    if i + 1 == last:   # a tile parked by the last call stays
        return False
    tried = []
    for col in columns:
        if col:
            b = col[-1]
            tried.append((b - n if b >= n else 20 + 3 * (n - b), col))
        else:
            tried.append((15, col))
    tried.sort(key=lambda t: t[0])
    seen = []
    for _, col in tried:
        if col in seen:
            continue
        seen.append(col)
        col.append(n)
        ok = clears(col, ends) and completes(ends, columns, calls, i + 1, nodes)
        col.pop()
        if ok:
            return True
    return False


def _completes_on_row(ends: list[int], columns: Cols, calls: Sequence[int], i: int, nodes: list[int]) -> bool:
    """`completes` when the called tile fits a row: it goes there, everything that fits follows,
    and the tableau is put back afterwards."""
    n = calls[i]
    row = ends.index(n - 1)
    undo: list[tuple[list[int], int, int]] = []
    ends[row] = n
    follow_on(ends, columns, undo)
    if i + 1 == len(calls):   # the last call: complete once everything has followed on
        ok = not any(columns)
    else:
        ok = True
        for col in columns:
            if col and not clears(col, ends):
                ok = False   # a tile the rows have passed, or too many below their ends
                break
        ok = ok and completes(ends, columns, calls, i + 1, nodes)
    for col, r, before in reversed(undo):
        col.append(ends[r])
        ends[r] = before
    ends[row] = n - 1
    return ok


def playout_ending(ends: list[int], columns: Cols, calls: Sequence[int], exact: int, nodes: list[int]) -> int:
    """`playout` of `calls`, except that the last `exact` calls are played knowing their order
    (this playout's own order, drawn from what is still to come): 0 when they can complete the
    tableau (`completes`), else the tiles the parker leaves."""
    split = len(calls) - exact
    if split > 0:
        playout(ends, columns, calls[:split])
        calls = calls[split:]
    saved_ends, saved_columns = list(ends), [list(c) for c in columns]
    left = playout(ends, columns, calls)
    if left and all(clears(col, saved_ends) for col in saved_columns if col) \
            and completes(saved_ends, saved_columns, calls, 0, nodes):
        return 0
    return left


NODE_STEPS = 3
"""A call tried by `completes` costs about as much time as this many playout steps."""
PLAYOUT_STEPS = 4
"""A playout's own cost (copying the tableau, setting up the exact ending) in playout steps."""


def ending_totals(tableaux: Sequence[tuple[Sequence[int], Cols]], rest: Sequence[int], rng: Rng, steps: int,
                  samples: tuple[int, int], cap: int, exact: int, completed: list[int],
                  race: float = 0.0) -> tuple[list[int], list[int]]:
    """`playout_totals` with `playout_ending`, over as many orders as `steps` pays for (a playout
    step per call played out and PLAYOUT_STEPS more per playout, half a step per number shuffled,
    NODE_STEPS per call `completes` tries), within `samples` (fewest,
    most), the same orders for every tableau: each tableau's sum of min(tiles left, cap) and how
    many orders it was played on; in `completed`, the orders on which each ends complete.
    With `race` (> 0), a race: after 64 orders, then each time their number doubles, a tableau
    whose mean exceeds the best one's by more than `race` standard errors of their paired
    difference is played no further, and the steps go to the others."""
    scores: list[list[int]] = [[] for _ in tableaux]   # each tableau's min(tiles left, cap), order by order
    live = list(range(len(tableaux)))
    order = list(rest)
    seen: dict[tuple[int, ...], list[int]] = {}   # few calls left, few different orders: play each once
    nodes = [0]
    used = played = 0
    check = 64
    fewest, most = samples
    while played < most and (played < fewest or used < steps):
        rng.shuffle(order)
        key = tuple(order)
        lefts = seen.get(key)
        if lefts is None:
            nodes[0] = 0
            lefts = [0] * len(tableaux)
            for k in live:
                ends, columns = tableaux[k]
                lefts[k] = playout_ending(list(ends), [list(c) for c in columns], order, exact, nodes)
            used += len(live) * (len(order) + PLAYOUT_STEPS) + len(order) // 2 + NODE_STEPS * nodes[0]
            if len(order) <= exact + 2:
                seen[key] = lefts
        for k in live:
            left = lefts[k]
            scores[k].append(min(cap, left))
            if not left:
                completed[k] += 1
        played += 1
        if race and played == check and len(live) > 1:
            check *= 2
            live = raced(live, scores, race)
    return [sum(s) for s in scores], [len(s) for s in scores]


# --- the bots -----------------------------------------------------------------------------------------

class TransferBot(Bot):
    """Transfers everything that fits, places the called tile where `target` says, says done.

    Variety (issue #28): a bot with a `margin` plays any choice it values within that margin of
    its best (`vary`, after `Bot.near_best`: uniform among them, drawn by the decision and shifted
    by its seat, so two seats facing one decision take different choices), so two bots of one
    level given the same calls play their own game; with margin 0, its first best (the hint's and
    the review's)."""

    margin: float = 0.0
    """How far short of its best (in its own value's units) a choice may fall and still be played."""
    given_up: float = 0.0
    """What its variety gave up so far by its own estimate: the sum over its decisions of the best
    value less the value of the choice played (the benchmark reads it)."""

    def vary(self, view: dict[str, Any], options: Sequence[Choice], values: Sequence[float], kind: str,
             margin: float | None = None) -> Choice:
        """The option it plays among `options` valued `values` (higher is better): the first best,
        or with a margin (`margin`, else its own) one within it, drawn by the decision (the call,
        what is still to come, `kind` of decision) and shifted by the seat, all read from the
        seat's view."""
        margin = self.margin if margin is None else margin
        choice = self.near_best(options, values, margin, kind, view["call_number"], *view["to_come"], seat=view["seat"])
        self.given_up += max(values) - values[list(options).index(choice)]
        return choice

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        kinds = {m["type"] for m in legal}
        if "call" in kinds:
            return {"type": "call"}
        if "transfer-all" in kinds:
            return {"type": "transfer-all"}
        if "place" in kinds:
            pos = Position.from_view(view)
            return move_for(self.target(pos, view), pos)
        return {"type": "done"}

    def target(self, pos: Position, view: dict[str, Any]) -> int:
        raise NotImplementedError


class EasyBot(TransferBot):
    """A row when the tile fits one, else a random column."""

    level = "easy"

    def target(self, pos: Position, view: dict[str, Any]) -> int:
        options = targets(pos.ends, pos.columns, pos.call, pos.one_in_row)
        if options[0] == ROW:
            return ROW
        rng = Rng(derive_seed(self.seed, "3x16-easy", view["call_number"], view["current"]))
        return rng.below(COLUMNS)


class MediumBot(TransferBot):
    """The greedy parker. For variety (`margin` 1): beside a bottom equal to the called number, a
    bottom one higher (a run going down, n under n + 1: it empties in order, where two alike
    cannot go onto one row one after the other); elsewhere only a column of the same lowest
    `parking_cost` (another stack under the same bottom). Chosen on deals 100000..100999: a
    margin of 1 everywhere cost 5.0 ± 4.5 points of completion (200 deals), this one
    -0.3 ± 1.1 (1,000 deals, paired), and two medium bots at one table then differ in 30 of 40
    games instead of 10 with ties alone. On held-out deals 1,000,000..1,000,999: -0.40 ± 1.30."""

    level = "medium"
    margin = 1.0

    def target(self, pos: Position, view: dict[str, Any]) -> int:
        options = targets(pos.ends, pos.columns, pos.call, pos.one_in_row)
        if options[0] == ROW:
            return ROW
        costs = [parking_cost(pos.columns[j], pos.call) for j in options]
        margin = self.margin if min(costs) == 0 else min(self.margin, 0.5)
        return self.vary(view, options, [-cost for cost in costs], "park", margin)


class StrongBot(TransferBot):
    """Monte Carlo over the numbers still to come. Its candidates are the tableaux it can leave at
    the end of its step: each target for the called tile, followed by each different way its
    transfers can go (`transfer_outcomes`: they differ when bottoms with the same number compete
    for one row). Orders of the numbers still to come are sampled (the same orders for every
    candidate), each candidate is played out on each order, and the lowest total score wins
    (first best in candidate order). The number of orders follows a fixed budget of playout
    steps, so the thinking time stays about the same through the game and the choice depends
    only on the view and the seed. A playout scores min(tiles left, `cap`): the chance of
    completing, smoothed, rather than the mean tiles left (see the module docstring); alone, its
    playouts' last `exact` calls are played knowing their order (`playout_ending`), within a
    budget of `exact_steps`, candidates far behind dropped on the way (`race`). It then makes
    the transfers of the tableau it chose, one by one.

    Variety (issue #28): its samples are drawn by its own seed, and each seat's bot has its own
    seed, so two strong bots given the same calls sample different orders and, where two
    candidates come close, each takes the one its own samples favour: none of them better than
    another in expectation, so this variety costs nothing. A margin on top (playing any
    candidate within 0.02 of its best) parted two bots in every deal instead of 93 % of them, but
    what it costs could not be shown under 1 point of completion (-1.33 +- 7.62 over 150 held-out
    deals; +-1 would take about 8,000 deals, 9 hours), so the strong bot has no margin."""

    level = "strong"
    margin = 0.0          # its variety comes from its own samples (see above)
    steps = 40_000        # playout steps (calls played out) per decision
    cap = SOLO_CAP        # solo: tiles left beyond this count as this (aim at completing, not damage control)
    why: dict[str, Any] | None = None
    """Why its last choice among candidates (`best`), by its playouts: against the next best
    candidate, the chance to complete ("chance", "next_chance", 0..1) and the tiles left (capped
    alone: "left", "next_left"), over "runs" orders; kind "solo" or "many"."""
    min_samples = 32
    max_samples = 2_000
    exact = 4
    """Alone, the last calls of each playout played knowing its order (`playout_ending`); 0: none."""
    exact_steps = 110_000  # alone: playout steps, a call tried by the exact search counting NODE_STEPS
    race = 2.5             # alone: a candidate this many standard errors behind the best is played no further

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        kinds = {m["type"] for m in legal}
        if "call" in kinds:
            return {"type": "call"}
        pos = Position.from_view(view)
        if "transfer" in kinds:
            outcomes = transfer_outcomes(pos.ends, pos.columns)
            if len(outcomes) == 1:
                return {"type": "transfer-all"}
            best = self.best(view, pos, [(ROW, ends, columns, path) for ends, columns, path in outcomes], "transfer")
            column, row = best[3][0]
            return {"type": "transfer", "column": column, "row": row}
        if "place" in kinds:
            automatic = view["options"]["transfers"] == "automatic"
            candidates = []
            for target in targets(pos.ends, pos.columns, pos.call, pos.one_in_row):
                ends, columns = list(pos.ends), [list(c) for c in pos.columns]
                put(ends, columns, pos.call, target)
                if automatic:  # the engine's order (its ties settled by the same value)
                    cap = self.cap if len(view["rows"]) == 1 else CALLS
                    for j, i in best_transfers(ends, columns, pos.to_come, cap):
                        ends[i] = columns[j].pop()
                    candidates.append((target, ends, columns, []))
                else:
                    candidates += [(target, e, c, path) for e, c, path in transfer_outcomes(ends, columns)]
            if candidates[0][0] == ROW:  # a tile that fits a row goes there
                candidates = [c for c in candidates if c[0] == ROW]
            return move_for(self.best(view, pos, candidates)[0], pos)
        return {"type": "done"}

    def best(self, view: dict[str, Any], pos: Position, candidates: list[Candidate], kind: str = "place") -> Candidate:
        """The candidate whose playouts score lowest (the fewest tiles left after the last call),
        or, for variety, one whose mean score is within `margin` tiles of the lowest (`vary`;
        `kind` names the decision: "place" the called tile, or "transfer" before placing it)."""
        if len(candidates) == 1:
            return candidates[0]
        rest = remaining(pos.to_come)
        completed = [0] * len(candidates)
        if not rest:
            values = [-float(sum(map(len, c[2]))) for c in candidates]
            runs = [1] * len(candidates)
            completed = [int(v == 0) for v in values]
        else:
            rng = Rng(derive_seed(self.seed, "3x16-strong", view["call_number"], *pos.to_come))
            tableaux = [(ends, columns) for _, ends, columns, _ in candidates]
            if len(view["rows"]) == 1 and self.exact:   # alone, only a completed tableau counts
                totals, runs = ending_totals(tableaux, rest, rng, self.exact_steps,
                                             (self.min_samples, self.max_samples), self.cap, self.exact,
                                             completed, self.race)
            else:   # against others, fewer tiles left also wins
                samples = max(self.min_samples, min(self.max_samples, self.steps // (len(candidates) * len(rest))))
                cap = self.cap if len(view["rows"]) == 1 else CALLS
                totals = playout_totals(tableaux, rest, rng, samples, cap, completed)
                runs = [samples] * len(candidates)
            values = [-total / n for total, n in zip(totals, runs)]
        most = max(runs)   # a candidate out of the race, played on fewer orders, is not chosen
        running = [v if n == most else -math.inf for v, n in zip(values, runs)]
        choice = self.vary(view, candidates, running, kind)
        k = candidates.index(choice)
        other = max((i for i in range(len(candidates)) if i != k), key=lambda i: values[i])
        self.why = {"kind": "solo" if len(view["rows"]) == 1 else "many", "runs": runs[k],
                    "chance": completed[k] / runs[k], "next_chance": completed[other] / runs[other],
                    "left": -values[k], "next_left": -values[other]}
        return choice


def best_bot(level: str | None = None, seed: int = 0) -> TransferBot:
    """The bot of `level` (default: the strongest) without variety: its best move every time."""
    bot = get_bot(GAME_ID, level or strongest_level(), seed=seed)
    assert isinstance(bot, TransferBot)
    bot.margin = 0.0
    return bot


def hint(state: State, level: str | None = None) -> Move:
    """The move the strongest bot (or `level`) suggests to the seat to play: its best, never a
    variety pick."""
    return best_bot(level).choose(state)


# --- hint and review ------------------------------------------------------------------------------

def strongest_level() -> str:
    """The level whose steps the hint gives and the review weighs: the strongest (last) one."""
    return bot_levels(GAME_ID)[-1]


def transfer_moves(path: Sequence[tuple[int, int]]) -> list[Move]:
    return [{"type": "transfer", "column": column, "row": row} for column, row in path]


def step_plan(bot: StrongBot, view: dict[str, Any]) -> list[Move]:
    """What `bot` does with the rest of the seat's step at this call, from its view alone: the
    transfers open before placing (in the order it chooses), where the called tile goes, the
    transfers after it in the order it chose with that place, then "done" (not with automatic
    transfers). Its first move does what `bot.decide` does (a lone "transfer-all" is said as
    its transfers)."""
    if view["mode"] == "caller":
        return [{"type": "call"}]
    pos = Position.from_view(view)
    automatic = view["options"]["transfers"] == "automatic"
    moves: list[Move] = []
    if not automatic:
        outcomes = transfer_outcomes(pos.ends, pos.columns)
        _, pos.ends, pos.columns, path = bot.best(view, pos, [(ROW, e, c, p) for e, c, p in outcomes], "transfer")
        moves += transfer_moves(path)
    if not view["placed"]:
        candidates = []
        for target in targets(pos.ends, pos.columns, pos.call, pos.one_in_row):
            ends, columns = list(pos.ends), [list(c) for c in pos.columns]
            put(ends, columns, pos.call, target)
            if automatic:
                candidates.append((target, ends, columns, []))
            else:
                candidates += [(target, e, c, p) for e, c, p in transfer_outcomes(ends, columns)]
        if candidates[0][0] == ROW:  # a tile that fits a row goes there
            candidates = [c for c in candidates if c[0] == ROW]
        target, _, _, path = bot.best(view, pos, candidates)
        moves.append(move_for(target, pos))
        if target == ROW and pos.via_column:   # placed at the bottom of column 1, it moves on at once
            moves.append({"type": "transfer", "column": 0, "row": fitting_row(pos.call, pos.ends)})
        moves += transfer_moves(path)
    if not automatic:
        moves.append({"type": "done"})
    return moves


def hint_moves(state: State) -> list[Move]:
    """The strongest bot's step for the seat to act (`step_plan`), from that seat's view only
    with a fixed seed: the calls to come, in whatever order, never change it."""
    return step_plan(best_bot(), state.view(state.current_player))


def hint_why(state: State) -> tuple[list[Move], dict[str, Any]]:
    """`hint_moves` and why, from the playouts the bot chose its step by (no second search):
    see `StrongBot.why` (its last choice with more than one candidate: where the tile goes, else
    the order of the transfers); kind "only" when there was no choice, "alike" when every choice
    comes to the same (five empty columns for the first call, transfers in any order)."""
    bot = best_bot()
    bot.why = None
    moves = step_plan(bot, state.view(state.current_player))
    choices = [move for move in state.legal_moves() if move["type"] != "done"]
    return moves, getattr(bot, "why", None) or {"kind": "only" if len(choices) <= 1 else "alike"}


REVIEW_SAMPLES = 400
"""Orders of the calls to come on which the review plays each tableau out."""


def outlook(bot: StrongBot, view: dict[str, Any], tableaux: list[tuple[list[int], Cols]]) -> list[tuple[float, float]]:
    """Each tableau's worth by the bot's own playouts after this call: (its chance to complete,
    its expected tiles left), over the same `REVIEW_SAMPLES` orders of the numbers still to come
    for every tableau (exact after the last call)."""
    rest = remaining(view["to_come"])
    if not rest:
        return [(float(sum(map(len, c)) == 0), float(sum(map(len, c)))) for _, c in tableaux]
    rng = Rng(derive_seed(bot.seed, "3x16-review", view["call_number"], *view["to_come"]))
    complete, left = [0] * len(tableaux), [0] * len(tableaux)
    order = list(rest)
    for _ in range(REVIEW_SAMPLES):
        rng.shuffle(order)
        for k, (ends, columns) in enumerate(tableaux):
            tiles = playout(list(ends), [list(c) for c in columns], order)
            complete[k] += tiles == 0
            left[k] += tiles
    return [(complete[k] / REVIEW_SAMPLES, left[k] / REVIEW_SAMPLES) for k in range(len(tableaux))]


Tableau = tuple[list[int], Cols]
Step = tuple[int, State, list[Move], Tableau]


def steps_of(record: dict[str, Any], seat: int) -> list[Step]:
    """Each step of `seat` (its moves at one call) in `record`: (the index of its first move,
    the state before, its moves, the tableau it left: row ends and columns). A step with a
    single legal move is no decision."""
    state = get_game(GAME_ID).new(record["players"], record["seed"], record["options"])
    out: list[Step] = []
    key, moves = None, None
    for n, move in enumerate(record["moves"]):
        if state.turn == seat and key != (state.called, state.turn):
            key, moves, before = (state.called, state.turn), [], state.copy()
            decided = len(state.legal_moves()) > 1
        if state.turn == seat:
            moves.append(move)
        state.play(move)
        if moves is not None and key != (state.called, state.turn):
            if decided:
                out.append((n + 1 - len(moves), before, moves, (list(state.ends[seat]), [list(c) for c in state.columns[seat]])))
            key, moves = None, None
    return out


def tableau_after(state: State, seat: int, moves: list[Move]) -> Tableau:
    """The seat's tableau once `moves` (those still legal, in order) are played from `state`."""
    after = state.copy()
    for move in moves:
        if after.current_player != seat or move not in after.legal_moves():
            break
        after.play(move)
    return list(after.ends[seat]), [list(c) for c in after.columns[seat]]


def review_steps(record: dict[str, Any], seat: int, round: int | None = None, known: Mapping[str, Any] | None = None,
                 partial: bool = False, most: int | None = None) -> Generator[float, None, list[dict[str, Any]]]:
    """Each step of `seat` in a finished game (`steps_of`) beside the hint's step there
    (`step_plan`), each worth what the strongest bot's playouts give the tableau it leaves
    (`outlook`): "chance" / "best_chance" its chance to complete, "left" / "best_left" the tiles
    it expects left at the end. "loss" is measured as the bot plays: alone, the chance to complete
    lost; against others, the tiles left gained. It is 0 when the hint's tableau was reached,
    never negative (a step the playouts like better than the hint's counts as the best). Rows
    also hold "n" (the step's first move), "call" (1..48), "number" (the called number), "ends"
    and "columns" (the seat's tableau before the step), "moves" (played), "best" (the hint's
    moves), "key" (`decision_key`: the moves up to the step's end). Yields how far it got (0..1);
    returns the rows sorted by loss, largest first. A game reviewed whole: `round` is not read.
    A row judged before under its key (`known`, during the game) is taken as it is; `partial`
    judges the steps finished so far in a game still played, `most` at most that many steps not
    `known`, returning only those (`Judged`)."""
    if not partial and not get_game(GAME_ID).replay(record).is_over:
        raise ValueError("the game is not over")
    bot = best_bot()
    solo = record["players"] == 1
    found = steps_of(record, seat)
    judged = Judged(known, most)
    for n, before, moves, mine in found:
        key = decision_key(seat, record["moves"], n, n + len(moves))
        if judged.reuse(key):
            continue
        view = before.view(seat)
        best = step_plan(bot, view)
        theirs = tableau_after(before, seat, best)
        same = (sorted(mine[0]), sorted(map(tuple, mine[1]))) == (sorted(theirs[0]), sorted(map(tuple, theirs[1])))
        values = outlook(bot, view, [theirs] if same else [theirs, mine])
        (best_chance, best_left), (chance, left) = values[0], values[-1]
        loss = best_chance - chance if solo else left - best_left
        if loss <= 0:
            best, best_chance, best_left, loss = moves, chance, left, 0.0
        judged.add(key, {"n": n, "call": view["call_number"], "number": view["call"], "ends": list(before.ends[seat]),
                         "columns": [list(c) for c in before.columns[seat]], "moves": moves, "best": best,
                         "chance": chance, "best_chance": best_chance, "left": left, "best_left": best_left,
                         "loss": loss})
        yield len(judged.rows) / len(found)
    return judged.result(lambda r: (-r["loss"], r["n"]))


def review(record: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """`review_steps` run to its end."""
    return finish(review_steps(record, seat))


register_bot(GAME_ID, "easy", EasyBot)
register_bot(GAME_ID, "medium", MediumBot)
register_bot(GAME_ID, "strong", StrongBot, default=True)
