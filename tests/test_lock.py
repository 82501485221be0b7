"""The cross-tab storage lock and its turns (static/host/lock.js) on their own: tests/js/lock.test.mjs
runs the module in Node with fakes of two tabs' localStorage (one lagging behind the other, as in
Chromium), Web Locks and IndexedDB: a stale basis refused, a refused write undoing the call's
writes, the turn waited for. The two-tab tests in the page (test_hostile.py) run it for real."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_lock_protocol_in_node():
    node = shutil.which("node")
    assert node, "Node is needed (it builds the site too)"
    done = subprocess.run([node, "--test", str(ROOT / "tests" / "js" / "lock.test.mjs")], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", done.stdout, re.M)
    assert passed and int(passed[1]) >= 10, done.stdout[-2000:]
    assert re.search(r"^# fail 0$", done.stdout, re.M)
