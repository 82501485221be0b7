"""The fifth game's computer players: one takes the first number it sees, the other the largest."""
from __future__ import annotations

from typing import Any

from ludotheque.core import Bot, Move, register_bot


class FirstBot(Bot):
    level = "first"

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return legal[0]


class GreedyBot(Bot):
    level = "greedy"

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return max(legal, key=lambda move: view["row"][move["index"]])


register_bot("pick-biggest", "first", FirstBot)
register_bot("pick-biggest", "greedy", GreedyBot, default=True)
