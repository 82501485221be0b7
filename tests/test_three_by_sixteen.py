"""3x16: the rules of RULES.md §2 (T1-T6), its options, views, records, bots and the hindsight solver."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque import bots, games
from ludotheque.games.three_by_sixteen import bots as x16_bots
from ludotheque.core import BadOptions, IllegalMove, bot_levels, default_bot_level, get_bot
from ludotheque.games.three_by_sixteen import rules as x16

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import three_by_sixteen_hindsight as hindsight  # noqa: E402
from test_saves_logic import touch_every_container

GAME = x16.GAME


def solo(seed: int = 0, **options):
    return GAME.new(1, seed=seed, options=options)


def rigged(order: list[int], players: int = 1, **options):
    """A game whose calls are `order` (the rest of the 48 follow in any order)."""
    state = GAME.new(players, seed=0, options=options)
    rest = list(x16.call_order(0))
    for n in order:
        rest.remove(n)
    state.order = list(order) + rest
    return state


def refused(state, move, key: str) -> IllegalMove:
    before = (json.dumps(state.record()), str(state), json.dumps(state.view(None)))
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert err.value.key == key, (err.value.key, err.value.reason)
    assert (json.dumps(state.record()), str(state), json.dumps(state.view(None))) == before
    return err.value


def finish(state, level: str = "medium") -> None:
    bot = get_bot(GAME.id, level, seed=0)
    while not state.is_over:
        state.play(bot.choose(state))


# --- registry, deal ------------------------------------------------------------------------------------

def test_registered_with_the_documented_declaration():
    assert games.get("3x16") is GAME and "3x16" in games.ids()
    assert (GAME.min_players, GAME.max_players, GAME.default_players) == (1, 4, 1)
    assert GAME.default_options() == {"mode": "play", "placement": "direct", "first_one": "free", "transfers": "manual"}
    assert GAME.summary()["id"] == "3x16"
    with pytest.raises(BadOptions):
        GAME.new(5)
    with pytest.raises(BadOptions):
        GAME.new(1, options={"colour": "red"})
    with pytest.raises(BadOptions):
        GAME.new(1, options={"mode": "caller", "transfers": "automatic"})


def test_the_calls_are_1_to_16_three_times_and_follow_the_seed():
    order = x16.call_order(5)
    assert sorted(order) == sorted(list(range(1, 17)) * 3)
    assert order == x16.call_order(5) != x16.call_order(6)
    state = solo(seed=5)
    assert state.view()["call"] == order[0] and state.view()["call_number"] == 1


def test_daily_seed_is_stable_and_differs_from_take_it_easy():
    from ludotheque.games import take_it_easy
    seed = x16.daily_seed("2025-01-01")
    assert seed == x16.daily_seed("2025-01-01") != x16.daily_seed("2025-01-02")
    assert seed != take_it_easy.daily_seed("2025-01-01")
    assert solo(seed=seed).order == x16.call_order(seed)
    with pytest.raises(ValueError):
        x16.daily_seed("tomorrow")


# --- placing, transferring, saying done ----------------------------------------------------------

def test_a_non_one_fits_no_empty_row_and_goes_to_a_column():
    state = rigged([5, 1, 2])
    refused(state, {"type": "place", "row": 0}, "no-fit-all-empty")
    refused(state, {"type": "done"}, "place-first")
    assert state.legal_moves() == [{"type": "place", "column": j} for j in range(5)]
    state.play({"type": "place", "column": 2})
    refused(state, {"type": "place", "column": 1}, "placed-already")
    assert state.legal_moves() == [{"type": "done"}]
    state.play({"type": "done"})
    assert state.view()["call"] == 1 and state.columns[0][2] == [5]


def test_passage_a_2_at_a_column_bottom_follows_the_1_without_being_called():
    # RULES §2.5: "... il y a un 2, celui-ci, même si on ne l'a pas appelé, peut être placé après le 1"
    state = rigged([3, 2, 1, 4])
    for column in (0, 0):
        state.play({"type": "place", "column": column})
        state.play({"type": "done"})
    assert state.columns[0][0] == [3, 2]
    refused(state, {"type": "transfer", "column": 0, "row": 0}, "no-fit-all-empty")
    state.play({"type": "place", "row": 1})          # the called 1 starts row 2
    assert state.view()["movable"] == [{"column": 0, "row": 1, "n": 2}]
    state.play({"type": "transfer", "column": 0, "row": 1})   # the 2, never called again
    state.play({"type": "transfer", "column": 0, "row": 1})   # then the 3 it uncovered
    assert state.ends[0] == [0, 3, 0] and state.columns[0][0] == []
    assert state.view()["rows"][0] == [[], [1, 2, 3], []]
    state.play({"type": "done"})
    state.play({"type": "place", "row": 1})          # the called 4 follows the 3
    assert state.ends[0][1] == 4


def test_only_the_bottom_tile_moves_and_refusals_name_the_rows():
    state = rigged([1, 1, 7, 5, 2])
    state.play({"type": "place", "row": 0})
    state.play({"type": "done"})
    state.play({"type": "place", "row": 2})
    state.play({"type": "done"})
    state.play({"type": "place", "column": 0})       # 7
    state.play({"type": "done"})
    err = refused(state, {"type": "place", "row": 0}, "no-fit-some-empty")   # 5 on rows ending 1, -, 1
    assert err.reason == "5 fits no main row: the rows end with 1, 1 and nothing yet."
    state.play({"type": "place", "column": 0})       # 5 under the 7
    state.play({"type": "done"})
    refused(state, {"type": "transfer", "column": 0, "row": 0, "index": 0}, "move-fields")   # one form per move
    refused(state, {"type": "transfer", "column": 0}, "move-fields")
    refused(state, {"type": "transfer", "column": 3, "row": 0}, "empty-column")
    refused(state, {"type": "transfer", "column": 0, "row": 0}, "no-fit-some-empty")
    refused(state, {"type": "place", "row": 1}, "wrong-row-empty")
    state.play({"type": "place", "row": 0})          # 2 after the first 1
    refused(state, {"type": "place", "row": 0}, "placed-already")


def test_refusals_of_malformed_and_unknown_moves():
    state = solo()
    refused(state, "place", "malformed")
    refused(state, {"type": "jump"}, "unknown-move")
    refused(state, {"type": "place", "column": 0, "colour": 1}, "move-fields")
    refused(state, {"type": "transfer"}, "move-fields")
    refused(state, {"type": "place"}, "place-where")
    refused(state, {"type": "place", "row": 0, "column": 0}, "place-where")
    refused(state, {"type": "place", "column": 5}, "bad-column")
    refused(state, {"type": "place", "column": True}, "field-type")   # the core's check
    refused(state, {"type": "place", "row": -1}, "bad-row")
    refused(state, {"type": "transfer-all"}, "nothing-fits")
    refused(state, {"type": "call"}, "not-caller-mode")
    finish(state)
    refused(state, {"type": "done"}, "game-over")


def test_transfer_all_moves_every_tile_that_fits_and_says_how_many():
    state = rigged([4, 3, 2, 6, 5, 1])
    for n in (4, 3, 2):
        state.play({"type": "place", "column": 0})
        state.play({"type": "done"})
    state.play({"type": "place", "column": 1})  # 6
    state.play({"type": "done"})
    state.play({"type": "place", "column": 1})  # 5
    state.play({"type": "done"})
    state.play({"type": "place", "row": 2})     # 1
    move = {"type": "transfer-all"}
    assert move in state.legal_moves()
    said = GAME.describe(state, move)
    state.play(move)
    assert said == {"key": "move.transfer-all", "params": {"count": 5}}
    assert state.ends[0] == [0, 0, 6] and state.in_columns(0) == 0
    assert state.view()["left"] == [42]


def test_the_game_ends_after_48_calls_with_48_tiles_on_each_tableau():
    state = GAME.new(2, seed=11)
    finish(state)
    assert state.is_over and state.current_player is None and state.legal_moves() == []
    for seat in range(2):
        assert state.rows_filled(seat) + state.in_columns(seat) == 48
    view = state.view(0)
    assert view["call_number"] == 48 and view["calls_left"] == 0 and view["to_come"] == [0] * 16
    assert state.scores() == [-float(state.in_columns(s)) for s in range(2)]


def test_winners_complete_tableaux_jointly_else_fewest_left_shared():
    state = GAME.new(3, seed=1)
    finish(state)
    state.ends = [[16, 16, 16], [16, 16, 16], [16, 16, 14]]
    state.columns = [[[] for _ in range(5)], [[] for _ in range(5)], [[16, 15]] + [[] for _ in range(4)]]
    assert state.winners() == [0, 1] and state.view()["complete"] == [True, True, False]
    state.ends = [[16, 16, 14], [16, 15, 14], [16, 16, 14]]
    assert state.winners() == [0, 2]
    assert state.result()["winners"] == [0, 2]


def test_the_solitaire_is_won_only_with_no_tile_left():
    state = solo(seed=3)
    finish(state, "easy")
    assert state.left(0) > 0
    assert state.result() == {"scores": [-float(state.left(0))], "winners": []}
    assert state.view(0)["winners"] == []
    state.ends[0], state.columns[0] = [16, 16, 16], [[] for _ in range(5)]
    assert state.result() == {"scores": [0.0], "winners": [0]}


def test_seats_resolve_each_call_in_turn_seat_0_first():
    state = GAME.new(3, seed=2)
    seen = []
    for _ in range(3):
        call = state.view()["call"]
        for seat in range(3):
            assert state.current_player == seat and state.view()["call"] == call
            seen.append(seat)
            state.play({"type": "place", "column": 0} if call != 1 else state.legal_moves()[0])
            state.play({"type": "done"})
    assert seen == [0, 1, 2] * 3 and state.view()["call_number"] == 4


# --- options --------------------------------------------------------------------------------------

def test_first_one_free_lets_a_1_into_a_column_and_row_does_not():
    free = rigged([1, 2])
    free.play({"type": "place", "column": 4})
    assert free.columns[0][4] == [1]
    free.play({"type": "done"})
    free.play({"type": "transfer", "column": 4, "row": 1})   # the parked 1 starts a row later
    assert free.ends[0] == [0, 1, 0]
    strict = rigged([1, 2], first_one="row")
    assert strict.legal_moves() == [{"type": "place", "row": i} for i in range(3)]
    refused(strict, {"type": "place", "column": 4}, "one-starts-row")


def test_via_column_puts_every_called_tile_in_a_column_first():
    state = rigged([1, 2, 5], placement="via-column")
    assert state.legal_moves() == [{"type": "place", "column": j} for j in range(5)]
    assert state.view()["targets"] == {"rows": [], "columns": [0, 1, 2, 3, 4]}
    err = refused(state, {"type": "place", "row": 0}, "via-column")
    assert err.params == {"n": 1}
    state.play({"type": "place", "column": 2})
    assert {"type": "transfer", "column": 2, "row": 0} in state.legal_moves()
    state.play({"type": "transfer", "column": 2, "row": 0})
    state.play({"type": "done"})
    state.play({"type": "place", "column": 0})
    state.play({"type": "transfer-all"})
    assert state.ends[0] == [2, 0, 0] and state.in_columns(0) == 0
    with pytest.raises(BadOptions):   # a called 1 cannot both go into a column first and start a row
        GAME.new(1, options={"placement": "via-column", "first_one": "row"})
    with pytest.raises(BadOptions):
        GAME.new(1, options={"mode": "caller", "placement": "via-column"})


def test_automatic_transfers_end_the_step_by_themselves():
    state = rigged([3, 2, 1, 5], transfers="automatic")
    assert all(m["type"] == "place" for m in state.legal_moves())
    state.play({"type": "place", "column": 0})
    assert state.view()["call"] == 2  # no "done"
    state.play({"type": "place", "column": 0})
    move = {"type": "place", "row": 0}
    assert GAME.describe(state, move) == {"key": "move.place-row-then", "params": {"n": 1, "row": 1, "count": 2}}
    state.play(move)
    assert state.ends[0] == [3, 0, 0] and state.in_columns(0) == 0 and state.view()["call"] == 5
    refused(state, {"type": "done"}, "automatic")
    refused(state, {"type": "transfer-all"}, "automatic")


def test_caller_mode_only_calls_the_numbers():
    state = GAME.new(2, seed=9, options={"mode": "caller"})
    order = x16.call_order(9)
    assert state.view()["call"] is None and state.view()["calls_left"] == 48
    assert state.legal_moves() == [{"type": "call"}] and state.current_player == 0
    refused(state, {"type": "place", "column": 0}, "caller-mode")
    for k in range(48):
        assert state.information() == k
        said = GAME.describe(state, {"type": "call"})
        state.play({"type": "call"})
        view = state.view(1)
        assert said == {"key": "move.call", "params": {"n": order[k], "k": k + 1}}
        assert view["call"] == order[k] and view["past_calls"] == order[:k + 1]
        assert view["calls_left"] == 47 - k and sum(view["to_come"]) == 47 - k
        assert "columns" not in view and "rows" not in view
    assert state.is_over and state.winners() == [] and state.scores() == [0.0, 0.0]
    refused(state, {"type": "call"}, "game-over")
    assert GAME.replay(state.record()).view() == state.view()


# --- views, records, copies ----------------------------------------------------------------------

def test_views_are_fresh_json_and_hide_the_order():
    state = GAME.new(2, seed=3)
    for _ in range(7):
        state.play(state.legal_moves()[-1])
    reference = json.dumps(state.view(0), sort_keys=True)
    record = json.dumps(state.record())
    view = state.view(0)
    assert json.loads(json.dumps(view)) == view
    touch_every_container(view)
    assert json.dumps(state.view(0), sort_keys=True) == reference and json.dumps(state.record()) == record
    view = state.view(0)
    assert view["past_calls"] == state.order[:state.called]
    assert sum(view["to_come"]) == 48 - state.called
    assert "order" not in json.dumps(view) and str(state.order[state.called:]) not in json.dumps(view)
    assert view["targets"] == {"rows": state.targets()[0], "columns": state.targets()[1]}


def test_records_replay_identically_and_copies_are_independent():
    state = GAME.new(3, seed=21, options={"first_one": "row"})
    finish(state, "easy")
    again = GAME.replay(json.loads(json.dumps(state.record())))
    assert str(again) == str(state) and again.view(1) == state.view(1) and again.result() == state.result()
    state = solo(seed=4)
    clone = state.copy()
    clone.play(clone.legal_moves()[0])
    assert state.moves == [] and state.columns[0] == [[] for _ in range(5)] and clone.game is state.game


def test_information_counts_the_calls():
    state = solo(seed=2)
    assert state.information() == 1
    state.play(state.legal_moves()[0])
    assert state.information() == 1
    state.play({"type": "done"})
    assert state.information() == 2


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), picks=st.lists(st.integers(0, 10 ** 6), min_size=50, max_size=50),
       players=st.integers(1, 3), first_one=st.sampled_from(["free", "row", "via-column"]),
       transfers=st.sampled_from(["manual", "automatic"]))
def test_random_legal_play_keeps_invariants(seed, picks, players, first_one, transfers):
    options = {"placement": "via-column"} if first_one == "via-column" else {"first_one": first_one}
    state = GAME.new(players, seed=seed, options={**options, "transfers": transfers})
    k = 0
    while not state.is_over:
        legal = state.legal_moves()
        for move in legal:
            state.check(move)
        move = legal[picks[k % len(picks)] % len(legal)]
        k += 1
        if move["type"] == "transfer":
            col = state.columns[state.current_player][move["column"]]
            assert state.ends[state.current_player][move["row"]] == col[-1] - 1
            refused(state, {**move, "index": len(col) - 1}, "move-fields")   # one form per move
        state.play(move)
        for seat in range(players):
            on_rows = state.rows_filled(seat)
            assert all(0 <= end <= 16 for end in state.ends[seat])
            assert on_rows + state.in_columns(seat) <= state.called
        assert k < 5000
    for seat in range(players):
        assert state.rows_filled(seat) + state.in_columns(seat) == 48
        assert sorted(n for col in state.columns[seat] for n in col) + sorted(
            n for end in state.ends[seat] for n in range(1, end + 1)) != []
        tiles = sorted([n for col in state.columns[seat] for n in col]
                       + [n for end in state.ends[seat] for n in range(1, end + 1)])
        assert tiles == sorted(list(range(1, 17)) * 3)
    assert GAME.replay(state.record()).view() == state.view()


# --- legal_moves is the whole set ----------------------------------------------------------------------

def candidate_moves() -> list[dict]:
    """Every move a player could send, each written in full (a transfer names its row)."""
    moves = [{"type": "place", "row": i} for i in range(x16.ROWS)]
    moves += [{"type": "place", "column": j} for j in range(x16.COLUMNS)]
    moves += [{"type": "transfer", "column": j, "row": i} for j in range(x16.COLUMNS) for i in range(x16.ROWS)]
    return moves + [{"type": "transfer-all"}, {"type": "done"}, {"type": "call"}]


def accepted(state) -> list[dict]:
    """The candidate moves play() accepts in `state`."""
    out = []
    for move in candidate_moves():
        try:
            state.copy().play(move)
        except IllegalMove:
            continue
        out.append(move)
    return out


def test_legal_moves_list_a_transfer_to_every_row_it_fits():
    state = solo(seed=6)
    assert state.call == 1
    state.play({"type": "place", "column": 3})   # the 1 fits all three empty rows
    transfers = [m for m in state.legal_moves() if m["type"] == "transfer"]
    assert transfers == [{"type": "transfer", "column": 3, "row": i} for i in range(3)]
    state.play({"type": "transfer", "column": 3, "row": 2})
    assert state.ends[0] == [0, 0, 1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), picks=st.lists(st.integers(0, 10 ** 6), min_size=20, max_size=20),
       players=st.integers(1, 2), options=st.sampled_from([{}, {"first_one": "row"}, {"placement": "via-column"},
                                                           {"transfers": "automatic"}, {"mode": "caller"}]))
def test_legal_moves_are_exactly_the_moves_play_accepts(seed, picks, players, options):
    state = GAME.new(players, seed=seed, options=options)
    for k in range(300):
        if state.is_over:
            break
        legal = state.legal_moves()
        if k % 7 == 0:  # not at every step: 21 copies each
            assert sorted(map(json.dumps, accepted(state))) == sorted(map(json.dumps, legal))
        state.play(legal[picks[k % len(picks)] % len(legal)])


# --- "transfer-all" and automatic transfers: the order that moves the most ---------------------------

DEAL_484 = [2, 3, 4, 2, 3, 0, 4, 1, 1, 2, 3]   # columns for the calls 6 11 11 16 13 2 15 3 2 8 5


def deal_484_before_its_1(**options):
    """Seed 484 just before its first 1: columns start [[2], [3, 2], ...], so column 1's 2 then
    its 3 can follow the 1, while column 0's 2 first leaves the other 2 with nothing to go on."""
    state = GAME.new(1, seed=484, options=options)
    for column in DEAL_484:
        state.play({"type": "place", "column": column})
        if not state.automatic:
            state.play({"type": "done"})
    assert state.call == 1 and state.columns[0][:2] == [[2], [3, 2]]
    return state


