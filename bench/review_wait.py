"""The wait for a review: from a round's end to its review ready (`data-ready="true"` on the
Review button, `.review-open`), in headless Chromium on the built site (Pyodide). The family's
try-out waited 7 to 16 s behind a progress bar there, the strongest bot judging every decision
only at the end; each decision is now judged as it is made, in the bots' worker.

    python3 bench/review_wait.py [--rounds 5] [--pause 1500] [--dist dist] [--smoke]

A Take It Easy solo round (the try-out's longest wait with 3x16), tapped by a person who looks at
each tile `--pause` ms before placing it on the first legal hex; each sample is the last tap (the
19th tile then goes in the last hex by itself, ending the round) to the review ready. Prints the
median and each sample. `--smoke` plays one round with a short pause (a check that it runs).
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
from page_latency import TAP, UNTIL, new_game  # noqa: E402

LAST_TAP = """async (selector) => {""" + UNTIL + """
    const ready = () => !!document.querySelector("#ending .review-open[data-ready='true']");
    const t0 = performance.now();
    document.querySelector(selector).dispatchEvent(new MouseEvent('click', {bubbles: true}));
    if (!await until(ready, 180000)) return null;
    return performance.now() - t0;
}"""


def one_round(page, pause: int) -> float | None:
    """A solo round tapped to its end: the ms from its last tap to its review ready."""
    new_game(page, "take-it-easy", ["human"], {"rounds": 1})
    for _ in range(17):
        page.wait_for_timeout(pause)
        page.evaluate(TAP, ".tie-main .tie-cell.legal")
    page.wait_for_timeout(pause)
    wait = page.evaluate(LAST_TAP, ".tie-main .tie-cell.legal")
    page.click("#ending button[data-action='leave']")
    return wait


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pause", type=int, default=1500, help="ms a person looks at each tile")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="the built site (default dist/)")
    parser.add_argument("--smoke", action="store_true", help="one round, a short pause: a check that it runs")
    args = parser.parse_args()
    rounds, pause = (1, 300) if args.smoke else (args.rounds, args.pause)
    from playwright.sync_api import sync_playwright
    server = serve.start(Path(args.dist))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    waits: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 768, "height": 1024}, service_workers="block")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, timeout=120_000)
        for _ in range(rounds):
            wait = one_round(page, pause)
            if wait is None:
                print("a review never got ready")
                return 1
            waits.append(wait)
        browser.close()
    server.shutdown()
    print(f"Take It Easy solo round, {pause} ms a tile: end to review ready, median {statistics.median(waits) / 1000:.2f} s"
          f" over {len(waits)} rounds ({', '.join(f'{w / 1000:.2f}' for w in waits)} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
