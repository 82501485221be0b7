// What the worker asks the page to do: its answer's list of plain operations (a screen's markup,
// a dialog, the focus, a timer that calls back into the worker, a copy, a download, a spoken
// number...), each applied in turn (py/ludotheque/web/page.py names them).
import { root } from "./dom.js";
import { call, working } from "./calls.js";
import { judge, think } from "./bots.js";
import { setReopen } from "./facts.js";
import { showLayer } from "./focus.js";
import { paintTable, showHome } from "./paint.js";
import { savedChanged, takeTaps } from "./picture.js";
import { drawCodes } from "./qr.js";
import { precompile } from "./wasm.js";

export function apply(ops) {
  for (const op of ops) {
    const run = OPS[op.op];
    try { if (run) run(op); } catch (e) { console.error("Ludothèque:", op.op, e); }
  }
  drawCodes();
}

const OPS = {
  html(op) {
    const el = document.querySelector(op.sel);
    if (op.sel === "#saved" && !savedChanged(op)) return;
    if (el) el.innerHTML = op.html;
  },
  text(op) { const el = document.querySelector(op.sel); if (el) el.textContent = op.text; },
  select(op) { const el = document.querySelector(op.sel); if (el && el.select) el.select(); },
  table: paintTable,
  home: showHome,
  layer: showLayer,
  focus(op) {
    for (const sel of op.sels) {
      const el = document.querySelector(sel);
      if (el) { el.focus(); return; }
    }
  },
  confirm(op) {
    // asked once this call is over: the storage lock is not held while the question waits
    working(1);
    setTimeout(() => {
      if (window.confirm(op.text)) call("click", { target: op.then });
      working(-1);
    }, 0);
  },
  download(op) {
    const url = URL.createObjectURL(new Blob([op.text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = op.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  },
  copy(op) {
    if (navigator.clipboard) navigator.clipboard.writeText(op.text).catch(() => {});
  },
  speak(op) {
    const life = window.ludotheque;
    if (life && life.soundOn && !life.soundOn()) return;   // the sound switch is off: not a word
    if (!window.speechSynthesis || !window.SpeechSynthesisUtterance) return;
    const utterance = new SpeechSynthesisUtterance(op.text);
    utterance.lang = op.lang;
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
  },
  // a hint just asked: its first mark on the board (not in the sticky turn bar or hand) brought
  // into the band between the bars that stick at the top and the bottom, if it is not there
  reveal(op) {
    let mark = null;
    for (const el of document.querySelectorAll(op.sel)) if (!el.closest("[data-turn]")) { mark = el; break; }
    if (!mark) return;
    const r = mark.getBoundingClientRect();
    const top = parseFloat(getComputedStyle(root).getPropertyValue("--turn-bottom")) || 0;
    let bottom = innerHeight;
    const foot = document.querySelector("#table [data-turn='foot']");
    if (foot && getComputedStyle(foot).position === "sticky") bottom = Math.min(bottom, foot.getBoundingClientRect().top);
    if (r.top >= top && r.bottom <= bottom) return;
    window.scrollBy(0, r.top - top - Math.max(0, (bottom - top - r.height) / 2));
  },
  address(op) { history.replaceState(null, "", op.value); },
  lang(op) { root.lang = op.value; },
  timer(op) {
    setTimeout(() => { call("timer", { id: op.id }, op.name); }, op.delay);
  },
  think: think,
  judge: judge,
  reopen(op) { setReopen(op.game); },
  ready() {
    precompile();
    takeTaps();
    root.setAttribute("data-engine", "ready");
  }
};
