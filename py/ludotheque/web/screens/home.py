"""The home screen: the games in progress, the history of finished games, statistics and
personal records, values kept aside, and the storage screen (what the app keeps on this device,
with ways to free space)."""
from __future__ import annotations

from ... import games
from ..storage import backup, stats
from .. import i18n
from ..dom import Raw, h
from ..i18n import day, gt, number, record_text, t, tn, who
from ..storage.saves import HISTORY, Save, SaveError, StorageFull, aside_export, export_text
from ..widgets import copy_refused, unavailable_button
from ..page import (APP, SHARE_PREFIX, confirmed, download, layer, local_date, out, page_address,
                    replace_address, settings, storage_refused, tell_problem, when_text)


def saved_item(save: Save) -> Raw:
    game = games.get(save.game)
    names = [(", " if n else "", who(s.name)) for n, s in enumerate(save.seats)]
    actions = [h("button", {"type": "button", "class_": "primary", "data-action": "continue", "data-save": save.id},
                 t("home.continue"))] if not save.over else [
        h("button", {"type": "button", "data-action": "view", "data-save": save.id}, t("home.view"))]
    # a game that must stay at its table for now: the button says why
    actions += [unavailable_button({"data-action": "export", "data-save": save.id}, t("table.export"),
                                   copy_refused(save, local_date())),
                h("button", {"type": "button", "data-action": "delete", "data-save": save.id}, t("home.delete"))]
    return h("li", {"class_": "saved-game", "data-save": save.id},
             h("span", {"class_": "saved-title"}, gt(game, "name")),
             h("span", {"class_": "saved-daily"}, t("daily.label", date=day(save.daily))) if save.daily else None,
             h("span", {"class_": "saved-seats"}, names),
             h("span", {"class_": "saved-turn"}, t("home.saved.turn", who=who(save.turn))) if save.turn and not save.over else None,
             h("span", {"class_": "saved-when"}, t("home.saved.when", when=when_text(save.updated))),
             h("span", {"class_": "saved-moves"}, tn("home.saved.moves", len(save.record["moves"])))
             if not save.over else None,
             h("span", {"class_": "saved-actions"}, actions))


def aside_item(aside) -> Raw:
    return h("li", {"class_": "aside", "data-key": aside.key},
             h("span", None, t("saves.aside.item", reason=aside.error.say(i18n.lang()))),
             h("span", {"class_": "saved-actions"},
               h("button", {"type": "button", "data-action": "export-aside", "data-key": aside.key}, t("table.export")),
               h("button", {"type": "button", "data-action": "delete-aside", "data-key": aside.key}, t("home.delete"))))


def stats_panel(data: dict) -> Raw | None:
    blocks = []
    for game_id, entry in data["games"].items():
        try:
            game = games.get(game_id)
        except KeyError:
            continue
        people = sorted(entry["players"].items(), key=lambda kv: (-kv[1]["won"], kv[0]))[:8]
        records = entry.get("records", {})
        blocks.append(h("div", {"class_": "stats-game", "data-game": game_id},
                        h("h3", None, gt(game, "name"), " · ", tn("stats.played", entry["played"])),
                        h("ul", None, [h("li", None, tn("stats.person", p["won"], who=who(name), played=p["played"]))
                                       for name, p in people]) if people else None,
                        [h("p", {"class_": "record", "data-record": key},
                           record_text(game, key, r))
                         for key, r in sorted(records.items())],
                        daily_history(game_id, entry), solo_records(game_id, entry)))
    if not blocks:
        return None
    # folded: however much it holds, the games' cards stay above the fold
    return h("details", {"class_": "stats", "id": "stats"}, h("summary", None, h("h2", None, t("stats.title"))), blocks)


def daily_history(game_id: str, entry: dict) -> Raw | None:
    """Past daily deals on this device: how many, the best, and the streak of days."""
    done = [r["score"] for r in entry.get("daily", {}).values() if r["score"] is not None]
    if not done:
        return None
    best = min(done) if games.get(game_id).lower_is_better else max(done)
    return h("p", {"class_": "record", "data-record": "daily"},
             t("daily.history", played=tn("daily.played", len(done)), best=number(best),
               streak=tn("daily.streak", stats.streak(entry.get("daily", {}), local_date()))))


def solo_records(game_id: str, entry: dict) -> Raw | None:
    """A solitaire's results (a game with `solo_left`): its words are the game's own ("solo.record")."""
    solo = entry.get("solo")
    if not solo or not solo.get("games"):
        return None
    return h("p", {"class_": "record", "data-record": "solo"},
             gt(games.get(game_id), "solo.record", games=solo["games"], completions=solo["completions"], best=solo["best_left"],
               average=number(round(solo["total_left"] / solo["games"], 1))))


