"""Saved games in the browser's localStorage, as pure logic over any object with the Web Storage
methods (getItem, setItem, removeItem, key, length), so it runs and is tested on CPython too.

A save is the game's record plus the seats (names, human or bot level) and timestamps, under a
versioned key. Replaying the record is the only way back to a position. A value that cannot be
read or replayed is never deleted silently: it is moved aside under its own key, and the caller is
told what happened."""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from ..core import BadRecord, State, get_game

SAVE_VERSION = 1
SAVE_PREFIX = "ludotheque:save:"
ASIDE_PREFIX = "ludotheque:aside:"
LANG_KEY = "ludotheque:lang"
MAX_NAME = 24


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> str | None: ...
    length: int


class SaveError(ValueError):
    """A stored value that is not a usable save; the message says why in plain words."""


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
    version: int = SAVE_VERSION

    @property
    def key(self) -> str:
        return SAVE_PREFIX + self.id

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, raw: Any) -> "Save":
        if not isinstance(raw, str):
            raise SaveError("the stored value is not text")
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise SaveError(f"the stored value is not valid JSON ({exc.msg} at character {exc.pos})") from None
        if not isinstance(data, dict):
            raise SaveError("the stored value is not a saved game")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveError(f"save version {version!r} is not one this app reads ({SAVE_VERSION})")
        try:
            seats = [Seat(name=str(s["name"])[:MAX_NAME], kind=s["kind"], level=s.get("level"))
                     for s in data["seats"]]
            save = cls(id=str(data["id"]), game=str(data["game"]), record=data["record"], seats=seats,
                       created=float(data["created"]), updated=float(data["updated"]),
                       over=bool(data["over"]))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"the saved game is missing a part or has a wrong one ({exc})") from None
        if not isinstance(save.record, dict) or any(s.kind not in ("human", "bot") for s in save.seats):
            raise SaveError("the saved game has a wrong shape")
        return save

    def replay(self) -> State:
        """The position this save describes; SaveError if the game is unknown or the record bad."""
        try:
            game = get_game(self.game)
        except KeyError:
            raise SaveError(f"unknown game {self.game!r}") from None
        try:
            state = game.replay(self.record)
        except BadRecord as exc:
            raise SaveError(str(exc)) from None
        if len(self.seats) != state.players:
            raise SaveError(f"{len(self.seats)} seats saved for a {state.players}-player game")
        return state


@dataclass
class Problem:
    key: str
    reason: str


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
        return found

    def new_id(self) -> str:
        stamp = int(self.clock() * 1000)
        n = 0
        while self.storage.getItem(f"{SAVE_PREFIX}{stamp}-{n}") is not None:
            n += 1
        return f"{stamp}-{n}"

    def write(self, save: Save) -> None:
        save.updated = self.clock()
        self.storage.setItem(save.key, save.to_json())

    def delete(self, save_id: str) -> None:
        self.storage.removeItem(SAVE_PREFIX + save_id)

    def set_aside(self, key: str, reason: str) -> Problem:
        """Move a bad value out of the saves, keeping its text and the reason, never losing it."""
        raw = self.storage.getItem(key)
        aside = {"key": key, "reason": reason, "when": self.clock(), "value": raw}
        self.storage.setItem(ASIDE_PREFIX + key[len(SAVE_PREFIX):], json.dumps(aside))
        self.storage.removeItem(key)
        return Problem(key, reason)

    def load(self, save_id: str) -> tuple[Save, State]:
        raw = self.storage.getItem(SAVE_PREFIX + save_id)
        if raw is None:
            raise SaveError("this saved game no longer exists")
        save = Save.from_json(raw)
        return save, save.replay()

    def load_all(self) -> tuple[list[Save], list[Problem]]:
        """Every readable save, newest first; unreadable ones are set aside and reported."""
        saves, problems = [], []
        for key in self.keys(SAVE_PREFIX):
            try:
                save = Save.from_json(self.storage.getItem(key))
                if save.key != key:
                    raise SaveError("the saved game's id does not match its key")
                get_game(save.game)
            except SaveError as exc:
                problems.append(self.set_aside(key, str(exc)))
                continue
            except KeyError:
                problems.append(self.set_aside(key, f"unknown game {save.game!r}"))
                continue
            saves.append(save)
        saves.sort(key=lambda s: s.updated, reverse=True)
        return saves, problems
