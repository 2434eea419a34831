// Proof of forgetting: who, when, why and the content's hash; never the content.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
CREATE (t:Tombstone {
  memory_id: m.id, tenant_id: m.tenant_id, entity_id: m.entity_id, kind: m.kind,
  forgotten_at: $now, criteria_json: $criteria_json, content_sha256: m.content_sha256
})
RETURN t.memory_id AS memory_id, t.entity_id AS entity_id,
       t.forgotten_at AS forgotten_at, t.content_sha256 AS content_sha256
