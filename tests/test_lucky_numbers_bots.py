"""Lucky Numbers bots: every level plays legal moves, is deterministic for its seed, ignores the
order of the supply, never repeats a position (no game hits a move cap), and the old level name
"greedy" still plays, as "medium"."""
from __future__ import annotations

import pytest

from ludotheque import core
from ludotheque.games.lucky_numbers import bots as ln_bots
from ludotheque.core import Rng
from ludotheque.games.lucky_numbers import rules as ln

GAME = ln.GAME
LEVELS = ("easy", "medium", "strong", "expert")
CAP = 2000


def bot(level: str, seed: int) -> core.Bot:
    return core.get_bot("lucky-numbers", level, seed)


def finish(state: ln.LuckyNumbersState, levels: tuple[str, ...], seed: int = 0, check: bool = False) -> int:
    """Play the bots of `levels` (seat by seat) to the end or the cap; the moves played."""
    players = [bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    moves = 0
    while not state.is_over and moves < CAP:
        move = players[state.current_player].choose(state)
        if check:
            assert move in state.legal_moves()
        state.play(move)
        moves += 1
    return moves


def test_levels_weakest_first_with_strong_by_default():
    assert core.bot_levels("lucky-numbers") == list(LEVELS)
    assert core.default_bot_level("lucky-numbers") == "strong"
    for level, cls in zip(LEVELS, (ln_bots.EasyBot, ln_bots.MediumBot, ln_bots.StrongBot, ln_bots.ExpertBot)):
        assert type(bot(level, 1)) is cls and cls.level == level


def test_the_old_greedy_level_plays_as_medium():
    assert isinstance(core.get_bot("lucky-numbers", "greedy", 3), ln_bots.MediumBot)
    assert "greedy" not in core.bot_levels("lucky-numbers")
    assert core.resolve_bot_level("lucky-numbers", "greedy") == "medium"
    assert core.resolve_bot_level("lucky-numbers", "expert") == "expert"
    assert core.resolve_bot_level("lucky-numbers", "nonsense") is None
    state = GAME.new(2, seed=5)
    for _ in range(12):
        assert core.get_bot("lucky-numbers", "greedy", 7).choose(state) == bot("medium", 7).choose(state)
        state.play(state.legal_moves()[0] if state.phase != "turn" else {"type": "draw"})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players, options", [
    (2, {}),
    (3, {"bruno": True, "bruno_diagonal": "both", "bruno_pair": "any", "bruno_last_tile": "pool-replay"}),
    (4, {"setup": "michael", "duplicates": "redraw", "identical_swap": "forbidden"}),
    (2, {"bruno": True, "tournament": True}),
])
def test_every_level_plays_legal_moves_to_the_end(level, players, options):
    state = GAME.new(players, seed=players * 13 + len(options), options=options)
    others = ("medium", "easy", "medium")
    finish(state, (level,) + others[:players - 1], seed=3, check=True)
    assert state.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_is_deterministic_and_ignores_the_supply_order(level):
    state = GAME.new(3, seed=11, options={"bruno": True})
    driver = bot("medium", 0)
    checked = 0
    while not state.is_over and checked < 15:
        if len(state.legal_moves()) > 1:
            chosen = bot(level, 5).choose(state)
            assert bot(level, 5).choose(state) == chosen
            shuffled = state.copy()
            Rng(checked).shuffle(shuffled.supply)
            assert shuffled.supply != state.supply or len(state.supply) < 3
            assert bot(level, 5).choose(shuffled) == chosen
            checked += 1
        state.play(driver.choose(state))
    assert checked == 15


def test_since_draw_lists_the_positions_since_the_last_draw():
    state = GAME.new(2, seed=2)
    while state.phase == "setup":
        state.play(state.legal_moves()[0])
    assert state.view()["since_draw"] == [ln.position_key(state.boards, state.pool, 0, False)]
    state.play({"type": "draw"})
    assert state.view()["since_draw"] == []
    state.play({"type": "discard"})
    assert state.view()["since_draw"] == [ln.position_key(state.boards, state.pool, 1, False)]
    view = state.view()
    view["since_draw"].append("x")
    assert len(state.view()["since_draw"]) == 1 and len(state.copy().view()["since_draw"]) == 1


def test_no_bot_takes_a_pool_tile_back_into_a_position_already_seen():
    # seat 0 holds a 19 where a 20 from the pool also fits; seat 1 the same: swapping back and
    # forth would repeat the position every four turns
    state = GAME.new(2, seed=1)
    while state.phase == "setup":
        state.play(state.legal_moves()[0])
    board = [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 19]
    state.boards = [board[:], board[:]]
    state.pool = [20]
    state.since_draw = [ln.position_key(state.boards, state.pool, 0, False)]
    swapped = {"type": "take", "tile": 20, "row": 3, "col": 3}
    position = ln_bots.Position.from_view(state.view())
    assert swapped in state.legal_moves()
    assert ln_bots.after_take(position, swapped) == ln.position_key(
        [board[:15] + [20], board], [19], 1, False)
    state.since_draw.append(ln_bots.after_take(position, swapped))
    assert swapped not in ln_bots.fresh(ln_bots.Position.from_view(state.view()), state.legal_moves())
    for level in LEVELS:
        assert bot(level, 1).choose(state) == {"type": "draw"}


