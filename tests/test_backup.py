"""The backup's pure logic on CPython (issue #41, point 3): everything a device keeps as one file,
and that file merged back in: nothing present lost, a game in both keeps its longer record,
statistics never counted twice, daily deals never a second attempt, and a damaged or foreign file
(or a storage with no room) refused with a reason, changing nothing."""
from __future__ import annotations

import json

import pytest

from ludotheque import games
from ludotheque.web.storage import backup, stats
from ludotheque.web.storage.backup import Contents, gather, merge, note_due, read_backup, restore
from ludotheque.web.storage.saves import (SETTINGS_KEY, STATS_KEY, Save, SaveError, SaveStore, Seat,
                                          StorageFull, export_text, kept_back)
from test_saves_logic import FullStorage, played
from test_web_logic import MemoryStorage

TODAY = "2026-11-28"


def device(*saves: Save, people: tuple[tuple[str, str | None], ...] = (), extra: dict | None = None) -> SaveStore:
    """A device's storage holding `saves` (the finished ones counted) and the people's names and colours."""
    store = SaveStore(MemoryStorage(), clock=lambda: 1.7e9)
    data = stats.empty()
    for save in saves:
        store.put(save.key, save.to_json())
        state = save.replay()
        if state.is_over:
            stats.count_finished(data, save, state)
    stats.store_stats(store, data)
    settings = {"people": [{"name": name, "colour": colour} for name, colour in people], **(extra or {})}
    store.put(SETTINGS_KEY, json.dumps(settings))
    return store


def game(save_id: str, moves: int = 100_000, seed: int = 4, names=("Alice", "Bob"), game_id="lucky-numbers") -> Save:
    save, _ = played(game_id, moves, seed, names)
    save.id = save_id
    return save


def file_of(store: SaveStore) -> str:
    return backup.backup_text(gather(store), 1.7e9)


def snapshot(store: SaveStore) -> dict:
    return dict(store.storage.items)


def stored_stats(store: SaveStore) -> dict:
    return json.loads(store.storage.getItem(STATS_KEY))


def test_a_backup_restored_on_an_empty_device_gives_back_everything():
    running = game("1-0", moves=5)   # several seats, unfinished: an export keeps it back
    assert kept_back(running, TODAY)
    source = device(game("1-1"), game("1-2", seed=9), running, people=(("Alice", "red"), ("Bob", "blue")),
                    extra={"bot_pace": "slow"})
    text = file_of(source)
    assert json.loads(text)["format"] == "ludotheque-backup" and json.loads(text)["version"] == 1
    empty = SaveStore(MemoryStorage())
    summary = restore(empty, text, TODAY)
    assert (summary.added, summary.people, summary.same) == (3, 2, 0)
    assert {k: json.loads(v) for k, v in empty.storage.items.items()} == \
        {k: json.loads(v) for k, v in source.storage.items.items()}


def test_restoring_the_same_backup_twice_adds_nothing_and_counts_nothing_twice():
    source = device(game("1-1"), game("1-2", seed=9), people=(("Alice", "red"),))
    text = file_of(source)
    target = device(game("2-1", seed=3, names=("Zoé", "Léo")), people=(("Zoé", "green"),))
    first = restore(target, text, TODAY)
    after_first = snapshot(target)
    assert (first.added, first.people) == (2, 1)
    assert stored_stats(target)["games"]["lucky-numbers"]["played"] == 3
    second = restore(target, text, TODAY)
    assert (second.added, second.people, second.same) == (0, 0, 2)
    assert snapshot(target) == after_first
    # a backup of the merged device restored into the first one adds only what it lacked
    back = restore(source, file_of(target), TODAY)
    assert (back.added, back.same) == (1, 2)
    assert stored_stats(source)["games"]["lucky-numbers"]["played"] == 3
    assert stored_stats(source)["games"]["lucky-numbers"]["players"]["Alice"]["played"] == 2


def test_statistics_shared_in_part_are_never_counted_twice():
    a, b, c = game("1-1"), game("1-2", seed=9), game("1-3", seed=11)
    here, there = device(a, b), device(b, c)
    merged = backup.merge_stats(stored_stats(here), stored_stats(there))
    assert merged["games"]["lucky-numbers"]["played"] == 2   # the larger side: never 4
    assert sorted(merged["counted"]) == ["1-1", "1-2", "1-3"]
    apart = backup.merge_stats(stored_stats(device(a)), stored_stats(device(c)))
    assert apart["games"]["lucky-numbers"]["played"] == 2


