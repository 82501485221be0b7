"""`make test` says what it needs before it runs anything (`build/chromium.py`, the Makefile's
`need-chromium`): a Chromium found in this order, LUDO_CHROMIUM, Debian's (its headless shell
first), Playwright's own build;
where there is none, Playwright's install tried; if that fails too, one line naming the three ways
to get one and a non-zero exit. The browser is hidden by the PATH, LUDO_CHROMIUM and
PLAYWRIGHT_BROWSERS_PATH; Playwright's install then fails at once, downloading nothing (its
browsers' folder cannot be made, and its download host refuses every connection)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import chromium

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def real_chromium() -> str:
    """This machine's Chromium, found before anything hides it."""
    path = chromium.find_chromium()
    if not path:
        pytest.skip("no Chromium on this machine")
    return path


def hidden(tmp_path: Path, **env: str) -> dict[str, str]:
    """An environment where no Chromium is found: a PATH of an empty folder (so without /usr/bin),
    LUDO_CHROMIUM naming nothing, Playwright's browsers' folder under a plain file (it cannot be
    made) and its download host on a closed port; `env` on top."""
    (tmp_path / "bin").mkdir(exist_ok=True)
    (tmp_path / "a-file").write_text("")
    return {**os.environ, "PATH": str(tmp_path / "bin"), "LUDO_CHROMIUM": str(tmp_path / "no-chromium"),
            "PLAYWRIGHT_BROWSERS_PATH": str(tmp_path / "a-file" / "browsers"),
            "PLAYWRIGHT_DOWNLOAD_HOST": "http://127.0.0.1:9", **env}


def need_chromium(env: dict[str, str]) -> subprocess.CompletedProcess:
    """The Makefile's step, `.venv/bin/python build/chromium.py`, in that environment."""
    return subprocess.run([sys.executable, str(ROOT / "build" / "chromium.py")], capture_output=True,
                          text=True, timeout=300, env=env)


def fake_browser(path: Path) -> str:
    """An executable file where a browser is looked for (never started)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return str(path)


def test_without_a_chromium_make_test_stops_with_one_line(tmp_path):
    done = need_chromium(hidden(tmp_path))
    assert done.returncode == 1
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("make test needs Chromium: apt-get install chromium, or set "
                                  "LUDO_CHROMIUM=/path/to/chromium, or .venv/bin/python -m playwright "
                                  "install chromium (tried: ")
    assert f"LUDO_CHROMIUM={tmp_path / 'no-chromium'} is no program" in done.stderr
    assert "playwright install chromium: " in done.stderr
    assert (tmp_path / "a-file").is_file()   # Playwright fetched nothing


def test_ludo_chromium_pointing_at_the_browser_passes(real_chromium, tmp_path):
    done = need_chromium(hidden(tmp_path, LUDO_CHROMIUM=real_chromium))
    assert (done.returncode, done.stdout, done.stderr) == (0, f"Chromium for the tests: {real_chromium}\n", "")


def test_the_order_ludo_chromium_then_debians_then_playwrights(real_chromium, tmp_path, monkeypatch):
    for name, value in hidden(tmp_path, PLAYWRIGHT_BROWSERS_PATH=str(tmp_path / "browsers")).items():
        monkeypatch.setenv(name, value)
    own = fake_browser(Path(chromium.playwright_build()))
    on_path = fake_browser(tmp_path / "bin" / "chromium")
    monkeypatch.setenv("LUDO_CHROMIUM", real_chromium)
    assert chromium.find_chromium() == real_chromium
    monkeypatch.delenv("LUDO_CHROMIUM")
    assert chromium.find_chromium() == on_path
    shell = fake_browser(tmp_path / "bin" / "chromium-headless-shell")   # Debian's headless shell first
    assert chromium.find_chromium() == shell
    Path(shell).unlink()
    Path(on_path).unlink()
    assert chromium.find_chromium() == own


def test_an_install_that_hangs_is_stopped_with_all_it_started(tmp_path, monkeypatch):
    """Without a network Playwright's install fails at once; were it to hang, it is killed, and the
    processes it started with it (Playwright's driver, its download)."""
    pid_file = tmp_path / "child"
    python = tmp_path / "python"
    python.write_text(f"#!/bin/sh\nsleep 300 &\necho $! > {pid_file}\nwait\n")
    python.chmod(0o755)
    monkeypatch.setattr(chromium.sys, "executable", str(python))
    assert chromium.install_playwright_chromium(timeout=2) == "no answer in 2 s"
    stat = Path(f"/proc/{pid_file.read_text().strip()}/stat")

    def dead() -> bool:
        try:
            return stat.read_text().split(") ")[1].startswith(("Z", "X"))
        except (FileNotFoundError, ProcessLookupError):
            return True   # gone
    # SIGKILL is delivered when the process next runs: on a busy machine it may still show "R" a moment
    deadline = time.monotonic() + 10
    while not dead() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert dead()
