"""The table screen shared by every game: whose turn it is, the game's own board (drawn by the
game's `GameTable`), a refusal said in words, bots that play by themselves, and the end screen.

Pure: it returns markup and asks a scheduler to call back later, so the whole flow of a game
(human taps, bot turns, saving) runs on CPython in tests exactly as in the page."""
from __future__ import annotations

from typing import Any, Callable

from .. import core
from ..core import IllegalMove, Move, State, derive_seed
from .dom import Raw, h
from .i18n import gt, number, t
from . import stats
from .saves import Save, SaveConflict, SaveStore, StorageFull

Scheduler = Callable[[Callable[[], None], int], None]


class GameTable:
    """What a game adds to the table: its board, its prompts, its taps. Subclasses set game_id
    and implement `board`; `act` receives the game's own data-act actions."""

    game_id = ""
    pause_phase: str | None = None   # a phase shown to people until one of them goes on (scores)

    def __init__(self, session: "Session"):
        self.session = session
        self._view: tuple[State, int, dict[str, Any]] | None = None

    @property
    def state(self) -> State:
        return self.session.state

    def view(self) -> dict[str, Any]:
        """What the seat to act may see (every game so far has no private information; a game
        with hands draws the hand only behind its own hand-over screen). Computed once per
        position: a state only changes by a move added, or by being replaced."""
        state = self.state
        if self._view is None or self._view[0] is not state or self._view[1] != len(state.moves):
            self._view = (state, len(state.moves), state.view(state.current_player))
        return self._view[2]

    def prompt(self) -> str:
        """The banner's words for the seat to act."""
        raise NotImplementedError

    def board(self) -> Raw:
        raise NotImplementedError

    def act(self, action: str, data: dict[str, str]) -> None:
        """A game-specific tap (data-act); the default knows none."""

    def drag(self, data: dict[str, str]) -> None:
        """A drag starts on an element with data-drag: pick it up without repainting."""

    def cancel(self) -> None:
        """Escape or a tap elsewhere: drop any selection."""

    def waits_for_humans(self) -> bool:
        """True while the table pauses for people (the pause phase) even if a bot is to play."""
        return (self.pause_phase is not None and self.view()["phase"] == self.pause_phase
                and any(not seat.is_bot for seat in self.session.seats))

    def summary(self) -> Raw | None:
        """Extra detail for the end screen (per-round scores, marked lines...)."""
        return None


