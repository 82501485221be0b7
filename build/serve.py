"""Serve dist/ (or any folder) over HTTP on localhost, with the types the site needs.

    python3 build/serve.py [--port 8000] [--dir dist]

`make play` uses it; the browser tests start the same handler in-process."""
from __future__ import annotations

import argparse
import functools
import http.server
import mimetypes
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for ext, kind in ((".wasm", "application/wasm"), (".mjs", "text/javascript"), (".js", "text/javascript"),
                  (".webmanifest", "application/manifest+json"), (".toml", "text/plain"),
                  (".zip", "application/zip"), (".svg", "image/svg+xml")):
    mimetypes.add_type(kind, ext)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files; no caching headers beyond the defaults, nothing logged unless asked."""

    quiet = True

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that drops a connection mid-file (navigation, test teardown) is no error."""
        import sys
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def start(directory: Path, port: int = 0, host: str = "127.0.0.1", quiet: bool = True):
    """Start a threaded server in the background; returns it (server.server_address has the port)."""
    handler = functools.partial(Handler, directory=str(directory))
    Handler.quiet = quiet
    server = Server((host, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built site on localhost.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=str(ROOT / "dist"))
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    directory = Path(args.dir)
    if not (directory / "index.html").exists():
        raise SystemExit(f"{directory} has no index.html: run `make build` first")
    server = start(directory, args.port, args.host, quiet=False)
    port = server.server_address[1]
    print(f"Ludothèque is served at http://localhost:{port}/ (Ctrl+C to stop)", flush=True)
    if args.host not in ("127.0.0.1", "localhost"):
        print(f"Other devices on this network: http://<this computer's address>:{port}/ (plain HTTP: the app "
              "plays, but offline use needs HTTPS or localhost; publish on GitHub Pages for a tablet)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
