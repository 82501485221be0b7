// The page's Python runs the app's own tags only (issue #56, defence in depth). PyScript's core
// (pyscript/core.js) starts an interpreter for every tag of its own that enters the document, at
// any time and inside any added subtree: a <script> of a type it runs (py, mpy, pyodide,
// micropython, py-editor...), a <py-script> or <mpy-script>; and all it would load is 'self', so
// the policy lets it run. This module's observer is made before PyScript's (main.js imports it
// first, and index.html starts the host before PyScript), and a MutationObserver's callbacks come
// in the order the observers were made: it sees each added tag first, and leaves PyScript nothing
// to start:
//   a <script> of a type the browser does not run itself gets an inert type (the type it had in
//     data-refused): PyScript matches a script by its type, as added and in its later scans of the
//     document (its start, py-editor's every 250 ms), and none matches it again;
//   a <py-script>, <mpy-script>, <py-config> or <mpy-config> (matched by its name, which cannot
//     change) loses its code, src and worker, leaves the document and answers false when PyScript
//     asks it `matches`, as it does of each added node.
// Left alone: the tags already there when this module runs (module scripts run once the markup is
// parsed: index.html's own, the table's worker among them), and the host's own tags, passed to
// `own` before they are added (bots.js: the bots' worker). Not guarded: code that already runs
// in the page (it could make a worker itself, or change a tag's type once it is in); nor needed
// for PyScript's event attributes (py-click...), which find no interpreter on the main thread.
const TAGS = "script, py-script, mpy-script, py-config, mpy-config";
const BROWSERS = new Set(["", "module", "text/javascript", "application/javascript"]);  // the browser's own: run at once, or never
const INERT = "text/x-refused";
const mine = new WeakSet(document.querySelectorAll(TAGS));

// `el`, a tag the host made, is let through when it is added
export function own(el) {
  mine.add(el);
  return el;
}

function refuse(el) {
  if (mine.has(el)) return;
  if (el.localName === "script") {
    const type = (el.getAttribute("type") || "").trim().toLowerCase();
    if (BROWSERS.has(type) || type === INERT) return;
    el.setAttribute("data-refused", type);
    el.setAttribute("type", INERT);
    return;
  }
  mine.add(el);   // done with: not looked at again
  el.replaceChildren();
  for (const name of ["src", "worker", "config"]) el.removeAttribute(name);
  Object.defineProperty(el, "matches", { value: () => false });
  el.remove();
}

new MutationObserver((records) => {
  for (const { addedNodes } of records) {
    for (const node of addedNodes) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      for (const el of node.querySelectorAll(TAGS)) refuse(el);
      if (node.matches(TAGS)) refuse(node);
    }
  }
}).observe(document, { childList: true, subtree: true });
