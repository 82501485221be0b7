"""Small steps the browser tests share: start a game from the menu as a player would, and read
the game the page stored."""
from __future__ import annotations

import re
from urllib.parse import urljoin

from playwright.sync_api import expect
from stored_games import bots_near_the_end, stored_save, stored_until  # noqa: F401  (tools/: the tests open these)

FAST_BOTS = "localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 0}));"
STORED_SAVES = """() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:'))
    .map(k => JSON.parse(localStorage.getItem(k)))"""


def start(page, game_id: str, players: int | None = None, options: dict | None = None,
          names: tuple[str, ...] = (), kinds: tuple[str, ...] = (), level: str | None = None,
          confirm: bool | None = None, colours: dict[int, str] | None = None) -> None:
    """Open the new-game dialog, fill it in and start: names and kinds ("human", "bot:strong")
    per seat from seat 1, colours by seat number, options by name, `confirm` the placements' confirmation (None: as the
    form offers it). Without kinds, seat 1 is a person and the others bots of `level`, whatever
    the form remembered of the last table: by default the easy level, whose moves come at once
    (a stronger bot's moves take the page's time and start a second Python, the bots' worker: a
    test of those says so)."""
    page.click(f"#cards button[data-action='new'][data-game='{game_id}']")
    if players:
        page.select_option("#newgame select[name='players']", str(players))
    if not kinds:
        seats = page.locator("#newgame fieldset.seat").count()
        kinds = ("human",) + (f"bot:{level or 'easy'}",) * (seats - 1)
    for n, name in enumerate(names):
        page.fill(f"#newgame input[name='seat-{n}-name']", name)
    for n, kind in enumerate(kinds):
        page.select_option(f"#newgame select[name='seat-{n}-kind']", kind)
    for n, colour in (colours or {}).items():
        page.select_option(f"#newgame select[name='seat-{n}-colour']", colour)
    for name, value in (options or {}).items():
        selector = f"#newgame [name='opt-{name}']"
        unfold(page, selector)
        if isinstance(value, bool):
            page.set_checked(selector, value)
        else:
            page.select_option(selector, str(value))
    if confirm is not None:
        unfold(page, "#newgame input[name='confirm']")
        page.set_checked("#newgame input[name='confirm']", confirm)
    page.click("#newgame button[data-action='start']")
    expect(page.locator("#table")).to_be_visible()


def unfold(page, selector: str) -> None:
    """Open the new-game form's "More options" when the field `selector` is folded inside it, as
    a player would tap it open."""
    more = page.locator("#newgame details.more")
    if more.count() and more.locator(selector.removeprefix("#newgame ")).count() and more.get_attribute("open") is None:
        more.locator("summary").click()


def open_stored(page, save) -> None:
    """Continue the stored game `save` from the home screen the page shows. It is stored as
    another tab of the app would store it (from another page of the origin), so the home lists it
    at once: no reload, no second start of the page's Python."""
    other = page.context.new_page()
    try:
        other.goto(urljoin(page.url, "build.json"))   # a file of the origin that runs no app
        other.evaluate("([key, value]) => localStorage.setItem(key, value)", [save.key, save.to_json()])
    finally:
        other.close()
    page.click(f"#going li[data-save='{save.id}'] button[data-action='continue']")


def check_modal(page, opener, panel: str, tabs: int = 6, first: str | None = None) -> None:
    """A modal opened by Enter on `opener`: the focus starts on `first` (when given), Tab and
    Shift+Tab go round inside `panel`, and Escape closes it and gives the focus back to `opener`."""
    opener.focus()
    page.keyboard.press("Enter")
    expect(page.locator(panel)).to_be_visible()
    if first:
        expect(page.locator(first)).to_be_focused()
    inside = f"() => document.querySelector(\"{panel}\").contains(document.activeElement)"
    for _ in range(tabs):
        page.keyboard.press("Tab")
        assert page.evaluate(inside)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(inside)
    page.keyboard.press("Escape")
    expect(page.locator(panel)).to_have_count(0)
    expect(opener).to_be_focused()


ANIMATION_ONLY = re.compile(r' data-travel="[^"]*"| data-from="[^"]*"| data-travel-step="[^"]*"'
                            r'| style="opacity: 0;"| arrive(?=[ "])| handover(?=[ "])')


