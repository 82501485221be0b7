"""Saved games in the browser's localStorage, as pure logic over any object with the Web Storage
methods (getItem, setItem, removeItem, key, length), so it runs and is tested on CPython too.

A save is the game's record plus the seats (names, human or bot level), timestamps and a revision
number, under a versioned key. Replaying the record is the only way back to a position. A value
that cannot be read or replayed is never deleted silently: it is moved aside under its own key,
with the reason, where the player can export it, and the caller is told what happened.

Every stored or imported value (saves, asides, statistics, settings, files, replay links) is
read by `read_json` (values.py, with SaveError and the names' cutting, which this module
re-exports), which refuses before parsing what is too large or nested too deep, and while parsing
any non-finite or absurdly long number; the shapes are then checked field by field. No value,
however hostile, makes these readers raise anything but SaveError.

Format history: version 1 had no revision, no "turn" and no "undo"; it is migrated on reading.
"""
from __future__ import annotations

import base64
import binascii
import datetime
import json
import time
import zlib
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from ...core import BadRecord, State, get_game
from .values import (MAX_DEPTH, MAX_DIGITS, MAX_NAME, MAX_SAVE_CHARS, MAX_SHOWN, SaveError, cut, cut_name,  # noqa: F401
                     graphemes, read_json, shorten, too_deep)
from .values import DATE as _DATE, moment as _moment, optional as _optional, part as _part, whole as _whole

SAVE_VERSION = 2
SAVE_PREFIX = "ludotheque:save:"
ASIDE_PREFIX = "ludotheque:aside:"
LANG_KEY = "ludotheque:lang"
STATS_KEY = "ludotheque:stats"
SETTINGS_KEY = "ludotheque:settings"
DELETED_KEY = "ludotheque:deleted"   # the ids of the games deleted here lately (`SaveStore.delete`)
DELETED_KEPT = 50
EXPORT_FORMAT = "ludotheque-game"
MAX_ASIDE_CHARS = 4 * MAX_SAVE_CHARS   # an aside holds a bad value plus why it was set aside
MAX_LINK_CHARS = 256 * 1024   # a replay link's code (compressed)
MAX_SEATS = 16
MAX_ID = 64
COLOURS = ("blue", "orange", "purple", "teal", "pink", "green", "red", "brown")
"""The seats' colours, in the order they are given (the stylesheet has each one's shade; the
texts name them); no two seats of a table share one. The shades stay apart under the common
colour-vision deficiencies, the first ones most (tests/test_palette.py); a seat is also marked
by its initial (view.seat_colours), never by its colour alone. Stored colours are these names,
so a person remembered before the shades changed keeps theirs."""
HISTORY = 10                  # finished games kept for the history; older ones are dropped


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> str | None: ...
    length: int


class SaveConflict(Exception):
    """Another tab wrote this game since we read it: ours must not overwrite theirs."""

    def __init__(self, newer: "Save"):
        super().__init__("the game was changed in another tab")
        self.newer = newer


class StorageFull(Exception):
    """The browser refused to store more (quota): nothing was written."""


class StorageRefused(StorageFull):
    """The browser refuses this site any storage (site data blocked): nothing was written, and
    nothing ever will be on this visit; freeing space would not help."""


class SaveGone(Exception):
    """The game was deleted (in another tab) since we wrote it: ours must not bring it back."""


class SaveNewer(SaveGone):
    """A newer version of the app (in another tab, after an update) wrote this game since: this
    version cannot read it, so it must neither overwrite it nor set it aside (the newer one opens it)."""


