"""The one percentile every benchmark prints: nearest rank.

The p-th percentile of n samples is the smallest sample with at least p% of the samples at or
below it, i.e. the ceil(p * n)-th smallest (1-based). It is always a measured value (no
interpolation between two runs, which would report a time nothing took), and p99 of fewer than
100 samples is the slowest one, which is what a reader of a short run should see.
"""

from __future__ import annotations

import math


def percentile(samples: list[float], share: float) -> float:
    """The nearest-rank percentile of `samples`; `share` is the fraction (0.99 for p99)."""
    if not samples:
        raise ValueError("no samples to take a percentile of")
    if not 0 < share <= 1:
        raise ValueError(f"share must be in (0, 1], not {share}")
    ordered = sorted(samples)
    rank = math.ceil(share * len(ordered) - 1e-9)  # 0.07 * 100 is 7.000000000000001: still rank 7
    return ordered[max(rank, 1) - 1]
