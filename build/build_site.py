"""Build the static site into dist/: the page, the Python package, the static files and the
vendored PyScript + Pyodide runtime. Every URL in the result is relative, so dist/ works at the
root of a host and under any subpath (GitHub Pages serves it at /<repo>/).

    python3 build/build_site.py [--out dist] [--extra DIR ...]

`--extra DIR` adds a game from outside the package (the tests' fifth game, tests/games/pick_biggest):
DIR is a game's folder laid out as the app's own (docs/DESIGN.md, "Adding a game"), copied into the
site's package as `ludotheque/games/<DIR's name>/`, where the page's scan of the games finds it.

The shell (index.html) is painted from the same text tables the page uses: each text appears once
per language, and CSS shows the one matching <html lang>, so the menu is readable before Python
has even started.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ludotheque import games, texts  # noqa: E402
from ludotheque.texts import LANGS  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pwa  # noqa: E402

STDLIB = "python_stdlib.zip"
RUNTIME_START = "runtime.mjs"   # static/runtime.mjs, beside pyodide.mjs in the site
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, "pyodide-lock.json")
# PyScript's chunks for what this page never uses (its code editor, its terminal, MicroPython,
# the fflate zip helper, the JS storage module, its own service worker), by name without the
# content hash: left out of dist/, so neither downloaded nor precached (1.1 MB the worker used to
# fetch at the first visit). tests/test_page.py checks that nothing the page asks for is missing.
UNUSED_CHUNKS = {"codemirror", "codemirror_commands", "codemirror_lang-python", "codemirror_language",
                 "codemirror_state", "codemirror_view", "index", "xterm", "xterm-readline",
                 "xterm_addon-fit", "xterm_addon-web-links", "xterm.css", "mpy", "py", "pyodide_graph",
                 "zip", "storage.js", "service-worker.js"}
HASHED = re.compile(r"(.+)-[A-Za-z0-9_-]{8}\.js")
SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+[ \t]*\n?$")
DATA = "data"   # a game's folder's data/: learned tables the page fetches when it needs them (web/data_files.py)
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same zip and hash


def both(lookup) -> str:
    """One <span lang> per language, from lookup(lang) -> text (escaped here)."""
    return "".join(f'<span lang="{lang}">{html.escape(lookup(lang))}</span>' for lang in LANGS)


def players_text(game, lang: str) -> str:
    if game.min_players == game.max_players:
        return str(game.min_players)
    key = "home.players.one" if game.min_players == 1 else "home.players"
    return texts.text(lang, key, min=game.min_players, max=game.max_players)




EXTRAS: list[Path] = []   # the folders of games added from outside (--extra)


def add_extra(folder: Path) -> str:
    """Register a game added from outside, as the page will find it (a folder of the games'
    package); its game id."""
    folder = folder.resolve()
    if str(folder.parent) not in games.__path__:
        games.__path__.append(str(folder.parent))
    found = games.scan()
    EXTRAS.append(folder)
    return found[0] if found else folder.name


def game_asset(game_id: str, name: str) -> Path:
    """A game's own file in its folder (its icon, its stylesheet)."""
    path = games.folder(game_id) / name
    if not path.exists():
        raise SystemExit(f"every game needs its own {'stylesheet (empty if it has no rules of its own)' if name.endswith('.css') else 'icon'}: "
                         f"missing {path}")
    return path


def card_art(game_id: str) -> str:
    """The card's picture, inlined: a separate image request would delay the first paint."""
    svg = game_asset(game_id, "icon.svg").read_text("utf-8").strip()
    return svg.replace("<svg ", '<svg width="96" height="96" focusable="false" ', 1)


def render_cards() -> str:
    cards = []
    for game_id in games.ids():
        game = games.get(game_id)
        esc = html.escape(game_id)
        extras = "".join(
            f'\n          <button type="button" data-action="{action}" data-game="{esc}" disabled>'
            f'{both(lambda lang, k=key: texts.text(lang, k))}</button>'
            # besides "new game" and "how to play": the daily deal, for a game that has one, and
            # play on several devices, for a game played so
            for action, key in ([("daily", "home.daily")] if game.daily_options is not None else [])
            + ([("devices", "home.devices")] if game.device_number is not None else []))
        cards.append(f"""      <article class="card" data-game="{esc}">
        <div class="card-art" aria-hidden="true">{card_art(game_id)}</div>
        <div class="card-body">
          <h2 class="card-name">{both(lambda lang: game.text(lang, "name"))}</h2>
          <p class="card-players">{both(lambda lang: players_text(game, lang))}</p>
          <p class="card-pitch">{both(lambda lang: game.text(lang, "pitch"))}</p>
        </div>
        <div class="card-actions">
          <button type="button" class="primary" data-action="new" data-game="{esc}" disabled>{both(lambda lang: texts.text(lang, "home.play"))}</button>
          <button type="button" data-action="rules" data-game="{esc}" disabled>{both(lambda lang: texts.text(lang, "home.rules"))}</button>{extras}
        </div>
      </article>""")
    return "\n".join(cards)