def test_automatic_transfers_move_as_many_tiles_as_any_order_allows():
    state = deal_484_before_its_1(transfers="automatic")
    move = {"type": "place", "row": 0}
    assert GAME.describe(state, move) == {"key": "move.place-row-then", "params": {"n": 1, "row": 1, "count": 2}}
    state.play(move)
    assert state.ends[0] == [3, 0, 0] and state.columns[0][:2] == [[2], []]


def test_move_everything_that_fits_moves_as_many_tiles_as_any_order_allows():
    state = deal_484_before_its_1()
    state.play({"type": "place", "row": 0})
    assert GAME.describe(state, {"type": "transfer-all"})["params"] == {"count": 2}
    state.play({"type": "transfer-all"})
    assert state.ends[0] == [3, 0, 0] and state.columns[0][:2] == [[2], []]


def test_a_game_recorded_under_rules_version_1_replays_and_plays_on_with_its_order():
    state = deal_484_before_its_1(transfers="automatic")
    state.play({"type": "place", "row": 0})
    old = {**state.record(), "rules_version": 1}
    before = GAME.replay(old)
    assert before.ends[0] == [2, 0, 0] and before.columns[0][:2] == [[], [3, 2]]  # as it was saved
    assert before.record() == old and GAME.replay(before.record()).view() == before.view()
    finish(before)  # plays on to the end, still recording version 1
    assert before.record()["rules_version"] == 1 and GAME.replay(before.record()).view() == before.view()
    assert GAME.replay(state.record()).ends[0] == [3, 0, 0] and state.record()["rules_version"] == 2


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), picks=st.lists(st.integers(0, 10 ** 6), min_size=30, max_size=30),
       automatic=st.booleans())
