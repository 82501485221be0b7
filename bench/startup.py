"""Startup benchmark: time to a ready app against a bare PyScript page on the same vendored runtime.

    python3 bench/startup.py [--runs 7] [--warm] [--base OTHER_DIST]

Both pages are served from one local server in one run, loaded alternately in fresh browser
contexts (cold: empty HTTP cache) and, with --warm, reloaded once more in the same context, as a
returning visit (the app's wasm compiled for Chromium's cache, the game the first visit started
left in progress, so the home screen lists it). The app counts as ready when <html data-ready=
"true">: its home screen shown, listing what is stored, and taking taps (static/host/picture.js: at once
from the page's picture of it, or from the shell on a first visit; a tap then waits for the
worker); the bare page runs one line of Python that sets the same attribute (on the main thread,
as PyScript pages do by default). The app's engine is up when <html data-engine="ready">: the
worker's Python has answered. The worker's downloads and steps are out of the page's sight:
prints, as medians, where the app's start goes as the page sees it (PyScript's scripts loaded,
the worker made, the worker ready: runtime downloaded and started, package unpacked and
imported; then the first answer; then opening a first table), its first paint, the longest task
on the main thread before the engine is up, and the ready and engine times of the app against
the bare page's ready, cold and warm, with their ratios.

--mpy adds a third reference to the alternation: the same one-line page on PyScript's MicroPython
(`type="mpy"`, the version PyScript 0.7.31 pins, vendored as a dev dependency and never shipped),
to measure what a main thread that paints without waiting for Pyodide could gain (docs/DESIGN.md,
"The page's start").

--throttle 20,40 slows the network (Mbit/s, round trip ms) for every page, to see what the
order of downloads does. --base OTHER_DIST adds another build of the app (say, main's dist/ copied aside) to the same
alternation, so a change is measured against it under the same machine load: on a shared
machine figures drift by seconds from one minute to the next, and only an alternating comparison
says much.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import serve  # noqa: E402
from chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402

# ready (the bare page, a build from before data-engine), or this app's engine up
UP = """() => { const d = document.documentElement.dataset;
    return d.engine === 'ready' || (d.ready === 'true' && !('build' in d)); }"""

BARE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import document
document.documentElement.dataset.ready = "true"
</script></body></html>
"""
BARE_TOML = 'interpreter = "./pyscript/pyodide/pyodide.mjs"\n'
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

# PyScript's progress steps, the script's py:ready and the moment data-ready is set, with their
# times (recorded in the page: polling from here would add its own latency)
RECORD_STEPS = """
window.__steps = {};
addEventListener("py:progress", (e) => { window.__steps[e.detail] = performance.now(); });
addEventListener("py:ready", () => { window.__steps["py:ready"] = performance.now(); }, true);
window.__longest = 0;
try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
        .observe({type: "longtask", buffered: true});
} catch (e) {}
new MutationObserver(() => {
    const data = document.documentElement.dataset;
    if (data.ready === "true" && !window.__steps.ready) window.__steps.ready = performance.now();
    if (data.engine === "ready" && !window.__steps.engine) window.__steps.engine = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready", "data-engine"]});
"""
TIMES = """() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const first = performance.getEntriesByName('first-paint')[0];
    const resources = performance.getEntriesByType('resource');
    const runtime = resources.filter(r => /pyodide\\.asm\\.wasm|python_stdlib\\.zip|pyodide\\.asm\\.mjs/.test(r.name));
    const nav = performance.getEntriesByType('navigation')[0];
    const s = window.__steps || {};
    const mark = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
    const made = mark("ludotheque:worker-made"), up = mark("ludotheque:worker-ready");
    return {ready: s.ready, engine: s.engine === undefined ? null : s.engine, fcp: paint ? paint.startTime : null, fp: first ? first.startTime : null,
            downloaded: runtime.length ? Math.max(...runtime.map(r => r.responseEnd)) : null,
            bytes: resources.reduce((sum, r) => sum + (r.encodedBodySize || 0), nav ? nav.encodedBodySize : 0),
            made: made, up: up, to_engine: up !== null && s.engine ? s.engine - up : null,
            longest: window.__longest};
}"""
# a first table: Take It Easy's new-game dialog and its start button, as taps; done when painted
FIRST_TABLE = """() => new Promise((resolve) => {
    const t0 = performance.now();
    document.querySelector("#cards button[data-action='new'][data-game='take-it-easy']").click();
    const start = () => document.querySelector("#newgame button[data-action='start']")
        ? (document.querySelector("#newgame button[data-action='start']").click(), done()) : setTimeout(start, 2);
    const done = () => document.querySelector('#table .banner')
        ? requestAnimationFrame(() => resolve(performance.now() - t0)) : setTimeout(done, 2);
    start();
})"""


