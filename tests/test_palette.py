"""The seats' colours stay apart for everyone: the palette of static/app.css, in the order seats
get it (saves.COLOURS), simulated for the three common colour-vision deficiencies with the
matrices of Machado, Oliveira and Fernandes (2009, severity 1.0, applied to linear RGB), and
compared in CIELAB (CIE76 ΔE, D65).

Thresholds: a ΔE of about 2.3 is a just-noticeable difference side by side; a seat's mark is a
small dot seen apart from the others, so it needs far more. The first three colours (the default
table of most games) keep ≥ 25 apart under every vision, the first four ≥ 15 and all eight ≥ 10
(Take It Easy seats eight: the initial on every mark tells them apart beyond that). Each shade
carries white text (the seat's initial) at WCAG AA (4.5:1) and stands out from the paper (3:1)."""
from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

from ludotheque.web.storage.people import css_text, initials
from ludotheque.web.storage.saves import COLOURS

CSS = (Path(__file__).resolve().parent.parent / "static" / "app.css").read_text(encoding="utf-8")

MACHADO = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
PAPER, WHITE = "#f6f1e7", "#ffffff"


def shade(name: str) -> str:
    found = re.search(rf"--colour-{name}:\s*(#[0-9a-fA-F]{{6}})", CSS)
    assert found, f"no shade for {name} in app.css"
    return found.group(1)


def linear(hex_colour: str) -> list[float]:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen(hex_colour: str, vision: str) -> tuple[float, float, float]:
    rgb = linear(hex_colour)
    return lab([sum(row[j] * rgb[j] for j in range(3)) for row in MACHADO[vision]])


def closest(names: tuple[str, ...]) -> tuple[float, str, str, str]:
    """The two colours of `names` seen closest, under which vision."""
    return min((math.dist(seen(shade(a), v), seen(shade(b), v)), v, a, b)
               for v in MACHADO for a, b in itertools.combinations(names, 2))


def contrast(a: str, b: str) -> float:
    def luminance(c: str) -> float:
        r, g, b_ = linear(c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def test_the_first_seats_colours_stay_far_apart_under_every_colour_vision():
    assert closest(COLOURS[:3])[0] >= 25, closest(COLOURS[:3])
    assert closest(COLOURS[:4])[0] >= 15, closest(COLOURS[:4])


def test_all_eight_colours_stay_apart_under_every_colour_vision():
    assert closest(COLOURS)[0] >= 10, closest(COLOURS)


def test_every_shade_carries_white_initials_and_stands_out_from_the_paper():
    for name in COLOURS:
        assert contrast(shade(name), WHITE) >= 4.5, name
        assert contrast(shade(name), PAPER) >= 3, name


def test_every_seat_has_its_own_mark():
    assert initials(["Léa", "Tom", "Zoé"]) == ["L", "T", "Z"]
    assert initials(["Joueur 1", "Joueur 2", "Ana"]) == ["J1", "J2", "A"]
    assert initials(["  «élan»", ""]) == ["É", "?"]
    assert css_text('a"\\') == '"\\61 \\22 \\5c "'