def test_no_order_of_transfers_moves_more_than_the_engine(seed, picks, automatic):
    state = GAME.new(1, seed=seed, options={"transfers": "automatic"} if automatic else {})
    k = 0
    while not state.is_over:
        legal = state.legal_moves()
        move = legal[picks[k % len(picks)] % len(legal)]
        k += 1
        if move["type"] in ("place", "transfer-all"):
            ends, columns = list(state.ends[0]), [list(c) for c in state.columns[0]]
            if move["type"] == "place":   # the called tile where the move puts it
                if "row" in move:
                    ends[move["row"]] = state.call
                else:
                    columns[move["column"]].append(state.call)
            fewest = min(sum(map(len, cols)) for _, cols, _ in x16.transfer_outcomes(ends, columns))
            if automatic or move["type"] == "transfer-all":
                after = state.copy()
                after.play(move)
                assert after.in_columns(0) == fewest
        state.play(move)


def test_orders_moving_as_many_are_settled_without_the_calls_to_come():
    """Two bottom 3s compete for the one row ending with 2, and either order moves one tile:
    which 3 goes depends on the tableau and how many of each number are to come, never on the
    order the calls will come in."""
    chosen = set()
    for variant in range(3):
        state = rigged([1, 2, 9, 5, 3, 3])
        later = state.order[6:]
        state.order[6:] = [sorted(later), sorted(later, reverse=True), later][variant]
        state.ends[0] = [2, 0, 0]
        state.columns[0] = [[9, 3], [5, 3], [], [], []]
        state.called, state.placed = 6, True
        assert len(x16.transfer_outcomes(state.ends[0], state.columns[0])) == 2
        state.play({"type": "transfer-all"})
        assert state.ends[0] == [3, 0, 0] and state.in_columns(0) == 3
        chosen.add(json.dumps(state.columns[0]))
    assert len(chosen) == 1


