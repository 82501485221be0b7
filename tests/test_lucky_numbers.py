"""Lucky Numbers: the RULES.md §1 rules and §7 vectors, every DECISION option, tournaments, the
2012 edition, random legal play against invariants, and the bots."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ludotheque.games.lucky_numbers import bots as ln_bots
from ludotheque.core import BadOptions, IllegalMove, Rng
from ludotheque.games.lucky_numbers import rules as ln

GAME = ln.GAME


# --- helpers ----------------------------------------------------------------------------------------

def garden(*rows: str) -> list[int]:
    """A flat board from four rows like ". 13 15 ." (a dot is an empty cell)."""
    cells = [0 if token == "." else int(token) for row in rows for token in row.split()]
    assert len(cells) == ln.CELLS
    return cells


def started(players: int = 2, seed: int = 1, **options) -> ln.LuckyNumbersState:
    """A new game whose setup is done (first legal arrangement for everyone)."""
    state = GAME.new(players, seed=seed, options=options)
    while state.phase in ("setup", "michael"):
        state.play(state.legal_moves()[0])
    return state


def holding(state: ln.LuckyNumbersState, board: list[int], tile: int | None = None,
            pool: tuple[int, ...] = ()) -> ln.LuckyNumbersState:
    """Give the seat to act `board`; with `tile`, it has just drawn that tile."""
    state.boards[state.turn] = list(board)
    state.pool = list(pool)
    if tile is not None:
        state.drawn = tile
        state.phase = "drawn"
    return state


def refusal(state: ln.LuckyNumbersState, move: dict) -> IllegalMove:
    before = snapshot(state)
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert snapshot(state) == before
    return err.value


def snapshot(state: ln.LuckyNumbersState) -> tuple[str, str, str]:
    return str(state), json.dumps(state.view(), sort_keys=True), json.dumps(state.record(), sort_keys=True)


def place(row: int, col: int) -> dict:
    return {"type": "place", "row": row, "col": col}


def ordered(board: list[int]) -> bool:
    return all(ln.fits(board, k, board[k]) for k in range(ln.CELLS) if board[k])


def tiles_everywhere(state: ln.LuckyNumbersState) -> Counter:
    tiles = state.supply + state.pool + [v for b in state.boards for v in b if v]
    tiles += [t for waiting in state.setup_tiles for t in waiting]
    return Counter(tiles + ([state.drawn] if state.drawn else []))


# --- §7 vectors and the seed text's example ---------------------------------------------------------

DIAGONAL_3_8_12_17 = garden("3 . . .", ". 8 . .", ". . 12 .", ". . . 17")


def test_vector_tile_10_on_the_diagonal_3_8_12_17():
    state = holding(started(), DIAGONAL_3_8_12_17, tile=10)
    expected = {(0, 2), (0, 3), (1, 2), (1, 3), (2, 0), (2, 1), (3, 0), (3, 1), (0, 0), (1, 1), (2, 2), (3, 3)}
    assert {divmod(k, 4) for k in state.legal_cells(10)} == expected
    assert {(m["row"], m["col"]) for m in state.legal_moves() if m["type"] == "place"} == expected
    reasons = {(r, c): refusal(state, place(r, c)) for r, c in ((0, 1), (1, 0), (2, 3), (3, 2))}
    assert (reasons[(0, 1)].key, reasons[(0, 1)].params["other"]) == ("order-below", 8)
    assert (reasons[(1, 0)].key, reasons[(1, 0)].params["other"]) == ("order-right", 8)
    assert (reasons[(2, 3)].key, reasons[(2, 3)].params["other"]) == ("order-left", 12)
    assert (reasons[(3, 2)].key, reasons[(3, 2)].params["other"]) == ("order-above", 12)
    assert str(reasons[(2, 3)]) == "10 must be larger than the 12 on its left."
    fr = GAME.text("fr", "illegal.order-left").format(**reasons[(2, 3)].params)
    assert fr == "10 doit être plus grand que le 12 à sa gauche."


# The rule texts' picture is not in the seed; this garden matches every sentence of its example:
# the 13 fits only on cell "1" or by swapping the 10 or the 15; cells "2" are refused because of
# the 10, cells "3" because a 13 is already there, cells "4" because of the 15 and the 16.
EXAMPLE_13 = garden(".  . .  10", ". 13 15 .", ". . 16 .", "15 . . .")


def test_seed_text_example_of_the_13():
    state = holding(started(), EXAMPLE_13, tile=13)
    legal = state.legal_cells(13)
    assert [k for k in legal if not EXAMPLE_13[k]] == [8]                  # case 1
    assert sorted(EXAMPLE_13[k] for k in legal if EXAMPLE_13[k] not in (0, 13)) == [10, 15]  # 13: a pass
    because = {}
    for k in range(ln.CELLS):
        if not EXAMPLE_13[k] and k not in legal:
            because.setdefault(refusal(state, place(*divmod(k, 4))).params["other"], []).append(k)
    assert because == {10: [0, 1, 2], 13: [4, 9], 15: [7, 13, 14, 15], 16: [11]}
    assert "13 must be smaller than the 10 on its right" in str(refusal(state, place(0, 0)))
    assert "13 must be larger than the 13 above it" in str(refusal(state, place(2, 1)))
    state.play(place(0, 3))                                                 # swap the 10, as in the text
    assert state.boards[0][3] == 13 and 10 in state.pool and state.turn == 1


# --- turns --------------------------------------------------------------------------------------------

def test_a_turn_draws_then_places_swaps_or_discards():
    state = started()
    top = state.supply[-1]
    assert state.legal_moves() == [{"type": "draw"}]                        # empty pool: nothing to take
    refusal(state, {"type": "discard"})
    state.play({"type": "draw"})
    assert state.drawn == top and state.view()["drawn"] == top and state.phase == "drawn"
    assert refusal(state, {"type": "draw"}).key == "phase-drawn"
    state.play({"type": "discard"})
    assert state.pool == [top] and state.turn == 1 and state.phase == "turn"


def test_taking_from_the_pool_places_at_once_and_says_why_not():
    state = holding(started(), DIAGONAL_3_8_12_17, pool=(10, 20))
    state.boards[0] = garden("3 5 6 7", ". 8 9 10", ". . 12 13", ". . . 17")
    assert state.takeable() == [10, 20]                                     # the 20 only by swapping the 17
    assert {"type": "take", "tile": 20, "row": 3, "col": 3} in state.legal_moves()
    assert refusal(state, {"type": "take", "tile": 20, "row": 3, "col": 0}).key == "order-right"
    assert refusal(state, {"type": "take", "tile": 4, "row": 0, "col": 0}).key == "not-in-pool"
    assert refusal(state, {"type": "take", "tile": 10, "row": 0, "col": 0}).key == "order-right"
    assert refusal(state, {"type": "take", "tile": 10, "row": 4, "col": 0}).key == "bad-cell"
    assert refusal(state, {"type": "take", "tile": 10, "row": 1}).key == "move-fields"
    assert refusal(state, {"type": "fly"}).key == "unknown-move"
    assert refusal(state, place(0, 0)).key == "phase-turn"
    state.play({"type": "take", "tile": 10, "row": 1, "col": 3})          # swap the 10 for itself
    assert state.pool == [20, 10] and state.turn == 1


FULL_BUT_ONE = garden("1 2 3 4", "2 3 4 5", "3 4 5 6", "4 5 6 .")


def test_identical_swap_is_a_pass_or_is_forbidden():
    allowed = holding(started(), DIAGONAL_3_8_12_17, tile=8)
    assert place(1, 1) in allowed.legal_moves()
    forbidden = holding(started(identical_swap="forbidden"), DIAGONAL_3_8_12_17, tile=8)
    assert place(1, 1) not in forbidden.legal_moves()
    assert refusal(forbidden, place(1, 1)).key == "identical-swap"
    # a pool 5 only fits this garden by swapping one of its 5s: a pass, taken only where allowed
    passing = holding(started(), FULL_BUT_ONE, pool=(5,))
    assert passing.takeable() == [5]
    strict = holding(started(identical_swap="forbidden"), FULL_BUT_ONE, pool=(5,))
    assert strict.takeable() == [] and strict.legal_moves() == [{"type": "draw"}]
    assert strict.view()["prompt"]["key"] == "prompt.turn-draw"
    reason = refusal(strict, {"type": "take", "tile": 5, "row": 1, "col": 3})
    assert reason.key == "fits-nowhere" and str(reason) == "The 5 fits nowhere in your garden, so you may not take it."


# --- end of the game --------------------------------------------------------------------------------

FULL_BUT_ONE = garden("1 2 3 4", "2 3 4 5", "3 4 5 6", "4 5 6 .")


def test_filling_the_last_cell_wins_at_once():
    state = holding(started(), FULL_BUT_ONE, tile=9)
    state.boards[1] = list(FULL_BUT_ONE)                                    # the other is as close
    state.play(place(3, 3))
    assert state.is_over and state.current_player is None
    assert state.result() == {"scores": [16, 15], "winners": [0]}
    assert state.view()["result"]["ended_by"] == "complete"
    assert refusal(state, {"type": "draw"}).key == "game-over"


def test_the_last_tile_ends_the_game_after_its_turn_and_ties_are_shared():
    state = started(players=3)
    state.supply = state.supply[-1:]
    tile = state.supply[0]
    for seat, empties in enumerate((3, 3, 5)):
        state.boards[seat] = [0] * empties + list(range(1, 17 - empties))
    state.play({"type": "draw"})
    assert not state.is_over and state.drawn == tile                       # the drawer finishes the turn
    state.play({"type": "discard"})
    assert state.is_over
    assert state.winners() == [0, 1] and state.scores() == [13, 13, 11]
    assert state.view()["result"]["ended_by"] == "supply"


# --- setups -----------------------------------------------------------------------------------------

def test_standard_setup_any_order_or_ascending():
    state = GAME.new(2, seed=4)
    tiles = state.setup_tiles[0]
    assert len(state.legal_moves()) == len({tuple(m["tiles"]) for m in state.legal_moves()}) > 1
    reverse = {"type": "setup", "tiles": tiles[::-1]}
    state.play(reverse)
    assert [state.boards[0][k] for k in ln.DIAGONAL] == tiles[::-1] and state.turn == 1
    strict = GAME.new(2, seed=4, options={"setup_order": "ascending"})
    assert strict.legal_moves() == [{"type": "setup", "tiles": tiles}]
    assert refusal(strict, reverse).key == "setup-ascending" if tiles != tiles[::-1] else True
    assert refusal(strict, {"type": "setup", "tiles": [1, 2, 3, 4]}).key == "setup-tiles"


def test_a_diagonal_out_of_order_names_the_cells_no_number_can_fill():
    """The try-out's 20/6/16/5 (legal, RULES L1) leaves ten cells for no number: each one lies
    between a larger tile above-left and a smaller one below-right. Sorted, the same tiles leave
    only the two between the 5 and the 6 (nothing fits strictly between them): no order does
    better, so only the order out of line is said, naming the first pair out of order."""
    rows = lambda cells: sorted(divmod(k, 4) for k in cells)
    assert rows(ln.unfillable(ln.on_diagonal([20, 6, 16, 5]))) == [
        (0, 1), (0, 2), (0, 3), (1, 0), (1, 3), (2, 0), (2, 3), (3, 0), (3, 1), (3, 2)]
    assert ln.blocked_by_order([20, 6, 16, 5]) == (ln.unfillable(ln.on_diagonal([20, 6, 16, 5])), (20, 6))
    assert rows(ln.unfillable(ln.on_diagonal([5, 6, 16, 20]))) == [(0, 1), (1, 0)]
    assert ln.blocked_by_order([5, 6, 16, 20]) is None and ln.blocked_by_order([6, 5, 16, 20]) is None
    assert ln.unfillable(ln.on_diagonal([3, 8, 12, 17])) == [] and ln.blocked_by_order([3, 8, 12, 17]) is None
    assert rows(ln.blocked_by_order([3, 12, 8, 17])[0]) == [(1, 2), (2, 1)]
    # a garden in play: the cell between a 9 on the left and an 8 below
    assert ln.unfillable(garden("9 . . .", ". 8 . .", ". . . .", ". . . .")) == [1, 4]


def test_michaels_setup_one_tile_per_round_on_an_empty_diagonal_cell():
    state = GAME.new(3, seed=8, options={"setup": "michael"})
    for round_ in range(4):
        assert state.setup_round == round_
        shown = [list(t) for t in state.setup_tiles]
        assert all(len(t) == 1 for t in shown) and state.view()["setup_tiles"] == shown
        for seat in range(3):
            assert state.phase == "michael" and state.turn == seat
            cells = [m["cell"] for m in state.legal_moves()]
            assert cells == [k for k in range(4) if not state.boards[seat][ln.DIAGONAL[k]]]
            if round_:
                taken = next(k for k in range(4) if k not in cells)
                assert refusal(state, {"type": "setup-place", "cell": taken}).key == "diagonal-taken"
            state.play({"type": "setup-place", "cell": cells[-1]})
            assert state.boards[seat][ln.DIAGONAL[cells[-1]]] == shown[seat][0]
    assert state.phase == "turn" and all(all(b[k] for k in ln.DIAGONAL) for b in state.boards)
    assert len(state.supply) == 60 - 12


def test_duplicates_are_kept_or_redrawn():
    def duplicates(options: dict) -> int:
        count = 0
        for seed in range(60):
            state = GAME.new(4, seed=seed, options=options)
            while state.phase in ("setup", "michael"):
                state.play(state.legal_moves()[0])
            count += sum(len(set(b[k] for k in ln.DIAGONAL)) < 4 for b in state.boards)
            assert tiles_everywhere(state) == Counter({v: 4 for v in range(1, 21)})
        return count
    assert duplicates({}) > 0 and duplicates({"setup": "michael"}) > 0
    assert duplicates({"duplicates": "redraw"}) == 0
    assert duplicates({"duplicates": "redraw", "setup": "michael"}) == 0


# --- Bruno's variant ----------------------------------------------------------------------------------

FIVE_AT_0_1 = garden(". 5 . .", ". . . .", ". . . .", ". . . .")


def test_bruno_vector_anti_diagonal_pair_replays():
    state = holding(started(bruno=True), FIVE_AT_0_1, tile=5)
    state.play(place(1, 0))
    assert state.turn == 0 and state.replay and state.phase == "turn"
    assert state.view()["last"][0]["replay"] and state.view()["prompt"]["key"] == "prompt.replay"
    other = holding(started(bruno=True), FIVE_AT_0_1, tile=5)
    other.play(place(1, 2))                                                 # the ↘ neighbour: no replay
    assert other.turn == 1 and not other.replay
    both = holding(started(bruno=True, bruno_diagonal="both"), FIVE_AT_0_1, tile=5)
    both.play(place(1, 2))
    assert both.turn == 0 and both.replay
    plain = holding(started(), FIVE_AT_0_1, tile=5)
    plain.play(place(1, 0))
    assert plain.turn == 1


def test_bruno_pair_must_be_new_unless_any():
    board = garden(". 5 . .", "5 . . .", ". . . .", ". . . .")
    new = holding(started(bruno=True), board, pool=(5,))
    new.play({"type": "take", "tile": 5, "row": 1, "col": 0})              # swap 5 for 5: no new pair
    assert new.turn == 1
    any_pair = holding(started(bruno=True, bruno_pair="any"), board, pool=(5,))
    any_pair.play({"type": "take", "tile": 5, "row": 1, "col": 0})
    assert any_pair.turn == 0 and any_pair.replay


def test_any_pair_says_plainly_that_a_swap_for_the_same_number_gives_an_extra_turn():
    """L3 with L6's default: an identical swap never replays; L6's alternative (Game Park's
    reading) lets it, and its label, its explanation and the rules page say so in both languages."""
    texts = ln.GAME.texts
    for lang, same in (("en", "same number"), ("fr", "même nombre")):
        assert same in texts[lang]["option.bruno_pair.help"]
        assert ("same-number" if lang == "en" else "identique") in texts[lang]["option.bruno_pair.any"]
        rules = texts[lang]["rules"]
        label = texts[lang]["option.bruno_pair.any"]
        assert label in rules and same in rules[rules.index(label):rules.index(label) + 300]


def test_bruno_no_replay_from_a_discard_or_a_completion():
    state = holding(started(bruno=True), FIVE_AT_0_1, tile=5)
    state.play({"type": "discard"})
    assert state.turn == 1
    complete = garden("1 2 3 4", "2 3 4 5", "3 4 5 6", "4 5 . 7")
    done = holding(started(bruno=True), complete, tile=6)
    done.play(place(3, 2))                                                  # pairs with the 6 at (2,3)
    assert done.is_over and done.winners() == [0]


@pytest.mark.parametrize("last_tile", ["no-replay", "pool-replay"])
def test_bruno_after_the_last_tile(last_tile):
    state = holding(started(bruno=True, bruno_last_tile=last_tile), FIVE_AT_0_1, pool=(9,))
    state.supply = [5]
    state.play({"type": "draw"})
    state.play(place(1, 0))
    if last_tile == "no-replay":
        assert state.is_over
        return
    assert state.phase == "last-replay" and state.turn == 0
    assert state.legal_moves() == [{"type": "take", "tile": 9, "row": k // 4, "col": k % 4}
                                   for k in range(1, 16)] + [{"type": "end"}]     # not left of the 5
    assert refusal(state, {"type": "draw"}).key == "phase-last-replay"
    state.play({"type": "take", "tile": 9, "row": 3, "col": 3})
    assert state.is_over and state.scores()[0] == 3
    ended = holding(started(bruno=True, bruno_last_tile=last_tile), FIVE_AT_0_1, pool=(9,))
    ended.supply = [5]
    ended.play({"type": "draw"})
    ended.play(place(1, 0))
    ended.play({"type": "end"})
    assert ended.is_over and ended.view()["last"][0]["type"] == "end"


# --- tournament ---------------------------------------------------------------------------------------

def finish_by_supply(state: ln.LuckyNumbersState, empties: list[int]) -> None:
    """End the current game by the supply with these empty-cell counts."""
    state.supply = state.supply[-1:]
    for seat, empty in enumerate(empties):
        state.boards[seat] = [0] * empty + list(range(1, 17 - empty))
    state.play({"type": "draw"})
    state.play({"type": "discard"})


@pytest.mark.parametrize("ties, tied_points", [("each-plus-2", 2.0), ("split", 2 / 3)])
def test_tournament_scores_rotates_and_ranks(ties, tied_points):
    state = started(players=3, tournament=True, tournament_ties=ties)
    assert state.start == 0
    finish_by_supply(state, [2, 5, 7])
    assert state.phase == "between-games" and not state.is_over and state.current_player == 1
    standings = state.view()["tournament"]
    assert standings["totals"] == [2.0, -5.0, -7.0] and standings["game_index"] == 0
    assert state.view()["result"]["points"] == [2.0, -5.0, -7.0]
    assert state.legal_moves() == [{"type": "next-game"}]
    assert refusal(state, {"type": "draw"}).key == "phase-between-games"
    state.play({"type": "next-game"})
    assert state.start == 1 and state.phase == "setup" and state.turn == 1 and state.pool == []
    assert state.game_index == 1 and len(state.supply) == 60 - 12
    while state.phase == "setup":
        state.play(state.legal_moves()[0])
    assert state.turn == 1
    finish_by_supply(state, [3, 3, 3])                                      # three co-winners
    assert state.view()["tournament"]["totals"] == pytest.approx([2 + tied_points, -5 + tied_points,
                                                                   -7 + tied_points])
    state.play({"type": "next-game"})
    while state.phase == "setup":
        state.play(state.legal_moves()[0])
    assert state.start == 2 and state.turn == 2
    finish_by_supply(state, [1, 1, 4])
    assert state.is_over and len(state.results) == 3 and state.winners() == [0]
    ranking = state.view()["tournament"]["ranking"]
    assert [r["seat"] for r in ranking] == [0, 1, 2] and ranking[0]["place"] == 1


def test_tournament_two_players_tie_each_or_split():
    for ties, expected in (("each-plus-2", [2.0, 2.0]), ("split", [1.0, 1.0])):
        state = started(tournament=True, tournament_ties=ties)
        finish_by_supply(state, [4, 4])
        assert state.scores() == expected
        state.play({"type": "next-game"})
        while state.phase == "setup":
            state.play(state.legal_moves()[0])
        finish_by_supply(state, [4, 4])
        assert state.is_over and state.winners() == [0, 1]


# --- options and the 2012 edition ---------------------------------------------------------------------

def test_the_2012_edition_needs_michaels_setup_and_has_no_bruno():
    with pytest.raises(BadOptions, match="only has Michael's setup"):
        GAME.new(2, options={"edition": "ravensburger-2012"})
    with pytest.raises(BadOptions, match="Bruno"):
        GAME.new(2, options={"edition": "ravensburger-2012", "setup": "michael", "bruno": True})
    state = GAME.new(2, seed=3, options={"edition": "ravensburger-2012", "setup": "michael", "tournament": True})
    assert state.phase == "michael" and state.view()["edition"] == "ravensburger-2012"
    assert not GAME.option("bruno").applies(state.options)


def test_options_that_do_not_apply_must_keep_their_default():
    with pytest.raises(BadOptions, match="bruno_diagonal"):
        GAME.new(2, options={"bruno_diagonal": "both"})
    with pytest.raises(BadOptions, match="tournament_ties"):
        GAME.new(2, options={"tournament_ties": "split"})
    with pytest.raises(BadOptions, match="setup_order"):
        GAME.new(2, options={"setup": "michael", "setup_order": "ascending"})
    with pytest.raises(BadOptions):
        GAME.new(5)
    assert [o.name for o in GAME.options][:2] == ["edition", "setup"]
    assert GAME.summary()["options"][5]["requires"] == {"edition": ["tiki"]}


def test_texts_name_every_phase_and_the_rules_tell_both_variants():
    """(Both languages' keys, blanks and options: test_contract.py, for every game.)"""
    en, fr = GAME.texts["en"], GAME.texts["fr"]
    for phase in ("setup", "michael", "turn", "drawn", "last-replay", "between-games", "over"):
        assert f"prompt.{phase}" in en
    assert len(en["rules"].split("\n\n")) >= 8 and "Bruno" in fr["rules"] and "Michael" in fr["rules"]


# --- random legal play --------------------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"setup": "michael", "duplicates": "redraw"},
    {"setup_order": "ascending", "identical_swap": "forbidden"},
    {"bruno": True, "bruno_diagonal": "both", "bruno_pair": "any", "bruno_last_tile": "pool-replay"},
    {"bruno": True, "tournament": True, "tournament_ties": "split"},
    {"edition": "ravensburger-2012", "setup": "michael", "tournament": True},
]


