"""Hostile values against the saves' pure logic on CPython (issue #12): every stored or imported
value goes through one safe reader that refuses what is too large, too deep or holds absurd
numbers, and nothing but SaveError ever comes out; values this tab cannot read are set aside and
never overwritten; a deleted game is not written back; views share nothing with the state."""
from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from ludotheque import bots, games
from ludotheque.core import BadRecord, IllegalMove
from ludotheque.web.storage import stats
from ludotheque.web.dom import Name, h
from ludotheque.web.storage.saves import (ASIDE_PREFIX, HISTORY, MAX_DEPTH, SAVE_PREFIX, SAVE_VERSION,
                                          SETTINGS_KEY, STATS_KEY, Save, SaveConflict, SaveError, SaveGone,
                                          SaveNewer, SaveStore, Seat, StorageFull, aside_export, cut_name,
                                          export_text, graphemes, import_text, read_json, read_share,
                                          share_code, shorten)
from test_web_logic import MemoryStorage, make_session

DEEP = "[" * 10_000 + "]" * 10_000
HUGE_NUMBERS = ["1e999", "-1e999", "Infinity", "-Infinity", "NaN", "9" * 5000, "1" + "0" * 400]
STATS_SHAPES = [  # shapes of a statistics value that is JSON but not statistics
    {"version": 1, "counted": [], "games": {"lucky-numbers": 5}},
    {"version": 1, "counted": [], "games": {"lucky-numbers": {"played": "3", "players": {}, "records": {}}}},
    {"version": 1, "counted": [], "games": {"lucky-numbers": {"played": 3, "players": {"A": 5}, "records": {}}}},
    {"version": 1, "counted": [], "games": {"take-it-easy": {"played": 1, "players": {}, "records": {"best_round": 9}}}},
    {"version": 1, "counted": [{}], "games": {}},
    {"version": 1, "counted": [], "games": []},
    # parts the screens read: a record the page has no words for, 3x16's solo results cut short, a
    # score no game makes, a name longer than any seat's
    {"version": 1, "counted": [], "games": {"take-it-easy": {"played": 1, "players": {}, "records": {
        "{x}": {"score": 1, "name": "a", "when": 1}}}}},
    {"version": 1, "counted": [], "games": {"3x16": {"played": 1, "players": {}, "records": {}, "solo": {"games": 1}}}},
    {"version": 1, "counted": [], "games": {"take-it-easy": {"played": 1, "players": {}, "records": {
        "best_round": {"score": 1e300, "name": "a", "when": 1}}}}},
    {"version": 1, "counted": [], "games": {"lucky-numbers": {"played": 1, "players": {"W" * 3000: {"played": 1, "won": 0}},
                                                              "records": {}}}},
]


class FullStorage(MemoryStorage):
    """A storage that refuses every new write, as a full quota does."""

    def setItem(self, key, value):
        raise StorageFull("quota")


def played(game_id: str, moves: int, seed: int = 4, names=("Alice", "Bob")) -> tuple[Save, object]:
    game = games.get(game_id)
    state = game.new(len(names), seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.play(state.legal_moves()[0])
    save = Save(id=f"{game_id}-{moves}", game=game_id, record=state.record(), seats=[Seat(n) for n in names],
                created=1.0, updated=2.0)
    save.follow(state)
    return save, state


def finished(game_id: str, seed: int = 4) -> tuple[Save, object]:
    return played(game_id, 100_000, seed)


# --- the one reader ------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", [DEEP, '{"a":' * 5000 + "1" + "}" * 5000, '[{"x": [' * 2000, "[" * (MAX_DEPTH + 1)])
def test_deep_values_are_refused_before_parsing(raw):
    with pytest.raises(SaveError) as caught:
        read_json(raw)
    assert caught.value.key in ("too-deep", "not-json")
    assert "niveaux" in caught.value.say("fr") or "JSON" in caught.value.say("fr")


def test_brackets_inside_strings_do_not_count_as_nesting():
    value = {"name": "[" * 500 + '\\"{' * 100}
    assert read_json(json.dumps(value)) == value


@pytest.mark.parametrize("number", HUGE_NUMBERS)
def test_absurd_numbers_are_refused_in_every_field(number):
    save, _ = played("take-it-easy", 3)
    for field in ("rev", "created", "updated"):
        text = save.to_json().replace(f'"{field}":{json.dumps(getattr(save, field))}', f'"{field}":{number}')
        assert number in text
        with pytest.raises(SaveError) as caught:
            Save.from_json(text)
        assert caught.value.key in ("bad-number", "missing-part")
        assert caught.value.say("fr") and caught.value.say("en")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}",:0123456789eE.-+\\aINfty ', max_size=300))
