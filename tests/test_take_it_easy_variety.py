"""Take It Easy bots with their own play (issue #28): two bots of one level given the same tiles
place them differently and do not tie every round, while the hint (and so the review, which sets
each move against it) stays the strongest bot's best move."""
from __future__ import annotations

import pytest

from ludotheque.games.take_it_easy import bots as tie_bots
from ludotheque.core import derive_seed, get_bot
from ludotheque.games.take_it_easy import rules as tie

GAME = tie.GAME


def bot_match(level: str, seed: int, players: int = 2) -> tuple[list[list[int]], list[list[int]]]:
    """A 4-round match of `players` bot seats of `level`, each move's bot seeded as the page seeds
    it (web/table/game_table.py, Session.bot_turn); every seat's cells in placing order, and the round scores."""
    state = GAME.new(players, seed=seed, options={"rounds": 4})
    cells: list[list[int]] = [[] for _ in range(players)]
    while not state.is_over:
        seat = state.current_player
        bot = get_bot(GAME.id, level, seed=derive_seed(state.seed, "seat", seat, len(state.moves)))
        move = bot.choose(state)
        if move["type"] == "place":
            cells[seat].append(move["cell"])
        state.play(move)
    return cells, state.round_scores


@pytest.mark.parametrize("level", ["easy", "medium", "strong", pytest.param("expert", marks=pytest.mark.long)])
def test_two_bots_of_one_level_play_their_own_game(level):
    """Same tiles, same level, the seats' own seeds: in every match the boards differ and the
    rounds are not all tied, and over three matches at least half the rounds are placed
    differently (before, two bots of a level placed every tile alike and tied every round)."""
    differ = 0
    for seed in (1, 2, 3):
        cells, rounds = bot_match(level, seed)
        assert len(rounds) == 4
        assert cells[0] != cells[1]
        assert any(a != b for a, b in rounds), rounds
        differ += sum(cells[0][19 * r:19 * r + 19] != cells[1][19 * r:19 * r + 19] for r in range(4))
    assert differ >= 6


def test_the_variety_is_the_bots_own_same_seed_same_view_same_move():
    """A bot of a given seed plays the same move on the same view (whatever the hidden order of
    the tiles): the variety is drawn by the decision and the seat deciding, nothing else."""
    state = GAME.new(1, seed=5, options={"rounds": 1})
    chosen, best = [], []
    while not state.is_over:
        bot = get_bot(GAME.id, "strong", seed=9)
        move = bot.choose(state)
        shuffled = state.copy()
        hidden = state.order[state.revealed:]
        shuffled.order = state.order[:state.revealed] + hidden[::-1]
        assert get_bot(GAME.id, "strong", seed=9).choose(shuffled) == move
        assert bot.choose(state) == move   # the same bot again: the same move
        chosen.append(move)
        best.append(tie_bots.hint(state, "strong"))
        state.play(move)
    assert chosen != best   # it did use its variety


def test_hint_and_bot_board_are_the_best_move_whatever_the_margin(monkeypatch):
    """However wide the variety's margin, the hint is the expert's best placement (the one its
    judgement ranks first, which the review counts as loss 0), and so is the computer's board."""
    monkeypatch.setattr(tie_bots.ExpertBot, "margin", 50.0)
    state = GAME.new(1, seed=12, options={"rounds": 1})
    expert = tie_bots.ExpertBot(GAME)
    varied = 0
    while not state.is_over:
        pos = tie_bots.Position.from_view(state.view(0))
        best_cell = expert.judge(pos)[0]
        hint = tie_bots.hint(state)
        assert hint["cell"] == best_cell
        varied += get_bot(GAME.id, "expert", seed=len(state.moves)).choose(state) != hint
        state.play(hint)
    assert varied > 0   # the margin does change the bots' own moves
    board = tie_bots.bot_board(state.record(), 0)
    assert board == [tie.tile_number(t) for t in state.view(0)["boards"][0]]


def test_two_seats_facing_one_decision_part_ways_whenever_two_placements_are_near_best():
    """Two bots of a level on the same board with the same tile (Take It Easy deals every seat
    the same tiles): where two placements or more are within the margin, seats 1 and 2 never take
    the same one (independent draws did half the time); each still takes each near-best placement
    about as often, and a placement outside the margin never."""
    bot = get_bot(GAME.id, "strong", seed=0)
    picks = {1: [], 2: []}
    for decision in range(400):
        options, values = ["a", "b", "far"], [10.0, 9.7, 8.0]   # "b" within 0.5 of the best, "far" not
        for seat in (1, 2):
            picks[seat].append(bot.near_best(options, values, 0.5, decision, seat=seat))
    assert all(a != b for a, b in zip(picks[1], picks[2]))
    assert "far" not in picks[1] + picks[2]
    assert 150 < picks[1].count("a") < 250
    strong, best, apart = tie_bots.StrongBot(GAME, seed=0), tie_bots.best_bot("strong"), 0
    for deal in range(4):   # the round's first seven tiles (ranked by the value alone), one board for seats 1 and 2
        state = GAME.new(3, seed=deal, options={"rounds": 1})
        for _ in range(7):
            pos = tie_bots.Position.from_view(state.view(0))
            cells = tie_bots.legal_cells(pos.board, pos.adjacency, pos.previous)
            values = strong.value.after_each(pos.board, pos.waiting[0], pos.unseen, cells)
            near = sum(value >= max(values) - strong.margin for value in values)
            seats = [strong.decide({**state.view(0), "current": seat, "seat": seat}, state.legal_moves()) for seat in (1, 2)]
            assert (seats[0] != seats[1]) == (near > 1), (deal, near, seats)
            apart += near > 1
            for _ in range(3):   # every seat places the tile as the best play would, so the boards stay alike
                state.play(best.choose(state))
    assert apart >= 3, "too few decisions with a choice to say anything"
