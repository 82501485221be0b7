/* Life at the table: pieces that travel, sounds and a short vibration, read off the markup.
   The table's markup says what moved and where from; this script only draws it:
   - a piece that arrives carries data-travel (a key, animated once) and data-from (the name of
     the element it comes from, marked data-source="name": the called tile, the pile, the pool, a
     hand); it glides from there to its place. Its pace follows the bots' pace (data-pace on the
     table), a tap finishes every glide at once (the tap itself is never held back: animations
     only move pixels), and under prefers-reduced-motion nothing glides;
   - the same paint's changes give the sounds: a piece put down, a refusal (the toast's data-n
     grows; with a vibration where the device has one), a round's end (data-rounds grows), the end
     of the game (data-over), a moment worth celebrating (.moment). Sounds are made here with Web
     Audio: nothing is fetched. The switch in the top bar (#sound-switch) is kept on this device
     (localStorage "ludotheque:sound"); unset, sound is on unless the device asks for reduced
     motion.
   The page's host (static/host/paint.js) writes the table's markup, as the worker sends it, through
   window.ludotheque.paintTable. */
(function () {
  "use strict";
  var SOUND_KEY = "ludotheque:sound";
  var GLIDE_MS = { fast: 220, normal: 380, slow: 600 };
  var seen = {};            // travel keys already animated (a repaint redraws the same arrival)
  var seenOrder = [];
  var last = null;          // what the previous paint showed: over, rounds, refusal count
  var audio = null;
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  function soundOn() {
    var chosen = null;
    try { chosen = localStorage.getItem(SOUND_KEY); } catch (e) {}
    if (chosen === "on") return true;
    if (chosen === "off") return false;
    return !reduced.matches;
  }

  function showSwitch() {
    var button = document.getElementById("sound-switch");
    if (!button) return;
    var on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.classList.toggle("off", !on);
  }

  function toggleSound() {
    var on = !soundOn();
    try { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (e) {}
    showSwitch();
    if (on) play("place");
  }

  // --- sound -------------------------------------------------------------------------------------
  var touched = false;      // a page may only start its sound after a tap or a key

  function context() {
    if (audio || !touched) return audio;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    try {
      // iOS: an "ambient" session follows the device's silent switch
      if (navigator.audioSession) navigator.audioSession.type = "ambient";
      audio = new Context();
    } catch (e) { audio = null; }
    return audio;
  }

  function tone(ctx, at, freq, length, type, volume) {
    var osc = ctx.createOscillator();
    var gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
  }

  var SOUNDS = {   // [frequency Hz, start s, length s, wave, volume]
    place: [[520, 0, 0.09, "triangle", 0.18], [780, 0.02, 0.07, "sine", 0.08]],
    refuse: [[196, 0, 0.12, "square", 0.05], [165, 0.13, 0.16, "square", 0.05]],
    round: [[523, 0, 0.16, "sine", 0.14], [659, 0.14, 0.22, "sine", 0.14]],
    end: [[523, 0, 0.14, "triangle", 0.16], [659, 0.12, 0.14, "triangle", 0.16],
          [784, 0.24, 0.14, "triangle", 0.16], [1047, 0.36, 0.32, "triangle", 0.18]],
    moment: [[784, 0, 0.1, "sine", 0.14], [988, 0.09, 0.1, "sine", 0.14], [1175, 0.18, 0.1, "sine", 0.14],
             [1568, 0.27, 0.36, "sine", 0.16], [2093, 0.36, 0.3, "sine", 0.06]]
  };

  function play(name) {
    document.documentElement.setAttribute("data-sound", name);   // what was played last (tests read it)
    if (!soundOn()) return;
    var ctx = context();
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume();
    var now = ctx.currentTime + 0.01;
    SOUNDS[name].forEach(function (n) { tone(ctx, now + n[1], n[0], n[2], n[3], n[4]); });
  }

  function buzz() {
    if (soundOn() && navigator.vibrate) {
      try { navigator.vibrate(60); } catch (e) {}
    }
  }

  // --- pieces that travel ------------------------------------------------------------------------
  var flights = [];   // glides under way: each ends by `land`, at its end or at a tap

  function finishAll() {
    flights.slice().forEach(function (flight) { flight.animation.finish(); flight.land(); });
  }

  function sources(root) {
    var rects = {};
    root.querySelectorAll("[data-source]").forEach(function (el) {
      rects[el.getAttribute("data-source")] = el.getBoundingClientRect();
    });
    return rects;
  }

  function remember(key) {
    seen[key] = true;
    seenOrder.push(key);
    if (seenOrder.length > 400) delete seen[seenOrder.shift()];
  }

  /* A copy of `el` over the page, where `el` stands: it flies over everything (an SVG drawing's
     later shapes, a column that scrolls), while the piece itself waits, transparent, in its place. */
  function ghost(el, to) {
    var copy;
    if (el.ownerSVGElement) {
      copy = el.ownerSVGElement.cloneNode(false);   // the drawing's classes, so its styles apply
      var box = el.getBBox();
      copy.setAttribute("viewBox", box.x + " " + box.y + " " + box.width + " " + box.height);
      copy.removeAttribute("role");
      copy.removeAttribute("aria-label");
      var piece = el.cloneNode(true);
      ["data-act", "role", "tabindex", "aria-label"].forEach(function (name) { piece.removeAttribute(name); });
      copy.appendChild(piece);
    } else {
      copy = document.createElement("div");   // a picture of the piece: no button, nothing to tap or focus
      copy.innerHTML = el.innerHTML;
      var style = getComputedStyle(el);
      for (var i = 0; i < style.length; i++) copy.style.setProperty(style[i], style.getPropertyValue(style[i]));
    }
    copy.setAttribute("inert", "");
    copy.setAttribute("aria-hidden", "true");
    copy.setAttribute("data-ghost", el.getAttribute("data-travel"));   // which piece it pictures
    var place = { position: "fixed", left: to.left + "px", top: to.top + "px", width: to.width + "px",
                  height: to.height + "px", margin: "0", maxHeight: "none", maxWidth: "none",
                  pointerEvents: "none", zIndex: "1000", transform: "none", animation: "none" };
    for (var name in place) copy.style[name] = place[name];
    document.body.appendChild(copy);
    return copy;
  }

  /* Glide `el` from the rectangle `from` to where it stands. */
  function glide(el, from, ms, delay) {
    var to = el.getBoundingClientRect();
    if (!to.width || !from.width) return;
    var dx = from.left + from.width / 2 - (to.left + to.width / 2);
    var dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    var scale = Math.max(0.4, Math.min(2.5, Math.min(from.width / to.width, from.height / to.height)));
    el.classList.remove("arrive");
    var copy = ghost(el, to);
    el.style.opacity = "0";   // still read by screen readers and in the page's text
    var animation = copy.animate([
      { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", offset: 0 },
      { transform: "none", offset: 1 }
    ], { duration: ms, delay: delay, easing: "cubic-bezier(.3, .7, .3, 1)", fill: "backwards" });
    animation.id = "travel";
    var flight = { animation: animation, land: null };
    flight.land = function () {
      var at = flights.indexOf(flight);
      if (at < 0) return;
      flights.splice(at, 1);
      copy.remove();
      el.style.opacity = "";
      if (!el.getAttribute("style")) el.removeAttribute("style");
    };
    animation.onfinish = animation.oncancel = flight.land;
    flights.push(flight);
  }

  function travel(root, before, table) {
    var arrivals = root.querySelectorAll("[data-travel]");
    var pace = table ? table.getAttribute("data-pace") : "normal";
    var ms = GLIDE_MS[pace] || GLIDE_MS.normal;
    var after = null;
    var moved = 0;
    for (var i = 0; i < arrivals.length; i++) {
      var el = arrivals[i];
      var key = el.getAttribute("data-travel");
      if (seen[key]) { el.classList.remove("arrive"); continue; }
      remember(key);
      moved += 1;
      if (reduced.matches || !el.animate) continue;
      var name = el.getAttribute("data-from");
      var from = before[name];
      if (!from) {
        after = after || sources(root);
        from = after[name];
      }
      if (from) glide(el, from, ms, Number(el.getAttribute("data-travel-step") || 0) * ms * 0.6);
    }
    return moved;
  }

  // --- one paint ---------------------------------------------------------------------------------
  function paintTable(table, markup) {
    finishAll();
    var before = sources(table);
    table.innerHTML = markup;
    var root = table.firstElementChild;
    var moved = travel(table, before, root);
    var now = {
      over: root ? root.getAttribute("data-over") === "true" : false,
      rounds: root ? Number(root.getAttribute("data-rounds") || 0) : 0,
      refusal: (table.querySelector(".refusal.toast") || { getAttribute: function () { return null; } }).getAttribute("data-n"),
      moment: !!table.querySelector(".moment"),
      game: root ? root.getAttribute("data-save") : null
    };
    if (last && last.game === now.game) {
      if (now.moment && !last.moment) play("moment");
      else if (now.over && !last.over) play("end");
      else if (now.rounds > last.rounds) play("round");
      else if (now.refusal && now.refusal !== last.refusal) { play("refuse"); buzz(); }
      else if (moved) play("place");
    } else if (now.refusal) {
      play("refuse"); buzz();
    }
    last = now;
  }

  window.ludotheque = window.ludotheque || {};
  window.ludotheque.paintTable = paintTable;
  window.ludotheque.soundOn = soundOn;   // a call said aloud follows the same switch (static/host/ops.js)

  // a tap finishes the glides at once: the board is where the player sees it
  document.addEventListener("pointerdown", function () { touched = true; finishAll(); }, true);
  document.addEventListener("keydown", function () { touched = true; finishAll(); }, true);
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#sound-switch")) toggleSound();
  });
  if (reduced.addEventListener) reduced.addEventListener("change", showSwitch);
  window.addEventListener("storage", function (event) { if (event.key === SOUND_KEY || event.key === null) showSwitch(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showSwitch);
  else showSwitch();
})();