def at_rest(page, selector: str = "#table") -> str:
    """The markup of `selector` without what only animates once (a piece arriving and where it
    comes from, its place kept transparent while it flies, the flash of a change of player), nor
    which cell of a board is its one stop of Tab (static/host/focus.js `rove`: it follows the
    focus, which a reload does not keep)."""
    return ANIMATION_ONLY.sub("", page.locator(selector).evaluate(
        """el => { const copy = el.cloneNode(true);
             copy.querySelectorAll('[data-roving] [data-act]').forEach(cell => cell.removeAttribute('tabindex'));
             return copy.innerHTML; }"""))


def wait_for_human(page) -> None:
    """Until the banner names a person (not a thinking bot) or the game is over."""
    page.wait_for_function(
        "() => { const t = document.querySelector('#table .table');"
        " return t && (t.dataset.over === 'true' || !document.querySelector('#banner').textContent.includes('…')); }")


def leave_table(page) -> None:
    """Back to the home screen from a table, and wait for it."""
    page.click("#table button[data-action='leave']")
    expect(page.locator("#home")).to_be_visible()


def stored_saves(page) -> list[dict]:
    return page.evaluate(STORED_SAVES)


def stored_moves(page) -> int:
    """The number of moves in the one game stored."""
    saves = stored_saves(page)
    assert len(saves) == 1, f"expected one stored game, found {[save.get('game') for save in saves]}"
    return len(saves[0]["record"]["moves"])


LOW_CONTRAST = """() => {
  function parse(c) {
    const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  function lum([r, g, b]) {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  }
  function blend(top, bottom) {
    const a = top[3];
    return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
  }
  function background(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      const c = parse(s.backgroundColor);
      // gradients, images: not judged, unless drawn over a solid colour of their own, the text's
      // background (a shade at a scrolling edge), judged on that colour
      if (s.backgroundImage && s.backgroundImage !== 'none' && !(c && c[3] >= 1)) return null;
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let out = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) out = blend(layers[i], out);
    return out;
  }
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg')) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.opacity === '0') continue;
    if (el.closest('[disabled], [aria-disabled="true"]')) continue;
    let op = 1; for (let e = el; e; e = e.parentElement) op *= Number(getComputedStyle(e).opacity);
    const bg = background(el); if (!bg) continue;
    let fg = parse(s.color); fg = blend([fg[0], fg[1], fg[2], fg[3] * op], bg);
    const l1 = lum(fg), l2 = lum(bg);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
    const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
    if (ratio < need) bad.push(`${ratio.toFixed(2)} < ${need}: <${el.tagName.toLowerCase()} class="${el.className}"> "${el.textContent.trim().slice(0, 40)}" ${s.color} on rgb(${bg.slice(0,3).map(Math.round)})`);
  }
  return bad;
}"""
"""Every visible text on the page (outside SVG pictures, not disabled) whose colour against its
background (the colours of the element and its ancestors, blended) is below WCAG AA: 4.5:1, or
3:1 for large text (24 px, or 18.66 px bold). Texts over a gradient or an image are not judged."""


def low_contrast(page) -> list[str]:
    return page.evaluate(LOW_CONTRAST)


