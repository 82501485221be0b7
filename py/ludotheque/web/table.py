"""The table screen shared by every game: whose turn it is, the game's own board (drawn by the
game's `GameTable`), a refusal said in words, bots that play by themselves, and the end screen.

Pure: it returns markup and asks a scheduler to call back later, so the whole flow of a game
(human taps, bot turns, saving) runs on CPython in tests exactly as in the page."""
from __future__ import annotations

import copy
import datetime
import re
import time
from functools import partial
from typing import Any, Callable, Generator

from .. import core
from ..core import IllegalMove, Move, State, derive_seed
from .dom import FSI, PDI, Raw, h, join
from .i18n import day, gt, gtn, lang, level_name, number, record_text, sentence, t, tn, who
from . import stats
from .guide import Guide, Step
from .people import coloured
from .saves import STATS_KEY, Save, SaveConflict, SaveError, SaveGone, SaveStore, StorageFull, kept_back, shorten

Scheduler = Callable[[Callable[[], None], int], None]
# A bot's move worked out elsewhere (the page's second worker): the request (plain data: the
# game's record, the seat, the bot's level and seed) and what to call with the move, or with None
# when it could not be worked out there (the session then works it out itself).
Thinker = Callable[[dict[str, Any], Callable[[Any], None]], None]

ARRIVAL_S = 0.35
"""How long after a paint first shows new moves the next paints still show them arriving (their
pieces slide in for .28 s): a paint meanwhile (a save done, a bot's turn scheduled) draws the same
markup, which the page leaves alone, instead of cutting the slide short."""
HANDOVER_S = 0.9
"""The same for the banner's flash when the large board changes hands (.9 s)."""
FOLLOW_MS = 1500
"""A tab that followed another tab's move leaves the bots' replies to that tab for this long more
than its pace; it plays them only if nothing came (the other tab was closed)."""
ISOLATED = re.compile(f"{FSI}([^{PDI}]*){PDI}")


def names_apart(sentence: str) -> Raw:
    """A sentence with each name it holds (isolated FSI…PDI, see dom.Name) as its own <bdi>, so
    the stylesheet can cut a long name short on a line kept to one; its title keeps it whole."""
    return join(h("bdi", {"title": part}, part) if i % 2 else part
                for i, part in enumerate(ISOLATED.split(sentence)))


