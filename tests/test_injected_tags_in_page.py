"""Issue #56, point 6 (defence in depth): a PyScript tag that enters the page after its markup,
whether before PyScript has started or once the app is up, runs nothing (static/host/guard.js).
Without the guard a worker tag starts a second interpreter in a same-origin worker that runs any
code, and the policy lets it (all it loads is 'self'); a tag for the main thread asks Pyodide or
MicroPython of a CDN, which the policy refuses (measured on the code before the guard: 21 workers
made, the worker tags' Python run).

Each injected tag's Python, were it run, would say so on a BroadcastChannel the page listens to,
and every Worker the page makes is counted (an init script wraps window.Worker): the app's own
worker is the only one, and no message comes."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from pagetools import FAST_BOTS, draw_if_asked, start, tap_and_wait, wait_for_human

CONFIG = 'config="./pyscript.toml"'


def said(label: str) -> str:
    """Python that tells the page's channel it ran (Pyodide and MicroPython, page or worker)."""
    return f'import js; js.BroadcastChannel.new("injected").postMessage("{label}")'


# the tags a markup injection could bring, in every form PyScript's core starts
TAGS = {
    "script-py": f'<script type="py">{said("script-py")}</script>',
    "script-py-worker": f'<script type="py" worker {CONFIG}>{said("script-py-worker")}</script>',
    "script-py-named-worker": f'<script type="py" worker name="ludotheque" {CONFIG}>{said("script-py-named-worker")}</script>',
    "script-mpy": f'<script type="mpy">{said("script-mpy")}</script>',
    "script-mpy-worker": f'<script type="mpy" worker {CONFIG}>{said("script-mpy-worker")}</script>',
    "script-pyodide-worker": f'<script type="pyodide" worker {CONFIG}>{said("script-pyodide-worker")}</script>',
    "py-script": f'<py-script>{said("py-script")}</py-script>',
    "py-script-worker": f'<py-script worker {CONFIG}>{said("py-script-worker")}</py-script>',
    "mpy-script": f'<mpy-script>{said("mpy-script")}</mpy-script>',
    "mpy-script-worker": f'<mpy-script worker {CONFIG}>{said("mpy-script-worker")}</mpy-script>',
}

# Before any of the page's scripts: count the workers, listen on the channel, and once the
# markup is parsed and the host is running (DOMContentLoaded), before PyScript has defined its
# tags, add a worker tag and a <py-script> inside a subtree
WATCH = """
(() => {
  const Native = window.Worker;
  window.__workers = [];
  window.Worker = class extends Native {
    constructor(url, options) { super(url, options); window.__workers.push(String(url)); }
  };
  window.__ran = [];
  new BroadcastChannel("injected").onmessage = (event) => window.__ran.push(event.data);
  document.addEventListener("DOMContentLoaded", () => {
    window.__early = { pyscriptDefined: !!customElements.get("py-script"), workers: window.__workers.length };
    document.body.insertAdjacentHTML("beforeend", %s);
  });
})();
""" % json.dumps("<div id='early'>"
                 f'<script type="py" worker {CONFIG}>{said("early-script-py-worker")}</script>'
                 f'<py-script worker {CONFIG}>{said("early-py-script-worker")}</py-script></div>')

# each tag added alone by the DOM (parsed from its markup, as a screen's markup is), then all of
# them inside a subtree by innerHTML: into a detached element then added, and into one in the page
INJECT = """(tags) => {
  for (const html of tags) {
    const box = document.createElement("template");
    box.innerHTML = html;
    document.body.append(box.content.firstChild);
  }
  const detached = document.createElement("section");
  detached.id = "detached";
  detached.innerHTML = "<div><p>" + tags.join("") + "</p></div>";
  document.body.append(detached);
  const layer = document.getElementById("layer");
  layer.insertAdjacentHTML("beforeend", "<div id='inside'><div>" + tags.join("") + "</div></div>");
}"""

LEFT = """() => {
  const scripts = [...document.querySelectorAll("script")].filter(s => !s.closest("head"))
    .map(s => [s.getAttribute("type"), s.hasAttribute("worker"), !!s.xworker]);
  return { scripts, customs: document.querySelectorAll("py-script, mpy-script").length };
}"""


def test_injected_pyscript_tags_run_nothing_and_the_app_still_plays(page, context, boot):
    context.add_init_script(FAST_BOTS)
    context.add_init_script(WATCH)
    boot()
    page.wait_for_timeout(3000)   # the early tags' time
    assert page.evaluate("window.__early.pyscriptDefined") is False   # they came before PyScript had started
    page.evaluate(INJECT, list(TAGS.values()))
    page.wait_for_timeout(5000)   # time for an interpreter to start and say it ran
    # no injected tag's Python said it ran, and the app's worker is the one worker made
    assert page.evaluate("({ran: window.__ran.sort(), workers: window.__workers.length})") == {"ran": [], "workers": 1}
    left = page.evaluate(LEFT)
    # every <script> in the body but the app's own worker tag has an inert type; no custom tag is left
    own = [s for s in left["scripts"] if s[0] == "py"]
    assert own == [["py", True, True]], left
    assert {s[0] for s in left["scripts"] if s[0] != "py"} == {"text/x-refused"}, left
    assert left["customs"] == 0, left
    # and the app still plays: a game of Lucky Numbers, a move
    start(page, "lucky-numbers", names=("Alice",))
    page.click("button[data-act='confirm-setup']")
    draw_if_asked(page)
    tap_and_wait(page, page.locator(".ln-garden.active .ln-cell.legal").first)
    wait_for_human(page)
    expect(page.locator("#table")).to_be_visible()
    assert page.evaluate("window.__ran") == []


def test_the_apps_own_tags_still_start(page, context, boot):
    """The table's worker tag of index.html keeps its type; the bots' worker, the host's own tag
    added later (static/host/bots.js), still starts and moves."""
    context.add_init_script("localStorage.setItem('ludotheque:settings', JSON.stringify({bot_delay: 300}));")
    context.add_init_script(WATCH)
    boot()
    script = page.locator("script[name='ludotheque']")
    assert script.get_attribute("type") == "py" and script.get_attribute("data-refused") is None
    # the bots' worker: started once the strong Take It Easy bot's moves keep the table's worker busy
    start(page, "take-it-easy", players=2, names=("Alice",), kinds=("human", "bot:expert"), options={"rounds": 1})
    for _ in range(18):
        if page.evaluate("performance.getEntriesByName('ludotheque:thought').length"):
            break
        page.locator(".tie-main .tie-cell.legal").first.click()
        page.wait_for_timeout(400)
    assert page.evaluate("performance.getEntriesByName('ludotheque:thought').length") >= 1
    bots = page.locator("script[name='bots']")
    assert bots.get_attribute("type") == "py" and bots.get_attribute("data-refused") is None
    assert page.evaluate("window.__workers.length") == 2   # the table's worker and the bots'
    assert page.evaluate("window.__ran") == []
