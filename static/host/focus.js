// The keyboard focus: which control of the table it is on (kept across a repaint, paint.js), the
// arrow keys between the board's controls, Tab kept inside a dialog, the focus back to a
// dialog's opener.
import { byId } from "./dom.js";

const FOCUS_KEYS = ["act", "action", "cell", "row", "col", "index", "tile", "card", "column", "seat"];
let opener = null;   // the control that had the focus when the dialog opened

// whose board or hand a control of the table is on (its nearest data-seat), null if nobody's
export function seatOf(el) {
  const owner = el && el.closest ? el.closest("#table [data-seat]") : null;
  return owner ? owner.getAttribute("data-seat") : null;
}

// a selector for the same control of the table in the next markup (its data attributes)
export function focusSelector(el) {
  if (!el || !el.closest || !el.closest("#table") || !el.dataset) return null;
  const parts = [];
  for (const k of FOCUS_KEYS) {
    const value = el.dataset[k];
    if (value !== undefined && !value.includes('"')) parts.push("[data-" + k + '="' + value + '"]');
  }
  return parts.length ? "#table " + parts.join("") : null;
}

// a dialog above the screen (empty: closed, the focus back to the control that opened it)
export function showLayer(op) {
  const box = byId("layer");
  if (op.html && !box.classList.contains("open")) opener = document.activeElement;
  box.innerHTML = op.html;
  box.classList.toggle("open", !!op.html);
  if (op.html) {
    const first = box.querySelector("[autofocus], select, input, button");
    if (first) first.focus();
  } else if (opener) {
    if (document.body.contains(opener)) opener.focus();
    opener = null;
  }
}

export function layerOpen() { return byId("layer").classList.contains("open"); }

// arrow keys: the nearest control of the table in that direction (cells, tiles, cards, hexes)
export function moveFocus(key) {
  const here = document.activeElement;
  if (!here || !here.closest || !here.closest("#table")) return false;
  const box = here.getBoundingClientRect();
  const x0 = box.left + box.width / 2, y0 = box.top + box.height / 2;
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!d) return false;
  let best = null, bestCost = null;
  for (const el of document.querySelectorAll("#table [data-act], #table .board button")) {
    if (el === here || el.hasAttribute("disabled")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    const vx = r.left + r.width / 2 - x0, vy = r.top + r.height / 2 - y0;
    const along = vx * d[0] + vy * d[1];
    if (along <= 2) continue;
    const cost = along + 1.5 * Math.abs(vx * d[1] + vy * d[0]);  // a hex half a row aside beats one two columns on
    if (bestCost === null || cost < bestCost) { best = el; bestCost = cost; }
  }
  if (!best) return false;
  best.focus();
  return true;
}

// Tab inside an open dialog, the review, an enlarged board or the hand-over cover (modal) goes round its own controls
export function trapFocus(event) {
  const panel = document.querySelector("#layer.open") || document.querySelector("#review, #zoom, #pass-cover");
  if (!panel) return false;
  const controls = panel.querySelectorAll("button:not([disabled]), [href], input:not([disabled]), " +
    "select:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])");
  if (!controls.length) return false;
  const here = document.activeElement;
  const inside = here && panel.contains(here);
  const first = controls[0], last = controls[controls.length - 1];
  if (!inside || (event.shiftKey && here === first) || (!event.shiftKey && here === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
    return true;
  }
  return false;
}
