// Hybrid recall candidates: similarity to the cue, when each occurred, (with
// $with_neighbours) their FOLLOWED_BY neighbours either way, and (with $with_insights)
// the insights drawn from them, all inside the same scope. Times come back as ISO
// strings (see fragments/memory). Similarity is 2·s − 1 with s Neo4j's cosine score
// in 0..1, as in recall/similarity_*. The candidates themselves are checked against the
// scope here: the text evidence comes from Lucene unfiltered (recall/term_hits).
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds AND m.hidden IN $hidden
OPTIONAL MATCH (m)-[:FOLLOWED_BY]-(n:Memory)
WHERE $with_neighbours AND n.tenant_id = $tenant_id
  AND ($entity_id IS NULL OR n.entity_id = $entity_id)
  AND n.kind IN $kinds
  AND ($include_superseded OR n.superseded_by IS NULL)
  AND ($include_stale OR coalesce(n.stale, false) = false)
WITH m, collect(DISTINCT n) AS around
OPTIONAL MATCH (i:Memory)-[:INSIGHT_FROM]->(m)
WHERE $with_insights AND i.tenant_id = $tenant_id
  AND ($entity_id IS NULL OR i.entity_id = $entity_id)
  AND i.kind IN $kinds
  AND ($include_superseded OR i.superseded_by IS NULL)
  AND ($include_stale OR coalesce(i.stale, false) = false)
WITH m, around, collect(DISTINCT i) AS drawn
RETURN m.id AS id, toString(m.occurred_at) AS occurred_at,
       2 * vector.similarity.cosine(m.embedding, $vector) - 1 AS similarity,
       [n IN around | {id: n.id, occurred_at: toString(n.occurred_at),
                       similarity: 2 * vector.similarity.cosine(n.embedding, $vector) - 1}]
         AS neighbours,
       [i IN drawn | {id: i.id, occurred_at: toString(i.occurred_at),
                      similarity: 2 * vector.similarity.cosine(i.embedding, $vector) - 1}]
         AS insights
