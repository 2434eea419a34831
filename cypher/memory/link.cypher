// Create caller edges; edge_type values come from the EdgeType enum only.
UNWIND $edges AS e
MATCH (a:Memory {id: e.source_id}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: e.target_id}) WHERE b.tenant_id = $tenant_id
CALL (a, b, e) {
  MERGE (a)-[r:$(e.edge_type)]->(b)
  ON CREATE SET r.created_at = $now
  SET r.confidence = e.confidence
  RETURN r
}
RETURN a.id AS source_id, b.id AS target_id, type(r) AS edge_type,
       r.confidence AS confidence, r.created_at AS created_at
