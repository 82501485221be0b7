"""The 95 % intervals every benchmark prints: of a mean (normal approximation), of a paired
difference ("+m ± h") and of a share (Wilson's, which stays within 0..1 at 0 or n successes)."""
from __future__ import annotations

import math
import statistics
from typing import Sequence

Z = 1.96


def mean_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (0 for a single value)."""
    mean = statistics.fmean(values)
    return mean, (Z * statistics.pstdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0)


def paired(diffs: Sequence[float], scale: float = 1.0) -> str:
    """The mean of paired differences and its 95 % interval, times `scale`: "+0.12 ± 0.37"."""
    mean, half = mean_half(diffs)
    return f"{scale * mean:+.2f} ± {scale * half:.2f}"


def wilson(k: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of the share k / n (0..1 when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share(k: int, n: int) -> str:
    """k / n in percent with its Wilson interval: " 54.3 % [48.7, 59.9]"."""
    low, high = wilson(k, n)
    return f"{100 * k / max(n, 1):5.1f} % [{100 * low:4.1f}, {100 * high:4.1f}]"


def quantile(values: Sequence[float], q: float) -> tuple[float, float, float]:
    """The `q` quantile of `values` (the sample's order statistic at rank q·(n-1), as the page's
    p95 reads it) and a distribution-free 95 % interval for it: the order statistics whose ranks
    bound the binomial count of samples below the true quantile (normal approximation), clipped
    to the sample."""
    ordered = sorted(values)
    n = len(ordered)
    k = min(n - 1, int(round(q * (n - 1))))
    half = Z * math.sqrt(n * q * (1 - q))
    low = max(0, int(math.floor(n * q - half)) - 1)
    high = min(n - 1, int(math.ceil(n * q + half)))
    return ordered[k], ordered[low], ordered[high]
