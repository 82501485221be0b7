"""Games added to a build from outside the package (`build/build_site.py --extra DIR`, used by the
tests' fifth game): the build writes their module names into `extras.json` beside this file in the
site's package, and both workers import them at start, which registers each game, its bots and
its board. The app's own build has no such file, and nothing is imported."""
from __future__ import annotations

import importlib
import json
from pathlib import Path

LIST = Path(__file__).with_name("extras.json")


def load() -> list[str]:
    """Import the added games' packages; their names."""
    names = json.loads(LIST.read_text("utf-8")) if LIST.exists() else []
    for name in names:
        importlib.import_module(name)
    return names