def newer_panel(count: int) -> Raw | None:
    """The values a newer version of the app wrote (after an update, in another tab): left as
    they are, neither shown nor exported; a reload opens them."""
    if not count:
        return None
    return h("details", {"class_": "asides newer", "open": True}, h("summary", None, t("saves.newer.title", n=count)),
             h("ul", {"class_": "saved-list"}, [h("li", {"class_": "aside"}, t("saves.newer.item"))] * count))


def render_home() -> None:
    settings()  # a damaged settings value is set aside and said now, not at the first game
    for back in APP.store.take_back():   # kept aside by an older version, readable here
        APP.notices.append(lambda back=back: t("saves.taken-back", game=gt(games.get(back.game), "name")))
    saves, problems = APP.store.load_all()
    saves, dropped = APP.store.prune_history(saves)
    newer = sum(1 for problem in problems if problem.newer)
    for problem in problems:
        tell_problem(problem)
    for old in dropped:
        APP.notices.append(lambda old=old: t("saves.history-dropped", n=HISTORY, when=when_text(old.updated),
                                             who=", ".join(who(s.name) for s in old.seats)))
    data, stats_problem = stats.load(APP.store)
    if stats_problem:
        tell_problem(stats_problem, "saves.data-aside")
    going = [saved_item(s) for s in saves if not s.over]
    done = [saved_item(s) for s in saves if s.over]
    kept = APP.store.asides()
    asides = [aside_item(a) for a in kept if not a.newer]
    newer += sum(1 for a in kept if a.newer)
    notices = [h("p", {"class_": "notice", "role": "status"}, say(),
                 h("button", {"type": "button", "class_": "notice-close", "data-action": "dismiss", "data-index": n,
                              "aria-label": t("notice.dismiss"), "title": t("notice.dismiss")}, "×"))
               for n, say in enumerate(APP.notices)]
    # storage refused by the browser: said at the start, and for as long as the page is open
    refused = h("p", {"class_": "notice", "role": "status", "id": "storage-refused"},
                t("saves.refused")) if storage_refused() else None
    note = safari_note(bool(done) or bool(data["counted"]))
    # the import and storage buttons stand in the page's shell, below (index.html): with no
    # stored value this markup is empty, so a first visit's home is the shell itself. A home that
    # says nothing but what is stored is the page's picture, shown at once at the next visit whose
    # stored values are the same (static/host/picture.js), before the worker is up.
    out("html", sel="#saved", picture=not notices and not refused and not note, html=str(h(
        "div", None, refused, note, notices,
        h("h2", None, t("home.saved")) if going else None,
        h("ul", {"class_": "saved-list", "id": "going"}, going) if going else None,
        stats_panel(data),
        h("details", {"class_": "history"}, h("summary", None, t("home.history", n=len(done))),
          h("ul", {"class_": "saved-list", "id": "history"}, done)) if done else None,
        h("details", {"class_": "asides", "open": True}, h("summary", None, t("saves.aside.title", n=len(asides))),
          h("ul", {"class_": "saved-list"}, asides)) if asides else None,
        newer_panel(newer))))


def show_home() -> None:
    APP.session = None
    APP.table_markup = None
    out("home")   # the table goes, the home screen shows
    if str(APP.env.get("hash", "")).startswith(SHARE_PREFIX):
        replace_address(page_address())
    render_home()


def write_new(save: Save) -> bool:
    """Store a new game; a full storage says so and starts nothing. Storage refused by the
    browser starts it all the same: nothing can ever be kept here (the home says so from the
    start), and its table says at its first move that it is not saved."""
    try:
        APP.store.write(save)
    except StorageFull:
        if storage_refused():
            return True
        show_storage(t("saves.full-start"))   # no game started: none goes on unsaved
        return False
    return True