# --- texts -----------------------------------------------------------------------------------------

def test_texts_say_the_contract_refusals_and_a_move_never_starts_with_the_player():
    """(Both languages' keys, blanks and options: test_contract.py, for every game.)"""
    en = GAME.texts["en"]
    for key in ("malformed", "game-over", "unknown-move", "move-fields", "field-type"):
        assert GAME.text("en", f"illegal.{key}") != GAME.text("fr", f"illegal.{key}") != f"illegal.{key}"
    assert en["rules"].count("\n\n") >= 4
    assert not any(text.startswith("{player}") for key, text in en.items() if key.startswith("move."))


def test_every_move_describes_itself_with_a_known_text():
    state = GAME.new(2, seed=13)
    bot = get_bot(GAME.id, "easy", seed=1)
    while not state.is_over:
        move = bot.choose(state)
        said = GAME.describe(state, move)
        assert said["key"] in GAME.texts["en"] and said["key"] in GAME.texts["fr"]
        GAME.texts["fr"][said["key"]].format(**said["params"])
        state.play(move)


# --- bots --------------------------------------------------------------------------------------------

def test_levels_weakest_first_and_the_default():
    assert bot_levels(GAME.id) == ["easy", "medium", "strong"]
    assert default_bot_level(GAME.id) == "strong"


