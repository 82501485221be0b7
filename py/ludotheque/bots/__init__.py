"""The bot registry: `bots.levels(game_id)` (weakest first), `bots.get(game_id, level, seed)`,
`bots.choose(state, level, seed)`. Importing this package registers every game's bots."""
from __future__ import annotations

from .. import games  # noqa: F401  (bots stand on registered games)
from . import lucky_numbers, rucki_zucki, take_it_easy, three_by_sixteen  # noqa: F401  (each registers its levels)
from ..core import Bot, bot_levels as levels, default_bot_level as default_level, get_bot as get, register_bot


def choose(state, level: str | None = None, seed: int = 0):
    """The move the bot of `level` picks for the seat to play."""
    return get(state.game.id, level, seed).choose(state)


__all__ = ["Bot", "levels", "default_level", "get", "choose", "register_bot"]
