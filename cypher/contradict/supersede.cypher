// A revision verdict: newer -[$edge_type (REVISED_FROM)]-> older, and the older is
// superseded (left out of recall unless include_superseded).
UNWIND $rows AS row
MATCH (newer:Memory {id: row.newer_id}) WHERE newer.tenant_id = $tenant_id
MATCH (older:Memory {id: row.older_id}) WHERE older.tenant_id = $tenant_id
CALL (newer, older, row) {
  MERGE (newer)-[r:$($edge_type)]->(older)
  ON CREATE SET r.created_at = $now
  SET r.confidence = row.confidence, r.reasoning = row.reasoning, r.method = row.method
}
SET older.superseded_by = newer.id, older.superseded_at = $now
SET older.hidden = @hidden(older)
RETURN count(*) AS revised
