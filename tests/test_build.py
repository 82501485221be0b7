"""The build's bytecode for the page: the standard library zip it writes holds the modules the page
imports as unchecked-hash .pyc (and no longer their source), keeps the rest as it was, and two
builds write the same bytes. Runs the vendored Pyodide in Node, as the build does. The page's
stylesheet: the shared one, then each game's, and a game without its own stops the build. The
main thread's host: ES modules, each short enough to read at once."""
from __future__ import annotations

import hashlib
import re
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


IMPORT = re.compile(r"""^import (?:[^;]*? from )?"(\./[^"]+)";$|import\("(\.\.?/[^"]+)"\)""", re.M)


def test_the_host_is_es_modules_started_by_main_and_no_script_is_over_600_lines():
    """index.html starts the host as one module, static/host/main.js (deferred, before PyScript);
    every module of static/host/ is imported from it, every import names a file there, and no
    script of static/ is over 600 lines."""
    page = (ROOT / "index.html").read_text("utf-8")
    assert '<script type="module" src="./static/host/main.js"></script>' in page
    assert page.index("./static/host/main.js") < page.index("./pyscript/core.js")
    assert not (ROOT / "static" / "host.js").exists() and "host.js" not in page
    host = ROOT / "static" / "host"
    reached, waiting = set(), ["main.js"]
    while waiting:
        name = waiting.pop()
        if name in reached:
            continue
        reached.add(name)
        for local, dynamic in IMPORT.findall((host / name).read_text("utf-8")):
            target = (host / (local or dynamic)).resolve()
            assert target.exists() or dynamic, f"{name} imports a missing {local}"
            if local:
                waiting.append(target.relative_to(host).as_posix())
    assert reached == {p.name for p in host.glob("*.js")}
    import build_site
    built = build_site.preload_host(page)   # and each asked for with the page, not import by import
    assert [f'<link rel="modulepreload" href="./static/host/{name}">' in built for name in sorted(reached - {"main.js"})] == \
        [True] * (len(reached) - 1)
    assert built.index("modulepreload") < built.index(build_site.HOST_TAG)
    long = {p.relative_to(ROOT).as_posix(): n for p in (ROOT / "static").rglob("*")
            if p.suffix in (".js", ".mjs") and (n := len(p.read_text("utf-8").splitlines())) > 600}
    assert long == {}, f"scripts over 600 lines: {long}"
