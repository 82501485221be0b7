"""Screenshots of the built site for the README and for looking at the page as a player would.

    python3 tools/screenshot.py [--out docs] [--lang fr] [--size 768x1024]

Writes home-<lang>.png (the home screen once ready) and, with --tables, one picture per game's
table a few moves into a game against the computer (table-<game>-<lang>.png) into --out; with
--guides, one picture per game of its guided first game at a step (guide-<game>-<lang>-<size>.png);
with --ends, one picture per game of its end screen, a game of three computers stored a few moves
before its end and opened from the home (end-<game>-<lang>-<size>.png); with --middle, one picture
per game of a family's game just past its middle, at a person's turn, as the screen shows it,
unscrolled (middle-<game>-<lang>-<size>.png)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
sys.path.insert(0, str(ROOT / "py"))

import serve  # noqa: E402
from chromium import CHROMIUM_ARGS, READY, find_chromium  # noqa: E402
from ludotheque import games  # noqa: E402
from stored_games import bots_near_the_end, family_middle, family_table  # noqa: E402


def shoot_table(page, game_id: str, players: int, target: Path) -> None:
    """Start a game against the computer, play a few taps as a person would, photograph it."""
    page.evaluate("localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0}))")
    page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
    page.select_option("#newgame select[name='players']", str(players))
    page.click("#newgame button[data-action='start']")
    # the table comes back from the worker a moment after the tap: wait for it, then for a person's turn
    human = "() => { const b = document.querySelector('#table #banner'); return b && !b.textContent.includes('…'); }"
    for _ in range(4):
        page.wait_for_function(human)
        for selector in ("button[data-act='confirm-setup']", ".tie-main .tie-cell.legal", ".rz-cell.legal",
                         "button[data-act='draw']", ".x16-row.legal", ".x16-drop.legal", "button[data-act='done']",
                         ".ln-garden.active .ln-cell.legal", "button[data-act='discard']"):
            found = page.locator(selector)
            if found.count():
                before = page.locator("#table").inner_html()
                found.first.click()
                page.wait_for_function("(before) => document.querySelector('#table').innerHTML !== before", arg=before)
                break
    page.wait_for_function(human)
    page.wait_for_timeout(400)
    page.screenshot(path=str(target))
    leave(page)


def guide_taps(game_id: str, move: dict) -> list[str]:
    """The selectors a person taps, in order, to play `move` of a guided game at the game's table."""
    kind = move["type"]
    if game_id == "lucky-numbers":
        cell = f"#table .ln-main [data-act='cell'][data-row='{move.get('row')}'][data-col='{move.get('col')}']"
        return {"setup": ["#table [data-act='confirm-setup']"], "draw": ["#table [data-act='draw']"],
                "discard": ["#table [data-act='discard']"], "place": [cell],
                "take": [f"#table [data-act='pool'][data-tile='{move.get('tile')}']", cell]}[kind]
    if game_id == "take-it-easy":
        return [f"#table .tie-main [data-act='place'][data-cell='{move['cell']}']"]
    if game_id == "rucki-zucki":
        if kind in ("draw", "end"):
            return [f"#table .rz-hand [data-act='{kind}']"]
        if kind == "joker":
            return ["#table .rz-hand [data-act='card'][data-card='joker']",
                    f"#table [data-act='cell'][data-cell='{move['cell']}']"]
        return [f"#table [data-act='cell'][data-cell='{move['card']}']"]
    if kind == "place":
        return [f"#table [data-act='row'][data-row='{move['row']}']" if "row" in move
                else f"#table [data-act='column'][data-column='{move['column']}']"]
    if kind == "transfer":
        return [f"#table [data-act='bottom'][data-column='{move['column']}']"]
    return [f"#table [data-act='{kind}']"]


