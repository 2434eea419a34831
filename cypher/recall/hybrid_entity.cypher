// Hybrid recall in one round trip for one entity: the evidence and the candidates' neighbourhood.
//
// Evidence: the $n nearest by vector (filtered inside the index, exact cosine) and the
// $text_keep best text scores: BM25 with the scope's own idf, Σ over the cue's terms of
// idf_scope(t) · score(t, m) / best(t). Each $terms query (one term, the scope restricted
// inside Lucene by the tenant's and entity's 128-bit hash tokens with boost 0; snapshots
// carry none) gives the term's best score and its document frequency in the scope
// (counted to $cap). Then one Lucene query, $scope_clause and the terms each boosted by
// its weight idf_scope(t) / best(t), sums them for every memory of the scope: Lucene
// scores an OR of clauses as the sum of their scores and keeps the top itself, so no
// hit becomes a Cypher row (summing ~3,000 hits by node in Cypher, then sorting them,
// cost more than every Lucene query of the recall). Boosts go into the query text as
// integers, the largest 1,000,000: Cypher would print a small float as 1.0E-4, which the
// query parser refuses. Superseded and stale memories are among the hits (they count in
// a term's document frequency). With the scope's idf off, $terms is empty and $text_ids
// holds Lucene's own best (recall/fulltext_ids).
//
// Candidates: the $n nearest, the $n best by text and $text_ids, each checked against
// the scope exactly, with their similarity to the cue, when each occurred, and, for the
// $spread best of each list and $text_ids, (with $with_neighbours) their FOLLOWED_BY
// neighbours either way (both conversation turns, their context naming a session_id,
// unless $neighbours_of_all) and (with $with_insights) the insights drawn from them, inside
// the same scope. Times come back as ISO strings
// (see fragments/memory); similarity is 2·s − 1 with s Neo4j's cosine score in 0..1.
// The scope's size for idf is $scope_size, or, when the caller knows none (null), counted
// here to $size_cap (recall/scope_size_entity's count) and returned: one round trip fewer
// for a scope not asked about lately.
// Every list comes back in one row: the Python driver costs ~0.1 ms a record.
CYPHER 25
CALL () {
  WITH $scope_size AS known WHERE known IS NULL
  MATCH (s:Memory)
  WHERE s.tenant_id = $tenant_id AND s.entity_id = $entity_id AND s.occurred_at IS NOT NULL
  WITH s LIMIT $size_cap
  RETURN count(s) AS counted
}
WITH coalesce($scope_size, counted) AS scope_size
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
    YIELD score
    WHERE score > 0
    RETURN max(score) AS best, count(*) AS df
  }
  RETURN collect({term: t.term, best: best, df: df}) AS terms
}
// BM25 with the scope's own idf (services/recall/hybrid.scope_bm25, which this must
// match): n = max(scope size, df), idf_scope(t) = ln(1 + (n − df + 0.5) / (df + 0.5)).
WITH scope_size, near, terms,
     reduce(top = 0, x IN terms | CASE WHEN x.df > top THEN x.df ELSE top END) AS df_max
WITH scope_size, near, terms,
     CASE WHEN scope_size > df_max THEN scope_size ELSE df_max END AS size
WITH scope_size, near, [x IN terms WHERE x.df > 0 AND x.best > 0 |
            {term: x.term, w: log(1 + (size - x.df + 0.5) / (x.df + 0.5)) / x.best}] AS weights
WITH scope_size, near, weights,
     reduce(top = 0.0, x IN weights | CASE WHEN x.w > top THEN x.w ELSE top END) AS w_max
CALL (weights, w_max) {
  WITH [x IN weights WHERE round(x.w / w_max * 1000000) >= 1 |
        'content:' + x.term + '^' + toString(toInteger(round(x.w / w_max * 1000000)))]
       AS clauses
  WHERE size(clauses) > 0
  CALL db.index.fulltext.queryNodes('memory_content',
       $scope_clause + ' +(' + reduce(q = '', c IN clauses | q + ' ' + c) + ')',
       {limit: $text_keep})
  YIELD node, score
  WHERE score > 0
  RETURN collect([node, score * w_max / 1000000]) AS kept
}
CALL () {
  UNWIND $text_ids AS tid
  MATCH (x:Memory {id: tid}) WHERE x.tenant_id = $tenant_id
  RETURN collect(x) AS named
}
CALL (near, kept, named) {
  WITH near, kept, named,
       [x IN near[..$spread] | x[0]] + [k IN kept[..$spread] | k[0]] + named AS spreading
  UNWIND [x IN near | x[0]] + [k IN kept[..$n] | k[0]] + named AS m
  WITH DISTINCT m, spreading
  WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
    AND m.kind IN $kinds AND m.hidden IN $hidden
  OPTIONAL MATCH (m)-[:FOLLOWED_BY]-(n:Memory)
  WHERE $with_neighbours AND m IN spreading AND n.tenant_id = $tenant_id
    AND ($neighbours_of_all OR (m.context_json CONTAINS '"session_id":'
                                AND n.context_json CONTAINS '"session_id":'))
    AND ($entity_id IS NULL OR n.entity_id = $entity_id)
    AND n.kind IN $kinds AND n.hidden IN $hidden
  WITH m, spreading, collect(DISTINCT n) AS around
  OPTIONAL MATCH (i:Memory)-[:INSIGHT_FROM]->(m)
  WHERE $with_insights AND m IN spreading AND i.tenant_id = $tenant_id
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
       candidates, scope_size
