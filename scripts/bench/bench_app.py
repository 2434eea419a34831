"""The REST API as ``hebbs-graph serve`` builds it, but with the seeded synthetic embedder
of embedders.py (scale.py --synthetic-vectors) instead of the model, for REST load
against a store of synthetic vectors:

    PYTHONPATH=.:scripts/bench .venv/bin/python -m uvicorn bench_app:create --factory \\
        --workers 2 --host 127.0.0.1 --port 18731

Settings come from HEBBS_* as for ``serve`` (API keys, Neo4j). The cue's "embedding"
then costs microseconds, so the figures are the API and Neo4j alone; the model's own
cost per cue is measured apart (scale.py's ``cue_embedding``).
"""

from __future__ import annotations

from embedders import SyntheticEmbedder
from litestar import Litestar

from hebbs_graph.api.app import create_app
from hebbs_graph.settings import Settings


def create() -> Litestar:
    return create_app(Settings(), embedder=SyntheticEmbedder())
