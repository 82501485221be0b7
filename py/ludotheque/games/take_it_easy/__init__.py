"""Take It Easy, one folder: `rules.py` (the game and its state, pure), `texts.py` (its words in
every language the app speaks), `bots.py` (its computer players and coaching), `board.py` (its table in
the page), `board.css` and `icon.svg`. Importing the package registers the game; `ludotheque.bots`
imports `bots.py`, the page imports `board.py` when a table of the game opens."""
from __future__ import annotations

from pathlib import Path

from .rules import *  # noqa: F401,F403  (the rules' names, as `ludotheque.games.take_it_easy.X`)
from .rules import GAME

WEIGHTS_PATH = Path(__file__).with_name("data") / "weights.json"
"""The strong bot's learned tables (tools/train_take_it_easy.py), read by `bots.py`; the page
fetches them as a table opens (`board.py`): they are not in the package zip."""

__all__ = ["GAME", "WEIGHTS_PATH"]
