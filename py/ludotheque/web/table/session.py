"""One open game at the table: its save and state, whose turn it is and whose eyes the screen
serves, the moves people tap (refused ones said), the bots' turns, the guided game's script, undo
and the steps of a shared replay. Plain state that the view (`view.py`) reads: the session never
draws, and the keeper (`keeper.py`) writes it to storage. Pure: the whole flow of a game runs on
CPython in tests exactly as in the page, where every event ends with one paint (`events.dispatch`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Protocol

from ... import core
from ...core import IllegalMove, Move, State, derive_seed
from .guide import Guide, Step
from ..i18n import gt, level_name, listed, t, tn, who
from ..storage.keeper import FOLLOW_MS, SAME, Keeper, Kept
from ..storage.saves import Save, SaveStore, shorten

Scheduler = Callable[[Callable[[], None], int], None]
# A bot's move worked out elsewhere (the page's second worker): the request (plain data: the
# game's record, the seat, the bot's level and seed) and what to call with the move, or with None
# when it could not be worked out there (the session then works it out itself).
Thinker = Callable[[dict[str, Any], Callable[[Any], None]], None]


class Board(Protocol):
    """What the session asks of the game's table (`table.GameTable`, the game's `board.py`): the
    facts of the table that decide what happens next (whether it waits for people, hides hands,
    what a call says), and the board's own marks to drop when the position changes. Declared
    here, so that the session knows no board: the board reads the session, never the reverse."""
    advice: Any
    hides_hands: bool
    pause_phase: str | None

    def __init__(self, session: "Session") -> None: ...
    def waits_for_humans(self) -> bool: ...
    def tap(self, action: str, data: dict[str, str]) -> "Intent": ...
    def advice_after(self, move: Move | None) -> Any: ...
    def review_ahead(self) -> None: ...
    def judge_ahead(self) -> None: ...
    def cancel(self) -> None: ...
    def handed_over(self) -> None: ...
    def spoken(self, entry: dict[str, Any]) -> tuple[str, dict[str, Any]]: ...
    def call_numbers(self) -> Any: ...
    def call_words(self) -> str | None: ...
    def aloud_chosen(self) -> bool: ...
    def daily_text(self) -> str | None: ...


@dataclass(frozen=True)
class Refusal:
    """A tap the board turns down before the rules see it, and why: `say(*args, **params)`, said
    again in the language on show at each paint."""
    say: Callable[..., str]
    args: tuple[Any, ...] = ()
    params: dict[str, Any] = field(default_factory=dict)


REFUSAL_GONE = "refusal-gone"   # the board's selection changed: the refusal on show goes
HINT_USED = "hint-used"         # the board shows a hint: the session keeps it with the game
Intent = Move | Refusal | str | None
"""What a tap on a board asks for, handed back to the session (`Session.carry_out`), which
decides: a move to play (refused with its reason if the rules say no), a refusal to say, one of
the two words above, or nothing (the board only changed its own marks: a selection, a zoom)."""


PACES = {"normal": 700, "fast": 250, "slow": 1500}
"""The bots' pace: the pause before a bot's move, in ms; the pace button goes through them in this
order (from the normal pace a first tap is faster, a second slower: wanting faster, a person went
through slower first)."""


class Session:
    """One open game: its save, its state, the game's table (`Board`, a `table.GameTable`: its board
    and taps), the bots' turns, the guide, undo. A read-only session replays a shared game: it saves nothing and
    steps through the moves."""

    def __init__(self, save: Save, state: State, store: SaveStore | None, table_cls: type[Board],
                 schedule: Scheduler, bot_delay: int = 600, readonly: bool = False,
                 guide: Guide | None = None, think: Thinker | None = None, today: Callable[[], str] | None = None,
                 calls_aloud: bool | None = None, judge: Thinker | None = None):
        self.save = save
        self.think = think                   # None: a bot's move is worked out here, at once
        self.judge = judge                   # a part of a review judged in the bots' worker (`Review.judge_ahead`); None: at the end, here
        self.guide = guide                   # a guided first game: its script decides every move
        self.state = state
        self.schedule = schedule
        self.bot_delay = bot_delay
        self.readonly = readonly
        self.message: str | None = None      # about the game as a whole (storage, another tab)
        self._refusal: Callable[[], str] | None = None   # says why the last tap changed nothing
        self.refusals = 0                    # how many so far: the same sentence again is a new toast
        self.notice: str | None = None      # not an error: e.g. "updated from another tab"
        self.log: list[dict[str, Any]] = []  # every move so far, as the table says it
        self.revealed_to: int | None = None  # secret hands: the human who took the tablet
        self.lingering: tuple[int, int] | None = None   # secret hands: a hand left on show a moment (`linger`)
        self.holder: int | None = None       # whose eyes the screen served after the last move
        self.moments: list[tuple[str, dict[str, Any]]] = []   # worth celebrating at the end (stats.moments)
        self.unsaved: str | None = None     # the last moves could not be stored: "full", or "refused" (site data blocked)
        self.undo_asked = False             # undo would take back someone else's moves: asked on screen
        self.bot_waiting = False
        self.full_moves = list(state.moves) if readonly else None
        self.keeper = Keeper(store, today)
        self.table = table_cls(self)
        self.trail = self.retrace(state)
        self.holder = self.focus_seat()
        self.calls_aloud = calls_aloud      # this device's choice in caller mode; None: not chosen (said)
        self.called = self.call_key()       # the call on show: one made since is said aloud
        self.to_say: str | None = None      # a call to say aloud at the next paint

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
        return not self.readonly and seat is not None and self.seats[seat].is_bot and not self.guide_done()

    def human_to_act(self) -> bool:
        """A person is to play here (not a bot, not a read-only replay, not a guided game whose
        script is played: its last screen offers no move, no Done to tap)."""
        seat = self.state.current_player
        return not self.readonly and seat is not None and not self.seats[seat].is_bot and not self.guide_done()

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
        if self.lingers():
            return self.lingering[0]  # type: ignore[index]
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
                and not self.table.waits_for_humans() and not self.guide_done() and not self.lingers())

    def lingers(self) -> bool:
        """Whether the hand of the person who just played stays on show a moment (`linger`)."""
        return self.lingering is not None and self.lingering[1] == len(self.state.moves)

    def linger(self, seat: int | None, move: Move) -> None:
        """At a table of covers, a move of `seat` whose outcome she has not yet seen and that
        ended her turn (`GameTable.lingers_after`: Rucki Zucki's draw, the card kept in hand)
        leaves her hand on show, with that card, for three bots' pauses, then the next cover or
        the computers' turns: the cover came at once, over the card she had never seen. Nothing
        else is shown meanwhile (the next hand waits behind its cover)."""
        humans = self.humans()
        if (not self.passes_covers() or seat not in humans or self.state.is_over or self.state.current_player == seat
                or self.table.waits_for_humans() or not self.table.lingers_after(move)):
            return
        played = len(self.state.moves)
        self.lingering = (seat, played)

        def over() -> None:
            if self.lingering == (seat, played):
                self.lingering = None
        self.schedule(over, 3 * self.bot_delay)

    def guide_done(self) -> bool:
        """A guided game whose script is all played: it ends there, on its last sentence and the
        way to a real game (no one is left thinking, no cover is left to take)."""
        return self.guide is not None and self.guided() is None

    def shows_hand(self) -> bool:
        """Whether the secret hand of the seat in front of the screen may be drawn: always without
        secret hands, with one person, in a replay, at the end and in the pause (every hand is
        shown then); with several people, only to the one who took the tablet (never to whoever
        tapped last, e.g. after dealing a new round), and only while it is her turn: while the
        computers play, the tablet may already be on its way to the next person (the try-out of
        issue #55 saw Léa's hand open on the table while a computer thought)."""
        return (not self.table.hides_hands or self.readonly or self.state.is_over or len(self.humans()) <= 1
                or self.table.waits_for_humans() or self.lingers()
                or (self.focus_seat() == self.revealed_to and self.state.current_player in self.humans()))

    def result_text(self) -> str | None:
        """A finished daily deal's result to share, saying whether hints were used."""
        if not self.save.daily or not self.state.is_over:
            return None
        text = self.table.daily_text()
        if text and self.save.hints:
            text += "\n" + tn("daily.hints", self.save.hints)
        return text

    def use_hint(self) -> None:
        """A hint was asked for: it is kept with the game (a daily result says so)."""
        self.save.hints += 1
        self.persist()

    def reveal(self) -> None:
        """The person whose turn it is has the tablet: show the table."""
        self.revealed_to = self.state.current_player

    def recent(self) -> list[dict[str, Any]]:
        """The moves since the seat in front of the screen last decided a move (at most one round
        of the table): what happened while they waited, their own moves the table played for
        them included (the end of a turn after their last card; alone against computers, a
        forced draw: `formality`)."""
        focus = self.focus_seat()
        found = []
        for entry in reversed(self.log):
            if len(found) >= 3 * len(self.seats):
                break
            if entry["seat"] == focus and not entry.get("auto"):
                if found:
                    break
                continue
            found.append(entry)
        return found[::-1]


    def say(self, entry: dict[str, Any], who: str | None = None, short: bool = False) -> str:
        """A log entry in the player's language: "Alice" + "placed the 12" (`who`: said of the
        seat otherwise than by its name; `short`: in the game's short words where it has them,
        as the last-move line says it)."""
        key, params = self.table.spoken(entry)
        key = self.table.shorter(key) if short else key
        return t("table.log-line", who=who or self.name(entry["seat"]), what=gt(self.game, key, **params))

    def say_turn(self, turn: list[dict[str, Any]]) -> str:
        """A seat's latest turn said briefly (`GameTable.briefly`): "Tom placed the 12 and the 13"."""
        key, params = self.table.briefly(turn)
        return t("table.log-line", who=self.name(turn[-1]["seat"]), what=gt(self.game, key, **params))

    def say_turns(self, turns: list[list[dict[str, Any]]]) -> list[tuple[int | None, str]]:
        """Seats' latest turns, each said briefly (`say_turn`), with the seat that played it; the
        seats whose turns are said in the same words said together, where the game has those
        words for several (the briefly key + ".many": "Robot 2, Robot 3 and Robot 4 put the 6 in
        column 1", where three seats said apart did not fit a tablet's line), with no one seat's
        mark (None)."""
        briefs = [self.table.briefly(turn) for turn in turns]
        words = [gt(self.game, key, **params) for key, params in briefs]   # the same words (not the same hex)
        said: list[tuple[int | None, str]] = []
        done: set[int] = set()
        for k, (key, params) in enumerate(briefs):
            if k in done:
                continue
            same = [j for j in range(k, len(briefs)) if briefs[j][0] == key and words[j] == words[k]]
            many = f"{key}.many"
            if len(same) > 1 and self.game.text("en", many) != many:
                done.update(same)
                who_all = listed([self.name(turns[j][-1]["seat"]) for j in same])
                said.append((None, t("table.log-line", who=who_all, what=gt(self.game, many, **params))))
            else:
                said.append((turns[k][-1]["seat"], self.say_turn(turns[k])))
        return said

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

    def tap(self, action: str, data: dict[str, str]) -> None:
        """A tap on the board: the board says what it asks for (`GameTable.tap`), the session
        carries it out."""
        self.carry_out(self.table.tap(action, data))

    def carry_out(self, intent: Intent) -> None:
        """What a tap asked for (`Intent`): a move played (or refused with the rules'
        reason), a refusal said, a hint kept with the game, the refusal on show dropped."""
        if isinstance(intent, dict):
            self.play(intent)
        elif intent == HINT_USED:
            self.use_hint()
        elif intent == REFUSAL_GONE:
            self.refused = None
        elif intent is not None:
            self.refuse(intent.say, *intent.args, **intent.params)

    def refuse(self, say: Callable[..., str], *args: Any, **params: Any) -> None:
        """A tap the rules (or the table) refuse: nothing changes, the reason shows beside it,
        `say(*args, **params)` at each paint, so that it follows a change of language."""
        self._refusal = partial(say, *args, **params)
        self.refusals += 1

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
        if not by_bot:
            self.linger(seat, entry["move"])
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
        self.note_call(said=move is not None)
        if not by_bot:
            self.refused = None
            self.undo_asked = False   # a new move answers the question
        self.notice = None
        advice = self.table.advice_after(move)
        self.table.cancel()
        self.table.advice = advice
        if self.play_formality():   # the person's only move decides nothing: the table played it for them
            return
        if self.focus_seat() != self.holder:   # the tablet goes to the next person
            self.holder = self.focus_seat()
            self.table.handed_over()
        self.persist()
        self.wake_bots(2 * self.bot_delay if self.lingers() else 0)   # a hand on show: the computers wait for it
        self.table.review_ahead()   # a round or game just over: its review starts before it is asked
        self.table.judge_ahead()    # else the decisions complete so far are judged meanwhile, elsewhere

    def call_key(self) -> Any:
        call = self.table.call_numbers()
        return call[0] if call else None

    def says_calls(self) -> bool:
        """Whether each call is said aloud as it is made: in caller mode, where the app is the
        caller of a table playing the real boxes, unless this device said no (`calls_aloud`);
        at another table that calls, where its form said so (`Save.aloud`)."""
        return self.table.aloud_chosen() or (self.state.options.get("mode") == "caller" and self.calls_aloud is not False)

    def note_call(self, said: bool) -> None:
        """A call made since the last move (a tap, a bot, the table dealing the next number) is
        said aloud at the next paint, once, where the table says calls; a call that came otherwise
        (undo, another tab's game, a replay) is only noted."""
        key = self.call_key()
        if key == self.called:
            return
        self.called = key
        if said and key is not None and not self.readonly and self.says_calls():
            self.to_say = self.table.call_words() or None

    def formality(self) -> Move | None:
        """The move the table plays for the person to act: their only legal move, when it decides
        nothing (`Game.formalities`: an end of turn with nothing else possible,
        3x16's "done" with nothing left to move); never in a pause, a guided game or a replay.
        A formality is played for a person only where it hides nothing from her: at a table that
        covers the screen between people (`covered`), never before she has taken the tablet. Her
        turn passes through her cover like any other, her hand is shown, the board says why that
        move is all she can do, and she taps it herself: the tap decides nothing, but it is the
        moment she sees her hand (Rucki Zucki's draw with nothing of hers fitting). Once she holds
        the tablet (the end of a turn after her own last card), the table plays it as anywhere."""
        if not self.human_to_act() or self.guide is not None or self.table.waits_for_humans() or self.covered() \
                or self.lingers():   # the last person's hand on show: the next one has not taken the tablet
            return None
        return forced(self.state)

    def passes_covers(self) -> bool:
        """Secret hands and several people at one tablet: every person's turn begins under her
        cover (`covered`), and nothing is played for her before she lifts it (`formality`)."""
        return self.table.hides_hands and len(self.humans()) > 1

    def play_formality(self) -> bool:
        """Play the person's formality (`formality`), if any, like any move (logged, marked
        `auto`, then `after_move`); False when there is none."""
        formality = self.formality()
        if formality is None:
            return False
        seat = self.state.current_player
        entry = self.describe(self.state, seat, formality)
        entry["auto"] = True
        self.state.play(formality)
        self.record_move(seat, entry)
        return True

    def begin(self) -> None:
        """The table opens: a formality left to the person to act is played at once (a new deal
        whose first person has nothing to place, a game saved before the move was one), else the
        bots' turn, if it is theirs. A new deal whose first tile or number is already on show
        says it, where calls are said aloud."""
        if not self.state.moves and not self.readonly and self.says_calls():
            self.to_say = self.table.call_words() or None
        if not self.play_formality():
            self.wake_bots()
            self.table.review_ahead()   # reopened at a round's or game's end
            self.table.judge_ahead()

    def wake_bots(self, later_ms: int = 0) -> None:
        if (self.bot_to_play() or self.guide_plays()) and not self.bot_waiting and not self.table.waits_for_humans():
            self.bot_waiting = True
            self.schedule(self.bot_turn, self.bot_pause() + later_ms)

    def bot_pause(self) -> int:
        """The pause before a bot's move, at the table's pace: whole before a turn, a third of it
        between the moves of one turn (3x16's computer, waiting the whole pause before each of its
        tile placed, tiles moved and "done", took 1.6 to 3.1 s a call), none before a move that
        decides nothing (`forced`: "done" with nothing left to move)."""
        if self.guide is None and forced(self.state) is not None:
            return 0
        last = self.log[-1]["seat"] if self.log else None
        return self.bot_delay // 3 if last == self.state.current_player and self.guide is None else self.bot_delay

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
            self.table.judge_ahead()   # no bot's move to wait for after all
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
            from ... import bots  # imported on first need: the menu does not wait for the bots to load
            move = bots.choose(self.state, request["level"], request["seed"])
        entry = self.describe(self.state, seat, move)
        self.state.play(move)
        self.record_move(seat, entry, by_bot=True)
        if note:
            self.notice = note

    # --- what the keeper stores, and what the session makes of what storage says -------------------
    def keeps(self) -> bool:
        """Whether this game is kept in storage at all (a guided game, a shared replay and a page
        without storage keep nothing)."""
        return self.guide is None and not self.readonly and self.keeper.store is not None

    def persist(self) -> None:
        """Store the game as it stands (a guided game is never kept, so never counted)."""
        if self.keeps():
            self.take(self.keeper.write(self.save, self.state))

    def reload_if_changed(self) -> bool:
        """Another tab wrote our save: follow it (a storage event, or before a bot's turn). True
        if the table now shows another tab's game."""
        if self.readonly or self.keeper.store is None:
            return False
        kept = self.keeper.look(self.save, self.state, self.keeps())
        if kept is not None:
            self.take(kept)
        return kept is not None and kept.newer is not None

    def take(self, kept: Kept) -> None:
        """What storage said: another tab's newer game shown instead of ours, the problem or the
        news said, the moves stored or not, the end's moments kept; its bots' replies left to the
        other tab a while."""
        if kept.newer is not None:
            self.adopt(kept.newer)
        for name in ("message", "notice", "unsaved", "moments"):
            value = getattr(kept, name)
            if value is not SAME:
                setattr(self, name, value)
        if kept.follow:
            self.wake_bots(FOLLOW_MS)

    def count_finished(self) -> None:
        """Count the finished game in the statistics (once), with its moments for the end screen."""
        self.take(Kept(moments=self.keeper.count_finished(self.save, self.state)))

    def drop_if_untouched(self) -> None:
        """A game left before anybody played in it is not kept (`Keeper.drop_if_untouched`)."""
        if self.keeps():
            self.keeper.drop_if_untouched(self.save, self.state)

    def export_refused(self) -> str | None:
        """Why export (or a share link) is not offered now, in words, or None."""
        return self.keeper.export_refused(self.save)

    def refuse_copy(self) -> bool:
        """A copy asked for (export, share) while the game must stay here: say why (True)."""
        why = self.export_refused()
        if why:
            self.refuse(self.export_refused)
        return why is not None

    def adopt(self, newer: Save) -> None:
        """Show the stored game (written by another tab) instead of ours. Who holds the tablet
        is this tab's own knowledge, and the other tab's moves may have passed it on: nobody
        holds it here until the next person takes it."""
        self.save = newer
        self.state = newer.replay()
        self.trail = self.retrace(self.state)
        self.revealed_to = None
        self.holder = self.focus_seat()
        self.note_call(said=False)   # the other tab said its own calls
        self.table.cancel()
        self.table.handed_over()


    def known_level(self, seat: int) -> str | None:
        """A bot seat whose level this app does not know (imported, or renamed by a later
        version without an alias) plays at the default level, an old name with an alias (core.
        register_bot_alias) at its new name, silently; returns what the table should say, if
        anything."""
        from ... import bots
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
        humans = self.humans()
        covers = self.passes_covers()
        held: int | None = None   # at a table of covers, the person who lifted hers for the move before
        for move in state.moves:
            seat = fresh.current_player
            entry = self.describe(fresh, seat, move)
            if move["type"] in self.game.formalities and seat in humans and self.guide is None and forced(fresh) == move \
                    and (not covers or held == seat):
                entry["auto"] = True   # played by the table (`formality`): undo goes back past it
            # a move that ends a pause hands the tablet to nobody (`play`): the next turn starts covered
            held = None if covers and self.paused(fresh) else seat
            fresh.play(move)
            entry["move"] = move
            self.log.append(entry)
            trail.append((seat, fresh.information()))
        return trail

    def paused(self, state: State) -> bool:
        """Whether `state` is the table's pause for people (`GameTable.waits_for_humans`, for a
        position other than the one on show)."""
        pause = self.table.pause_phase
        return pause is not None and bool(self.humans()) and state.view(None)["phase"] == pause

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
            if seat in humans and not self.log[k - 1].get("auto"):
                if self.table.hides_hands and len(humans) > 1 and seat != self.revealed_to:
                    return None, "table.undo.why-other"
                if self.trail[k - 1][1] != self.trail[-1][1]:
                    return None, "table.undo.why-reveal"
                return k - 1, ""
        return None, "table.undo.why-none"

    def takes_back(self, move: Move) -> bool:
        """Whether undo could take `move` back right after it is played: undo on, nothing new
        come to light (the next tile not yet shown), and the next to act a person with a choice
        of their own (not a computer, whose reply may reveal, nor a formality the table plays
        at once), at a table where the tablet passing on leaves a person's move theirs to undo."""
        humans = self.humans()
        if not self.save.undo or (self.table.hides_hands and len(humans) > 1):
            return False
        after = self.state.copy()
        try:
            after.play(move)
        except IllegalMove:
            return False
        return (not after.is_over and after.information() == self.state.information()
                and after.current_player in humans and forced(after) is None)

    def can_undo(self) -> bool:
        return self.undo_point()[0] is not None

    def undo_crosses(self) -> list[dict[str, Any]]:
        """The moves undo would take back that are not the person's in front of the screen (another
        person's, and whatever followed it): said and asked before they go. Empty when undo takes
        back only this person's own move and the computers' replies to it."""
        keep, _ = self.undo_point()
        if keep is None:
            return []
        mine = self.focus_seat()
        taken = self.log[keep:]
        people = set(self.humans())
        if all(entry["seat"] == mine or entry["seat"] not in people for entry in taken) and \
                any(entry["seat"] == mine for entry in taken):
            return []
        return taken

    def undo(self, confirmed: bool = False) -> None:
        """A new state reached by replaying the record up to before that move, never an edited one;
        where undo cannot go back, the tap says why. Moves of someone else (`undo_crosses`) go
        back only once asked and confirmed (`undo_asked`: the table asks, naming them)."""
        keep, why = self.undo_point()
        if keep is None:
            self.refuse(t, why)
            return
        if self.undo_crosses() and not confirmed:
            self.undo_asked = True
            return
        self.undo_asked = False
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


    def pace(self) -> str:
        """The bots' pace as a name (the delay itself may be any number, e.g. 0 in tests)."""
        return min(PACES, key=lambda name: abs(PACES[name] - self.bot_delay))

    def next_pace(self) -> str:
        """The pace the pace button gives next: normal, then fast, then slow, then normal again."""
        names = list(PACES)
        return names[(names.index(self.pace()) + 1) % len(names)]


def forced(state: State) -> Move | None:
    """The only legal move of the seat to play, when it is a formality of its game (it decides
    nothing: `Game.formalities`), else None."""
    if state.is_over or not state.game.formalities:
        return None
    legal = state.legal_moves()
    return legal[0] if len(legal) == 1 and legal[0]["type"] in state.game.formalities else None

