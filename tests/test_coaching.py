"""Issue #30 on CPython: hints and reviews in Rucki Zucki and 3x16. A hint is the strongest bot's
plan read from the seat's own view (another hand, the pile's or the calls' order never change
it); the review lists each decision of the person beside the hint's, the best losing 0 and a
person who follows the hints losing nothing; the tables mark the hint, count it with the game
and say it on a daily deal's result; and with secret hands, a hint or a review never shows one
person's hand to another (tests/test_review.py taps the same in the page)."""
from __future__ import annotations

import random
import re

import pytest

from ludotheque.web.table.view import render

from ludotheque import bots, games
from ludotheque.games.rucki_zucki import bots as rz_bots
from ludotheque.games.three_by_sixteen import bots as x16_bots
from ludotheque.games.rucki_zucki.rules import JOKER
from ludotheque.web.storage.saves import Seat

from test_review_logic import reviewed
from test_table_logic import bot, session_for


# --- Rucki Zucki ------------------------------------------------------------------------------

def hidden_changed(state, rng: random.Random):
    """The same position for the seat to act with everything it cannot see dealt again: the
    other hands (their sizes kept, the joker with a seat known to hold it) and the pile."""
    other = state.copy()
    seat = state.current_player
    others = [s for s in range(state.players) if s != seat]
    unseen = [c for s in others for c in other.hands[s] if not (c == JOKER and other.joker_seat == s)] + other.pile
    rng.shuffle(unseen)
    for s in others:
        keep = [JOKER] if JOKER in other.hands[s] and other.joker_seat == s else []
        other.hands[s] = keep + [unseen.pop() for _ in range(len(other.hands[s]) - len(keep))]
    other.pile = unseen
    return other


def played(game_id: str, seed: int, players: int, options: dict, person=None, others: str = "easy"):
    """A game played by bots, seat 0 by `person(state)` (its moves in turn while they stay legal
    and its own; default: the medium bot), the other seats at level `others`; each position where
    seat 0 was to play (not to deal the next round) kept: (the final state, [positions])."""
    state = games.get(game_id).new(players=players, seed=seed, options=options)
    medium, rest = bots.get(game_id, "medium", seed=1), bots.get(game_id, others, seed=2)
    positions = []
    while not state.is_over:
        if state.current_player == 0 and state.legal_moves() != [{"type": "next-round"}]:
            positions.append(state.copy())
            for move in (person(state) if person else [medium.choose(state)]):
                if state.current_player != 0 or move not in state.legal_moves():
                    break
                state.play(move)
        else:
            state.play(rest.choose(state))
    return state, positions


def played_rz(seed: int, players: int, options: dict, person=None):
    return played("rucki-zucki", seed, players, options, person)


@pytest.mark.parametrize("seed, players, options", [(7, 2, {"rounds": 2}), (8, 2, {"rounds": 1}),
                                                    (7, 4, {"rounds": 1, "last_draw": "any-cards"})])
def test_rz_hint_is_the_strong_plan_and_ignores_the_other_hands_and_the_pile(seed, players, options):
    _, positions = played_rz(seed, players, options)
    rng = random.Random(1)
    strong = bots.get("rucki-zucki", "strong", seed=0)
    laid = exchanges = 0
    for state in positions:
        plan = rz_bots.hint_moves(state)
        # its first move is the strong bot's own move there (in a turn that followed the plan it
        # began with, the rest of that plan), and the plan plays out legally
        start, made = rz_bots.turn_start(state)
        began = rz_bots.hint_why_at(start)[0] if made else []
        if made and began[:len(made)] == made and began[len(made):]:
            assert plan == began[len(made):]
        else:
            assert plan[0] == strong.choose(state)
        after = state.copy()
        for move in plan:
            assert after.current_player == 0 and move in after.legal_moves()
            after.play(move)
        assert after.current_player != 0 or after.phase in ("scoring", "over")   # the whole turn
        laid += sum(m["type"] in ("place", "exchange", "joker") for m in plan)
        exchanges += any(m["type"] == "exchange" for m in plan)
        for _ in range(2):
            other = hidden_changed(state, rng)
            assert other.hands[0] == state.hands[0] and (other.pile != state.pile or len(state.pile) < 2)
            assert rz_bots.hint_moves(other) == plan
    assert len(positions) >= 8 and laid >= 4
    assert exchanges or seed != 8   # a plan that wins the joker back, then ends the turn holding it
    assert rz_bots.strongest_level() == "strong"