@pytest.mark.long
def test_no_pairing_of_levels_hits_the_move_cap():
    """A few hundred games: every line-up of the quick levels with 2 to 4 seats, strong in a
    few (strong against itself used to swap its 19 and 20 with the pool forever), expert in two."""
    quick = [("easy", "easy"), ("easy", "medium"), ("medium", "medium"), ("medium", "easy", "medium"),
             ("medium",) * 4, ("easy", "medium", "easy", "medium")]
    slow = [("strong", "strong"), ("strong", "medium"), ("strong", "easy"), ("strong", "medium", "easy")]
    runs = [(lineup, 40) for lineup in quick] + [(lineup, 8) for lineup in slow]
    for i, (lineup, seeds) in enumerate(runs):
        for seed in range(seeds):
            state = GAME.new(len(lineup), seed=1000 * i + seed, options={"bruno": seed % 2 == 1})
            assert finish(state, lineup, seed=seed) < CAP and state.is_over, (lineup, seed)
    for seed in range(2):
        state = GAME.new(2, seed=seed, options={"bruno": True})
        assert finish(state, ("expert", "strong"), seed=seed) < CAP and state.is_over


def test_the_experts_playouts_keep_each_gardens_ranges_as_tiles_go_down_and_swap():
    """The playouts update a garden's ranges tile by tile instead of measuring them again; after
    any places and swaps they are what a full measure gives (a swap's price, the price of the
    garden it leaves: tests/test_hint_speed.py)."""
    state = GAME.new(2, seed=5)
    position = ln_bots.Position.from_view(state.view(0))
    rules = ln_bots.Rules.of(position.options)
    rng = Rng(11)
    swaps = fills = 0
    for _ in range(40):
        board, pool = [0] * ln.CELLS, [0] * (ln.TOP + 1)
        bounds = ln_bots._bounds(board)
        for _step in range(300):
            cell = rng.below(ln.CELLS)
            lo, hi = bounds[cell]
            if lo > hi or (board[cell] and lo == hi):
                continue
            tile = lo + rng.below(hi - lo + 1)
            if tile == board[cell]:
                continue
            if board[cell]:
                swaps += 1
            ln_bots._put_bounded(board, bounds, pool, cell, tile, rules)
            assert bounds == ln_bots._bounds(board)
            if 0 not in board:
                break
        fills += 0 not in board
    assert swaps > 50 and fills > 10


def test_the_reviews_playouts_finish_michaels_setup_as_medium_would_on_the_same_supply():
    """A setup decision is judged by playouts that first finish the setup: the seats still to
    place this round put their dealt tile, the later rounds' tiles come off the supply in seat
    order, each on the diagonal cell medium picks; on the real supply order that is the engine's
    own setup with every seat playing medium."""
    for seed in range(6):
        state = GAME.new(3, seed=seed, options={"setup": "michael"})
        medium = bot("medium", 1)
        for _ in range(seed % 3 + 3 * (seed % 2)):   # into rounds 1 and 2, at each seat
            state.play(medium.choose(state))
        position = ln_bots.Position.from_view(state.view(state.current_player))
        move = state.legal_moves()[-1]
        supply = state.supply[:]
        boards = ln_bots.finish_setup(position, move, supply)
        state.play(move)
        while state.phase == "michael":
            state.play(medium.choose(state))
        assert state.phase == "turn"
        assert boards == state.boards and supply == state.supply


def test_the_reviews_playouts_finish_the_four_tile_setup_in_ascending_order():
    state = GAME.new(4, seed=3)
    state.play(state.legal_moves()[0])   # the first seat has set up
    position = ln_bots.Position.from_view(state.view(state.current_player))
    me = state.current_player
    move = next(m for m in state.legal_moves() if m["tiles"] != sorted(m["tiles"]))
    supply = [1, 2, 3]
    boards = ln_bots.finish_setup(position, move, supply)
    assert supply == [1, 2, 3] and boards[state.start] == state.boards[state.start]
    assert [boards[me][k] for k in ln.DIAGONAL] == move["tiles"]
    for seat in range(4):
        if seat not in (me, state.start):
            assert [boards[seat][k] for k in ln.DIAGONAL] == sorted(state.setup_tiles[seat])
            assert sum(1 for v in boards[seat] if v) == 4


def test_with_redrawn_duplicates_the_playouts_michael_setup_never_repeats_a_number_on_a_diagonal():
    for seed in range(8):
        state = GAME.new(4, seed=seed, options={"setup": "michael", "duplicates": "redraw"})
        position = ln_bots.Position.from_view(state.view(state.current_player))
        supply = [v for v in range(1, ln.TOP + 1) for _ in range(position.unseen[v])]
        Rng(seed).shuffle(supply)
        boards = ln_bots.finish_setup(position, state.legal_moves()[0], supply)
        for board in boards:
            diagonal = [board[k] for k in ln.DIAGONAL]
            assert all(diagonal) and len(set(diagonal)) == 4
        assert len(supply) == sum(position.unseen) - 4 * 3   # this round's tiles are dealt; three more rounds


def test_the_expert_counts_a_near_miss_above_a_wide_one_and_any_win_above_any_loss():
    """The expert's playouts score a win share plus how far ahead the seat finished (empty cells
    per seat at the end; seat 0 judged): one cell short beats five short, a win by four beats a
    win by one, a shared win sits between, and no margin makes a loss worth a win."""
    ends = {"won by one": [0, 1, 3], "won by four": [0, 4, 7], "won by six": [0, 6, 9], "tied": [0, 0, 4],
            "lost by one": [1, 0, 9], "lost by five": [5, 0, 2]}
    score = dict(zip(ends, bot("expert", 0).scores([list(ends.values())], 0)[0]))
    assert score["won by six"] == score["won by four"] > score["won by one"] > score["tied"]
    assert score["tied"] > score["lost by one"] > score["lost by five"]
    assert score["won by one"] - score["lost by one"] > 1   # a win still outweighs the margin
    assert ln_bots.lead([3, 1, 9], 0, 4) == -2 and ln_bots.lead([3, 1, 9], 1, 4) == 2
