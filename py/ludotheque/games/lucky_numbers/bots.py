"""Computer players for Lucky Numbers, weakest first: "easy", "medium", "strong" and "expert"
("medium" was called "greedy" before: old saves still name it, and core's alias plays it).

All read only the seat's view (gardens, pool, the multiset of unseen tiles, the drawn tile):
Lucky Numbers hides nothing but the order of the supply, so a bot never needs it.

No bot repeats a position: the rules let players take pool tiles and swap them back forever
without drawing. The view lists the positions between turns since the last draw ("since_draw");
every level leaves out a take that would bring one of them back, and after `SWAP_RUN` rounds
without a draw it takes pool tiles only onto empty cells (each fills a cell, so that ends too),
which leaves it drawing.

"easy" always draws and never takes from the pool: it puts the drawn tile on the empty cell
where it is closest to that cell's share of 1..20 (never a swap), or discards it when it fits no
empty cell.

"medium" looks one move ahead with a simple garden score: filled cells, minus a penalty for empty
cells that the row/column rule leaves narrow or closes. It takes a pool tile when that tile fills
a cell without closing another, and otherwise draws; a drawn tile goes where the score is best,
or is discarded when no placement helps.

"strong" estimates, for any garden, how many more turns it needs to be complete. Each empty cell
gets the numbers that can still end up there in a finished garden (an upper-left filled tile v
at distance d forces at least v + d, a lower-right one at most v - d), the unseen tiles and pool
tiles in that range give the chance that a turn brings a fitting tile, and the chances combine
into an expected number of turns, rarest cells last. It then compares every legal move:
- a placement, swap or take by the garden it leaves, minus a "don't feed" penalty: how much the
  next players would gain from the pool it leaves (a discarded or swapped-out tile that would fill
  or improve their gardens, or complete one, costs dearly);
- drawing by its expectation over the unseen tiles (each weighted by how many remain), with the
  best reply to each tile;
- Bruno's extra turn counts as a turn gained;
- near the end of the supply only the turns left count: a cell that cannot be filled in time
  costs a fixed amount, so filling cells beats keeping them flexible;
- the best few placements are then compared once more by the turns their garden needs after the
  next draw (an expectation over the unseen tiles, each used at best).
Identical swaps (a pass) are never chosen, and while on an extra turn no swap from the pool is
taken, so chained extra turns always end.

"expert" takes strong's choice and strong's next best moves (`Budget.candidates` in all: a draw
and takes on a turn, places and the discard after a draw) and plays each of them out on the same
sampled supply orders (shuffles of the unseen tiles: the real order is never read), every seat
then playing a fast policy to the end of the game. That policy prices each empty cell at the
turns a draw needs to bring a tile that fits it now (strong's chance per turn, from the tiles not
placed at the root), and a tile on an empty cell saves that cell's price less what the narrower
ranges of its row and column cost (`CellCosts`): a seat takes the pool tile that saves most, else
draws and puts the tile where it saves most, else swaps it where that lowers its garden's price
most, else discards it; Bruno's extra turns, the end of the supply (fewest empty cells win, ties
shared) and a full garden are played as the rules say. A drawn tile at the root
is used as strong's one-move-ahead value says. A playout's end scores the seat's share of the
win plus `Budget.lead` for each cell it finished ahead of the nearest other seat (as much less
for each cell behind, counting at most `Budget.lead_cells` either way): with a few dozen playouts
per move, wins alone seldom tell two moves apart, and a race lost by one cell was nearly won. The
candidates are raced (core's `raced`, as 3x16's strong bot races its orders): after
`Budget.first` orders, then each time their number doubles, a candidate more than `Budget.race`
paired standard errors behind the best is played no further, so the budget goes to strong's
choice and its closest rivals (up to `Budget.most` orders each). Of the survivors, the one with
the best mean score is chosen if it beats strong's choice by more than `Budget.margin` standard
errors of the paired difference, else strong's choice stands (the best survivor if strong's
choice dropped out). The rollouts get a fixed budget of simulated turns (`Budget.turns`), so they
are many near the end of the game, where the race is decided; with fewer than `Budget.first`
rollouts for each candidate (never in four seats) the expert plays as strong. Its sampling is
seeded by its seed and the position, so the same view always gets the same move.
Its strength, its think time and every variant tried, with their figures, are in docs/BENCHMARKS.md
("Lucky Numbers' expert: its figures and what was tried").

`hint(state)` is the strongest level's move for the seat to act (from its view, fixed seed);
`review(record, seat)` judges each decision of a seat, the setup included, as the hint would: its
chance of winning by the expert's playouts, beside the expert's own choice.
"""
from __future__ import annotations

from typing import Any, Generator, Mapping

from ...core import (Bot, Game, Move, State, bot_levels, get_bot, get_game, register_bot,
                    register_bot_alias)
from ...search import Judged, decision_key, finish
from .expert import SEARCHED, Budget, CellCosts, ExpertBot, Rules, Sampler, _bounds, _put_bounded, finish_setup, lead, share  # noqa: F401
from .rules import CELLS  # noqa: F401
from .strong import (GAME_ID, TOP, EasyBot, MediumBot, Planner, Position, StrongBot, Weights, after_take,  # noqa: F401
                     bruno_replay, fitting_cells, fresh, with_tile)


def strongest_level() -> str:
    """The level the hint plays: "expert" if registered, else the strongest (last) one."""
    levels = bot_levels(GAME_ID)
    return "expert" if "expert" in levels else levels[-1]


