"""Rebuilding the two Lucene indexes, so that a forgotten memory leaves their files.

Deleting a node marks its document deleted in the Lucene segment that holds it; the
segment keeps the document's terms (fulltext) or its vector (vector index) until Lucene
merges it away, or drops it once every document in it is deleted. Community has no
procedure to force that merge, so ``rebuild_lucene_indexes`` drops both indexes (which
deletes their files) and builds them again from the store. Until they are online again,
recall's fulltext and vector searches fail: run it where a short gap in recall is fine.
"""

from __future__ import annotations

import time

from hebbs_graph.errors import SchemaMismatch
from hebbs_graph.graph.schema import (
    ENGLISH_ANALYZER,
    VECTOR_INDEX,
    await_indexes,
    fulltext_analyzer,
)
from hebbs_graph.graph.store import GraphStore


async def rebuild_lucene_indexes(store: GraphStore) -> float:
    """Drop and build again the fulltext and vector indexes; seconds until both are
    online. The vector index keeps the dimension it had, the fulltext index its analyzer."""
    rows = await store.run_raw(store.queries["admin/vector_index_options"], name=VECTOR_INDEX)
    if not rows:
        # A database the service never opened has no schema yet; building the indexes
        # here would run ahead of its migrations.
        raise SchemaMismatch(
            f"no vector index {VECTOR_INDEX} to rebuild: this database has not been "
            "set up by the service yet (start `hebbs-graph serve` once)"
        )
    dimension = int(rows[0]["options"]["indexConfig"]["vector.dimensions"])
    analyzer = await fulltext_analyzer(store) or ENGLISH_ANALYZER
    started = time.monotonic()
    # Schema commands, one per transaction (Neo4j does not mix them with data writes).
    await store.write_rows("scrub/fulltext_drop")
    await store.write_rows("scrub/fulltext_create", analyzer=analyzer)
    await store.write_rows("scrub/vector_drop")
    await store.write_rows("scrub/vector_create", dimension=dimension)
    await await_indexes(store)
    return round(time.monotonic() - started, 1)
