"""Where each piece comes from (issue #29): the table's markup marks the places pieces come from
(data-source) and every piece shown for the first time (data-travel, data-from), which
static/motion.js turns into a glide. Checked on CPython, game by game, move by move."""
from __future__ import annotations

import re

from ludotheque.web.storage.saves import Seat
from ludotheque.web.table.view import render

from test_table_logic import bot, lucky_numbers_first_draw, session_for


def arrivals(markup: str) -> list[tuple[str, str]]:
    """(data-travel, data-from) of every piece arriving in the markup."""
    return re.findall(r'data-travel="([^"]+)" data-from="([^"]+)"', markup)


def sources(markup: str) -> set[str]:
    return set(re.findall(r'data-source="([^"]+)"', markup))


def test_take_it_easy_tiles_come_from_the_called_tile_to_every_board():
    session, queue = session_for("take-it-easy", [Seat("Alice"), bot("B")])
    now = [0.0]
    session.table.screen.clock = lambda: now[0]
    render(session)
    session.carry_out(session.table.act("place", {"cell": "4"}))
    markup = render(session)
    assert "called" in sources(markup)
    assert arrivals(markup) == [("s1.0", "called")]
    assert re.search(r'data-cell="4" data-travel="s1.0"', markup)
    now[0] = 1.0
    queue.pop(0)()                    # the bot places the same tile on its own board
    markup = render(session)
    assert arrivals(markup) == [("s1.1", "called")]
    now[0] = 2.0
    assert arrivals(render(session)) == [], "a piece travels once; later paints show it at rest"


def test_lucky_numbers_clovers_come_from_the_pile_the_drawn_place_and_go_back_to_the_pool():
    session, queue, now = lucky_numbers_first_draw()
    markup = render(session)
    assert {"pile", "drawn"} <= sources(markup) and (f"s1.{len(session.state.moves) - 1}", "pile") in arrivals(markup)
    for turn in range(30):   # draw until a clover may swap with one in the garden
        garden = session.state.view(0)["gardens"][0]
        swaps = [m for m in session.state.legal_moves() if m["type"] == "place" and garden[m["row"]][m["col"]]]
        now[0] += 1.0
        if swaps:
            session.play(swaps[0])
            markup = render(session)
            n = len(session.state.moves) - 1
            found = dict(arrivals(markup))
            assert found[f"s1.{n}"] == "drawn"   # to the garden from the drawn place
            assert found[f"s1.{n}.s"] == f"cell-0-{swaps[0]['row']}-{swaps[0]['col']}"   # the old one to the pool
            return
        session.play({"type": "discard"})
        assert dict(arrivals(render(session)))[f"s1.{len(session.state.moves) - 1}"] == "drawn"   # to the pool
        while session.bot_to_play():
            queue.pop(0)()
        now[0] += 1.0
        render(session)
        session.play({"type": "draw"})
    raise AssertionError("no swap in 30 turns")


def test_rucki_zucki_cards_come_from_the_hand_and_a_drawn_card_from_the_pile():
    session, queue = session_for("rucki-zucki", [Seat("Alice"), bot("B")], seed=5)
    now = [0.0]
    session.table.screen.clock = lambda: now[0]
    while session.bot_to_play():
        queue.pop(0)()
    render(session)
    moves = session.state.legal_moves()
    place = next((m for m in moves if m["type"] == "place"), None)
    now[0] = 5.0
    if place:
        session.play(place)
        markup = render(session)
        assert ("s1.%d" % (len(session.state.moves) - 1), "hand") in arrivals(markup)
    else:
        session.play({"type": "draw"})
        markup = render(session)
        assert ("s1.%d.d" % (len(session.state.moves) - 1), "pile") in arrivals(markup)
    assert {"hand", "pile", "seat-1"} <= sources(markup)


def test_3x16_tiles_come_from_the_call_and_transfers_from_their_column_one_after_the_other():
    session, _ = session_for("3x16", [Seat("Alice")], seed=7)
    now = [0.0]
    session.table.screen.clock = lambda: now[0]
    state = session.state
    step = 0
    while not state.is_over:
        now[0] += 1.0
        render(session)
        columns = [m for m in state.legal_moves() if m["type"] == "place" and "column" in m]
        placed = len(state.moves)   # (a "done" the table plays by itself may follow it)
        session.play(columns[0] if columns else state.legal_moves()[0])
        markup = render(session)
        assert ("s1.%d" % placed, "call") in arrivals(markup)
        if any(m["type"] == "transfer-all" for m in state.legal_moves()):
            now[0] += 1.0
            session.play({"type": "transfer-all"})
            markup = render(session)
            found = re.findall(r'data-travel="[^"]+" data-from="(bottom-0-\d)" data-travel-step="(\d+)"', markup)
            assert found and [int(s) for _, s in found] == list(range(len(found)))
            step += 1
        if any(m["type"] == "done" for m in state.legal_moves()):
            session.play({"type": "done"})
        if step >= 2:
            break
    assert step >= 2, "the deal gave transfers to watch"
