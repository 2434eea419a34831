// The k nearest memories of one entity to $vector, filtered inside the vector index
// (schema 007), so an entity holding a tiny share of a shared index still gets its true
// top k. The index is not quantised: its score is the exact cosine, mapped to 0..1.
// $fetch >= $k: how many the HNSW search looks for (settings.vector_search_expansion).
// One record holding the k rows: the driver costs ~0.1 ms a record (GraphStore.read_collected).
CYPHER 25
MATCH (m:Memory)
  SEARCH m IN (
    VECTOR INDEX memory_embedding FOR $vector
    WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.hidden IN $hidden
    LIMIT $fetch
  ) SCORE AS score
WHERE m.kind IN $kinds
WITH m, 2 * score - 1 AS similarity
ORDER BY similarity DESC LIMIT $k
RETURN collect({memory: @memory(m), similarity: similarity}) AS rows
