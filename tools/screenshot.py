"""Screenshots of the built site for the README and for looking at the page as a player would.

    python3 tools/screenshot.py [--out docs] [--lang fr] [--size 768x1024]

Writes home-<lang>.png (the home screen once ready) and, with --tables, one picture per game's
table a few moves into a game against the computer (table-<game>-<lang>.png) into --out."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import serve  # noqa: E402
from chromium import CHROMIUM_ARGS, READY, find_chromium  # noqa: E402


def shoot_table(page, game_id: str, players: int, target: Path) -> None:
    """Start a game against the computer, play a few taps as a person would, photograph it."""
    page.evaluate("localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0}))")
    page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
    page.select_option("#newgame select[name='players']", str(players))
    page.click("#newgame button[data-action='start']")
    human = "() => !document.querySelector('#banner').textContent.includes('…')"
    for _ in range(4):
        page.wait_for_function(human)
        for selector in ("button[data-act='confirm-setup']", ".tie-main .tie-cell.legal", ".rz-cell.legal",
                         "button[data-act='draw']", ".x16-row.legal", ".x16-drop.legal", "button[data-act='done']",
                         ".ln-garden.active .ln-cell.legal", "button[data-act='discard']"):
            found = page.locator(selector)
            if found.count():
                found.first.click()
                break
    page.wait_for_function(human)
    page.wait_for_timeout(400)
    page.screenshot(path=str(target))
    page.click("#table button[data-action='leave']")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--lang", default="fr", choices=("fr", "en"))
    parser.add_argument("--size", default="768x1024")
    parser.add_argument("--tables", action="store_true", help="also each game's table")
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
        if args.tables:
            for game_id, players in (("lucky-numbers", 3), ("take-it-easy", 3), ("rucki-zucki", 4), ("3x16", 2)):
                target = out / f"table-{game_id}-{args.lang}.png"
                shoot_table(page, game_id, players, target)
                print(f"wrote {target}")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
