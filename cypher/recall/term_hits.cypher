// Per cue term: the scope's memories holding it, with that term's BM25 score alone.
// Each $terms query restricts tenant (and entity) inside Lucene with boost 0, so only
// the content term scores. Only the tenant (checked again exactly) and the id are read
// from a hit (as in recall/hybrid_*): superseded and stale memories are among them, and
// recall/expand checks every candidate against the scope.
UNWIND $terms AS t
CALL (t) {
  CALL db.index.fulltext.queryNodes('memory_content', t.query, {limit: $cap}) YIELD node AS m, score
  WHERE score > 0 AND m.tenant_id = $tenant_id
  RETURN collect([m.id, score]) AS hits
}
RETURN t.term AS term, hits
