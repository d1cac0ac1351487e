"""What a server process does once it has loaded the site, before it serves anything."""

from __future__ import annotations

import gc


def freeze_loaded_objects() -> int:
    """Move the objects loaded at start-up (modules, settings, the URL patterns, the models'
    metadata: some 140,000 of them) out of the garbage collector's reach, and return how many.
    They live as long as the process; without this, each full collection walked them all, with
    every thread of the process stopped (the GIL): 55-96 ms (benchmarks/gc_pauses.py), which a
    request that met one waited out. Such collections are rare in a steady process, so this is
    about the slowest requests, not the typical one. Frozen, a full collection took under 0.3 ms.
    Called after loading, as Instagram described for their Django servers (gc.freeze)."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - load the URLconf now, not on the first request
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
