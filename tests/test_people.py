"""People at the table, on CPython: default names follow the language, the statistics never count
one person twice, the people and the last table are remembered, and every seat has its colour."""
from __future__ import annotations

import json
import re

import pytest

from ludotheque.web.table.view import render

from ludotheque import games
from ludotheque.web import i18n
from ludotheque.web.screens import newgame
from ludotheque.web.storage import people, stats
from ludotheque.web.storage.saves import COLOURS, STATS_KEY, Save, SaveStore, Seat

from test_web_logic import MemoryStorage, make_session


def test_default_names_follow_the_language_and_typed_names_stay():
    seats = newgame.default_seats(games.get("take-it-easy"), 3)       # made in French
    assert [s.name for s in seats] == ["Joueur 1", "Robot 2", "Robot 3"]
    session, _, _ = make_session("take-it-easy", seats + [Seat("Zoé")])
    i18n.set_lang("en")
    markup = render(session)
    assert "Player 1" in markup and "Bot 2" in markup and "Zoé" in markup
    assert "Joueur" not in markup and "Robot" not in markup
    form = newgame.dialog(games.get("take-it-easy"), 3, seats, {})
    assert 'value="Player 1"' in form and 'value="Bot 2"' in form
    # a default name of the other language, sent back by the form, is the seat's default
    parsed = newgame.parse(games.get("take-it-easy"), {"players": "2", "seat-0-name": "Joueur 1",
                                                       "seat-1-name": "Player 2", "seat-1-kind": "bot:easy"})[1]
    assert [s.name for s in parsed] == ["Player 1", "Bot 2"]


def finished(seats: list[Seat], save_id: str, seed: int = 1) -> tuple[Save, object]:
    state = games.get("take-it-easy").new(len(seats), seed=seed, options={"rounds": 1})
    while not state.is_over:
        state.play(state.legal_moves()[0])
    save = Save(id=save_id, game="take-it-easy", record=state.record(), seats=seats)
    save.follow(state)
    return save, state


def test_the_statistics_count_one_person_once_in_every_language():
    store = SaveStore(MemoryStorage())
    data, _ = stats.load(store)
    for save_id, names in (("a", ["Joueur 1", "Robot 2"]), ("b", ["Player 1", "Bot 2"])):
        save, state = finished([Seat(names[0]), Seat(names[1], "bot", "easy")], save_id)
        stats.count_finished(data, save, state)
    assert set(data["games"]["take-it-easy"]["players"]) == {"Player 1", "Bot 2"}
    assert data["games"]["take-it-easy"]["players"]["Player 1"]["played"] == 2
    # statistics counted before: "Joueur 1" and "Player 1" are added up when read
    old = {"version": 1, "counted": [], "games": {"take-it-easy": {"played": 3, "records": {}, "players": {
        "Joueur 1": {"played": 2, "won": 1}, "Player 1": {"played": 1, "won": 1}, "Alice": {"played": 3, "won": 1}}}}}
    store.storage.setItem(STATS_KEY, json.dumps(old))
    players = stats.load(store)[0]["games"]["take-it-easy"]["players"]
    assert players == {"Player 1": {"played": 3, "won": 2}, "Alice": {"played": 3, "won": 1}}
    i18n.set_lang("en")
    assert str(i18n.who("Player 1")).strip("\u2068\u2069") == "Player 1"
    i18n.set_lang("fr")
    assert str(i18n.who("Player 1")).strip("\u2068\u2069") == "Joueur 1"


def test_people_and_the_last_table_are_remembered_with_their_colours():
    from ludotheque import bots  # noqa: F401  (the levels a remembered computer is checked against)
    settings: dict = {}
    tie = games.get("take-it-easy")
    first = people.coloured([Seat("Alice"), Seat("Bob"), Seat("Robot 3", "bot", "strong")], [])
    assert [s.colour for s in first] == list(COLOURS[:3])
    options = tie.validate_options({"rounds": 1, "pairs": True}, 3)
    settings.update(people.remember(settings, "take-it-easy", people.Table(first, options, undo=False, confirm=True)))
    later = people.coloured([Seat("Chloé"), Seat("Bob")], people.known(settings))
    ln_options = games.get("lucky-numbers").default_options()
    settings.update(people.remember(settings, "lucky-numbers", people.Table(later, ln_options)))
    assert [p["name"] for p in people.known(settings)] == ["Chloé", "Bob", "Alice"]     # most recent first
    assert later[1].colour == first[1].colour                 # Bob keeps his colour
    assert later[0].colour not in (later[1].colour,)
    table = people.last_table(json.loads(json.dumps(settings)), "take-it-easy")   # as stored
    assert [(s.name, s.kind, s.level, s.colour) for s in table.seats] == [(s.name, s.kind, s.level, s.colour) for s in first]
    assert (table.options, table.undo, table.confirm) == (options, False, True)
    assert people.last_table(settings, "lucky-numbers").options == ln_options
    assert people.last_table(settings, "3x16") is None
    # whatever shape a stored value has, only what can be used is kept; a table it cannot use whole
    # (damaged, an older version's bare list of seats, options or levels the game refuses) is none
    kept = settings["tables"]["take-it-easy"]
    hostile = {"people": [{"name": 3}, "x", {"name": "Zoé", "colour": "plaid"}], "tables": {
        "3x16": [{"kind": "?"}],
        "take-it-easy": [{"name": "Alice", "kind": "human", "level": None, "colour": None}],
        "lucky-numbers": {**kept, "options": {"rounds": 1}},
        "rucki-zucki": {**kept, "version": 3}}}
    assert people.known(hostile) == [{"name": "Zoé", "colour": None}]
    for game_id in games.ids():
        assert people.last_table(hostile, game_id) is None
    for bad in ({**kept, "options": {"rounds": 9}}, {**kept, "undo": "yes"}, {**kept, "seats": []},
                {**kept, "seats": [{**kept["seats"][2], "level": "godlike"}] * 2}, {**kept, "seats": [kept["seats"][0]] * 9}):
        assert people.last_table({"tables": {"take-it-easy": bad}}, "take-it-easy") is None, bad