def test_rz_a_hint_that_wins_the_joker_back_and_keeps_a_card_ends_the_turn():
    """An exchange lays a card but takes the joker: a plan of three moves from a hand of three
    can still leave a card, and the hint then ends with "end the turn"."""
    state = games.get("rucki-zucki").new(players=2, seed=1)
    others = [c for c in range(1, 47) if c not in (25, 26, 40)]
    state.board = [None] * len(state.board)
    state.board[state.cell[25]] = JOKER
    state.hands, state.pile, state.placed, state.turn = [[25, 26, 40], others[:5]], others[5:], [], 0

    class Planner(rz_bots.StrongBot):
        def plan(self, view, sim, seat):
            return [("exchange", 25), ("place", 26), ("joker", rz_bots.J_POS)]

    view = state.view(0)
    _, moves = rz_bots.turn_plan(Planner(state.game), view, state.legal_moves())
    assert moves == [{"type": "exchange", "card": 25}, {"type": "place", "card": 26},
                     {"type": "joker", "cell": "J"}, {"type": "end"}]
    for move in moves:
        state.play(move)
    assert state.hands[0] == [40] and state.current_player == 1


def test_rz_review_lists_each_decision_of_the_person_the_best_losing_nothing():
    state, positions = played_rz(4, 3, {"rounds": 2})
    record = state.record()
    for index in range(2):
        rows = rz_bots.review(record, 0, index)
        # a decision: each turn of seat 0 in that round that offered more than a draw
        starts = [p for p in positions if p.round == index and (p.phase == "last-draw" or not p.placed)
                  and len(p.legal_moves()) > 1]
        assert len(rows) == len(starts) > 0
        assert [r["hand"] for r in sorted(rows, key=lambda r: r["n"])] == [p.view(0)["hand"] for p in starts]
        assert [r["loss"] for r in rows] == sorted((r["loss"] for r in rows), reverse=True)
        for row in rows:
            assert row["loss"] >= 0 and row["loss"] == pytest.approx(row["value"] - row["best_value"])
            assert record["moves"][row["n"]:row["n"] + len(row["moves"])] == row["moves"]
            if row["best"] == row["moves"]:
                assert row["loss"] == 0
            else:   # the better plan is the one the hint gives there
                before = next(p for p in starts if p.view(0)["hand"] == row["hand"] and p.round == index
                              and len(p.moves) == row["n"])
                assert row["best"] == rz_bots.hint_moves(before) and row["loss"] > 0
    assert any(r["loss"] > 0 for i in range(2) for r in rz_bots.review(record, 0, i))   # medium is no strong bot


def test_rz_following_the_hint_loses_nothing_in_the_review():
    state, _ = played_rz(9, 2, {"rounds": 1}, person=rz_bots.hint_moves)
    rows = rz_bots.review(state.record(), 0, 0)
    assert len(rows) >= 3 and all(r["loss"] == 0 and r["best"] == r["moves"] for r in rows)


def test_rz_review_waits_for_the_round_to_end():
    state = games.get("rucki-zucki").new(players=2, seed=1, options={})
    state.play(state.legal_moves()[0])
    with pytest.raises(ValueError):
        rz_bots.review(state.record(), 0, 0)


def people_at_the_tablet():
    """Alice and Bob sharing one tablet, and a bot: at Alice's turn, the cover up."""
    session, queue = session_for("rucki-zucki", [Seat("Alice"), Seat("Bob"), bot("Cleo", "medium")], seed=5,
                                 options={"rounds": 2})
    return session, queue


def cards_in(markup: str) -> set[str]:
    return set(re.findall(r'data-act="card" data-card="(\w+)"', markup))


