"""A fifth game that exists only for the tests: "pick the biggest number". It proves that a game
plugs into the app as one folder and nothing else (docs/DESIGN.md, "Adding a game"), laid out as
the four real ones are: its rules and words (`rules.py`), its bots (`bots.py`), its board
(`board.py`), its stylesheet and its icon. The build copies it into the site's `ludotheque/games/`
(`build_site.py --extra tests/games/pick_biggest`), where the games' scan finds it; on CPython a
test adds `tests/games` to `ludotheque.games.__path__` and scans again."""
from __future__ import annotations

from .rules import GAME

__all__ = ["GAME"]
