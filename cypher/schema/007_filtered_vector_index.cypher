// Neo4j 2026.x: the vector index carries the properties recall filters on, so a
// scoped search filters inside the index (SEARCH ... WHERE) instead of asking for more
// and filtering afterwards. `hidden` (fragments/hidden) is set on every memory first;
// the index is then rebuilt with tenant, entity and hidden beside the vector, without
// quantization (binary quantization, the 2026 default, found ~64 % of an entity's true
// top 10; unquantized 100 %: docs/decisions/0011).
MATCH (m:Memory) WHERE m.hidden IS NULL
CALL (m) { SET m.hidden = @hidden(m) } IN TRANSACTIONS OF 10000 ROWS;
DROP INDEX memory_embedding IF EXISTS;
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding WITH [m.tenant_id, m.entity_id, m.hidden]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine',
                       `vector.quantization.enabled`: false}};