def test_rz_hint_shows_only_to_the_person_holding_the_tablet_and_is_counted():
    session, queue = people_at_the_tablet()
    table = session.table
    assert session.covered()
    table.session.tap("hint", {})   # behind the cover: nothing, and no hint counted
    markup = render(session)
    assert session.save.hints == 0 and table.advice is None
    assert 'data-act="hint"' not in markup and "hint-note" not in markup
    session.reveal()
    alice = session.state.hands[0]
    assert 'data-act="hint"' in render(session)
    table.session.tap("hint", {})
    markup = render(session)
    assert session.save.hints == 1 and table.advice == rz_bots.hint_moves(session.state)
    note = re.search(r'<div class="hint-note" id="hint-note" role="status"><p>([^<]*)</p>', markup)[1]
    assert note.startswith("Conseil : ") and note.count(" Pourquoi : ") == 1
    note = note.split(" Pourquoi : ")[0]   # what to do (why, on the board, follows; its figures folded)
    laid = {m["card"] for m in table.advice if m["type"] in ("place", "exchange")}
    cells = {m["cell"] for m in table.advice if m["type"] == "joker"}
    assert laid <= set(alice)   # her own cards only, and the note names nothing else
    assert {int(n) for n in re.findall(r"\d+", note)} == laid | {c for c in cells if c != "J"}
    for move in table.advice:
        if move["type"] == "place":   # its cell marked with its place in the order, its card in the hand
            assert re.search(rf'class="rz-cell[^"]* hint"[^>]*data-cell="{move["card"]}"', markup)
            assert re.search(rf'class="rz-card in-hand[^"]* hint"[^>]*data-card="{move["card"]}"', markup)
        if move["type"] == "draw":
            assert 'class="primary hint" data-act="draw"' in markup
    # Alice follows the hint tap by tap: its rest stays on show until her turn ends
    while table.advice and session.state.current_player == 0:
        move = table.advice[0]
        expected = table.advice[1:]
        if move["type"] == "place":
            table.session.carry_out(table.act("cell", {"cell": str(move["card"])}))
        elif move["type"] in ("draw", "end"):
            table.session.carry_out(table.act(move["type"], {}))
        else:
            session.play(move)
        if session.state.current_player == 0:
            assert table.advice == expected
    assert session.state.current_player != 0 and table.advice is None
    while session.bot_to_play() or session.lingers():   # (a draw that ended her turn: her hand a moment)
        queue.pop(0)()
    # Bob takes the tablet: no trace of Alice's hint, nor of her hand
    assert session.state.current_player == 1 and session.covered()
    markup = render(session)
    assert "hint-note" not in markup and not cards_in(markup)
    session.reveal()
    markup = render(session)
    assert "hint-note" not in markup and ' hint"' not in markup
    assert cards_in(markup) == {str(c) if c != JOKER else "joker" for c in session.state.hands[1]}


def test_rz_review_only_once_the_round_is_over_and_each_persons_own():
    session, queue = people_at_the_tablet()
    table = session.table
    medium = bots.get("rucki-zucki", "medium", seed=3)
    table.session.tap("review", {})
    assert not table.review_open and 'id="review"' not in render(session)   # hands are secret
    while table.view()["phase"] != "scoring":
        if session.bot_to_play():
            queue.pop(0)()
            continue
        if session.covered():
            session.reveal()
        assert 'data-act="review"' not in render(session)
        session.play(medium.choose(session.state))
    # round 1 is over: every hand is shown; the review of either person may be opened
    assert 'data-act="review"' in render(session)
    table.session.tap("review", {})
    reviewed(session, queue)
    markup = render(session)
    here = 0   # the first person at the table
    rows = rz_bots.review(session.state.record(), here, 0)
    assert markup.count("<tr data-n=") == len(rows) > 0
    assert "pts de pénalité attendus" in markup
    table.session.tap("review-seat", {"seat": str(1 - here)})
    reviewed(session, queue)
    markup = render(session)
    assert markup.count("<tr data-n=") == len(rz_bots.review(session.state.record(), 1 - here, 0))
    # the next round is dealt: the review goes with the hands
    table.session.carry_out(table.act("next-round", {}))
    assert 'id="review"' not in render(session) and not table.review_open
    table.session.tap("review", {})
    assert not table.review_open


# --- 3x16 ---------------------------------------------------------------------------------------

def played_x16(seed: int, players: int, options: dict, person=None):
    return played("3x16", seed, players, options, person, others="strong")


@pytest.mark.parametrize("options", [{}, {"transfers": "automatic"}, {"placement": "via-column"}])
def test_x16_hint_is_a_legal_step_that_ignores_the_order_of_the_calls_to_come(options):
    _, positions = played_x16(3, 1, options)
    rng = random.Random(2)
    steps = 0
    for state in positions[::3]:
        plan = x16_bots.hint_moves(state)
        after = state.copy()
        for move in plan:
            assert after.called == state.called and move in after.legal_moves()
            after.play(move)
        assert after.called > state.called or after.is_over   # the whole step, Done included
        other = state.copy()
        rest = other.order[other.called:]
        rng.shuffle(rest)
        other.order[other.called:] = rest
        assert x16_bots.hint_moves(other) == plan
        steps += not state.placed
    assert steps >= 10


