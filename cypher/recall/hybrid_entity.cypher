// Hybrid recall in one round trip for one entity: the evidence and the candidates' neighbourhood.
//
// Evidence: the $n nearest by vector (filtered inside the index, exact cosine) and, per
// cue term, the scope's memories holding it with that term's BM25 score alone, summed
// into the $text_keep best text scores (the rest is not shipped: thousands of hits cost
// more to send and decode than to score). At most $cap hits a term. Each $terms query
// restricts tenant and entity inside Lucene (their 128-bit hash tokens, boost 0;
// snapshots carry none). Hits are summed by node and no property of a hit is read:
// reading a hit's id and tenant cost more than the Lucene search itself at 100,000
// memories (~8,000 hits for an 8-term cue: 55 against 32 ms for the whole query).
// Superseded and stale memories are among the hits (they count in a term's document
// frequency). With the scope's idf off, $terms is empty and $text_ids holds Lucene's
// own best (recall/fulltext_ids).
//
// Candidates: the $n nearest, the $n best by text and $text_ids, each checked against
// the scope exactly, with their similarity to the cue, when each occurred, (with
// $with_neighbours) their FOLLOWED_BY neighbours either way and (with $with_insights)
// the insights drawn from them, inside the same scope. Times come back as ISO strings
// (see fragments/memory); similarity is 2·s − 1 with s Neo4j's cosine score in 0..1.
// Every list comes back in one row: the Python driver costs ~0.1 ms a record.
CYPHER 25
CALL () {
  MATCH (m:Memory)
    SEARCH m IN (
      VECTOR INDEX memory_embedding FOR $vector
      WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.hidden IN $hidden
      LIMIT $n
    ) SCORE AS score
  WHERE m.kind IN $kinds
  RETURN collect([m, 2 * score - 1]) AS near
}
CALL () {
  UNWIND $terms AS t
  CALL (t) {
    CALL db.index.fulltext.queryNodes('memory_content', t.query, {limit: $cap})
    YIELD node, score
    WHERE score > 0
    RETURN collect({node: node, score: score}) AS hits, max(score) AS best, count(*) AS df
  }
  RETURN collect({hits: hits, best: best, df: df}) AS terms
}
// BM25 with the scope's own idf (services/hybrid.scope_bm25, which this must match):
// Σ over terms of idf_scope(t) · score(t, m) / max score(t, ·), n = max(scope size, df).
WITH near, terms,
     reduce(top = 0, x IN terms | CASE WHEN x.df > top THEN x.df ELSE top END) AS df_max
WITH near, terms, CASE WHEN $scope_size > df_max THEN $scope_size ELSE df_max END AS size
CALL (terms, size) {
  UNWIND terms AS x
  WITH x, log(1 + (size - x.df + 0.5) / (x.df + 0.5)) AS idf
  WHERE x.df > 0 AND x.best > 0
  UNWIND x.hits AS h
  WITH h.node AS m, sum(idf * h.score / x.best) AS text
  // Sorted, then sliced: ORDER BY ... LIMIT $text_keep plans a Top that reserved ~250 MB
  // of transaction memory per query, and 32 at once exhausted the pool (503s). Ties
  // are broken by elementId, which reads no property.
  ORDER BY text DESC, elementId(m)
  RETURN collect([m, text])[..$text_keep] AS kept
}
CALL () {
  UNWIND $text_ids AS tid
  MATCH (x:Memory {id: tid})
  RETURN collect(x) AS named
}
CALL (near, kept, named) {
  UNWIND [x IN near | x[0]] + [k IN kept[..$n] | k[0]] + named AS m
  WITH DISTINCT m
  WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
    AND m.kind IN $kinds AND m.hidden IN $hidden
  OPTIONAL MATCH (m)-[:FOLLOWED_BY]-(n:Memory)
  WHERE $with_neighbours AND n.tenant_id = $tenant_id
    AND ($entity_id IS NULL OR n.entity_id = $entity_id)
    AND n.kind IN $kinds AND n.hidden IN $hidden
  WITH m, collect(DISTINCT n) AS around
  OPTIONAL MATCH (i:Memory)-[:INSIGHT_FROM]->(m)
  WHERE $with_insights AND i.tenant_id = $tenant_id
    AND ($entity_id IS NULL OR i.entity_id = $entity_id)
    AND i.kind IN $kinds AND i.hidden IN $hidden
  WITH m, around, collect(DISTINCT i) AS drawn
  RETURN collect({id: m.id, occurred_at: toString(m.occurred_at),
         similarity: 2 * vector.similarity.cosine(m.embedding, $vector) - 1,
         neighbours: [n IN around | {id: n.id, occurred_at: toString(n.occurred_at),
                      similarity: 2 * vector.similarity.cosine(n.embedding, $vector) - 1}],
         insights: [i IN drawn | {id: i.id, occurred_at: toString(i.occurred_at),
                    similarity: 2 * vector.similarity.cosine(i.embedding, $vector) - 1}]})
         AS candidates
}
RETURN [x IN near | [x[0].id, x[1]]] AS by_vector, [k IN kept | [k[0].id, k[1]]] AS by_text,
       candidates
