"""Lighthouse audit of the built site: performance, accessibility and best practices.

    make build && python3 tools/audit.py [--desktop] [--json report.json]

It builds nothing: it serves dist/ on localhost, runs Lighthouse (tools/lighthouse, pinned to
12.2.3 exactly: later releases need Node 22; installed there with `npm ci` on first use) against it
with the local Chromium (LUDO_CHROMIUM or the first chromium on PATH), and prints the three scores
and the audits that lost points. Lighthouse's default is a throttled mid-range phone; --desktop
uses its desktop preset. It is a report, not a test: it exits 0 whatever the scores.

On a loaded machine Lighthouse may stop with a runtime error (PROTOCOL_TIMEOUT on
Network.getResponseBody, for one) yet still write its report: the scores it has are printed with
the error beside them. A run that wrote no report is tried once more; if that fails too the
script says which step failed and exits 1. --runs 3 runs three times and prints each score's
median (the scores of one run vary by several points).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
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


class AuditFailed(Exception):
    """Lighthouse wrote no usable report."""


def run(url: str, desktop: bool, output: Path) -> dict:
    """One Lighthouse run; its report even when Lighthouse exited with an error after writing it."""
    command = [str(lighthouse_bin()), url, f"--chrome-path={chromium_path()}",
               f"--chrome-flags={' '.join(CHROME_FLAGS)}",
               f"--only-categories={','.join(CATEGORIES)}",
               "--output=json", f"--output-path={output}", "--quiet"]
    if desktop:
        command.append("--preset=desktop")
    output.unlink(missing_ok=True)
    done = subprocess.run(command, cwd=LIGHTHOUSE, capture_output=True, text=True)
    try:
        report = json.loads(output.read_text("utf-8"))
    except (OSError, ValueError):
        tail = " | ".join((done.stderr or done.stdout or "").strip().splitlines()[-3:])
        raise AuditFailed(f"Lighthouse exited with status {done.returncode} and wrote no report"
                          + (f": {tail}" if tail else "")) from None
    if not isinstance(report.get("categories"), dict):
        raise AuditFailed(f"Lighthouse's report has no scores (status {done.returncode})")
    return report


def run_with_retry(url: str, desktop: bool, output: Path) -> dict:
    try:
        return run(url, desktop, output)
    except AuditFailed as error:
        print(f"audit: {error}; trying once more", file=sys.stderr, flush=True)
        return run(url, desktop, output)


def runtime_error(report: dict) -> str | None:
    """What went wrong during a run that still produced a report (Lighthouse's runtimeError and
    the audits it could not complete)."""
    problems = []
    error = report.get("runtimeError")
    if error and error.get("code") not in (None, "NO_ERROR"):
        problems.append(f"{error.get('code')}: {error.get('message', '')}".strip())
    broken = [audit_id for audit_id, audit in report.get("audits", {}).items()
              if audit.get("scoreDisplayMode") == "error"]
    if broken:
        problems.append("audits that errored: " + ", ".join(sorted(broken)))
    return "; ".join(problems) or None


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


def score(report: dict, category: str) -> float | None:
    value = report["categories"].get(category, {}).get("score")
    return None if value is None else value * 100


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default=str(ROOT / "dist"), help="the built site (default dist/)")
    parser.add_argument("--desktop", action="store_true", help="Lighthouse's desktop preset")
    parser.add_argument("--runs", type=int, default=1, help="runs; more than one prints medians (try 3)")
    parser.add_argument("--json", help="also keep the full Lighthouse report (the last run's) here")
    args = parser.parse_args(argv)
    site = Path(args.dir)
    if not (site / "index.html").exists():
        raise SystemExit(f"{site} has no index.html: run `make build` first")
    server = serve.start(site)
    url = f"http://localhost:{server.server_address[1]}/"
    reports = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            output = Path(tmp) / "report.json"
            for number in range(1, args.runs + 1):
                try:
                    reports.append(run_with_retry(url, args.desktop, output))
                except AuditFailed as error:
                    print(f"audit: run {number} of {args.runs} failed twice: {error}", file=sys.stderr)
                    continue
                if args.json:
                    shutil.copy(output, args.json)
    finally:
        server.shutdown()
    if not reports:
        print("audit: no Lighthouse report, so no scores (see the errors above)", file=sys.stderr)
        return 1
    report = reports[-1]
    print(f"Lighthouse {report['lighthouseVersion']} on {url} ({'desktop' if args.desktop else 'mobile'}), "
          f"{report['environment'].get('hostUserAgent', '')}")
    for number, each in enumerate(reports, 1):
        problem = runtime_error(each)
        if problem:
            print(f"  run {number}: Lighthouse reported an error, its scores may be partial: {problem}")
    for category in CATEGORIES:
        values = [v for v in (score(each, category) for each in reports) if v is not None]
        shown = f"{round(statistics.median(values)):>3}" if values else "n/a"
        spread = f"  (runs: {', '.join(str(round(v)) for v in values)})" if len(reports) > 1 else ""
        print(f"  {category:<15} {shown}{spread}")
        for line in losses(report, category):
            print(line)
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
