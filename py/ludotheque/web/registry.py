"""Which `GameTable` draws each game. A game's web module registers its table class with the
`@table` decorator; `BOARDS` names the module of each game, imported on first use (the menu does
not wait for the boards). Adding a game to the page is its module in web/ and one line here (or,
for a game that lives outside the package, one `add_board` call)."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .table import GameTable

BOARDS = {
    "lucky-numbers": "ludotheque.web.lucky_numbers",
    "take-it-easy": "ludotheque.web.take_it_easy",
    "rucki-zucki": "ludotheque.web.rucki_zucki",
    "3x16": "ludotheque.web.three_by_sixteen",
}
_TABLES: dict[str, "type[GameTable]"] = {}
T = TypeVar("T", bound="type[GameTable]")


def table(cls: T) -> T:
    """Class decorator: `cls` draws the game `cls.game_id`."""
    _TABLES[cls.game_id] = cls
    return cls


def add_board(game_id: str, module: str) -> None:
    """The module (dotted name) that registers game `game_id`'s table."""
    BOARDS[game_id] = module


def has_table(game_id: str) -> bool:
    """Whether this page can draw the game (an imported file or a link may name any id)."""
    return game_id in BOARDS


def table_class(game_id: str) -> "type[GameTable]":
    """The game's table class, its module imported on first use."""
    if game_id not in _TABLES:
        importlib.import_module(BOARDS[game_id])
    return _TABLES[game_id]
