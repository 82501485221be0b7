/* The home screen's picture. The worker's home screen (its #saved part) is kept with a
   fingerprint of the stored values it was drawn from. At the next visit whose stored values,
   build, language and day are the same, the page shows it at once and takes taps: they wait in
   the queue until the worker is up (a bar at the top says it is starting). With no stored value
   at all, the shell is the home screen. A table to reopen, or a replay link, waits for the
   worker. A notice (a value set aside, say) is never in a picture: the worker flags a home that
   says only what is stored. */
import { root, byId } from "./dom.js";
import { stored } from "./lock.js";

const PICTURE = "ludotheque-home";   // not "ludotheque:": the worker never sees it
const UNDRAWN = { "ludotheque:sound": true, "ludotheque:open": true };   // the page's own keys
let pictureDue = null;               // the home the call being applied drew, to keep
let savedShown = null;               // the #saved markup on screen: the same again is not repainted

function today() { const d = new Date(); return d.getFullYear() + "-" + (d.getMonth() + 1) + "-" + d.getDate(); }

// the stored values' count and two 32-bit hashes (FNV-1a and a second multiplier) of every key
// and value, in key order
function fingerprint() {
  const values = stored();
  const keys = Object.keys(values).filter((key) => !UNDRAWN[key]).sort();
  let a = 0x811c9dc5, b = 0x9e3779b9, length = 0;
  for (const key of keys) {
    const text = key + "\u0000" + values[key] + "\u0001";
    length += text.length;
    for (let j = 0; j < text.length; j++) {
      const c = text.charCodeAt(j);
      a = Math.imul(a ^ c, 16777619);
      b = Math.imul(b ^ c, 2246822519);
    }
  }
  return { count: keys.length, key: [keys.length, length, a >>> 0, b >>> 0].join(":") };
}

// the worker's markup for #saved (an `html` op): false if it is on screen already (the picture
// shown, say: a folder opened meanwhile stays open); a home drawn as a picture is kept once the
// call's answer is shown (keptPicture)
export function savedChanged(op) {
  if (op.picture) pictureDue = op.html;
  if (op.html === savedShown) return false;
  savedShown = op.html;
  return true;
}

// once a call's answer is on screen: the home it drew as a picture kept (true), if it drew one
export function keptPicture() {
  if (pictureDue === null) return false;
  const html = pictureDue;
  pictureDue = null;
  try {
    localStorage.removeItem(PICTURE);
    localStorage.setItem(PICTURE, JSON.stringify({ build: root.getAttribute("data-build"), lang: root.lang,
                                                   day: today(), key: fingerprint().key, html: html }));
  } catch (e) { /* no room: the next visit's home waits for the worker */ }
  return true;
}

// a move stored at the table: once the page has been quiet a while, `draw()` has the worker draw
// the home behind it (a dry run, "picture"), so a visit after the tab was closed at the table
// starts at once
const PICTURE_AFTER = 3000;
let pictureTimer = null;
export function pictureLater(draw) {
  clearTimeout(pictureTimer);
  pictureTimer = setTimeout(() => {
    (window.requestIdleCallback || setTimeout)(() => { if (byId("table")) draw(); });
  }, PICTURE_AFTER);
}

// the picture gives its room to the players' values (a write refused for want of room)
export function dropPicture() {
  try {
    if (localStorage.getItem(PICTURE) === null) return false;
    localStorage.removeItem(PICTURE);
    return true;
  } catch (e) { return false; }
}

// The picture is markup read from storage, which any script of this origin may have written (on
// GitHub Pages all of a user's projects share one origin): it is parsed inert (a template's
// content runs nothing and loads nothing) and shown only if it holds nothing but what home.py
// draws there (its tags, its ids, no other attribute than these); else the home waits for the
// worker. The Content Security Policy (index.html) would stop a handler anyway.
const PICTURE_TAGS = { DIV: 1, P: 1, H2: 1, H3: 1, UL: 1, LI: 1, SPAN: 1, BDI: 1, BUTTON: 1, DETAILS: 1, SUMMARY: 1 };
const PICTURE_IDS = { going: 1, history: 1, stats: 1 };
const PICTURE_ATTRIBUTE = /^(class|title|open|role|disabled|aria-[a-z]+|data-[a-z]+(-[a-z]+)*)$/;
function drawnByHome(html) {
  const box = document.createElement("template");
  box.innerHTML = html;
  for (const el of box.content.querySelectorAll("*")) {
    if (!PICTURE_TAGS[el.tagName]) return null;
    for (const { name, value } of el.attributes) {
      if (!(PICTURE_ATTRIBUTE.test(name) || (name === "id" && PICTURE_IDS[value] === 1) ||
            (name === "type" && value === "button"))) return null;
    }
  }
  return box.content;
}

export function showPicture() {
  if (root.hasAttribute("data-resume")) return;
  try {
    const now = fingerprint();
    if (now.count) {
      const picture = JSON.parse(localStorage.getItem(PICTURE) || "null") || {};
      if (picture.build !== root.getAttribute("data-build") || picture.lang !== root.lang || picture.day !== today() ||
          picture.key !== now.key || typeof picture.html !== "string") return;
      const drawn = drawnByHome(picture.html);
      if (!drawn) return;
      const saved = byId("saved");
      saved.textContent = "";
      saved.appendChild(document.adoptNode(drawn));
      savedShown = picture.html;
    }
  } catch (e) { return; }
  performance.mark("ludotheque:shown");
  takeTaps();
}

// the home's buttons (disabled in the shell) take taps
export function takeTaps() {
  for (const button of document.querySelectorAll("#home button[disabled], #menu button[disabled]")) button.disabled = false;
  root.setAttribute("data-ready", "true");
}
