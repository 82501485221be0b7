"""The game registry: `games.ids()`, `games.get(id)`. Importing this package registers every game."""
from __future__ import annotations

from ..core import game_ids as ids, get_game as get, register_game, unregister_game
from . import lucky_numbers, rucki_zucki, take_it_easy, three_by_sixteen  # noqa: F401  (each registers itself)

__all__ = ["ids", "get", "register_game", "unregister_game"]
