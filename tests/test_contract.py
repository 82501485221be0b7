"""What every game must provide (docs/DESIGN.md, "Adding a game"), checked over every registered
game and over a fifth game that exists only for the tests ("pick the biggest number",
tests/games/pick_biggest/): found by the games' scan from here, it is played through the shared table exactly as the
four real ones, which proves a new game needs its own files and nothing else.

Per game: its board registered for the page, its icon and stylesheet, its words in French and
English (the same keys and blanks, every option, prompt, move and refusal it says), its bot
levels, its guided game, random play that replays to the identical state, views that are fresh
JSON copies, and a whole game at the shared table (session, keeper, view) against its bots."""
from __future__ import annotations

import ast
import json
import re
import string
import sys
from pathlib import Path

import pytest

from ludotheque import bots, games
from ludotheque.core import Rng
from ludotheque.web import i18n
from ludotheque.web.table import registry
from ludotheque.web.table.guide import Guide
from ludotheque.web.storage.saves import Save, SaveStore, Seat
from ludotheque.web.table.session import Session
from ludotheque.web.table.game_table import GameTable
from ludotheque.web.table.view import render

from conftest import ROOT
from fuzz_games import play_one   # tools/, on the path by conftest
from test_web_logic import MemoryStorage

FIFTH = "pick-biggest"
FIFTH_DIR = Path(__file__).parent / "games" / "pick_biggest"
BUILT_IN = games.ids()


@pytest.fixture(params=[*BUILT_IN, FIFTH])
def game(request):
    """Each registered game, then the fifth game, its folder found by the games' scan as the
    page finds it (the build copies it into the package's games/) for this test only."""
    if request.param != FIFTH:
        yield games.get(request.param)
        return
    games.__path__.append(str(FIFTH_DIR.parent))
    try:
        assert games.scan() == [FIFTH]
        bots.load()
        yield games.get(FIFTH)
    finally:
        games.__path__.remove(str(FIFTH_DIR.parent))
        games.forget(FIFTH), bots.forget(FIFTH), registry.forget(FIFTH)
        for name in [name for name in sys.modules if name.startswith(games.__name__ + ".pick_biggest")]:
            del sys.modules[name]


def test_each_game_has_a_board_registered_by_its_own_web_module(game):
    cls = registry.table_class(game.id)
    assert issubclass(cls, GameTable) and cls.game_id == game.id
    assert cls.board is not GameTable.board and cls.act is not GameTable.act, "board and act are required"
    assert all(callable(draw) for draw in cls.pictures.values())


def test_each_game_has_its_icon_and_its_stylesheet(game):
    folder = games.folder(game.id)
    assert (folder / "icon.svg").read_text("utf-8").lstrip().startswith("<svg")
    assert "{" in (folder / "board.css").read_text("utf-8")


def blanks(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_each_game_says_everything_in_both_languages(game):
    en, fr = game.texts["en"], game.texts["fr"]
    assert set(en) == set(fr), set(en) ^ set(fr)
    for key in en:
        assert blanks(en[key]) == blanks(fr[key]), key
        assert fr[key] != "" and en[key] != "", key
    for key in ("name", "pitch", "rules", "rules.short"):
        assert key in en, key
    for opt in game.options:
        for key in (f"option.{opt.name}", f"option.{opt.name}.help",
                    *(f"option.{opt.name}.{value}" for value in opt.choices if not isinstance(value, bool))):
            assert key in en, key


def said(game, key: str, params: dict) -> None:
    """`key` is a text of the game (or of the contract) in both languages, and its blanks are filled."""
    for lang in ("fr", "en"):
        text = game.text(lang, key)
        assert text != key, f"{game.id}: no text for {key!r}"
        text.format(**params)


BARE_KEY = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)+")


def test_every_prompt_move_and_refusal_a_game_says_has_its_words(game):
    """Random play among people at the shared table: each prompt the banner says, each move as the
    log says it, each refusal of a wrong move."""
    for seed in range(3):
        rng = Rng(seed)
        state = game.new(game.min_players + seed % (game.max_players - game.min_players + 1), seed=seed)
        save = Save(id="w", game=game.id, record=state.record(), seats=[Seat(f"P{n}") for n in range(state.players)])
        session = Session(save, state, None, registry.table_class(game.id), schedule=lambda fn, ms: None)
        while not state.is_over and len(state.moves) < 400:
            for lang in ("fr", "en"):
                i18n.set_lang(lang)
                assert not BARE_KEY.fullmatch(session.table.prompt()), session.table.prompt()
            i18n.set_lang("fr")
            legal = state.legal_moves()
            move = legal[rng.below(len(legal))]
            description = game.describe(state, move)
            said(game, description["key"], description["params"])
            wrong = {**move, "surplus": 1}
            with pytest.raises(Exception) as refused:
                state.play(wrong)
            said(game, f"illegal.{refused.value.key}", refused.value.params)
            state.play(move)


