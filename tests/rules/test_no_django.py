"""The rules package must not depend on Django (DESIGN.md: "pure Python, imports no Django")."""

import re
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"
IMPORT = re.compile(r"^\s*(?:import\s+django\b|from\s+django\b)", re.MULTILINE)


def test_no_module_imports_django():
    files = sorted(RULES.rglob("*.py"))
    assert len(files) >= 10
    offenders = [str(f) for f in files if IMPORT.search(f.read_text())]
    assert offenders == []


def test_importing_rules_loads_no_django():
    code = (
        "import sys, rules, rules.bots, rules.play, rules.bench; "
        "d = rules.new_duel(*rules.starter_decks()[:2], seed=1); d.view(0); "
        "print('django' in sys.modules or any(m.startswith('django.') for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=RULES.parent,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(RULES.parent)},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
