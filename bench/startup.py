"""Startup benchmark: time to a ready app against a bare PyScript page on the same vendored runtime.

    python3 bench/startup.py [--runs 7] [--warm]

Both pages are served from one local server in one run, loaded alternately in fresh browser
contexts (cold: empty HTTP cache) and, with --warm, reloaded once more in the same context. The
app counts as ready when Python sets <html data-ready="true">; the bare page runs one line of
Python that sets the same attribute. Prints the medians, their ratio and the app's first paint.
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
from chromium import CHROMIUM_ARGS, READY, find_chromium  # noqa: E402

BARE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import document
document.documentElement.dataset.ready = "true"
</script></body></html>
"""
BARE_TOML = 'interpreter = "./pyscript/pyodide/pyodide.mjs"\n'


def prepare(dist: Path, work: Path) -> None:
    """work/app = the built site; work/bare = the bare page beside a copy of the same runtime."""
    shutil.copytree(dist, work / "app")
    bare = work / "bare"
    bare.mkdir()
    shutil.copytree(dist / "pyscript", bare / "pyscript")
    (bare / "index.html").write_text(BARE)
    (bare / "bare.toml").write_text(BARE_TOML)


def measure(browser, url: str, warm: bool) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 768, "height": 1024}, service_workers="block")
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    timing = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const first = performance.getEntriesByName('first-paint')[0];
        return {ready: performance.now(), fcp: paint ? paint.startTime : null,
                fp: first ? first.startTime : null, start: nav ? nav.startTime : 0};
    }""")
    result = {"cold": timing["ready"], "fcp": timing["fcp"], "fp": timing["fp"]}
    if warm:
        page.reload(wait_until="commit")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        result["warm"] = page.evaluate("performance.now()")
    context.close()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--warm", action="store_true", help="also time a reload in the same context")
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        prepare(Path(args.dist), work)
        server = serve.start(work)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        samples: dict[str, list[dict[str, float]]] = {"app": [], "bare": []}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            measure(browser, base + "bare/", False)  # warm the OS file cache and the browser binary
            measure(browser, base + "app/", False)
            for run in range(args.runs):
                order = ("app", "bare") if run % 2 == 0 else ("bare", "app")
                for name in order:
                    samples[name].append(measure(browser, f"{base}{name}/", args.warm))
            browser.close()
        server.shutdown()

    def med(name: str, key: str) -> float:
        return statistics.median(s[key] for s in samples[name])

    print(f"runs: {args.runs} each, alternating, fresh context per run (cold HTTP cache)")
    print(f"bare PyScript page ready: median {med('bare', 'cold'):7.0f} ms")
    print(f"Ludothèque ready:         median {med('app', 'cold'):7.0f} ms")
    ratio = med("app", "cold") / med("bare", "cold")
    print(f"ready-time ratio (app / bare): {ratio:.3f}  (goal <= 1.10)")
    if args.warm:
        warm_ratio = med("app", "warm") / med("bare", "warm")
        print(f"warm reload: bare {med('bare', 'warm'):.0f} ms, app {med('app', 'warm'):.0f} ms, ratio {warm_ratio:.3f}")
    for key, name in (("fp", "first paint"), ("fcp", "first contentful paint")):
        values = [s[key] for s in samples["app"] if s[key] is not None]
        if values:
            print(f"app {name}: median {statistics.median(values):.0f} ms, max {max(values):.0f} ms (goal < 200)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
