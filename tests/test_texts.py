"""Every user-visible string exists in French and English, with the same blanks to fill."""
from __future__ import annotations

import string

import pytest

from ludotheque import bots, games, texts


def blanks(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def check_tables(tables: dict[str, dict[str, str]]) -> None:
    assert set(tables) >= {"fr", "en"}
    assert set(tables["fr"]) == set(tables["en"]), set(tables["fr"]) ^ set(tables["en"])
    for key, english in tables["en"].items():
        assert blanks(tables["fr"][key]) == blanks(english), key
        assert tables["fr"][key].strip(), key


def test_app_texts_are_complete_in_both_languages():
    check_tables(texts.TEXTS)


@pytest.mark.parametrize("game_id", games.ids())
def test_each_game_speaks_both_languages(game_id):
    game = games.get(game_id)
    check_tables(game.texts)
    for key in ("name", "pitch", "rules"):
        assert game.text("fr", key) and game.text("en", key)
    for opt in game.options:
        assert f"option.{opt.name}" in game.texts["fr"], opt.name


@pytest.mark.parametrize("game_id", games.ids())
def test_every_bot_level_has_a_name(game_id):
    for level in bots.levels(game_id):
        assert f"level.{level}" in texts.TEXTS["fr"], level



def test_game_counts_are_said_in_the_singular_where_the_language_says_it():
    from ludotheque.web import i18n
    x16, rz = games.get("3x16"), games.get("rucki-zucki")
    try:
        i18n.set_lang("en")
        assert i18n.gtn(x16, "label.left", 1) == "1 tile left"
        assert i18n.gtn(x16, "label.left", 0) == "0 tiles left"
        assert i18n.gtn(rz, "label.pile", 1) == "Pile: 1 card"
        assert i18n.gtn(rz, "label.pile", 2) == "Pile: 2 cards"
        i18n.set_lang("fr")
        assert i18n.gtn(x16, "label.left", 0) == "0 plaquette restante"
        assert i18n.gtn(x16, "label.left", 2) == "2 plaquettes restantes"
        assert i18n.gtn(games.get("lucky-numbers"), "label.empty", 1) == "1 case libre"
    finally:
        i18n.set_lang("fr")


@pytest.mark.parametrize("game_id", games.ids())
def test_a_singular_text_has_its_plural_beside_it(game_id):
    table = games.get(game_id).texts["en"]
    for key in table:
        if key.endswith(".one"):
            assert key[:-4] in table, key


def test_lucky_numbers_says_tile_in_english_wherever_the_table_does():
    """The table, its log and refusals say "tile"; the guide and How to play said "clover" for
    the same piece (a family's try-out read them as two things). The rules keep their one
    "clover tiles", which says what the tiles are."""
    from ludotheque.games.lucky_numbers.texts import TEXTS
    said = {key: text for key, text in TEXTS["en"].items() if isinstance(text, str) and "clover" in text.lower()}
    assert set(said) <= {"pitch", "rules"}, said


def test_3x16_in_french_names_rows_and_columns_apart():
    """The outside try-out: French 3x16 called its rows "File 1" and its columns "File
    auxiliaire 1", one word for both, so a child read a hint about a column as one about a row.
    The table says "rangée" and "colonne", as its short rules already did; the full rules give
    the box's own words ("files principales", "files auxiliaires") once, beside them."""
    import re
    from ludotheque.games.three_by_sixteen.texts import TEXTS
    said = {key: text for key, text in TEXTS["fr"].items() if re.search(r"\bfiles?\b", text, re.I)}
    assert set(said) == {"rules"}, said
    assert TEXTS["fr"]["label.row"].startswith("Rangée") and TEXTS["fr"]["label.column"].startswith("Colonne")
