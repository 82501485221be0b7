"""Playing: opening a game at its table (new, continued, daily, imported or shared), painting
the table after every change (the page keeps the keyboard focus and places a refusal beside the
tap: static/host/paint.js, refusal.js), and the table's menu (undo, restart, pace, share, export)."""
from __future__ import annotations

import time

from ... import core, games
from .. import i18n
from ..storage import people, stats
from ..dom import h
from ..i18n import day, number, t
from ..storage.saves import (SAVE_PREFIX, Save, SaveError, Seat, daily_seed, import_text, read_share,
                             share_code, shorten)
from .registry import has_table, table_class
from .session import PACES, Session
from .view import render
from .guide import GUIDE_ID, Guide
from ..page import (APP, SHARE_PREFIX, bot_delay, confirmed, copy_text, layer, local_date, out, page_address,
                    judge, put_setting, random_seed, replace_address, schedule, settings, tell_problem, think)
from ..screens.home import render_home, show_home, show_storage, write_new


def paint_table() -> None:
    """Send the table's markup when it changed (the same markup again: the table as it is,
    animations going on). Called once at the end of every event (`events.dispatch`), whatever the
    event changed."""
    if APP.session is None:
        return
    markup = str(render(APP.session))
    if markup != APP.table_markup:
        APP.table_markup = markup
        out("table", html=markup)
    table = APP.session.table
    if table.show_hint:   # a phone's screen may hold the board's hinted place below its fold
        table.show_hint = False
        out("reveal", sel="#table .hint")
    said, APP.session.to_say = APP.session.to_say, None
    if said:   # a call just made, said as a caller would (the host keeps silent when sound is off)
        out("speak", text=said, lang=speech_lang())


def open_session(save: Save, state: core.State, readonly: bool = False, guide: Guide | None = None) -> None:
    APP.notices = []   # the home screen's notices were read: back home, only what happened since
    table = table_class(save.game)
    table.opening(str(APP.env.get("base", "")))
    aloud = settings().get("calls_aloud")
    APP.session = Session(save, state, APP.store, table, schedule, bot_delay=bot_delay(), readonly=readonly,
                          guide=guide, think=think, judge=judge, today=local_date,
                          calls_aloud=aloud if isinstance(aloud, bool) else None)
    layer("")
    APP.table_markup = None   # painted at the end of this event
    APP.session.begin()
    if not readonly:
        schedule(table.preload, 300)   # the bots load while the player looks at the table



def act_daily(data: dict) -> None:
    """A daily deal (Take It Easy: one round; 3x16: a solitaire): the same deal for everybody
    today, from the game's `daily_seed`. One attempt per date on this device: a second tap
    continues today's attempt or shows its result, even once its game is deleted. The attempt
    is claimed in the statistics: the host stores the claim only if the statistics are still
    what this call read (under its cross-tab lock), so two tabs never both open it."""
    game = games.get(data.get("game") or "")
    if game.daily_options is None:
        return
    open_daily(game, local_date())


def open_daily(game: core.Game, today: str) -> None:
    seed = daily_seed(game.id, today)
    saves, _ = APP.store.load_all()
    for save in saves:
        if save.daily == today and save.game == game.id and save.record.get("seed") == seed:
            act_continue({"save": save.id})
            return
    state = game.new(1, seed=seed, options=game.daily_options)
    # played under the name of whoever played here last (a daily deal asks nothing first)
    seats = people.coloured([Seat(people.usual_name(settings()) or t("new.default-name", n=1))], people.known(settings()))
    save = Save(id=APP.store.new_id(), game=game.id, record=state.record(), seats=seats, undo=False, daily=today)
    save.follow(state)
    why = stats.claim_daily(APP.store, game.id, today, save)
    if why is None:
        open_session(save, state)
        return
    if why == "full":
        show_storage(t("saves.full-start"))
        return
    if why == "done":
        done = stats.daily_results(stats.load(APP.store)[0], game.id).get(today) or {"score": None}
        APP.notices.append(lambda: t("daily.started", date=day(today)) if done["score"] is None else
                           t("daily.done", date=day(today), score=number(done["score"])))
    else:
        APP.notices.append(lambda: t("daily.unmarked", date=day(today)))
    render_home()


def share_link(save: Save) -> str:
    return str(APP.env.get("base", "")) + SHARE_PREFIX + share_code(save, local_date())


def open_shared(code: str) -> None:
    """A link to a finished game: replay it read-only, step by step; nothing is saved. A link
    that cannot be read is said, and dropped from the address (a reload must not meet it again)."""
    try:
        save, state = read_share(code, local_date())
        if not has_table(save.game):
            raise SaveError("unknown-game", game=shorten(save.game))
    except SaveError as exc:
        replace_address(page_address())
        APP.notices.append(lambda exc=exc: t("share.broken", detail=exc.say(i18n.lang())))
        render_home()
        return
    open_session(save, state, readonly=True)


def act_share(_data: dict) -> None:
    session = APP.session
    if not session:
        return
    if session.save.daily and session.save.daily >= local_date():
        # today's deal: only the result, never the link that would replay the deal itself
        explain, text, copy = t("share.daily-explain"), session.result_text() or "", t("share.copy-result")
    elif session.refuse_copy():
        return
    else:
        explain, text, copy = t("share.explain"), share_link(session.save), t("share.copy")
    APP.share_text = text
    layer(h("div", {"class_": "dialog share", "role": "dialog", "aria-modal": "true", "aria-labelledby": "share-title"},
            h("h2", {"id": "share-title"}, t("table.share")),
            h("p", None, explain),
            h("textarea", {"id": "share-text", "readonly": True, "rows": 4}, text),
            h("p", {"class_": "copied", "id": "share-copied", "role": "status"}),
            h("div", {"class_": "dialog-actions"},
              h("button", {"type": "button", "data-action": "copy-share"}, copy),
              h("button", {"type": "button", "class_": "primary", "data-action": "close-layer"}, t("rules.close")))),
          kind="share")