def test_a_game_in_both_keeps_its_longer_record():
    short, longer = game("1-1", moves=4), game("1-1", moves=9)
    here = device(short)
    summary = restore(here, file_of(device(longer)), TODAY)
    assert summary.longer == 1 and summary.added == 0
    kept = Save.from_json(here.storage.getItem(short.key))
    assert len(kept.record["moves"]) == 9 and kept.rev == short.rev + 1   # an open tab follows it
    again = restore(here, file_of(device(game("1-1", moves=2))), TODAY)
    assert again.same == 1
    assert len(Save.from_json(here.storage.getItem(short.key)).record["moves"]) == 9


def test_another_game_under_the_same_id_is_added_beside_not_over():
    here = device(game("1-1"))
    summary = restore(here, file_of(device(game("1-1", seed=5, game_id="take-it-easy", names=("Zoé",)))), TODAY)
    assert summary.added == 1
    assert sorted(k for k in here.storage.items if k.startswith("ludotheque:save:")) == \
        ["ludotheque:save:1-1", "ludotheque:save:1-1~2"]


def test_people_are_added_after_those_here_who_keep_their_colours():
    here = device(people=(("Zoé", "green"), ("Léo", None)))
    restore(here, file_of(device(people=(("Zoé", "red"), ("Léo", "blue"), ("Anna", "pink")))), TODAY)
    people = json.loads(here.storage.getItem(SETTINGS_KEY))["people"]
    assert people == [{"name": "Zoé", "colour": "green"}, {"name": "Léo", "colour": "blue"},
                      {"name": "Anna", "colour": "pink"}]


def daily(date: str, moves: int, save_id: str = "9-0") -> Save:
    from ludotheque.games.take_it_easy.rules import daily_seed
    tie = games.get("take-it-easy")
    state = tie.new(1, seed=daily_seed(date), options=tie.daily_options)
    for _ in range(moves):
        if not state.is_over:
            state.play(state.legal_moves()[0])
    save = Save(id=save_id, game=tie.id, record=state.record(), seats=[Seat("A")], undo=False, daily=date)
    save.follow(state)
    return save


def daily_device(save: Save) -> SaveStore:
    store = device(save)
    data = stored_stats(store)
    stats.start_daily(data, save.game, save.daily)
    stats.store_stats(store, data)
    return store


def test_a_daily_deal_never_comes_back_as_a_second_attempt():
    # another day's unfinished deal is not restored
    summary = restore(device(), file_of(daily_device(daily("2026-11-20", 3))), TODAY)
    assert (summary.added, summary.kept_back) == (0, 1)
    # today's unfinished deal comes with its mark: deleting it gives no second attempt
    here = device()
    summary = restore(here, file_of(daily_device(daily(TODAY, 3))), TODAY)
    assert summary.added == 1 and TODAY in stats.daily_results(stored_stats(here), "take-it-easy")
    # a device that had its own attempt at today's deal does not take another device's
    own = daily_device(daily(TODAY, 5, save_id="8-0"))
    summary = restore(own, file_of(daily_device(daily(TODAY, 3))), TODAY)
    assert (summary.added, summary.kept_back) == (0, 1)
    # a finished deal of another day comes back, with its result
    done = daily("2026-11-20", 100)
    here = device()
    summary = restore(here, file_of(daily_device(done)), TODAY)
    assert summary.added == 1
    assert stats.daily_results(stored_stats(here), "take-it-easy")["2026-11-20"]["score"] is not None


