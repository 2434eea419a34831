// Hybrid recall's evidence for one entity in one round trip: the $n nearest by vector (filtered
// inside the index, exact cosine) and, per cue term, the scope's memories holding it with
// that term's BM25 score alone, summed into the $text_keep best text scores (the rest
// is not shipped: thousands of hits cost more to send and decode than to score). At
// most $cap hits a term. Each $terms query restricts
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
    RETURN collect([m.id, score]) AS hits, max(score) AS best, count(*) AS df
  }
  RETURN collect({hits: hits, best: best, df: df}) AS terms
}
// BM25 with the scope's own idf (services/hybrid.scope_bm25, which this must match):
// Σ over terms of idf_scope(t) · score(t, m) / max score(t, ·), n = max(scope size, df).
WITH by_vector, terms,
     reduce(top = 0, x IN terms | CASE WHEN x.df > top THEN x.df ELSE top END) AS df_max
WITH by_vector, terms, CASE WHEN $scope_size > df_max THEN $scope_size ELSE df_max END AS n
CALL (terms, n) {
  UNWIND terms AS x
  WITH x, log(1 + (n - x.df + 0.5) / (x.df + 0.5)) AS idf
  WHERE x.df > 0 AND x.best > 0
  UNWIND x.hits AS h
  WITH h[0] AS id, sum(idf * h[1] / x.best) AS text
  // Sorted, then sliced: ORDER BY ... LIMIT $text_keep plans a Top that reserved ~250 MB
  // of transaction memory per query, and 32 at once exhausted the pool (503s).
  ORDER BY text DESC, id
  RETURN collect([id, text])[..$text_keep] AS by_text
}
RETURN by_vector, by_text
