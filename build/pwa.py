"""What makes dist/ an installable offline web app: the icons, the web-app manifest and the
service worker. build_site.build() calls the two steps around its content hash:

    write_assets(out)                  # manifest + PNG icons: cached by the worker, so hashed
    build_id = content_hash(out)
    write_service_worker(out, build_id)

The service worker (build/sw.template.js filled in here) lists every file of dist/ but itself,
each with its SHA-256, and precaches them into the cache `ludotheque-<build_id> <scope>`. It keeps
only the bytes whose hash matches, so a cache never holds files of two builds; any change to a
cached file changes the list, hence the worker's own bytes, hence the browser sees an update.

The icons are drawn here with the standard library only (zlib + struct): the gold diamond with a
"7" on dark navy of static/icons/app.svg, anti-aliased by an exact-coverage scanline fill.
"""
from __future__ import annotations

import hashlib
import json
import math
import struct
import zlib
from itertools import accumulate
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SW_TEMPLATE = Path(__file__).resolve().parent / "sw.template.js"
SW_NAME = "sw.js"
MANIFEST_NAME = "manifest.webmanifest"
ICON_DIR = "static/icons"

NAVY = (0x1d, 0x24, 0x33)   # --ink, the top bar and app.svg's background
GOLD = (0xf3, 0xc2, 0x4b)   # the diamond of app.svg and .brand-mark
PAPER = "#f6f1e7"           # --paper, the page background (the splash screen's colour)

# static/icons/app.svg in its own 64-unit square
DIAMOND = [(32, 9), (55, 32), (32, 55), (9, 32)]
SEVEN = [(26.6, 24.6), (37.6, 24.6), (37.6, 27.4), (32.6, 39.0), (29.3, 39.0), (34.2, 27.4), (26.6, 27.4)]

# name, size, style: "rounded" = app.svg (transparent corners), "square" = opaque full bleed
# (iOS fills transparency with black and rounds corners itself), "maskable" = full bleed with the
# mark inside the safe zone (the centred circle of radius 40 %)
ICONS = (
    ("icon-180.png", 180, "square"),
    ("icon-192.png", 192, "rounded"),
    ("icon-512.png", 512, "rounded"),
    ("icon-maskable-512.png", 512, "maskable"),
)

MANIFEST = {
    "name": "Ludothèque",
    "short_name": "Ludothèque",
    "description": "Jeux de nombres pour la table, sans réseau — Number games for the table, offline",
    "lang": "fr",
    "dir": "ltr",
    "id": "./",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": PAPER,
    "theme_color": "#%02x%02x%02x" % NAVY,
    "categories": ["games", "entertainment"],
    "icons": [
        {"src": f"./{ICON_DIR}/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": f"./{ICON_DIR}/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": f"./{ICON_DIR}/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
         "purpose": "maskable"},
    ],
}


# --- icons -----------------------------------------------------------------------------------

def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float, steps: int = 16) -> list:
    points = []
    for cx, cy, start in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90),
                          (x0 + r, y0 + r, 180)):
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def add_coverage(diff: list, polygon: list, y: float, weight: float, width: int) -> None:
    """Add weight × the area of each pixel of one sub-scanline at height y covered by polygon
    (even-odd), as a difference array: a prefix sum of diff gives the coverage per pixel."""
    xs = []
    n = len(polygon)
    for i in range(n):
        (xa, ya), (xb, yb) = polygon[i], polygon[(i + 1) % n]
        if (ya <= y < yb) or (yb <= y < ya):
            xs.append(xa + (y - ya) * (xb - xa) / (yb - ya))
    xs.sort()
    for left, right in zip(xs[0::2], xs[1::2]):
        left, right = max(0.0, left), min(float(width), right)
        if right <= left:
            continue
        i0, i1 = int(left), min(int(right), width - 1)
        a, b = (i0 + 1 - left) * weight, (right - i1) * weight
        # pixel i0 gets a, pixels i0+1 .. i1-1 get weight, pixel i1 gets b (one pixel: b - (w - a))
        diff[i0] += a
        diff[i0 + 1] += weight - a
        diff[i1] -= weight
        diff[i1] += b
        diff[i1 + 1] -= b