def test_the_reader_raises_nothing_but_save_error(text):
    try:
        Save.from_json(text)
    except SaveError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=30))
def test_any_value_in_any_field_gives_a_save_error_or_a_save(junk):
    save, _ = played("lucky-numbers", 5)
    base = save.to_dict()
    for field in list(base) + ["extra"]:
        try:
            Save.from_dict({**base, field: junk}).replay()
        except SaveError:
            pass
    try:
        Save.from_dict({**base, "record": {**base["record"], "moves": [junk]}}).replay()
    except SaveError:
        pass


# --- the engine refuses hostile records cleanly --------------------------------------------------

@pytest.mark.parametrize("game_id", games.ids())
def test_a_move_with_a_deep_field_is_refused_without_recursion(game_id):
    game = games.get(game_id)
    state = game.new(game.min_players, seed=1)
    move = dict(state.legal_moves()[0])
    deep = 1
    for _ in range(3000):
        deep = [deep]
    before = state.record()
    for key in [k for k in move if k != "type"] + ["type-less"]:
        with pytest.raises(IllegalMove) as caught:
            state.play({**move, key: deep})
        assert caught.value.key == "malformed"
    assert state.record() == before
    record = {**before, "moves": [{**move, "x": deep}]}
    with pytest.raises(BadRecord):
        game.replay(record)
    with pytest.raises(BadRecord):
        game.replay({**before, "options": {"a": deep}})
    with pytest.raises(BadRecord):
        game.replay({**before, "seed": 2 ** 300})


@pytest.mark.parametrize("game_id", games.ids())
def test_moves_with_extra_fields_are_refused_in_every_game(game_id):
    game = games.get(game_id)
    state = game.new(game.min_players, seed=2)
    for move in state.legal_moves()[:5]:
        with pytest.raises(IllegalMove) as caught:
            state.play({**move, "note": "hello"})
        assert caught.value.key == "move-fields"
    record = {**state.record(), "moves": [{**state.legal_moves()[0], "note": 1}]}
    with pytest.raises(BadRecord):
        game.replay(record)


def touch_every_container(value) -> int:
    """Mutate every list and dict inside a view (depth first); returns how many were touched."""
    touched = 0
    if isinstance(value, dict):
        for item in list(value.values()):
            touched += touch_every_container(item)
        value["__touched__"] = True
        return touched + 1
    if isinstance(value, list):
        for item in list(value):
            touched += touch_every_container(item)
        value.append("__touched__")
        return touched + 1
    return 0


def positions(game_id: str):
    """States of the game along a few seeded plays, including finished ones and every option."""
    game = games.get(game_id)
    for seed in range(3):
        options = {}
        for opt in game.options:
            choice = opt.choices[(seed + 1) % len(opt.choices)]
            options[opt.name] = choice
        try:
            state = game.new(game.max_players if seed else game.min_players, seed=seed, options=options)
        except Exception:
            state = game.new(game.min_players, seed=seed)
        steps = 0
        while not state.is_over and steps < 3000:
            if steps % 7 == 0:
                yield state
            state.play(state.legal_moves()[(seed + steps) % len(state.legal_moves())])
            steps += 1
        yield state


def fingerprint(state) -> str:
    return json.dumps([state.record(), state.view(None), state.result(), str(state)], sort_keys=True, default=str)


@pytest.mark.parametrize("game_id", games.ids())
def test_views_are_independent_copies_in_every_game(game_id):
    checked = 0
    for state in positions(game_id):
        before = fingerprint(state)
        for seat in [None, *range(state.players)]:
            view = state.view(seat)
            assert touch_every_container(view) > 0
        assert fingerprint(state) == before, f"mutating a view of {game_id} changed the state"
        checked += 1
    assert checked > 3


# --- values this tab cannot read, deleted games, full storage --------------------------------------

