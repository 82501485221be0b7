"""Small steps the browser tests share: start a game from the menu as a player would, and read
the game the page stored."""
from __future__ import annotations

from playwright.sync_api import expect

FAST_BOTS = "localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0}));"
STORED_SAVES = """() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:'))
    .map(k => JSON.parse(localStorage.getItem(k)))"""


def start(page, game_id: str, players: int | None = None, options: dict | None = None,
          names: tuple[str, ...] = (), kinds: tuple[str, ...] = ()) -> None:
    """Open the new-game dialog, fill it in and start: names and kinds ("human", "bot:strong")
    per seat from seat 1, options by name."""
    page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
    if players:
        page.select_option("#newgame select[name='players']", str(players))
    for n, name in enumerate(names):
        page.fill(f"#newgame input[name='seat-{n}-name']", name)
    for n, kind in enumerate(kinds):
        page.select_option(f"#newgame select[name='seat-{n}-kind']", kind)
    for name, value in (options or {}).items():
        selector = f"#newgame [name='opt-{name}']"
        if isinstance(value, bool):
            page.set_checked(selector, value)
        else:
            page.select_option(selector, str(value))
    page.click("#newgame button[data-action='start']")
    expect(page.locator("#table")).to_be_visible()


def wait_for_human(page) -> None:
    """Until the banner names a person (not a thinking bot) or the game is over."""
    page.wait_for_function(
        "() => { const t = document.querySelector('#table .table');"
        " return t && (t.dataset.over === 'true' || !document.querySelector('#banner').textContent.includes('…')); }")


def stored_saves(page) -> list[dict]:
    return page.evaluate(STORED_SAVES)


def stored_moves(page) -> int:
    """The number of moves in the one game stored."""
    saves = stored_saves(page)
    assert len(saves) == 1, f"expected one stored game, found {len(saves)}"
    return len(saves[0]["record"]["moves"])