@dataclass
class Seat:
    name: str
    kind: str = "human"          # "human" or "bot"
    level: str | None = None     # the bot's level
    colour: str | None = None    # one of COLOURS, shown on the seat's board, in the log and the ranking

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
    confirm: bool = False        # a placement waits for a second tap (games whose table offers it)
    aloud: bool = False          # each tile or number said aloud as it comes (tables that call them)
    daily: str | None = None     # the date of a daily deal ("YYYY-MM-DD")
    table: str | None = None     # the table code of a game played on several devices (table_codes.py)
    hints: int = 0               # hints asked for during the game (a daily result says so)
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
        return cls.from_dict(read_json(raw))

    @classmethod
    def from_dict(cls, data: Any) -> "Save":
        """A save from its parsed value, every field checked for its type and range."""
        if not isinstance(data, dict):
            raise SaveError("not-a-save")
        data = migrate(data)
        seats = _part(data, "seats", lambda v: isinstance(v, list) and 1 <= len(v) <= MAX_SEATS)
        return cls(id=_part(data, "id", lambda v: isinstance(v, str) and 0 < len(v) <= MAX_ID),
                   game=_part(data, "game", lambda v: isinstance(v, str)),
                   record=_part(data, "record", lambda v: isinstance(v, dict) and isinstance(v.get("moves"), list)),
                   seats=[_seat(seat) for seat in seats],
                   created=float(_part(data, "created", _moment)), updated=float(_part(data, "updated", _moment)),
                   over=_part(data, "over", lambda v: isinstance(v, bool)),
                   rev=_part(data, "rev", lambda v: _whole(v) and 0 <= v <= 2 ** 53),
                   undo=_part(data, "undo", lambda v: isinstance(v, bool)),
                   confirm=_optional(data, "confirm", lambda v: isinstance(v, bool)) or False,
                   aloud=_optional(data, "aloud", lambda v: isinstance(v, bool)) or False,
                   turn=_optional(data, "turn", lambda v: isinstance(v, str), cut_name),
                   daily=_optional(data, "daily", lambda v: isinstance(v, str) and _DATE.fullmatch(v) is not None),
                   hints=_optional(data, "hints", lambda v: _whole(v) and 0 <= v <= 10 ** 6) or 0,
                   table=_optional(data, "table", lambda v: isinstance(v, str) and 0 < len(v) <= MAX_ID))

    def replay(self) -> State:
        """The position this save describes; SaveError if the game is unknown or the record bad
        (and nothing else, whatever the record holds)."""
        try:
            game = get_game(self.game)
        except KeyError:
            raise SaveError("unknown-game", game=shorten(self.game)) from None
        try:
            state = game.replay(self.record)
        except BadRecord as exc:
            if exc.move_index is None:
                raise SaveError("bad-record") from None
            refused = exc.__cause__
            refusal = ({"game": game.id, "key": refused.key, "params": refused.params}
                       if getattr(refused, "key", None) else None)
            raise SaveError("replay", move=exc.move_index + 1, detail=str(refused or exc)[:200],
                            refusal=refusal) from None
        except Exception:  # a game's own code tripping on a strange record is a bad record too
            raise SaveError("bad-record") from None
        if len(self.seats) != state.players:
            raise SaveError("seats", seats=len(self.seats), players=state.players)
        return state

    def follow(self, state: State) -> None:
        """Bring the save up to date with the state (record, over, whose turn)."""
        self.record = state.record()
        self.over = state.is_over
        seat = state.current_player
        self.turn = self.seats[seat].name if seat is not None else None