def test_a_stored_value_this_tab_cannot_read_is_set_aside_not_overwritten():
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 10.0)
    save, _ = played("take-it-easy", 2)
    store.write(save)
    storage.setItem(save.key, "garbage")
    assert store.write(save).error.key == "not-json"
    assert json.loads(storage.getItem(ASIDE_PREFIX + save.id))["value"] == "garbage"
    assert Save.from_json(storage.getItem(save.key)).rev == save.rev
    storage.setItem(save.key, "{broken")
    assert store.write(save).error.key == "not-json"
    assert json.loads(storage.getItem(ASIDE_PREFIX + save.id + "~2"))["value"] == "{broken"
    assert json.loads(storage.getItem(ASIDE_PREFIX + save.id))["value"] == "garbage", "the first aside is kept"


def test_a_newer_versions_save_is_never_overwritten_nor_set_aside():
    """After an update, an old tab still open meets the newer version's save of its game: it
    leaves it as it is (the newer version opens it), and lists it as such."""
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 10.0)
    save, _ = played("take-it-easy", 2)
    store.write(save)
    newer_app = json.dumps({**save.to_dict(), "version": SAVE_VERSION + 1, "rev": 9})
    storage.setItem(save.key, newer_app)
    with pytest.raises(SaveNewer):
        store.write(save)
    saves, problems = store.load_all()
    assert saves == [] and [p.newer for p in problems] == [True] and not problems[0].kept
    assert storage.getItem(save.key) == newer_app
    assert store.keys(ASIDE_PREFIX) == []


def test_an_aside_this_version_reads_is_taken_back_and_a_newer_ones_stays():
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 10.0)
    readable, _ = played("take-it-easy", 1)
    newer, _ = played("take-it-easy", 1)
    newer.id = "9-9"
    newer_value = json.dumps({**newer.to_dict(), "version": SAVE_VERSION + 1})
    for saved, value in ((readable, readable.to_json()), (newer, newer_value)):
        aside = {"key": saved.key, "reason": "newer", "why": "newer", "params": {"version": "3"},
                 "when": 5.0, "value": value}
        storage.setItem(ASIDE_PREFIX + saved.id, json.dumps(aside))
    assert [s.id for s in store.take_back()] == [readable.id]
    assert storage.getItem(readable.key) == readable.to_json()
    assert [a.newer for a in store.asides()] == [True]
    with pytest.raises(SaveError) as refused:
        aside_export(storage.getItem(ASIDE_PREFIX + newer.id), "2026-11-28")
    assert refused.value.key == "newer"


def test_whatever_an_aside_holds_passes_kept_back_before_it_is_exported():
    """An unfinished game of two seats kept aside (unreadable here, or readable) carries the
    seed that replays every hand: it stays; a finished one goes, as an exported game."""
    unfinished, _ = played("rucki-zucki", 2)
    damaged = {**unfinished.to_dict(), "rev": "not a number"}
    aside = {"key": unfinished.key, "reason": "x", "why": "missing-part", "params": {"detail": "rev"},
             "when": 5.0, "value": json.dumps(damaged)}
    with pytest.raises(SaveError) as refused:
        aside_export(json.dumps(aside), "2026-11-28")
    assert refused.value.key == "secret-hands"
    with pytest.raises(SaveError):
        aside_export(unfinished.to_json(), "2026-11-28")   # left in place: the same rule
    game = games.get("take-it-easy")
    state = game.new(1, seed=3)
    while not state.is_over:
        state.play(state.legal_moves()[0])
    over = Save(id="5-5", game="take-it-easy", record=state.record(), seats=[Seat("Solo")])
    over.follow(state)
    text = aside_export(json.dumps({**aside, "value": over.to_json()}), "2026-11-28")
    assert json.loads(text)["format"] == "ludotheque-game"
    assert import_text(text, "6-6", "2026-11-28")[0].record == over.record
    assert aside_export("garbage", "2026-11-28") == "garbage"   # damage, no game in it