def candidate_moves(state: ln.LuckyNumbersState, rng: Rng) -> list[dict]:
    """A few moves of every type, legal or not, around the current position."""
    tiles = list(range(0, 22))
    moves = [{"type": t} for t in ("draw", "discard", "end", "next-game")]
    moves += [{"type": "place", "row": rng.below(5), "col": rng.below(4)} for _ in range(4)]
    moves += [{"type": "take", "tile": rng.choice(tiles), "row": rng.below(4), "col": rng.below(4)} for _ in range(4)]
    moves += [{"type": "take", "tile": rng.choice(state.pool), "row": rng.below(4), "col": rng.below(4)}
              for _ in range(4) if state.pool]
    moves += [{"type": "setup-place", "cell": rng.below(5)}, {"type": "setup", "tiles": [1, 2, 3, 4]}]
    if state.setup_tiles[state.turn] and len(state.setup_tiles[state.turn]) == 4:
        shuffled = list(state.setup_tiles[state.turn])
        rng.shuffle(shuffled)
        moves.append({"type": "setup", "tiles": shuffled})
    return moves


def walk_step(state: ln.LuckyNumbersState, legal: list[dict], rng: Rng) -> dict:
    """A random legal move, filling an empty cell half of the time so that games end."""
    board = state.boards[state.turn]
    filling = [m for m in legal if m["type"] in ("place", "take") and not board[m["row"] * 4 + m["col"]]]
    return rng.choice(filling if filling and rng.below(2) else legal)


