"""The try-out's wait behind "Review": each person's decisions are judged during the round or game
(`bots.judge`, as the bots' worker runs it, one decision at a time on the record so far), so the
review at the end judges only what is left. A review made of rows judged on the record's prefixes
is the review judged from scratch at the end: the same rows, so following every hint still costs
nothing in it; an undo that changes a move judged makes its row stale (another key), never shown."""
from __future__ import annotations

import json

import pytest

from ludotheque import bots, games
from ludotheque.search import finish, told


def played(game_id: str, players: int, seed: int, options: dict, person: str = "medium"):
    """A round or game played by bots to its end: seat 0 (the person reviewed) at level `person`,
    the others easy; the record after each move (each a prefix of the last)."""
    state = games.get(game_id).new(players=players, seed=seed, options=options)
    records = [state.record()]
    while not state.is_over and state.view(0).get("phase") not in ("scoring", "between-games"):
        level = person if state.current_player == 0 else "easy"
        state.play(bots.get(game_id, level, seed=len(state.moves)).choose(state))
        records.append(state.record())
    return records


def judged_along(game_id: str, records: list[dict], seat: int, round: int) -> dict:
    """What the bots' worker judges during the game: after each move, one part of the review
    not known yet (`bots.judge` on the record as it is then)."""
    known: dict = {}
    for record in records:
        asked = json.loads(json.dumps(told(known)))   # what the bots' worker is told
        known.update(json.loads(json.dumps(bots.judge(game_id, record, seat, round, asked))))   # as it comes back
    return known


CASES = [("take-it-easy", 1, 3, {"rounds": 1}), ("take-it-easy", 2, 4, {"rounds": 1, "pairs": True}),
         ("3x16", 1, 5, {}), ("lucky-numbers", 2, 6, {}), ("rucki-zucki", 2, 7, {"rounds": 1})]


@pytest.mark.parametrize("game_id, players, seed, options", CASES, ids=[c[0] + f"-{c[1]}" for c in CASES])
def test_a_review_judged_during_the_game_is_the_review_judged_at_the_end(game_id, players, seed, options):
    records = played(game_id, players, seed, options)
    final = records[-1]
    coach = bots.coach(game_id)
    scratch = finish(coach.review_steps(final, 0, 0))
    assert scratch, "the person made decisions"
    known = judged_along(game_id, records, 0, 0)
    rows = [key for key in known if key.startswith("0:")]
    assert len(rows) >= len(scratch) - 2, "all but the last decisions were judged during the game"
    left = []

    def counted(steps):   # the decisions the review at the end still judges
        while True:
            try:
                left.append(next(steps))
            except StopIteration as done:
                return done.value
    assert counted(coach.review_steps(final, 0, 0, known)) == scratch
    assert len(left) <= 2
    if game_id == "take-it-easy":   # the computer's board of the round, worked out ahead too
        placed = known[coach.bot_board_key(final, 0)]
        assert placed, "its placements worked out one at a time, once the person's are judged"
        assert finish(coach.bot_board_steps(final, 0, placed)) == coach.bot_board(final, 0)


def test_a_review_judged_ahead_keeps_no_row_of_moves_undone():
    """An undo, then another move where a judged one was: that row's key is another one, so the
    review judges the decision again, on the moves played."""
    records = played("take-it-easy", 1, 3, {"rounds": 1})
    coach = bots.coach("take-it-easy")
    known = judged_along("take-it-easy", records[:6], 0, 0)
    state = games.get("take-it-easy").replay(records[4])
    other = next(m for m in state.legal_moves() if m != records[5]["moves"][4])
    state.play(other)
    again = finish(coach.review_steps(state.record(), 0, 0, known, partial=True))
    assert len(again) == 5 and [r for r in again if r["cell"] == other["cell"] and r["step"] == 5]
    assert sorted(r["key"] for r in again if r["key"] in known) == sorted(
        r["key"] for r in finish(coach.review_steps(records[4], 0, 0, partial=True)))


def test_the_review_at_the_end_still_refuses_a_round_or_game_not_over():
    for game_id, players, seed, options in (CASES[0], CASES[2], CASES[4]):
        records = played(game_id, players, seed, options)
        with pytest.raises(ValueError):
            finish(bots.coach(game_id).review_steps(records[len(records) // 2], 0, 0))


def test_a_table_has_the_bots_worker_judge_between_the_bots_moves_and_its_review_reads_what_came_back():
    """At the table (on CPython, the bots' worker played by `bots.judge` through JSON): a part is
    asked only when no bot's move is waited for, one at a time; at the round's end the review
    judges only what is left and is the review from scratch. A worker that cannot judge (None)
    is asked nothing more: the end judges it all, as before."""
    from test_review_logic import reviewed
    from test_table_logic import bot, session_for
    from ludotheque.web.storage.saves import Seat
    from ludotheque.web.table.view import render
    session, queue = session_for("take-it-easy", [Seat("Alice"), bot("B1")], options={"rounds": 1})
    asked = []
    session.judge = lambda request, answer: asked.append((json.loads(json.dumps(request)), answer, session.bot_waiting))
    table = session.table
    table.judge_ahead()
    while not table.review_ready():
        while asked:   # the worker answers, and is asked the next part at once
            request, answer, waiting = asked.pop(0)
            assert not waiting and not asked   # never while a bot's move is waited for; one at a time
            answer(json.loads(json.dumps(bots.judge(request["game"], request["record"], request["seat"],
                                                    request["round"], request["known"]))))
        if session.bot_to_play():
            queue.pop(0)()
            continue
        legal = [m for m in session.state.legal_moves() if m["type"] == "place"]
        session.carry_out(table.act("place", {"cell": str(legal[0]["cell"])}))
    assert len([key for key in table.judged if key.startswith("0:")]) >= 17   # of 19
    steps = reviewed(session, queue)
    rows, _ = table.reviews[table.review_key(0, 0)]
    assert rows == bots.coach("take-it-easy").review(session.state.record(), 0, 0)
    assert steps <= 3   # the last placement (and the step that ends it), not the whole round
    render(session)

    session, queue = session_for("take-it-easy", [Seat("Alice")], options={"rounds": 1})
    asked = []
    session.judge = lambda request, answer: asked.append(answer)
    session.table.judge_ahead()
    asked.pop()(None)   # no bots' worker
    session.carry_out(session.table.act("place", {"cell": "0"}))
    assert not asked and session.table.judge_off