def test_a_save_whose_moves_are_not_a_list_is_set_aside_and_the_others_stay_listed():
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 10.0)
    good, _ = played("take-it-easy", 2)
    store.write(good)
    for n, moves in enumerate((5, "abc", {"0": {}}, None)):
        bad = {**good.to_dict(), "id": f"bad{n}", "record": {**good.record, "moves": moves}}
        storage.setItem(SAVE_PREFIX + f"bad{n}", json.dumps(bad))
    storage.setItem(SAVE_PREFIX + "bad9", json.dumps({**good.to_dict(), "id": "bad9", "record": {"seed": 1}}))
    saves, problems = store.load_all()
    assert [s.id for s in saves] == [good.id]          # the home lists it, and counts its moves
    assert len(saves[0].record["moves"]) == 2
    assert sorted(p.key for p in problems) == sorted(SAVE_PREFIX + f"bad{n}" for n in (0, 1, 2, 3, 9))
    assert all(p.kept and "record" in p.error.say("en") for p in problems)


def test_an_aside_whose_params_name_the_reason_key_is_still_said():
    storage = MemoryStorage()
    for name, params in (("a", {"key": "x"}), ("b", {"lang": "xx", "self": 1, "detail": "d"}),
                         ("c", {"cause": {"key": "replay", "params": {"key": 1, "move": 2}}})):
        storage.setItem(ASIDE_PREFIX + name, json.dumps({"key": SAVE_PREFIX + name, "why": "replay",
                                                          "params": params, "when": 1, "value": "v"}))
    for aside in SaveStore(storage).asides():
        assert aside.value == "v" and aside.error.say("fr") and aside.error.say("en")


def test_a_game_deleted_in_another_tab_is_not_written_back():
    store = SaveStore(MemoryStorage())
    save, _ = played("lucky-numbers", 3)
    store.write(save)
    store.delete(save.id)
    with pytest.raises(SaveGone):
        store.write(save)
    assert store.keys(SAVE_PREFIX) == []


def test_a_conflicting_write_is_refused_with_the_stored_game():
    store = SaveStore(MemoryStorage())
    save, _ = played("take-it-easy", 2)
    store.write(save)
    other = Save.from_json(store.storage.getItem(save.key))
    store.write(other)
    with pytest.raises(SaveConflict) as caught:
        store.write(save)
    assert caught.value.newer.rev == other.rev


def test_with_the_storage_full_a_bad_value_is_not_said_to_be_kept_aside():
    storage = FullStorage()
    storage.items[SAVE_PREFIX + "x"] = DEEP
    storage.items[STATS_KEY] = DEEP
    store = SaveStore(storage)
    saves, problems = store.load_all()
    assert saves == [] and [p.kept for p in problems] == [False]
    assert storage.items[SAVE_PREFIX + "x"] == DEEP, "left where it was, not lost"
    _, problem = stats.load(store)
    assert problem and not problem.kept and storage.items[STATS_KEY] == DEEP


@pytest.mark.parametrize("shape", STATS_SHAPES + [DEEP, '{"version":1,"counted":[],"games":{},"x":Infinity}'])
def test_statistics_of_a_wrong_shape_are_set_aside(shape):
    storage = MemoryStorage()
    raw = shape if isinstance(shape, str) else json.dumps(shape)
    storage.setItem(STATS_KEY, raw)
    store = SaveStore(storage)
    data, problem = stats.load(store)
    assert data == stats.empty() and problem and problem.kept
    assert json.loads(storage.getItem(ASIDE_PREFIX + STATS_KEY))["value"] == raw
    assert "statistiques" in problem.error.say("fr")


def test_statistics_without_records_or_with_empty_solo_results_still_count_a_finished_game():
    storage = MemoryStorage()
    storage.setItem(STATS_KEY, json.dumps({"version": 1, "counted": [], "games": {
        "take-it-easy": {"played": 0, "players": {}}, "3x16": {"played": 0, "players": {}, "solo": {}}}}))
    data, problem = stats.load(SaveStore(storage))
    assert problem is None
    game = games.get("take-it-easy")
    state = game.new(1, seed=2, options={"rounds": 1})
    while not state.is_over:
        state.play(state.legal_moves()[0])
    save = Save(id="t", game="take-it-easy", record=state.record(), seats=[Seat("Alice")], created=1.0, updated=2.0)
    assert stats.count_finished(data, save, state)
    assert data["games"]["take-it-easy"]["records"]["best_round"]["name"] == "Alice"
    state = games.get("3x16").new(1, seed=2)
    while not state.is_over:
        state.play(state.legal_moves()[0])
    save = Save(id="x", game="3x16", record=state.record(), seats=[Seat("Alice")], created=1.0, updated=2.0)
    assert stats.count_finished(data, save, state)
    assert data["games"]["3x16"]["solo"]["games"] == 1
    assert stats.wrong_part(data) is None