def shoot_guide(page, game_id: str, target: Path, step: int = 3) -> None:
    """Open the game's guided game from its rules, play its first `step` steps by taps as the
    person would, then photograph the next step (its move lit, its sentence said)."""
    from ludotheque import games
    from ludotheque.web.table.guide import Guide
    page.evaluate("localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0}))")
    page.click(f"#cards button[data-action='rules'][data-game='{game_id}']")
    page.click(".dialog.rules [data-action='guide']")
    game = games.get(game_id)
    guide = Guide(game)
    lang = page.evaluate("document.documentElement.lang")
    for n, taught in enumerate([s for s in guide.steps if s.say][:step + 1]):
        if page.locator("#pass-cover").count():
            page.click("#pass-cover [data-action='reveal']")
        page.locator("#table #guide-note").filter(has_text=game.texts[lang][taught.say]).wait_for()
        if n == step:
            break
        for selector in guide_taps(game_id, taught.move):
            page.click(selector)
    page.wait_for_selector("#table .hint")
    page.wait_for_timeout(400)
    page.screenshot(path=str(target))
    leave(page)


def leave(page) -> None:
    """Back to the games, and wait for the home: a reload before the tap is answered would open
    the table again."""
    page.click("#table button[data-action='leave']")
    page.wait_for_selector("#cards")


def continue_stored(page, save) -> None:
    """Store `save` alone (the computers at once), reload, and continue it from the home."""
    page.evaluate("([key, value]) => { for (const k of Object.keys(localStorage))"
                  " if (k.startsWith('ludotheque:save:')) localStorage.removeItem(k);"
                  " localStorage.setItem(key, value);"
                  " localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0})); }",
                  [save.key, save.to_json()])
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    page.click(f"#going li[data-save='{save.id}'] button[data-action='continue']")


def shoot_end(page, game_id: str, players: int, target: Path) -> None:
    """A game of easy computers stored a few moves before its end (`stored_games`), opened from
    the home: they finish it, and its end screen is photographed whole."""
    continue_stored(page, bots_near_the_end(game_id, players, left=4))
    page.wait_for_selector("#table .table[data-over='true']", timeout=60_000)
    page.wait_for_timeout(1500)   # the end's moments and count-ups come to rest
    page.screenshot(path=str(target), full_page=True)
    leave(page)


def shoot_middle(page, game_id: str, target: Path) -> None:
    """A family's game stored past its middle (`stored_games.family_middle`), opened from the home
    at a person's turn, past the hand-over cover: the screen as that person sees it, unscrolled."""
    continue_stored(page, family_middle(game_id))
    page.wait_for_selector("#table .table", timeout=60_000)
    page.wait_for_timeout(800)   # a hand-over cover comes with the table's first paint or just after it
    if page.locator("#pass-cover").count():
        page.click("#pass-cover [data-action='reveal']")
        page.wait_for_selector("#pass-cover", state="detached")
        page.wait_for_timeout(400)
    page.screenshot(path=str(target))
    leave(page)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--lang", default="fr", choices=("fr", "en"))
    parser.add_argument("--size", default="768x1024")
    parser.add_argument("--tables", action="store_true", help="also each game's table")
    parser.add_argument("--guides", action="store_true", help="also a step of each game's guided game")
    parser.add_argument("--ends", action="store_true", help="also each game's end screen")
    parser.add_argument("--middle", action="store_true", help="also each game just past its middle, at a person's turn")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="the built site to serve")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    from playwright.sync_api import sync_playwright
    server = serve.start(Path(args.dist))
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
            for game_id in games.ids():
                target = out / f"table-{game_id}-{args.lang}.png"
                shoot_table(page, game_id, family_table(game_id), target)
                print(f"wrote {target}")
        if args.guides:
            for game_id in [g for g in games.ids() if games.get(g).guide]:
                target = out / f"guide-{game_id}-{args.lang}-{args.size}.png"
                shoot_guide(page, game_id, target)
                print(f"wrote {target}")
        if args.ends:
            for game_id in games.ids():
                target = out / f"end-{game_id}-{args.lang}-{args.size}.png"
                shoot_end(page, game_id, family_table(game_id), target)
                print(f"wrote {target}")
        if args.middle:
            for game_id in games.ids():
                target = out / f"middle-{game_id}-{args.lang}-{args.size}.png"
                shoot_middle(page, game_id, target)
                print(f"wrote {target}")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