BOT_OPTIONS = ({}, {"first_one": "row", "transfers": "automatic"}, {"mode": "caller"},
               {"placement": "via-column"}, {"placement": "via-column", "transfers": "automatic"})


# the strong bot's whole games under every other option take a minute and a half: make test-long
@pytest.mark.parametrize("options, level", [
    pytest.param(options, level, marks=[pytest.mark.long] if level == "strong" and options else [])
    for options in BOT_OPTIONS for level in ("easy", "medium", "strong")])
def test_bots_play_legal_moves_to_the_end(level, options):
    state = GAME.new(2, seed=4, options=options)
    bot = get_bot(GAME.id, level, seed=1)
    while not state.is_over:
        move = bot.choose(state)
        assert move in state.legal_moves() or move["type"] in ("transfer-all", "done", "call"), move
        state.play(move)
    if options.get("mode") != "caller":
        assert all(not x16.movable(state.ends[s], state.columns[s]) for s in range(2))


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_bots_are_deterministic_and_blind_to_the_order_of_future_calls(level):
    state = solo(seed=8)
    bot = get_bot(GAME.id, "medium")
    for _ in range(30):
        state.play(bot.choose(state))
    shuffled = state.copy()
    hidden = state.order[state.called:]
    shuffled.order = state.order[:state.called] + hidden[::-1]
    assert shuffled.order != state.order and shuffled.view(0) == state.view(0)
    choices = {json.dumps(get_bot(GAME.id, level, seed=3).choose(s)) for s in (state, shuffled, state.copy())}
    assert len(choices) == 1


