"""Statistics kept on this device: per game, games played and won per seat name, and personal
records (Take It Easy: the best round and the best four-round match). Pure: reads and writes one
JSON value through the saves' storage.

A finished game counts once (its save id is remembered), so reloading or replaying it changes
nothing; a damaged statistics value (unreadable, or any part of the wrong shape) is set aside like
a damaged save, and counting starts again."""
from __future__ import annotations

import json
import math
from typing import Any

from ... import games
from ...core import State
from ..i18n import person_key
from .saves import (MAX_NAME, STATS_KEY, Problem, Save, SaveError, SaveStore, StorageFull, cut, cut_name,
                    read_json)

STATS_VERSION = 1
REMEMBERED = 500   # save ids remembered as counted
RECORD_KEYS = ("best_round", "best_match")
SOLO_KEYS = ("games", "completions", "total_left", "best_left")
"""3x16's solo results: games, complete tableaux, tiles left in all and the fewest left in one."""


def empty() -> dict[str, Any]:
    return {"version": STATS_VERSION, "counted": [], "games": {}}


def load(store: SaveStore) -> tuple[dict[str, Any], Problem | None]:
    """The statistics, and the problem if the stored value had to be set aside (if it could
    not be, for want of room, `problem.kept` is False and the value must not be overwritten)."""
    raw = store.storage.getItem(STATS_KEY)
    if raw is None:
        return empty(), None
    try:
        data = read_json(raw)
        wrong = wrong_part(data)
        if wrong:
            raise SaveError("stats", detail=wrong)
    except SaveError as exc:
        error = exc if exc.key == "stats" else SaveError("stats-unreadable", cause={"key": exc.key, "params": exc.params})
        return empty(), store.set_aside(STATS_KEY, error)
    return one_person_one_entry(data), None


def one_person_one_entry(data: dict[str, Any]) -> dict[str, Any]:
    """Statistics counted before default names followed the language kept "Joueur 1" and "Player
    1" apart: their counts are added up under one name (`person_key`), records named alike."""
    for entry in data["games"].values():
        merged: dict[str, dict[str, int]] = {}
        for name, person in entry["players"].items():   # by the name rule: a name counted before it
            into = merged.setdefault(person_key(cut_name(name)), {"played": 0, "won": 0})
            into["played"] += person["played"]
            into["won"] += person["won"]
        entry["players"] = merged
        for best in entry.get("records", {}).values():
            best["name"] = person_key(cut_name(best["name"]))
    return data


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10 ** 9


def _number(value: Any) -> bool:
    """A score or a time, as a game or the clock can give it (not 1e300)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
        and abs(value) <= 10 ** 11


def _name(value: Any) -> bool:
    """A seat's name as a save gives it (cut to the form's length; a name an older version
    counted, before the name rule dropped invisible characters, is read, and counted by the rule)."""
    return isinstance(value, str) and (cut_name(value) == value or cut(value.strip(), MAX_NAME) == value)


def wrong_part(data: Any) -> str | None:
    """The path of the first part of a statistics value that has the wrong shape, or None."""
    if not isinstance(data, dict) or data.get("version") != STATS_VERSION:
        return "version"
    if not isinstance(data.get("counted"), list) or not all(isinstance(c, str) for c in data["counted"]):
        return "counted"
    if not isinstance(data.get("games"), dict):
        return "games"
    if not isinstance(data.get("tables", []), list) or not all(isinstance(c, str) and len(c) <= 64 for c in data.get("tables", [])):
        return "tables"
    for game_id, entry in data["games"].items():
        where = f"games.{game_id[:40]}"
        if not isinstance(entry, dict) or not _count(entry.get("played")):
            return where
        players, records = entry.get("players"), entry.get("records", {})
        if not isinstance(players, dict) or not isinstance(records, dict):
            return where
        for name, person in players.items():
            if not _name(name) or not isinstance(person, dict) or not _count(person.get("played")) \
                    or not _count(person.get("won")):
                return f"{where}.players"
        for key, best in records.items():
            if key.split(".")[0] not in RECORD_KEYS or not isinstance(best, dict) or not _number(best.get("score")) \
                    or not _name(best.get("name")) or not _number(best.get("when")):
                return f"{where}.records"
        daily, solo = entry.get("daily", {}), entry.get("solo", {})
        if not isinstance(daily, dict) or not isinstance(solo, dict):
            return where
        for date, result in daily.items():
            if not isinstance(result, dict) or not (result.get("score") is None or _number(result.get("score"))) \
                    or not _count(result.get("hints")):
                return f"{where}.daily"
        if solo and (sorted(solo) != sorted(SOLO_KEYS) or any(not _count(value) for value in solo.values())):
            return f"{where}.solo"
    return None


def shown_score(game_id: str, score: float) -> float:
    """A score as people read it: a game that keeps its scores negative (`Game.lower_is_better`:
    tiles left, penalties) shows them positive."""
    return -score if games.get(game_id).lower_is_better else score


def daily_results(stats: dict[str, Any], game_id: str) -> dict[str, dict[str, Any]]:
    """A game's daily deals on this device: date -> {"score" (None while unfinished), "hints"}."""
    return stats["games"].get(game_id, {}).get("daily", {})


