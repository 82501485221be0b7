"""The build's bytecode for the page: the standard library zip it writes holds the modules the page
imports as unchecked-hash .pyc (and no longer their source), keeps the rest as it was, and two
builds write the same bytes. Runs the vendored Pyodide in Node, as the build does. The page's
stylesheet: the shared one, then each game's, and a game without its own stops the build."""
from __future__ import annotations

import hashlib
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def compile_once(out: Path) -> Path:
    out.mkdir()
    subprocess.run(["node", str(ROOT / "build" / "compile_pyc.mjs"), str(ROOT / "py"), str(out / "pyc"),
                    str(STDLIB), str(out / "stdlib.zip")], check=True, cwd=ROOT, capture_output=True)
    return out / "stdlib.zip"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.long   # builds the zip twice (make test checks the page imports bytecode, test_page.py)
def test_the_standard_library_zip_is_bytecode_where_the_page_imports_and_reproducible(tmp_path):
    first, second = compile_once(tmp_path / "a"), compile_once(tmp_path / "b")
    assert digest(first) == digest(second)
    pycs = sorted((tmp_path / "a" / "pyc").rglob("*.pyc"))
    assert pycs and [digest(p) for p in pycs] == [digest(tmp_path / "b" / p.relative_to(tmp_path / "a")) for p in pycs]
    with zipfile.ZipFile(first) as built, zipfile.ZipFile(STDLIB) as source:
        names = set(built.namelist())
        for module in ("json/decoder", "dataclasses", "asyncio/events", "_pyodide/_base", "encodings/cp437"):
            assert f"{module}.pyc" in names and f"{module}.py" not in names
            header = built.read(f"{module}.pyc")[:16]
            assert int.from_bytes(header[4:8], "little") == 0b01   # hash-based, not checked
        assert "unittest/case.py" in names and "unittest/case.pyc" not in names   # never imported
        assert {name[:-1] if name.endswith(".pyc") else name for name in names} == set(source.namelist())


def test_the_stylesheet_is_the_shared_one_then_each_games_own_in_the_games_order(monkeypatch, tmp_path):
    import build_site
    from ludotheque import games
    parts = [ROOT / "static" / "app.css"] + [ROOT / "py" / "ludotheque" / "games" / games.package(game_id).split(".")[-1]
                                             / "board.css" for game_id in games.ids()]
    assert build_site.stylesheet() == "".join(path.read_text("utf-8") for path in parts)
    assert build_site.stylesheet() in build_site.render_index((ROOT / "index.html").read_text("utf-8"))
    ids = [*games.ids(), "fifth-game"]
    folder = games.folder
    monkeypatch.setattr(build_site.games, "ids", lambda: ids)
    monkeypatch.setattr(build_site.games, "folder", lambda game_id: tmp_path if game_id == "fifth-game" else folder(game_id))
    with pytest.raises(SystemExit, match=f"{tmp_path / 'board.css'}"):
        build_site.stylesheet()
