"""Where the headless Chromium is and how to start it on these machines: shared by the browser
tests, the benchmarks and the tools.

Playwright's own browser download does not work here; Debian's `chromium` package does. The flags
keep Chromium from reaching out to Google's services (the machines have no network) and let it
run as root in a container."""
from __future__ import annotations

import os
import shutil

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
READY = "html[data-engine='ready']"   # set once the worker's Python has answered: the app is up


def find_chromium() -> str | None:
    """LUDO_CHROMIUM if set, else the first Chromium-like browser on the PATH."""
    explicit = os.environ.get("LUDO_CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None
