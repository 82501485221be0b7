"""Benchmarks that cannot rot (issue #58): each script in bench/ runs once in a short smoke mode
in `make test-long` (and so in CI), and must finish and print its figures, so that a change that
breaks one fails there rather than on the day someone measures. What they measure is read in
docs/BENCHMARKS.md, never asserted here."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DIST, ROOT

pytestmark = pytest.mark.long

# each script, its shortest run, and a figure its output must print
SMOKES = {
    "hint_latency": (["--games", "1", "--pyodide"], r"p95\s+[\d.]+ ms"),
    "lucky_numbers_bots": (["--games", "2"], r"\d"),
    "rucki_zucki_bots": (["--matches", "2", "--time-matches", "1"], r"\d"),
    "take_it_easy_bots": (["--games", "2"], r"\d"),
    "three_by_sixteen_bots": (["--deals", "2", "--cap", "2000"], r"\d"),
    "page_latency": (["--games", "1", "--default-levels"], r"tap to updated board .*p95\s+[\d.]+ ms"),
    "page_latency --hints": (["--games", "1", "--hints"], r"hint, .*p95\s+[\d.]+ ms"),
    "review_wait": (["--smoke"], r"\d"),
    "startup": (["--runs", "1", "--warm"], r"engine up app / bare ready: cold [\d.]+, warm [\d.]+"),
}
PAGES = {"page_latency", "review_wait", "startup"}   # they take the built site


def test_every_benchmark_has_a_smoke_run():
    scripts = {path.stem for path in (ROOT / "bench").glob("*.py")} - {"intervals"}   # a module the others import
    assert scripts == {name.split()[0] for name in SMOKES}


@pytest.mark.parametrize("name", sorted(SMOKES))
def test_a_benchmark_runs_and_prints_its_figures(name, request):
    script = name.split()[0]
    args, figure = SMOKES[name]
    if script in PAGES:
        request.getfixturevalue("site")   # dist/ built from this tree, as the page tests have it
        args = args + ["--dist", str(DIST)]
    done = subprocess.run([sys.executable, str(ROOT / "bench" / f"{script}.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert re.search(figure, done.stdout), done.stdout[-2000:]
