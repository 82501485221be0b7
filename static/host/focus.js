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

// the same field or button of a dialog drawn again (its name, id or action)
function layerSelector(el) {
  const box = byId("layer");
  if (!el || !box.classList.contains("open") || !box.contains(el) || el === box) return null;
  for (const [attr, value] of [["name", el.getAttribute("name")], ["id", el.id], ["data-action", el.dataset.action]]) {
    if (value && !value.includes('"')) {
      const extra = attr === "data-action" && el.dataset.game ? `[data-game="${el.dataset.game}"]` : "";
      return `[${attr}="${value}"]${extra}`;
    }
  }
  return null;
}

// a dialog above the screen (empty: closed, the focus back to the control that opened it); drawn
// again while open (a choice in the new-game form changes the form), the focus stays on the
// field or button it was on, where it is
export function showLayer(op) {
  const box = byId("layer");
  const kind = () => box.firstElementChild ? box.firstElementChild.className : "";
  const was = kind();
  const kept = op.html ? layerSelector(document.activeElement) : null;
  if (op.html && !box.classList.contains("open")) opener = document.activeElement;
  const scrollers = () => [box, ...box.querySelectorAll(".dialog")];   // where it was scrolled to stays
  const scrolled = kept ? scrollers().map((el) => el.scrollTop) : [];
  box.innerHTML = op.html;
  box.classList.toggle("open", !!op.html);
  if (op.html) {
    const same = kept && kind() === was && box.querySelector(kept);   // the same dialog
    if (same) {
      scrollers().forEach((el, i) => { if (i < scrolled.length) el.scrollTop = scrolled[i]; });
      same.focus({ preventScroll: true });
      return;
    }
    const first = box.querySelector("[autofocus], select, input, button");
    if (first) first.focus();
  } else if (opener) {
    if (document.body.contains(opener)) opener.focus();
    opener = null;
  }
}

export function layerOpen() { return byId("layer").classList.contains("open"); }

// the part of the table a control's arrow keys move within: its board (a seat's board, a board
// drawn as a group of cells) or its row of boards, else the whole table
const GROUPS = "[role='group'], .seat-board, .board-cells";
function groupOf(el) {
  const parent = el.parentElement;
  return (parent && parent.closest(GROUPS + ", #table")) || byId("table");
}

// arrow keys: the nearest control of the same board in that direction (cells, tiles, cards,
// hexes). At the board's edge the focus stays where it is (true: the key is taken) rather than
// leave the board for a button or another person's board.
export function moveFocus(key) {
  const here = document.activeElement;
  if (!here || !here.closest || !here.closest("#table")) return false;
  const box = here.getBoundingClientRect();
  const x0 = box.left + box.width / 2, y0 = box.top + box.height / 2;
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!d) return false;
  const group = groupOf(here);
  let best = null, bestCost = null;
  for (const el of group.querySelectorAll("[data-act], .board button")) {
    if (el === here || el.hasAttribute("disabled") || !el.closest("#table")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    const vx = r.left + r.width / 2 - x0, vy = r.top + r.height / 2 - y0;
    const along = vx * d[0] + vy * d[1];
    if (along <= 2) continue;
    const cost = along + 1.5 * Math.abs(vx * d[1] + vy * d[0]);  // a hex half a row aside beats one two columns on
    if (bestCost === null || cost < bestCost) { best = el; bestCost = cost; }
  }
  if (best) best.focus();
  return !!best || group.id !== "table";
}

// A board's cells (the group a game's markup marks data-roving) are one stop of Tab, the arrows
// going between them: that stop is the focused cell, else a place lit for her move, else the first
// cell. Rucki Zucki's 45 cells stood between the hand and the buttons after them (the try-out of
// 2026-12-03: 46 Tabs from the hand to Draw).
export function rove(table) {
  for (const group of table.querySelectorAll("[data-roving]")) {
    const cells = Array.from(group.querySelectorAll("[data-act]"));
    const usable = cells.filter((el) => !el.hasAttribute("disabled"));
    stopAt(cells, cells.find((el) => el === document.activeElement) ||
      usable.find((el) => el.classList.contains("legal")) || usable[0] || null);
  }
}

// the focus came to a cell of such a board (an arrow, a tap, a repaint): Tab comes back to it
export function roveTo(el) {
  const group = el && el.closest && el.matches && el.matches("[data-act]") && el.closest("#table [data-roving]");
  if (group) stopAt(group.querySelectorAll("[data-act]"), el);
}

function stopAt(cells, stop) {
  for (const el of cells) el.setAttribute("tabindex", el === stop ? "0" : "-1");
}

// The control a person acts on next on her own board (`seat`, the one in front of the screen):
// a place lit for her move (the nearest to `near`, the control she was on, when given), else
// any control of her board, else a lit place off every seat's board (a board all share). Null:
// nothing of hers to act on (another seat plays).
export function nextControl(table, seat, near) {
  const own = seat === null ? null : table.querySelector(`.seat-board[data-seat="${seat}"]:not([data-glance])`);
  const usable = (root, sel) => root ? Array.from(root.querySelectorAll(sel)).filter(
    (el) => !el.hasAttribute("disabled") && el.getBoundingClientRect().width > 0) : [];
  const shared = usable(table, ".legal[data-act]").filter((el) => !el.closest(".seat-board"));
  for (const found of [usable(own, ".legal[data-act]"), usable(own, "[data-act]"), shared]) {
    if (found.length) return nearest(found, near);
  }
  return null;
}

function nearest(els, near) {
  if (!near) return els[0];
  const at = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [x0, y0] = near;
  let best = els[0], bestD = null;
  for (const el of els) {
    const [x, y] = at(el);
    const dist = Math.hypot(x - x0, y - y0);
    if (bestD === null || dist < bestD) { best = el; bestD = dist; }
  }
  return best;
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
