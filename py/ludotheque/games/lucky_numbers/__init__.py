"""Lucky Numbers (TIKI 2020; Ravensburger 2012, "13 / 5 vor 12"), one folder: `rules.py` (the game and its state, pure), `texts.py` (its words in
every language the app speaks), `bots.py` (its computer players and coaching), `board.py` (its table in
the page), `board.css` and `icon.svg`. Importing the package registers the game; `ludotheque.bots`
imports `bots.py`, the page imports `board.py` when a table of the game opens."""
from __future__ import annotations

from .rules import *  # noqa: F401,F403  (the rules' names, as `ludotheque.games.lucky_numbers.X`)
from .rules import GAME

__all__ = ["GAME"]
