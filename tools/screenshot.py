"""Screenshots of the built site for the README and for looking at the page as a player would.

    python3 tools/screenshot.py [--out docs] [--lang fr] [--size 768x1024]

Writes home-<lang>.png (the home screen once ready) into --out."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import serve  # noqa: E402
from chromium import CHROMIUM_ARGS, READY, find_chromium  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--lang", default="fr", choices=("fr", "en"))
    parser.add_argument("--size", default="768x1024")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    from playwright.sync_api import sync_playwright
    server = serve.start(ROOT / "dist")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height}, locale=args.lang)
        page.goto(url)
        page.wait_for_selector(READY, timeout=120_000)
        target = out / f"home-{args.lang}.png"
        page.screenshot(path=str(target))
        print(f"wrote {target}")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
