"""Which `GameTable` draws each game: the `board` module of the game's package (found by the
games' scan, `ludotheque.games.package`), imported the first time a table of the game opens (the
menu does not wait for the boards). A board module registers its table class with `@table`."""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, TypeVar

from ... import games

if TYPE_CHECKING:
    from .game_table import GameTable

_TABLES: dict[str, "type[GameTable]"] = {}
T = TypeVar("T", bound="type[GameTable]")


def table(cls: T) -> T:
    """Class decorator: `cls` draws the game `cls.game_id`."""
    _TABLES[cls.game_id] = cls
    return cls


def has_table(game_id: str) -> bool:
    """Whether this page can draw the game (an imported file or a link may name any id)."""
    return game_id in _TABLES or _board_module(game_id) is not None


def _board_module(game_id: str) -> str | None:
    try:
        name = f"{games.package(game_id)}.board"
    except KeyError:
        return None
    return name if importlib.util.find_spec(name) is not None else None


def table_class(game_id: str) -> "type[GameTable]":
    """The game's table class, its board module imported on first use."""
    if game_id not in _TABLES:
        module = _board_module(game_id)
        if module is None:
            raise KeyError(game_id)
        importlib.import_module(module)
    return _TABLES[game_id]


def forget(game_id: str) -> None:
    """A test's game is gone: its table too."""
    _TABLES.pop(game_id, None)
