"""The worker's entry point (PyScript runs it in a web worker, index.html): the app's one function
for the page's host, static/host/, which awaits it for every event. If the package cannot be
imported (a damaged download), `call` says why, and the page shows it as a failed start."""
try:
    from ludotheque.web.events import call
except Exception as exc:  # noqa: BLE001  the page must say it, not wait for ever
    import json
    import traceback
    traceback.print_exc()
    _failure = json.dumps({"failed": f"{type(exc).__name__}: {exc}"})

    def call(_message: str) -> str:
        return _failure

__export__ = ["call"]
