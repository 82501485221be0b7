"""The app's own words, one module a language (`en.py`, `fr.py`). Each game keeps its own words
(rules, options, refusals, its board's) in its folder's `texts.py`; these tables hold what belongs
to the app around the games.

Pure data and a lookup: the site builder reads it to paint the static shell, the page reads it
for everything it shows."""
from __future__ import annotations

from . import en, fr

LANGS = ("fr", "en")

TEXTS: dict[str, dict[str, str]] = {"en": en.TEXTS, "fr": fr.TEXTS}


def text(lang: str, key: str, /, **params) -> str:
    """The app's text for `key` in `lang` (English as a fallback), with its blanks filled."""
    table = TEXTS.get(lang, TEXTS["en"])
    template = table.get(key, TEXTS["en"].get(key))
    if template is None:
        return key  # a key read back from storage is never a template
    return template.format(**params) if params else template
