// The current sources of some insights (for verdicts and re-scoring).
UNWIND $ids AS iid
MATCH (i:Insight {id: iid})
WHERE i.tenant_id = $tenant_id
OPTIONAL MATCH (i)-[:INSIGHT_FROM]->(s:Memory)
WHERE s.tenant_id = $tenant_id
RETURN i {.*, embedding: null} AS insight, collect(s {.*, embedding: null}) AS sources