def test_medium_parks_under_the_smallest_bottom_at_least_as_high():
    columns = [[9], [12, 6], [], [16, 14], [3]]
    assert x16_bots.parker_target([0, 0, 0], columns, 5) == 1
    assert x16_bots.parker_target([0, 0, 0], columns, 7) == 0
    assert x16_bots.parker_target([0, 0, 0], columns, 15) == 2
    assert x16_bots.parker_target([4, 0, 0], columns, 5) == x16_bots.ROW
    full = [[9], [12, 6], [2], [16, 14], [3]]
    assert x16_bots.parker_target([0, 0, 0], full, 15) == 3
    assert x16_bots.parker_target([0, 0, 0], full, 16) == 3  # under the highest bottom below it, 14


def test_strong_bot_plays_a_solo_game_and_hint_is_legal():
    state = solo(seed=5)
    assert x16_bots.hint(state) in state.legal_moves()
    finish(state, "strong")
    assert state.is_over
    assert bots.choose(GAME.new(1, seed=1), "easy") in GAME.new(1, seed=1).legal_moves()


def last_call_of_deal_7(game=GAME):
    """Deal 7 before its last call, a 7: the 15 in the last column sits above a 16, and both
    16s at column bottoms wait for a row ending with 15."""
    state = game.new(1, seed=7)
    state.ends[0] = [12, 12, 6]
    state.columns[0] = [[14, 13, 13, 11, 9, 14], [15, 10], [16, 15, 16], [14, 12], [15, 16, 13, 8]]
    state.called = 48
    return state


def test_the_order_of_transfers_matters_when_equal_bottoms_compete_for_a_row():
    ends, columns = [12, 12, 7], last_call_of_deal_7().columns[0]
    left = sorted(sum(map(len, c)) for _, c, _ in x16.transfer_outcomes(ends, columns))
    assert left == [0, 2]
    x16.transfer_all(ends, columns)
    assert sum(map(len, columns)) == 2  # the first column first: the 16 over the 15 goes too early


def test_strong_bot_chooses_the_order_of_its_transfers():
    state = last_call_of_deal_7()
    assert state.call == 7
    finish(state, "strong")
    assert state.left(0) == 0
    state = last_call_of_deal_7()
    finish(state, "medium")  # "transfer-all": the order that moves the most
    assert state.left(0) == 0
    state = last_call_of_deal_7(x16.VERSION_1)
    finish(state, "medium")  # rules version 1's "transfer-all": the first column first
    assert state.left(0) == 2



