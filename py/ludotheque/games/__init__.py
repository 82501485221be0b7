"""The game registry: `games.ids()`, `games.get(id)`. Each game is one sub-package of this folder
(its `rules`, `texts`, `bots`, `board`, stylesheet and icon); importing this package finds them all
by a scan of the folder and registers each: no list of games is written anywhere in shared code.
`package(id)` names a game's folder, where `ludotheque.bots` finds its bots and the page its board."""
from __future__ import annotations

import importlib
from pathlib import Path

from ..core import game_ids as ids, get_game as get, register_game, unregister_game

_PACKAGES: dict[str, str] = {}   # game id -> the dotted name of its package


def scan() -> list[str]:
    """Import every game package of this folder not yet imported (each registers its game); the
    ids of the games found. Run at import; again after a game's folder is added to `__path__`."""
    found = []
    folders = sorted({entry.name for where in __path__ for entry in Path(where).iterdir()
                      if (entry / "__init__.py").is_file()})
    for name in (f"{__name__}.{folder}" for folder in folders):
        if name not in _PACKAGES.values():
            game = importlib.import_module(name).GAME
            _PACKAGES[game.id] = name
            found.append(game.id)
    return found


def package(game_id: str) -> str:
    """The dotted name of the package of game `game_id` (KeyError for a game not found by `scan`)."""
    return _PACKAGES[game_id]


def folder(game_id: str) -> Path:
    """The folder of game `game_id`'s package: its stylesheet, icon and data files."""
    return Path(importlib.import_module(package(game_id)).__file__).parent


def forget(game_id: str) -> None:
    """Unregister a game found by `scan` (a test's game, once the test is done)."""
    _PACKAGES.pop(game_id, None)
    unregister_game(game_id)


scan()

__all__ = ["ids", "get", "package", "folder", "scan", "forget", "register_game", "unregister_game"]
