"""Lighthouse audit of the built site: performance, accessibility and best practices.

    make build && python3 tools/audit.py [--desktop] [--json report.json]

It builds nothing: it serves dist/ on localhost, runs Lighthouse (tools/lighthouse, pinned to
12.2.3 exactly: later releases need Node 22; installed there with `npm ci` on first use) against it
with the local Chromium (LUDO_CHROMIUM or the first chromium on PATH), and prints the three scores
and the audits that lost points. Lighthouse's default is a throttled mid-range phone; --desktop
uses its desktop preset. It is a report, not a test: it exits 0 whatever the scores.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "tools" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
CHROME_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync")

sys.path.insert(0, str(ROOT / "build"))
import serve  # noqa: E402
from chromium import find_chromium  # noqa: E402


def chromium_path() -> str:
    path = find_chromium()
    if not path:
        raise SystemExit("no Chromium found: install Debian's `chromium` or set LUDO_CHROMIUM")
    return path


def lighthouse_bin() -> Path:
    binary = LIGHTHOUSE / "node_modules" / ".bin" / "lighthouse"
    installed = LIGHTHOUSE / "node_modules" / ".package-lock.json"
    lock = LIGHTHOUSE / "package-lock.json"
    if not binary.exists() or not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        print("audit: npm ci in tools/lighthouse", file=sys.stderr, flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=LIGHTHOUSE, check=True)
    return binary


def run(url: str, desktop: bool, output: Path) -> dict:
    command = [str(lighthouse_bin()), url, f"--chrome-path={chromium_path()}",
               f"--chrome-flags={' '.join(CHROME_FLAGS)}",
               f"--only-categories={','.join(CATEGORIES)}",
               "--output=json", f"--output-path={output}", "--quiet"]
    if desktop:
        command.append("--preset=desktop")
    subprocess.run(command, check=True, cwd=LIGHTHOUSE)
    return json.loads(output.read_text("utf-8"))


def losses(report: dict, category: str) -> list[str]:
    """The audits of a category that did not get full marks, heaviest first."""
    lines = []
    refs = sorted(report["categories"][category]["auditRefs"], key=lambda ref: -ref["weight"])
    for ref in refs:
        audit = report["audits"][ref["id"]]
        if audit.get("score") is not None and audit["score"] < 1 and audit.get("scoreDisplayMode") != "informative":
            value = f" ({audit['displayValue']})" if audit.get("displayValue") else ""
            lines.append(f"    {audit['score']:.2f} w{ref['weight']:<2} {audit['title']}{value}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default=str(ROOT / "dist"), help="the built site (default dist/)")
    parser.add_argument("--desktop", action="store_true", help="Lighthouse's desktop preset")
    parser.add_argument("--json", help="also keep the full Lighthouse report here")
    args = parser.parse_args(argv)
    site = Path(args.dir)
    if not (site / "index.html").exists():
        raise SystemExit(f"{site} has no index.html: run `make build` first")
    server = serve.start(site)
    url = f"http://localhost:{server.server_address[1]}/"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            output = Path(tmp) / "report.json"
            report = run(url, args.desktop, output)
            if args.json:
                shutil.copy(output, args.json)
    finally:
        server.shutdown()
    print(f"Lighthouse {report['lighthouseVersion']} on {url} ({'desktop' if args.desktop else 'mobile'}), "
          f"{report['environment'].get('hostUserAgent', '')}")
    for category in CATEGORIES:
        score = report["categories"][category]["score"]
        print(f"  {category:<15} {'n/a' if score is None else round(score * 100):>3}")
        for line in losses(report, category):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