def test_no_two_seats_share_a_colour_and_the_table_shows_each_one():
    seats = people.coloured([Seat("A", colour="blue"), Seat("B", colour="blue"), Seat("C")], [])
    assert len({s.colour for s in seats}) == 3 and seats[0].colour == "blue"
    session, _, _ = make_session("rucki-zucki", [Seat("A"), Seat("B", "bot", "easy"), Seat("C", "bot", "easy")])
    style = re.search(r'class="table[^"]*" style="([^"]*)"', render(session)).group(1)
    given = re.findall(r"--seat-(\d): var\(--colour-(\w+)\)", style)
    assert [n for n, _ in given] == ["0", "1", "2"] and len({c for _, c in given}) == 3
    assert Save.from_json(Save(id="x", game="3x16", record={"moves": []}, seats=seats).to_json()).seats == seats


def test_caller_mode_asks_only_for_the_people_who_take_turns_calling():
    game = games.get("take-it-easy")
    seats = newgame.default_seats(game, 3)
    form = newgame.dialog(game, 3, seats, {**game.default_options(), "mode": "caller"})
    assert 'name="seat-1-kind"' not in form and "level-help" not in form
    _, parsed, _ = newgame.parse(game, {"players": "3", "opt-mode": "caller", "seat-1-kind": "bot:easy",
                                        "seat-1-name": "Robot 2", "seat-2-kind": "bot:easy", "seat-2-name": "Léa"})
    assert [(s.name, s.is_bot) for s in parsed] == [("Joueur 1", False), ("Joueur 2", False), ("Léa", False)]


@pytest.mark.parametrize("game_id", ["take-it-easy", "3x16"])
def test_caller_mode_form_shows_only_what_caller_mode_uses(game_id):
    """Caller mode (the app only calls the tiles for the real box): no bot levels, no tie rule,
    no adjacency or placement options, no undo (every call is a reveal), no confirmation; what
    it does use stays (rounds and pairs in Take It Easy, the mode itself). A new game from that
    form carries the defaults of what it did not show."""
    game = games.get(game_id)
    options = {**game.default_options(), "mode": "caller"}
    form = newgame.dialog(game, 3, newgame.default_seats(game, 3), options, confirm=None)
    shown = set(re.findall(r'<div class="option[^"]*"><label><span class="option-label">[^<]*</span>'
                           r'<(?:select|input)[^>]*name="([\w-]+)"', form))
    hidden = set(re.findall(r'<div class="option[^"]*" hidden><label><span class="option-label">[^<]*</span>'
                            r'<(?:select|input)[^>]*name="([\w-]+)"', form))
    assert "seat-1-kind" not in form and "level-help" not in form
    assert "undo" not in shown and "confirm" not in shown and "opt-mode" in shown
    if game_id == "take-it-easy":
        assert {"opt-rounds", "opt-pairs"} <= shown and {"opt-tie", "opt-adjacency"} <= hidden
        played = newgame.dialog(game, 3, newgame.default_seats(game, 3), game.default_options(), confirm=True)
        assert 'name="opt-tie"' in played and 'name="undo"' in played and 'name="confirm"' in played
        assert 'name="seat-1-kind"' in played and "level-help" in played
        assert not re.search(r'<div class="option[^"]*" hidden><label><span class="option-label">[^<]*</span>'
                             r'<select[^>]*name="opt-(tie|adjacency)"', played)
    else:
        assert {"opt-placement", "opt-first_one", "opt-transfers"} <= hidden
    _, _, parsed = newgame.parse(game, {"players": "3", "opt-mode": "caller", "opt-tie": "best-round",
                                        "opt-adjacency": "any", "opt-rounds": "1"})
    assert parsed["mode"] == "caller"
    if game_id == "take-it-easy":
        assert parsed["rounds"] == 1 and parsed["tie"] == "shared" and parsed["adjacency"] == "off"


def test_a_known_person_takes_the_next_free_seat():
    """A chip's tap: a person's seat under its default name first, else a computer's seat under
    its default name (the try-out's family of Maman and Léo against one computer tapped "Léo" on
    a table of three and got four seats), else a new seat; nobody twice, nothing past the game's
    seats, a computer a person named keeps its seat."""
    ln = games.get("lucky-numbers")
    seats = [Seat("Joueur 1"), Seat("Robot 2", "bot", "medium"), Seat("Robot 3", "bot", "medium")]
    seats = newgame.seat_person(ln, seats, "Maman")
    assert [(s.name, s.kind) for s in seats] == [("Maman", "human"), ("Robot 2", "bot"), ("Robot 3", "bot")]
    assert newgame.seat_person(ln, seats, "Maman") == seats
    seats = newgame.seat_person(ln, seats, "Léo")            # the first computer's seat: still three
    assert [(s.name, s.kind) for s in seats] == [("Maman", "human"), ("Léo", "human"), ("Robot 3", "bot")]
    seats = [*seats[:2], Seat("Hal", "bot", "strong")]       # a computer named by the person: kept
    for name in ("Bruno", "Chloé"):
        seats = newgame.seat_person(ln, seats, name)
    assert [s.name for s in seats] == ["Maman", "Léo", "Hal", "Bruno"]
    assert newgame.place_for(ln, seats) is None and newgame.seat_person(ln, seats, "Chloé") == seats