def start_daily(stats: dict[str, Any], game_id: str, date: str) -> None:
    """Today's deal has begun: one attempt per date, even if its save is later deleted."""
    entry = stats["games"].setdefault(game_id, {"played": 0, "players": {}, "records": {}})
    entry.setdefault("daily", {}).setdefault(date, {"score": None, "hints": 0})


def claim_daily(store: SaveStore, game_id: str, date: str, save: Save) -> str | None:
    """Claim the date's one attempt before its deal opens; the claim is stored only if the
    statistics are still as read here (the page checks under its cross-tab lock, MirrorStorage),
    so two tabs never both claim it. The deal's save is written, then the mark;
    a mark that cannot be stored takes the save back (a deal must never open unmarked, or
    deleting it would give a second attempt). None when the deal may open, else why not:
    "done" (the date was claimed already), "full" (no room for the save), "unmarked" (no room
    for the mark, or damaged statistics that could not be set aside)."""
    data, problem = load(store)
    if problem is not None and not problem.kept:
        return "unmarked"
    if date in daily_results(data, game_id):
        return "done"
    try:
        store.write(save)
    except StorageFull:
        return "full"
    start_daily(data, game_id, date)
    if not store_stats(store, data):
        store.delete(save.id)
        return "unmarked"
    return None


def joined(stats: dict[str, Any], code: str) -> bool:
    """Whether this device has had a board at the table of `code` (a table code as `Table.code`
    writes it): one board per table and device, even once its save is deleted."""
    return code in stats.get("tables", [])


def claim_table(store: SaveStore, code: str, save: Save) -> str | None:
    """Claim this device's one board at a table before it opens, as `claim_daily` claims a day's
    deal: the board's save is written, then the table's mark (a mark that cannot be stored takes
    the save back: a board must never open unmarked, or deleting it would deal the same tiles
    again, every one of them known). None when the board may open, else "done" (a board of this
    table was played here already), "full" or "unmarked"."""
    data, problem = load(store)
    if problem is not None and not problem.kept:
        return "unmarked"
    if joined(data, code):
        return "done"
    try:
        store.write(save)
    except StorageFull:
        return "full"
    data["tables"] = (data.get("tables", []) + [code])[-REMEMBERED:]
    if not store_stats(store, data):
        store.delete(save.id)
        return "unmarked"
    return None


def uncount(stats: dict[str, Any], save: Save, state: State) -> bool:
    """Take a finished game of several seats back out of the statistics (a table's ranking
    gathered again with more boards: the new ranking is counted instead); False if it was not
    counted. Its records, daily and solo results are none: those are one seat's."""
    if save.id not in stats["counted"] or state.players < 2 or not state.is_over:
        return False
    stats["counted"] = [c for c in stats["counted"] if c != save.id]
    entry = stats["games"].get(save.game)
    if entry is None:
        return True
    entry["played"] = max(0, entry["played"] - 1)
    winners = state.result()["winners"]
    for seat, who in enumerate(save.seats):
        person = entry["players"].get(person_key(who.name))
        if person is not None:
            person["played"] = max(0, person["played"] - 1)
            person["won"] = max(0, person["won"] - (seat in winners))
    return True