def test_3x16_solitaires_count_completions_and_tiles_left_on_top_of_stored_statistics():
    """Statistics stored before (two solitaires, one completed) load as they are; a solitaire with
    tiles left and a completed one add to them; alone nobody is counted as winning or losing."""
    storage = MemoryStorage()
    storage.setItem(STATS_KEY, json.dumps({"version": 1, "counted": ["old"], "games": {"3x16": {
        "played": 2, "players": {}, "records": {}, "solo": {"games": 2, "completions": 1, "total_left": 9,
                                                             "best_left": 0}}}}))
    data, problem = stats.load(SaveStore(storage))
    assert problem is None
    game = games.get("3x16")
    for seed, complete in ((2, False), (3, True)):
        state = game.new(1, seed=seed)
        while not state.is_over:
            state.play(state.legal_moves()[-1])
        if complete:   # as a completed tableau ends
            state.ends[0], state.columns[0] = [16, 16, 16], [[] for _ in range(5)]
        assert state.result()["winners"] == ([0] if complete else [])
        save = Save(id=f"s{seed}", game="3x16", record=state.record(), seats=[Seat("Alice")], created=1.0, updated=2.0)
        assert stats.count_finished(data, save, state)
        left = state.left(0)
    entry = data["games"]["3x16"]
    assert entry["played"] == 4 and entry["players"] == {}
    solo = entry["solo"]
    assert solo["games"] == 4 and solo["completions"] == 2 and solo["best_left"] == 0 and left == 0
    assert solo["total_left"] > 9 and stats.wrong_part(data) is None


def test_settings_and_asides_that_cannot_be_read():
    storage = MemoryStorage()
    storage.setItem(SETTINGS_KEY, DEEP)
    storage.setItem(ASIDE_PREFIX + "evil", DEEP)
    storage.setItem(ASIDE_PREFIX + "params", json.dumps({"key": "k", "why": "replay", "params": {}, "when": 1,
                                                         "value": "v"}))
    store = SaveStore(storage)
    assert store.read_settings()[0] == {} and storage.getItem(SETTINGS_KEY) is None
    found = {a.key: a for a in store.asides()}
    assert found[ASIDE_PREFIX + "evil"].value == DEEP
    assert found[ASIDE_PREFIX + "params"].error.say("fr")   # missing blanks: a sentence, no KeyError
    assert found[ASIDE_PREFIX + SETTINGS_KEY].value == DEEP


# --- imports and replay links ----------------------------------------------------------------------

def test_an_imported_file_is_never_a_daily_deal_and_is_saved_now():
    save, _ = played("take-it-easy", 100_000, names=("Zoé",))
    save.daily = "2024-01-01"
    imported, _ = import_text(export_text(save, "2024-01-02"), "new-0", today="2024-01-02", now=1234.0)
    assert imported.daily is None and imported.updated == 1234.0 and imported.rev == 0


@pytest.mark.parametrize("text", [DEEP, json.dumps({"format": "ludotheque-game", "save": DEEP}),
                                  '{"format":"ludotheque-game","save":{"rev":1e999}}', "", "null", "[]"])
def test_hostile_files_are_refused_in_the_player_language(text):
    with pytest.raises(SaveError) as caught:
        import_text(text, "n", today="2024-01-02")
    said = caught.value.say("fr")
    assert said and "Expecting" not in said and "Traceback" not in said


def test_importing_finished_games_says_which_history_goes():
    store = SaveStore(MemoryStorage(), clock=lambda: 100.0)
    for n in range(HISTORY + 2):
        save, _ = finished("take-it-easy", seed=n)
        save.id, save.updated = f"f{n}", float(n)
        store.put(save.key, save.to_json())
    saves, _ = store.load_all()
    kept, dropped = store.prune_history(saves)
    assert [s.id for s in dropped] == ["f1", "f0"]
    assert len(kept) == HISTORY


