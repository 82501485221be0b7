"""A fifth game that exists only for the tests: "pick the biggest number". It proves that a game
plugs into the app through its own files alone (docs/DESIGN.md, "Adding a game"): its rules
(`rules.py`), its bots (`bots.py`), its table (`table.py`), its words in French and English, its
icon and its stylesheet. Importing this package registers all of it; the build puts it into a test
site with `build_site.py --extra tests/fifth_game`."""
from __future__ import annotations

from ludotheque.core import register_bot, register_game
from ludotheque.web.registry import add_board

from . import bots, rules


def register() -> None:
    """The game, its bots (weakest first, the greedy one by default) and its board."""
    register_game(rules.GAME)
    register_bot(rules.GAME.id, "first", bots.FirstBot)
    register_bot(rules.GAME.id, "greedy", bots.GreedyBot, default=True)
    add_board(rules.GAME.id, "fifth_game.table")


register()
