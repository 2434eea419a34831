// BM25 hits; $query already restricts tenant (and entity) inside Lucene, the WHERE
// re-checks exactly so no other tenant's memory can ever pass.
CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: $fetch}) YIELD node AS m, score
WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds
  AND @visible(m)
RETURN @memory(m) AS memory, score
LIMIT $k
