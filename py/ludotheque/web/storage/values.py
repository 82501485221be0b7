"""Reading any stored or imported value, and the text people wrote, for saves.py and the other
readers of storage (the statistics, the settings, files and replay links).

Every value is read by `read_json`, which refuses before parsing what is too large or nested too
deep, and while parsing any non-finite or absurdly long number; a value that is not what it should
be is a SaveError, whose `key` names the reason in the text tables so the page says it in the
player's language. Names are cut as people count characters (graphemes). Nothing here knows what a
save is: saves.py builds on it (it re-exports these names), never the other way round."""
from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any, Callable

from ... import texts
from ...core import get_game
from ...table_codes import MAX_NAME_BYTES

MAX_NAME = 24                 # a seat's name, in characters as people count them (graphemes)
# and at most MAX_NAME_BYTES bytes of UTF-8: every name fits whole in a result code (table_codes)
MAX_SAVE_CHARS = 512 * 1024   # a real save is a few kB; anything this big is damage
MAX_DEPTH = 24                # a save nests 6 deep; a value nested deeper is damage
MAX_DIGITS = 30               # no stored integer (seed, revision, time) needs more
MAX_SHOWN = 40                # an unknown game id or version is cut to this in messages


class SaveError(ValueError):
    """A stored value that is not a usable save. `key` names the reason in the text tables
    (`saves.error.<key>`), so the page says it in the player's language; str() is English."""

    def __init__(self, key: str, /, **params: Any):
        if f"saves.error.{key}" not in texts.TEXTS["en"]:
            key, params = "unreadable", {}
        self.key = key
        self.params = params
        super().__init__(self.say("en"))

    def say(self, lang: str) -> str:
        """The reason in `lang`; a refused move is said with the game's own words."""
        params = dict(self.params)
        refusal, cause = params.get("refusal"), params.get("cause")
        if isinstance(refusal, dict):
            params["detail"] = _refusal_text(lang, refusal)
        if isinstance(cause, dict) and isinstance(cause.get("params"), dict):
            params["detail"] = SaveError(str(cause.get("key")), **cause["params"]).say(lang)
        try:
            return texts.text(lang, f"saves.error.{self.key}", **params)
        except (KeyError, IndexError, ValueError, TypeError):  # params read back from a damaged aside
            return texts.text(lang, "saves.error.unreadable")


def _refusal_text(lang: str, refusal: dict[str, Any]) -> str:
    """A game's refusal (an IllegalMove's key and params) in `lang`."""
    try:
        game = get_game(str(refusal["game"]))
        template = game.text(lang, f"illegal.{refusal['key']}")
        return template.format(**refusal["params"])
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return texts.text(lang, "saves.error.refused")


# --- reading any stored value -----------------------------------------------------------------------

