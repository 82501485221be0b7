"""Issue #40 point 13 / #42 on CPython: the hints were made faster without changing what they
say. Every game's hint is legal and deterministic over the positions of bot-played games, and the
faster evaluations behind Lucky Numbers' and Take It Easy's hints give the figures of the slower,
plain ones they replace (their times are bench/hint_latency.py's, never a test's)."""
from __future__ import annotations

import random

import pytest

from ludotheque import bots, core, games
from ludotheque.games.lucky_numbers import bots as ln_bots
from ludotheque.games.rucki_zucki import bots as rz_bots
from ludotheque.games.take_it_easy import bots as tie_bots
from ludotheque.games.three_by_sixteen import bots as x16_bots
from ludotheque.core import derive_seed

HINTS = {"take-it-easy": tie_bots, "lucky-numbers": ln_bots, "rucki-zucki": rz_bots, "3x16": x16_bots}
SEATS = {"take-it-easy": (2, {"rounds": 1}), "lucky-numbers": (2, {}), "rucki-zucki": (3, {"rounds": 1}),
         "3x16": (2, {})}


def hint_positions(game_id: str, seed: int, every: int) -> list[core.State]:
    """Every `every`-th decision of seat 0 with a choice in a game the default bots play."""
    players, options = SEATS[game_id]
    state = games.get(game_id).new(players, seed, options)
    seated = [bots.get(game_id, bots.default_level(game_id), derive_seed(seed, "test", s)) for s in range(players)]
    out, n = [], 0
    while not state.is_over:
        seat = state.current_player
        if seat == 0 and len(state.legal_moves()) > 1:
            if n % every == 0:
                out.append(state.copy())
            n += 1
        state.play(seated[seat].choose(state))
    return out


@pytest.mark.parametrize("game_id,every", [("take-it-easy", 2), ("lucky-numbers", 3), ("rucki-zucki", 1), ("3x16", 6)])
def test_every_hint_is_legal_and_the_same_when_asked_again(game_id, every):
    hint_why = HINTS[game_id].hint_why
    for state in hint_positions(game_id, 7_000_001, every):
        first = hint_why(state.copy())
        again = hint_why(games.get(game_id).replay(state.record()))
        assert first == again
        moves = first[0] if isinstance(first[0], list) else [first[0]]
        after = state.copy()
        for move in moves:   # the hint's moves, one after the other, each legal when its turn comes
            if after.current_player != state.current_player:
                break
            assert move in after.legal_moves(), (move, after.legal_moves())
            after.play(move)


def garden(costs: ln_bots.CellCosts, board: list[int], bounds: list[tuple[int, int]]) -> float:
    """The garden's cost: the sum of its empty cells' costs."""
    return sum(costs.table[bounds[k][0] * costs.WIDTH + bounds[k][1]] for k in range(ln_bots.CELLS) if not board[k])


def plain_best_swap(costs: ln_bots.CellCosts, board: list[int], bounds: list[tuple[int, int]], tile: int,
                    least: float) -> int:
    """The swap the playouts chose before `CellCosts.best_swap`: each swap's garden measured whole."""
    best, best_gain, now = -1, least, None
    for k in range(ln_bots.CELLS):
        lo, hi = bounds[k]
        if board[k] and board[k] != tile and lo <= tile <= hi:
            if now is None:
                now = garden(costs, board, bounds)
            after = board[:]
            after[k] = tile
            gain = now - garden(costs, after, ln_bots._bounds(after))
            if gain > best_gain:
                best, best_gain = k, gain
    return best


def test_lucky_numbers_playouts_swap_where_the_whole_garden_measured_says():
    rng = random.Random(40)
    swaps = 0
    for state in hint_positions("lucky-numbers", 7_000_002, 1):
        position = ln_bots.Position.from_view(state.view(0))
        costs = ln_bots.CellCosts(ln_bots.Planner(position, ln_bots.Weights()))
        for _ in range(20):
            board = [v if rng.random() < 0.7 else 0 for v in position.board]
            bounds = ln_bots._bounds(board)
            for tile in range(1, ln_bots.TOP + 1):
                for least in (0.0, 0.3):
                    chosen = costs.best_swap(board, bounds, tile, least)
                    assert chosen == plain_best_swap(costs, board, bounds, tile, least)
                    swaps += chosen >= 0
    assert swaps > 100


def test_take_it_easy_look_ahead_is_the_mean_of_the_best_value_after_each_tile():
    value = tie_bots.learned_value()
    rng = random.Random(13)
    for _ in range(40):
        tiles = list(range(27))
        rng.shuffle(tiles)
        filled = rng.randrange(1, 16)
        board: list = [None] * 19
        for cell in rng.sample(range(19), filled):
            board[cell] = tiles.pop()
        pool = tiles[:27 - filled - rng.randrange(0, 8)]
        cells = [c for c in range(19) if board[c] is None]
        plain = sum(max(value.after_each(board, t, [u for u in pool if u != t], cells)) for t in pool) / len(pool)
        assert value.expect_after(board, pool, cells) == pytest.approx(plain, abs=1e-9)