def test_x16_review_lists_each_step_of_the_person_the_best_losing_nothing():
    state, positions = played_x16(6, 2, {})
    record = state.record()
    rows = x16_bots.review(record, 0)
    starts = [p for p in positions if not p.placed and len(p.legal_moves()) > 1]
    assert sorted(r["call"] for r in rows) == [p.called for p in starts] and len(rows) == 48
    assert [r["loss"] for r in rows] == sorted((r["loss"] for r in rows), reverse=True)
    for row in rows:
        before = next(p for p in starts if p.called == row["call"])
        assert row["number"] == before.call and row["columns"] == before.columns[0]
        assert row["loss"] >= 0 and row["loss"] == pytest.approx(row["left"] - row["best_left"])   # two seats: tiles
        if row["best"] == row["moves"]:
            assert row["loss"] == 0
        else:
            assert row["best"] == x16_bots.hint_moves(before)
    assert any(r["loss"] > 0 for r in rows)
    solo = x16_bots.review(played_x16(6, 1, {})[0].record(), 0)
    for row in solo:   # alone: the chance to complete, as the bot plays
        assert row["loss"] == pytest.approx(0 if row["best"] == row["moves"] else row["best_chance"] - row["chance"])


def test_x16_following_the_hint_loses_nothing_in_the_review():
    state, _ = played_x16(8, 1, {}, person=x16_bots.hint_moves)
    rows = x16_bots.review(state.record(), 0)
    assert len(rows) == 48 and all(r["loss"] == 0 for r in rows)


def test_x16_table_marks_the_hint_keeps_it_while_followed_and_a_daily_result_says_so():
    from ludotheque.games.three_by_sixteen.rules import daily_seed
    session, queue = session_for("3x16", [Seat("Alice")], seed=daily_seed("2026-11-27"))
    session.save.daily = "2026-11-27"
    table = session.table
    used = 0
    while not session.state.is_over:
        table.session.tap("hint", {})
        used += 1
        markup = render(session)
        assert re.search(r'<div class="hint-note" id="hint-note" role="status"><p>Conseil : posez le \d+ ', markup)
        first = table.advice[0]
        if "row" in first:
            assert f'class="x16-row legal hint" data-row="{first["row"]}"' in markup
        else:
            assert re.search(rf'class="x16-drop[^"]* hint" data-act="column" data-column="{first["column"]}"', markup)
        while table.advice:   # tap by tap, the rest of the hint stays marked
            move = table.advice[0]
            if move["type"] == "place":
                table.session.carry_out(table.act("row" if "row" in move else "column", {k: str(v) for k, v in move.items() if k != "type"}))
            elif move["type"] == "transfer":
                assert f'x16-tile bottom movable hint" data-column="{move["column"]}"' in render(session)
                table.session.carry_out(table.act("bottom", {"column": str(move["column"])}))
            else:
                assert 'class="primary hint" data-act="done"' in render(session)
                table.session.carry_out(table.act("done", {}))
        if used == 5:
            break
    assert session.save.hints == used == 5
    medium = bots.get("3x16", "medium", seed=1)
    while not session.state.is_over:
        session.play(medium.choose(session.state))
    assert session.result_text().endswith("(5 conseils utilisés)")
    table.session.tap("review", {})
    assert 'class="review-wait"' in render(session)
    reviewed(session, queue)
    markup = render(session)
    assert markup.count("<tr data-n=") == 48 and "% de chances de compléter" in markup
    assert markup.count("meilleur coup") >= 5   # the steps that followed the hint
    # it leads with the costliest steps in words, the figures after (issue #40)
    rows = x16_bots.review(session.state.record(), 0)
    costly = [r for r in rows[:3] if r["loss"] >= 0.005]
    lead = markup[markup.index('class="review-lead"'):markup.index('class="review-explain"')]
    assert costly and re.findall(r'<div class="review-line" data-n="(\d+)">', lead) == [str(r["n"]) for r in costly]
    assert lead.count("de vos chances de terminer les trois rangées") == len(costly)
    # each line says first, on the tableau, why the computer's step: the figures folded after it
    for reason in re.findall(r'<div class="review-line" data-n="\d+"><p>([^<]*)</p><details', lead):
        assert reason.startswith("Appel ") and ", car " in reason and "%" not in reason
