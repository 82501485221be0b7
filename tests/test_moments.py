"""Moments worth celebrating (issue #29, point 5): a personal record beaten, a first 3x16
solitaire completed, fewer tiles left than ever, a streak of daily deals; said on the end screen
of the game that made them, in both languages, and never for a first game's trivial record."""
from __future__ import annotations

import copy
import re

from ludotheque import games
from ludotheque.web import i18n
from ludotheque.web.storage import stats
from ludotheque.web.table.registry import table_class
from ludotheque.web.storage.saves import STATS_KEY, Save, SaveStore, Seat
from ludotheque.web.table.session import Session
from ludotheque.web.table.view import render

from test_web_logic import MemoryStorage


def played(game_id: str, seed: int, pick, options=None):
    state = games.get(game_id).new(1, seed=seed, options=options)
    while not state.is_over:
        state.play(pick(state.legal_moves()))
    return state


def counted(data: dict, save: Save, state) -> list:
    before = copy.deepcopy(data)
    assert stats.count_finished(data, save, state)
    return stats.moments(before, data, save)


def test_a_take_it_easy_record_is_a_moment_only_when_an_earlier_one_is_beaten():
    data = stats.empty()
    rounds = []
    for seed in range(1, 30):   # first-move play: some rounds score more than others
        state = played("take-it-easy", seed, lambda moves: moves[0], {"rounds": 1})
        rounds.append((state.scores()[0], seed, state))
    worse, better = min(rounds, key=lambda r: r[0]), max(rounds, key=lambda r: r[0])
    assert better[0] > worse[0]
    first = counted(data, Save(id="a", game="take-it-easy", record=worse[2].record(), seats=[Seat("Zoé")]), worse[2])
    assert first == [], "a first game's record is no moment"
    again = counted(data, Save(id="b", game="take-it-easy", record=worse[2].record(), seats=[Seat("Zoé")]), worse[2])
    assert again == [], "equalling a record is no moment"
    beaten = counted(data, Save(id="c", game="take-it-easy", record=better[2].record(), seats=[Seat("Zoé")]), better[2])
    assert [key for key, _ in beaten] == ["moment.record"]
    assert beaten[0][1]["key"] == "best_round" and beaten[0][1]["record"]["score"] == better[0]


def test_3x16_first_completion_fewest_left_and_a_daily_streak():
    data = stats.empty()
    many = played("3x16", 2, lambda moves: moves[-1])
    few = played("3x16", 3, lambda moves: moves[0])
    many, few = sorted((many, few), key=lambda s: s.left(0), reverse=True)
    assert many.left(0) > few.left(0) > 0
    assert counted(data, Save(id="m", game="3x16", record=many.record(), seats=[Seat("A")]), many) == []
    moments = counted(data, Save(id="f", game="3x16", record=few.record(), seats=[Seat("A")]), few)
    assert moments == [("moment.fewest-left", {"n": few.left(0)})]
    done = played("3x16", 4, lambda moves: moves[0])
    done.ends[0], done.columns[0] = [16, 16, 16], [[] for _ in range(5)]   # as a completed tableau ends
    assert counted(data, Save(id="d", game="3x16", record=done.record(), seats=[Seat("A")]), done) == \
        [("moment.first-completion", {})]
    # daily deals on two days in a row: the second day's end says the streak
    data["games"]["3x16"]["daily"] = {"2026-11-26": {"score": -3, "hints": 0}}
    today = played("3x16", 9, lambda moves: moves[0])
    moments = counted(data, Save(id="t", game="3x16", record=today.record(), seats=[Seat("A")], daily="2026-11-27"), today)
    assert ("moment.streak", {"n": 2}) in moments


def test_the_end_screen_says_the_moment_in_the_players_language():
    """A record beaten in the page's own flow: the finished game is counted holding the lock, and
    the end screen says so first, in French, then in English after a switch."""
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 1.0)
    data = stats.empty()
    data["games"]["take-it-easy"] = {"played": 1, "players": {}, "records": {
        "best_round": {"score": 1, "name": "Zoé", "when": 0.5}}}
    storage.setItem(STATS_KEY, __import__("json").dumps(data))
    game = games.get("take-it-easy")
    state = game.new(1, seed=5, options={"rounds": 1})
    save = Save(id="s1", game=game.id, record=state.record(), seats=[Seat("Zoé")])
    session = Session(save, state, store, table_class(game.id), schedule=lambda fn, ms: None,
                      bot_delay=0)
    def greedy(state):   # the move that scores most at once: a round of a few lines, above 1
        def after(move):
            trial = state.copy()
            trial.play(move)
            return trial.scores()[0]
        return max(state.legal_moves(), key=after)

    while not session.state.is_over:
        session.play(greedy(session.state))
    assert session.state.scores()[0] > 1
    markup = render(session)
    said = re.search(r'<div class="moment" role="status">(.*?)</div>', markup)
    assert said and "Nouveau record personnel" in said.group(1) and "Zoé" in said.group(1)
    i18n.set_lang("en")
    assert "New personal best!" in render(session)
