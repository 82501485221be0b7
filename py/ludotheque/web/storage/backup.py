"""Everything this device keeps, as one file, and that file merged back in: pure logic over the
saves' storage (any object with the Web Storage methods), so it runs and is tested on CPython too.

A backup is for the family's own devices (Safari clears a site's storage after seven days without
a visit): unlike an exported game it holds every game, those `saves.kept_back` keeps at their
table included, with the people, the settings and the statistics. The file says what it is
(`BACKUP_FORMAT`) and its version, so a damaged or foreign file is told apart and refused with a
reason. A restore reads and checks the whole file first (every game replayed), then merges it
into what is here (`merge`): nothing present is lost, a game present in both keeps its longer
record, statistics are never counted twice, and a daily deal never comes back as a second
attempt. Only then is anything written (`write`); a write the storage refuses is undone.

Statistics hold sums, not games, so their merge goes by the games each side counted (`counted`):
with nothing in common the sums are added; when one side counted every game the other did (the
same backup restored twice, or a backup of this very device), the fuller side is kept; when they
share some games but not all, each sum is the larger of the two (it may count a game too few,
never one too many). Records keep the best, daily results every date (a finished one first)."""
from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, field, replace
from typing import Any

from ... import games
from ..i18n import person_key
from .people import MAX_PEOPLE, known
from .values import SaveError, read_json, whole
from .saves import (ASIDE_PREFIX, EXPORT_FORMAT, MAX_ASIDE_CHARS, SAVE_PREFIX, SETTINGS_KEY, STATS_KEY, Save,
                    SaveStore, StorageFull)
from . import stats as statistics

BACKUP_FORMAT = "ludotheque-backup"
BACKUP_VERSION = 1
MAX_BACKUP_CHARS = 16 * 1024 * 1024   # a browser keeps 5 MB or so for a site: anything this big is damage
NOTE_KEY = "safari_note"              # the settings' date the Safari note was last closed
NOTE_AGAIN_DAYS = 30                  # the note comes back after this many days, if still not installed


@dataclass
class Contents:
    """What a device keeps: its games by id, its settings and its statistics."""
    saves: dict[str, Save] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=statistics.empty)
    unreadable: set[str] = field(default_factory=set)   # ids of saves here this version cannot read (left alone)
    raw: dict[str, str] = field(default_factory=dict)    # those values, and the values set aside, as they are kept


@dataclass
class Summary:
    """What a restore did, to be said: games added, games here that the file had further on,
    games already here as they were, people added, daily deals not restored (a second attempt)."""
    added: int = 0
    longer: int = 0
    same: int = 0
    people: int = 0
    kept_back: int = 0
    raw: int = 0      # values this version cannot read (a newer version's games, values set aside) put back


# --- what is here ---------------------------------------------------------------------------------

def gather(store: SaveStore) -> Contents:
    """Everything readable this device keeps, read without changing anything (a value that cannot
    be read stays where it is, for the home screen to set aside and say)."""
    saves, unreadable, raw = {}, set(), {}
    for key in store.keys(SAVE_PREFIX):
        try:
            save = Save.from_json(store.storage.getItem(key))
        except SaveError:
            save = None
        if save is not None and save.key == key:
            saves[save.id] = save
        else:
            unreadable.add(key[len(SAVE_PREFIX):])
            raw[key] = store.storage.getItem(key) or ""
    for key in store.keys(ASIDE_PREFIX):   # an older tab's backup keeps a newer version's values too
        raw[key] = store.storage.getItem(key) or ""
    return Contents(saves, _stored_dict(store, SETTINGS_KEY) or {}, _stored_stats(store), unreadable, raw)


def _stored_dict(store: SaveStore, key: str) -> dict[str, Any] | None:
    try:
        value = read_json(store.storage.getItem(key))
    except SaveError:
        return None
    return value if isinstance(value, dict) else None


def _stored_stats(store: SaveStore) -> dict[str, Any]:
    value = _stored_dict(store, STATS_KEY)
    if value is None or statistics.wrong_part(value):
        return statistics.empty()
    return statistics.one_person_one_entry(value)


def backup_text(contents: Contents, now: float) -> str:
    """The backup file of `contents`, made at `now`."""
    return json.dumps({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "made": now,
                       "saves": [save.to_dict() for save in contents.saves.values()],
                       "settings": contents.settings, "stats": contents.stats,
                       # what this version cannot read, as it is kept: a restore puts it back where it was
                       "raw": [{"key": key, "value": value} for key, value in sorted(contents.raw.items())]},
                      ensure_ascii=False, indent=1)


# --- reading a file -------------------------------------------------------------------------------

