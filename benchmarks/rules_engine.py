"""The rules engine's speed: bot-vs-bot duels on one core against a baseline measured in the
same run (see rules/bench.py). Run by `make bench`; the same as `python -m rules.bench`."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.bench import main  # noqa: E402

if __name__ == "__main__":
    main(sys.argv[1:])
