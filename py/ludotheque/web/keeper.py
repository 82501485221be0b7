"""The keeper of an open game: it writes the session's save after every move, finds another tab's
newer game (and follows it), goes on when the storage is full or the game was deleted elsewhere,
counts a finished game in the statistics once, and says when a game may not leave its table yet.

A call into the worker runs without the app's cross-tab storage lock (a long one holds no other
tab); the page's host (static/host/lock.js) takes the lock to store the call's writes, and stores them
only if its storage still holds every value the call read. So each read-check-write here is
atomic across tabs: when another tab wrote meanwhile, nothing of the call is stored or shown and
`app.conflict` takes it up again under the lock, where `persist` writes the move anew or finds the
other tab's newer game."""
from __future__ import annotations

import copy
import datetime
from typing import TYPE_CHECKING, Callable

from . import stats
from .i18n import lang, t
from .saves import Save, SaveConflict, SaveError, SaveGone, SaveNewer, SaveStore, StorageFull, StorageRefused
from .widgets import copy_refused

if TYPE_CHECKING:
    from .session import Session

FOLLOW_MS = 1500
"""A tab that followed another tab's move leaves the bots' replies to that tab for this long more
than its pace; it plays them only if nothing came (the other tab was closed)."""


class Keeper:
    """Storage for one session (none for a shared replay or where the page has no storage)."""

    def __init__(self, session: "Session", store: SaveStore | None, today: Callable[[], str] | None = None):
        self.session = session
        self.store = store
        self.today = today or (lambda: datetime.date.today().isoformat())   # the page's local date

    def keeps(self) -> bool:
        """Whether this game is kept in storage at all (a guided game, a shared replay and a page
        without storage keep nothing)."""
        return self.session.guide is None and not self.session.readonly and self.store is not None

    def persist(self) -> None:
        """Write the save as it stands (a guided game is never kept, so never counted): on a
        conflict take the other tab's newer game (and say that our move was not kept), on a full
        storage keep playing and say so (every later move tries again, nothing is half-written);
        a game deleted in another tab is not written back; a game whose stored value vanished
        otherwise (the site's storage cleared, evicted, its key removed) is: this tab holds all
        of it (`write_back`)."""
        session = self.session
        if not self.keeps():
            return
        session.save.follow(session.state)
        try:
            problem = self.store.write(session.save)
        except SaveConflict as conflict:
            session.adopt(conflict.newer)
            session.message = t("saves.conflict")
            return
        except SaveNewer:   # an old tab after an update: the newer version's game stays as it is
            session.message = t("saves.newer-here")
            return
        except SaveGone:
            if self.store.deleted(session.save.id):
                session.message = t("saves.deleted")
            else:
                self.write_back()
            return
        except StorageFull as full:
            session.unsaved = "refused" if isinstance(full, StorageRefused) else "full"
            session.message = t(f"saves.{session.unsaved}")
            return
        session.unsaved = None
        if problem:
            session.notice = t("saves.stored-unreadable", detail=problem.error.say(lang()))
        if session.state.is_over:
            self.count_finished()

    def write_back(self) -> None:
        """The stored game vanished though nobody deleted it (the site's storage cleared by the
        person or the browser, evicted, its key removed): this tab holds the whole game, so it
        is written again, as a new revision 0, and the table says so."""
        session = self.session
        session.save.rev = 0
        session.save.follow(session.state)
        try:
            self.store.write(session.save)
        except (SaveConflict, SaveGone):
            return   # another tab wrote it back first: its storage event brings it here
        except StorageFull as full:
            session.unsaved = "refused" if isinstance(full, StorageRefused) else "full"
            session.message = t(f"saves.{session.unsaved}")
            return
        session.unsaved = None
        session.message = None
        session.notice = t("saves.written-back")
        if session.state.is_over:
            self.count_finished()

    def drop_if_untouched(self) -> None:
        """A game left before anybody played in it is not kept: nothing is lost (it is a new
        deal), and "Games in progress" would list an empty game beside the one before it (a tap
        on Same table and back home left one each time). A day's deal and a board of several
        devices stay (their card or their code opens that same game again), and so does a game
        another tab has played in since."""
        save = self.session.save
        if not self.keeps() or save.daily or save.table or self.session.state.moves:
            return
        raw = self.store.storage.getItem(save.key)
        try:
            stored = Save.from_json(raw) if raw is not None else None
        except SaveError:
            return   # not readable here: left where it is
        if stored is not None and not stored.record["moves"]:
            self.store.delete(save.id)

    def count_finished(self) -> None:
        """Count the finished game in the statistics (once), and keep what it did worth
        celebrating for the end screen."""
        session = self.session
        data, trouble = stats.load(self.store)
        before = copy.deepcopy(data)
        if (trouble is None or trouble.kept) and stats.count_finished(data, session.save, session.state):
            if stats.store_stats(self.store, data):
                session.moments = stats.moments(before, data, session.save)

    def reload_if_changed(self) -> bool:
        """Another tab wrote our save: follow it (a storage event, or before a bot's turn). True
        if anything changed."""
        session = self.session
        if session.readonly or self.store is None:
            return False
        raw = self.store.storage.getItem(session.save.key)
        if raw is None:
            if session.save.rev > 0 and self.store.deleted(session.save.id):
                session.message = t("saves.deleted")
            elif session.save.rev > 0 and self.keeps():
                self.write_back()
            return False
        try:
            newer = Save.from_json(raw)
            if newer.rev == session.save.rev and newer.record == session.save.record:
                return False
            newer.replay()
        except SaveError:
            return False  # not readable here: our next write sets it aside and says so
        # the same revision: both tabs wrote it at once (no cross-tab lock there) and theirs came last
        both = newer.rev == session.save.rev
        session.adopt(newer)
        if both:
            session.message = t("saves.conflict")
        else:
            session.notice = t("saves.synced")
        session.wake_bots(FOLLOW_MS)
        return True

    def export_refused(self) -> str | None:
        """Why export (or a share link) is not offered now, in words, or None."""
        return copy_refused(self.session.save, self.today())

    def refuse_copy(self) -> bool:
        """A copy asked for (export, share) while the game must stay here: say why (True)."""
        why = self.export_refused()
        if why:
            self.session.refuse(self.export_refused)
        return why is not None
