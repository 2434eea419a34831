// The vector index, built again from the store (as schema/017 creates it: filter
// properties beside the vector, no quantization, 32 links a node, 200 candidates while
// inserting).
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding WITH [m.tenant_id, m.entity_id, m.hidden]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine',
                       `vector.quantization.enabled`: false, `vector.hnsw.m`: 32,
                       `vector.hnsw.ef_construction`: 200}}