def stylesheet() -> str:
    """The page's one stylesheet: the shared static/app.css, then each game's own board.css in
    the order of games.ids() (a game's rules after the shared ones)."""
    paths = [ROOT / "static" / "app.css"] + [game_asset(game_id, "board.css") for game_id in games.ids()]
    return "".join(path.read_text("utf-8") for path in paths)


def inline_assets(page: str) -> str:
    """Put the stylesheet (stylesheet(): the shared one and the games') and the boot script marked
    data-inline into the page itself: the shell then paints from the first response, with no other
    request in its way."""
    css_tag = '<link rel="stylesheet" href="./static/app.css" data-inline>'
    js_tag = '<script src="./static/boot.js" data-inline></script>'
    css = stylesheet()
    js = (ROOT / "static" / "boot.js").read_text("utf-8")
    if css_tag not in page or js_tag not in page:
        raise SystemExit("index.html lost its data-inline stylesheet or boot script")
    return page.replace(css_tag, f"<style>\n{css}</style>").replace(js_tag, f"<script>\n{js}</script>")


HOST_TAG = '<script type="module" src="./static/host/main.js"></script>'


def preload_host(page: str) -> str:
    """Every module of the page's host (static/host/) asked for with the page, all at once: a
    module's imports are found only once it has arrived, so main.js alone would fetch them level
    by level (four round trips) before the home screen's picture could show."""
    if HOST_TAG not in page:
        raise SystemExit("index.html lost its host module (static/host/main.js)")
    links = "".join(f'<link rel="modulepreload" href="./static/host/{path.name}">\n'
                    for path in sorted((ROOT / "static" / "host").glob("*.js")) if path.name != "main.js")
    return page.replace(HOST_TAG, links + HOST_TAG)


def markup_hash() -> str:
    """What the screens' markup is made from (the package's sources): a home screen's picture
    kept by an older build is not shown by this one (static/host/picture.js)."""
    digest = hashlib.sha256()
    package = ROOT / "py" / "ludotheque"
    for path in sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


# The page's Content Security Policy, as a <meta http-equiv> (GitHub Pages sends no headers of a
# site's choosing). Scripts: the site's own files and the page's inline scripts by their hashes
# (the first script, which picks the language before the first paint, and boot.js, inlined), so no
# inline handler and no injected script runs; 'wasm-unsafe-eval' compiles Pyodide's WebAssembly
# (in the page, static/host/wasm.js, and in the workers). Pyodide needs nothing more (its one `eval` is
# for the EM_ASM code of a dynamically loaded library, and the page loads none), but PyScript
# 0.7.31 does: it joins the hooks of its plugins for a worker (the built-in `_pyscript` module's
# registration among them) into one function with `Function(source)` in the page, sends it to
# the worker as text, and the worker makes it a function again the same way; without
# 'unsafe-eval' that first `Function` throws and PyScript falls back to Pyodide from its CDN,
# which this policy refuses (measured: the start fails). Measured again for issue #56 (point 6),
# PyScript 0.7.31, Chromium 156, this policy less 'unsafe-eval': the page does not start
# ("data-boot" failed: the dynamic import of Pyodide from PyScript's CDN failed): a
# securitypolicyviolation "script-src" for "eval" from pyscript/core-*.js (hooks.js's
# createFunction: the worker's onBeforeRunAsync hook, PyScript's own `_pyscript` registration,
# always there), then the console's refusal, by this policy, of the CDN's copy of Pyodide that
# PyScript falls back to. So it stays. 'unsafe-eval' lets no markup run
# anything: an inline script or handler, the way stored markup attacks, stays refused; a
# PyScript tag that markup could bring starts nothing either (static/host/guard.js). PyScript
# starts each worker from a blob: URL (which takes this policy with it) and hands Pyodide its lock
# file as one: worker-src and connect-src allow blob:. Styles allow 'unsafe-inline': the screens'
# markup sets CSS variables in style attributes (a seat's colour) and static/motion.js copies
# computed styles; no style can run code. Nothing is fetched off the origin.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' {hashes}; worker-src 'self' blob:; "
       "connect-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "font-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def content_security_policy(page: str) -> str:
    """The policy for `page`, with the hash of each of its inline scripts."""
    hashes = [base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
              for body in INLINE_SCRIPT.findall(page)]
    if re.search(r"<script(?![^>]*\b(src|type)=)[^>]+>", page):
        raise SystemExit("index.html has an inline script with attributes: its hash would not be taken")
    markup = re.sub(r"<(script|style)\b[^>]*>.*?</\1>", "", page, flags=re.S)
    if re.search(r"<[^>]*\son[a-z]+\s*=", markup):
        raise SystemExit("index.html has an inline event handler: the Content Security Policy stops it")
    return CSP.format(hashes=" ".join(f"'sha256-{h}'" for h in hashes))