_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]|"')


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """True if brackets outside strings nest deeper than `limit` (scanned, not parsed: a value
    nested thousands deep must never reach a recursive parser)."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token == '"':
            return False        # an unterminated string: everything after it is inside it
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise SaveError("bad-number", number=shorten(text, 12))
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 64:
        raise SaveError("bad-number", number=shorten(text, 12))
    return value


def _parse_constant(name: str) -> Any:
    raise SaveError("bad-number", number=name)


def read_json(raw: Any, limit: int = MAX_SAVE_CHARS, large: str = "too-large") -> Any:
    """The JSON value of a stored or imported text, or SaveError: not text, more than `limit`
    characters (error key `large`), nested deeper than MAX_DEPTH, not JSON, or holding
    Infinity, NaN or a number too long to be real."""
    if not isinstance(raw, str):
        raise SaveError("not-text")
    if len(raw) > limit:
        raise SaveError(large, size=len(raw))
    if too_deep(raw):
        raise SaveError("too-deep", depth=MAX_DEPTH)
    try:
        return json.loads(raw, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except SaveError:
        raise
    except json.JSONDecodeError as exc:
        raise SaveError("not-json", pos=exc.pos) from None
    except (ValueError, TypeError, OverflowError, RecursionError, MemoryError):
        raise SaveError("not-json", pos=0) from None


# --- text people wrote ------------------------------------------------------------------------------

_ZWJ = 0x200D


def _extends(ch: str) -> bool:
    """A character that belongs to the grapheme before it (approximately: combining marks,
    joiners, variation selectors, emoji skin tones, tag characters)."""
    cp = ord(ch)
    return (cp == _ZWJ or 0xFE00 <= cp <= 0xFE0F or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F
            or 0xE0100 <= cp <= 0xE01EF or unicodedata.category(ch) in ("Mn", "Me", "Mc"))


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def graphemes(text: str) -> list[str]:
    """The characters as people count them: an emoji sequence joined by ZWJ, a flag (two regional
    indicators), a letter with its accents or a skin tone stay one."""
    clusters: list[str] = []
    joined = False
    for ch in text:
        if clusters and (joined or _extends(ch)
                         or (_regional(ch) and len(clusters[-1]) == 1 and _regional(clusters[-1]))):
            clusters[-1] += ch
        else:
            clusters.append(ch)
        joined = ord(ch) == _ZWJ
    return clusters


def cut(text: str, limit: int) -> str:
    """The first `limit` graphemes of text (each at most 16 code points: no endless accents)."""
    return "".join(g[:16] for g in graphemes(text[:limit * 16])[:limit])


def shorten(text: Any, limit: int = MAX_SHOWN) -> str:
    """A value for a message: its first graphemes and an ellipsis when it is longer."""
    if not isinstance(text, str):
        small = text is None or isinstance(text, (bool, float)) or (isinstance(text, int) and abs(text) < 10 ** 40)
        text = repr(text) if small else f"<{type(text).__name__}>"
    short = cut(text, limit)
    return short if short == text else cut(text, limit - 1) + "…"


def _pictographic(ch: str) -> bool:
    """A character an emoji sequence joins (ZWJ) or goes on from: a symbol, a skin tone, VS16."""
    return unicodedata.category(ch) == "So" or 0x1F3FB <= ord(ch) <= 0x1F3FF or ord(ch) == 0xFE0F


def _joinable(ch: str) -> bool:
    """A letter or mark of a script past Latin, where ZWJ and ZWNJ shape the word (Persian, Indic)."""
    return ord(ch) > 0x2FF and unicodedata.category(ch)[0] in "LM"


def clean_name(name: str) -> str:
    """The one rule for a name, however it enters (the forms, a result code, an imported game, a
    backup, a stored value): NFC; control characters, lone surrogates and the invisible format
    characters (zero-width spaces, bidi overrides and isolates, soft hyphens...) dropped, but for
    the joiners an emoji sequence or a script needs between its characters (and a flag's tag
    characters); any run of spaces one space; trimmed."""
    text = unicodedata.normalize("NFC", name)
    out: list[str] = []
    for n, ch in enumerate(text):
        category, cp = unicodedata.category(ch), ord(ch)
        if ch.isspace() or category in ("Zs", "Zl", "Zp"):
            out.append(" ")
        elif category in ("Cc", "Cs"):
            continue
        elif category == "Cf":
            after = text[n + 1] if n + 1 < len(text) else ""
            before = out[-1] if out else ""
            if cp in (0x200C, _ZWJ) and before and after and (
                    (cp == _ZWJ and _pictographic(before) and _pictographic(after))
                    or (_joinable(before) and _joinable(after))):
                out.append(ch)
            elif 0xE0020 <= cp <= 0xE007F and before and (ord(before) == 0x1F3F4 or 0xE0020 <= ord(before) <= 0xE007F):
                out.append(ch)   # a subdivision flag's tags (🏴 then the tags)
        else:
            out.append(ch)
    return " ".join("".join(out).split())


def cut_name(name: str) -> str:
    """A seat's name as stored, by the one name rule (`clean_name`), cut to MAX_NAME graphemes
    and to MAX_NAME_BYTES bytes of UTF-8 (at a grapheme's end)."""
    kept, size = [], 0
    for grapheme in graphemes(cut(clean_name(name), MAX_NAME)):
        size += len(grapheme.encode("utf-8", "surrogatepass"))
        if size > MAX_NAME_BYTES:
            break
        kept.append(grapheme)
    return "".join(kept).strip()


# --- a parsed value's fields ------------------------------------------------------------------------

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def whole(value: Any) -> bool:
    """An integer as JSON gives it (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def moment(value: Any) -> bool:
    """A time in seconds since 1970, as JSON gives it."""
    return (whole(value) or isinstance(value, float)) and math.isfinite(value) and 0 <= value <= 1e11


def part(data: dict[str, Any], key: str, check: Callable[[Any], bool]) -> Any:
    """The field `key` of a parsed value, checked; SaveError naming it if it is missing or wrong."""
    if key not in data or not check(data[key]):
        raise SaveError("missing-part", detail=key)
    return data[key]


def optional(data: dict[str, Any], key: str, check: Callable[[Any], bool],
             then: Callable[[Any], Any] = lambda v: v) -> Any:
    """The field `key` if present (else None), checked, then `then` of it."""
    value = data.get(key)
    if value is None:
        return None
    if not check(value):
        raise SaveError("missing-part", detail=key)
    return then(value)
