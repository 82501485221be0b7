// Why a tap was refused, beside the place tapped, over the table (nothing moves); CSS fades it,
// on one timeline however often the table is painted again meanwhile (a bot's move, say). It
// never covers the control tapped nor any legal target (".legal") nor the hinted or guided one
// (".hint"): the nearest place above or below the control that covers none of the board's
// controls (a person reads them too); where there is none, below or above the control, beside
// it, above or below all the targets, or a corner, whichever covers the fewest targets, then
// the fewest of the rest.
import { focusSelector } from "./focus.js";

let tapped = null;   // the last control tapped: left, right, bottom, top, and a selector for it
let shownRefusal = { n: null, since: 0 };

export function remember(target) {
  const r = target.getBoundingClientRect();
  tapped = { left: r.left, right: r.right, bottom: r.bottom, top: r.top, selector: focusSelector(target) };
}

export function placeRefusal() {
  const toast = document.querySelector("#table .refusal.toast");
  if (!toast) return;
  const game = document.querySelector("#table [data-save]");
  const n = (game ? game.getAttribute("data-save") : "") + ":" + toast.getAttribute("data-n");
  const now = performance.now();
  if (n !== shownRefusal.n) shownRefusal = { n: n, since: now };
  let style = "animation-delay: " + Math.round(shownRefusal.since - now) + "ms";
  if (!tapped) { toast.style.cssText = style; return; }
  const width = Math.min(360, innerWidth - 16);
  style += "; max-width: " + width + "px";
  toast.style.cssText = style + "; left: 8px; top: 8px";
  const size = toast.getBoundingClientRect();
  const w = size.width, ht = size.height;
  const here = tapped.selector ? document.querySelector(tapped.selector) : null;
  const t = here ? here.getBoundingClientRect() : tapped;
  const avoid = [t];
  for (const el of document.querySelectorAll("#table .legal, #table .hint")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height) avoid.push(r);
  }
  // the rest of the board's controls, a hint's words, the last moves and what a game marks as
  // read to play (data-read: 3x16's call): covered as little as may be (a person reads them too;
  // on a phone 3x16's tapped row lies just under the hint in the turn bar, and a bubble over the
  // call hid the number it was about). The banner, which says the turn, may be covered a moment:
  // kept free too, the bubble went as far as the toolbar, 210 px from the cell tapped.
  const board = [];
  for (const el of document.querySelectorAll("#table [data-act], #table [data-cell], #table .hint-note, #table #last-move, #table [data-read]")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && r.bottom > 0 && r.top < innerHeight) board.push(r);
  }
  const top = Math.min(...avoid.map((r) => r.top));
  const bottom = Math.max(...avoid.map((r) => r.bottom));
  const gap = 6;
  const spots = [[t.left, t.bottom + gap], [t.left, t.top - gap - ht], [t.right + gap, t.top], [t.left - gap - w, t.top],
                 [t.left, bottom + gap], [t.left, top - gap - ht], [t.left, 8], [t.left, innerHeight - ht - 8],
                 [8, 8], [innerWidth, 8], [8, innerHeight], [innerWidth, innerHeight]];
  let best = null;
  function over(rects, x, y) {
    let area = 0;
    for (const r of rects) {
      area += Math.max(0, Math.min(x + w, r.right) - Math.max(x, r.left)) *
              Math.max(0, Math.min(y + ht, r.bottom) - Math.max(y, r.top));
    }
    return area;
  }
  // first, the place nearest the control, above or below it, that covers nothing of the board
  const xs = [t.left, t.right - w].map((x) => Math.max(8, Math.min(x, innerWidth - w - 8)));
  for (let dy = 0; !best && dy < innerHeight; dy += 6) {
    for (const y of [t.bottom + gap + dy, t.top - gap - ht - dy]) {
      if (best || y < 8 || y > innerHeight - ht - 8) continue;
      for (const x of xs) if (!best && !over(avoid, x, y) && !over(board, x, y)) best = { x: x, y: y };
    }
  }
  if (!best) {
    for (const spot of spots) {
      const x = Math.max(8, Math.min(spot[0], innerWidth - w - 8));
      const y = Math.max(8, Math.min(spot[1], innerHeight - ht - 8));
      const covered = over(avoid, x, y), others = over(board, x, y);
      if (!best || covered < best.covered || (covered === best.covered && others < best.others))
        best = { x: x, y: y, covered: covered, others: others };
    }
  }
  toast.style.cssText = style + "; left: " + Math.round(best.x) + "px; top: " + Math.round(best.y) + "px";
}