def test_a_column_the_rows_cannot_clear_is_seen():
    assert x16_bots.clears([16, 12, 9, 5], [4, 0, 0])          # one row takes it all, 5 first
    assert x16_bots.clears([5, 9], [4, 4, 0])                   # the 9 onto one row, the 5 onto another
    assert not x16_bots.clears([5, 9], [8, 8, 8])               # the rows have passed the 5
    assert not x16_bots.clears([3, 4, 5, 6], [0, 0, 0])         # four falling tiles, three rows


def test_the_exact_ending_completes_what_hindsight_completes():
    # from an empty tableau with 3 columns (numbers 1..5): `completes` finds a completion exactly
    # when the solver does, but for equal bottoms competing for a row (it moves them in one order)
    agree = 0
    for seed in range(40):
        deal = hindsight.small_deal(seed, high=5)
        found = x16_bots.completes([0, 0, 0], [[], [], []], deal, 0, [0])
        solved = hindsight.solve(deal, high=5, columns=3).best == 0
        assert solved or not found
        agree += found == solved
    assert agree >= 36


def test_the_exact_ending_agrees_with_trying_every_column():
    # positions the playout reaches on small deals (numbers 1..5, 3 columns), their last 3 to 6
    # calls in a known order: `completes` (its cuts: columns the rows cannot clear, alike columns
    # tried once, a tile parked by the last call) says what trying every column for every parked
    # tile says
    def brute(ends, columns, calls):
        if not calls:
            return not any(columns)
        n = calls[0]
        if n - 1 in ends:
            ends, columns = list(ends), [list(c) for c in columns]
            ends[ends.index(n - 1)] = n
            x16.follow_on(ends, columns)
            return brute(ends, columns, calls[1:])
        return any(brute(list(ends), [c + [n] if k == j else list(c) for k, c in enumerate(columns)], calls[1:])
                   for j in range(len(columns)))

    outcomes = []
    for seed in range(60):
        deal = hindsight.small_deal(seed, high=5)
        for exact in (3, 4, 5, 6):
            ends, columns = [0, 0, 0], [[], [], []]
            x16.playout(ends, columns, deal[:-exact])
            before = (list(ends), [list(c) for c in columns])
            found = x16_bots.completes(ends, columns, deal[-exact:], 0, [0])
            assert (ends, columns) == before   # left as it was
            assert found == brute(ends, columns, deal[-exact:])
            outcomes.append(found)
    assert True in outcomes and False in outcomes


def test_a_race_drops_only_what_is_clearly_behind():
    best = [1, 0] * 40
    alike = [0, 1] * 40              # as good, differently
    worse = [x + 1 for x in best]    # a tile more on every order
    # about 1 standard error behind: a tile more on 15 orders, one less on 10
    noisy = [x + (k % 8 == 0 or k % 16 == 2) - (k % 8 == 4) for k, x in enumerate(best)]
    scores = [best, alike, worse, noisy]
    assert x16_bots.raced([0, 1, 2, 3], scores, 2.5) == [0, 1, 3]
    assert x16_bots.raced([0, 1, 2, 3], scores, 0.5) == [0, 1]


def test_two_solo_strong_bots_with_their_own_seeds_part_ways():
    # their playouts, exact endings included, are drawn from their own seeds
    parted = False
    for deal in (3, 4):
        a, b = solo(seed=deal), solo(seed=deal)
        first, second = get_bot(GAME.id, "strong", seed=1), get_bot(GAME.id, "strong", seed=2)
        while not a.is_over and not parted:
            a.play(first.choose(a))
            b.play(second.choose(b))
            parted = (a.ends, a.columns) != (b.ends, b.columns)
        if parted:
            break
    assert parted

# --- the hindsight solver ------------------------------------------------------------------------

def test_solver_on_an_ascending_deal_completes():
    order = [n for n in range(1, 17) for _ in range(3)]
    result = hindsight.solve(order)
    assert result.best == 0 and result.exact


def test_solver_on_a_descending_deal_completes_with_sorted_columns():
    order = [n for n in range(16, 0, -1) for _ in range(3)]
    assert hindsight.solve(order).best == 0


def test_solver_finds_a_forced_loss_with_one_column():
    # 2 above three 3s in a single column: two rows take a 2 from the calls and a 3 each, the
    # third 3 then waits for a row ending with 2, whose 2 is above it
    order = [2, 3, 3, 3, 1, 1, 1, 2, 2]
    result = hindsight.solve(order, high=3, columns=1)
    assert (result.best, result.exact) == (2, True)
    assert hindsight.brute_force(order, high=3, columns=1) == 2


