"""The scripts and the tests keep to the package's limit (issue 17): no .py file over
400 lines (test_architecture.py checks hebbs_graph/). A long script is a thin entry file
and a package of parts beside it (scripts/bench/_shared_index/, _ingest_recall/); a long
test module splits by what it tests, its shared helpers in tests/support/."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 400  # as test_architecture.py's for hebbs_graph/


@pytest.mark.parametrize("folder", ["scripts", "tests"])
def test_no_module_over_the_limit(folder: str) -> None:
    base = ROOT / folder
    assert (base / "__init__.py").is_file() or (base / "common.py").is_file()
    long = {
        str(path.relative_to(ROOT)): n
        for path in sorted(base.rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, long