def streak(results: dict[str, dict[str, Any]], today: str) -> int:
    """Days in a row, up to today (or yesterday, while today's is not played), with a finished deal."""
    import datetime
    day = datetime.date.fromisoformat(today)
    if results.get(today, {}).get("score") is None:
        day -= datetime.timedelta(days=1)
    count = 0
    while results.get(day.isoformat(), {}).get("score") is not None:
        count += 1
        day -= datetime.timedelta(days=1)
    return count


def personal_records(state: State, save: Save) -> dict[str, tuple[float, str]]:
    """A personal best is one person's alone and unaided: a solo game without hints gives the
    game's records (`Game.records`), each with the person's name."""
    if state.players != 1 or save.hints or save.seats[0].is_bot:
        return {}
    who = person_key(save.seats[0].name)
    return {key: (value, who) for key, value in state.game.records(state).items()}


def count_finished(stats: dict[str, Any], save: Save, state: State) -> bool:
    """Add a finished game to the statistics; False if it was already counted, not over, or only
    called (caller mode: the boards were played with the real box, not here)."""
    if not state.is_over or save.id in stats["counted"] or state.options.get("mode") == "caller":
        return False
    stats["counted"] = (stats["counted"] + [save.id])[-REMEMBERED:]
    entry = stats["games"].setdefault(save.game, {"played": 0, "players": {}, "records": {}})
    entry["played"] += 1
    winners = state.result()["winners"]
    for seat, who in enumerate(save.seats if state.players > 1 else ()):   # alone, nobody wins or loses
        person = entry["players"].setdefault(person_key(who.name), {"played": 0, "won": 0})
        person["played"] += 1
        person["won"] += seat in winners
    if save.daily:
        entry.setdefault("daily", {})[save.daily] = {
            "score": shown_score(save.game, state.result()["scores"][0]), "hints": save.hints}
    left = state.game.solo_left(state)
    if left is not None:
        solo = entry.get("solo") or {"games": 0, "completions": 0, "total_left": 0, "best_left": 48}
        entry["solo"] = solo
        solo["games"] += 1
        solo["completions"] += left == 0
        solo["total_left"] += left
        solo["best_left"] = min(solo["best_left"], left)
    records = entry.setdefault("records", {})
    for key, (score, name) in personal_records(state, save).items():
        best = records.get(key)
        if best is None or score > best["score"]:
            records[key] = {"score": score, "name": name, "when": save.updated}
    return True


def moments(before: dict[str, Any], after: dict[str, Any], save: Save) -> list[tuple[str, dict[str, Any]]]:
    """What the game just counted has that is worth celebrating, as (text key, blanks): a
    personal record beaten (Take It Easy, per variant: "record" with the record's key), 3x16's
    fewest tiles left beaten or a first solitaire completed, a streak of daily deals (two days or
    more). A first record is no moment: any first game sets one."""
    old = before["games"].get(save.game, {})
    new = after["games"].get(save.game, {})
    found: list[tuple[str, dict[str, Any]]] = []
    for key, best in new.get("records", {}).items():
        previous = old.get("records", {}).get(key)
        if previous is not None and best["score"] > previous["score"]:
            found.append(("moment.record", {"key": key, "record": best}))
    solo_before, solo_after = old.get("solo"), new.get("solo")
    if solo_after and solo_after["completions"] == 1 and (not solo_before or not solo_before["completions"]):
        found.append(("moment.first-completion", {}))
    elif solo_before and solo_before["games"] and 0 < solo_after["best_left"] < solo_before["best_left"]:
        found.append(("moment.fewest-left", {"n": solo_after["best_left"]}))
    if save.daily:
        days = streak(new.get("daily", {}), save.daily)
        if days >= 2:
            found.append(("moment.streak", {"n": days}))
    return found


def store_stats(store: SaveStore, stats: dict[str, Any]) -> bool:
    try:
        store.put(STATS_KEY, json.dumps(stats, ensure_ascii=False, separators=(",", ":")))
    except StorageFull:
        return False
    return True