def test_solver_agrees_with_every_play_on_tiny_deals():
    for seed in range(6):
        small = hindsight.small_deal(seed, high=4)
        assert hindsight.solve(small, high=4, columns=2).best == hindsight.brute_force(small, high=4, columns=2) == 0


def test_transferring_everything_is_not_always_best():
    # keeping the 4 of a column and covering it beats moving it at once (found by --check-any)
    deal = [2, 5, 4, 1, 3, 3, 3, 4, 5, 1, 2, 5, 1, 4, 2]
    assert hindsight.solve(deal, high=5, columns=2).best == 2
    assert hindsight.brute_force(deal, high=5, columns=2) == 0


def test_solver_completes_a_real_deal_and_never_beats_every_play():
    result = hindsight.solve(x16.call_order(0))
    assert result == hindsight.Result(0, True, result.nodes)
    assert hindsight.greedy_left(x16.call_order(0)) >= 0


# --- Take It Easy's caller mode (same idea, in take_it_easy.py) ------------------------------------

@pytest.mark.parametrize("pairs", [False, True])
def test_take_it_easy_caller_mode_reveals_the_tiles_round_by_round(pairs):
    from ludotheque.games.take_it_easy import rules as tie
    game = tie.GAME
    state = game.new(3, seed=5, options={"mode": "caller", "rounds": 4, "pairs": pairs})
    for round_index in range(4):
        order = tie.round_order(5, round_index)
        view = state.view(0)
        assert view["phase"] == "call" and view["revealed"] == 0 and view["called"] == [] and view["tiles"] == []
        assert state.legal_moves() == [{"type": "call"}] and state.current_player == round_index % 3   # the caller passes on each round
        with pytest.raises(IllegalMove) as err:
            state.play({"type": "place", "cell": 0})
        assert err.value.key == "caller-mode"
        calls = 0
        while state.phase == "call":
            info = state.information()
            state.play({"type": "call"})
            calls += 1
            view = state.view(1)
            assert state.information() > info
            assert view["called"] == [list(tie.TILES[t]) for t in order[:view["revealed"]]]
            assert view["tiles"] == view["called"][-len(view["tiles"]):] and view["left"] == 19 - view["revealed"]
            assert all(cell is None for board in view["boards"] for cell in board)
        assert calls == (10 if pairs else 19) and state.revealed == 19
        if round_index < 3:
            assert state.phase == "scoring" and state.legal_moves() == [{"type": "next-round"}]
            with pytest.raises(IllegalMove) as err:
                state.play({"type": "call"})
            assert err.value.key == "round-over"
            state.play({"type": "next-round"})
    assert state.is_over and state.winners() == [] and state.totals() == [0, 0, 0]
    assert game.replay(json.loads(json.dumps(state.record()))).view(0) == state.view(0)


def test_take_it_easy_play_mode_refuses_a_call_and_bots_call_in_caller_mode():
    from ludotheque.games.take_it_easy import rules as tie
    state = tie.GAME.new(1, seed=1, options={"rounds": 1})
    with pytest.raises(IllegalMove) as err:
        state.play({"type": "call"})
    assert err.value.key == "not-caller-mode"
    caller = tie.GAME.new(2, seed=1, options={"rounds": 1, "mode": "caller"})
    for level in bots.levels(tie.GAME.id):
        assert bots.choose(caller, level) == {"type": "call"}
    en, fr = tie.GAME.texts["en"], tie.GAME.texts["fr"]
    assert set(en) == set(fr) and "option.mode.caller" in en


def test_one_form_per_move_and_older_records_of_transfers_still_replay():
    """A transfer names its column and row, as `legal_moves()` lists it (issue #39); a record of
    an earlier version with transfers that left their row out (the first row the tile fits) or
    named the bottom tile's index replays, in the one form."""
    import random
    chooser = random.Random(1)
    state = GAME.new(1, seed=5)
    old_form = []
    while not state.is_over:
        moves = state.legal_moves()
        transfers = [m for m in moves if m["type"] == "transfer"]
        move = transfers[0] if transfers else chooser.choice(moves)
        written = move
        if move["type"] == "transfer":
            col = state.columns[state.turn][move["column"]]
            if x16.fitting_row(col[-1], state.ends[state.turn]) == move["row"] and len(old_form) % 2:
                written = {"type": "transfer", "column": move["column"]}
            else:
                written = {**move, "index": len(col) - 1}
            refused(state, written, "move-fields")
        old_form.append(written)
        state.play(move)
    assert any("index" in m for m in old_form) and any(m["type"] == "transfer" and "row" not in m for m in old_form)
    replayed = GAME.replay({**state.record(), "moves": old_form})
    assert replayed.record() == state.record()
