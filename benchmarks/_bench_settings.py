"""Settings for the move-latency benchmark's web and worker processes: the test settings, plus
the bare move path (`_bare_move`), which exists only here, never in the site."""

import os

from config.settings.test import *  # noqa: F403

ROOT_URLCONF = "_bare_move"
CELERY_IMPORTS = ["_bare_move"]

if os.environ.get("BENCH_CPU_DIR"):  # the benchmark's CPU per kind of request (_cpu_by_request)
    MIDDLEWARE = ["_cpu_by_request.CpuByRequest", *MIDDLEWARE]  # noqa: F405