def _seat(data: Any) -> Seat:
    if not isinstance(data, dict):
        raise SaveError("missing-part", detail="seats")
    name = _part(data, "name", lambda v: isinstance(v, str))
    kind = _part(data, "kind", lambda v: v in ("human", "bot"))
    level = _optional(data, "level", lambda v: isinstance(v, str) and len(v) <= MAX_ID)
    colour = data.get("colour") if data.get("colour") in COLOURS else None   # an unknown colour: one is given
    return Seat(name=cut_name(name), kind=kind, level=level, colour=colour)


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save up to SAVE_VERSION; refuse a newer one (written by a newer app)."""
    version = data.get("version")
    if version == SAVE_VERSION:
        return data
    if version == 1:
        return {**data, "version": 2, "rev": 0, "turn": None, "undo": True}
    if _whole(version) and version > SAVE_VERSION:
        raise SaveError("newer", version=shorten(version))
    raise SaveError("unknown-version", version=shorten(version))


@dataclass
class Problem:
    key: str
    error: SaveError
    kept: bool = True     # False: left where it was (no room to set it aside, or `newer`)

    @property
    def reason(self) -> str:
        return str(self.error)

    @property
    def newer(self) -> bool:
        """Written by a newer version of the app: left as it is, for that version to open."""
        return self.error.key == "newer"


@dataclass
class Aside:
    key: str          # the aside key
    origin: str       # the key the value was found under
    error: SaveError
    when: float
    value: str | None

    @property
    def newer(self) -> bool:
        """It holds a value of a newer version of the app (set aside by an older one, which did
        so before it knew better): not shown, not exported; that version reads it back."""
        if self.error.key == "newer":
            return True
        try:
            data = read_json(self.value)
            return isinstance(data, dict) and _whole(data.get("version")) and data["version"] > SAVE_VERSION
        except SaveError:
            return False


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

    def write(self, save: Save) -> Problem | None:
        """Store the save as its next revision, unless another tab stored a different revision
        meanwhile (SaveConflict carries theirs) or deleted the game (SaveGone). A stored value
        this tab cannot read (a newer app's, or damage) is never overwritten: it is set aside
        first, and the Problem returned says so (StorageFull if there is no room for that)."""
        raw = self.storage.getItem(save.key)
        problem = None
        if raw is None and save.rev > 0:
            raise SaveGone()
        if raw is not None:
            try:
                stored = Save.from_json(raw)
            except SaveError as exc:
                if exc.key == "newer":
                    raise SaveNewer() from None
                problem = self.set_aside(save.key, exc)
                if not problem.kept:
                    raise StorageFull("no room to set the unreadable stored value aside") from None
            else:
                if stored.rev != save.rev:
                    raise SaveConflict(stored)
        following = Save(**{**save.__dict__, "rev": save.rev + 1, "updated": self.clock()})
        self.put(save.key, following.to_json())
        save.rev, save.updated = following.rev, following.updated
        return problem

    def delete(self, save_id: str) -> None:
        """Delete a game, noting that the app deleted it (the person's Delete, an old game of
        the history, a game left untouched): a tab that still holds it then tells a deletion
        asked for from storage that vanished under it (cleared by the person or the browser, a
        key removed by hand), and writes only the second back (`Keeper.persist`). The note is
        best effort: no room for it never keeps a game from being deleted."""
        ids = [i for i in self.deleted_ids() if i != save_id] + [save_id]
        try:
            self.put(DELETED_KEY, json.dumps(ids[-DELETED_KEPT:]))
        except StorageFull:
            pass
        self.storage.removeItem(SAVE_PREFIX + save_id)

    def deleted_ids(self) -> list[str]:
        try:
            ids = read_json(self.storage.getItem(DELETED_KEY))
        except SaveError:
            return []
        return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []

    def deleted(self, save_id: str) -> bool:
        """Whether the app deleted this game (in this tab or another), rather than storage
        losing it."""
        return save_id in self.deleted_ids()

    def set_aside(self, key: str, error: SaveError) -> Problem:
        """Move a bad value out of the saves, keeping its text and the reason, never losing it;
        an earlier aside of the same key is kept too. With no room to copy it, the value stays
        where it is and the Problem says it was not kept aside. A value of a newer version of the
        app is left where it is, untouched: that version opens it (after a reload here)."""
        if error.key == "newer":
            return Problem(key, error, kept=False)
        raw = self.storage.getItem(key)
        aside = {"key": key, "reason": str(error), "why": error.key, "params": error.params,
                 "when": self.clock(), "value": raw}
        target = ASIDE_PREFIX + key[len(SAVE_PREFIX):] if key.startswith(SAVE_PREFIX) else ASIDE_PREFIX + key
        n = 1
        while self.storage.getItem(target if n == 1 else f"{target}~{n}") is not None:
            n += 1
        try:
            self.put(target if n == 1 else f"{target}~{n}", json.dumps(aside, ensure_ascii=False))
        except StorageFull:
            return Problem(key, error, kept=False)  # leave the value where it is rather than lose it
        self.storage.removeItem(key)
        return Problem(key, error)

    def asides(self) -> list[Aside]:
        found = []
        for key in self.keys(ASIDE_PREFIX):
            raw = self.storage.getItem(key) or ""
            try:
                data = read_json(raw, MAX_ASIDE_CHARS)
                if not isinstance(data, dict) or not isinstance(data.get("params"), dict) \
                        or not isinstance(data.get("value"), (str, type(None))) or not _moment(data.get("when")):
                    raise SaveError("unreadable")
                error = SaveError(str(data.get("why")), **data["params"])
                found.append(Aside(key, shorten(data.get("key"), 200), error, float(data["when"]), data["value"]))
            except SaveError:
                found.append(Aside(key, key, SaveError("unreadable"), 0.0, raw))
        return found

    def take_back(self) -> list[Save]:
        """Put back the games kept aside that this version reads (set aside by an older version,
        say, as a newer version's save), where they were found, if that place is free and there
        is room; the games put back are returned."""
        back = []
        for aside in self.asides():
            if not aside.origin.startswith(SAVE_PREFIX) or self.storage.getItem(aside.origin) is not None:
                continue
            try:
                save = Save.from_json(aside.value)
                if save.key != aside.origin:
                    continue
                save.replay()
                self.put(save.key, save.to_json())
            except (SaveError, StorageFull):
                continue
            self.storage.removeItem(aside.key)
            back.append(save)
        return back

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
                try:
                    get_game(save.game)
                except KeyError:
                    raise SaveError("unknown-game", game=shorten(save.game)) from None
            except SaveError as exc:
                problems.append(self.set_aside(key, exc))
                continue
            saves.append(save)
        saves.sort(key=lambda s: s.updated, reverse=True)
        return saves, problems

    def prune_history(self, saves: list[Save]) -> tuple[list[Save], list[Save]]:
        """Keep the newest HISTORY finished games; delete older ones (their stats are kept).
        Returns the saves kept and the ones deleted, so the page can say which went."""
        finished = [s for s in saves if s.over]
        dropped = finished[HISTORY:]
        for old in dropped:
            self.delete(old.id)
        return [s for s in saves if s not in dropped], dropped

    def read_settings(self) -> tuple[dict[str, Any], Problem | None]:
        """The page's settings; a value that cannot be read is set aside and defaults apply."""
        raw = self.storage.getItem(SETTINGS_KEY)
        if raw is None:
            return {}, None
        try:
            data = read_json(raw)
            if not isinstance(data, dict):
                raise SaveError("settings")
        except SaveError as exc:
            return {}, self.set_aside(SETTINGS_KEY, exc)
        return data, None

    def usage(self) -> int:
        """Characters stored by the app (the quota is counted in characters)."""
        total = 0
        for i in range(int(self.storage.length)):
            key = self.storage.key(i)
            if key and key.startswith("ludotheque:"):
                total += len(key) + len(self.storage.getItem(key) or "")
        return total


# --- what a copy may not show -----------------------------------------------------------------------

def daily_seed(game_id: str, date: str) -> int | None:
    """The seed of `game_id`'s daily deal on `date`, or None if the game has no daily deal."""
    try:
        return get_game(game_id).daily_seed(date)
    except KeyError:
        return None


def daily_of(save: Save, today: str) -> str | None:
    """The date of the daily deal this game is: its own mark, or a seed that is the deal of today
    or tomorrow (a friend whose clock is ahead plays tomorrow's already), whatever the file says."""
    if save.daily:
        return save.daily
    day = datetime.date.fromisoformat(today)
    for date in (day, day + datetime.timedelta(days=1)):
        seed = daily_seed(save.game, date.isoformat())
        if seed is not None and seed == save.record.get("seed"):
            return date.isoformat()
    return None


def kept_back(save: Save, today: str) -> str | None:
    """Why a copy of this game (an exported file, an import, a replay link) may not leave the
    table now, as a SaveError key; None when it may. Nothing the page offers shows a person more
    than the table shows them, and a copy carries the seed, so it shows everything to come:
    - a daily deal, until its day is over and its game ended (its tiles are everybody's surprise);
    - an unfinished game of several seats: the others' hands (Rucki Zucki), and the tiles, cards
      or calls still to come, which would decide everyone's next move;
    - an unfinished game of a table of several devices: its tiles or calls to come are the
      other devices' too.
    An unfinished game of one seat may travel (to go on with it elsewhere): what it would reveal
    is only that person's own future."""
    daily = daily_of(save, today)
    if daily is not None and (daily >= today or not save.over):
        return "secret-daily"
    if not save.over and len(save.seats) > 1:
        return "secret-hands" if get_game(save.game).secret_hands else "secret-supply"
    if not save.over and save.table:
        return "secret-table"
    return None


def check_copy(save: Save, today: str) -> None:
    """Raise the SaveError that says why this game may not leave the table, if it may not."""
    reason = kept_back(save, today)
    if reason:
        raise SaveError(reason)


def export_text(save: Save, today: str) -> str:
    """A game as a file: the save itself, wrapped so an import knows what it reads; SaveError
    if the game may not leave the table yet (`kept_back`)."""
    check_copy(save, today)
    return json.dumps({"format": EXPORT_FORMAT, "save": save.to_dict()}, ensure_ascii=False, indent=1)


def aside_export(raw: Any, today: str) -> str:
    """What a value kept aside (or left in place, unreadable) may give as a file; SaveError if
    nothing may leave: whatever it holds passes `kept_back` first.
    A game this version reads goes as an exported game (the import takes it back); a newer
    version's game stays (reload to open it); a game it cannot read goes only if what its
    fields say passes `kept_back` (finished, or of one seat, and no daily deal still secret);
    anything that is no game at all (damage) goes as it is. What goes but a readable game goes as
    it is kept (an aside: with where it was found and why)."""
    inner = raw
    try:
        data = read_json(raw, MAX_ASIDE_CHARS)
        if isinstance(data, dict) and set(data) >= {"key", "why", "value"}:   # an aside: the value it keeps
            inner = data["value"]
    except SaveError:
        return raw if isinstance(raw, str) else ""
    try:
        save = Save.from_json(inner)
    except SaveError as exc:
        if exc.key == "newer":
            raise
        try:
            game = read_json(inner)
        except SaveError:
            return raw
        if isinstance(game, dict) and ("record" in game or "seats" in game):
            loose = _loose_save(game)
            if loose is None:
                raise SaveError("unreadable") from None
            check_copy(loose, today)
        return raw
    return export_text(save, today)


def _loose_save(data: dict[str, Any]) -> Save | None:
    """A game this version cannot read, with what its fields say about what a copy would show
    (`kept_back`), or None when they say too little to tell."""
    record, seats = data.get("record"), data.get("seats")
    if not isinstance(record, dict) or not isinstance(seats, list) or not isinstance(data.get("game"), str):
        return None
    daily = data.get("daily") if isinstance(data.get("daily"), str) and _DATE.fullmatch(data["daily"]) else None
    try:
        get_game(data["game"])
    except KeyError:
        return None if data.get("over") is not True or len(seats) > 1 else \
            Save(id="aside", game="", record={}, seats=[Seat("")], over=True)
    return Save(id="aside", game=data["game"], record=record, seats=[Seat("")] * max(1, len(seats)),
                over=data.get("over") is True, daily=daily)


def import_text(text: Any, new_id: str, today: str, now: float | None = None) -> tuple[Save, State]:
    """Read an exported game; it is checked by replaying it and gets a fresh id here. It is a
    new save of this device: saved now, revision 0, and never a daily deal (a file cannot stand
    for today's deal). A game that could not have left its table (`kept_back`: a daily deal
    before its day is over, an unfinished game of several seats) is refused with the reason."""
    data = read_json(text, MAX_SAVE_CHARS, large="file-large")
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or not isinstance(data.get("save"), dict):
        raise SaveError("file-not-game")
    save = Save.from_dict({**data["save"], "id": new_id})
    state = save.replay()
    save.follow(state)
    check_copy(save, today)
    save.rev = 0
    save.daily = None
    save.updated = time.time() if now is None else now
    return save, state


# --- replay links -----------------------------------------------------------------------------------

def share_code(save: Save, today: str) -> str:
    """A finished game as the text after "#replay=": its record and names, compressed; SaveError
    if the game may not leave the table yet (`kept_back`)."""
    check_copy(save, today)
    return link_code(save)


def link_code(save: Save) -> str:
    """The text of a replay link for any save, as it is packed (share_code decides whether the
    game may be shared at all)."""
    payload = json.dumps({"record": save.record, "seats": [s.name for s in save.seats]},
                         separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(zlib.compress(payload.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def read_share(code: Any, today: str) -> tuple[Save, State]:
    """The game a replay link holds, replayed; SaveError if the link is too long, inflates to
    more than a save may hold, is not a game (nothing is ever inflated past that bound), or
    holds a game that may not leave its table (`kept_back`)."""
    if not isinstance(code, str) or len(code) > MAX_LINK_CHARS:
        raise SaveError("link-large")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        payload = inflater.decompress(packed, MAX_SAVE_CHARS + 1)
    except (ValueError, binascii.Error, zlib.error):
        raise SaveError("link-broken") from None
    if len(payload) > MAX_SAVE_CHARS or inflater.unconsumed_tail:
        raise SaveError("link-large")
    if not inflater.eof:
        raise SaveError("link-broken")  # cut short: the compressed stream has no end
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("link-broken") from None
    data = read_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict) \
            or not isinstance(data.get("seats"), list) or not 1 <= len(data["seats"]) <= MAX_SEATS \
            or not all(isinstance(n, str) for n in data["seats"]) or not isinstance(data["record"].get("game"), str):
        raise SaveError("link-broken")
    save = Save(id="shared", game=data["record"]["game"], record=data["record"],
                seats=[Seat(cut_name(n)) for n in data["seats"]], undo=False)
    state = save.replay()
    save.follow(state)
    check_copy(save, today)
    return save, state