def is_refused(state: ln.LuckyNumbersState, move: dict) -> bool:
    try:
        state.check(move)
    except IllegalMove:
        return True
    return False


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS),
       walk=st.integers(0, 2**32))
def test_random_legal_play_keeps_every_invariant(players, seed, options, walk):
    state = GAME.new(players, seed=seed, options=options)
    rng = Rng(walk)
    full = Counter({v: players for v in range(1, 21)})
    for step in range(400):
        if state.is_over:
            break
        legal = state.legal_moves()
        assert legal
        for move in legal[:: max(1, len(legal) // 6)]:
            state.check(move)
        for move in candidate_moves(state, rng):
            assert is_refused(state, move) == (move not in legal), move
        if step % 10 == 0:
            bad = next((m for m in candidate_moves(state, rng) if m not in legal), None)
            if bad is not None:
                refusal(state, bad)
        state.play(walk_step(state, legal, rng))
        assert all(ordered(b) for b in state.boards)
        if state.phase != "between-games":
            assert tiles_everywhere(state) == full
    record = json.loads(json.dumps(state.record()))
    again = GAME.replay(record)
    assert str(again) == str(state) and again.view() == state.view()
    assert json.loads(json.dumps(state.view())) == state.view()
    twin = state.copy()
    assert str(twin) == str(state) and twin.view() == state.view()
    if not state.is_over:
        twin.play(twin.legal_moves()[-1])
        assert str(GAME.replay(record)) == str(state)


# --- bots ---------------------------------------------------------------------------------------------

BOTS = (ln_bots.MediumBot, ln_bots.StrongBot)


@pytest.mark.parametrize("players, options", [(2, {}), (3, OPTION_SETS[3]), (4, OPTION_SETS[1]),
                                              (2, OPTION_SETS[4]), (2, OPTION_SETS[5])])
def test_bots_play_whole_games_with_legal_moves(players, options):
    state = GAME.new(players, seed=players * 7, options=options)
    bots = [BOTS[seat % 2](GAME, seat) for seat in range(players)]
    for _ in range(3000):
        if state.is_over:
            break
        move = bots[state.current_player].choose(state)
        assert move in state.legal_moves()
        state.play(move)
    assert state.is_over


@pytest.mark.parametrize("bot_class", BOTS)
def test_bots_ignore_the_order_of_the_supply(bot_class):
    state = GAME.new(3, seed=11, options={"bruno": True})
    driver = ln_bots.StrongBot(GAME, 0)
    checked = 0
    while not state.is_over and checked < 40:
        if len(state.legal_moves()) > 1:
            shuffled = state.copy()
            Rng(checked).shuffle(shuffled.supply)
            assert shuffled.supply != state.supply or len(state.supply) < 3
            assert bot_class(GAME, 5).choose(shuffled) == bot_class(GAME, 5).choose(state)
            checked += 1
        state.play(driver.choose(state))


def test_bots_are_registered_weakest_first_with_strong_by_default():
    from ludotheque import core
    assert core.bot_levels("lucky-numbers") == ["easy", "medium", "strong", "expert"]
    assert core.default_bot_level("lucky-numbers") == "strong"
    assert isinstance(core.get_bot("lucky-numbers", "strong", 1), ln_bots.StrongBot)


def test_strong_bot_never_feeds_the_winning_tile():
    state = started()
    state.boards[1] = list(FULL_BUT_ONE)                                    # seat 1 waits for 7..20
    holding(state, DIAGONAL_3_8_12_17, tile=15)
    move = ln_bots.StrongBot(GAME, 0).choose(state)
    assert move["type"] == "place"                                          # neither discarded
    assert DIAGONAL_3_8_12_17[move["row"] * 4 + move["col"]] <= 6           # nor a 7+ swapped out


def test_a_random_first_player_follows_the_seed_and_a_tournament_rotates_from_there():
    starts = {}
    for seed in range(40):
        state = GAME.new(3, seed=seed, options={"first_player": "random", "tournament": True})
        assert state.turn == state.start and state.current_player == state.start
        assert GAME.new(3, seed=seed, options={"first_player": "random", "tournament": True}).start == state.start
        starts.setdefault(state.start, seed)
        while state.phase == "setup":
            state.play(state.legal_moves()[0])
        assert state.current_player == state.start
        assert GAME.replay(state.record()).view() == state.view()
    assert sorted(starts) == [0, 1, 2]   # every seat can be drawn
    state = started(3, seed=starts[2], first_player="random", tournament=True)
    assert state.start == 2
    finish_by_supply(state, [2, 5, 7])
    assert state.current_player == 0          # the next game's first seat deals it
    state.play({"type": "next-game"})
    assert state.start == 0 and state.turn == 0
    assert all(GAME.new(3, seed=seed).start == 0 for seed in range(10))   # by default, the first seat
