"""A game's data files (the `data/` folder of its package: Take It Easy's learned tables, 0.5 MB
the first screen never needs) are not in the package zip: the build puts them beside it, under
`py/data/<game folder>/`, and a table fetches them as it opens, into the file system where the
bots read them. A bot or a hint that needs one before that fetch is back waits for it (a
synchronous request, through `ludotheque.fetch_data`). Nothing here imports a game's bots."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Callable

import js   # the worker's fetch and XMLHttpRequest (a synchronous request is allowed in a worker)

import ludotheque

PACKAGE = Path(ludotheque.__file__).parent
FETCHES: dict[Path, object] = {}   # the fetches started, by the file they bring
WHERE: list[str] = [""]   # the page's address (the worker's own differs): the files are beside it


def url_of(path: Path) -> str:
    """Where the site keeps `path`, a file under ludotheque/games/<game>/data/."""
    game, data, *rest = Path(path).relative_to(PACKAGE / "games").parts
    if data != "data" or not rest:
        raise FileNotFoundError(path)
    relative = "./py/data/" + "/".join([game, *rest])
    return str(js.URL.new(relative, WHERE[0]).href) if WHERE[0] else relative


def when_needed(page_url: str) -> None:
    """Data files come from beside the page `page_url`, fetched the first time a bot needs one."""
    WHERE[0] = page_url
    ludotheque.fetch_data = fetch_now


def fetch_early(page_url: str, path: Path, then: Callable[[], object] | None = None) -> None:
    """A table that will need `path` opens: it is fetched now, before a bot or a hint needs it;
    `then` runs once it is there (a bot reading it at once, not at its first move)."""
    when_needed(page_url)
    if path not in FETCHES and not path.exists():
        FETCHES[path] = asyncio.ensure_future(_fetch(path, then))


async def _fetch(path: Path, then: Callable[[], object] | None) -> None:
    try:
        response = await js.fetch(url_of(path))
        if response.ok and not path.exists():
            write(path, str(await response.text()))
            if then is not None:
                then()
    except Exception:   # noqa: BLE001  the first use fetches it again, and says why it fails
        pass


def fetch_now(path: Path) -> None:
    """A bot or a hint needs `path` before the early fetch has brought it: wait for it."""
    url = url_of(path)
    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.send()
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    write(path, str(request.responseText))


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    partial.write_text(text)
    partial.replace(path)
