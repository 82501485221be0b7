"""Which module of web/ draws each game's table (and its pictures for "How to play"). Adding a
game to the page is one module in web/ and one line here."""
from __future__ import annotations

import importlib
from types import ModuleType

TABLE_MODULES = {
    "lucky-numbers": "lucky_numbers",
    "take-it-easy": "take_it_easy",
    "rucki-zucki": "rucki_zucki",
    "3x16": "three_by_sixteen",
}


def table_module(game_id: str) -> ModuleType:
    """The game's table module, imported on first use (the menu does not wait for it)."""
    return importlib.import_module(f"ludotheque.web.{TABLE_MODULES[game_id]}")