def render_icon(size: int, style: str, samples: int = 4) -> bytes:
    """RGBA rows (with PNG's filter byte) of the app icon at size × size."""
    scale = size / 64
    if style == "maskable":
        # the mark's farthest point (the diamond's tips, 23 units from the centre) at 30 % of the
        # size, well inside the 40 % safe circle
        scale = size * 0.30 / 23
    offset = size / 2 - 32 * scale
    place = lambda poly: [(offset + x * scale, offset + y * scale) for x, y in poly]  # noqa: E731
    diamond, seven = place(DIAMOND), place(SEVEN)
    background = (rounded_rect(0, 0, size, size, 12 * size / 64) if style == "rounded"
                  else [(0, 0), (size, 0), (size, size), (0, size)])
    # 256-entry tables: alpha byte -> each channel of navy-to-gold
    lerp = [bytes(round(n + (g - n) * a / 255) for a in range(256)) for n, g in zip(NAVY, GOLD)]
    to_byte = lambda v: 0 if v <= 0 else 255 if v >= 1 else int(v * 255 + 0.5)  # noqa: E731
    weight = 1 / samples
    rows = []
    for py in range(size):
        gold = [0.0] * (size + 2)
        alpha = [0.0] * (size + 2)
        for s in range(samples):
            y = py + (s + 0.5) / samples
            add_coverage(alpha, background, y, weight, size)
            add_coverage(gold, diamond, y, weight, size)
            add_coverage(gold, seven, y, -weight, size)  # the 7 lies inside the diamond: cut it out
        g = bytes(map(to_byte, accumulate(gold[:size])))
        a = bytes(map(to_byte, accumulate(alpha[:size])))
        row = bytearray(size * 4)
        for channel in range(3):
            row[channel::4] = g.translate(lerp[channel])
        row[3::4] = a
        rows.append(b"\0" + bytes(row))
    return b"".join(rows)


def png(size: int, raw_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw_rows, 9))
            + chunk(b"IEND", b""))


def write_icons(out: Path) -> list[Path]:
    folder = out / ICON_DIR
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, style in ICONS:
        path = folder / name
        path.write_bytes(png(size, render_icon(size, style)))
        written.append(path)
    return written


# --- manifest and service worker -------------------------------------------------------------

def write_assets(out: Path) -> None:
    """The files the service worker caches like any other: the icons and the manifest."""
    write_icons(out)
    (out / MANIFEST_NAME).write_text(json.dumps(MANIFEST, ensure_ascii=False, indent=2) + "\n", "utf-8")


def cached_files(out: Path) -> dict[str, str]:
    """Every file of out/ but the worker itself, as a path relative to out/ -> its SHA-256."""
    return {
        path.relative_to(out).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(p for p in out.rglob("*") if p.is_file())
        if path.relative_to(out).as_posix() != SW_NAME
    }


def render_service_worker(build_id: str, files: dict[str, str]) -> str:
    source = SW_TEMPLATE.read_text("utf-8")
    for key, value in (("BUILD", json.dumps(build_id)), ("FILES", json.dumps(files, indent=1))):
        marker = f"/*{{{{{key}}}}}*/null"
        if marker not in source:
            raise SystemExit(f"{SW_TEMPLATE} lost its {marker} marker")
        source = source.replace(marker, value)
    return source


def write_service_worker(out: Path, build_id: str) -> Path:
    """Write out/sw.js for the files now in out/; call it last, once every file is in place."""
    if "index.html" not in (files := cached_files(out)):
        raise SystemExit(f"{out} has no index.html: nothing to serve offline")
    path = out / SW_NAME
    path.write_text(render_service_worker(build_id, files), "utf-8")
    return path