SMALL_TARGETS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('button, a[href], input, select, [data-act], [role="button"]')) {
    const target = el.tagName === 'INPUT' && el.closest('label') ? el.closest('label') : el;
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.classList.contains('linkish') || el.classList.contains('visually-hidden')) continue;
    if (r.width < 44 || r.height < 44)
      bad.push(`${Math.round(r.width)}x${Math.round(r.height)} ${el.tagName.toLowerCase()}.${el.className} "${(el.textContent || '').trim().slice(0, 20)}"`);
  }
  return bad;
}"""
"""Every control a player taps that is smaller than 44 px either way (UX.md: "targets are at
least 44 px"); a checkbox counts with its label, a link inside a sentence does not count."""


def small_targets(page) -> list[str]:
    return page.evaluate(SMALL_TARGETS)


NAMES_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const table = document.querySelector('#table');
  const names = [];   // [what, the element that clips it first, its boxes]
  for (const bdi of table.querySelectorAll('bdi')) {
    if (!bdi.closest('#move-log') && !bdi.parentElement.closest('bdi'))   // the outer of nested ones
      names.push([bdi, bdi, [...bdi.getClientRects()], bdi.scrollWidth]);
  }
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);   // names inside a sentence
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('#move-log')) continue;
    for (let at = node.data.indexOf('\\u2068'); at >= 0; at = node.data.indexOf('\\u2068', at + 1)) {
      const range = document.createRange();
      range.setStart(node, at); range.setEnd(node, Math.max(node.data.indexOf('\\u2069', at), at) + 1);
      names.push([range, node.parentElement, [...range.getClientRects()], range.getBoundingClientRect().width]);
    }
  }
  const shown = [], bad = [];
  for (const [what, element, rects, whole] of names) {
    const text = (what instanceof Range ? what.toString() : what.textContent).replace(/[\\u2068\\u2069]/g, '').slice(0, 12);
    let seen = 0;
    for (const r of rects) {
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let e = element; e && e !== document.body; e = e.parentElement) {   // what its boxes clip
        const s = getComputedStyle(e), c = e.getBoundingClientRect();
        if (s.overflowX !== 'visible') { left = Math.max(left, c.left); right = Math.min(right, c.right); }
        if (s.overflowY !== 'visible') { top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom); }
      }
      if (right - left < 1 || bottom - top < 1) continue;
      seen += right - left;
      shown.push({what, text, left, top, right, bottom});
      if (left < -1 || right > width + 1)
        bad.push(`"${text}" runs past the screen's edge (${Math.round(left)} to ${Math.round(right)})`);
    }
    if (seen && seen < Math.min(30, whole - 1)) bad.push(`"${text}" is cut to ${Math.round(seen)} px`);
  }
  shown.forEach((a, i) => shown.slice(i + 1).forEach(b => {
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (a.what !== b.what && x > 1 && y > 1) bad.push(`"${a.text}" overlaps "${b.text}"`);
  }));
  return bad;
}"""
"""Every player's name shown on the table (a <bdi>, or isolated between FSI and PDI inside a
sentence; the part of it that its boxes do not clip): one that runs past the screen's sides, is
cut to under 30 px, or lies over another name."""


def names_out(page) -> list[str]:
    return page.evaluate(NAMES_OUT)


def done_if_asked(page) -> None:
    """3x16: say Done when the table still asks for it (a tile could move); with nothing left to
    move, the table has said it itself."""
    done = page.locator("#table button[data-act='done']:not([disabled])")
    if done.count():
        done.click()


def draw_if_asked(page) -> None:
    """Lucky Numbers, Rucki Zucki: once the person is to act, draw when the table still asks for it
    (another move was possible); a forced draw the table has played itself (Lucky Numbers: the
    tile is theirs to place or discard)."""
    wait_for_human(page)
    page.wait_for_selector("#table button[data-act='draw'], #table button[data-act='discard'], #table button[data-act='end']")
    draw = page.locator("#table button[data-act='draw']:not([disabled])")
    if draw.count():
        draw.click()



def hold_a_fitting_card(page) -> None:
    """Rucki Zucki, once the person is to act: draw while no card of her hand fits (at most 20
    turns), then tap one that fits, holding it up (its places lit)."""
    for _ in range(20):
        wait_for_human(page)
        if page.locator("#table .rz-card.in-hand.fits").count():
            break
        draw_if_asked(page)
    page.locator("#table .rz-card.in-hand.fits").first.click()

STORED_MOVES = """() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque:save:'))
    .reduce((n, k) => n + JSON.parse(localStorage.getItem(k)).record.moves.length, 0)"""


def tap_and_wait(page, target) -> None:
    """Tap `target` (a selector or a locator) for a move, wait until it is stored (the screen has
    left the position tapped), then until a person is to act again or the game is over."""
    before = page.evaluate(STORED_MOVES)
    (page.locator(target) if isinstance(target, str) else target).click()
    page.wait_for_function(f"() => ({STORED_MOVES})() > {before}")
    wait_for_human(page)


def rucki_zucki_of_choices(names: tuple[str, ...], turns: int = 4):
    """A Rucki Zucki deal for people only, stored, whose first `turns` turns (each a draw) all leave
    the person a choice: no draw is the table's (a hand with nothing to place draws by itself and
    the turn goes on), so a test of the hand-over cover meets each person in turn."""
    from ludotheque import games
    from ludotheque.web.storage.saves import Seat
    from ludotheque.web.table.session import forced
    game = games.get("rucki-zucki")
    for seed in range(1, 500):
        state = game.new(len(names), seed=seed)
        for _ in range(turns):
            if forced(state) is not None:
                break
            state.play({"type": "draw"})
        else:
            return stored_save(game.new(len(names), seed=seed), [Seat(name) for name in names])
    raise AssertionError("no such deal")


NUMBERS = """([scope, words]) => {
  // what one element shows: its own text (not its children's), or a count-up's number (drawn by ::before)
  // a number, or a short label that says one ("2 libres", "pénalités jusqu'ici : 12")
  const NUMBER = /^[+\\-\\u2212]?\\d+$|^(?=.*\\d).{1,40}$/, WORDS = /\\p{L}{2}/u;
  function own(el) {
    if (el.classList && el.classList.contains('count-up')) return String(el.style.getPropertyValue('--to') || '').trim();
    return [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
  }
  function scale(el) {   // the CSS transforms and zooms of the element and its ancestors
    let k = 1;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.transform && s.transform !== 'none') {
        const m = new DOMMatrix(s.transform); k *= Math.hypot(m.b, m.d);
      }
      if (s.zoom && s.zoom !== '1' && s.zoom !== 'normal') k *= Number(s.zoom) || 1;
    }
    return k;
  }
  function shown(el) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return null;   // nothing, or a screen reader's text
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.visibility === 'hidden' || s.display === 'none' || s.opacity === '0') return null;
      if (s.clip && s.clip !== 'auto') return null;
    }
    return r;
  }
  function where(el) {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement)
      parts.unshift(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                    ([...(e.classList || [])].slice(0, 2).map(c => '.' + c).join('')));
    return parts.join(' > ');
  }
  const found = [];
  for (const root of document.querySelectorAll(scope || 'body'))
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const text = own(el);
    if (!(words ? WORDS.test(text) : NUMBER.test(text)) || el.closest('[data-deco]')) continue;
    if (!words && !/^[+\\-\\u2212]?\\d+$/.test(text) && el.closest('bdi, .toolbar')) continue;   // a name, the menu's
    const r = shown(el); if (!r) continue;
    let size;
    if (el instanceof SVGElement) {
      if (el.tagName.toLowerCase() !== 'text' && el.tagName.toLowerCase() !== 'tspan') continue;
      const m = el.getScreenCTM(); if (!m) continue;
      size = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.c, m.d);
    } else {
      size = parseFloat(getComputedStyle(el).fontSize) * scale(el);
    }
    found.push({size: Math.round(size * 10) / 10, text: text.slice(0, 40), where: where(el),
                box: {x: r.x, y: r.y, width: r.width, height: r.height}});
  }
  found.sort((a, b) => a.size - b.size);
  return found;
}"""
"""Every number a player reads on the page (an element whose own text is digits, maybe signed, or
a score counting up; a short label that says a number, "2 libres", but not a name nor the
menu's move counter; an SVG <text> too) that is shown, with its rendered size, smallest first: for
HTML its computed font-size times the CSS transforms above it, for SVG its font-size times the
picture's scale. Only a number drawn for decoration is left out, said so in the markup: it sits
inside a `data-deco` element. Another seat's small board (a `data-glance`, a tap enlarges it) is
measured as it stands: a family reads it at the end without tapping (issue #55). With `words`,
the same for every text with words in it (a hint's or a review's sentence) instead."""


def numbers(page, scope: str = "body") -> list[dict]:
    """The numbers shown within `scope` (a selector; all the elements it matches), smallest first
    (see NUMBERS)."""
    return page.evaluate(NUMBERS, [scope, False])


def sentences(page, scope: str = "body") -> list[dict]:
    """The texts with words shown within `scope`, smallest first (see NUMBERS)."""
    return page.evaluate(NUMBERS, [scope, True])


def smallest_number(page, scope: str = "body") -> dict | None:
    """The smallest number a player reads within `scope`, with its size and where it is."""
    found = numbers(page, scope)
    return found[0] if found else None
