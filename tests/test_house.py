"""The house rules (docs/DESIGN.md, "Layers" and "Adding a game"), read off the sources: each game
is one folder whose roles keep their layers, shared code and the shared stylesheet name no game,
and no module grows past what a newcomer reads in one sitting."""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "py" / "ludotheque"
GAMES = PACKAGE / "games"
GAME_FOLDERS = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file())
SHARED = [p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents] + [GAMES / "__init__.py"]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module `path` imports, type-only imports and imports inside functions included,
    as absolute dotted names (`from . import x` names the package's `x` as well as the package)."""
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = (".".join(package[:len(package) - node.level + 1]) if node.level else "")
            target = ".".join(part for part in (base, node.module or "") if part)
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(p) for p in PACKAGE.rglob("*.py")}


def ours(names: set[str]) -> set[str]:
    """The names that are modules of the package (a name imported from a module is dropped)."""
    return names & MODULES


@pytest.mark.parametrize("folder", GAME_FOLDERS, ids=lambda p: p.name)
def test_each_game_is_one_folder_with_its_rules_words_bots_board_styles_and_icon(folder):
    for name in ("__init__.py", "rules.py", "texts.py", "bots.py", "board.py", "board.css", "icon.svg"):
        assert (folder / name).is_file(), f"{folder.name} has no {name}"


@pytest.mark.parametrize("folder", GAME_FOLDERS, ids=lambda p: p.name)
def test_the_roles_in_a_games_folder_keep_their_layers(folder):
    game = module_name(folder / "__init__.py")
    rules = ours(imports(folder / "rules.py"))
    assert rules <= {"ludotheque.core", f"{game}.texts"}, f"rules.py imports more than core: {rules}"
    for path in folder.glob("*.py"):
        if path.name in ("board.py", "__init__.py"):
            continue
        taken = ours(imports(path))
        assert not {name for name in taken if name.startswith("ludotheque.web")}, f"{path.name}: a bot imports the page"
    board = ours(imports(folder / "board.py"))
    bots_modules = {module_name(p) for p in folder.glob("*.py")} - {game, f"{game}.rules", f"{game}.texts", f"{game}.board"}
    assert not board & (bots_modules | {"ludotheque.bots"}), f"the board imports its bots directly: {board & bots_modules}"


def code_tokens(path: Path) -> list[str]:
    """The names and string literals of a Python file, its comments and docstrings (and the notes
    that follow a name) left out: an example in prose is not code that knows a game."""
    source = path.read_text("utf-8")
    doc_lines = {node.value.lineno for node in ast.walk(ast.parse(source))   # docstrings, and notes after a name
                 if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}
    return [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type in (tokenize.NAME, tokenize.STRING) and not (tok.type == tokenize.STRING and tok.start[0] in doc_lines)]


def game_names() -> set[str]:
    from ludotheque import games
    return {name for game_id in games.ids() for name in (game_id, games.package(game_id).rsplit(".", 1)[1])}


def game_classes() -> set[str]:
    """The CSS classes the games' own stylesheets define (their boards' own classes)."""
    shared = set(re.findall(r"\.([a-z][\w-]*)", strip_css_comments((ROOT / "static" / "app.css").read_text("utf-8"))))
    defined = set()
    for folder in GAME_FOLDERS:
        defined |= set(re.findall(r"\.([a-z][\w-]*)", strip_css_comments((folder / "board.css").read_text("utf-8"))))
    return defined - shared


def strip_css_comments(css: str) -> str:
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def test_no_shared_module_names_a_game():
    names = game_names()
    for path in SHARED:
        said = {token.strip("\"'") for token in code_tokens(path)}
        named = {name for name in names if name in said or any(re.search(rf"\b{re.escape(name)}\b", token) for token in said)}
        assert not named, f"{path.relative_to(ROOT)} names {named}"


def test_the_shared_stylesheet_and_scripts_name_no_game():
    css = strip_css_comments((ROOT / "static" / "app.css").read_text("utf-8"))
    assert not re.findall(r'data-game="[^"]+"', css), "a game's card colours belong in its board.css"
    prefixes = {name.split("-")[0] + "-" for name in game_classes() if "-" in name}
    used = set(re.findall(r"\.([a-z][\w-]*)", css))
    assert not {name for name in used if any(name.startswith(prefix) for prefix in prefixes)}, prefixes
    for path in (ROOT / "static").rglob("*.js"):
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text("utf-8"), flags=re.S)
        assert not {name for name in game_names() if re.search(rf"['\"]{re.escape(name)}['\"]", code)}, path.name


def test_no_python_module_over_800_lines_no_script_under_static_over_600():
    long_modules = [(p.relative_to(ROOT), n) for p in PACKAGE.rglob("*.py") if (n := len(p.read_text("utf-8").splitlines())) > 800]
    assert not long_modules
    long_scripts = [(p.relative_to(ROOT), n) for p in (ROOT / "static").rglob("*") if p.suffix in (".js", ".mjs")
                    and (n := len(p.read_text("utf-8").splitlines())) > 600]
    assert not long_scripts


def test_no_import_circle_in_the_package_type_only_imports_included():
    """The session decides, the keeper stores, the board and the view draw: no module imports one
    that imports it back, not even for a type (docs/DESIGN.md, "Layers")."""
    graph = {module_name(p): ours(imports(p)) - {module_name(p)} for p in PACKAGE.rglob("*.py")}
    seen: dict[str, int] = {}   # 1: on the path being walked, 2: done

    def walk(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if seen.get(nxt) == 1:
                raise AssertionError("an import circle: " + " -> ".join(path[path.index(nxt):] + [nxt]))
            if nxt not in seen:
                walk(nxt, path + [nxt])
        seen[node] = 2

    for node in sorted(graph):
        if node not in seen:
            walk(node, [node])
