"""The bot registry: `bots.levels(game_id)` (weakest first), `bots.get(game_id, level, seed)`,
`bots.choose(state, level, seed)`. Importing this package imports the `bots` module of every game
package `ludotheque.games` found (each registers its levels); `coach(game_id)` is that module,
where a board finds its hints and reviews without importing a game's bots itself."""
from __future__ import annotations

import importlib
from types import ModuleType

from .. import games
from ..search import finish
from ..core import (Bot, bot_levels as levels, default_bot_level as default_level, get_bot as get, register_bot,
                    unregister_bots)

_COACHES: dict[str, ModuleType] = {}


def load() -> None:
    """Import the bots of every registered game not yet loaded (each registers its levels)."""
    for game_id in games.ids():
        if game_id not in _COACHES:
            try:
                _COACHES[game_id] = importlib.import_module(f"{games.package(game_id)}.bots")
            except KeyError:   # a game registered by hand (a test's), not found by the scan
                continue


def coach(game_id: str) -> ModuleType:
    """The bots module of game `game_id`: its `hint_why`, `review_steps`... for the game's board."""
    load()
    return _COACHES[game_id]


def judge(game_id: str, record: dict, seat: int, round: int, known) -> dict:
    """During a round or game, the next part of `seat`'s review of round `round` (from 0; a game
    reviewed whole: 0) not `known` (keys of what was judged before): one decision's row (a
    game's own `judge_ahead` may judge another part its review reads), {key: what it found};
    {} when all there is to judge so far is known. The bots' worker runs it between the bots'
    moves, so that the review at the end only judges the last decisions."""
    game = coach(game_id)
    ahead = getattr(game, "judge_ahead", None)
    if ahead is not None:
        return ahead(record, seat, round, known)
    rows = finish(game.review_steps(record, seat, round, known, partial=True, most=1))
    return {row["key"]: row for row in rows}


def forget(game_id: str) -> None:
    """Unregister a game's bots (a test's game, once the test is done)."""
    _COACHES.pop(game_id, None)
    unregister_bots(game_id)


def choose(state, level: str | None = None, seed: int = 0):
    """The move the bot of `level` picks for the seat to play."""
    return get(state.game.id, level, seed).choose(state)


load()

__all__ = ["Bot", "levels", "default_level", "get", "choose", "coach", "judge", "load", "forget", "register_bot"]
