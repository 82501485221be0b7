"""Pick the biggest number: six numbers from 1 to 20 lie in a row, face up. In turn, each player
takes one of them; when the row is empty, whoever holds the largest sum wins (ties shared).

Move: {"type": "pick", "index": i}, i the place in the row (from 0)."""
from __future__ import annotations

from typing import Any

from ludotheque.core import Game, Move, Option, Rng, State, register_game

ROW = 6

TEXTS = {
    "en": {
        "name": "Pick the biggest", "pitch": "Take the largest number before the others do.",
        "rules": "Six numbers lie face up. In turn, take one. When none is left, the largest sum wins.",
        "rules.short": "In turn, take a number from the row. The largest sum wins.",
        "prompt.pick": "take a number from the row", "prompt.over": "the game is over",
        "move.pick": "took the {n}", "label.row": "The row", "label.sum": "{who}: {total}",
        "cell": "number {n}", "illegal.gone": "That place of the row is empty",
        "option.row_order": "Row", "option.row_order.help": "How the row is laid out",
        "option.row_order.dealt": "as dealt", "option.row_order.sorted": "smallest first",
    },
    "fr": {
        "name": "Le plus grand", "pitch": "Prenez le plus grand nombre avant les autres.",
        "rules": "Six nombres sont visibles. À tour de rôle, prenez-en un. Quand il n'en reste plus, "
                 "la plus grande somme gagne.",
        "rules.short": "À tour de rôle, prenez un nombre de la rangée. La plus grande somme gagne.",
        "prompt.pick": "prenez un nombre de la rangée", "prompt.over": "la partie est finie",
        "move.pick": "a pris le {n}", "label.row": "La rangée", "label.sum": "{who} : {total}",
        "cell": "nombre {n}", "illegal.gone": "Cette place de la rangée est vide",
        "option.row_order": "Rangée", "option.row_order.help": "Comment la rangée est posée",
        "option.row_order.dealt": "telle que tirée", "option.row_order.sorted": "le plus petit d'abord",
    },
}


class PickState(State):
    def setup(self) -> None:
        rng = Rng(self.seed)
        self.row: list[int | None] = [1 + rng.below(20) for _ in range(ROW)]
        if self.options["row_order"] == "sorted":
            self.row.sort()
        self.taken: list[list[int]] = [[] for _ in range(self.players)]

    @property
    def is_over(self) -> bool:
        return all(n is None for n in self.row)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else len(self.moves) % self.players

    def legal_moves(self) -> list[Move]:
        return [] if self.is_over else [{"type": "pick", "index": i} for i, n in enumerate(self.row) if n is not None]

    def check(self, move: Move) -> None:
        index = move["index"]
        if not isinstance(index, int) or not 0 <= index < ROW or self.row[index] is None:
            raise self.game.refuse("gone")

    def apply(self, move: Move) -> None:
        self.taken[self.current_player].append(self.row[move["index"]])
        self.row[move["index"]] = None

    def scores(self) -> list[float]:
        return [sum(taken) for taken in self.taken]

    def information(self) -> int:
        return 0   # everything is face up from the start: every move may be taken back

    def view(self, seat: int | None = None) -> dict[str, Any]:
        phase = "over" if self.is_over else "pick"
        return {"phase": phase, "prompt": {"key": f"prompt.{phase}", "params": {}}, "row": list(self.row),
                "taken": [list(t) for t in self.taken], "scores": self.scores(), "seat": seat}


class PickTheBiggest(Game):
    id = "pick-biggest"
    min_players = 2
    max_players = 4
    default_players = 2
    options = (Option("row_order", ("dealt", "sorted")),)
    move_fields = {"pick": (frozenset({"index"}), frozenset())}
    state_class = PickState
    texts = TEXTS

    def describe(self, before: State, move: Move) -> dict[str, Any]:
        return {"key": "move.pick", "params": {"n": before.row[move["index"]]}}


GAME = register_game(PickTheBiggest())
