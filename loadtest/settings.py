"""The load test's web and worker settings: the local ones on the `jt_loadtest` database (set by
the runner through DATABASE_NAME), the site's URLs plus a trivial JSON view as the baseline, and
rate limits out of the way (every simulated user comes from 127.0.0.1)."""

from config.settings.local import *  # noqa: F403

ROOT_URLCONF = "loadtest.urls"
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {  # noqa: F405
    "anon": "1000000/min",
    "user": "1000000/min",
    "moves": "1000000/min",
}  # noqa: F405
