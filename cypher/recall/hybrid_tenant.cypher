// Hybrid recall's evidence for a tenant in one round trip: the $n nearest by vector (filtered
// inside the index, exact cosine) and, per cue term, the scope's memories holding it with
// that term's BM25 score alone (each $terms query restricts tenant and entity inside
// Lucene with boost 0; the WHERE re-checks the scope exactly). At most $cap hits a term.
CYPHER 25
CALL () {
  MATCH (m:Memory)
    SEARCH m IN (
      VECTOR INDEX memory_embedding FOR $vector
      WHERE m.tenant_id = $tenant_id AND m.hidden IN $hidden
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
      AND m.kind IN $kinds AND m.hidden IN $hidden
    RETURN collect([m.id, score]) AS hits
  }
  RETURN collect({term: t.term, hits: hits}) AS by_term
}
RETURN by_vector, by_term
