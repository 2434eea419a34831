// BM25 hits as ids and scores (hybrid recall loads only the memories it keeps).
// $query restricts tenant (and entity) inside Lucene; the WHERE re-checks exactly.
CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: $fetch}) YIELD node AS m, score
WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds
  AND @visible(m)
RETURN m.id AS id, score
LIMIT $k