def test_replay_links_round_trip_and_refuse_bombs_and_nesting():
    save, state = finished("take-it-easy")
    again, replayed = read_share(share_code(save, "2024-01-02"), "2024-01-02")
    assert replayed.record() == state.record() and [s.name for s in again.seats] == ["Alice", "Bob"]
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 20_000_000, 9)).decode().rstrip("=")
    deep = base64.urlsafe_b64encode(zlib.compress(DEEP.encode(), 9)).decode().rstrip("=")
    for code, key in ((bomb, "link-large"), (deep, "too-deep"), ("!!!", "link-broken"), ("x" * 300_000, "link-large"),
                      (base64.urlsafe_b64encode(b"not zlib").decode(), "link-broken")):
        with pytest.raises(SaveError) as caught:
            read_share(code, "2024-01-02")
        assert caught.value.key == key, code[:20]
        assert caught.value.say("fr")


# --- the table -------------------------------------------------------------------------------------

def test_a_bot_with_an_unknown_level_plays_at_the_default_and_the_table_says_so():
    session, queue, storage = make_session("take-it-easy", [Seat("Alice"), Seat("Robo", "bot", "grandmaster-v9")])
    session.carry_out(session.table.act("place", {"cell": "3"}))
    for _ in range(5):
        if queue:
            queue.pop(0)()
    assert session.seats[1].level == bots.default_level("take-it-easy")
    assert session.state.current_player == 0 and len(session.state.moves) == 2
    assert "grandmaster-v9" in session.notice and "Robo" in session.notice
    assert json.loads(storage.getItem(SAVE_PREFIX + "s1"))["seats"][1]["level"] == bots.default_level("take-it-easy")


def test_every_move_is_written_at_once_and_a_newer_game_from_another_tab_wins_and_is_told():
    session, _, storage = make_session("take-it-easy", [Seat("Alice"), Seat("Bob")])
    cells = session.state.legal_moves()
    session.carry_out(session.table.act("place", {"cell": str(cells[0]["cell"])}))
    session.carry_out(session.table.act("place", {"cell": str(cells[1]["cell"])}))
    assert len(json.loads(storage.getItem(SAVE_PREFIX + "s1"))["record"]["moves"]) == 2
    # another tab wrote this game meanwhile: our next write finds it, takes it and says our move was not kept
    theirs = Save(**{**session.save.__dict__, "rev": 5})
    storage.setItem(SAVE_PREFIX + "s1", theirs.to_json())
    session.carry_out(session.table.act("place", {"cell": str(session.state.legal_moves()[0]["cell"])}))
    assert "autre onglet" in session.message
    assert len(session.state.moves) == 2 and session.save.rev == 5
    assert Save.from_json(storage.getItem(SAVE_PREFIX + "s1")).rev == 5


def test_a_game_deleted_elsewhere_is_said_and_not_rewritten():
    session, _, storage = make_session("take-it-easy", [Seat("Alice")])
    session.carry_out(session.table.act("place", {"cell": "3"}))
    SaveStore(storage).delete("s1")   # another tab's Delete
    session.carry_out(session.table.act("place", {"cell": "4"}))
    assert storage.getItem(SAVE_PREFIX + "s1") is None
    assert "supprimée dans un autre onglet" in session.message


@pytest.mark.parametrize("how", ["key", "everything"])
def test_a_game_whose_storage_vanished_is_written_back_whole(how):
    """#56.4: the save's key removed, or the whole storage cleared, with nobody's Delete: the
    tab writes back the game it holds, says so, and every later move is saved."""
    session, _, storage = make_session("take-it-easy", [Seat("Alice")])
    session.carry_out(session.table.act("place", {"cell": "3"}))
    if how == "key":
        storage.removeItem(SAVE_PREFIX + "s1")
    else:
        for key in [storage.key(i) for i in range(storage.length)]:
            storage.removeItem(key)
    session.carry_out(session.table.act("place", {"cell": "4"}))
    stored = Save.from_json(storage.getItem(SAVE_PREFIX + "s1"))
    assert len(stored.record["moves"]) == 2 and session.message is None
    assert "réenregistrée depuis cet onglet" in session.notice
    session.carry_out(session.table.act("place", {"cell": "5"}))
    assert len(Save.from_json(storage.getItem(SAVE_PREFIX + "s1")).record["moves"]) == 3


# --- text ------------------------------------------------------------------------------------------