def act_copy_share(_data: dict) -> None:
    if APP.layer_kind == "share":
        out("select", sel="#share-text")
        copy_text(APP.share_text)
        out("text", sel="#share-copied", text=t("share.copied"))   # said, so the tap is seen to have worked


def import_file(data: dict) -> None:
    """The chosen file's text (read by the page), checked by replaying it, then stored and opened."""
    if not isinstance(data.get("text"), str):   # the browser could not read the file: say it in the player's words
        APP.notices.append(lambda: t("import.failed", detail=SaveError("file-unreadable").say(i18n.lang())))
        render_home()
        return
    finish_import(data["text"])


def finish_import(text: str) -> None:
    try:
        save, state = import_text(text, APP.store.new_id(), today=local_date(), now=time.time())
        if not has_table(save.game):
            raise SaveError("unknown-game", game=shorten(save.game))
    except SaveError as exc:
        APP.notices.append(lambda exc=exc: t("import.failed", detail=exc.say(i18n.lang())))
        render_home()
        return
    if write_new(save):
        open_session(save, state)


def act_continue(data: dict, readonly: bool = False) -> None:
    try:
        save, state = APP.store.load(data["save"])
    except SaveError as exc:
        if exc.key == "gone":
            APP.notices.append(lambda: t("home.gone"))
        else:
            problem = APP.store.set_aside(SAVE_PREFIX + data["save"], exc)
            tell_problem(problem)
        render_home()
        return
    open_session(save, state, readonly=readonly or save.over)


def act_restart(data: dict) -> None:
    session = APP.session
    if session and not session.save.daily and not session.save.table and confirmed(t("table.restart.confirm"), data):
        replay_with_same_seats(session, replace=True)


def act_again(_data: dict) -> None:
    if APP.session:
        replay_with_same_seats(APP.session, replace=False)


def replay_with_same_seats(session: Session, replace: bool) -> None:
    old = session.save
    state = session.game.new(session.state.players, seed=random_seed(), options=session.state.options)
    if replace:
        APP.store.delete(old.id)
    save = Save(id=APP.store.new_id(), game=old.game, record=state.record(), seats=old.seats, undo=old.undo)
    save.follow(state)
    if write_new(save):
        open_session(save, state)


def open_guide(guide: Guide, played: int = 0) -> None:
    """A game's guided first game, from its fixed deal (after its first `played` steps, for a
    reload in the middle of it); never stored (so never counted, exported, shared or taken for a
    daily deal)."""
    state = guide.new()
    for step in guide.steps[:played]:
        state.play(step.move)
    open_session(guide.save(state), state, guide=guide)


def guide_place(session) -> str:
    """Where a guided game stands, for a reload (`reopen`): "guide:<game>:<steps played>"."""
    return f"{GUIDE_ID}:{session.game.id}:{len(session.state.moves)}"


def reopen_guide(where: str) -> bool:
    """Reopen a guided game where a reload left it (`guide_place`); False if `where` names none
    (another game's id, or a value this app cannot read)."""
    parts = where.split(":")
    if len(parts) != 3 or parts[0] != GUIDE_ID or not parts[2].isdigit():
        return False
    try:
        guide = Guide(games.get(parts[1]))
    except KeyError:
        return False
    played = int(parts[2])
    if played > len(guide.steps):
        return False
    open_guide(guide, played)
    return True


def act_undo(data: dict) -> None:
    """Undo; where it would take back someone else's moves, the table asks first (the answer
    comes back as this action with `confirmed`, or `undo-keep`)."""
    if APP.session:
        APP.session.undo(confirmed=data.get("confirmed") == "yes")


def act_undo_keep(_data: dict) -> None:
    if APP.session:
        APP.session.undo_asked = False


def act_leave(_data: dict) -> None:
    """Back to the games, from the menu, the hand-over cover or the end (a game nobody played in
    is not kept: `Keeper.drop_if_untouched`)."""
    if APP.session is not None:
        APP.session.drop_if_untouched()
    show_home()


def act_pace(_data: dict) -> None:
    """The bots' pace, in turn normal, fast, slow (`Session.next_pace`); kept for every table."""
    session = APP.session
    if not session:
        return
    pace = session.next_pace()
    session.bot_delay = PACES[pace]
    put_setting("bot_pace", pace)


def speech_lang() -> str:
    return "fr-FR" if i18n.lang() == "fr" else "en-GB"


def act_speak(data: dict) -> None:
    """Say a call aloud (again), in the page's language, where the browser has a voice (the
    voices on the device work offline; without one, or with the sound off, nothing is said)."""
    if data.get("text"):
        out("speak", text=data["text"], lang=speech_lang())


def act_calls_aloud(_data: dict) -> None:
    """This device's choice of saying each call as it is made in caller mode, kept in the settings."""
    session = APP.session
    if session:
        session.calls_aloud = not session.says_calls()
        put_setting("calls_aloud", session.calls_aloud)


def act_copy_daily(_data: dict) -> None:
    """The daily deal's result onto the clipboard, said done beside the button."""
    session = APP.session
    text = session.result_text() if session else None
    if text:
        copy_text(text)
        session.table.screen.copied = True


def act_log(_data: dict) -> None:
    if APP.session:
        APP.session.table.screen.log_open = not APP.session.table.screen.log_open


def act_reveal(_data: dict) -> None:
    if APP.session:
        APP.session.reveal()


def act_step(data: dict) -> None:
    if APP.session:
        APP.session.step(int(data["delta"]))
