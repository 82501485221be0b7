"""Ludothèque: number games from French rule texts, pure Python rules, bots and a PyScript page."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

__version__ = "0.1.0"

# Data files the page does not ship in the package zip (Take It Easy's learned tables) are fetched
# through this when they are missing: the page (web/data_files.py) sets it; on CPython they are there.
fetch_data: Callable[[Path], None] | None = None