@pytest.mark.parametrize("mangle, reason", [
    (lambda text: "<html>", "not-json"),
    (lambda text: text[:len(text) // 2], "not-json"),
    (lambda text: json.dumps({"format": "something-else", "version": 1}), "backup-not"),
    (lambda text: json.dumps([1, 2]), "backup-not"),
    (lambda text: json.dumps({**json.loads(text), "version": 7}), "backup-newer"),
    (lambda text: json.dumps({**json.loads(text), "version": "1"}), "backup-damaged"),
    (lambda text: json.dumps({**json.loads(text), "stats": {"version": 1, "counted": [], "games": []}}), "backup-damaged"),
    (lambda text: json.dumps({**json.loads(text), "settings": []}), "backup-damaged"),
    (lambda text: json.dumps({**json.loads(text), "saves": [json.loads(text)["saves"][0]] * 2}), "backup-damaged"),
])
def test_a_damaged_or_foreign_file_is_refused_and_changes_nothing(mangle, reason):
    here = device(game("2-1", seed=3), people=(("Zoé", "green"),))
    before = snapshot(here)
    with pytest.raises(SaveError) as refused:
        restore(here, mangle(file_of(device(game("1-1"), people=(("Alice", "red"),)))), TODAY)
    assert refused.value.key == reason
    assert refused.value.say("fr") and refused.value.say("en")
    assert snapshot(here) == before


def test_a_game_that_does_not_replay_or_is_newer_refuses_the_whole_file():
    data = json.loads(file_of(device(game("1-1"), game("1-2", seed=9))))
    data["saves"][1]["record"]["moves"][3] = {"type": "nonsense"}
    with pytest.raises(SaveError) as refused:
        read_backup(json.dumps(data))
    assert refused.value.key == "backup-game" and "partie 2" in refused.value.say("fr")
    data["saves"][1] = {**data["saves"][0], "version": 99}
    with pytest.raises(SaveError) as refused:
        read_backup(json.dumps(data))
    assert "plus récente" in refused.value.say("fr")


def test_an_exported_game_is_told_apart_from_a_backup():
    with pytest.raises(SaveError) as refused:
        read_backup(export_text(game("1-1"), TODAY))
    assert refused.value.key == "backup-one-game" and "Importer une partie" in refused.value.say("fr")


def test_a_restore_with_no_room_changes_nothing():
    here = device(game("2-1", seed=3))
    full = SaveStore(FullStorage(), clock=lambda: 1.7e9)
    full.storage.items = dict(here.storage.items)
    with pytest.raises(StorageFull):
        restore(full, file_of(device(game("1-1"))), TODAY)
    assert full.storage.items == here.storage.items


def test_a_write_refused_half_way_puts_back_what_it_wrote():
    class RoomForOne(MemoryStorage):
        left = 1

        def setItem(self, key, value):
            if self.left <= 0:
                raise StorageFull("quota")
            self.left -= 1
            super().setItem(key, value)
    store = SaveStore(RoomForOne())
    with pytest.raises(StorageFull):
        restore(store, file_of(device(game("1-1"), game("1-2", seed=9))), TODAY)
    assert store.storage.items == {}


def test_merge_changes_neither_side():
    here, there = gather(device(game("1-1", moves=3))), gather(device(game("1-1", moves=8), game("1-2")))
    copies = json.dumps([here.stats, here.settings, there.stats]), {k: s.to_json() for k, s in here.saves.items()}
    merge(here, there, TODAY)
    assert copies == (json.dumps([here.stats, here.settings, there.stats]),
                      {k: s.to_json() for k, s in here.saves.items()})
    assert isinstance(here, Contents)


@pytest.mark.parametrize("env, settings, finished, shown", [
    ({"safari": True, "installed": False}, {}, True, True),
    ({"safari": True, "installed": False}, {}, False, False),          # before the first finished game
    ({"safari": True, "installed": True}, {}, True, False),            # installed: it keeps its own
    ({"safari": False, "installed": False}, {}, True, False),          # another browser
    ({"safari": True}, {"safari_note": "2026-11-20"}, True, False),    # closed eight days ago
    ({"safari": True}, {"safari_note": "2026-10-29"}, True, True),     # closed thirty days ago
    ({"safari": True}, {"safari_note": "not a date"}, True, True),
])
def test_the_safari_note_is_due_in_safari_only_not_installed_after_a_game(env, settings, finished, shown):
    assert note_due(env, settings, finished, TODAY) is shown


def test_a_value_here_that_cannot_be_read_is_never_overwritten():
    here = device()
    here.put("ludotheque:save:1-1", '{"version": 99, "id": "1-1"}')   # a newer version's game
    here.put("ludotheque:save:1-2", "{damaged")
    summary = restore(here, file_of(device(game("1-1"), game("1-2", seed=9))), TODAY)
    assert summary.added == 2
    assert here.storage.getItem("ludotheque:save:1-1") == '{"version": 99, "id": "1-1"}'
    assert here.storage.getItem("ludotheque:save:1-2") == "{damaged"
    assert Save.from_json(here.storage.getItem("ludotheque:save:1-1~2")).record == game("1-1").record
