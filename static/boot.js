/* The static shell's own script: it runs before Python and shows how the boot goes.
   - feeds the loading bar: Python starts in a worker, whose steps the page does not see; the host
     (static/host/main.js) says when PyScript has made the worker, and the bar then creeps on until
     the app is ready;
   - turns any failure before Python is ready (a missing runtime file, a script error, a Python
     exception) into a readable message instead of a blank or frozen page;
   - when a service worker serves the app, offers to repair the offline files: the worker checks
     every cached file against the build's hashes and fetches the damaged ones again. That action
     touches only the worker's cache, never localStorage (the saved games). */
(function () {
  "use strict";
  var root = document.documentElement;
  var shown = 0;
  var lastProgress = Date.now();

  function ready() { return root.getAttribute("data-engine") === "ready"; }   // the worker answered (static/host/ops.js)

  function byId(id) { return document.getElementById(id); }

  function fail(detail) {
    if (ready()) return;
    root.setAttribute("data-boot", "failed");
    // the home screen may be on show already, its picture too, taking taps for the worker
    // (static/host/calls.js): no longer; the taps waiting are dropped (and said)
    root.removeAttribute("data-ready");
    var waiting = document.querySelectorAll("#saved button, #cards button, .home-tools button, #import-file");
    for (var i = 0; i < waiting.length; i++) waiting[i].disabled = true;
    if (window.ludothequeDropTaps && window.ludothequeDropTaps()) {
      var dropped = byId("boot-dropped");
      if (dropped) dropped.hidden = false;
    }
    var box = byId("boot-error");
    var text = byId("boot-error-detail");
    if (!box || !text) { return; }
    if (!box.hidden) { return; }  // keep the first cause: later errors are its consequences
    text.textContent = String(detail || "unknown error").slice(0, 400);
    box.hidden = false;
    var boot = byId("boot");
    if (boot) boot.hidden = true;
    offerRepair(box);
  }
  window.ludothequeBootFailed = fail;
  // no inline handler (the Content Security Policy stops them): the reload button is bound here
  document.addEventListener("click", function (event) {
    if (event.target && event.target.closest && event.target.closest("#boot-reload")) location.reload();
  });

  function say(fr, en) { return root.lang === "en" ? en : fr; }

  function both(fr, en) {
    return '<span lang="fr">' + fr + '</span><span lang="en">' + en + "</span>";
  }

  function offerRepair(box) {
    var sw = navigator.serviceWorker;
    if (!sw || !sw.controller || byId("boot-repair")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.id = "boot-repair";
    button.innerHTML = both("Réparer les fichiers hors ligne", "Repair the offline files");
    var status = document.createElement("p");
    status.id = "boot-repair-status";
    status.setAttribute("role", "status");
    box.appendChild(button);
    box.appendChild(status);
    button.addEventListener("click", function () {
      if (!sw.controller) { location.reload(); return; }
      button.disabled = true;
      status.innerHTML = both("Vérification des fichiers…", "Checking the files…");
      var done = false;
      sw.addEventListener("message", function (event) {
        var data = event.data || {};
        if (data.type !== "REPAIRED" || done) return;
        done = true;
        if (data.missing === 0) { location.reload(); return; }
        button.disabled = false;
        status.innerHTML = both("Certains fichiers n’ont pas pu être récupérés : connectez-vous au réseau, puis réessayez.",
                                "Some files could not be restored: connect to the network, then try again.");
      });
      sw.controller.postMessage({ type: "REPAIR" });
    });
  }

  function progress(fraction) {
    lastProgress = Date.now();
    shown = Math.max(shown, Math.min(fraction, 0.95));
    var fill = byId("boot-fill");
    if (fill) fill.style.transform = "scaleX(" + shown + ")";
    var step = byId("boot-step");
    if (step) step.textContent = Math.round(shown * 100) + " %";
  }
  // the worker made (static/host/main.js): from there the bar creeps towards the end while the runtime starts
  window.ludothequeBootStep = function (fraction) {
    progress(fraction);
    var creep = setInterval(function () {
      if (ready() || root.getAttribute("data-boot") === "failed") { clearInterval(creep); return; }
      var fill = byId("boot-fill");
      shown += (0.9 - shown) * 0.08;
      if (fill) fill.style.transform = "scaleX(" + shown + ")";
      var step = byId("boot-step");
      if (step) step.textContent = Math.round(shown * 100) + " %";
    }, 400);
  };

  // resource errors do not bubble: listen in the capture phase
  window.addEventListener("error", function (event) {
    var t = event.target;
    if (t && t !== window && (t.src || t.href)) {
      fail(say("fichier manquant ", "missing file ") + (t.src || t.href));
    } else {
      fail(event.message || (event.error && event.error.message));
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var r = event.reason;
    fail((r && (r.message || r.toString())) || "unhandled rejection");
  });

  // PyScript reports Python and runtime failures as .py-error boxes; surface the first one
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var added = records[i].addedNodes;
      for (var j = 0; j < added.length; j++) {
        var node = added[j];
        if (node.nodeType === 1 && node.classList.contains("py-error")) {
          fail(node.textContent.trim().split("\n").slice(-3).join(" "));
        }
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  // a runtime file the worker could not fetch is not seen here (static/host/main.js asks for it then): notice
  // a boot that stopped moving
  var watchdog = setInterval(function () {
    if (ready() || root.getAttribute("data-boot") === "failed") { clearInterval(watchdog); return; }
    if (Date.now() - lastProgress > 90000) { fail(say("le chargement s’est arrêté (rien de neuf depuis 90 s)", "the runtime stopped loading (no progress for 90 s)")); }
  }, 2000);

  // the page's own files that could not be fetched (PyScript's scripts): watch the resource
  // timings (passively, so the runtime's own fetches are left exactly as they are)
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          if (!ready() && entry.responseStatus >= 400) {
            fail(say("fichier manquant ", "missing file ") + entry.name + " (HTTP " + entry.responseStatus + ")");
          }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* an old browser: the watchdog above still reports a stalled boot */ }
  }
})();
