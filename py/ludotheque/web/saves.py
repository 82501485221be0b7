"""Saved games in the browser's localStorage, as pure logic over any object with the Web Storage
methods (getItem, setItem, removeItem, key, length), so it runs and is tested on CPython too.

A save is the game's record plus the seats (names, human or bot level), timestamps and a revision
number, under a versioned key. Replaying the record is the only way back to a position. A value
that cannot be read or replayed is never deleted silently: it is moved aside under its own key,
with the reason, where the player can export it, and the caller is told what happened.

Format history: version 1 had no revision, no "turn" and no "undo"; it is migrated on reading.
"""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from .. import texts
from ..core import BadRecord, State, get_game

SAVE_VERSION = 2
SAVE_PREFIX = "ludotheque:save:"
ASIDE_PREFIX = "ludotheque:aside:"
LANG_KEY = "ludotheque:lang"
STATS_KEY = "ludotheque:stats"
EXPORT_FORMAT = "ludotheque-game"
MAX_NAME = 24
MAX_SAVE_CHARS = 512 * 1024   # a real save is a few kB; anything this big is damage
HISTORY = 10                  # finished games kept for the history; older ones are dropped


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> str | None: ...
    length: int


class SaveError(ValueError):
    """A stored value that is not a usable save. `key` names the reason in the text tables
    (`saves.error.<key>`), so the page says it in the player's language; str() is English."""

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.params = params
        super().__init__(texts.text("en", f"saves.error.{key}", **params))

    def say(self, lang: str) -> str:
        return texts.text(lang, f"saves.error.{self.key}", **self.params)


class SaveConflict(Exception):
    """Another tab wrote this game since we read it: ours must not overwrite theirs."""

    def __init__(self, newer: "Save"):
        super().__init__("the game was changed in another tab")
        self.newer = newer


class StorageFull(Exception):
    """The browser refused to store more (quota): nothing was written."""