def hint(state: State) -> Move:
    """The move the strongest bot suggests to the seat to act. It reads only that seat's view (a
    fixed seed: the same position always gets the same hint, whatever the supply's order)."""
    return get_bot(GAME_ID, strongest_level(), seed=0).choose(state)


def hint_why(state: State) -> tuple[Move, dict[str, Any]]:
    """`hint`'s move and why, from the figures the bot chose it by (no second search): its
    playouts' chances of winning (or empty cells left, alone) against the next best candidate,
    else its one-move-ahead turns to fill the garden (`Planner.why`); kind "only" for a forced move."""
    bot = get_bot(GAME_ID, strongest_level(), seed=0)
    bot.why = None
    move = bot.choose(state)
    return move, getattr(bot, "why", None) or {"kind": "only"}


JUDGED = ("setup", "michael") + SEARCHED
"""The phases whose decisions the review judges (not the extra turn after the last tile)."""


def review_steps(record: dict[str, Any], seat: int, round: int | None = None, known: Mapping[str, Any] | None = None,
                 partial: bool = False, most: int | None = None) -> Generator[float, None, list[dict[str, Any]]]:
    """Each decision of `seat` (the setup: four tiles in some order, or a Michael's-setup tile
    on a diagonal cell; a turn: draw or take; a drawn tile: place, swap or discard; not a move
    that was the only one) judged as the hint judges it: the expert's candidates (at the setup,
    strong's best arrangements, the hint's first) and the move played, each played out on the
    same sampled supply orders from the seat's view at that moment (a setup first finished as
    `finish_setup` says). "value" is the move played's mean share of the win over
    those playouts (its chance of winning, 0..1), "best" the move the expert (the hint) chooses
    there and "best_value" its share, "loss" their difference: 0 when the best was played, never
    negative (a move the playouts like better than the expert's choice counts as the best).
    "wins" when the best move completes the garden and the move played does not. "said" /
    "best_said" are the moves in words (`Game.describe`; None for a preferred draw, whose tile is
    not part of the advice), "n" the move's place in the record, "game" the tournament game,
    "view" the parts of the seat's view the review's words read the board from (its gardens,
    drawn tile, pool, what fits where, setup tiles).
    "key" is what the row stands on (`decision_key`: the moves up to the decision).
    Yields how far it got (0..1); returns the rows sorted by loss, largest first. A match is
    reviewed whole: `round` is not read. A row judged before under its key (`known`, during the
    match) is taken as it is; `partial` says the match may still be played (each move played is
    a decision complete), `most` judges at most that many decisions not `known`, returning only
    those (`Judged`)."""
    game = get_game(GAME_ID)
    bot = ExpertBot(game, seed=0)   # the hint's bot: the same seed, so the same choices
    state = game.new(record["players"], record["seed"], record["options"])
    moves = record["moves"]
    judged = Judged(known, most)
    for n, move in enumerate(moves):
        if state.current_player == seat and state.phase in JUDGED:
            legal = state.legal_moves()
            key = decision_key(seat, moves, n, n + 1)
            if len(legal) > 1 and not judged.reuse(key):
                judged.add(key, _judged(bot, state, legal, seat, n, move))
                yield (n + 1) / len(moves)
        state.play(move)
    return judged.result(lambda r: (-r["loss"], r["n"]))


def review(record: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """`review_steps` run to its end."""
    return finish(review_steps(record, seat))


def _judged(bot: ExpertBot, state: State, legal: list[Move], seat: int, n: int, move: Move) -> dict[str, Any]:
    """One review row (see `review_steps`)."""
    view = state.view(seat)
    position = Position.from_view(view)
    planner = Planner(position, bot.weights)
    candidates, playouts = bot.candidates(position, planner, legal)
    moves = candidates + ([move] if move not in candidates else [])
    runs = min(bot.budget.most, max(bot.budget.first, playouts // len(moves)))
    ends = bot.endings(position, planner, moves, runs, view)
    means = [sum(share(end, seat) for end in runs) / len(runs) for runs in ends]
    searched = position.phase in SEARCHED and bot.searched(candidates, playouts)
    chosen = bot.race(position, planner, candidates, playouts, view, ends[:len(candidates)]) if searched else 0
    played = means[moves.index(move)]
    best, best_value = (move, played) if played >= means[chosen] else (candidates[chosen], means[chosen])
    game = state.game
    return {"n": n, "game": state.game_index, "move": move, "value": played, "best": best,
            "best_value": best_value, "loss": best_value - played,
            "wins": best != move and _completes(state, seat, best) and not _completes(state, seat, move),
            "said": game.describe(state, move),
            "view": {key: view[key] for key in ("gardens", "drawn", "pool", "takeable", "fits", "setup_tiles")},
            "best_said": None if best["type"] == "draw" else game.describe(state, best)}


def _completes(state: State, seat: int, move: Move) -> bool:
    after = state.copy()
    after.play(move)
    return 0 not in after.boards[seat]


GreedyBot = MediumBot
"""The old name of `MediumBot`."""


def _easy(game: Game, seed: int) -> Bot:
    return EasyBot(game, seed)


def _medium(game: Game, seed: int) -> Bot:
    return MediumBot(game, seed)


def _strong(game: Game, seed: int) -> Bot:
    return StrongBot(game, seed)


def _expert(game: Game, seed: int) -> Bot:
    return ExpertBot(game, seed)


register_bot(GAME_ID, "easy", _easy)
register_bot("lucky-numbers", "medium", _medium)
register_bot("lucky-numbers", "strong", _strong, default=True)
register_bot("lucky-numbers", "expert", _expert)
register_bot_alias("lucky-numbers", "greedy", "medium")
