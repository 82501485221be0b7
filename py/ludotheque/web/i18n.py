"""The current language and the lookups the screens use: app texts (ludotheque.texts) and each
game's own table (game.texts), both in French and English."""
from __future__ import annotations

import re

from .. import texts
from ..core import Game
from .dom import Name

current = {"lang": "fr"}


def lang() -> str:
    return current["lang"]


def set_lang(value: str) -> None:
    current["lang"] = value if value in texts.LANGS else "fr"


def t(key: str, /, **params) -> str:
    return texts.text(current["lang"], key, **params)


def singular(n: float) -> bool:
    """Whether the current language says `n` things in the singular (French: under 2, so 0, 1
    and 1,5; English: 1)."""
    return abs(n) < 2 if current["lang"] == "fr" else n == 1


def tn(key: str, n: int, /, **params) -> str:
    """A text with a count: "<key>.one" where the language says the singular, else "<key>"; both
    get {n}."""
    if singular(n) and f"{key}.one" in texts.TEXTS["en"]:
        key = f"{key}.one"
    return t(key, n=n, **params)


def sentence(text: str) -> str:
    """`text` starting with a capital, to stand alone (a prompt is written to follow "Name: ")."""
    return text[:1].upper() + text[1:]


def gtn(game: Game, key: str, n: int, /, **params) -> str:
    """A game's text with a count, as `tn` picks it: "<key>.one" where the language says the
    singular and the game has that key; both get {count}."""
    if singular(n) and f"{key}.one" in game.texts["en"]:
        key = f"{key}.one"
    return gt(game, key, count=n, **params)


def word(game: Game, key: str, /, **params) -> str:
    """The game's own text for `key` where its table has one (its score's name, say), else the app's."""
    return gt(game, key, **params) if key in game.texts["en"] else t(key, **params)


def gt(game: Game, key: str, /, **params) -> str:
    """A game's text; a missing key falls back to English, then to the key itself."""
    template = game.text(current["lang"], key)
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):
        return template


def level_name(level: str) -> str:
    return t(f"level.{level}") if f"level.{level}" in texts.TEXTS["en"] else level


def number(value: float) -> str:
    """A score as people write it: whole numbers plain, others with two decimals (comma in French)."""
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.2f}"
    return text.replace(".", ",") if current["lang"] == "fr" else text


def decimal(value: float) -> str:
    """An estimate with one decimal (a comma in French)."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if current["lang"] == "fr" else text


def about(value: float) -> str:
    """A figure as a family reads it after "about": whole from 3 up, else one decimal (a comma
    in French), never "-0"."""
    if abs(value) >= 3 or float(round(value, 1)).is_integer():
        return str(round(value) + 0)
    return decimal(value)


def about_count(value: float) -> str:
    """Which form a text takes for "about" `value` things, as `about` writes the figure: "none"
    (it reads 0), "one" (the singular) or "" (the plural)."""
    shown = round(value) if abs(value) >= 3 or float(round(value, 1)).is_integer() else round(value, 1)
    return "none" if shown == 0 else "one" if singular(shown) else ""


def about_one(value: float) -> bool:
    """Whether "about" `value` things is said in the singular ("0,5 point", "1 point")."""
    form = about_count(value)
    return form == "one" or form == "none" and singular(0)


def listed(items: list[str]) -> str:
    """Things in a row as a sentence says them: "the 5, the 7 and the 3" ("et" in French)."""
    return items[0] if len(items) == 1 else t("list.and", first=", ".join(items[:-1]), last=items[-1]) if items else ""


def points(value: float) -> str:
    """ "points", or "point" where "about `value`" is said in the singular ("environ 0,5 point")."""
    return t("word.points.one" if about_one(value) else "word.points")


def percent(share: float) -> str:
    """A chance (0..1) as a whole percentage, "37 %" in French, "37%" in English."""
    return f"{round(100 * share)}" + (" %" if current["lang"] == "fr" else "%")


DEFAULT_NAMES = ("new.default-name", "new.bot-name")


def _default_pattern(key: str) -> re.Pattern:
    """Any language's default name for `key` ("Player {n}", "Joueur {n}"), n captured."""
    return re.compile("|".join(re.escape(texts.TEXTS[lang][key]).replace(re.escape("{n}"), r"(\d{1,2})")
                               for lang in texts.LANGS))


_DEFAULTS = {key: _default_pattern(key) for key in DEFAULT_NAMES}


def default_name(name: str) -> tuple[str, int] | None:
    """(the text key, n) when `name` is a seat's default name in any language ("Joueur 2",
    "Bot 3"), else None: a name nobody typed, which follows the page's language."""
    for key, pattern in _DEFAULTS.items():
        found = pattern.fullmatch(name)
        if found:
            return key, int(next(group for group in found.groups() if group))
    return None


def person(name: str) -> str:
    """A seat's name as the page says it now: a default name in the current language ("Joueur 1"
    made in French reads "Player 1" in English), any typed name as typed."""
    default = default_name(name)
    return t(default[0], n=default[1]) if default else name


def person_key(name: str) -> str:
    """Who a name stands for, the same in every language: the statistics count "Joueur 1" and
    "Player 1" as one seat, under the English default."""
    default = default_name(name)
    return texts.TEXTS["en"][default[0]].format(n=default[1]) if default else name


def record_text(game: Game, key: str, record: dict) -> str:
    """A personal record as the home screen and the table say it: "Best round (Pairs): 170 (Zoé)"."""
    base, *variant = key.split(".")
    labels = [gt(game, "option.pairs") if part == "pairs" else gt(game, "option.adjacency." + part.split("-", 1)[1])
              for part in variant]
    if labels:
        return t(f"stats.{base}.variant", variant=", ".join(labels), score=number(record["score"]),
                 who=who(record["name"]))
    return t(f"stats.{base}", score=number(record["score"]), who=who(record["name"]))


def who(name: str) -> Name:
    """A seat's name to put in the page: as said now (`person`), isolated from the text around it."""
    return Name(person(name))


MONTHS = {"fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                 "novembre", "décembre"),
          "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                 "November", "December")}


def day(iso: str) -> str:
    """A date ("2026-11-27") as the page's language writes it: "27 novembre 2026", "27 November 2026"."""
    try:
        year, month, date = (int(part) for part in iso.split("-"))
        return f"{date} {MONTHS[current['lang']][month - 1]} {year}"
    except (ValueError, IndexError):
        return iso
