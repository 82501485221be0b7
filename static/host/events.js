// The page's events: one listener per event type on the body (and window), each sending the
// worker a plain description of the event: the tapped control's data attributes, the form's
// values, a file's text. A tap made while the worker starts waits in the queue (calls.js).
import { root, byId, data } from "./dom.js";
import { call, working, workerUp } from "./calls.js";
import { scan } from "./camera.js";
import { OPEN_KEY, rememberTable } from "./facts.js";
import { roveTo } from "./focus.js";
import { onKey } from "./keys.js";
import { PREFIX } from "./lock.js";
import { remember } from "./refusal.js";

// the worker is up, or the home screen is shown and a tap waits for it
function taking() { return workerUp() || root.getAttribute("data-ready") === "true"; }

function values(form) {
  const found = {};
  for (const el of form.elements) {
    if (el.name) found[el.name] = el.type === "checkbox" ? el.checked : String(el.value);
  }
  // a fold's state (the new-game form's "More options"), kept when the worker redraws the form
  for (const fold of form.querySelectorAll("details[data-field]")) found[fold.getAttribute("data-field")] = fold.open;
  return found;
}

// a tap on `target` (a control, or null: elsewhere), `inLayer` if over a dialog or cover
export function tap(target, inLayer) {
  if (!workerUp() && !target) return;
  if (target) remember(target);
  const waits = !workerUp();   // the tapped control says it waits for the worker (and a bar at the top)
  if (waits) target.setAttribute("aria-busy", "true");
  // a tap in a form carries the form's values (a chip seats a person beside the names typed; a
  // table is joined with the code typed)
  const form = target && target.closest && target.closest("form");
  const event = { target: target ? data(target) : null, in_layer: inLayer };
  if (form) event.values = values(form);
  call("click", event, "ludotheque:tap")
    .then(() => { if (waits) target.removeAttribute("aria-busy"); });
}

function sameData(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

// A repaint (a bot's move, a glide's end) replaces the table's controls. A finger pressed on
// one and lifted on its new copy makes no click on it (the browser sends the click, if any, to
// what both have in common): the tap is taken at the release, on the control now there with the
// same data, and that click, if one comes, is dropped.
let pressed = null;      // the control a press began on, and its data
let retaken = null;      // a tap taken at its release: when, and on what (the browser's click then dropped)
function control(el) { return el && el.closest ? el.closest("[data-action], [data-act]") : null; }

export function listen() {
  const body = document.body;
  body.addEventListener("pointermove", () => { root.classList.remove("pointer-still"); }, { passive: true });
  document.addEventListener("focusin", (event) => roveTo(event.target));
  body.addEventListener("pointerdown", (event) => {
    const el = control(event.target);
    pressed = el ? { el: el, data: data(el) } : null;
    retaken = null;
  }, true);
  body.addEventListener("pointerup", (event) => {
    const was = pressed;
    pressed = null;
    if (!was || was.el.isConnected || !taking()) return;
    const now = control(document.elementFromPoint(event.clientX, event.clientY));
    if (!now || !sameData(data(now), was.data) || now.disabled) return;
    retaken = { at: event.timeStamp, el: now };
    tap(now, !!now.closest("#layer"));
  }, true);
  // the top bar's menu closes at a choice in it (a file to restore: once it is chosen) or a tap elsewhere
  document.addEventListener("click", (event) => {
    const menu = byId("menu");
    const at = event.target.closest ? event.target : null;
    if (menu && menu.open && !(at && at.closest("#menu summary, #menu label"))) menu.open = false;
  }, true);
  body.addEventListener("click", (event) => {
    if (!event.target.closest) return;
    const scanner = event.target.closest("[data-scan]");
    if (scanner) { scan(scanner, tap); return; }
    // a tap that unfolds the computer's figures is no tap elsewhere: the hint stays on show
    if (event.target.closest("details[data-fold]")) return;
    if (!taking()) return;
    const target = control(event.target);
    const again = retaken && event.timeStamp - retaken.at < 100 && (!target || target === retaken.el);
    retaken = null;
    if (again) return;
    tap(target, !!event.target.closest("#layer"));
  });
  body.addEventListener("submit", (event) => {
    event.preventDefault();
    if (taking()) call("submit", { form: event.target.id, values: values(event.target) });
  });
  body.addEventListener("change", (event) => {
    const target = event.target;
    if (!taking()) return;
    // a game to import, or a backup to restore (the home's and the storage dialog's)
    const kind = target.id === "import-file" ? "import" : /^restore-file/.test(target.id) ? "restore" : null;
    if (kind) {
      if (byId("menu")) byId("menu").open = false;
      const file = target.files && target.files[0];
      if (!file) return;
      working(1);
      file.text().then((text) => { target.value = ""; call(kind, { text: text }); working(-1); },
                       () => { target.value = ""; call(kind, {}); working(-1); });
      return;
    }
    const form = target.closest && target.closest("#newgame");
    if (form) call("change", { name: target.name || "", values: values(form) });
  });
  body.addEventListener("keydown", onKey);
  body.addEventListener("dragstart", (event) => {
    const source = workerUp() && event.target.closest && event.target.closest("[data-drag]");
    if (!source || !byId("table")) return;
    event.dataTransfer.setData("text/plain", source.textContent);
    call("drag", { target: data(source) });
  });
  body.addEventListener("dragover", (event) => {
    if (byId("table") && event.target.closest && event.target.closest("[data-drop]")) event.preventDefault();
  });
  body.addEventListener("drop", (event) => {
    const target = workerUp() && event.target.closest && event.target.closest("[data-drop]");
    if (!target || !byId("table")) return;
    event.preventDefault();
    call("drop", { target: data(target) }, "ludotheque:tap");
  });
  window.addEventListener("storage", (event) => {
    const key = event.key || "";
    if (event.storageArea === localStorage && (key === "" || key.startsWith(PREFIX)) && key !== OPEN_KEY) {
      call("storage", { key: key });
    }
  });
  window.addEventListener("hashchange", () => { call("hashchange", { hash: location.hash }); });
  // the table this tab shows, for a reload (the worker's answer would come too late here)
  window.addEventListener("pagehide", rememberTable);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") rememberTable();
  });
}