def prepare(dist: Path, work: Path, base: Path | None, mpy: bool = False) -> None:
    """work/app = the built site; work/bare = the bare page beside a copy of the same runtime;
    work/base = the other build, if any; work/mpy = the bare page on MicroPython, if asked."""
    shutil.copytree(dist, work / "app")
    bare = work / "bare"
    bare.mkdir()
    shutil.copytree(dist / "pyscript", bare / "pyscript")
    (bare / "index.html").write_text(BARE)
    (bare / "bare.toml").write_text(BARE_TOML)
    if base:
        shutil.copytree(base, work / "base")
    if mpy:
        page = work / "mpy"
        shutil.copytree(dist / "pyscript", page / "pyscript", ignore=shutil.ignore_patterns("pyodide"))
        (page / "pyscript" / "micropython").mkdir()
        for name in ("micropython.mjs", "micropython.wasm"):
            shutil.copy(MPY / name, page / "pyscript" / "micropython" / name)
        (page / "index.html").write_text(BARE.replace('type="py"', 'type="mpy"'))
        (page / "bare.toml").write_text('interpreter = "./pyscript/micropython/micropython.mjs"\n')


def measure(browser, url: str, warm: bool, app: bool, throttle: tuple[float, float] | None = None) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 768, "height": 1024}, service_workers="block")
    context.add_init_script(RECORD_STEPS)
    page = context.new_page()
    if throttle:
        mbits, rtt = throttle
        rate = mbits * 1e6 / 8
        context.new_cdp_session(page).send("Network.emulateNetworkConditions", {
            "offline": False, "latency": rtt, "downloadThroughput": rate, "uploadThroughput": rate})
    finished: list = []   # the worker's downloads too (the page's resource timings miss them)
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url, wait_until="commit")
    page.wait_for_function(UP, timeout=120_000)
    result = page.evaluate(TIMES)
    result["bytes"] = sum(max(0, request.sizes()["responseBodySize"]) for request in list(finished))
    result["cold"] = result.pop("ready")
    if app:
        result["table"] = page.evaluate(FIRST_TABLE)
    if warm:
        # a returning visit: the page has been open a while (the app compiles Pyodide's wasm for
        # Chromium's cache once its first start is over and the page idle: static/host/wasm.js, precompile),
        # the game it started left in progress: back home, the tab closed (no table to reopen)
        page.wait_for_timeout(500)
        if app:   # a game untouched is not kept: one tile placed (twice tapped: where, then confirmed)
            while not page.locator("#table .tie-main .tie-cell.filled").count():
                page.click("#table .tie-main .tie-cell.legal >> nth=0")
                page.wait_for_timeout(100)
            page.click("#table button[data-action='leave']")
            page.wait_for_selector("#going .saved-game")
            page.evaluate("sessionStorage.clear()")
        if page.evaluate("!!document.querySelector('script[src$=\"host/main.js\"]')"):   # not the bare page, nor a main-thread build
            page.wait_for_function("localStorage.getItem('ludotheque-wasm') === '1'", timeout=30_000)
        page.reload(wait_until="commit")
        page.wait_for_function(UP, timeout=120_000)
        result["warm"] = page.evaluate("window.__steps.ready")
        result["warm_engine"] = page.evaluate("window.__steps.engine || null")
        if app:
            result["warm_listed"] = page.locator("#going .saved-game").count()
    context.close()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--warm", action="store_true", help="also time a reload in the same context")
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--base", help="another build of the app to measure in the same alternation")
    parser.add_argument("--mpy", action="store_true", help="also time the one-line page on MicroPython")
    parser.add_argument("--throttle", metavar="MBITS,RTT_MS",
                        help="a slower network for every page (Chromium's emulation), e.g. 20,40")
    args = parser.parse_args()
    throttle = tuple(float(x) for x in args.throttle.split(",")) if args.throttle else None
    from playwright.sync_api import sync_playwright

    if args.mpy and not (MPY / "micropython.wasm").exists():
        parser.error(f"--mpy: {MPY} is missing (make deps installs it)")
    names = ["app", "bare"] + (["base"] if args.base else []) + (["mpy"] if args.mpy else [])
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        prepare(Path(args.dist), work, Path(args.base) if args.base else None, args.mpy)
        server = serve.start(work)
        root = f"http://127.0.0.1:{server.server_address[1]}/"
        samples: dict[str, list[dict[str, float]]] = {name: [] for name in names}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for name in names:   # warm the OS file cache and the browser binary
                measure(browser, f"{root}{name}/", False, False)
            for run in range(args.runs):
                for name in (names if run % 2 == 0 else names[::-1]):
                    samples[name].append(measure(browser, f"{root}{name}/", args.warm, name not in ("bare", "mpy"), throttle))
            browser.close()
        server.shutdown()

    def med(name: str, key: str) -> float | None:
        values = [s[key] for s in samples[name] if s.get(key) is not None]
        return statistics.median(values) if values else None

    print(f"runs: {args.runs} each, alternating, fresh context per run (cold HTTP cache); medians in ms"
          + (f"; network {throttle[0]:g} Mbit/s, {throttle[1]:g} ms RTT" if throttle else ""))
    for name in [n for n in names if n not in ("bare", "mpy")]:
        label = "Ludothèque" if name == "app" else f"base ({args.base})"
        print(f"{label}:")
        print(f"  downloaded: {med(name, 'bytes') / 1e6:.2f} MB before ready (bodies as sent, the worker's too)")
        print("  timeline from the navigation:")
        if med(name, "made") is not None:   # Python in a worker: the page sees these steps
            print(f"    worker made                  {med(name, 'made'):7.0f}   (PyScript's scripts and config loaded)")
            print(f"    worker ready                 {med(name, 'up'):7.0f}   (runtime downloaded and started, package"
                  " imported: in the worker)")
            print(f"    engine up                    {med(name, 'engine'):7.0f}   (the worker's first answer:"
                  f" {med(name, 'to_engine'):.0f} after the worker was ready)")
        else:   # a build with Python on the main thread (--base): its runtime downloads are the page's
            print(f"    runtime files downloaded     {med(name, 'downloaded'):7.0f}   (wasm, its JS, the standard library)")
            print(f"    ready                        {med(name, 'cold'):7.0f}")
        print(f"  ready                          {med(name, 'cold'):7.0f}   (the home screen shown, taking taps)")
        print(f"  longest main-thread task       {med(name, 'longest'):7.0f}   (before the engine is up, the longtask API)")
        print(f"  first table (Take It Easy)     {med(name, 'table'):7.0f}   (two taps -> table painted)")
        print(f"  first paint                    {med(name, 'fp'):7.0f}   (max {max(s['fp'] for s in samples[name]):.0f})")
        if args.warm:
            print(f"  ready, warm reload             {med(name, 'warm'):7.0f}   (its game listed in"
                  f" {sum(1 for x in samples[name] if x.get('warm_listed'))} of {len(samples[name])} runs)")
            if med(name, "warm_engine") is not None:
                print(f"  engine up, warm reload         {med(name, 'warm_engine'):7.0f}")
    print(f"bare PyScript page ready: {med('bare', 'cold'):.0f}" + (f", warm {med('bare', 'warm'):.0f}" if args.warm else ""))
    for name in [n for n in names if n != "bare"]:
        ratio = med(name, "cold") / med("bare", "cold")
        line = f"ready ratio {name} / bare: cold {ratio:.3f}"
        if args.warm:
            line += f", warm {med(name, 'warm') / med('bare', 'warm'):.3f}"
        print(line + ("  (issue #26: <= 0.5)" if name == "app" else ""))
        if med(name, "engine") is not None:
            line = f"engine up {name} / bare ready: cold {med(name, 'engine') / med('bare', 'cold'):.3f}"
            if args.warm and med(name, "warm_engine") is not None:
                line += f", warm {med(name, 'warm_engine') / med('bare', 'warm'):.3f}"
            print(line + "  (a tap made before waits until then)")
    if args.mpy:
        print(f"the same one-line page on MicroPython ready: {med('mpy', 'cold'):.0f}"
              + (f", warm {med('mpy', 'warm'):.0f}" if args.warm else ""))
    if args.base:
        print(f"app / base ready: cold {med('app', 'cold') / med('base', 'cold'):.3f}"
              + (f", warm {med('app', 'warm') / med('base', 'warm'):.3f}" if args.warm else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