def read_backup(text: Any) -> Contents:
    """The contents of a backup file, every part checked and every game replayed; SaveError with
    the reason if anything is wrong (then nothing may be restored from it)."""
    data = read_json(text, MAX_BACKUP_CHARS, large="backup-large")
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
            raise SaveError("backup-one-game")
        raise SaveError("backup-not")
    version = data.get("version")
    if whole(version) and version > BACKUP_VERSION:
        raise SaveError("backup-newer", version=version)
    if version != BACKUP_VERSION:
        raise SaveError("backup-damaged", detail="version")
    if not isinstance(data.get("saves"), list):
        raise SaveError("backup-damaged", detail="saves")
    saves: dict[str, Save] = {}
    for n, value in enumerate(data["saves"], 1):
        try:
            save = Save.from_dict(value)
            if save.game not in games.ids():
                raise SaveError("unknown-game", game=save.game[:40])
            save.follow(save.replay())
        except SaveError as exc:
            raise SaveError("backup-game", n=n, cause={"key": exc.key, "params": exc.params}) from None
        if save.id in saves:
            raise SaveError("backup-damaged", detail=f"saves.{n}")
        saves[save.id] = save
    settings = data.get("settings")
    if not isinstance(settings, dict):
        raise SaveError("backup-damaged", detail="settings")
    wrong = statistics.wrong_part(data.get("stats"))
    if wrong:
        raise SaveError("backup-damaged", detail=f"stats.{wrong}")
    raw = {}
    for n, item in enumerate(data.get("raw", []) if isinstance(data.get("raw", []), list) else [None], 1):
        if not isinstance(item, dict) or not isinstance(item.get("key"), str) or not isinstance(item.get("value"), str) \
                or not item["key"].startswith((SAVE_PREFIX, ASIDE_PREFIX)) or len(item["key"]) > 200 \
                or len(item["value"]) > MAX_ASIDE_CHARS:
            raise SaveError("backup-damaged", detail=f"raw.{n}")
        raw[item["key"]] = item["value"]
    return Contents(saves, settings, statistics.one_person_one_entry(data["stats"]), raw=raw)


# --- merging --------------------------------------------------------------------------------------

def same_game(one: Save, other: Save) -> bool:
    """Two saves of one game: the same id, game, deal and start (two devices could, in theory,
    give two games one id)."""
    return (one.id, one.game, one.record.get("seed"), one.created) == \
        (other.id, other.game, other.record.get("seed"), other.created)


def merge(here: Contents, there: Contents, today: str) -> tuple[Contents, Summary]:
    """`there` (a backup) merged into `here` (this device), and what that adds. Pure: neither is
    changed. A daily deal is restored only if it is finished or today's, and only if this device
    has not had its own attempt at that deal already (its mark, in the statistics)."""
    summary = Summary()
    saves = dict(here.saves)
    marks = {(game_id, date) for game_id, entry in here.stats["games"].items() for date in entry.get("daily", {})}
    restored_dailies = []
    for save in there.saves.values():
        mine = here.saves.get(save.id)
        if mine is not None and same_game(mine, save):
            if len(save.record["moves"]) > len(mine.record["moves"]):
                saves[save.id] = replace(save, rev=mine.rev + 1)   # an open tab follows it as another tab's move
                summary.longer += 1
            else:
                summary.same += 1
            continue
        if save.daily and (not save.over and save.daily != today or (save.game, save.daily) in marks):
            summary.kept_back += 1   # another day's unfinished deal, or a second attempt at one
            continue
        new_id, n = save.id, 1
        while new_id in saves or new_id in here.unreadable:   # a value here that cannot be read is never overwritten
            n, new_id = n + 1, f"{save.id}~{n + 1}"
        saves[new_id] = replace(save, id=new_id, rev=0)
        summary.added += 1
        if save.daily:
            restored_dailies.append(save)
    raw = {}
    for key, value in there.raw.items():   # put back where it was, if nothing is there now
        if key.startswith(SAVE_PREFIX) and (key[len(SAVE_PREFIX):] in saves or key[len(SAVE_PREFIX):] in here.unreadable):
            continue
        if key in here.raw:
            continue
        raw[key] = value
        summary.raw += 1
    settings, summary.people = merge_settings(here.settings, there.settings)
    stats = merge_stats(here.stats, there.stats)
    for save in restored_dailies:   # its mark comes with it: deleting it never gives a second attempt
        statistics.start_daily(stats, save.game, save.daily)
    return Contents(saves, settings, stats, raw=raw), summary


