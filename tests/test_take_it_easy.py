"""Take It Easy: geometry and scoring against RULES.md §3, the variants, rounds, records, bots."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.games.take_it_easy import bots as tie_bots
from ludotheque.core import IllegalMove, get_bot
from ludotheque.games.take_it_easy import rules as tie

GAME = tie.GAME

BOARD_307 = {0: (5, 6, 3), 1: (5, 7, 8), 2: (5, 2, 4), 3: (5, 6, 8), 4: (5, 7, 3), 5: (5, 2, 8),
             6: (5, 6, 4), 7: (1, 6, 4), 8: (1, 7, 8), 9: (1, 2, 3), 10: (1, 6, 8), 11: (1, 7, 4),
             12: (9, 7, 4), 13: (9, 2, 8), 14: (9, 6, 3), 15: (9, 7, 8), 16: (9, 2, 4), 17: (9, 6, 8),
             18: (9, 7, 3)}

RULES_ADJACENT = {0: (1, 3, 4), 1: (0, 2, 4, 5), 2: (1, 5, 6), 3: (0, 4, 7, 8), 4: (0, 1, 3, 5, 8, 9),
                  5: (1, 2, 4, 6, 9, 10), 6: (2, 5, 10, 11), 7: (3, 8, 12), 8: (3, 4, 7, 9, 12, 13),
                  9: (4, 5, 8, 10, 13, 14), 10: (5, 6, 9, 11, 14, 15), 11: (6, 10, 15), 12: (7, 8, 13, 16),
                  13: (8, 9, 12, 14, 16, 17), 14: (9, 10, 13, 15, 17, 18), 15: (10, 11, 14, 18),
                  16: (12, 13, 17), 17: (13, 14, 16, 18), 18: (14, 15, 17)}

RULES_LINES = [
    [0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15], [16, 17, 18],
    [0, 3, 7], [1, 4, 8, 12], [2, 5, 9, 13, 16], [6, 10, 14, 17], [11, 15, 18],
    [2, 6, 11], [1, 5, 10, 15], [0, 4, 9, 14, 18], [3, 8, 13, 17], [7, 12, 16],
]


def solo(seed: int = 0, **options):
    return GAME.new(1, seed=seed, options={"rounds": 1, **options})


def play_first_legal(state, moves: int) -> None:
    for _ in range(moves):
        state.play(state.legal_moves()[0])


# --- pieces, geometry, scoring ------------------------------------------------------------------

def test_tiles_are_the_27_combinations():
    assert len(tie.TILES) == len(set(tie.TILES)) == 27
    assert {t[0] for t in tie.TILES} == {1, 5, 9}
    assert {t[1] for t in tie.TILES} == {2, 6, 7}
    assert {t[2] for t in tie.TILES} == {3, 4, 8}


def test_lines_and_adjacency_match_the_rules():
    assert [list(line) for line in tie.LINES] == RULES_LINES
    assert [len(line) for line in tie.LINES] == [3, 4, 5, 4, 3] * 3
    assert {c: tie.ADJACENT[c] for c in range(19)} == RULES_ADJACENT
    for c in range(19):
        assert all(c in tie.ADJACENT[n] for n in tie.ADJACENT[c])
        assert [c in tie.LINES[i] for i in tie.CELL_LINES[c]] == [True] * 3
    # each direction covers the board exactly once
    for d in range(3):
        assert sorted(c for line in tie.LINES[5 * d:5 * d + 5] for c in line) == list(range(19))


def test_the_307_board_scores_307_and_per_direction():
    board = [BOARD_307[c] for c in range(19)]
    total, details = tie.score_board(board)
    assert total == 307 == tie.MAX_SCORE
    per_direction = [sum(line["points"] for line in details[5 * d:5 * d + 5]) for d in range(3)]
    assert per_direction == [103, 101, 103]
    assert all(line["status"] == "scored" for line in details)
    assert tie.score_numbers([tie.TILE_INDEX[t] for t in board]) == 307


def test_a_board_with_every_line_broken_scores_zero():
    # rotate the values along each line so that neighbours on a line always differ
    board = [(tie.VALUES[0][c % 3], tie.VALUES[1][(c // 3) % 3], tie.VALUES[2][(c * 2 + 1) % 3])
             for c in range(19)]
    for i, cells in enumerate(tie.LINES):
        d = tie.LINE_DIRECTION[i]
        if len({board[c][d] for c in cells}) == 1:  # fix any accidental agreement
            c = cells[0]
            values = list(board[c])
            values[d] = next(v for v in tie.VALUES[d] if v != board[cells[1]][d])
            board[c] = tuple(values)
    total, details = tie.score_board(board)
    assert total == 0
    assert all(line["status"] == "broken" for line in details)


def test_line_details_of_a_partial_board():
    board = [None] * 19
    board[0], board[1] = (5, 6, 3), (5, 7, 3)
    _, details = tie.score_board(board)
    assert details[0]["status"] == "open" and details[0]["potential"] == 15
    assert details[5]["status"] == "open" and details[5]["value"] == 6
    assert details[2]["status"] == "empty"


# --- turns, rounds, variants ---------------------------------------------------------------------

def test_a_round_ends_after_19_placements_per_seat_and_rounds_rotate_the_caller():
    state = GAME.new(3, seed=7)
    callers, firsts = [], []
    for round_index in range(4):
        assert state.view()["round"] == round_index + 1
        callers.append(state.view()["caller"])
        firsts.append(state.current_player)
        play_first_legal(state, 19 * 3)
        assert all(None not in b for b in state.boards)
        if round_index < 3:
            assert state.phase == "scoring" and state.current_player == 0
            assert state.legal_moves() == [{"type": "next-round"}]
            with pytest.raises(IllegalMove) as err:
                state.play({"type": "place", "cell": 0})
            assert err.value.key == "round-over"
            state.play({"type": "next-round"})
    assert callers == [0, 1, 2, 0] and firsts == callers
    assert state.is_over and state.current_player is None
    assert len(state.round_scores) == 4
    assert state.result()["scores"] == [float(sum(r[s] for r in state.round_scores)) for s in range(3)]


def test_every_seat_places_the_same_tile_before_the_next_is_revealed():
    state = GAME.new(2, seed=3)
    tile = state.view()["tiles"]
    state.play({"type": "place", "cell": 4})
    assert state.current_player == 1 and state.view()["tiles"] == tile and state.view()["revealed"] == 1
    state.play({"type": "place", "cell": 9})
    assert state.current_player == 0 and state.view()["revealed"] == 2


def test_illegal_moves_are_refused_with_keys():
    state = solo()
    state.play({"type": "place", "cell": 5})
    for move, key in [({"type": "place", "cell": 5}, "occupied"), ({"type": "place", "cell": 19}, "bad-cell"),
                      ({"type": "place", "cell": True}, "field-type"), ({"type": "jump"}, "unknown-move"),
                      ({"type": "next-round"}, "not-between-rounds"),
                      ({"type": "place", "cell": 1, "tile": [1, 2, 5]}, "wrong-tile")]:
        with pytest.raises(IllegalMove) as err:
            state.play(move)
        assert err.value.key == key
        assert err.value.reason == GAME.text("en", f"illegal.{key}").format(**err.value.params)
        GAME.text("fr", f"illegal.{key}").format(**err.value.params)


def test_adjacency_any():
    state = solo(adjacency="any")
    assert state.legal_cells() == list(range(19))
    state.play({"type": "place", "cell": 0})
    assert state.legal_cells() == [1, 3, 4]
    with pytest.raises(IllegalMove) as err:
        state.play({"type": "place", "cell": 18})
    assert err.value.key == "not-adjacent"
    state.play({"type": "place", "cell": 4})
    assert state.legal_cells() == [1, 3, 5, 8, 9]


def test_adjacency_previous_and_its_remedy():
    state = solo(adjacency="previous")
    for cell in (0, 4, 1):
        state.play({"type": "place", "cell": cell})
    assert state.legal_cells() == [2, 5]
    with pytest.raises(IllegalMove) as err:
        state.play({"type": "place", "cell": 3})
    assert err.value.key == "not-next-to-previous"
    assert (err.value.params["previous_column"], err.value.params["previous_place"]) == (1, 2)   # cell 1
    # stuck: every neighbour of the previous tile is full -> any cell touching a tile
    board = [None] * 19
    for c in (0, 1, 3, 4):
        board[c] = 0
    assert tie.legal_cells(board, "previous", 0) == [2, 5, 7, 8, 9]
    assert tie.legal_cells(board, "any", 0) == [2, 5, 7, 8, 9]


def test_pairs_place_both_tiles_in_either_order_then_a_single():
    state = GAME.new(2, seed=11, options={"rounds": 1, "pairs": True, "adjacency": "any"})
    pair = state.view()["tiles"]
    assert len(pair) == 2
    moves = state.legal_moves()
    assert len(moves) == 2 * 19 and all("tile" in m for m in moves)
    with pytest.raises(IllegalMove) as err:
        state.play({"type": "place", "cell": 0})
    assert err.value.key == "which-tile"
    state.play({"type": "place", "cell": 0, "tile": pair[1]})
    assert state.current_player == 0 and state.view()["to_place"] == [pair[0]]
    assert state.legal_cells() == [1, 3, 4]
    state.play({"type": "place", "cell": 4})  # the only tile left needs no name
    assert state.current_player == 1 and state.view()["tiles"] == pair
    state.play({"type": "place", "cell": 18, "tile": pair[0]})
    refused_move = {"type": "place", "cell": 17, "tile": pair[1]}   # one tile waits: a move names none
    with pytest.raises(IllegalMove) as err:
        state.play(refused_move)
    assert err.value.key == "one-tile"
    assert state.legal_moves()[0] == {"type": "place", "cell": state.legal_cells()[0]}
    state.play({"type": "place", "cell": 17})
    assert state.view()["revealed"] == 4
    play_first_legal(state, 2 * 16)
    assert state.view()["revealed"] == 19 and len(state.view()["tiles"]) == 1
    play_first_legal(state, 2)
    assert state.is_over and all(None not in b for b in state.boards)


def test_tie_rules():
    state = GAME.new(2, seed=1, options={"rounds": 1, "tie": "best-round"})
    play_first_legal(state, 38)
    state.round_scores = [[100, 100]]
    assert state.winners() == [0, 1]
    state.round_scores = [[100, 80], [50, 70]]
    assert state.totals() == [150, 150] and state.winners() == [0]
    state.options = {**state.options, "tie": "shared"}
    assert state.winners() == [0, 1]


# --- views, records, randomness -------------------------------------------------------------------

def test_view_is_json_and_hides_the_order():
    state = GAME.new(2, seed=5)
    play_first_legal(state, 5)
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    unseen = sorted(tuple(t) for t in view["unseen"])
    assert unseen == sorted(tie.TILES[t] for t in state.order[state.revealed:])
    assert len(unseen) == 27 - view["revealed"] and view["left"] == 19 - view["revealed"]
    assert len(view["lines"]) == 2 and len(view["lines"][0]) == 15
    assert view["legal_cells"] == state.legal_cells()
    assert "order" not in json.dumps(view)


def test_rounds_use_the_documented_shuffles():
    state = solo(seed=99)
    assert state.batch == tie.round_order(99, 0)[:1]
    assert tie.round_order(99, 0) != tie.round_order(99, 1)


def test_records_replay_identically():
    state = GAME.new(2, seed=21, options={"rounds": 1, "pairs": True, "adjacency": "previous"})
    bot = get_bot(GAME.id, "medium")
    while not state.is_over:
        state.play(bot.choose(state))
    record = json.loads(json.dumps(state.record()))
    again = GAME.replay(record)
    assert str(again) == str(state) and again.view(0) == state.view(0) and again.result() == state.result()


def test_copy_is_independent_and_shares_the_game():
    state = solo(seed=2)
    twin = state.copy()
    twin.play({"type": "place", "cell": 3})
    assert state.boards[0][3] is None and twin.boards[0][3] is not None and state.moves == []
    assert twin.game is state.game
    assert str(state.copy()) == str(state)


def test_daily_seed_is_stable():
    seed = tie.daily_seed("2025-01-01")
    assert seed == tie.daily_seed("2025-01-01") != tie.daily_seed("2025-01-02")
    assert GAME.new(1, seed=seed).view()["tiles"] == [[1, 2, 3]]  # golden value
    with pytest.raises(ValueError):
        tie.daily_seed("yesterday")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), choices=st.lists(st.integers(0, 10 ** 6), min_size=40, max_size=40),
       players=st.integers(1, 3), adjacency=st.sampled_from(["off", "any", "previous"]), pairs=st.booleans())
def test_random_legal_play_keeps_invariants(seed, choices, players, adjacency, pairs):
    state = GAME.new(players, seed=seed, options={"rounds": 1, "adjacency": adjacency, "pairs": pairs})
    for k, pick in enumerate(choices * 2):
        if state.is_over:
            break
        before = (json.dumps(state.record()), str(state))
        full = [c for c, t in enumerate(state.boards[state.current_player]) if t is not None]
        bad = full[pick % len(full)] if full and pick % 2 else (19 + pick % 5 if pick % 3 else -1)
        with pytest.raises(IllegalMove):
            state.play({"type": "place", "cell": bad})
        assert (json.dumps(state.record()), str(state)) == before
        legal = state.legal_moves()
        state.play(legal[pick % len(legal)])
        placed = [sum(c is not None for c in b) for b in state.boards]
        assert max(placed) - min(placed) <= 2
    while not state.is_over:
        state.play(state.legal_moves()[0])
    assert [score for score in state.round_scores[0]] == [tie.score_numbers(b) for b in state.boards]
    assert all(0 <= s <= 307 for s in state.round_scores[0])


# --- bots ----------------------------------------------------------------------------------------

def test_levels_weakest_first():
    from ludotheque.core import bot_levels
    assert bot_levels(GAME.id) == ["easy", "medium", "strong", "expert"]
    assert tie_bots.strongest_level() == "expert"


@pytest.mark.parametrize("level", ["easy", "medium", "strong", "expert"])
@pytest.mark.parametrize("options", [{}, {"pairs": True, "adjacency": "previous"}, {"adjacency": "any"}])
def test_bots_play_legal_moves(level, options):
    state = GAME.new(2, seed=4, options={"rounds": 1, **options})
    bot = get_bot(GAME.id, level, seed=1)
    while not state.is_over:
        move = bot.choose(state)
        assert move in state.legal_moves()
        state.play(move)


@pytest.mark.parametrize("level", ["easy", "medium", "strong", "expert"])
def test_bot_choice_ignores_the_hidden_order(level):
    state = solo(seed=8)
    play_first_legal(state, 6)
    hidden = state.order[state.revealed:]
    shuffled = state.copy()
    shuffled.order = state.order[:state.revealed] + hidden[::-1]
    assert shuffled.order != state.order
    a = get_bot(GAME.id, level, seed=3).choose(state)
    b = get_bot(GAME.id, level, seed=3).choose(shuffled)
    assert a == b


def test_hint_works_for_any_seat():
    state = GAME.new(3, seed=6)
    play_first_legal(state, 2)
    assert state.current_player == 2
    assert tie_bots.hint(state) in state.legal_moves()


def test_learned_features_and_weights_load():
    weights = tie_bots.load_weights()
    assert len(weights) == tie_bots.TABLE_SIZE + 1
    board = [None] * 19
    board[9] = 13
    idx = tie_bots.feature_indices(board, [t for t in range(27) if t != 13])
    assert len(idx) == 15 + 3 + 18 + 9 and all(0 <= i < tie_bots.TABLE_SIZE for i in idx)


def random_value(seed: int) -> "tie_bots.LearnedValue":
    import random
    rng = random.Random(seed)
    return tie_bots.LearnedValue([rng.randrange(-4000, 4000) for _ in range(tie_bots.TABLE_SIZE)] + [0], 64)


@pytest.mark.parametrize("seed", [2, 7])
@pytest.mark.parametrize("adjacency", ["off", "any", "previous"])
def test_expert_look_ahead_equals_the_mean_of_one_tile_later(seed, adjacency):
    import random
    value = tie_bots.learned_value() if seed == 2 else random_value(seed)
    rng = random.Random(seed)
    for placed in (1, 5, 11, 15, 17):
        tiles = list(range(27))
        rng.shuffle(tiles)
        cells = list(range(19))
        rng.shuffle(cells)
        board = [None] * 19
        for k in range(placed):
            board[cells[k]] = tiles[k]
        pool = tiles[placed:]
        nxt = tie.legal_cells(board, adjacency, cells[placed - 1])
        want = sum(max(value.after_each(board, t, [u for u in pool if u != t], nxt)) for t in pool) / len(pool)
        assert value.expect_after(board, pool, nxt) == pytest.approx(want, abs=1e-9)


def test_incremental_values_equal_the_full_sum_of_every_table():
    import random
    value = random_value(4)
    rng = random.Random(4)
    for placed in range(0, 18):
        tiles = list(range(27))
        rng.shuffle(tiles)
        board = [None] * 19
        for k, cell in enumerate(rng.sample(range(19), placed)):
            board[cell] = tiles[k]
        tile, pool = tiles[placed], tiles[placed + 1:]
        cells = [c for c in range(19) if board[c] is None]
        for cell, v in zip(cells, value.after_each(board, tile, pool, cells)):
            after = list(board)
            after[cell] = tile
            assert v == pytest.approx(value(after, pool), abs=1e-9)


def random_board(rng, placed: int) -> tuple[list, list[int], int]:
    """A board with `placed` random tiles on random cells: (board, the tiles unseen, the last cell)."""
    tiles = list(range(27))
    rng.shuffle(tiles)
    cells = rng.sample(range(19), 19)
    board = [None] * 19
    for k in range(placed):
        board[cells[k]] = tiles[k]
    return board, tiles[placed:], cells[placed - 1]


@pytest.mark.parametrize("adjacency", ["off", "previous"])
def test_expert_endgame_search_equals_the_strong_bots(adjacency):
    import random
    rng = random.Random(6)
    strong, expert = get_bot(GAME.id, "strong"), get_bot(GAME.id, "expert")
    for placed in (16, 17, 18):
        board, pool, previous = random_board(rng, placed)
        assert expert._exact(board, pool, previous, adjacency) == pytest.approx(
            strong._exact(board, pool, previous, adjacency), abs=1e-9)


@pytest.mark.parametrize("adjacency", ["off", "previous"])
def test_expert_two_tiles_look_ahead_is_the_mean_of_the_best_look_ahead_one_tile_later(adjacency):
    import random
    rng = random.Random(8)
    expert, wide = tie_bots.ExpertBot(GAME, 0), tie_bots.ExpertBot(GAME, 0)
    wide.deep_width2 = 19
    for placed in (12, 15):
        board, pool, previous = random_board(rng, placed)
        want = 0.0
        for t in pool:
            rest = [u for u in pool if u != t]
            want += max(expert._expect(after, rest, c, adjacency)
                        for c in tie.legal_cells(board, adjacency, previous)
                        for after in [[t if k == c else x for k, x in enumerate(board)]])
        want /= len(pool)
        assert wide._expect2(board, pool, previous, adjacency) == pytest.approx(want, abs=1e-9)
        assert expert._expect2(board, pool, previous, adjacency) <= want + 1e-9


def test_expert_is_deterministic_and_blind_to_the_order_all_round():
    state = solo(seed=11)
    while not state.is_over:
        move = get_bot(GAME.id, "expert", seed=1).choose(state)
        if state.phase == "place" and state.revealed < 19:
            shuffled = state.copy()
            hidden = state.order[state.revealed:]
            shuffled.order = state.order[:state.revealed] + hidden[::-1]
            assert get_bot(GAME.id, "expert", seed=1).choose(shuffled) == move
        assert move in state.legal_moves()
        state.play(move)


def test_default_seat_level_stays_strong():
    from ludotheque.core import default_bot_level
    assert default_bot_level(GAME.id) == "strong"


def test_the_rules_text_has_its_parts():
    """(Both languages' keys, blanks and options: test_contract.py, for every game.)"""
    en = GAME.texts["en"]
    assert en["rules"].count("\n\n") >= 4


def test_the_log_names_a_cell_by_its_column_and_its_place_from_the_top():
    game = tie.GAME
    state = game.new(1, seed=5)
    move = {"type": "place", "cell": 17}   # column 5, second from the top
    said = game.describe(state, move)
    template = game.text("en", said["key"])
    assert template.format(**said["params"]).endswith("on hex 2 of column 5")
    assert game.text("fr", said["key"]).format(**said["params"]).endswith("sur la case 2 de la colonne 5")
    state.play(move)
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert game.text("en", "illegal." + err.value.key).format(**err.value.params) == "Hex 2 of column 5 already has a tile."


def test_in_caller_mode_the_caller_changes_each_round():
    """"Un autre joueur prend la place de meneur": with the real boxes, the seat that reveals the
    tiles passes on each round (it was seat 0 in every round)."""
    state = GAME.new(3, seed=4, options={"mode": "caller"})
    callers = []
    while not state.is_over:
        if state.phase == "call" and state.view()["called"] == []:
            callers.append(state.current_player)
        state.play(state.legal_moves()[0])
    assert callers == [0, 1, 2, 0]


def test_one_form_per_move_and_older_records_that_named_the_only_tile_still_replay():
    """A "tile" is named exactly when two tiles wait, as `legal_moves()` lists the moves (issue
    #39); a record of an earlier version, whose bots named the only tile waiting (and which took
    a tile named in a game without pairs), replays, in the one form."""
    state = solo()
    tile = state.view()["to_place"][0]
    with pytest.raises(IllegalMove) as err:
        state.play({"type": "place", "cell": 0, "tile": tile})
    assert err.value.key == "one-tile"
    GAME.text("fr", "illegal.one-tile").format(**err.value.params)
    old = GAME.new(2, seed=11, options={"rounds": 1, "pairs": True, "adjacency": "any"})
    written = []
    while not old.is_over:
        to_place = old.view()["to_place"]
        move = {"type": "place", "cell": old.legal_cells()[0], "tile": to_place[-1]}   # always named, as before
        written.append(move)
        old.play(move if len(to_place) > 1 else {k: v for k, v in move.items() if k != "tile"})
    record = {**old.record(), "moves": written}
    replayed = GAME.replay(record)
    assert replayed.record() == old.record() and replayed.is_over
    assert sum("tile" in m for m in replayed.moves) == sum("tile" in m for m in old.moves) < len(written)
