"""Every task of the locustfile, each called directly (no load, no timing) against a running site,
as each kind of simulated user: a quick check that the load test's requests still answer, on a
tiny seeded database (tests/test_loadtest.py) or before a long run.

    LOADTEST_MANIFEST=var/loadtest.json .venv/bin/python -m loadtest.smoke http://127.0.0.1:8000

Prints one JSON object per request: its method, locust name, status code and error (if any).
With LOADTEST_TIMINGS set, the locustfile writes the requests' times there, as at a run's end.
A separate process: importing locust patches the standard library for gevent.
"""

from __future__ import annotations

import json
import random
import sys

ROUNDS = 3  # calls per task and user: a player moves only on their turn, in a duel chosen at random


def main() -> int:
    from locust import HttpUser, events
    from locust.env import Environment

    from loadtest import locustfile

    random.seed(16)  # the same calls on the same seeded database: a repeatable check
    classes = [
        value
        for value in vars(locustfile).values()
        if isinstance(value, type) and issubclass(value, HttpUser) and value is not HttpUser
    ]
    # locust's own event hooks, as a run has them: the locustfile's listeners hear these requests
    environment = Environment(user_classes=classes, host=sys.argv[1], events=events)
    for user_class in classes:
        user_class.host = sys.argv[1]  # what locust's runner does with --host
    requests = []

    def record(request_type, name, response, exception, **_):
        status = getattr(response, "status_code", None)
        requests.append(
            {"method": request_type, "name": name, "status": status, "error": exception and str(exception)}
        )

    environment.events.request.add_listener(record)
    players = len(locustfile.MANIFEST["players"])
    for user_class in classes:
        tasks = list(dict.fromkeys(user_class.tasks))  # each task once, whatever its weight
        for _ in range(players if user_class is locustfile.Player else 1):  # every seeded player
            user = user_class(environment)
            if hasattr(user, "on_start"):
                user.on_start()
            for task in tasks:
                for _ in range(ROUNDS):
                    task(user)
    environment.events.test_stop.fire(environment=environment)  # as a run ends: times written
    for request in requests:
        print(json.dumps(request))
    return 0


if __name__ == "__main__":
    sys.exit(main())