def merge_settings(here: dict[str, Any], there: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The settings with the backup's people added after this device's (a person here keeps their
    colour; one without takes the backup's), the backup's last tables for games with none here,
    every game's guided game offered once; any other setting stays as here. And how many people
    were added."""
    mine, theirs = known(here), known(there)
    by_key = {person_key(p["name"]): p for p in mine}
    added = 0
    for person in theirs:
        found = by_key.get(person_key(person["name"]))
        if found is None and len(by_key) < MAX_PEOPLE:
            found = by_key[person_key(person["name"])] = dict(person)
            mine.append(found)
            added += 1
        elif found is not None and not found["colour"]:
            found["colour"] = person["colour"]
    merged = {**there, **here}
    if mine:
        merged["people"] = mine
    tables = {key: value for source in (there, here) if isinstance(source.get("tables"), dict)
              for key, value in source["tables"].items() if key in games.ids()}
    if tables:
        merged["tables"] = tables
    offered = [g for source in (here, there) if isinstance(source.get("guide_offered"), list)
               for g in source["guide_offered"] if isinstance(g, str)]
    if offered:
        merged["guide_offered"] = list(dict.fromkeys(offered))
    return merged, added


def merge_stats(here: dict[str, Any], there: dict[str, Any]) -> dict[str, Any]:
    """Both sides' statistics, no game counted twice (see the module's note)."""
    mine, theirs = set(here["counted"]), set(there["counted"])
    if theirs <= mine:
        how = "here"
    elif mine <= theirs and mine:
        how = "there"
    elif mine & theirs:
        how = "max"
    else:
        how = "add"
    merged = json.loads(json.dumps(here))
    merged["counted"] = (here["counted"] + [c for c in there["counted"] if c not in mine])[-statistics.REMEMBERED:]
    tables = here.get("tables", []) + [c for c in there.get("tables", []) if c not in here.get("tables", [])]
    if tables:   # a table either device had a board at: one board there still
        merged["tables"] = tables[-statistics.REMEMBERED:]
    for game_id, other in there["games"].items():
        entry = merged["games"].setdefault(game_id, {"played": 0, "players": {}, "records": {}})
        entry["played"] = _sum(how, entry["played"], other["played"])
        for name, person in other["players"].items():
            into = entry["players"].setdefault(name, {"played": 0, "won": 0})
            for key in ("played", "won"):
                into[key] = _sum(how, into[key], person[key])
        records = entry.setdefault("records", {})
        for key, best in other.get("records", {}).items():
            if key not in records or best["score"] > records[key]["score"]:
                records[key] = dict(best)
        daily = entry.setdefault("daily", {}) if other.get("daily") else entry.get("daily", {})
        for date, result in other.get("daily", {}).items():
            if date not in daily or daily[date]["score"] is None and result["score"] is not None:
                daily[date] = dict(result)
        if other.get("solo"):
            solo = entry.get("solo") or {"games": 0, "completions": 0, "total_left": 0, "best_left": 48}
            best = min(solo["best_left"], other["solo"]["best_left"])
            entry["solo"] = {key: _sum(how, solo[key], other["solo"][key]) for key in ("games", "completions", "total_left")}
            entry["solo"]["best_left"] = best
    return merged


def _sum(how: str, mine: int, theirs: int) -> int:
    return {"here": mine, "there": theirs, "max": max(mine, theirs), "add": mine + theirs}[how]


# --- writing --------------------------------------------------------------------------------------

def write(store: SaveStore, here: Contents, merged: Contents) -> None:
    """Store what `merged` changes of `here`; StorageFull (after every value written is put back
    as it was) if the storage refuses any of it."""
    values = [(save.key, save.to_json()) for save_id, save in merged.saves.items()
              if save_id not in here.saves or save is not here.saves[save_id]]
    values += [(key, value) for key, value in merged.raw.items() if key not in here.raw]
    if merged.settings != here.settings:
        values.append((SETTINGS_KEY, json.dumps(merged.settings, ensure_ascii=False)))
    if merged.stats != here.stats:
        values.append((STATS_KEY, json.dumps(merged.stats, ensure_ascii=False, separators=(",", ":"))))
    before = [(key, store.storage.getItem(key)) for key, _ in values]
    try:
        for key, value in values:
            store.put(key, value)
    except StorageFull:
        for key, old in before:
            if old is None:
                store.storage.removeItem(key)
            else:
                try:
                    store.put(key, old)
                except StorageFull:
                    pass   # what is there is the value we failed to replace: it was never written
        raise


def restore(store: SaveStore, text: Any, today: str) -> Summary:
    """Read a backup file and merge it into the storage: SaveError (nothing changed) if the file is
    refused, StorageFull (nothing changed) if there is no room."""
    there = read_backup(text)
    here = gather(store)
    merged, summary = merge(here, there, today)
    write(store, here, merged)
    return summary


# --- the Safari note ------------------------------------------------------------------------------

def note_due(env: dict[str, Any], settings: dict[str, Any], finished: bool, today: str) -> bool:
    """Whether the home shows the note about Safari clearing the site: Safari's engine (every iOS
    browser), not installed, once a game has been finished here, and not closed in the last
    NOTE_AGAIN_DAYS days."""
    if not env.get("safari") or env.get("installed") or not finished:
        return False
    closed = settings.get(NOTE_KEY)
    try:
        closed_day = datetime.date.fromisoformat(closed) if isinstance(closed, str) else None
        return closed_day is None or (datetime.date.fromisoformat(today) - closed_day).days >= NOTE_AGAIN_DAYS
    except ValueError:
        return True
