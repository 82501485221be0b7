"""The page's side of the backup (backup.py): the file made and downloaded, a chosen file
restored and what it added said, and the Safari note closed (the note itself, which tells a
Safari visitor in time that Safari clears a site not opened for seven days, is the home's:
`home.safari_note`). The host tells whether the page runs in Safari's engine (`safari`, every
browser on iOS) and whether it is installed (`installed`), among the page's facts at the start."""
from __future__ import annotations

import time

from ... import games
from ..storage import backup
from .. import i18n
from ..i18n import t, tn
from ..page import APP, confirmed, download, layer, local_date, put_settings
from ..storage.saves import SaveError, StorageFull


def act_backup(data: dict) -> None:
    """Everything this device keeps, as one file (kept-back games included: the button says the
    file is for the family's own devices). Unfinished games whose hands are secret (Rucki Zucki:
    the seed deals every hand) are said before the file is made, and it is made once that is
    agreed: anyone who opens the file can see them."""
    contents = backup.gather(APP.store)
    secret = sum(1 for save in contents.saves.values()
                 if not save.over and len(save.seats) > 1 and games.get(save.game).secret_hands)
    if secret and not confirmed(tn("backup.secrets", secret), data):
        return
    text = backup.backup_text(contents, time.time())
    download(f"ludotheque-backup-{local_date()}.json", text)


def restore_file(data: dict) -> None:
    """The chosen backup file's text (read by the page), checked whole, then merged into what is
    here; what it added (or why nothing was changed) is said on the home screen."""
    if not isinstance(data.get("text"), str):
        told = t("backup.failed", detail=SaveError("file-unreadable").say(i18n.lang()))
        say(lambda: told)
        return
    try:
        summary = backup.restore(APP.store, data["text"], local_date())
    except SaveError as exc:
        say(lambda exc=exc: t("backup.failed", detail=exc.say(i18n.lang())))
        return
    except StorageFull:
        say(lambda: t("backup.full"))
        return
    say(lambda: restored_text(summary))


def restored_text(summary: backup.Summary) -> str:
    """What a restore did: "3 games and 2 people added; 5 games already here." and the rest."""
    parts = [t("backup.restored", games=tn("backup.games", summary.added), people=tn("backup.people", summary.people),
               here=tn("backup.here", summary.same))]
    if summary.longer:
        parts.append(tn("backup.longer", summary.longer))
    if summary.kept_back:
        parts.append(tn("backup.kept-back", summary.kept_back))
    if summary.raw:
        parts.append(tn("backup.raw", summary.raw))
    return " ".join(parts)


def say(text) -> None:
    """A restore's outcome, as a notice on the home screen (the storage dialog, if open, closes;
    a table, if open, is left: its game is stored, and the backup may have taken it further)."""
    from .home import render_home, show_home
    if APP.layer_kind:
        layer("")
    APP.notices.append(text)
    if APP.session is not None:
        show_home()
    else:
        render_home()


def act_safari_close(_data: dict) -> None:
    """The note read: it stays away for 30 days (the date is kept in the settings)."""
    from .home import render_home
    put_settings({backup.NOTE_KEY: local_date()})
    render_home()
