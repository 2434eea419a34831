// Hybrid recall's evidence for one entity in one round trip: the $n nearest by vector (filtered
// inside the index, exact cosine) and, per cue term, the scope's memories holding it with
// that term's BM25 score alone. At most $cap hits a term. Each $terms query restricts
// tenant and entity inside Lucene (their hash tokens, boost 0; snapshots carry none);
// a hit's tenant is checked again exactly, and nothing else is read from it but its id:
// reading four properties of every hit cost more than the Lucene search itself at
// 100,000 memories (86 ms against 39 ms for a 4-term cue). Superseded and stale
// memories are among the hits (they count in a term's document frequency);
// recall/expand drops any candidate outside the scope.
CYPHER 25
CALL () {
  MATCH (m:Memory)
    SEARCH m IN (
      VECTOR INDEX memory_embedding FOR $vector
      WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.hidden IN $hidden
      LIMIT $n
    ) SCORE AS score
  WHERE m.kind IN $kinds
  RETURN collect([m.id, 2 * score - 1]) AS by_vector
}
CALL () {
  UNWIND $terms AS t
  CALL (t) {
    CALL db.index.fulltext.queryNodes('memory_content', t.query, {limit: $cap})
    YIELD node AS m, score
    WHERE score > 0 AND m.tenant_id = $tenant_id
    RETURN collect([m.id, score]) AS hits
  }
  RETURN collect({term: t.term, hits: hits}) AS by_term
}
RETURN by_vector, by_term