class Session:
    """One open game: its save, its state, the game's table, the bots' turns, undo, and what to
    do when another tab changed the game or the storage is full. A read-only session replays a
    shared game: it saves nothing and steps through the moves."""

    def __init__(self, save: Save, state: State, store: SaveStore | None, table_cls: type[GameTable],
                 schedule: Scheduler, repaint: Callable[[], None], bot_delay: int = 600,
                 readonly: bool = False, copy_text: Callable[[str], None] = lambda text: None):
        self.save = save
        self.state = state
        self.store = store
        self.schedule = schedule
        self.repaint = repaint
        self.bot_delay = bot_delay
        self.readonly = readonly
        self.copy_text = copy_text          # puts text on the clipboard (the page's)
        self.message: str | None = None
        self.notice: str | None = None      # not an error: e.g. "updated from another tab"
        self.unsaved = False                # the last moves could not be stored (storage full)
        self.bot_waiting = False
        self.full_moves = list(state.moves) if readonly else None
        self.table = table_cls(self)
        self.trail = self.retrace(state)

    @property
    def game(self) -> core.Game:
        return self.state.game

    @property
    def seats(self):
        return self.save.seats

    def name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < len(self.seats) else ""

    def bot_to_play(self) -> bool:
        seat = self.state.current_player
        return not self.readonly and seat is not None and self.seats[seat].is_bot

    def human_to_act(self) -> bool:
        """A person is to play here (not a bot, not a read-only replay)."""
        seat = self.state.current_player
        return not self.readonly and seat is not None and not self.seats[seat].is_bot

    # -- moves ---------------------------------------------------------------------------------
    def play(self, move: Move) -> bool:
        """Play a human's move: refused moves change nothing and leave a reason on screen."""
        if self.readonly:
            return False
        seat = self.state.current_player
        try:
            self.state.play(move)
        except IllegalMove as exc:
            self.message = self.refusal(exc)
            self.repaint()
            return False
        self.trail.append((seat, self.state.information()))
        self.after_move()
        return True

    def refusal(self, exc: IllegalMove) -> str:
        text = gt(self.game, f"illegal.{exc.key}", **exc.params)
        return exc.reason if text == f"illegal.{exc.key}" else text

    def after_move(self) -> None:
        self.message = None
        self.notice = None
        self.table.cancel()
        self.persist()
        self.repaint()
        self.wake_bots()

    def persist(self) -> None:
        """Write the save; on a conflict take the other tab's newer game, on a full storage keep
        playing and say so (every later move tries again, nothing is half-written)."""
        self.save.follow(self.state)
        try:
            self.store.write(self.save)
        except SaveConflict as conflict:
            self.adopt(conflict.newer)
            self.message = t("saves.conflict")
            return
        except StorageFull:
            self.unsaved = True
            self.message = t("saves.full")
            return
        self.unsaved = False
        if self.state.is_over:
            data, _ = stats.load(self.store)
            if stats.count_finished(data, self.save, self.state):
                stats.store_stats(self.store, data)

    def adopt(self, newer: Save) -> None:
        """Show the stored game (written by another tab) instead of ours."""
        self.save = newer
        self.state = newer.replay()
        self.trail = self.retrace(self.state)
        self.table.cancel()

    def reload_if_changed(self) -> bool:
        """Another tab wrote our save: follow it (a storage event). True if anything changed."""
        if self.readonly:
            return False
        raw = self.store.storage.getItem(self.save.key)
        if raw is None:
            return False
        newer = Save.from_json(raw)
        if newer.rev == self.save.rev:
            return False
        self.adopt(newer)
        self.notice = t("saves.synced")
        self.repaint()
        self.wake_bots()
        return True

    def wake_bots(self) -> None:
        if self.bot_to_play() and not self.bot_waiting and not self.table.waits_for_humans():
            self.bot_waiting = True
            self.schedule(self.bot_turn, self.bot_delay)

    def bot_turn(self) -> None:
        self.bot_waiting = False
        if not self.bot_to_play() or self.table.waits_for_humans():
            return
        from .. import bots  # imported on first need: the menu does not wait for the bots to load
        seat = self.state.current_player
        level = self.seats[seat].level
        bot = bots.get(self.game.id, level, seed=derive_seed(self.state.seed, "seat", seat, len(self.state.moves)))
        self.state.play(bot.choose(self.state))
        self.trail.append((seat, self.state.information()))
        self.after_move()

    # -- undo ----------------------------------------------------------------------------------
    def retrace(self, state: State) -> list[tuple[int | None, int]]:
        """Who played each move and the information after it (the first entry: the start)."""
        fresh = self.game.new(state.players, state.seed, state.options)
        trail = [(None, fresh.information())]
        for move in state.moves:
            seat = fresh.current_player
            fresh.play(move)
            trail.append((seat, fresh.information()))
        return trail

    def can_undo(self) -> bool:
        """The last move was a human's and revealed nothing: it can be taken back."""
        if self.readonly or not self.save.undo or len(self.trail) < 2 or self.bot_waiting:
            return False
        seat, info = self.trail[-1]
        return seat is not None and not self.seats[seat].is_bot and info == self.trail[-2][1]

    def undo(self) -> None:
        """A new state reached by replaying every move but the last, never an edited one."""
        if not self.can_undo():
            return
        record = self.state.record()
        record["moves"] = record["moves"][:-1]
        self.state = self.game.replay(record)
        self.trail.pop()
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
        self.table.cancel()
        self.repaint()

    # -- markup --------------------------------------------------------------------------------
    def banner(self) -> Raw:
        state = self.state
        if self.readonly:
            text = t("share.banner", step=len(state.moves), total=len(self.full_moves))
        elif state.is_over:
            text = t("table.over")
        elif self.bot_to_play():
            text = t("table.bot-thinking", who=self.name(state.current_player))
        else:
            text = t("table.turn", who=self.name(state.current_player), prompt=self.table.prompt())
        return h("p", {"class_": "banner", "id": "banner", "role": "status", "aria-live": "polite",
                       "data-seat": state.current_player if state.current_player is not None else ""}, text)

    def toolbar(self) -> Raw:
        if self.readonly:
            at, total = len(self.state.moves), len(self.full_moves)
            return h("nav", {"class_": "toolbar", "aria-label": t("table.menu")},
                     h("button", {"type": "button", "data-action": "leave"}, t("table.leave")),
                     h("button", {"type": "button", "data-action": "step", "data-delta": -total, "disabled": at == 0},
                       t("share.first")),
                     h("button", {"type": "button", "data-action": "step", "data-delta": -1, "disabled": at == 0},
                       t("share.back")),
                     h("button", {"type": "button", "data-action": "step", "data-delta": 1, "disabled": at == total},
                       t("share.forward")),
                     h("button", {"type": "button", "data-action": "step", "data-delta": total, "disabled": at == total},
                       t("share.last")))
        return h("nav", {"class_": "toolbar", "aria-label": t("table.menu")},
                 h("button", {"type": "button", "data-action": "leave"}, t("table.leave")),
                 h("button", {"type": "button", "data-action": "rules", "data-game": self.game.id}, t("table.rules")),
                 h("button", {"type": "button", "data-action": "undo", "disabled": not self.can_undo()},
                   t("table.undo")) if self.save.undo else None,
                 h("button", {"type": "button", "data-action": "restart"}, t("table.restart")),
                 h("button", {"type": "button", "data-action": "export"}, t("table.export")),
                 h("button", {"type": "button", "data-action": "storage"}, t("saves.free"))
                 if self.unsaved else None)

    def ending(self) -> Raw | None:
        if not self.state.is_over:
            return None
        result = self.state.result()
        winners = result["winners"]
        names = ", ".join(self.name(w) for w in winners)
        headline = t("table.winner", who=names) if len(winners) == 1 else t("table.winners", who=names)
        order = sorted(range(self.state.players), key=lambda s: (s not in winners, -result["scores"][s]))
        rows = []
        rank = 0
        previous = None
        for i, seat in enumerate(order):
            key = (seat in winners, result["scores"][seat])
            if key != previous:
                rank, previous = i + 1, key
            rows.append(h("tr", {"class_": "winner" if seat in winners else None},
                          h("td", None, rank), h("td", None, self.name(seat)), h("td", None, number(result["scores"][seat]))))
        actions = [h("button", {"type": "button", "data-action": "leave"}, t("table.home"))]
        if not self.readonly:
            actions += [h("button", {"type": "button", "data-action": "share"}, t("table.share")),
                        h("button", {"type": "button", "class_": "primary", "data-action": "again"}, t("table.again"))]
        return h("section", {"class_": "ending", "id": "ending", "aria-labelledby": "ending-title"},
                 h("h2", {"id": "ending-title"}, headline),
                 h("table", {"class_": "ranking"},
                   h("thead", None, h("tr", None, h("th", None, t("table.rank")), h("th", None, ""),
                                      h("th", None, t("table.score")))),
                   h("tbody", None, rows)),
                 self.table.summary(),
                 h("div", {"class_": "dialog-actions"}, actions))

    def render(self) -> Raw:
        return h("div", {"class_": f"table game-{self.game.id}" + (" readonly" if self.readonly else ""),
                         "data-game": self.game.id, "data-over": "true" if self.state.is_over else "false"},
                 self.toolbar(),
                 self.banner(),
                 h("p", {"class_": "notice", "role": "status"}, self.notice) if self.notice else None,
                 h("p", {"class_": "refusal", "id": "refusal", "role": "alert"}, self.message) if self.message else None,
                 self.table.board(),
                 self.ending())
