// The vector index rebuilt with a denser HNSW graph: 32 links a node (Neo4j's default
// is 16) and 200 candidates while inserting (default 100). A scoped search filters
// inside the index, so a large entity's or tenant's true top 10 must be reachable
// through links among its own memories; at 1,000,000 memories (scripts/bench/shared_index.py,
// both indexes built from the same store) a large entity's exact top 10 came back
// 94.9 % -> 99.2 % of the time, a small tenant's 97.0 -> 99.7 %, the crowd tenant's
// 81.1 -> 93.2 %, for ~0.3-0.5 ms more a search and ~0.5 ms more a write
// (docs/decisions/0036-a-denser-vector-index.md). Existing databases build it once
// from the store when the service starts (~7.5 minutes a million memories on two cores).
DROP INDEX memory_embedding IF EXISTS;
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding WITH [m.tenant_id, m.entity_id, m.hidden]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine',
                       `vector.quantization.enabled`: false, `vector.hnsw.m`: 32,
                       `vector.hnsw.ef_construction`: 200}};
