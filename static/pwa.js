/* Offline and updates. Registers the service worker (./sw.js, written by the build; relative, so
   the app works under any subpath) once the app is ready, and offers a new version when one is
   waiting: the banner's button tells that worker to take over, and the page reloads when it has.
   Games are saved in localStorage after every move, so the reload loses nothing. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker;
  var waiting = null;      // the new version's worker, installed and waiting
  var accepted = false;    // the player asked for the new version
  var hadController = !!sw.controller;

  function offer(worker) {
    waiting = worker || waiting;
    var box = document.getElementById("update");
    if (box) box.hidden = false;
  }

  function watch(registration, worker) {
    if (!worker) return;
    worker.addEventListener("statechange", function () {
      // "installed" while an older version is active: the new one waits for the player
      if (worker.state === "installed" && registration.active) offer(worker);
    });
  }

  sw.addEventListener("controllerchange", function () {
    if (accepted) { accepted = false; location.reload(); return; }
    // the first install taking control changes nothing; another tab's update does: offer a reload.
    // No controller at all is no new version: the site's data was cleared (its worker with it)
    if (hadController && sw.controller) offer(null);
    hadController = hadController || !!sw.controller;
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#update-reload")) return;
    if (waiting && waiting.state === "installed") {
      accepted = true;
      waiting.postMessage({ type: "SKIP_WAITING" });
    } else {
      location.reload();  // already active (taken over from another tab): just load it
    }
  });

  function register() {
    sw.register("./sw.js", { scope: "./" }).then(function (registration) {
      if (registration.waiting && registration.active) offer(registration.waiting);
      watch(registration, registration.installing);
      registration.addEventListener("updatefound", function () { watch(registration, registration.installing); });
      // an app left open for days on a tablet: look for a new version when it comes back
      document.addEventListener("visibilitychange", function () {
        if (document.visibilityState === "visible" && navigator.onLine) registration.update().catch(function () {});
      });
    }).catch(function (error) {
      console.warn("Ludothèque: no offline support here:", error && error.message);
    });
    var standalone = window.matchMedia && window.matchMedia("(display-mode: standalone)").matches;
    if ((standalone || navigator.standalone) && navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().catch(function () {});  // an installed app asks not to be evicted
    }
  }

  // once the app is ready (or its start has failed): the first visit's files are then in the
  // HTTP cache, and the precache only revalidates them instead of competing with the runtime's
  // download and start for the network and the main thread. The load event came too early: the
  // runtime's files are fetched after it.
  var root = document.documentElement;
  function started() { return root.getAttribute("data-engine") === "ready" || root.getAttribute("data-boot") === "failed"; }
  if (started()) { register(); return; }
  var observer = new MutationObserver(function () {
    if (!started()) return;
    observer.disconnect();
    register();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-engine", "data-boot"] });
})();