def test_names_are_cut_on_graphemes():
    family = "👨\u200d👩\u200d👧\u200d👦"
    assert graphemes(family + "e\u0301🇫🇷👍🏽") == [family, "e\u0301", "🇫🇷", "👍🏽"]
    # 24 graphemes, and no more bytes than a result code holds (MAX_NAME_BYTES, 96): a family of
    # four is 25 bytes, so three of them; a flag 8 bytes, so twelve; never a grapheme cut in two
    assert cut_name(family * 30) == family * 3
    assert cut_name("🇫🇷" * 30) == "🇫🇷" * 12
    assert cut_name("é" * 30) == "é" * 24
    assert len(graphemes(cut_name("a" + "\u0301" * 500))) == 1
    save, _ = played("take-it-easy", 1, names=(family * 30,))
    assert Save.from_json(save.to_json()).seats[0].name == family * 3


def test_names_are_isolated_and_long_values_shortened():
    name = Name("\u202eevil\u2069\u202e")
    assert h("p", None, name, " à vous") == "<p><bdi>evil</bdi> à vous</p>"
    assert str(name) == "\u2068evil\u2069"
    assert len(shorten("x" * 5000)) == 40
    error = SaveError("unknown-game", game=shorten("g" * 10_000))
    assert len(error.say("fr")) < 200
    with pytest.raises(SaveError) as caught:
        Save.from_dict({**played("take-it-easy", 0)[0].to_dict(), "version": "v" * 10_000})
    assert len(caught.value.say("fr")) < 200


def test_a_game_left_before_anybody_played_is_not_kept_unless_another_tab_played_in_it():
    """The try-out: Same table, then back home, left an empty game under "Games in progress"
    beside the one before it. A game nobody played in goes when it is left; one with a move
    (played here or in another tab meanwhile) stays, and so does a day's deal."""
    session, _, storage = make_session("lucky-numbers", [Seat("Alice"), Seat("Bob")])
    session.persist()
    assert storage.getItem(SAVE_PREFIX + "s1") is not None
    session.drop_if_untouched()
    assert storage.getItem(SAVE_PREFIX + "s1") is None

    session, _, storage = make_session("lucky-numbers", [Seat("Alice"), Seat("Bob")])
    session.carry_out(session.table.act("confirm-setup", {}))
    session.drop_if_untouched()
    assert json.loads(storage.getItem(SAVE_PREFIX + "s1"))["record"]["moves"], "a game with a move is kept"

    session, _, storage = make_session("lucky-numbers", [Seat("Alice"), Seat("Bob")])
    session.persist()
    other, state = Save.from_json(storage.getItem(SAVE_PREFIX + "s1")), session.state.copy()
    state.play(state.legal_moves()[0])
    other.follow(state)
    storage.setItem(SAVE_PREFIX + "s1", other.to_json())   # another tab played the first move
    session.drop_if_untouched()
    assert json.loads(storage.getItem(SAVE_PREFIX + "s1"))["record"]["moves"], "the other tab's move is kept"

    session, _, storage = make_session("take-it-easy", [Seat("Alice")])
    session.save.daily = "2026-11-30"
    session.persist()
    session.drop_if_untouched()
    assert storage.getItem(SAVE_PREFIX + "s1") is not None, "a day's deal stays: its card opens it again"


def test_one_name_rule_drops_what_cannot_be_seen_and_keeps_what_writes_a_name():
    """#56.5: control, zero-width, bidi and soft-hyphen characters go, spaces fold into one;
    the joiners an emoji sequence or a Persian or Indic name needs stay; NFC."""
    assert cut_name("Z\u202eo\u200bé\u0007") == "Zoé"
    assert cut_name(" Ma\u00adman\u2066 \u2069\t Léa ") == "Maman Léa"
    assert cut_name("Ma\u200dman") == "Maman" and cut_name("\u200b\u202e") == ""
    assert cut_name("e\u0301") == "é"
    family = "👨\u200d👩\u200d👧"
    assert cut_name(family) == family
    assert cut_name("می\u200cخواهم") == "می\u200cخواهم"
    assert cut_name("क्\u200dष") == "क्\u200dष"
    flag = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert cut_name(flag) == flag and cut_name("a\U000e0067") == "a"
    assert cut_name("\ud800Tom") == "Tom"
