"""A guided first game: a short game on a fixed deal where each step asks the person for one
move, lights where to tap (the hint's marks), says in one sentence the rule that move teaches and
refuses any other move with that sentence. The deal and the moves are each game's `guide`, kept
beside its texts; the shared table (`table.Session`) plays it, so the real engine checks every
move and the game's own board draws it. Pure: tested on CPython."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Game, Move, State
from ..i18n import t
from ..storage.saves import Save, Seat

GUIDE_ID = "guide"
"""The id of a guided game's save: it is never stored (nothing is counted, exported or shared)."""


@dataclass(frozen=True)
class Step:
    """One move of the guided game: the person's to play when `say` (the game's text key of the
    sentence that teaches it) is given, else played by the guide itself (another seat's move, or
    one the person has already learned)."""
    move: Move
    say: str | None


class Guide:
    """A game's guided first game, read from its `guide`."""

    def __init__(self, game: Game):
        data = game.guide
        if data is None:
            raise KeyError(f"{game.id} has no guided game")
        self.game = game
        self.players: int = data["players"]
        self.people: int = data["people"]
        self.seed: int = data["seed"]
        self.options: dict[str, Any] = dict(data["options"])
        self.steps = [Step(dict(move), say) for move, say in data["moves"]]
        self.end: str = data["end"]
        self.cover: str | None = data.get("cover")

    def new(self) -> State:
        """The fixed deal, as the engine deals it."""
        return self.game.new(self.players, seed=self.seed, options=self.options)

    def seats(self) -> list[Seat]:
        """The people first (default names, which follow the language), then easy computers
        (their moves are the script's)."""
        return [Seat(t("new.default-name", n=n + 1)) if n < self.people else
                Seat(t("new.bot-name", n=n + 1), "bot", "easy") for n in range(self.players)]

    def save(self, state: State) -> Save:
        """The guided game's save: never written, no undo (each step is the next move), no second
        tap to confirm."""
        save = Save(id=GUIDE_ID, game=self.game.id, record=state.record(), seats=self.seats(), undo=False)
        save.follow(state)
        return save

    def step(self, played: int) -> Step | None:
        """The step after `played` moves; None once the script is played."""
        return self.steps[played] if played < len(self.steps) else None

    def taught(self) -> list[int]:
        """The indexes of the steps the person plays."""
        return [n for n, step in enumerate(self.steps) if step.say]

    def count(self, played: int) -> tuple[int, int]:
        """(which of the person's steps comes next, from 1; how many there are)."""
        taught = self.taught()
        return sum(n < played for n in taught) + 1, len(taught)


def real_game_seats() -> list[Seat]:
    """The table a guided game leads to: the person and one easy computer."""
    return [Seat(t("new.default-name", n=1)), Seat(t("new.bot-name", n=2), "bot", "easy")]
