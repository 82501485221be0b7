"""Take It Easy's learned tables are not in the package zip (0.5 MB the first screen never
needs): the build puts them beside it, and a Take It Easy table fetches them as it opens, into
the file system where the bot reads them. A bot or a hint that needs them before that fetch is
back waits for them (a synchronous request, through `ludotheque.fetch_data`). Nothing here
imports the bots: the table paints first, the bots load a moment later (play.preload_bots)."""
from __future__ import annotations

import asyncio
from pathlib import Path

import js   # the worker's fetch and XMLHttpRequest (a synchronous request is allowed in a worker)

import ludotheque

WEIGHTS_URL = "./py/take_it_easy_weights.json"
WEIGHTS_PATH = Path(ludotheque.__file__).parent / "bots" / "data" / "take_it_easy_weights.json"
WEIGHTS_FETCH: list = []   # the fetch started when the first Take It Easy table opened
WHERE: list[str] = [WEIGHTS_URL]   # the tables' address, made absolute from the page's (the worker's own differs)


def weights_when_needed(page_url: str) -> None:
    """The tables are fetched from beside the page `page_url` the first time a bot needs them."""
    WHERE[0] = str(js.URL.new(WEIGHTS_URL, page_url).href) if page_url else WEIGHTS_URL
    ludotheque.fetch_data = fetch_weights_now


def weights_on_demand(page_url: str) -> None:
    """A Take It Easy table opens: the tables are fetched now, before a bot or a hint needs them."""
    weights_when_needed(page_url)
    if not WEIGHTS_FETCH and not WEIGHTS_PATH.exists():
        WEIGHTS_FETCH.append(asyncio.ensure_future(fetch_weights_early()))


async def fetch_weights_early() -> None:
    try:
        response = await js.fetch(WHERE[0])
        if response.ok and not WEIGHTS_PATH.exists():
            write_weights(WEIGHTS_PATH, str(await response.text()))
            from ..bots.take_it_easy import learned_value
            learned_value()   # read them now, not at the first bot move or hint
    except Exception:   # noqa: BLE001  the first use fetches them again, and says why it fails
        pass


def fetch_weights_now(path: Path) -> None:
    """A bot or a hint needs the tables before the early fetch has brought them: wait for them."""
    if path != WEIGHTS_PATH:
        raise FileNotFoundError(path)
    request = js.XMLHttpRequest.new()
    request.open("GET", WHERE[0], False)
    request.send()
    if request.status != 200:
        raise OSError(f"{WHERE[0]}: HTTP {request.status}")
    write_weights(path, str(request.responseText))


def write_weights(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    partial.write_text(text)
    partial.replace(path)