def render_index(source: str) -> str:
    out = preload_host(inline_assets(source)).replace("{{cards}}", render_cards()).replace("{{build}}", markup_hash())
    while "{{text:" in out:
        start = out.index("{{text:")
        end = out.index("}}", start)
        key = out[start + 7:end]
        # inside an attribute only one language fits: the shell's default (French)
        in_attr = out.rfind('"', 0, start) > out.rfind(">", 0, start)
        value = html.escape(texts.text("fr", key)) if in_attr else both(lambda lang: texts.text(lang, key))
        out = out[:start] + value + out[end + 2:]
    if "{{csp}}" not in out:
        raise SystemExit("index.html lost its Content-Security-Policy meta ({{csp}})")
    return out.replace("{{csp}}", content_security_policy(out))


def compile_for_page(src: Path, work: Path, stdlib: Path, stdlib_out: Path) -> list[Path]:
    """Bytecode for the page's Python (3.14, made by Pyodide itself in Node), so the page imports
    instead of compiling at each start: every module of the package (returned, under work/), and
    stdlib_out, Pyodide's standard library zip with the modules the page imports as bytecode."""
    subprocess.run(["node", str(ROOT / "build" / "compile_pyc.mjs"), str(src.parent), str(work),
                    str(stdlib), str(stdlib_out)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    return sorted(work.rglob("*.pyc"))


def is_data(relative: Path) -> bool:
    """A file of a game's data/ folder (ludotheque/games/<game>/data/...): shipped beside the zip."""
    parts = relative.parts
    return len(parts) > 4 and parts[:2] == ("ludotheque", "games") and parts[3] == DATA


def zip_package(src: Path, dest: Path, stdlib: Path, stdlib_out: Path) -> None:
    """The package as one zip: its Python sources (for tracebacks) and their page bytecode, and
    its JSON; and the standard library's zip with bytecode (see compile_for_page). A game's
    stylesheet and icon are in the page already; its data/ files lie beside the zip, under
    data/<game>/, fetched when a table needs them (web/data_files.py), not at every start."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    shipped = (".py", ".json")
    entries = []
    for path in sorted(src.rglob("*")):
        relative = path.relative_to(src.parent)
        if not path.is_file() or "__pycache__" in path.parts or path.suffix not in shipped:
            continue
        if is_data(relative):
            target = dest.parent / DATA / relative.parts[2] / Path(*relative.parts[4:])
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        else:
            entries.append((path, relative))
    with tempfile.TemporaryDirectory() as tmp:
        entries += [(path, path.relative_to(tmp)) for path in compile_for_page(src, Path(tmp), stdlib, stdlib_out)]
        files = [(str(name), path.read_bytes()) for path, name in entries]
        for extra in EXTRAS:   # sources only: compiled in the page at their import
            files += [(str(Path("ludotheque", "games", extra.name, path.relative_to(extra))), path.read_bytes())
                      for path in sorted(extra.rglob("*.py")) if "__pycache__" not in path.parts]
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for name, data in files:
                info = zipfile.ZipInfo(name, ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, data)


def copy_runtime(node_modules: Path, out: Path) -> None:
    core = node_modules / "@pyscript" / "core" / "dist"
    pyodide = node_modules / "pyodide"
    missing = [str(p) for p in (core / "core.js", *(pyodide / f for f in PYODIDE_FILES)) if not p.exists()]
    if missing:
        raise SystemExit("the runtime is not installed (run `npm ci`): missing " + ", ".join(missing))
    target = out / "pyscript"
    target.mkdir(parents=True)
    for path in sorted(core.iterdir()):
        stem = HASHED.fullmatch(path.name)
        if path.is_file() and not path.name.endswith(".map") and (stem[1] if stem else path.name) not in UNUSED_CHUNKS:
            copy_code(path, target / path.name)
    (target / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        if name == "pyodide-lock.json":
            write_lock_file(pyodide / name, target / "pyodide" / name)
        elif name != STDLIB:   # written by zip_package, compiled
            copy_code(pyodide / name, target / "pyodide" / name)
    # the worker's start from the page's compiled wasm, where PyScript's `interpreter` points
    copy_code(ROOT / "static" / RUNTIME_START, target / "pyodide" / RUNTIME_START)


# the codes of a table of several devices: drawn as QR codes (lean-qr, 7 kB) and read from the
# camera (jsQR, fetched only when a person opens the camera), with their licences
VENDORED = {"lean-qr.mjs": ("lean-qr", "index.mjs"), "jsQR.js": ("jsqr", "dist/jsQR.js")}


def copy_vendored(node_modules: Path, out: Path) -> None:
    target = out / "static" / "vendor"
    target.mkdir(parents=True, exist_ok=True)
    for name, (package, path) in VENDORED.items():
        source = node_modules / package / path
        if not source.exists():
            raise SystemExit(f"{package} is not installed (run `npm ci`): missing {source}")
        copy_code(source, target / name)
        shutil.copy2(node_modules / package / "LICENSE", target / f"{package}.LICENSE.txt")


# pyodide.asm.mjs makes a shared WebAssembly memory as it loads, for a sleep it needs only when
# a read answers EAGAIN (Node's stdin): in a page without cross-origin isolation Chromium reports
# that as the deprecated use of SharedArrayBuffer (Lighthouse's best practices). Made at its
# first use instead, with the same behaviour.
EAGER_SLEEP = (b"var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
               b"function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}")
LAZY_SLEEP = (b"var io;function so(t){try{return io??=new Int32Array(new WebAssembly.Memory("
              b"{shared:!0,initial:1,maximum:1}).buffer),Atomics.wait(io,0,0,t),!0}catch{return!1}}")


def copy_code(source: Path, dest: Path) -> None:
    """Copy a runtime file; a script loses its sourceMappingURL comment: the maps are not shipped,
    and a tool that follows the comment (Lighthouse, DevTools) would ask for a missing file."""
    data = source.read_bytes()
    if source.suffix in (".js", ".mjs"):
        data = SOURCE_MAP.sub(b"\n", data)
    if source.name == "pyodide.asm.mjs":
        if data.count(EAGER_SLEEP) != 1:
            raise SystemExit(f"{source}: its shared-memory sleep is not the one build_site.py "
                             "rewrites (another Pyodide?): check EAGER_SLEEP")
        data = data.replace(EAGER_SLEEP, LAZY_SLEEP)
    dest.write_bytes(data)
    shutil.copymode(source, dest)


def write_lock_file(source: Path, dest: Path) -> None:
    """Pyodide reads its lock file at every start to know its packages (114 KB); the page loads
    none, so it gets the same `info` (checked against the runtime's ABI) and no package."""
    lock = json.loads(source.read_text("utf-8"))
    dest.write_text(json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n", "utf-8")


def content_hash(out: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(out)).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def build(out: Path, node_modules: Path) -> str:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_runtime(node_modules, out)
    shutil.copytree(ROOT / "static", out / "static", ignore=shutil.ignore_patterns(RUNTIME_START))
    copy_vendored(node_modules, out)
    (out / "index.html").write_text(render_index((ROOT / "index.html").read_text("utf-8")), "utf-8")
    shutil.copy2(ROOT / "pyscript.toml", out / "pyscript.toml")
    (out / "py").mkdir()
    for entry in ("main.py", "thinker.py"):   # the table's worker and the bots' worker
        shutil.copy2(ROOT / "py" / entry, out / "py" / entry)
    zip_package(ROOT / "py" / "ludotheque", out / "py" / "ludotheque.zip",
                Path(node_modules) / "pyodide" / STDLIB, out / "pyscript" / "pyodide" / STDLIB)
    pwa.write_assets(out)  # manifest and icons: cached by the service worker, so in the hash
    build_id = content_hash(out)
    (out / "build.json").write_text(json.dumps({"build": build_id}) + "\n", "utf-8")
    pwa.write_service_worker(out, build_id)  # last: it lists (and hashes) every file above
    return build_id


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "dist"))
    parser.add_argument("--node-modules", default=str(ROOT / "node_modules"))
    parser.add_argument("--extra", action="append", default=[], metavar="DIR",
                        help="a game's package from outside the app (the tests' fifth game)")
    args = parser.parse_args(argv)
    for folder in args.extra:
        add_extra(Path(folder))
    build_id = build(Path(args.out), Path(args.node_modules))
    files = sum(1 for p in Path(args.out).rglob("*") if p.is_file())
    print(f"built {args.out}: {files} files, build {build_id}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
