"""The wait for a review: from a round's end to its review ready (`data-ready="true"` on the
Review button, `.review-open`), in headless Chromium on the built site (Pyodide). The family's
try-out waited 7 to 16 s behind a progress bar there, the strongest bot judging every decision
only at the end; each decision is now judged as it is made, in the bots' worker.

    python3 bench/review_wait.py [--rounds 3] [--pause 1500] [--game 3x16] [--dist dist] [--smoke]

A Take It Easy solo round and a 3x16 solitaire (the try-out's longest waits), tapped by a person
who looks `--pause` ms before each turn (Take It Easy: the first legal hex; 3x16: a row that
fits, else the first column, then Done if asked); each sample is the end on screen (the table
over, or the round's ending) to the review ready. Prints the median and each sample per game.
`--smoke` plays one of each with a short pause (a check that it runs).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402
from chromium import CHROMIUM_ARGS, READY, find_chromium  # noqa: E402
from page_latency import new_game  # noqa: E402

WATCH = """() => {
    window.benchEnd = window.benchReady = null;
    const look = () => {
        if (window.benchEnd === null && document.querySelector("#table .table[data-over='true'], #ending")) window.benchEnd = performance.now();
        if (window.benchEnd !== null && document.querySelector("#ending .review-open[data-ready='true']")) {
            window.benchReady = performance.now();
            observer.disconnect();
        }
    };
    const observer = new MutationObserver(look);
    observer.observe(document.documentElement, {attributes: true, childList: true, subtree: true});
}"""


def one_game(page, game_id: str, pause: int) -> float:
    """A solo round (Take It Easy) or game (3x16) tapped to its end, `pause` ms before each turn:
    the ms from its end on screen to its review ready."""
    from page_latency import take_it_easy_turn, three_by_sixteen_turn
    new_game(page, game_id, ["human"], {"rounds": 1} if game_id == "take-it-easy" else {})
    page.evaluate(WATCH)
    turn = take_it_easy_turn if game_id == "take-it-easy" else three_by_sixteen_turn
    while not page.evaluate("() => window.benchEnd !== null"):
        page.wait_for_timeout(pause)
        if not page.evaluate("() => window.benchEnd !== null"):
            turn(page)
    page.wait_for_function("() => window.benchReady !== null", timeout=180_000)
    wait = page.evaluate("() => window.benchReady - window.benchEnd")
    page.click("#ending button[data-action='leave']")
    return wait


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pause", type=int, default=1500, help="ms a person looks at each tile")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="the built site (default dist/)")
    parser.add_argument("--game", action="append", choices=["take-it-easy", "3x16"], help="one game (default: both)")
    parser.add_argument("--smoke", action="store_true", help="one round, a short pause: a check that it runs")
    args = parser.parse_args()
    rounds, pause = (1, 300) if args.smoke else (args.rounds, args.pause)
    from playwright.sync_api import sync_playwright
    server = serve.start(Path(args.dist))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    waits: dict[str, list[float]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 768, "height": 1024}, service_workers="block")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, timeout=120_000)
        for game_id in args.game or ["take-it-easy", "3x16"]:
            for _ in range(rounds):
                waits.setdefault(game_id, []).append(one_game(page, game_id, pause))
        browser.close()
    server.shutdown()
    for game_id, found in waits.items():
        print(f"{game_id} solo, {pause} ms a turn: end to review ready, median {statistics.median(found) / 1000:.2f} s"
              f" over {len(found)} ({', '.join(f'{w / 1000:.2f}' for w in found)} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