def show_storage(reason: str = "") -> None:
    """What the app keeps on this device and how much room it takes, with ways to free space
    (with storage refused by the browser, why nothing is kept)."""
    if storage_refused():
        reason = t("saves.refused")
    saves, problems = APP.store.load_all()
    problems += [problem for problem in (APP.store.read_settings()[1], stats.load(APP.store)[1]) if problem]
    rows = []
    for save in saves:
        size = len(APP.store.storage.getItem(save.key) or "")
        rows.append(h("li", {"class_": "saved-game"},
                      h("span", {"class_": "saved-title"}, gt(games.get(save.game), "name")),
                      h("span", None, [(", " if n else "", who(s.name)) for n, s in enumerate(save.seats)]),
                      h("span", None, t("saves.size", kb=number(round(size / 1024, 1)))),
                      h("span", {"class_": "saved-actions"},
                        h("button", {"type": "button", "data-action": "delete", "data-save": save.id,
                                     "data-back": "storage"}, t("home.delete")))))
    for aside in APP.store.asides():
        if aside.newer:
            rows.append(storage_row(aside.key, t("saves.newer.item"), untouched=True))
        else:
            rows.append(storage_row(aside.key, t("saves.aside.item", reason=aside.error.say(i18n.lang()))))
    for problem in problems:
        if problem.newer:
            rows.append(storage_row(problem.key, t("saves.newer.item"), untouched=True))
        elif not problem.kept:   # a kept one is listed above, among the values kept aside
            rows.append(storage_row(problem.key, t("saves.left.item", reason=problem.error.say(i18n.lang())),
                                    exportable=True))
    layer(h("div", {"class_": "dialog storage", "role": "dialog", "aria-modal": "true", "aria-labelledby": "storage-title"},
            h("h2", {"id": "storage-title"}, t("saves.manage")),
            h("p", {"class_": "form-error", "role": "alert"}, reason) if reason else None,
            h("p", None, t("saves.usage", kb=number(round(APP.store.usage() / 1024, 1)))),
            h("ul", {"class_": "saved-list"}, rows),
            h("p", {"class_": "backup-explain"}, t("backup.explain")),
            h("div", {"class_": "dialog-actions backup-actions"},
              h("button", {"type": "button", "data-action": "backup"}, t("backup.button")),
              h("label", {"class_": "button-like"}, t("backup.restore"),
                h("input", {"type": "file", "id": "restore-file", "accept": ".json,application/json",
                            "class_": "visually-hidden"}))),
            h("div", {"class_": "dialog-actions"},
              h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"}, t("rules.close")))),
          kind="storage")


def storage_row(key: str, text: str, exportable: bool = False, untouched: bool = False) -> Raw:
    """A stored value that is not a readable save: what it is, its size, and ways to be rid of it
    (none for a newer version's value, `untouched`: that version opens it)."""
    size = len(APP.store.storage.getItem(key) or "")
    return h("li", {"class_": "saved-game"}, h("span", None, text),
             h("span", None, t("saves.size", kb=number(round(size / 1024, 1)))),
             None if untouched else h("span", {"class_": "saved-actions"},
               h("button", {"type": "button", "data-action": "export-aside", "data-key": key}, t("table.export"))
               if exportable else None,
               h("button", {"type": "button", "data-action": "delete-aside", "data-key": key, "data-back": "storage"},
                 t("home.delete"))))


def act_export(data: dict) -> None:
    """A game as a file, unless it must stay at its table for now (then the page says why:
    beside the button at the table, as a notice at home)."""
    if "save" in data:
        save, _ = APP.store.load(data["save"])
    elif APP.session:
        if APP.session.refuse_copy():
            return
        save = APP.session.save
    else:
        return
    try:
        text = export_text(save, local_date())
    except SaveError as exc:
        APP.notices.append(lambda exc=exc: t("table.export.kept", detail=exc.say(i18n.lang())))
        render_home()
        return
    download(f"ludotheque-{save.game}-{save.id}.json", text)


def act_dismiss(data: dict) -> None:
    """A notice read: it goes (they used to pile up, one per failed import)."""
    index = int(data.get("index", -1))
    if 0 <= index < len(APP.notices):
        del APP.notices[index]
    render_home()


def act_export_aside(data: dict) -> None:
    """A value kept aside (or left in place) as a file, once what it holds has passed `kept_back`
    (saves.aside_export); else the reason is said."""
    try:
        text = aside_export(APP.store.storage.getItem(data["key"]) or "", local_date())
    except SaveError as exc:
        if APP.layer_kind:   # the storage screen: said there
            show_storage(t("table.export.kept", detail=exc.say(i18n.lang())))
        else:
            APP.notices.append(lambda exc=exc: t("table.export.kept", detail=exc.say(i18n.lang())))
            render_home()
        return
    download(data["key"].replace(":", "-") + ".json", text)


def act_delete_aside(data: dict) -> None:
    if confirmed(t("home.delete.confirm"), data):
        APP.store.storage.removeItem(data["key"])
        APP.notices = []
        APP.left_told.discard(data["key"])
        after_delete(data)


def after_delete(data: dict) -> None:
    if data.get("back") == "storage":
        show_storage()
    else:
        render_home()


def act_delete(data: dict) -> None:
    if confirmed(t("home.delete.confirm"), data):
        APP.store.delete(data["save"])
        after_delete(data)


def safari_note(finished: bool) -> Raw | None:
    """The note for a Safari visitor (not installed, a game finished here, not closed in the last
    30 days), or None."""
    if not backup.note_due(APP.env, settings(), finished, local_date()):
        return None
    return h("section", {"class_": "notice safari-note", "id": "safari-note", "role": "note",
                         "aria-labelledby": "safari-title"},
             h("h2", {"id": "safari-title"}, t("safari.title")),
             h("p", None, t("safari.body")),
             h("p", None, t("safari.steps")),
             h("div", {"class_": "dialog-actions"},
               h("button", {"type": "button", "class_": "primary", "data-action": "backup"}, t("backup.button")),
               h("button", {"type": "button", "data-action": "safari-close"}, t("safari.close"))))