class GameTable:
    """What a game adds to the table: its board, its prompts, its taps. Subclasses set game_id
    and implement `board`; `act` receives the game's own data-act actions."""

    game_id = ""
    pause_phase: str | None = None   # a phase shown to people until one of them goes on (scores)
    score_key = "table.score"        # what a score means ("points", "cells filled"...)

    def __init__(self, session: "Session"):
        self.session = session
        self._view: tuple[State, int, dict[str, Any]] | None = None
        self.review_open = False
        self.review_for: int | None = None   # the seat a person chose to review
        self.reviews: dict[tuple, Any] = {}  # what a review shows, computed once per key
        self.review_jobs: dict[tuple, tuple[Generator[float, None, Any], list[float]]] = {}  # under way, how far
        self.review_pending: set[tuple] = set()   # reviews whose next step is scheduled
        self.review_round: int | None = None     # the round reviewed (None: the last one finished)
        self.advice = None                        # the hint: the strongest bot's moves, the next first
        self.pending: Move | None = None          # a placement put down, waiting for its confirmation (`put`)

    @property
    def advice(self) -> list[Move] | None:
        """The moves the board marks, the next first: in a guided game the step's move (the
        person's to play), else the hint asked for, if any."""
        step = self.session.guided()
        return [step.move] if step is not None and step.say else self._advice

    @advice.setter
    def advice(self, moves: list[Move] | None) -> None:
        self._advice = moves

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def hides_hands(self) -> bool:
        """Secret hands (the game says so): a hand-over cover between human seats."""
        return self.state.game.secret_hands

    def text(self, key: str, /, **params) -> str:
        """The game's text for `key`, its blanks filled."""
        return gt(self.state.game, key, **params)

    def count_text(self, key: str, count: int, /, **params) -> str:
        """The game's text for `key` with a count, in the singular where the language says it."""
        return gtn(self.state.game, key, count, **params)

    def view(self) -> dict[str, Any]:
        """What the seat in front of the screen may see (`Session.focus_seat`: the one human, or
        the human to act; a secret hand only ever reaches the screen behind the hand-over cover).
        Computed once per position: a state only changes by a move added, or by being replaced."""
        state = self.state
        seat = self.session.focus_seat()
        key = (state, len(state.moves), seat)
        if self._view is None or self._view[:3] != key:
            self._view = (*key, state.view(seat))
        return self._view[3]

    def just_moved(self) -> dict[int, list[Move]]:
        """Per seat, the moves played since the seat in front of the screen last acted: the
        board marks where they landed."""
        moved: dict[int, list[Move]] = {}
        for entry in self.session.recent():
            moved.setdefault(entry["seat"], []).append(entry["move"])
        return moved

    def arriving(self, move: Move) -> bool:
        """The move is shown for the first time: its piece slides in (once, not at every repaint)."""
        return self.session.arriving(move)

    def landings(self, seat: int) -> list[dict[str, Any]]:
        """The log entries of `seat` (the person in front of the screen too) whose pieces are
        shown for the first time: each piece travels from where it came (`travel`)."""
        return [entry for entry in self.session.log[-len(self.session.seats) * 3:]
                if entry["seat"] == seat and entry["n"] >= self.session.painted]

    def travel(self, entry: dict[str, Any], source: str, part: str = "") -> dict[str, Any]:
        """The attributes of a piece that `entry`'s move put down: static/motion.js glides it once
        from the element marked data-source=`source` (the called tile, the pile, a hand...);
        `part` tells apart the pieces of one move (a swap moves two)."""
        return {"data-travel": f"{self.session.save.id}.{entry['n']}{part}", "data-from": source}

    def prompt(self) -> str:
        """The banner's words for the seat to act: by default the prompt the game's view gives (a
        text key and its blanks)."""
        prompt = self.view()["prompt"]
        return self.text(prompt["key"], **prompt["params"])

    def board(self) -> Raw:
        raise NotImplementedError

    def tap(self, action: str, data: dict[str, str]) -> None:
        """A tap on an element with data-act: the review's own, else the game's."""
        if action == "review":
            self.review_open = not self.review_open and self.reviewable()
            self.session.repaint()
        elif action == "review-close":
            self.close_review()
            self.session.repaint()
        elif action == "review-seat":
            self.review_for = int(data["seat"])
            self.session.repaint()
        elif action == "review-round":
            self.review_round = int(data["round"])
            self.session.repaint()
        elif action == "confirm":
            if self.pending is not None:
                self.put(self.pending)
        else:
            self.act(action, data)

    def act(self, action: str, data: dict[str, str]) -> None:
        """A game-specific tap (data-act); the default knows none."""

    def drag(self, data: dict[str, str]) -> None:
        """A drag starts on an element with data-drag: pick it up without repainting."""

    def cancel(self) -> None:
        """Escape or a tap elsewhere: drop any selection, and a placement waiting for its
        confirmation (a game that keeps a selection of its own drops it too, after this)."""
        self.pending = None

    # -- a wrong tap forgiven: a placement waits for a confirmation (`offers_confirm`) ----------
    @classmethod
    def offers_confirm(cls, options: dict[str, Any]) -> bool:
        """Whether a game with these options may let placements wait for a confirmation (the
        new-game form then offers it): where placing brings the next reveal at once, so undo
        could not take a wrong tap back. By default nowhere."""
        return False

    def waits(self, move: Move) -> bool:
        """Whether `move`, tapped, waits for a confirmation before it is played: a placement, in
        a game started with the option (`Save.confirm`) where the table offers it."""
        return move["type"] == "place" and self.session.save.confirm and self.offers_confirm(self.state.options)

    def put(self, move: Move) -> None:
        """A placement tapped. If it waits (`waits`), the first tap puts it down see-through
        (`pending`), a tap on another place moves it, and a second tap on it (or "Place it here",
        `confirm_panel`) plays it; otherwise it is played at once (a move the rules refuse too:
        it is refused with its reason)."""
        if self.waits(move) and move != self.pending and self.allowed(move):
            self.pending = move
            self.session.repaint()
            return
        self.pending = None
        self.session.play(move)

    def allowed(self, move: Move) -> bool:
        """Whether the rules would take `move` now, for the seat in front of the screen."""
        if not self.session.human_to_act():
            return False
        try:
            self.state.game.check_fields(move)
            self.state.check(move)
        except IllegalMove:
            return False
        return True

    def confirm_panel(self) -> Raw | None:
        """Beside a placement waiting for its confirmation: "Place it here" and how to move it."""
        if self.pending is None:
            return None
        return h("div", {"class_": "confirm-place"},
                 h("button", {"type": "button", "class_": "primary", "data-act": "confirm"}, t("table.confirm")),
                 h("p", None, t("table.confirm.help")))

    def handed_over(self) -> None:
        """The tablet changed hands, or this tab took another tab's moves: whatever one person
        asked to see (a hint, another board uncovered...) is hidden again."""
        self.advice = None

    def waits_for_humans(self) -> bool:
        """True while the table pauses for people (the pause phase) even if a bot is to play."""
        return (self.pause_phase is not None and self.view()["phase"] == self.pause_phase
                and any(not seat.is_bot for seat in self.session.seats))

    def daily_text(self) -> str | None:
        """A daily deal's result as friends may see it (the score, never the deal itself)."""
        return None

    def summary(self) -> Raw | None:
        """Extra detail for the end screen: by default a daily deal's result, ready to copy."""
        text = self.session.result_text()
        if text is None:
            return None
        return h("div", {"class_": "daily-result"},
                 h("textarea", {"id": "daily-text", "readonly": True, "rows": text.count("\n") + 1,
                                "aria-label": t("tie.daily.copy")}, text),
                 h("div", None,
                   h("button", {"type": "button", "data-action": "copy-daily"}, t("tie.daily.copy")),
                   h("span", {"class_": "copied", "role": "status"}, t("daily.copied") if self.session.copied else None)))

    def round_points(self) -> list[list[int]] | None:
        """A match of several rounds: each finished round's points per seat (round_points()[r][s],
        as the table shows them), a column each in the end screen's ranking; else None."""
        return None

    def shown_score(self, score: float) -> float:
        """A score as the table shows it (a game that keeps penalties as negative scores shows
        them positive, under its own label)."""
        return stats.shown_score(self.game_id, score)

    def headline(self) -> str | None:
        """The end screen's first line when the game has its own (else the winner is named)."""
        return None

    def spoken(self, entry: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """How a log entry is said now: (text key, parameters); a game may say less while
        something is hidden from the person in front of the screen."""
        return entry["key"], entry["params"]

    def scores_nothing(self) -> bool:
        """A table that only calls the tiles for a real box keeps no boards: its end ranks nobody."""
        return False

    # -- the hint: the strongest bot's moves for the person to act (games that give one) --------
    def suggest(self) -> list[Move]:
        """The strongest bot's moves for the seat to act, the next first, computed from that
        seat's own view only (a game that gives hints says how)."""
        raise NotImplementedError

    def say_advice(self, moves: list[Move]) -> str:
        """The hint's moves in words (a game that gives hints says how)."""
        raise NotImplementedError

    def hint_allowed(self) -> bool:
        """A person is to act and is the one in front of the screen, their own hand shown (never
        behind the hand-over cover, never for someone else's turn)."""
        session = self.session
        return (session.guide is None and session.human_to_act() and self.state.current_player == session.focus_seat()
                and session.shows_hand() and not session.covered())

    def ask_hint(self) -> None:
        """One tap: the strongest bot's moves, marked on the board and said in words, and kept
        with the game as a hint used (a daily deal's result says so)."""
        if not self.hint_allowed():
            return
        self.session.use_hint()
        self.cancel()
        self.advice = self.suggest()
        self.session.repaint()

    def advice_after(self, move: Move | None) -> list[Move] | None:
        """The rest of the hint once `move` was played: kept while the person follows it."""
        if not self.advice or self.advice[0] != move or not self.hint_allowed():
            return None
        rest = self.advice[1:]
        return rest if rest and rest[0] in self.state.legal_moves() else None

    def next_advice(self) -> Move | None:
        """The hint's next move, if a hint is on show."""
        return self.advice[0] if self.advice else None

    def hint_button(self) -> Raw | None:
        return h("button", {"type": "button", "class_": "hint-ask", "data-act": "hint"},
                 t("hint.button")) if self.hint_allowed() else None

    def hint_note(self) -> Raw | None:
        """The hint in words, over the table (it takes no room: nothing moves when it shows)."""
        if not self.advice or not self.hint_allowed():
            return None
        return h("p", {"class_": "hint-note", "id": "hint-note", "role": "status"}, self.say_advice(self.advice))

    # -- the review of a person's moves against the strongest bot (games that have one) --------
    def review_ready(self) -> bool:
        """Whether the position is one where the game offers its review (a round or game over)."""
        return False

    def reviewable(self) -> bool:
        """A review is offered to people, after a real game's round or game (a guided game's
        moves were the script's: its end offers a real game instead)."""
        return self.review_ready() and bool(self.session.humans()) and self.session.guide is None

    def review_button(self) -> Raw:
        return h("button", {"type": "button", "class_": "review-open", "data-act": "review",
                            "aria-expanded": "true" if self.review_open else "false"}, t("review.button"))

    def close_review(self) -> bool:
        """Escape: close the review if it is open (True if it was)."""
        was = self.review_open
        self.review_open = False
        return was

    def review_seat(self) -> int:
        """The person reviewed: the one chosen, else the one in front of the screen, else the
        first person at the table."""
        humans = self.session.humans()
        if self.review_for in humans:
            return self.review_for  # type: ignore[return-value]
        focus = self.session.focus_seat()
        return focus if focus in humans or not humans else humans[0]

    def reviewed(self, key: tuple, steps: Callable[[], Generator[float, None, Any]]) -> Any:
        """The review's data for `key` once computed, else None. The computation (the strongest
        bot judging every move again: seconds in the page) runs one step at a time, each step
        scheduled once the last one is painted, so taps are answered meanwhile and the panel
        shows how far it got (`review_wait`). It pauses while its panel is not shown and goes on
        when it is shown again."""
        if key in self.reviews:
            return self.reviews[key]
        if key not in self.review_jobs:
            self.review_jobs[key] = (steps(), [0.0])
        if key not in self.review_pending:
            self.review_pending.add(key)

            def review_step() -> None:
                self.review_pending.discard(key)
                job, done = self.review_jobs[key]
                try:
                    done[0] = next(job)
                except StopIteration as result:
                    self.reviews[key] = result.value
                    del self.review_jobs[key]
                self.session.repaint()
            self.session.schedule(review_step, 30)
        return None

    def review_index(self, finished: int) -> int:
        """The round reviewed: the one chosen, else the last one finished."""
        return self.review_round if self.review_round is not None and self.review_round < finished else finished - 1

    def review_rounds(self, finished: int) -> Raw | None:
        """After several rounds, a choice of the round reviewed."""
        index = self.review_index(finished)
        return h("div", {"class_": "review-rounds", "role": "group"},
                 [h("button", {"type": "button", "data-act": "review-round", "data-round": r,
                               "aria-pressed": "true" if r == index else "false"}, t("table.round", round=r + 1))
                  for r in range(finished)]) if finished > 1 else None

    def review_wait(self, key: tuple) -> Raw:
        """The computer at work on the review of `key`, and how far it got."""
        done = self.review_jobs[key][1][0] if key in self.review_jobs else 0.0
        return h("div", {"class_": "review-wait", "role": "status"},
                 h("p", None, t("review.wait")),
                 h("progress", {"max": 100, "value": round(100 * done), "aria-label": t("review.wait")}))

    def review_panel(self, title: str, *parts: Any) -> Raw:
        """The review's layer over the table (a dialog that scrolls inside itself): its title, a
        close button, a choice of person when several played, then the game's parts."""
        humans = self.session.humans()
        seat = self.review_seat()
        people = h("div", {"class_": "review-seats", "role": "group", "aria-label": t("review.whose")},
                   [h("button", {"type": "button", "data-act": "review-seat", "data-seat": s,
                                 "aria-pressed": "true" if s == seat else "false"}, self.session.name(s))
                    for s in humans]) if len(humans) > 1 else None
        return h("section", {"class_": "review-layer", "id": "review", "role": "dialog", "aria-modal": "true",
                             "aria-labelledby": "review-title", "data-act": "review-keep"},
                 h("div", {"class_": "review-head"},
                   h("h2", {"id": "review-title"}, title),
                   h("button", {"type": "button", "class_": "review-close", "data-act": "review-close"},
                     t("review.close"))),
                 people, *parts)


class Session:
    """One open game: its save, its state, the game's table, the bots' turns, undo, and what to
    do when another tab changed the game or the storage is full. A read-only session replays a
    shared game: it saves nothing and steps through the moves.

    Saving reads the stored game, checks its revision and writes, all inside `locker(name, fn)`:
    the page passes a cross-tab lock (Web Locks), which may run fn later. Until it has, `saving`
    is set: play goes on, but no second write of the game starts; the pending one writes the
    position as it is when the lock is granted (so two writes of one game never overlap, and a
    conflict found then says that the moves made here were not kept)."""

    locker: Callable[[str, Callable[[], None]], None] = staticmethod(lambda name, fn: fn())
    today: Callable[[], str] = staticmethod(lambda: datetime.date.today().isoformat())   # the page's local date
    saving: str | None = None           # "now" inside a synchronous write, "later" while the lock is awaited

    def __init__(self, save: Save, state: State, store: SaveStore | None, table_cls: type[GameTable],
                 schedule: Scheduler, repaint: Callable[[], None], bot_delay: int = 600,
                 readonly: bool = False, copy_text: Callable[[str], None] = lambda text: None,
                 clock: Callable[[], float] = time.monotonic, guide: Guide | None = None,
                 think: Thinker | None = None):
        self.save = save
        self.think = think                   # None: a bot's move is worked out here, at once
        self.guide = guide                   # a guided first game: its script decides every move
        self.state = state
        self.store = store
        self.schedule = schedule
        self.repaint = repaint
        self.bot_delay = bot_delay
        self.readonly = readonly
        self.copy_text = copy_text          # puts text on the clipboard (the page's)
        self.message: str | None = None      # about the game as a whole (storage, another tab)
        self._refusal: Callable[[], str] | None = None   # says why the last tap changed nothing
        self.refusals = 0                    # how many so far: the same sentence again is a new toast
        self.notice: str | None = None      # not an error: e.g. "updated from another tab"
        self.log: list[dict[str, Any]] = []  # every move so far, as the table says it
        self.log_open = False
        self.clock = clock
        self.painted = len(state.moves)      # moves on screen before the ones arriving
        self.shown_moves = len(state.moves)  # moves on screen at the last paint
        self.changed_at = float("-inf")      # when a paint last showed new moves or a new large board
        self.handover = False                # this paint flashes the banner: the large board changed hands
        self.revealed_to: int | None = None  # secret hands: the human who took the tablet
        self.holder: int | None = None       # whose eyes the screen served after the last move
        self.copied = False                  # the daily result was just put on the clipboard
        self.moments: list[tuple[str, dict[str, Any]]] = []   # worth celebrating at the end (stats.moments)
        self.shown_focus: int | None = None  # whose board the last repaint showed large
        self.unsaved = False                # the last moves could not be stored (storage full)
        self.bot_waiting = False
        self.full_moves = list(state.moves) if readonly else None
        self.table = table_cls(self)
        self.trail = self.retrace(state)
        self.holder = self.focus_seat()

    @property
    def game(self) -> core.Game:
        return self.state.game

    @property
    def seats(self):
        return self.save.seats

    def name(self, seat: int | None) -> str:
        """The seat's name as said now (a default name follows the language), isolated from the text around it (a right-to-left name or a stray
        direction mark cannot reorder the app's own words)."""
        return who(self.seats[seat].name) if seat is not None and 0 <= seat < len(self.seats) else ""

    def badge(self, seat: int) -> list:
        """A board's name as its title shows it: the seat's colour (a ringed dot, seen on any board,
        a green one on Lucky Numbers' green garden too), then its name."""
        return [h("span", {"class_": "swatch ringed", "aria-hidden": "true"}), h("bdi", None, self.name(seat))]

    def guided(self) -> Step | None:
        """In a guided game, the script's next step (None once it is played, or in any other game)."""
        return self.guide.step(len(self.state.moves)) if self.guide is not None else None

    def guide_plays(self) -> bool:
        """The guide plays the next move itself (another seat's, or one the person has learned)."""
        step = self.guided()
        return step is not None and not step.say and not self.state.is_over

    def guide_refusal(self) -> str:
        """Why a guided game refuses a move: the step's own sentence (the move it asks for), or
        that the guide is playing, or that the guided game is over."""
        step = self.guided()
        if step is None:
            return t("guide.over")
        return gt(self.game, step.say) if step.say else t("guide.watch")

    def bot_to_play(self) -> bool:
        seat = self.state.current_player
        return not self.readonly and seat is not None and self.seats[seat].is_bot

    def human_to_act(self) -> bool:
        """A person is to play here (not a bot, not a read-only replay)."""
        seat = self.state.current_player
        return not self.readonly and seat is not None and not self.seats[seat].is_bot

    def humans(self) -> list[int]:
        return [n for n, seat in enumerate(self.seats) if not seat.is_bot]

    def focus_seat(self) -> int:
        """The seat whose board is drawn large, and whose eyes the screen serves. With one human,
        always theirs (bots' turns never move it); with several, the human to act, and during
        bots' turns the human who acted last; in a replay or a table of bots, the seat to act."""
        humans = self.humans()
        current = self.state.current_player
        if self.readonly or not humans:
            return current if current is not None else 0
        if len(humans) == 1:
            return humans[0]
        if current in humans:
            return current
        for entry in reversed(self.log):
            if entry["seat"] in humans:
                return entry["seat"]
        return humans[0]

    def covered(self) -> bool:
        """Secret hands and several people at one tablet: the next person must take the tablet
        (tap the cover) before any hand is drawn, so the previous one never sees it."""
        seat = self.state.current_player
        return (self.table.hides_hands and not self.readonly and not self.state.is_over
                and len(self.humans()) > 1 and seat in self.humans() and seat != self.revealed_to
                and not self.table.waits_for_humans())

    def shows_hand(self) -> bool:
        """Whether the secret hand of the seat in front of the screen may be drawn: always without
        secret hands, with one person, in a replay, at the end and in the pause (every hand is
        shown then); with several people, only to the one who took the tablet (never to whoever
        tapped last, e.g. after dealing a new round)."""
        return (not self.table.hides_hands or self.readonly or self.state.is_over or len(self.humans()) <= 1
                or self.table.waits_for_humans() or self.focus_seat() == self.revealed_to)

    def result_text(self) -> str | None:
        """A finished daily deal's result to share, saying whether hints were used."""
        if not self.save.daily or not self.state.is_over:
            return None
        text = self.table.daily_text()
        if text and self.save.hints:
            text += "\n" + tn("daily.hints", self.save.hints)
        return text

    def copy_result(self) -> None:
        text = self.result_text()
        if text:
            self.copy_text(text)
            self.copied = True
            self.repaint()

    def use_hint(self) -> None:
        """A hint was asked for: it is kept with the game (a daily result says so)."""
        self.save.hints += 1
        self.persist()

    def reveal(self) -> None:
        """The person whose turn it is has the tablet: show the table."""
        self.revealed_to = self.state.current_player
        self.repaint()

    def recent(self) -> list[dict[str, Any]]:
        """The moves since the seat in front of the screen last played (at most one round of the
        table): what happened while they waited."""
        focus = self.focus_seat()
        found = []
        for entry in reversed(self.log):
            if entry["seat"] == focus and found or len(found) >= 3 * len(self.seats):
                break
            if entry["seat"] != focus:
                found.append(entry)
        return found[::-1]

    def arriving(self, move: Move) -> bool:
        return any(entry["move"] is move and entry["n"] >= self.painted for entry in self.log[-len(self.seats) * 3:])

    def say(self, entry: dict[str, Any]) -> str:
        """A log entry in the player's language: "Alice" + "placed the 12"."""
        key, params = self.table.spoken(entry)
        return t("table.log-line", who=self.name(entry["seat"]), what=gt(self.game, key, **params))

    def describe(self, state: State, seat: int | None, move: Move) -> dict[str, Any]:
        entry = dict(self.game.describe(state, move))
        entry.update(seat=seat, move=move, n=len(state.moves))
        return entry

    # -- moves ---------------------------------------------------------------------------------
    def play(self, move: Move) -> bool:
        """Play a human's move: refused moves change nothing and leave a reason on screen."""
        if self.readonly:
            return False
        seat = self.state.current_player
        paused = self.table.waits_for_humans()
        if self.guide is not None:
            step = self.guided()
            if step is None or not step.say or move != step.move:
                self.refuse(self.guide_refusal)
                return False
        try:
            if self.state.is_over or not isinstance(move, dict):
                raise IllegalMove("malformed", "not a move now")
            self.game.check_fields(move)
            self.state.check(move)
            entry = self.describe(self.state, seat, move)
            self.state.play(move)
        except IllegalMove as exc:
            self.refuse(self.refusal, exc)
            return False
        if paused:
            self.revealed_to = None   # the pause is over (new hands dealt): nobody holds the tablet yet
        self.record_move(seat, entry)
        return True

    def refuse(self, say: Callable[..., str], *args: Any, **params: Any) -> None:
        """A tap the rules (or the table) refuse: nothing changes, the reason shows beside it,
        `say(*args, **params)` at each paint, so that it follows a change of language."""
        self._refusal = partial(say, *args, **params)
        self.refusals += 1
        self.repaint()

    @property
    def refused(self) -> str | None:
        """Why the last tap changed nothing, in the page's language, or None."""
        return self._refusal() if self._refusal else None

    @refused.setter
    def refused(self, value: None) -> None:
        """Only ever cleared: a new reason comes through refuse()."""
        assert value is None
        self._refusal = None

    def record_move(self, seat: int | None, entry: dict[str, Any], by_bot: bool = False) -> None:
        entry["move"] = self.state.moves[-1]
        self.log.append(entry)
        self.trail.append((seat, self.state.information()))
        self.after_move(entry["move"], by_bot)

    def refusal(self, exc: IllegalMove) -> str:
        text = gt(self.game, f"illegal.{exc.key}", **exc.params)
        return exc.reason if text == f"illegal.{exc.key}" else text

    def after_move(self, move: Move | None = None, by_bot: bool = False) -> None:
        """After `move` (None: the state was replaced, e.g. by undo): clear what the last
        position showed, keeping the rest of a hint the person follows; save; the bots' turn.
        A bot's move leaves a person's refusal on show: it answers their tap, which a bot's move
        arriving just after must not wipe before it is read (it fades by itself)."""
        self.message = None
        if not by_bot:
            self.refused = None
        self.notice = None
        advice = self.table.advice_after(move)
        self.table.cancel()
        self.table.advice = advice
        if self.focus_seat() != self.holder:   # the tablet goes to the next person
            self.holder = self.focus_seat()
            self.table.handed_over()
        self.persist()
        self.repaint()
        self.wake_bots()

    def persist(self) -> None:
        """Write the save inside the cross-tab lock (at once, or when the lock is granted); while
        a write waits for the lock, it will take this move too."""
        if self.saving or self.guide is not None:   # a guided game is never kept, so never counted
            return
        self.saving = "now"
        self.locker(self.save.key, self.write_locked)
        if self.saving == "now":
            self.saving = "later"

    def write_locked(self) -> None:
        """Holding the lock: write, then, if this ran later than the move, show the outcome."""
        later = self.saving == "later"
        self.saving = None
        self.save.follow(self.state)
        self.write()
        if later:
            self.repaint()
            self.wake_bots()

    def write(self) -> None:
        """Write the save; on a conflict take the other tab's newer game (and say that our move
        was not kept), on a full storage keep playing and say so (every later move tries again,
        nothing is half-written); a game deleted in another tab is not written back."""
        try:
            problem = self.store.write(self.save)
        except SaveConflict as conflict:
            self.adopt(conflict.newer)
            self.message = t("saves.conflict")
            return
        except SaveGone:
            self.message = t("saves.deleted")
            return
        except StorageFull:
            self.unsaved = True
            self.message = t("saves.full")
            return
        self.unsaved = False
        if problem:
            self.notice = t("saves.stored-unreadable", detail=problem.error.say(lang()))
        if self.state.is_over:
            self.locker(STATS_KEY, self.count_finished)

    def count_finished(self) -> None:
        """Holding the statistics' cross-tab lock: count the finished game (once)."""
        data, trouble = stats.load(self.store)
        before = copy.deepcopy(data)
        if (trouble is None or trouble.kept) and stats.count_finished(data, self.save, self.state):
            if stats.store_stats(self.store, data):
                self.moments = stats.moments(before, data, self.save)
                if self.moments:
                    self.repaint()

    def adopt(self, newer: Save) -> None:
        """Show the stored game (written by another tab) instead of ours. Who holds the tablet
        is this tab's own knowledge, and the other tab's moves may have passed it on: nobody
        holds it here until the next person takes it."""
        self.save = newer
        self.state = newer.replay()
        self.trail = self.retrace(self.state)
        self.revealed_to = None
        self.holder = self.focus_seat()
        self.table.cancel()
        self.table.handed_over()

    def reload_if_changed(self) -> bool:
        """Another tab wrote our save: follow it (a storage event). True if anything changed."""
        if self.readonly or self.saving or self.store is None:
            return False  # a write of ours is waiting for the lock: it will find the change itself
        raw = self.store.storage.getItem(self.save.key)
        if raw is None:
            if self.save.rev > 0:
                self.message = t("saves.deleted")
                self.repaint()
            return False
        try:
            newer = Save.from_json(raw)
            if newer.rev == self.save.rev and newer.record == self.save.record:
                return False
            newer.replay()
        except SaveError:
            return False  # not readable here: our next write sets it aside and says so
        if newer.rev == self.save.rev:
            # both tabs wrote this revision at once (no cross-tab lock here) and theirs came last
            self.adopt(newer)
            self.message = t("saves.conflict")
            self.repaint()
            self.wake_bots(FOLLOW_MS)
            return True
        self.adopt(newer)
        self.notice = t("saves.synced")
        self.repaint()
        self.wake_bots(FOLLOW_MS)
        return True

    def wake_bots(self, later_ms: int = 0) -> None:
        if (self.bot_to_play() or self.guide_plays()) and not self.bot_waiting and not self.table.waits_for_humans():
            self.bot_waiting = True
            self.schedule(self.bot_turn, self.bot_delay + later_ms)

    def bot_turn(self) -> None:
        """A bot's move. Another tab that played on meanwhile (its bots reply to its own moves)
        is followed instead, so two tabs never both play a bot's turn and conflict."""
        self.bot_waiting = False
        if self.guide is not None:
            if self.guide_plays():
                seat = self.state.current_player
                move = self.guided().move
                entry = self.describe(self.state, seat, move)
                self.state.play(move)
                self.record_move(seat, entry, by_bot=True)
            return
        if not self.bot_to_play() or self.table.waits_for_humans() or self.reload_if_changed():
            return
        seat = self.state.current_player
        note = self.known_level(seat)
        request = {"game": self.game.id, "level": self.seats[seat].level, "seat": seat,
                   "seed": derive_seed(self.state.seed, "seat", seat, len(self.state.moves))}
        if self.think is None:
            self.bot_moved(request, note, None)
            return
        request["record"] = self.state.record()
        # the move comes back later: the table meanwhile answers every tap (an undo, another
        # person's placement); a move for a position that has changed since is not played
        self.bot_waiting = True
        self.think(request, lambda move: self.bot_moved(request, note, move))

    def bot_moved(self, request: dict[str, Any], note: str | None, move: Any) -> None:
        """The bot's move for the position of `request` (None: not worked out, do it here)."""
        self.bot_waiting = False
        asked = request.get("record")
        if asked is not None and (self.state.moves != asked["moves"] or not self.bot_to_play()
                                  or self.table.waits_for_humans()):
            self.wake_bots()   # the position changed meanwhile: the bot thinks again if it is still its turn
            return
        seat = request["seat"]
        if move is None or move not in self.state.legal_moves():   # not worked out elsewhere, or not a move here
            from .. import bots  # imported on first need: the menu does not wait for the bots to load
            move = bots.choose(self.state, request["level"], request["seed"])
        entry = self.describe(self.state, seat, move)
        self.state.play(move)
        self.record_move(seat, entry, by_bot=True)
        if note:
            self.notice = note
            self.repaint()

    def known_level(self, seat: int) -> str | None:
        """A bot seat whose level this app does not know (imported, or renamed by a later
        version without an alias) plays at the default level, an old name with an alias (core.
        register_bot_alias) at its new name, silently; returns what the table should say, if
        anything."""
        from .. import bots
        level = self.seats[seat].level
        known = core.resolve_bot_level(self.game.id, level)
        if known is not None:
            self.seats[seat].level = known
            return None
        default = bots.default_level(self.game.id)
        self.seats[seat].level = default
        return t("table.bot-level-unknown", who=self.name(seat), level=shorten(level or "-", 24),
                 default=level_name(default or "-"))

    # -- undo ----------------------------------------------------------------------------------
    def retrace(self, state: State) -> list[tuple[int | None, int]]:
        """Who played each move and the information after it (the first entry: the start); the
        move log is rebuilt on the way."""
        fresh = self.game.new(state.players, state.seed, state.options)
        trail = [(None, fresh.information())]
        self.log = []
        for move in state.moves:
            seat = fresh.current_player
            entry = self.describe(fresh, seat, move)
            fresh.play(move)
            entry["move"] = move
            self.log.append(entry)
            trail.append((seat, fresh.information()))
        return trail

    def undo_point(self) -> tuple[int | None, str]:
        """Where undo would go back to: (the number of moves to keep, "") or (None, the reason
        it cannot). A person takes back their own last move, with the bots' replies that followed
        it (replayed the same way afterwards: they are seeded), as long as nothing new came to
        light since (a tile revealed, a card drawn), and never once a round's or the game's end
        is on show. With secret hands passed around, only the person holding the tablet may undo,
        and only their own move."""
        if self.readonly:
            return None, "table.undo.why-replay"
        if not self.save.undo:
            return None, "table.undo.why-off"
        if self.state.is_over or self.table.waits_for_humans():
            return None, "table.undo.why-over"
        humans = self.humans()
        for k in range(len(self.trail) - 1, 0, -1):
            seat, _ = self.trail[k]
            if seat in humans:
                if self.table.hides_hands and len(humans) > 1 and seat != self.revealed_to:
                    return None, "table.undo.why-other"
                if self.trail[k - 1][1] != self.trail[-1][1]:
                    return None, "table.undo.why-reveal"
                return k - 1, ""
        return None, "table.undo.why-none"

    def can_undo(self) -> bool:
        return self.undo_point()[0] is not None

    def undo(self) -> None:
        """A new state reached by replaying the record up to before that move, never an edited one;
        where undo cannot go back, the tap says why."""
        keep, why = self.undo_point()
        if keep is None:
            self.refuse(t, why)
            return
        if self.saving:
            return
        record = self.state.record()
        record["moves"] = record["moves"][:keep]
        self.state = self.game.replay(record)
        del self.trail[keep + 1:]
        del self.log[keep:]
        self.after_move()

    # -- shared replays ------------------------------------------------------------------------
    def step(self, delta: int) -> None:
        """Read-only: show the position `delta` moves later or earlier."""
        if not self.readonly:
            return
        target = max(0, min(len(self.full_moves), len(self.state.moves) + delta))
        record = self.state.record()
        record["moves"] = self.full_moves[:target]
        self.state = self.game.replay(record)
        self.trail = self.retrace(self.state)
        self.table.cancel()
        self.repaint()

    # -- markup --------------------------------------------------------------------------------
    def banner(self) -> Raw:
        state = self.state
        if self.readonly:
            text = t("share.banner", step=len(state.moves), total=len(self.full_moves))
        elif state.is_over:
            text = t("table.over")
        elif self.table.waits_for_humans():
            text = t("table.pause", prompt=sentence(self.table.prompt()))
        elif self.bot_to_play():
            text = t("table.bot-thinking", who=self.name(state.current_player))
        elif self.covered():
            text = t("table.pass", who=self.name(state.current_player))   # the prompt may name a secret card
        else:
            text = t("table.turn", who=self.name(state.current_player), prompt=self.table.prompt())
        # several people at the table: a change of the large board is announced with a flash
        return h("p", {"class_": "banner" + (" handover" if self.handover else ""), "id": "banner", "role": "status",
                       "aria-live": "polite",
                       "data-seat": state.current_player if state.current_player is not None else ""},
                 h("span", None,   # one box: the banner centres it in the room of two lines
                   h("span", {"class_": "daily-label"}, t("daily.label", date=day(self.save.daily))) if self.save.daily else None,
                   names_apart(text)))

    def toolbar(self) -> Raw:
        if self.readonly:
            at, total = len(self.state.moves), len(self.full_moves)
            return h("nav", {"class_": "toolbar", "aria-label": t("table.menu")},
                     h("button", {"type": "button", "data-action": "leave"}, t("table.leave")),
                     h("button", {"type": "button", "data-action": "log", "aria-expanded": "true" if self.log_open else "false",
                                  "aria-controls": "move-log"}, t("table.log", n=len(self.log))),
                     h("button", {"type": "button", "data-action": "step", "data-delta": -total, "disabled": at == 0},
                       t("share.first")),
                     h("button", {"type": "button", "data-action": "step", "data-delta": -1, "disabled": at == 0},
                       t("share.back")),
                     h("button", {"type": "button", "data-action": "step", "data-delta": 1, "disabled": at == total},
                       t("share.forward")),
                     h("button", {"type": "button", "data-action": "step", "data-delta": total, "disabled": at == total},
                       t("share.last")))
        bots = sum(seat.is_bot for seat in self.seats)
        return h("nav", {"class_": "toolbar", "aria-label": t("table.menu")},
                 h("button", {"type": "button", "data-action": "leave"}, t("table.leave")),
                 h("button", {"type": "button", "data-action": "rules", "data-game": self.game.id}, t("table.rules")),
                 self.undo_button() if self.save.undo else None,
                 h("button", {"type": "button", "data-action": "log", "aria-expanded": "true" if self.log_open else "false",
                              "aria-controls": "move-log"}, t("table.log", n=len(self.log))),
                 h("button", {"type": "button", "data-action": "pace", "data-pace": self.pace()},
                   tn(f"table.pace.{self.pace()}", bots)) if bots else None,
                 h("button", {"type": "button", "data-action": "restart"}, t("table.restart"))
                 if not self.save.daily and not self.guide else None,
                 None if self.guide else self.export_button(),
                 h("button", {"type": "button", "data-action": "storage"}, t("saves.free"))
                 if self.unsaved else None)

    def export_text_kept(self) -> str | None:
        """Why export is not offered now, in words, or None."""
        return copy_refused(self.save, self.today())

    def export_button(self) -> Raw:
        return unavailable_button({"data-action": "export"}, t("table.export"), self.export_text_kept())

    def refuse_copy(self) -> bool:
        """A copy asked for (export, share) while the game must stay here: say why (True)."""
        why = self.export_text_kept()
        if why:
            self.refuse(self.export_text_kept)
        return why is not None

    def undo_button(self) -> Raw:
        """Undo, unavailable exactly when it would do nothing; a tap then says why."""
        keep, why = self.undo_point()
        help_key = "table.undo.help" if any(seat.is_bot for seat in self.seats) else "table.undo.help.people"
        return unavailable_button({"data-action": "undo", "title": t(help_key)}, t("table.undo"),
                                  t(why) if keep is None else None)

    PACES = {"fast": 250, "normal": 700, "slow": 1500}

    def pace(self) -> str:
        """The bots' pace as a name (the delay itself may be any number, e.g. 0 in tests)."""
        return min(self.PACES, key=lambda name: abs(self.PACES[name] - self.bot_delay))

    def last_move(self) -> Raw:
        """The latest move by another seat, in words, on a line that never changes height; once a
        round's or the game's end is on show, the move that ended it, whoever played it."""
        recent = [] if self.state.is_over or self.table.waits_for_humans() else self.recent()
        text = self.say(recent[-1]) if recent else (self.say(self.log[-1]) if self.log else "")
        more = len(recent) - 1
        return h("p", {"class_": "last-move", "id": "last-move", "aria-live": "polite"},
                 h("span", {"class_": "last-move-label"}, t("table.last-move")) if text else None,
                 " ", text,
                 h("button", {"type": "button", "class_": "linkish", "data-action": "log"}, t("table.more", n=more))
                 if more > 0 else None)

    def guide_note(self) -> Raw:
        """A guided game's line, where the last move is said otherwise: which step of how many and
        the sentence it teaches; once the script is played, its last sentence and the way to a
        real game against an easy computer."""
        step = self.guided()
        count, button = None, None
        if step is None:
            text = gt(self.game, self.guide.end)
            button = h("button", {"type": "button", "class_": "primary", "data-action": "guide-real",
                                  "data-game": self.game.id}, t("guide.real"))
        elif step.say:
            text = gt(self.game, step.say)
            k, n = self.guide.count(len(self.state.moves))
            count = t("guide.step", k=k, n=n)
        else:
            text = t("guide.watch")
        return h("div", {"class_": "guide-note" + (" guide-end" if step is None else ""), "id": "guide-note",
                         "role": "status", "aria-live": "polite"},
                 h("p", None, h("strong", {"class_": "guide-count"}, count) if count else None, " " if count else None, text),
                 button)

    def guide_cover(self) -> Raw | None:
        """On the hand-over cover of a guided game: what the cover is for, or the guide's end."""
        if self.guide is None:
            return None
        if self.guided() is None:
            return self.guide_note()
        return h("p", {"class_": "guide-note", "id": "guide-note"}, gt(self.game, self.guide.cover)) if self.guide.cover else None

    def since_last_turn(self) -> Raw | None:
        """Under the hand-over cover: every move played since this person's last turn, oldest
        first, as the log says them (nothing hidden is named), so nobody misses what happened."""
        recent = self.recent()
        if not recent:
            return None
        return h("section", {"class_": "pass-since", "aria-labelledby": "pass-since-title"},
                 h("h3", {"id": "pass-since-title"}, t("table.pass.since")),
                 h("ol", None, [h("li", {"data-seat": e["seat"]}, names_apart(self.say(e))) for e in recent]))

    def move_log(self) -> Raw | None:
        if not self.log_open:
            return None
        rows = [h("li", {"data-seat": e["seat"] if e["seat"] is not None else ""}, self.say(e)) for e in self.log]
        return h("aside", {"class_": "move-log", "id": "move-log", "aria-labelledby": "move-log-title"},
                 h("div", {"class_": "move-log-head"},
                   h("h2", {"id": "move-log-title"}, t("table.log.title")),
                   h("button", {"type": "button", "data-action": "log"}, t("rules.close"))),
                 h("ol", {"reversed": True}, rows[::-1]) if rows else h("p", None, t("table.log.empty")))

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.repaint()

    def cover(self) -> Raw:
        seat = self.state.current_player
        return h("div", {"class_": "pass-cover", "id": "pass-cover", "role": "dialog", "aria-modal": "true",
                         "aria-labelledby": "pass-title"},
                 h("h2", {"id": "pass-title"}, t("table.pass", who=self.name(seat))),
                 h("p", None, t("table.pass.why", who=self.name(seat))),
                 self.guide_cover(),
                 self.since_last_turn(),
                 h("button", {"type": "button", "class_": "primary", "data-action": "reveal", "autofocus": True},
                   t("table.pass.ready", who=self.name(seat))),
                 # whoever holds the tablet may stop here without seeing the hand (the game stays saved)
                 h("button", {"type": "button", "class_": "pass-leave", "data-action": "leave"}, t("table.home")))

    def ending(self) -> Raw | None:
        """The end: the winner named first, then the ranking with the points counted up; the
        boards themselves (every one large, scoring marked) come below, drawn by the game."""
        if not self.state.is_over:
            return None
        result = self.state.result()
        winners = result["winners"]
        names = ", ".join(self.name(w) for w in winners)
        solo = self.state.players == 1
        shown = [self.table.shown_score(score) for score in result["scores"]]
        label = t(self.table.score_key)
        if self.table.headline():
            headline = self.table.headline()
        elif solo:
            headline = t("table.solo-score", score=number(shown[0]), label=label)
        else:
            headline = t("table.winner", who=names) if len(winners) == 1 else t("table.winners", who=names)
        rounds = self.table.round_points() or []
        order = sorted(range(self.state.players), key=lambda s: (s not in winners, -result["scores"][s]))
        rows = []
        rank = 0
        previous = None
        for i, seat in enumerate(order):
            key = (seat in winners, result["scores"][seat])
            if key != previous:
                rank, previous = i + 1, key
            rows.append(h("tr", {"class_": "winner" if seat in winners else None, "data-seat": seat},
                          h("td", None, rank), h("td", None, self.name(seat)),
                          h("td", None, counted(shown[seat])),
                          [h("td", {"class_": "round"}, points[seat]) for points in rounds]))
        actions = [h("button", {"type": "button", "data-action": "leave"}, t("table.home"))]
        if self.table.reviewable():
            actions.append(self.table.review_button())
        if not self.readonly and not self.guide:   # a guided game leads to a real one (its note)
            actions.append(h("button", {"type": "button", "data-action": "share"}, t("table.share")))
            if not self.save.daily:   # a daily deal is one attempt: no second go from here
                actions.append(h("button", {"type": "button", "class_": "primary", "data-action": "again"},
                                 t("table.again")))
        return h("section", {"class_": "ending", "id": "ending", "aria-labelledby": "ending-title",
                             "data-score": number(shown[0]) if solo else None},
                 h("h2", {"id": "ending-title"}, names_apart(headline)),
                 self.moments_said(),
                 # after several rounds, a column each after the total (many: they scroll sideways)
                 h("div", {"class_": "ranking-box"},
                   h("table", {"class_": "ranking"},
                     h("thead", None, h("tr", None, h("th", None, t("table.rank")), h("th", None, ""),
                                        h("th", None, label),
                                        [round_head(r) for r in range(len(rounds))])),
                     h("tbody", None, rows))) if not solo and not self.table.scores_nothing() else None,
                 self.table.summary(),
                 h("div", {"class_": "dialog-actions"}, actions))

    def moments_said(self) -> Raw | None:
        """What this game just did that is worth celebrating (`stats.moments`): said first on
        the end screen, with a small burst (CSS) and a chime (static/motion.js, on `.moment`)."""
        if not self.moments:
            return None
        lines = [t(key, record=record_text(self.game, params["key"], params["record"])) if key == "moment.record"
                 else tn(key, params["n"]) if "n" in params else t(key) for key, params in self.moments]
        return h("div", {"class_": "moment", "role": "status"},
                 h("span", {"class_": "moment-star", "aria-hidden": "true"}, "★"),
                 h("ul", None, [h("li", None, line) for line in lines]))

    def settle(self) -> None:
        """Before a paint: what it shows as new. Moves played since the last paint arrive, and a
        change of the large board (several people) flashes the banner; the paints that follow
        within the animations' time show the same, then the table at rest."""
        now = self.clock()
        moves, focus = len(self.state.moves), self.focus_seat()
        if moves != self.shown_moves or focus != self.shown_focus:
            self.painted = min(self.shown_moves, moves)
            self.handover = len(self.humans()) > 1 and self.shown_focus is not None and focus != self.shown_focus
            self.shown_moves, self.shown_focus, self.changed_at = moves, focus, now
            return
        if now - self.changed_at > ARRIVAL_S:
            self.painted = moves
        if now - self.changed_at > HANDOVER_S:
            self.handover = False

    def colours(self) -> list[str]:
        """Each seat's colour: its own, or (a save from before colours) one given, none shared."""
        return [seat.colour for seat in coloured(self.seats, [])]

    def seat_colours(self) -> str:
        """The stylesheet's --seat-N for every seat (its board, log lines and ranking row)."""
        return "; ".join(f"--seat-{n}: var(--colour-{c})" for n, c in enumerate(self.colours()))

    def render(self) -> Raw:
        self.settle()
        covered = self.covered()
        markup = h("div", {"class_": f"table game-{self.game.id}" + (" readonly" if self.readonly else ""),
                           "style": self.seat_colours(),
                           "data-game": self.game.id, "data-over": "true" if self.state.is_over else "false",
                           # read by static/motion.js: the glides' pace, a round's end, a new game at the table
                           "data-pace": self.pace(), "data-rounds": len(self.table.round_points() or []),
                           "data-save": self.save.id,
                           "data-pause": "true" if self.table.waits_for_humans() else None,
                           "data-focus": self.focus_seat()},
                   None if covered else self.toolbar(),   # nothing behind the cover can be reached (undo...)
                   # a guided game: its step beside the banner on a tablet (under it on a phone), where the last move is said
                   h("div", {"class_": "guide-head"}, self.banner(), self.guide_note())
                   if self.guide and not covered else self.banner(),
                   h("p", {"class_": "notice", "role": "status"}, self.notice) if self.notice else None,
                   h("p", {"class_": "refusal", "id": "refusal", "role": "alert"}, self.message) if self.message else None,
                   self.cover() if covered else None if self.guide else self.last_move(),
                   None if covered else self.ending(),
                   None if covered else self.table.board(),
                   h("p", {"class_": "refusal toast", "id": "refusal" if not self.message else "refusal-tap",
                           "role": "alert", "data-n": self.refusals}, self.refused) if self.refused and not covered else None,
                   None if covered else self.move_log())
        return markup


def copy_refused(save: Save, today: str) -> str | None:
    """Why this game may not leave its table yet (`saves.kept_back`), said as the Export button
    says it, or None."""
    kept = kept_back(save, today)
    return t("table.export.kept", detail=SaveError(kept).say(lang())) if kept else None


def unavailable_button(attrs: dict[str, Any], label: str, why: str | None) -> Raw:
    """A button; where it cannot act now (`why` says the reason), it stays in its place, greyed
    and tappable (aria-disabled, not disabled): a tablet shows no tooltip, so the tap itself says
    the reason (its handler refuses with it), and the title says it to a mouse."""
    if why:
        attrs = {**attrs, "aria-disabled": "true", "class_": "unavailable", "title": why}
    return h("button", {"type": "button", **attrs}, label)


def round_head(index: int) -> Raw:
    """A score table's column head for round `index` (from 0): short ("M3"), so that twelve rounds
    or eight seats fit, and said whole ("Manche 3") to a screen reader and on a long press."""
    name = t("table.round", round=index + 1)
    return h("th", {"class_": "round", "scope": "col", "aria-label": name},
             h("abbr", {"title": name}, t("table.round.short", round=index + 1)))


def counted(score: float) -> Raw:
    """A score that counts up from 0 when it first shows (CSS; at once under reduced motion),
    with the number itself in the text for screen readers and copy."""
    text = number(score)
    if not float(score).is_integer():
        return Raw(h("span", None, text))
    return h("span", {"class_": "count-up", "style": f"--to: {int(score)}"},
             h("span", {"class_": "count-up-text"}, text))
