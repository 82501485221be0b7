// The table's markup painted (through static/motion.js's glides where it is there), the keyboard
// focus kept on the same control, and the phone's sticky turn bar measured.
import { root, byId } from "./dom.js";
import { focusSelector, layerOpen, nextControl, rove, seatOf } from "./focus.js";
import { placeRefusal } from "./refusal.js";

let lostFocus = null;   // the table's control a repaint took the focus from (while another seat plays)

function saveOf(html) {
  const found = /data-save="([^"]*)"/.exec(html || "");
  return found ? found[1] : null;
}

export function paintTable(op) {
  let table = byId("table");
  if (!table) {
    table = document.createElement("section");
    table.id = "table";
    byId("app").appendChild(table);
  }
  // a table opens (from the home, or another game at this table): at the top of the page, its
  // banner in sight, never at the home's scroll (the 3x16 card's button left a phone 295 px down)
  const shown = table.firstElementChild;
  const opening = !byId("home").hidden || !shown || shown.getAttribute("data-save") !== saveOf(op.html);
  byId("home").hidden = true;
  const here = document.activeElement;
  const parked = !!(here && here.hasAttribute && here.hasAttribute("data-parked"));
  const selector = parked ? null : focusSelector(here);
  let focused = selector && { selector: selector, seat: seatOf(here), lit: litPlace(here) };
  if (!focused && (!here || here === document.body || parked)) focused = lostFocus;  // a bot's turn: nothing of hers to act on
  // a table opens (Start in the new-game form, a game continued): the focus goes to it
  if (!focused && opening && !layerOpen()) focused = { selector: null, seat: null, lit: false };
  // the computer's figures a person unfolded (Review.figures) stay unfolded through the repaint
  const unfolded = Array.from(table.querySelectorAll("details[data-fold][open]"), (fold) => fold.getAttribute("data-fold"));
  const motion = window.ludotheque && window.ludotheque.paintTable;
  if (motion) motion(table, op.html); else table.innerHTML = op.html;
  for (const fold of table.querySelectorAll("details[data-fold]")) {
    if (unfolded.includes(fold.getAttribute("data-fold"))) fold.open = true;
  }
  lostFocus = null;
  if (focused) refocus(table, focused);
  rove(table);
  if (opening) window.scrollTo(0, 0);
  // no hover mark until the pointer moves: a mouse left where the last person clicked would
  // light that place on the next person's board (static/games/*.css: html:not(.pointer-still))
  root.classList.add("pointer-still");
  stackTurnBar();
  placeRefusal();
}

// a place lit for a move (a hex, a cell, a row where the tile may go)
function litPlace(el) { return !!(el.classList && el.classList.contains("legal")); }

// The focus after a repaint: on the same control, unless it is now on another person's board
// (focused, and lit, there it would show the next person the hex or cell the last one chose while
// boards are hidden) or it was a place lit for her move that she has just played (then the
// nearest place lit for her next one). Else what the person in front of the screen acts on next
// on her own board (`nextControl`); while another seat plays, nothing, never that seat's board:
// the focus comes back to hers when it is her turn again.
function refocus(table, focused) {
  const seat = seatFacing(table);
  let same = focused.selector ? document.querySelector(focused.selector) : null;
  if (same && seatOf(same) !== focused.seat) same = null;
  if (same && focused.lit && !litPlace(same)) same = nextControl(table, seat, centreOf(same)) || same;
  const again = same || table.querySelector("#pass-cover [data-action='reveal']") || nextControl(table, seat, null) ||
    (!othersTurn(table, seat) && table.querySelector(".board [data-act]:not([disabled]), [data-act]:not([disabled])"));
  if (again) again.focus({ preventScroll: true }); else { lostFocus = focused; park(table, seat); }
}

// While another seat plays, the focus waits on her own board itself (not a control of it: none is
// hers to use), so a screen reader stays there and Tab goes on from there; it had fallen to the
// page's body, a Tab then starting from the top of the page (the try-out of 2026-12-03).
function park(table, seat) {
  const spot = (seat !== null && table.querySelector(`.seat-board[data-seat="${seat}"]:not([data-glance])`)) || byId("banner");
  if (!spot) return;
  spot.setAttribute("tabindex", "-1");
  spot.setAttribute("data-parked", "");
  spot.focus({ preventScroll: true });
}

// the seat in front of the screen (the table's data-focus)
function seatFacing(table) {
  const at = table.querySelector(".table[data-focus]");
  return at ? at.getAttribute("data-focus") : null;
}

// another seat (a bot, a person on another device) is to play: the banner names it
function othersTurn(table, seat) {
  const banner = table.querySelector("#banner");
  const now = banner ? banner.getAttribute("data-seat") : "";
  return !!now && now !== seat && !table.querySelector(".table[data-over='true']");
}

function centreOf(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

export function showHome() {
  const table = byId("table");
  if (table) table.remove();
  byId("home").hidden = false;
  lostFocus = null;
  stackTurnBar();
}

// The turn bar on a phone (static/app.css): the banner (or a guided game's note) and the element
// a game marks data-turn (its call or tile and the step's buttons) stick at the top, one under
// the other. The second's place is the height of the first, measured here (a banner of one, two
// or three lines, a note of two to four): --turn-top; --turn-bottom (the whole bar) keeps a
// control that the focus or a scroll brings into view from under it (scroll-padding-top).
const barWatch = window.ResizeObserver ? new ResizeObserver(() => stackTurnBar(true)) : null;
let barParts = [];
function stackTurnBar(measureOnly) {
  const table = byId("table");
  if (!measureOnly) {
    barParts = !table || !byId("home").hidden ? [] :
      [table.querySelector(".banner"), table.querySelector(".guide-note:not(.guide-end)"), table.querySelector("[data-turn='top']")];
    if (barWatch) {
      barWatch.disconnect();
      for (const el of barParts) if (el) barWatch.observe(el);
    }
  }
  let top = 0;
  const tops = [];
  for (const el of barParts) {
    tops.push(top);
    if (el && el.isConnected && getComputedStyle(el).position === "sticky") top += el.getBoundingClientRect().height;
  }
  root.style.setProperty("--turn-top", (tops[2] || 0) + "px");
  root.style.setProperty("--turn-bottom", top + "px");
}
window.addEventListener("resize", () => stackTurnBar(true));
