"""The table's view: everything drawn around a game's board from the session's plain state: the
banner saying whose turn it is, the toolbar, the last move or the guide's step, the hand-over
cover, the move log, the end screen with its ranking, and `render`, the whole table. It reads the
session and never changes the game; what it keeps is only what the screen last showed
(`table.Screen`), so new moves arrive once."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

from ... import table_codes
from ..dom import Raw, h, join
from ..i18n import day, gt, number, person, record_text, sentence, t, tn, word
from ..storage.people import coloured, css_text, initials
from ..widgets import counted, names_apart, qr_code, ranked, round_head, unavailable_button

if TYPE_CHECKING:
    from .session import Session

ARRIVAL_S = 0.35
"""How long after a paint first shows new moves the next paints still show them arriving (their
pieces slide in for .28 s): a paint meanwhile (a save done, a bot's turn scheduled) draws the same
markup, which the page leaves alone, instead of cutting the slide short."""
HANDOVER_S = 0.9
"""The same for the banner's flash when the large board changes hands (.9 s)."""


def banner(session: Session) -> Raw:
    state = session.state
    if session.readonly:
        text = t("share.banner", step=len(state.moves), total=len(session.full_moves))
    elif state.is_over:
        text = t("table.over")
    elif session.guide_done():
        text = t("guide.over")   # the script is played: nobody thinks on, the note offers a real game
    elif session.table.waits_for_humans():
        text = t("table.pause", prompt=sentence(session.table.prompt()))
    elif session.lingers():   # her hand still on show: the banner names her, not the next person (who would take the tablet)
        text = t("table.linger", who=session.name(session.focus_seat()))
    elif session.bot_to_play():
        text = t("table.bot-thinking", who=session.name(state.current_player))
    elif session.covered():
        text = None   # the prompt may name a secret card: the banner says what the cover says
    else:
        text = t("table.turn", who=session.name(state.current_player), prompt=session.table.prompt())
    # several people at the table: a change of the large board is announced with a flash
    return h("p", {"class_": "banner" + (" handover" if session.table.screen.handover else ""), "id": "banner", "role": "status",
                   "aria-live": "polite",
                   # between rounds the banner says the round's end, whoever is to act next: no one seat's mark
                   "data-seat": "" if state.current_player is None or session.guide_done() or session.table.waits_for_humans()
                   else session.focus_seat() if session.lingers() else state.current_player},
             h("span", None,   # one box: the banner centres it in the room of two lines
               h("span", {"class_": "daily-label"}, t("daily.label", date=day(session.save.daily))) if session.save.daily else None,
               h("span", {"class_": "daily-label table-label"}, t("devices.label", code=session.save.table))
               if session.save.table and state.players == 1 else None,
               names_apart(text) if text is not None else pass_to(session, state.current_player, names_apart)))


def pass_to(session: Session, seat: int, shown: Callable[[str], Any] = str) -> Raw:
    """"Pass the tablet to …", or the phone where the screen is a phone's (the page's width
    decides), for the cover and the banner (read aloud by a screen reader) alike."""
    who = session.name(seat)
    return join([h("span", {"class_": "on-tablet"}, shown(t("table.pass", who=who))),
                 h("span", {"class_": "on-phone"}, shown(t("table.pass.phone", who=who)))])


# the menu's pictures (24 px squares, drawn in the text's colour): on a phone they stand for the
# words, which screen readers still say, so the menu keeps one row (issue #55)
ICONS = {"leave": "M3 11l9-7 9 7M5 9.5V20h14V9.5M10 20v-6h4v6",
         "rules": "M4 4h6a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4zM20 4h-6a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h6z",
         "undo": "M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
         "log": "M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01",
         "pace": "M4 5l7 7-7 7M13 5l7 7-7 7",
         "restart": "M4 12a8 8 0 1 0 2.3-5.7L4 8.6M4 3.5v5.1h5.1",
         "export": "M12 15V3M7 8l5-5 5 5M5 13v7h14v-7"}


def menu_words(action: str, words: str, count: int | None = None) -> list[Raw | None]:
    """A menu button's content: its picture and its words (on a phone the words are said to
    screen readers only, and the move counter's number shows beside the picture)."""
    return [h("svg", {"class_": "tool-icon", "viewBox": "0 0 24 24", "aria-hidden": "true"}, h("path", {"d": ICONS[action]})),
            h("span", {"class_": "tool-word"}, words),
            h("span", {"class_": "tool-count", "aria-hidden": "true"}, str(count)) if count is not None else None]


def toolbar(session: Session) -> Raw:
    if session.readonly:
        at, total = len(session.state.moves), len(session.full_moves)
        return h("nav", {"class_": "toolbar", "aria-label": t("table.menu")},
                 h("button", {"type": "button", "data-action": "leave"}, menu_words("leave", t("table.leave"))),
                 h("button", {"type": "button", "data-action": "log", "aria-expanded": "true" if session.table.screen.log_open else "false",
                              "aria-controls": "move-log"}, menu_words("log", t("table.log", n=len(session.log)), len(session.log))),
                 h("button", {"type": "button", "data-action": "step", "data-delta": -total, "disabled": at == 0},
                   t("share.first")),
                 h("button", {"type": "button", "data-action": "step", "data-delta": -1, "disabled": at == 0},
                   t("share.back")),
                 h("button", {"type": "button", "data-action": "step", "data-delta": 1, "disabled": at == total},
                   t("share.forward")),
                 h("button", {"type": "button", "data-action": "step", "data-delta": total, "disabled": at == total},
                   t("share.last")))
    bots = sum(seat.is_bot for seat in session.seats)
    return h("nav", {"class_": "toolbar", "aria-label": t("table.menu")},
             h("button", {"type": "button", "data-action": "leave"}, menu_words("leave", t("table.leave"))),
             h("button", {"type": "button", "data-action": "rules", "data-game": session.game.id}, menu_words("rules", t("table.rules"))),
             undo_button(session) if session.save.undo else None,
             h("button", {"type": "button", "data-action": "log", "aria-expanded": "true" if session.table.screen.log_open else "false",
                          "aria-controls": "move-log"}, menu_words("log", t("table.log", n=len(session.log)), len(session.log))),
             # the words say the pace now; the title (a mouse's tooltip), the one a tap gives
             h("button", {"type": "button", "data-action": "pace", "data-pace": session.pace(),
                          "title": tn(f"table.pace.next.{session.next_pace()}", bots)},
               menu_words("pace", tn(f"table.pace.{session.pace()}", bots))) if bots else None,
             h("button", {"type": "button", "data-action": "restart"}, menu_words("restart", t("table.restart")))
             if not session.save.daily and not session.save.table and not session.guide else None,
             None if session.guide else export_button(session),
             h("button", {"type": "button", "data-action": "storage"}, t("saves.free"))
             if session.unsaved == "full" else None)


def export_button(session: Session) -> Raw:
    return unavailable_button({"data-action": "export"}, menu_words("export", t("table.export")), session.export_refused())


def undo_button(session: Session) -> Raw:
    """Undo, unavailable exactly when it would do nothing; a tap then says why."""
    keep, why = session.undo_point()
    help_key = "table.undo.help" if any(seat.is_bot for seat in session.seats) else "table.undo.help.people"
    return unavailable_button({"data-action": "undo", "title": t(help_key)}, menu_words("undo", t("table.undo")),
                              t(why) if keep is None else None)


def last_move(session: Session) -> Raw:
    """What every other seat did since the last turn of the person in front of the screen: each
    seat's latest turn said briefly (`Session.say_turn`), one after the other in the order they
    were played, each with its seat's mark, on a line of the same height at every turn (a seat's
    words are cut short there, never the line's height changed; the log, a tap on the line, says
    each move whole). A move the table played for that person since her last turn, which the game
    explains (`GameTable.played_for_you`: nothing of hers fitted, so it drew for her), comes
    first: she is told why her hand changed without her. Once a round's or the game's end is on
    show, the move that ended it, whoever played it."""
    ongoing = not (session.state.is_over or session.table.waits_for_humans())
    focus = session.focus_seat()
    since = session.recent() if ongoing else []
    others = telling([entry for entry in since if entry["seat"] != focus])
    yours = [entry for entry in since if session.table.played_for_you(entry)]
    said: list[tuple[Any, str]] = []
    if yours:
        said.append((focus, session.say(yours[-1], t("table.pass.self", who=session.name(focus)), short=True)))
    turns = latest_turns(others)
    said += session.say_turns(turns)
    # older moves still unsaid (a seat's turn before its latest): "and 2 more", and the line opens the log
    more = len(others) - sum(len(turn) for turn in turns)
    if not said:   # before the first move the line says so (it was a blank band of 40 px under the banner)
        last = telling(session.log)
        said = [(last[-1]["seat"], session.say(last[-1]))] if last else []
    label = t("table.last-moves") if len(said) > 1 or len(turns) > 1 else t("table.last-move")
    # with moves unsaid, a tap anywhere on the line opens the log (its "and 2 more" alone was a
    # 93×16 px target)
    # on a phone, the room of a third line wherever three other seats or more may have played, at
    # every turn alike (an upright tablet has two lines where the banner takes one, `turn_head`;
    # a tablet on its side one, its label then kept for screen readers where three seats are said)
    crowded = " crowded" if len(said) > 2 else ""
    return h("p", {"class_": "last-move" + (" many" if ongoing and len(session.seats) > 3 else "") + crowded,
                   "id": "last-move", "aria-live": "polite",
                   "data-action": "log" if more > 0 else None},
             h("span", {"class_": "last-move-label"}, label),
             " ",
             [h("span", {"class_": "last-move-seat", "data-seat": seat, "title": text}, text)
              for seat, text in said] if said else t("table.no-move"),
             h("button", {"type": "button", "class_": "linkish", "data-action": "log"}, t("table.more", n=more))
             if more > 0 else None)


def latest_turns(entries: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Each seat's latest turn among `entries` (its last moves in a row), in the order the turns
    were played: with two seats' moves "A A B A", A's last "A" and B's "B"."""
    turns: list[list[dict[str, Any]]] = []
    for entry in entries:
        if turns and turns[-1][-1]["seat"] == entry["seat"]:
            turns[-1].append(entry)
        else:
            turns = [turn for turn in turns if turn[-1]["seat"] != entry["seat"]] + [[entry]]
    return turns


def telling(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The `entries` worth saying on their own: not a formality the table played right after the
    same seat's own move (3x16's "done with the 11" says less than the 11 placed)."""
    return [entry for k, entry in enumerate(entries)
            if not (k and entry.get("auto") and entry["seat"] == entries[k - 1]["seat"])]


def undo_question(session: Session) -> Raw | None:
    """Undo asked to take back someone else's moves (`Session.undo_crosses`): whose moves, each
    as the log says it, and two buttons; nothing goes back until the first is tapped."""
    taken = session.undo_crosses() if session.undo_asked else []
    if not taken:
        return None
    # the formalities the table played go back with them, unsaid: they decided nothing
    taken = [entry for entry in taken if not entry.get("auto")] or taken
    names: list[str] = []
    for entry in taken:
        if session.name(entry["seat"]) not in names:
            names.append(session.name(entry["seat"]))
    who = names[0] if len(names) == 1 else t("list.and", first=", ".join(names[:-1]), last=names[-1])
    return h("section", {"class_": "undo-ask", "id": "undo-ask", "role": "alertdialog",
                         "aria-labelledby": "undo-ask-title"},
             h("h2", {"id": "undo-ask-title"}, names_apart(tn("table.undo.ask", len(taken), who=who))),
             h("ol", None, [h("li", {"data-seat": e["seat"]}, names_apart(session.say(e))) for e in taken]),
             h("div", {"class_": "dialog-actions"},
               h("button", {"type": "button", "class_": "primary", "data-action": "undo", "data-confirmed": "yes"},
                 t("table.undo.yes")),
               h("button", {"type": "button", "data-action": "undo-keep"}, tn("table.undo.no", len(taken)))))


def guide_note(session: Session) -> Raw:
    """A guided game's line, where the last move is said otherwise: which step of how many and
    the sentence it teaches; once the script is played, its last sentence and the way to a
    real game against an easy computer."""
    step = session.guided()
    count, button = None, None
    if step is None:
        text = gt(session.game, session.guide.end)
        button = h("button", {"type": "button", "class_": "primary", "data-action": "guide-real",
                              "data-game": session.game.id}, t("guide.real"))
    elif step.say:
        text = gt(session.game, step.say)
        k, n = session.guide.count(len(session.state.moves))
        count = t("guide.step", k=k, n=n)
    else:
        text = t("guide.watch")
    return h("div", {"class_": "guide-note" + (" guide-end" if step is None else ""), "id": "guide-note",
                     "role": "status", "aria-live": "polite"},
             h("p", None, h("strong", {"class_": "guide-count"}, count) if count else None, " " if count else None, text),
             button)


def guide_cover(session: Session) -> Raw | None:
    """On the hand-over cover of a guided game: what the cover is for, or the guide's end."""
    if session.guide is None:
        return None
    if session.guided() is None:
        return guide_note(session)
    return h("p", {"class_": "guide-note", "id": "guide-note"}, gt(session.game, session.guide.cover)) if session.guide.cover else None


def since_last_turn(session: Session) -> Raw | None:
    """Under the hand-over cover: every move played since this person's last turn, oldest
    first, as the log says them (nothing hidden is named), so nobody misses what happened; the
    person's own (a formality the table played for them) said as theirs: "Tom (you) ended their turn"."""
    recent = session.recent()
    if not recent:
        return None
    seat = session.state.current_player
    return h("section", {"class_": "pass-since", "aria-labelledby": "pass-since-title"},
             h("h3", {"id": "pass-since-title"}, t("table.pass.since")),
             h("ol", None, [h("li", {"data-seat": e["seat"]}, names_apart(session.say(
                 e, t("table.pass.self", who=session.name(seat)) if e["seat"] == seat else None))) for e in recent]))


def move_log(session: Session) -> Raw | None:
    if not session.table.screen.log_open:
        return None
    rows = [h("li", {"data-seat": e["seat"] if e["seat"] is not None else ""}, session.say(e)) for e in session.log]
    return h("aside", {"class_": "move-log", "id": "move-log", "aria-labelledby": "move-log-title"},
             h("div", {"class_": "move-log-head"},
               h("h2", {"id": "move-log-title"}, t("table.log.title")),
               h("button", {"type": "button", "data-action": "log"}, t("rules.close"))),
             h("ol", {"reversed": True}, rows[::-1]) if rows else h("p", None, t("table.log.empty")))


def cover(session: Session) -> Raw:
    seat = session.state.current_player
    return h("div", {"class_": "pass-cover", "id": "pass-cover", "role": "dialog", "aria-modal": "true",
                     "aria-labelledby": "pass-title"},
             h("h2", {"id": "pass-title"}, pass_to(session, seat)),
             h("p", None, t("table.pass.why", who=session.name(seat))),
             guide_cover(session),
             since_last_turn(session),
             h("button", {"type": "button", "class_": "primary", "data-action": "reveal", "autofocus": True},
               t("table.pass.ready", who=session.name(seat))),
             # whoever holds the tablet may stop here without seeing the hand (the game stays saved)
             h("button", {"type": "button", "class_": "pass-leave", "data-action": "leave"}, t("table.home")))


def ending(session: Session) -> Raw | None:
    """The end: the winner named first, then the ranking with the points counted up; the
    boards themselves (every one large, scoring marked) come below, drawn by the game."""
    if not session.state.is_over:
        return None
    result = session.state.result()
    winners = result["winners"]
    names = ", ".join(session.name(w) for w in winners)
    solo = session.state.players == 1
    shown = [session.table.shown_score(score) for score in result["scores"]]
    label = word(session.game, session.table.score_key)
    if session.table.headline():
        headline = session.table.headline()
    elif solo:
        headline = t("table.solo-score", score=number(shown[0]), label=label)
    else:
        headline = t("table.winner", who=names) if len(winners) == 1 else t("table.winners", who=names)
    rounds = session.table.round_points() or []
    counting = session.table.screen.painted < len(session.state.moves)   # the last move arriving: the end's first paint
    rows = []
    for rank, seat in ranked([(s in winners, result["scores"][s]) for s in range(session.state.players)]):
        rows.append(h("tr", {"class_": "winner" if seat in winners else None, "data-seat": seat},
                      h("td", None, rank), h("td", None, session.name(seat)),
                      h("td", None, counted(shown[seat], counting)),
                      [h("td", {"class_": "round"}, points[seat]) for points in rounds]))
    actions = [h("button", {"type": "button", "data-action": "leave"}, t("table.home"))]
    if session.table.reviewable():
        actions.append(session.table.review_button())
    if not session.readonly and not session.guide:   # a guided game leads to a real one (its note)
        actions.append(h("button", {"type": "button", "data-action": "share"}, t("table.share")))
        if not session.save.daily and not session.save.table:   # a daily deal is one attempt: no second go from here
            actions.append(h("button", {"type": "button", "class_": "primary", "data-action": "again"},
                             t("table.again")))
    if solo and not session.guide and result_code_of(session):   # one device's board: its result goes to the table's ranking
        actions.append(h("button", {"type": "button", "class_": "primary", "data-action": "devices-gather"},
                         t("devices.gather")))
    return h("section", {"class_": "ending", "id": "ending", "aria-labelledby": "ending-title",
                         "data-score": number(shown[0]) if solo else None},
             h("h2", {"id": "ending-title"}, names_apart(headline)),
             moments_said(session),
             # after several rounds, a column each after the total (many: they scroll sideways)
             h("div", {"class_": "ranking-box shades-x"},
               h("table", {"class_": "ranking"},
                 h("thead", None, h("tr", None, h("th", None, h("span", {"class_": "rank-word"}, t("table.rank"))),
                                    h("th", None, ""),
                                    h("th", None, label),
                                    [round_head(r) for r in range(len(rounds))])),
                 h("tbody", None, rows))) if not solo and not session.table.scores_nothing() else None,
             session.table.summary(),
             device_result(session) if solo else None,
             h("div", {"class_": "dialog-actions"}, actions))


def device_result(session: Session) -> Raw | None:
    """A finished board of a table of several devices: its result code, for the device that
    gathers the table's results."""
    code = result_code_of(session)
    if code is None:
        return None
    return h("div", {"class_": "result-code"},
             h("p", {"class_": "result-title"}, t("devices.result", n=len(code.replace("-", "")))),
             h("p", {"class_": "code", "id": "result-code"}, code),
             qr_code(code, "result-qr"),
             h("p", {"class_": "option-help"}, t("devices.result.explain")))


_RESULT_CODES: dict[tuple, str] = {}


def result_code_of(session: Session) -> str | None:
    """The result code of this device's finished board at its table (worked out once for these
    very moves: two boards of one table under one name, a Take It Easy round always 19 moves,
    never share a code), or None where the game is no such board."""
    save, state = session.save, session.state
    if not save.table or not state.is_over or state.players != 1:
        return None
    key = (save.table, save.seats[0].name, json.dumps(state.moves, sort_keys=True))
    if key not in _RESULT_CODES:
        try:
            _RESULT_CODES[key] = table_codes.result_code(table_codes.read_table(save.table), save.seats[0].name, state)
        except (table_codes.CodeError, ValueError):
            return None
    return _RESULT_CODES[key]


def moments_said(session: Session) -> Raw | None:
    """What this game just did that is worth celebrating (`stats.moments`): said first on
    the end screen, with a small burst (CSS) and a chime (static/motion.js, on `.moment`)."""
    if not session.moments:
        return None
    lines = [t(key, record=record_text(session.game, params["key"], params["record"])) if key == "moment.record"
             else tn(key, params["n"]) if "n" in params else t(key) for key, params in session.moments]
    return h("div", {"class_": "moment", "role": "status"},
             h("span", {"class_": "moment-star", "aria-hidden": "true"}, "★"),
             h("ul", None, [h("li", None, line) for line in lines]))


def settle(session: Session) -> None:
    """Before a paint: what it shows as new. Moves played since the last paint arrive, and a
    change of the large board (several people) flashes the banner; the paints that follow
    within the animations' time show the same, then the table at rest."""
    screen = session.table.screen
    now = screen.clock()
    moves, focus = len(session.state.moves), session.focus_seat()
    if moves != screen.shown_moves or focus != screen.shown_focus:
        screen.painted = min(screen.shown_moves, moves)
        screen.handover = len(session.humans()) > 1 and screen.shown_focus is not None and focus != screen.shown_focus
        screen.shown_moves, screen.shown_focus, screen.changed_at = moves, focus, now
        return
    if now - screen.changed_at > ARRIVAL_S:
        screen.painted = moves
    if now - screen.changed_at > HANDOVER_S:
        screen.handover = False


def colours(session: Session) -> list[str]:
    """Each seat's colour: its own, or (a save from before colours) one given, none shared."""
    return [seat.colour for seat in coloured(session.seats, [])]


def seat_colours(session: Session) -> str:
    """The stylesheet's --seat-N for every seat (its board, log lines and ranking row), and its
    --mark-N, the initial drawn on each of its marks (a seat is never told by colour alone)."""
    marks = initials([person(seat.name) for seat in session.seats])
    return "; ".join(f"--seat-{n}: var(--colour-{c}); --mark-{n}: {css_text(marks[n])}"
                     for n, c in enumerate(colours(session)))


def turn_head(session: Session) -> Raw:
    """The banner and the last-move line under it, in one box of the same height at every turn:
    on an upright tablet the banner has the room of two lines and the last moves of one, and
    when the banner takes one line the last moves take two (three seats' moves cut short on one
    line could not be read), so the board below never moves."""
    return h("div", {"class_": "turn-head"}, banner(session), last_move(session))


def render(session: Session) -> Raw:
    settle(session)
    covered = session.covered()
    markup = h("div", {"class_": f"table game-{session.game.id}" + (" readonly" if session.readonly else ""),
                       "style": seat_colours(session),
                       "data-game": session.game.id, "data-over": "true" if session.state.is_over else "false",
                       # read by static/motion.js: the glides' pace, a round's end, a new game at the table
                       "data-pace": session.pace(), "data-rounds": session.table.rounds_done(),
                       "data-save": session.save.id,
                       "data-pause": "true" if session.table.waits_for_humans() else None,
                       "data-focus": session.focus_seat()},
               None if covered else toolbar(session),   # nothing behind the cover can be reached (undo...)
               # a guided game: its step beside the banner on a tablet (under it on a phone), where the last move is said
               h("div", {"class_": "guide-head"}, banner(session), guide_note(session)) if session.guide and not covered
               else banner(session) if covered else turn_head(session),
               h("p", {"class_": "notice", "role": "status"}, session.notice) if session.notice else None,
               h("p", {"class_": "refusal", "id": "refusal", "role": "alert"}, session.message) if session.message else None,
               cover(session) if covered else None,
               None if covered else undo_question(session),
               None if covered else ending(session),
               None if covered else session.table.board(),
               None if covered else session.table.zoom_layer(),
               h("p", {"class_": "refusal toast", "id": "refusal" if not session.message else "refusal-tap",
                       "role": "alert", "data-n": session.refusals}, session.refused) if session.refused and not covered else None,
               None if covered else move_log(session))
    return markup