def test_each_game_has_bot_levels_whose_every_level_plays_a_legal_move(game):
    levels = bots.levels(game.id)
    assert levels and bots.default_level(game.id) in levels
    state = game.new(game.min_players if game.min_players > 1 else 2, seed=4)
    for level in levels:
        assert bots.get(game.id, level, seed=1).choose(state.copy()) in state.legal_moves(), level


def test_each_guided_game_plays_its_script_to_the_end(game):
    if game.id == FIFTH:
        assert game.guide is None   # a guide is optional: the fifth game has none, and nothing offers one
        return
    guide = Guide(game)
    state = guide.new()
    for step in guide.steps:
        state.play(step.move)
        if step.say:
            said(game, step.say, {})
    said(game, guide.end, {})


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_replays_to_the_identical_state_and_views_are_fresh_json(game, seed):
    assert play_one(game, seed, max_moves=300)[0] > 0   # the fuzzer: refusals change nothing, the record replays
    state = game.new(game.min_players if game.min_players > 1 else 2, seed=seed)
    for _ in range(5):
        if not state.is_over:
            state.play(state.legal_moves()[0])
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        json.dumps(view)
        view.clear()
        assert state.view(seat), "a view is a fresh copy: changing it changes nothing"
    assert game.replay(state.record()).record() == state.record()


def test_a_whole_game_at_the_shared_table_against_its_bots(game):
    """A person and the default bot at the shared table: taps through the game's own board
    (`act` with the data of a control of the markup), the bots' turns scheduled, every move saved,
    the end named, the statistics counted once."""
    storage = MemoryStorage()
    store = SaveStore(storage, clock=lambda: 1.0)
    players = max(2, game.min_players)
    state = game.new(players, seed=7, options=game.daily_options if players == 1 else None)
    seats = [Seat("Alice"), *[Seat(f"Robot {n}", "bot", bots.default_level(game.id)) for n in range(1, players)]]
    save = Save(id="c1", game=game.id, record=state.record(), seats=seats)
    queue: list = []
    session = Session(save, state, store, registry.table_class(game.id), schedule=lambda fn, ms: queue.append(fn),
                      bot_delay=0)
    steps = 0
    while not session.state.is_over and steps < 3000:
        steps += 1
        markup = render(session)
        if queue:
            queue.pop(0)()
        elif session.human_to_act():
            assert "Alice" in markup
            move = session.state.legal_moves()[0]
            if not tap_for(session, markup, move):
                session.play(move)   # a move whose control is not on a button (a drag, a pause) is played as the table would
        else:
            session.play(session.state.legal_moves()[0])   # a pause between rounds: anybody goes on
    assert session.state.is_over, f"{game.id}: not over after {steps} events"
    markup = render(session)
    assert 'id="ending"' in markup
    stored = json.loads(storage.getItem(save.key))
    assert stored["record"]["moves"] == session.state.record()["moves"]
    played = json.loads(storage.getItem("ludotheque:stats"))["games"][game.id]["played"]
    session.persist()
    assert json.loads(storage.getItem("ludotheque:stats"))["games"][game.id]["played"] == played == 1


def tap_for(session: Session, markup: str, move: dict) -> bool:
    """Tap the control of the board whose data would play `move` (a data-act element of the
    markup with the move's fields); False if the board has none for it."""
    for found in re.finditer(r'<[^>]*data-act="([^"]+)"[^>]*>', markup):
        attrs = dict(re.findall(r'data-([\w-]+)="([^"]*)"', found.group(0)))
        action = attrs.pop("act")
        if action != move["type"]:
            continue
        if all(str(value) == attrs.get(field) for field, value in move.items() if field != "type"):
            before = len(session.state.moves)
            session.tap(action, attrs)
            if len(session.state.moves) > before or session.table.pending is not None:
                if session.table.pending is not None:
                    session.tap("confirm", {})
                return True
    return False


def floor(module: str) -> int:
    """A module's floor (docs/DESIGN.md, "Layers"): 0 the contract, 1 the rules, 2 the bots, 3 the
    page. A game's folder spans three: its rules and words, its bots, its board."""
    parts = module.split(".")[1:]
    if not parts or parts[0] in ("core", "texts", "search"):
        return 0
    if parts[0] == "games":
        role = parts[2] if len(parts) > 2 else "__init__"
        return {"__init__": 1, "rules": 1, "texts": 1, "board": 3}.get(role, 2)
    return {"table_codes": 1, "bots": 2, "web": 3}[parts[0]]


def test_nothing_below_web_imports_the_browser_and_no_import_runs_back_up():
    """The layers (docs/DESIGN.md): core <- rules <- bots <- web (a game's board is the page's);
    only the page may import js or pyscript."""
    package = ROOT / "py" / "ludotheque"
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(here[:len(here) - node.level + 1]) if node.level else ""
                names = [".".join(part for part in (base, node.module or "") if part)]
            else:
                continue
            for name in names:
                if floor(module) < 3:
                    assert name.split(".")[0] not in ("js", "pyscript", "pyodide"), f"{path} imports {name}"
                if name.startswith("ludotheque.") and floor(name) > floor(module):
                    raise AssertionError(f"{path} imports {name}, a floor above it")
