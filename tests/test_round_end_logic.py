"""Rucki Zucki's round end says why it ended in both languages, also when nobody went out: the
pile ran out (the page test plays the other case, a bot emptying its hand)."""
from __future__ import annotations

import random
import re

import pytest

from ludotheque import games
from ludotheque.web import i18n
from ludotheque.web.storage.saves import Save, Seat
from ludotheque.web.table.session import Session
from ludotheque.web.table.registry import table_class
from ludotheque.web.table.view import render


def pile_ran_out() -> Session:
    """A two-person game stored where round 1 ended with the pile empty and both hands full."""
    for seed in range(1, 400):
        chooser = random.Random(seed)
        state = games.get("rucki-zucki").new(2, seed=seed)
        while state.phase in ("turn", "last-draw"):
            moves = state.legal_moves()
            draws = [m for m in moves if m["type"] in ("draw", "end")]
            state.play(chooser.choice(draws or moves))   # draw whenever possible: the pile runs out first
        if state.phase == "scoring" and all(state.hands):
            save = Save(id="s1", game="rucki-zucki", record=state.record(), seats=[Seat("Léa"), Seat("Tom")])
            return Session(save, state, None, table_class("rucki-zucki"), schedule=lambda fn, ms: None, bot_delay=0)
    raise AssertionError("no deal where the pile runs out")


def test_a_round_ended_by_the_empty_pile_says_so_with_each_penalty():
    session = pile_ran_out()
    penalties = session.table.view()["penalties"][-1]
    for lang, said, first in (("fr", "La pioche est épuisée", "Léa : "), ("en", "The pile ran out", "Léa: ")):
        i18n.set_lang(lang)
        html = str(render(session))
        over = re.search(r'<section class="rz-round-over names-cut".*?</section>', html).group(0)
        assert said in over and "dernière carte" not in over and "last card" not in over
        assert f'{first}{penalties[0]} point' in re.sub(r"<[^>]+>", "", over)
        banner = re.sub(r"<[^>]+>", "", re.search(r'<p class="banner.*?</p>', html).group(0))
        assert said in banner
    i18n.set_lang("fr")


def paused_where_seat_order_is_not_the_ranking(game_id: str, options: dict, pause: str, results):
    """Three people's game played at random to its first pause between rounds (or tournament
    games), on a deal where seat order is not the order of `results(view)` (higher better):
    the session, and those results per seat."""
    for seed in range(1, 200):
        chooser = random.Random(seed)
        state = games.get(game_id).new(3, seed=seed, options=options)
        while state.phase != pause and not state.is_over:
            state.play(chooser.choice(state.legal_moves()))
        points = results(state.view(None))
        if state.phase == pause and points != sorted(points, reverse=True):
            save = Save(id="s1", game=game_id, record=state.record(), seats=[Seat("Léa"), Seat("Tom"), Seat("Zoé")])
            return Session(save, state, None, table_class(game_id), schedule=lambda fn, ms: None, bot_delay=0), points
    raise AssertionError(f"{game_id}: no deal whose first seat is not the best")


@pytest.mark.parametrize("game_id, options, pause, results, table", [
    ("take-it-easy", {"rounds": 4}, "scoring", lambda v: [sum(r[s] for r in v["round_scores"]) for s in range(3)],
     r'<table class="tie-scores score-table">.*?</table>'),
    ("rucki-zucki", {"rounds": 4}, "scoring", lambda v: [-p for p in v["penalties"][-1]],
     r'<section class="rz-round-over.*?(<ul>.*?</ul>)'),
    ("lucky-numbers", {"tournament": True}, "between-games", lambda v: v["tournament"]["totals"],
     r'<table class="ln-table score-table">.*?</table>')])
def test_a_rounds_results_rank_the_seats_best_first_with_their_places(game_id, options, pause, results, table):
    """Between rounds (or a tournament's games), the table of the round's results lists the
    seats best first, each with its place, ties sharing one, as the end's ranking does (it
    listed them in seat order)."""
    session, points = paused_where_seat_order_is_not_the_ranking(game_id, options, pause, results)
    found = re.search(table, str(render(session)), re.S)
    shown = found.group(found.lastindex or 0)   # the list itself, not the heading naming who went out
    names = re.findall(r"Léa|Tom|Zoé", re.sub(r"<[^>]+>", " ", shown))
    best_first = sorted(range(3), key=lambda s: -points[s])
    assert names == [["Léa", "Tom", "Zoé"][s] for s in best_first]
    places = [int(p) for p in re.findall(r'<span class="place"[^>]*>(\d)</span>', shown)]
    assert places == [1 + sum(points[o] > points[s] for o in range(3)) for s in best_first]


def test_seats_tied_share_a_place_and_the_next_place_is_skipped():
    """Two seats with the same total share second place; the one after them is fourth."""
    from ludotheque.web.widgets import ranked
    assert ranked([30, 41, 30, 12]) == [(1, 1), (2, 0), (2, 2), (4, 3)]
