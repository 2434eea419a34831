// The vector index, built again from the store (as schema/007 creates it: filter
// properties beside the vector, no quantization).
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding WITH [m.tenant_id, m.entity_id, m.hidden]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine',
                       `vector.quantization.enabled`: false}}
