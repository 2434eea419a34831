// Per cue term: the scope's memories holding it, with that term's BM25 score alone.
// Each $terms query restricts tenant (and entity) inside Lucene with boost 0, so only
// the content term scores; the WHERE re-checks the scope exactly.
UNWIND $terms AS t
CALL (t) {
  CALL db.index.fulltext.queryNodes('memory_content', t.query, {limit: $cap}) YIELD node AS m, score
  WHERE score > 0 AND m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
    AND m.kind IN $kinds
    AND ($include_superseded OR m.superseded_by IS NULL)
    AND ($include_stale OR coalesce(m.stale, false) = false)
  RETURN collect([m.id, score]) AS hits
}
RETURN t.term AS term, hits
