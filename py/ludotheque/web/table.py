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
from .saves import Save, SaveStore

Scheduler = Callable[[Callable[[], None], int], None]


class GameTable:
    """What a game adds to the table: its board, its prompts, its taps. Subclasses set game_id
    and implement `board`; `act` receives the game's own data-act actions."""

    game_id = ""

    def __init__(self, session: "Session"):
        self.session = session

    @property
    def state(self) -> State:
        return self.session.state

    def viewer(self) -> int | None:
        """The seat whose eyes the board is drawn with: the human to play, else public only."""
        seat = self.state.current_player
        return seat if seat is not None and not self.session.seats[seat].is_bot else None

    def view(self) -> dict[str, Any]:
        return self.state.view(self.viewer())

    def prompt(self) -> str:
        phase = self.view().get("phase", "play")
        return gt(self.state.game, f"prompt.{phase}")

    def board(self) -> Raw:
        raise NotImplementedError

    def act(self, action: str, data: dict[str, str]) -> None:
        """A game-specific tap (data-act); the default knows none."""

    def drag(self, data: dict[str, str]) -> None:
        """A drag starts on an element with data-drag: pick it up without repainting."""

    def cancel(self) -> None:
        """Escape or a tap elsewhere: drop any selection."""

    def waits_for_humans(self) -> bool:
        """True while the table pauses for people (a score screen) even if a bot is to play."""
        return False

    def summary(self) -> Raw | None:
        """Extra detail for the end screen (per-round scores, marked lines...)."""
        return None


class Session:
    """One open game: its save, its state, the game's table, and the bots' turns."""

    def __init__(self, save: Save, state: State, store: SaveStore, table_cls: type[GameTable],
                 schedule: Scheduler, repaint: Callable[[], None], bot_delay: int = 600):
        self.save = save
        self.state = state
        self.store = store
        self.schedule = schedule
        self.repaint = repaint
        self.bot_delay = bot_delay
        self.message: str | None = None
        self.bot_waiting = False
        self.table = table_cls(self)

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
        return seat is not None and self.seats[seat].is_bot

    # -- moves ---------------------------------------------------------------------------------
    def play(self, move: Move) -> bool:
        """Play a human's move: refused moves change nothing and leave a reason on screen."""
        try:
            self.state.play(move)
        except IllegalMove as exc:
            self.message = self.refusal(exc)
            self.repaint()
            return False
        self.after_move()
        return True

    def refusal(self, exc: IllegalMove) -> str:
        text = gt(self.game, f"illegal.{exc.key}", **exc.params)
        return exc.reason if text == f"illegal.{exc.key}" else text

    def after_move(self) -> None:
        self.message = None
        self.table.cancel()
        self.persist()
        self.repaint()
        self.wake_bots()

    def persist(self) -> None:
        self.save.record = self.state.record()
        self.save.over = self.state.is_over
        self.store.write(self.save)

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
        self.after_move()

    # -- markup --------------------------------------------------------------------------------
    def banner(self) -> Raw:
        state = self.state
        if state.is_over:
            text = t("table.over")
        elif self.bot_to_play():
            text = t("table.bot-thinking", who=self.name(state.current_player))
        else:
            text = t("table.turn", who=self.name(state.current_player), prompt=self.table.prompt())
        return h("p", {"class_": "banner", "id": "banner", "role": "status", "aria-live": "polite",
                       "data-seat": state.current_player if state.current_player is not None else ""}, text)

    def toolbar(self) -> Raw:
        return h("nav", {"class_": "toolbar", "aria-label": t("table.menu")},
                 h("button", {"type": "button", "data-action": "leave"}, t("table.leave")),
                 h("button", {"type": "button", "data-action": "rules", "data-game": self.game.id}, t("table.rules")),
                 h("button", {"type": "button", "data-action": "restart"}, t("table.restart")))

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
        return h("section", {"class_": "ending", "id": "ending", "aria-labelledby": "ending-title"},
                 h("h2", {"id": "ending-title"}, headline),
                 h("table", {"class_": "ranking"},
                   h("thead", None, h("tr", None, h("th", None, t("table.rank")), h("th", None, ""),
                                      h("th", None, t("table.score")))),
                   h("tbody", None, rows)),
                 self.table.summary(),
                 h("div", {"class_": "dialog-actions"},
                   h("button", {"type": "button", "data-action": "leave"}, t("table.home")),
                   h("button", {"type": "button", "class_": "primary", "data-action": "again"}, t("table.again"))))

    def render(self) -> Raw:
        return h("div", {"class_": f"table game-{self.game.id}", "data-game": self.game.id,
                         "data-over": "true" if self.state.is_over else "false"},
                 self.toolbar(),
                 self.banner(),
                 h("p", {"class_": "refusal", "id": "refusal", "role": "alert"}, self.message) if self.message else None,
                 self.table.board(),
                 self.ending())
