// The keyboard: Enter and Space on a board's cell (one tap a press), the arrow keys between the
// controls of a board (never off its edge),
// Tab kept inside a dialog, Escape (the menu closed, else the worker told).
import { byId, data } from "./dom.js";
import { call, workerUp } from "./calls.js";
import { layerOpen, moveFocus, trapFocus } from "./focus.js";
import { remember } from "./refusal.js";

export function onKey(event) {
  if (!workerUp()) return;
  const key = event.key;
  if ((key === "Enter" || key === " ") && event.repeat && event.target.closest && event.target.closest("#table [data-act]")) {
    // a key held down repeats: one press is one tap, or a held Enter would confirm at once the
    // placement its first press put down to wait for its confirmation
    event.preventDefault();
    return;
  }
  if ((key === "Enter" || key === " ") && byId("table")) {
    const target = event.target.closest && event.target.closest("[data-act]");
    if (target && target.tagName.toLowerCase() !== "button") {
      // a board's SVG cell is no button: Enter and Space act on it like a tap
      event.preventDefault();
      remember(target);
      call("click", { target: data(target), in_layer: false }, "ludotheque:tap");
      return;
    }
  }
  if (key.startsWith("Arrow") && byId("table") && !layerOpen() && moveFocus(key)) {
    event.preventDefault();
    return;
  }
  if (key === "Tab" && trapFocus(event)) return;
  const menu = byId("menu");
  if (key === "Escape" && menu && menu.open) {
    menu.open = false;
    menu.querySelector("summary").focus();
    return;
  }
  if (key === "Escape") call("escape", {});
}
