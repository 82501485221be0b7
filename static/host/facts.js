// The page's facts the worker cannot see for itself (sent with the first call), and the table
// this tab shows, kept for a reload.
import { root } from "./dom.js";
import { PREFIX } from "./lock.js";

export const OPEN_KEY = "ludotheque:open";
let reopen;   // the game at this tab's table (undefined until the worker says)

export function setReopen(game) { reopen = game; }

export function installed() {
  return (window.matchMedia && matchMedia("(display-mode: standalone)").matches) || navigator.standalone === true;
}

// Safari's engine, which clears a site's storage after seven days of use without a visit: Safari
// on a Mac, and every browser on an iPhone or iPad (all are WebKit there; iPadOS says
// "Macintosh" but has a touch screen); not Chrome, Edge, Firefox or Opera on a desktop
function safariEngine() {
  const agent = navigator.userAgent || "";
  if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) return true;
  return /Safari\//.test(agent) && /Version\//.test(agent) && !/Chrome|Chromium|Edg|OPR|Firefox|Android/.test(agent);
}

// localStorage that throws when read (site data blocked: some private windows, a privacy
// setting) refuses everything: the worker is told at the start, says so, and writes nothing
function storageRefused() {
  try { return !window.localStorage || (localStorage.getItem(PREFIX + "lang"), false); } catch (e) { return true; }
}

export function facts() {
  const standalone = installed();
  let game = null;
  try { game = sessionStorage.getItem(OPEN_KEY) || (standalone ? localStorage.getItem(OPEN_KEY) : null); } catch (e) {}
  return {
    lang: root.lang, base: location.href.split("#")[0], path: location.pathname + location.search,
    hash: location.hash, touch: !!(window.matchMedia && matchMedia("(pointer: coarse)").matches),
    installed: standalone, safari: safariEngine(), reopen: game, storage: storageRefused() ? "refused" : "kept"
  };
}

// the table this tab shows, for a reload (the worker's answer would come too late at pagehide)
export function rememberTable() {
  if (reopen === undefined) return;
  for (const name of ["sessionStorage"].concat(installed() ? ["localStorage"] : [])) {
    try {
      const storage = window[name];   // site data blocked: reading the property throws
      if (reopen) storage.setItem(OPEN_KEY, reopen); else storage.removeItem(OPEN_KEY);
    } catch (e) { /* storage full or refused: a reload lands on the home screen */ }
  }
}
