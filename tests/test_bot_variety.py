"""Bots of one level at one table play their own game (issue #28), in the games other than Take
It Easy (tests/test_take_it_easy_variety.py): 3x16's medium bot chooses, for variety, among moves
within its level's margin of its best, the strong bot's playouts follow its own seed, and the hint
stays the best of a fixed seed;
Lucky Numbers and Rucki Zucki seats draw their own tiles and cards, so two bots of one level
never mirror each other there. Every bot is seeded as the page seeds it (web/table/game_table.py,
Session.bot_turn), so each game here is the same at every run."""
from __future__ import annotations

import pytest

from ludotheque import games
from ludotheque.games.three_by_sixteen import bots as x16_bots
from ludotheque.core import State, derive_seed, get_bot


def bot_game(game_id: str, level: str, players: int, seed: int, options=None) -> tuple[State, list[list[dict]]]:
    """A whole game (or match) of `players` bot seats of `level`; the end and each seat's moves."""
    state = games.get(game_id).new(players, seed=seed, options=options)
    moves: list[list[dict]] = [[] for _ in range(players)]
    while not state.is_over:
        seat = state.current_player
        bot = get_bot(game_id, level, seed=derive_seed(state.seed, "seat", seat, len(state.moves)))
        move = bot.choose(state)
        moves[seat].append(move)
        state.play(move)
    return state, moves


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_two_3x16_bots_of_one_level_given_the_same_calls_play_their_own_game(level):
    """Two seats, the same 48 calls: over eight deals the two bots' tableaux (their columns in
    any order) part ways at some call in most (before, two medium bots played every call alike,
    the same in every deal)."""
    differ = 0
    for seed in range(8):
        state = games.get("3x16").new(2, seed=seed)
        seen: list[list[tuple]] = [[], []]
        while not state.is_over:
            seat = state.current_player
            bot = get_bot("3x16", level, seed=derive_seed(state.seed, "seat", seat, len(state.moves)))
            call = state.called
            state.play(bot.choose(state))
            seen[seat].append((call, sorted(state.ends[seat]), sorted(map(tuple, state.columns[seat]))))
        differ += seen[0] != seen[1]
    assert differ >= 5, differ


def test_two_strong_3x16_bots_do_not_play_alike_and_the_hint_is_the_best_move(monkeypatch):
    """The strongest level, one whole game at two seats: the two bots' moves differ (their own
    seeds draw their playouts). However wide a margin the strong bot were given, the hint is its
    first best (margin 0), and a bot with a margin does pick other moves."""
    state, moves = bot_game("3x16", "strong", 2, 3, {"transfers": "automatic"})
    assert moves[0] != moves[1]
    game = games.get("3x16")
    state = game.new(1, seed=5, options={"transfers": "automatic"})
    monkeypatch.setattr(x16_bots.StrongBot, "margin", 2.0)
    varied = 0
    for _ in range(12):
        hint = x16_bots.hint_moves(state)[0]
        best = x16_bots.StrongBot(game, seed=0)
        best.margin = 0.0
        assert hint == best.choose(state)
        varied += get_bot("3x16", "strong", seed=len(state.moves)).choose(state) != hint
        state.play(hint)
    assert varied > 0


def test_the_medium_3x16_bot_without_its_margin_is_the_greedy_parker():
    """Margin 0 gives back the parker's own choice (the benchmark's "without the variety")."""
    game = games.get("3x16")
    for seed in range(3):
        state = game.new(1, seed=seed, options={"transfers": "automatic"})
        bot = get_bot("3x16", "medium", seed=seed)
        bot.margin = 0.0
        while not state.is_over:
            view = state.view(0)
            move = bot.choose(state)
            if "column" in move:
                pos = x16_bots.Position.from_view(view)
                assert move["column"] == x16_bots.parker_target(pos.ends, pos.columns, pos.call)
            state.play(move)
        assert bot.given_up == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_rucki_zucki_bots_of_one_level_are_no_mirrors(seed):
    """Three medium bots, a match of three rounds: each holds its own hand, so no two seats
    play alike and the rounds are not all tied."""
    state, moves = bot_game("rucki-zucki", "medium", 3, seed)
    assert len(state.round_scores) == 3
    assert moves[0] != moves[1] != moves[2]
    assert any(len(set(scores)) > 1 for scores in state.round_scores), state.round_scores


def test_two_lucky_numbers_bots_of_one_level_are_no_mirrors():
    """Three medium bots over three games: each seat draws its own tiles, so the gardens are
    never alike at the end, and not every game is a shared win."""
    shared = 0
    for seed in (1, 2, 3):
        state, _ = bot_game("lucky-numbers", "medium", 3, seed)
        gardens = state.view(0)["gardens"]
        assert gardens[0] != gardens[1] and gardens[1] != gardens[2] and gardens[0] != gardens[2]
        shared += len(state.winners()) > 1
    assert shared < 3
