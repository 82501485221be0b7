"""The keeper of an open game: it writes the game's save after every move, finds another tab's
newer game, goes on when the storage is full or the game was deleted elsewhere, writes back a game
whose stored value vanished, counts a finished game in the statistics once, and says when a game
may not leave its table yet. It only stores and reads: what storage said comes back as `Kept`, and
the session (session.py) decides what follows (it takes the newer game, says the problem).

A call into the worker runs without the app's cross-tab storage lock (a long one holds no other
tab); the page's host (static/host/lock.js) takes the lock to store the call's writes, and stores them
only if its storage still holds every value the call read. So each read-check-write here is
atomic across tabs: when another tab wrote meanwhile, nothing of the call is stored or shown and
`events.conflict` takes it up again under the lock, where `persist` writes the move anew or finds the
other tab's newer game."""
from __future__ import annotations

import copy
import datetime
from dataclasses import dataclass
from typing import Any, Callable

from . import stats
from ..i18n import lang, t
from ...core import State
from .saves import Save, SaveConflict, SaveError, SaveGone, SaveNewer, SaveStore, StorageFull, StorageRefused
from ..widgets import copy_refused

FOLLOW_MS = 1500
"""A tab that followed another tab's move leaves the bots' replies to that tab for this long more
than its pace; it plays them only if nothing came (the other tab was closed)."""


SAME: Any = object()
"""A field of `Kept` that says nothing: the session leaves what it shows as it is."""


@dataclass
class Kept:
    """What storage said of a write or a look, for the session to act on."""
    newer: Save | None = None   # another tab's newer game: the table shows it instead
    message: Any = SAME         # a problem to say (None: the one shown is over)
    notice: Any = SAME          # news to say
    unsaved: Any = SAME         # the last moves are not stored: "full", "refused"; None: stored
    moments: Any = SAME         # what the finished game did worth celebrating (`stats.moments`)
    follow: bool = False        # another tab's move followed: its bots reply there first (FOLLOW_MS)


class Keeper:
    """Storage for one game (none for a shared replay or where the page has no storage)."""

    def __init__(self, store: SaveStore | None, today: Callable[[], str] | None = None):
        self.store = store
        self.today = today or (lambda: datetime.date.today().isoformat())   # the page's local date

    def write(self, save: Save, state: State) -> Kept:
        """Write the save as `state` stands: on a conflict the other tab's newer game comes back
        (and our move was not kept), on a full storage the game goes on unsaved (every later move
        tries again, nothing is half-written); a game deleted in another tab is not written back;
        a game whose stored value vanished otherwise (the site's storage cleared, evicted, its key
        removed) is: this tab holds all of it (`write_back`)."""
        save.follow(state)
        try:
            problem = self.store.write(save)
        except SaveConflict as conflict:
            return Kept(newer=conflict.newer, message=t("saves.conflict"))
        except SaveNewer:   # an old tab after an update: the newer version's game stays as it is
            return Kept(message=t("saves.newer-here"))
        except SaveGone:
            return Kept(message=t("saves.deleted")) if self.store.deleted(save.id) else self.write_back(save, state)
        except StorageFull as full:
            return self.unsaved(full)
        kept = Kept(unsaved=None)
        if problem:
            kept.notice = t("saves.stored-unreadable", detail=problem.error.say(lang()))
        if state.is_over:
            kept.moments = self.count_finished(save, state)
        return kept

    @staticmethod
    def unsaved(full: StorageFull) -> Kept:
        why = "refused" if isinstance(full, StorageRefused) else "full"
        return Kept(unsaved=why, message=t(f"saves.{why}"))

    def write_back(self, save: Save, state: State) -> Kept:
        """The stored game vanished though nobody deleted it (the site's storage cleared by the
        person or the browser, evicted, its key removed): this tab holds the whole game, so it
        is written again, as a new revision 0, and the table says so."""
        save.rev = 0
        save.follow(state)
        try:
            self.store.write(save)
        except (SaveConflict, SaveGone):
            return Kept()   # another tab wrote it back first: its storage event brings it here
        except StorageFull as full:
            return self.unsaved(full)
        kept = Kept(unsaved=None, message=None, notice=t("saves.written-back"))
        if state.is_over:
            kept.moments = self.count_finished(save, state)
        return kept

    def drop_if_untouched(self, save: Save, state: State) -> None:
        """A game left before anybody played in it is not kept: nothing is lost (it is a new
        deal), and "Games in progress" would list an empty game beside the one before it (a tap
        on Same table and back home left one each time). A day's deal and a board of several
        devices stay (their card or their code opens that same game again), and so does a game
        another tab has played in since."""
        if save.daily or save.table or state.moves:
            return
        raw = self.store.storage.getItem(save.key)
        try:
            stored = Save.from_json(raw) if raw is not None else None
        except SaveError:
            return   # not readable here: left where it is
        if stored is not None and not stored.record["moves"]:
            self.store.delete(save.id)

    def count_finished(self, save: Save, state: State) -> Any:
        """Count the finished game in the statistics (once): what it did worth celebrating for
        the end screen, or SAME when it was counted already (or could not be)."""
        data, trouble = stats.load(self.store)
        before = copy.deepcopy(data)
        if (trouble is None or trouble.kept) and stats.count_finished(data, save, state):
            if stats.store_stats(self.store, data):
                return stats.moments(before, data, save)
        return SAME

    def look(self, save: Save, state: State, keeps: bool) -> Kept | None:
        """Another tab may have written our save (a storage event, or before a bot's turn): its
        newer game, or what became of the stored one; None if nothing changed. A game this page
        keeps (`keeps`) and whose stored value vanished is written back."""
        raw = self.store.storage.getItem(save.key)
        if raw is None:
            if save.rev > 0 and self.store.deleted(save.id):
                return Kept(message=t("saves.deleted"))
            if save.rev > 0 and keeps:
                return self.write_back(save, state)
            return None
        try:
            newer = Save.from_json(raw)
            if newer.rev == save.rev and newer.record == save.record:
                return None
            newer.replay()
        except SaveError:
            return None  # not readable here: our next write sets it aside and says so
        # the same revision: both tabs wrote it at once (no cross-tab lock there) and theirs came last
        if newer.rev == save.rev:
            return Kept(newer=newer, message=t("saves.conflict"), follow=True)
        return Kept(newer=newer, notice=t("saves.synced"), follow=True)

    def export_refused(self, save: Save) -> str | None:
        """Why export (or a share link) is not offered now, in words, or None."""
        return copy_refused(save, self.today())
