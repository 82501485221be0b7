"""What a game adds to the shared table (`GameTable`): its board drawn from the view of the seat
in front of the screen, its prompts, its taps, a placement waiting for its confirmation, its hint;
its review comes from `review.Review`. A game's web module subclasses it and registers it
(`registry.table`). The rest of the table is shared: the session (`session.py`) plays the moves,
the keeper (`keeper.py`) stores them, the view (`view.py`) draws the banner, toolbar, log, cover
and ending around the board."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ...core import IllegalMove, Move, State
from ..storage import stats
from ..dom import Raw, h
from ..i18n import gt, gtn, t
from .review import Review

from .session import HINT_USED, REFUSAL_GONE, Intent, Refusal  # noqa: F401  (a board's words for what a tap asks)

if TYPE_CHECKING:
    from .session import Session


@dataclass
class Screen:
    """What the screen showed at the last paint, kept by the view (`view.settle`) so that moves
    played since arrive (their pieces slide in) once, and a change of the large board flashes the
    banner once, however many paints follow."""
    painted: int                          # moves on screen before the ones arriving
    shown_moves: int                      # moves on screen at the last paint
    shown_focus: int | None = None        # whose board the last paint showed large
    changed_at: float = float("-inf")     # when a paint last showed new moves or a new large board
    handover: bool = False                # this paint flashes the banner: the large board changed hands
    log_open: bool = False                # the move log is open
    copied: bool = False                  # the daily result was just put on the clipboard
    clock: Callable[[], float] = time.monotonic


class GameTable(Review):
    """What a game adds to the table: its board, its prompts, its taps, its hint and its review.
    The contract (docs/DESIGN.md, "Adding a game"): a subclass sets `game_id` and implements
    `board`; `act` receives the game's own data-act actions. Every other hook has a default that
    suits a game without it: see each method's docstring ("a game that ... says how" marks the
    ones a game must override to offer that feature: `suggest` and `say_advice` for hints,
    `review_ready` and `review` for reviews)."""

    game_id = ""                     # required: the game it draws (`core.Game.id`)
    pictures: dict[str, Callable[[], Raw]] = {}   # "How to play"'s pictures by name, drawn like the board
    pause_phase: str | None = None   # a phase shown to people until one of them goes on (scores)
    score_key = "table.score"        # what a score means ("points", "cells filled"...)
    closing: frozenset[str] = frozenset()   # log keys that end a turn and say nothing after its moves (`briefly`)

    def __init__(self, session: "Session"):
        super().__init__()
        self.session = session
        self.screen = Screen(len(session.state.moves), len(session.state.moves))
        self._view: tuple[State, int, dict[str, Any]] | None = None
        self.why: dict[str, Any] | None = None    # why the hint: the bot's own figures (`explain`)
        self.advice = None                        # the hint: the strongest bot's moves, the next first
        self.pending: Move | None = None          # a placement put down, waiting for its confirmation (`put`)
        self.zoomed: int | None = None            # the seat whose small board a tap enlarged (`zoom_layer`)
        self.show_hint = False                    # a hint just asked: the next paint brings its target into view

    @property
    def advice(self) -> list[Move] | None:
        """The moves the board marks, the next first: in a guided game the step's move (the
        person's to play), else the hint asked for, if any."""
        step = self.session.guided()
        return [step.move] if step is not None and step.say else self._advice

    @advice.setter
    def advice(self, moves: list[Move] | None) -> None:
        self._advice = moves
        if moves is None:
            self.why = None

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
        """Per seat, the moves played since the seat in front of the screen last acted, in this
        round: the board marks where they landed."""
        moved: dict[int, list[Move]] = {}
        for entry in self.session.recent():
            if self.round_move and entry["move"].get("type") == self.round_move:
                moved = {}   # a round dealt since: the last round's marks went with its board
                continue
            moved.setdefault(entry["seat"], []).append(entry["move"])
        return moved

    def arriving(self, move: Move) -> bool:
        """The move is shown for the first time: its piece slides in (once, not at every repaint)."""
        return any(entry["move"] is move and entry["n"] >= self.screen.painted
                   for entry in self.session.log[-len(self.session.seats) * 3:])

    def landings(self, seat: int) -> list[dict[str, Any]]:
        """The log entries of `seat` (the person in front of the screen too) whose pieces are
        shown for the first time: each piece travels from where it came (`travel`)."""
        return [entry for entry in self.session.log[-len(self.session.seats) * 3:]
                if entry["seat"] == seat and entry["n"] >= self.screen.painted]

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

    def call_numbers(self) -> tuple[Any, list[list[int]]] | None:
        """A game whose numbers are called (a tile, a number for every board at once) says how:
        a key that changes with each call, and the call's numbers, a list per piece (Take It Easy:
        a tile's three numbers, two tiles in pairs; 3x16: one number). None (the default): no
        call, nothing said aloud."""
        return None

    def call_words(self) -> str:
        """The call on show in words of the page's language, as a caller says it: "neuf,
        deux, quatre"; "onze"; two tiles, "... then ..."."""
        call = self.call_numbers()
        pieces = call[1] if call else []
        return f" {t('call.then')} ".join(", ".join(t(f"number.{n}") for n in piece) for piece in pieces)

    def call_buttons(self) -> list[Raw]:
        """Beside a call: say it (again: "Repeat" where each call is said as it is made) and the
        device's choice of saying each call (caller mode; another table chose it in its form,
        `Save.aloud`, and shows only Repeat)."""
        words, says = self.call_words(), self.session.says_calls()
        if self.aloud_chosen():
            return [h("button", {"type": "button", "class_": "call-repeat", "data-action": "speak", "data-text": words},
                      t("call.repeat")) if words and not self.session.readonly else None]
        return [h("button", {"type": "button", "data-action": "speak", "data-text": words},
                  t("call.repeat" if says else "call.speak")) if words else None,
                h("button", {"type": "button", "class_": "call-aloud", "data-action": "calls-aloud",
                             "aria-pressed": "true" if says else "false"}, t("call.aloud"))]

    def repeat(self) -> list[Raw]:
        """At a table whose form chose to say each call aloud (`Save.aloud`), Repeat beside it."""
        return self.call_buttons() if self.aloud_chosen() else []

    def aloud_chosen(self) -> bool:
        """This game's form chose to say each call aloud (`Save.aloud`), where the table offers it."""
        return self.session.save.aloud and self.offers_aloud(self.state.options)

    @classmethod
    def offers_aloud(cls, options: dict[str, Any]) -> bool:
        """Whether the form offers to say each call aloud as it comes: at a table that calls its
        tiles or numbers (`call_numbers`), other than in caller mode, which has its own switch."""
        return cls.call_numbers is not GameTable.call_numbers and options.get("mode") != "caller"

    def rounds_done(self) -> int:
        """How many rounds have ended (the page chimes when it grows): by default the columns of
        `round_points`."""
        return len(self.round_points() or [])

    def board(self) -> Raw:
        """Required: the game's board(s) as the seat in front of the screen may see them (`view`)."""
        raise NotImplementedError

    @classmethod
    def opening(cls, page_url: str) -> None:
        """The table is about to open in the page at `page_url`: start fetching whatever its bots
        will need (by default nothing)."""

    @classmethod
    def preload(cls) -> None:
        """Load the bots while the player looks at the table, so the first bot move or hint does
        not pay for it."""
        from ... import bots  # noqa: F401  imported here: the menu does not wait for the bots

    @classmethod
    def coach(cls):
        """The game's bots module (its `hint_why`, `review_steps`...), through the bots' registry:
        a board never imports its game's bots itself; imported on first need."""
        from ... import bots  # imported here: the menu does not wait for the bots
        return bots.coach(cls.game_id)

    def badge(self, seat: int) -> list:
        """A board's name as its title shows it: the seat's colour (a ringed dot, seen on any board,
        a green one on Lucky Numbers' green garden too) with its initial, then its name."""
        return [h("span", {"class_": "swatch ringed", "aria-hidden": "true", "data-seat": seat}), h("bdi", None, self.session.name(seat))]

    def tap(self, action: str, data: dict[str, str]) -> Intent:
        """A tap on an element with data-act: the review's own, else the game's; what it asks
        of the session (a board never plays a move itself)."""
        if self.review_tap(action, data):
            return None
        if action == "zoom":
            self.zoomed = int(data["seat"])
        elif action == "zoom-close":
            self.zoomed = None
        elif action == "confirm":
            return self.put(self.pending) if self.pending is not None else None
        else:
            return self.act(action, data)
        return None

    def act(self, action: str, data: dict[str, str]) -> Intent:
        """A game-specific tap (data-act): the move it asks for, or why not (`refusal`); the
        default knows none."""
        return None

    @staticmethod
    def refusal(say: Callable[..., str], *args: Any, **params: Any) -> Refusal:
        """A tap turned down, and why."""
        return Refusal(say, args, params)

    # -- a small board enlarged: another seat's board, or a board at the end, read at arm's length --
    def glance(self, seat: int) -> Raw | None:
        """Seat `seat`'s board as the enlarged view shows it; a game whose small boards a tap
        enlarges says how (its small boards carry `glance_attrs`). The default: none."""
        return None

    def glance_attrs(self, seat: int) -> dict[str, Any]:
        """What makes a small board a glance: a tap (or Enter) enlarges it. Its numbers may be
        smaller than arm's length asks (tests/test_sizes_in_page.py measures them in the enlarged
        view instead, marked by `data-glance`)."""
        return {"data-glance": "1", "data-act": "zoom", "data-seat": seat, "role": "button", "tabindex": 0,
                "aria-label": t("table.zoom", name=self.session.name(seat))}

    def turn_attrs(self, where: str = "top") -> dict[str, Any]:
        """What marks the game's element holding the call or the tile to place and the step's
        buttons (the turn bar, static/app.css): on a phone it stays at the top under the banner
        while the board scrolls under it; `where="foot"`, at the bottom instead (a hand below a
        tall board: the banner then keeps to one line). A game marks one element at most, a
        child of its board (a sticky element keeps to its parent's box)."""
        return {"data-turn": where}

    def zoom_layer(self) -> Raw | None:
        """The enlarged board over the table, when a tap asked for one: a tap anywhere on it or
        Escape closes it."""
        if self.zoomed is None:
            return None
        board = self.glance(self.zoomed)
        if board is None:
            self.zoomed = None
            return None
        return h("div", {"class_": "zoom-layer", "id": "zoom", "role": "dialog", "aria-modal": "true",
                         "aria-label": t("table.zoom", name=self.session.name(self.zoomed)), "data-act": "zoom-close"},
                 h("div", {"class_": f"zoom-board game-{self.game_id}"}, board),
                 h("button", {"type": "button", "class_": "zoom-close", "data-act": "zoom-close"}, t("table.zoom.close")))

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
        a game started with the option (`Save.confirm`) where the table offers it, that undo
        could not take back right after it (`Session.takes_back`: the next tile shows, or a
        computer plays next). At a table of four people placing each tile in turn, only the last
        to place it confirms: the others' wrong taps are undone (#55.7)."""
        return (move["type"] == "place" and self.session.save.confirm and self.offers_confirm(self.state.options)
                and not self.session.takes_back(move))

    def put(self, move: Move) -> Intent:
        """A placement tapped. If it waits (`waits`), the first tap puts it down see-through
        (`pending`), a tap on another place moves it, and a second tap on it (or "Place it here",
        `confirm_panel`) plays it; otherwise it is played at once (a move the rules refuse too:
        it is refused with its reason)."""
        if self.waits(move) and move != self.pending and self.allowed(move):
            self.pending = move
            return None
        self.pending = None
        return move

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
                                "aria-label": t("daily.copy")}, text),
                 h("div", None,
                   h("button", {"type": "button", "data-action": "copy-daily"}, t("daily.copy")),
                   h("span", {"class_": "copied", "role": "status"}, t("daily.copied") if self.screen.copied else None)))

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
        something is hidden from the person in front of the screen. A formality the table played
        for that very person is said with its reason where the game has words for it (its key
        + ".auto", to her: "drew a card: none of your cards fitted")."""
        return (self.played_for_you(entry) or entry["key"]), entry["params"]

    def played_for_you(self, entry: dict[str, Any]) -> str | None:
        """The game's words (a text key) for a formality the table played for the person in
        front of the screen, saying why it was all she could do; None for any other entry, or
        where the game has none (the move said as any other)."""
        key = f"{entry['key']}.auto"
        mine = entry.get("auto") and not self.session.readonly and entry["seat"] == self.session.focus_seat()
        return key if mine and self.state.game.text("en", key) != key else None

    def lingers_after(self, move: Move) -> bool:
        """Whether a person's `move` that ended her turn at a table of covers brought her
        something she has not yet seen (a card drawn), her hand then left on show a moment
        (`Session.linger`)."""
        return False

    def briefly(self, turn: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        """A seat's latest turn (its moves in a row, oldest first) as the last-move line says it,
        beside the other seats': its last move that says something (not a move that only closes
        the turn, `closing`: 3x16's "is done with the 8" after the 8 placed), in the game's short
        words where it has them (the log's key + ".short"), else as the log says it. A game whose
        turn is several moves of one kind may say them together (Rucki Zucki's cards laid)."""
        said = [entry for entry in turn if entry["key"] not in self.closing] or turn
        key, params = self.spoken(said[-1])
        return self.shorter(key), params

    def shorter(self, key: str) -> str:
        """`key` + ".short" where the game has such words, else `key`."""
        short = f"{key}.short"
        return short if self.state.game.text("en", short) != short else key

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

    def explain(self, why: dict[str, Any]) -> str:
        """The figures that chose the hint, for those who ask: the bot's own estimates (`suggest`
        keeps them in `why`), folded under the reason (`hint_box`); a game that gives hints says
        how."""
        return ""

    def reason(self, moves: list[Move]) -> str:
        """Why the hint, read on the board: what its moves do there in the game's own words (the
        line a tile carries on, the gap it keeps open, the card it goes beside, the row it
        completes), worked out from the position, never a fixed sentence; a game that gives
        hints says how."""
        return ""

    def says_why(self) -> bool:
        """Whether a hint asked for is on show with its why (not a guided game's step)."""
        return bool(self._advice) and self.session.guided() is None

    def say_reason(self) -> str:
        """The hint's reason on the board while it is on show ("" otherwise)."""
        return self.reason(self._advice) if self.says_why() else ""

    def say_figures(self) -> str:
        """The figures behind the hint on show ("" where there are none to say)."""
        return self.explain(self.why) if self.why and self.says_why() else ""

    def advice_words(self, moves: list[Move]) -> str:
        """The hint in words: what to do, then why, on the board (the figures come folded after
        it, `hint_box`)."""
        reason = self.say_reason()
        return " ".join(part for part in (self.say_advice(moves), t("hint.why", reason=reason) if reason else "") if part)

    def hint_box(self, words: str, css: str, id: str | None = None) -> Raw:
        """The hint as the table shows it: what to do and the reason on the board in one paragraph
        a child reads, the computer's figures folded under it (`figures`)."""
        return h("div", {"class_": css, "id": id, "role": "status"}, h("p", None, words), self.figures(self.say_figures()))

    def hint_allowed(self) -> bool:
        """A person is to act and is the one in front of the screen, their own hand shown (never
        behind the hand-over cover, never for someone else's turn)."""
        session = self.session
        return (session.guide is None and session.human_to_act() and self.state.current_player == session.focus_seat()
                and session.shows_hand() and not session.covered())

    def ask_hint(self) -> Intent:
        """One tap: the strongest bot's moves, marked on the board and said in words, and kept
        with the game as a hint used (a daily deal's result says so)."""
        if not self.hint_allowed():
            return None
        self.cancel()
        self.advice = self.suggest()
        self.show_hint = True
        return HINT_USED

    def advice_after(self, move: Move | None) -> list[Move] | None:
        """The rest of the hint once `move` was played: kept while the person follows it. Its why
        then weighs it against the other plan from here on: that plan's first move gone where it
        was the same ("against 68 if you lay the 43" once the 43 is laid was said), else no
        comparison at all."""
        if not self.advice or self.advice[0] != move or not self.hint_allowed():
            return None
        rest = self.advice[1:]
        if not rest or rest[0] not in self.state.legal_moves():
            return None
        other = self.why.get("next") if self.why else None
        if isinstance(other, list):   # the plan it was weighed against, from here on (or none to say)
            self.why = {**self.why, "next": other[1:]} if other and other[0] == move else None
        return rest

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
        return self.hint_box(self.advice_words(self.advice), "hint-note", "hint-note")

