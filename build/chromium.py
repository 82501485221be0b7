"""Where the headless Chromium is and how to start it on these machines: shared by the browser
tests, the benchmarks and the tools.

Playwright's own browser download does not work here; Debian's `chromium` package does. The flags
keep Chromium from reaching out to Google's services (the machines have no network) and let it
run as root in a container.

Run as a script (`make test`, `make test-long` and `make test-browser` do, before anything else), it
finds a Chromium (`need_chromium`: LUDO_CHROMIUM, Debian's, Playwright's own build; where there is
none, it tries `python -m playwright install chromium`) and says which in one line, or stops with
one line naming the three ways to get one."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
READY = "html[data-engine='ready']"   # set once the worker's Python has answered: the app is up

# on the PATH, the headless shells first: Chromium's old headless mode, a browser without the
# windows, toolbars and preloaded pages of the full one, whose every new context cost the tests
# about 2 s of processor (Debian: apt-get install chromium-headless-shell)
NAMES = ("chromium-headless-shell", "chrome-headless-shell", "chromium", "chromium-browser", "google-chrome",
         "google-chrome-stable")
INSTALL_TIMEOUT = 120   # seconds for `playwright install chromium`: without a network it fails at once
NEEDED = ("make test needs Chromium: apt-get install chromium, or set LUDO_CHROMIUM=/path/to/chromium, "
          "or .venv/bin/python -m playwright install chromium")

# Run apart, so that a caller already inside `sync_playwright()` can ask too (they do not nest).
_PLAYWRIGHT_PATH = ("from playwright.sync_api import sync_playwright\n"
                    "with sync_playwright() as pw:\n"
                    "    print(pw.chromium.executable_path)\n")


def find_chromium() -> str | None:
    """The Chromium to drive, in this order: LUDO_CHROMIUM (a path or a name on the PATH), Debian's
    (its headless shell, then `chromium`, `chromium-browser` on the PATH, /usr/bin where no PATH
    is set; Google Chrome's on the PATH too), Playwright's own downloaded build. None when there is
    none: a PATH without /usr/bin hides Debian's, as a test needs."""
    explicit = os.environ.get("LUDO_CHROMIUM")
    if explicit and shutil.which(explicit):
        return shutil.which(explicit)
    for name in NAMES:
        path = shutil.which(name)   # no PATH: the default one, /bin:/usr/bin
        if path:
            return path
    return playwright_chromium()


def playwright_build() -> str | None:
    """Where Playwright keeps (or would keep) its own Chromium: its browsers' folder
    (PLAYWRIGHT_BROWSERS_PATH, else its cache), as this Python's Playwright says; None without one."""
    try:
        done = subprocess.run([sys.executable, "-c", _PLAYWRIGHT_PATH], capture_output=True,
                              text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = done.stdout.strip()
    return path if done.returncode == 0 and path else None


def playwright_chromium() -> str | None:
    """The Chromium Playwright downloaded for itself (`python -m playwright install chromium`), if
    it is there."""
    path = playwright_build()
    return path if path and os.path.isfile(path) and os.access(path, os.X_OK) else None


def install_playwright_chromium(timeout: float = INSTALL_TIMEOUT) -> str:
    """Runs `python -m playwright install chromium` (this Python's Playwright), killed with all it
    started after `timeout` seconds. Returns "" when it succeeded, else why not in a few words."""
    try:
        proc = subprocess.Popen([sys.executable, "-m", "playwright", "install", "chromium"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                start_new_session=True)
    except OSError as error:
        return str(error)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)   # the driver's node and its download go too
        proc.communicate()
        return f"no answer in {timeout:.0f} s"
    if proc.returncode == 0:
        return ""
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    said = next((line for line in lines if line.startswith("Error:")), lines[-1] if lines else "")
    return said[:160] or f"exit status {proc.returncode}"


def need_chromium() -> tuple[str | None, str]:
    """A Chromium for the tests, fetched by Playwright where none is found: (its path, "") or
    (None, what was tried, in a few words). The pattern for any other browser the tests need."""
    path = find_chromium()
    if path:
        return path, ""
    tried = []
    explicit = os.environ.get("LUDO_CHROMIUM")
    if explicit:
        tried.append(f"LUDO_CHROMIUM={explicit} is no program")
    failed = install_playwright_chromium()
    if not failed:
        path = playwright_chromium()
        if path:
            return path, ""
        failed = "it installed no Chromium Playwright can find"
    tried.append(f"playwright install chromium: {failed}")
    return None, "; ".join(tried)


def main() -> int:
    """One line either way: the Chromium the tests will drive, or the three ways to get one."""
    path, tried = need_chromium()
    if path:
        print(f"Chromium for the tests: {path}", flush=True)
        return 0
    print(f"{NEEDED} (tried: {tried})", file=sys.stderr, flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