@dataclass
class Seat:
    name: str
    kind: str = "human"          # "human" or "bot"
    level: str | None = None     # the bot's level

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass
class Save:
    id: str
    game: str
    record: dict[str, Any]
    seats: list[Seat]
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    over: bool = False
    rev: int = 0                 # +1 at every write; a write over a different rev is a conflict
    turn: str | None = None      # the name of the seat to play, for the home screen
    undo: bool = True            # False for a competitive game
    daily: str | None = None     # the date of a daily deal ("YYYY-MM-DD")
    version: int = SAVE_VERSION

    @property
    def key(self) -> str:
        return SAVE_PREFIX + self.id

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, raw: Any) -> "Save":
        if not isinstance(raw, str):
            raise SaveError("not-text")
        if len(raw) > MAX_SAVE_CHARS:
            raise SaveError("too-large", size=len(raw))
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise SaveError("not-json", detail=f"{exc.msg}, character {exc.pos}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> "Save":
        if not isinstance(data, dict):
            raise SaveError("not-a-save")
        data = migrate(data)
        try:
            seats = [Seat(name=str(s["name"])[:MAX_NAME], kind=str(s["kind"]), level=s.get("level"))
                     for s in data["seats"]]
            save = cls(id=str(data["id"]), game=str(data["game"]), record=data["record"], seats=seats,
                       created=float(data["created"]), updated=float(data["updated"]),
                       over=bool(data["over"]), rev=int(data["rev"]), undo=bool(data["undo"]),
                       turn=None if data.get("turn") is None else str(data["turn"])[:MAX_NAME],
                       daily=None if data.get("daily") is None else str(data["daily"])[:10])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError("missing-part", detail=str(exc)) from None
        if not isinstance(save.record, dict) or not save.seats \
                or any(s.kind not in ("human", "bot") for s in save.seats):
            raise SaveError("wrong-shape")
        return save

    def replay(self) -> State:
        """The position this save describes; SaveError if the game is unknown or the record bad."""
        try:
            game = get_game(self.game)
        except KeyError:
            raise SaveError("unknown-game", game=self.game) from None
        try:
            state = game.replay(self.record)
        except BadRecord as exc:
            if exc.move_index is None:
                raise SaveError("bad-record", detail=str(exc)) from None
            raise SaveError("replay", move=exc.move_index + 1, detail=str(exc.__cause__ or exc)) from None
        if len(self.seats) != state.players:
            raise SaveError("seats", seats=len(self.seats), players=state.players)
        return state

    def follow(self, state: State) -> None:
        """Bring the save up to date with the state (record, over, whose turn)."""
        self.record = state.record()
        self.over = state.is_over
        seat = state.current_player
        self.turn = self.seats[seat].name if seat is not None else None


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save up to SAVE_VERSION; refuse a newer one (written by a newer app)."""
    version = data.get("version")
    if version == SAVE_VERSION:
        return data
    if version == 1:
        return {**data, "version": 2, "rev": 0, "turn": None, "undo": True}
    if isinstance(version, int) and version > SAVE_VERSION:
        raise SaveError("newer", version=version)
    raise SaveError("unknown-version", version=repr(version))


@dataclass
class Problem:
    key: str
    error: SaveError

    @property
    def reason(self) -> str:
        return str(self.error)


@dataclass
class Aside:
    key: str          # the aside key
    origin: str       # the key the value was found under
    error: SaveError
    when: float
    value: str | None


class SaveStore:
    def __init__(self, storage: Storage, clock=time.time):
        self.storage = storage
        self.clock = clock

    def keys(self, prefix: str) -> list[str]:
        found = []
        for i in range(int(self.storage.length)):
            key = self.storage.key(i)
            if key is not None and key.startswith(prefix):
                found.append(key)
        return sorted(found)

    def new_id(self) -> str:
        stamp = int(self.clock() * 1000)
        n = 0
        while self.storage.getItem(f"{SAVE_PREFIX}{stamp}-{n}") is not None:
            n += 1
        return f"{stamp}-{n}"

    def put(self, key: str, value: str) -> None:
        """One setItem; a full storage raises StorageFull and leaves the old value in place."""
        try:
            self.storage.setItem(key, value)
        except StorageFull:
            raise
        except Exception as exc:  # the browser's QuotaExceededError, or a refusal to store at all
            raise StorageFull(str(exc)) from None

    def write(self, save: Save) -> None:
        """Store the save as its next revision, unless another tab stored a different revision
        meanwhile (SaveConflict carries theirs)."""
        raw = self.storage.getItem(save.key)
        if raw is not None:
            try:
                stored = Save.from_json(raw)
            except SaveError:
                stored = None
            if stored is not None and stored.rev != save.rev:
                raise SaveConflict(stored)
        following = Save(**{**save.__dict__, "rev": save.rev + 1, "updated": self.clock()})
        self.put(save.key, following.to_json())
        save.rev, save.updated = following.rev, following.updated

    def delete(self, save_id: str) -> None:
        self.storage.removeItem(SAVE_PREFIX + save_id)

    def set_aside(self, key: str, error: SaveError) -> Problem:
        """Move a bad value out of the saves, keeping its text and the reason, never losing it."""
        raw = self.storage.getItem(key)
        aside = {"key": key, "reason": str(error), "why": error.key, "params": error.params,
                 "when": self.clock(), "value": raw}
        target = ASIDE_PREFIX + key[len(SAVE_PREFIX):] if key.startswith(SAVE_PREFIX) else ASIDE_PREFIX + key
        try:
            self.put(target, json.dumps(aside))
        except StorageFull:
            pass  # no room to copy it: leave the value where it is rather than lose it
        else:
            self.storage.removeItem(key)
        return Problem(key, error)

    def asides(self) -> list[Aside]:
        found = []
        for key in self.keys(ASIDE_PREFIX):
            raw = self.storage.getItem(key) or ""
            try:
                data = json.loads(raw)
                error = SaveError(str(data["why"]), **data["params"])
                found.append(Aside(key, str(data["key"]), error, float(data["when"]), data.get("value")))
            except (ValueError, KeyError, TypeError, IndexError):
                found.append(Aside(key, key, SaveError("unreadable"), 0.0, raw))
        return found

    def load(self, save_id: str) -> tuple[Save, State]:
        raw = self.storage.getItem(SAVE_PREFIX + save_id)
        if raw is None:
            raise SaveError("gone")
        save = Save.from_json(raw)
        return save, save.replay()

    def load_all(self) -> tuple[list[Save], list[Problem]]:
        """Every readable save, newest first; unreadable ones are set aside and reported."""
        saves, problems = [], []
        for key in self.keys(SAVE_PREFIX):
            try:
                save = Save.from_json(self.storage.getItem(key))
                if save.key != key:
                    raise SaveError("id-mismatch")
                get_game(save.game)
            except SaveError as exc:
                problems.append(self.set_aside(key, exc))
                continue
            except KeyError:
                problems.append(self.set_aside(key, SaveError("unknown-game", game=save.game)))
                continue
            saves.append(save)
        saves.sort(key=lambda s: s.updated, reverse=True)
        return saves, problems

    def prune_history(self, saves: list[Save]) -> list[Save]:
        """Keep the newest HISTORY finished games; drop older ones (their stats are kept)."""
        finished = [s for s in saves if s.over]
        for old in finished[HISTORY:]:
            self.delete(old.id)
        return [s for s in saves if not s.over or s in finished[:HISTORY]]

    def usage(self) -> int:
        """Characters stored by the app (the quota is counted in characters)."""
        total = 0
        for i in range(int(self.storage.length)):
            key = self.storage.key(i)
            if key and key.startswith("ludotheque:"):
                total += len(key) + len(self.storage.getItem(key) or "")
        return total


def export_text(save: Save) -> str:
    """A game as a file: the save itself, wrapped so an import knows what it reads."""
    return json.dumps({"format": EXPORT_FORMAT, "save": save.to_dict()}, ensure_ascii=False, indent=1)


def import_text(text: str, new_id: str) -> tuple[Save, State]:
    """Read an exported game; it is checked by replaying it and gets a fresh id here."""
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError("file-large")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise SaveError("not-json", detail=f"{exc.msg}, character {exc.pos}") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise SaveError("file-not-game")
    save = Save.from_dict({**(data.get("save") or {}), "id": new_id}
                          if isinstance(data.get("save"), dict) else data.get("save"))
    state = save.replay()
    save.follow(state)
    save.rev = 0
    return save, state
