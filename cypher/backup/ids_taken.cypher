// Which of these memory ids, pending ids and pending pair keys this tenant stores
// already: each is unique within its tenant (schema 016), and another tenant's are
// none of a restore's business.
CALL () {
  UNWIND $memory_ids AS mid
  MATCH (m:Memory {id: mid}) WHERE m.tenant_id = $tenant_id
  RETURN m.id AS id
  UNION
  UNWIND $pending_ids AS pid
  MATCH (p:PendingContradiction {pending_id: pid}) WHERE p.tenant_id = $tenant_id
  RETURN p.pending_id AS id
  UNION
  UNWIND $pair_keys AS key
  MATCH (p:PendingContradiction {pair_key: key}) WHERE p.tenant_id = $tenant_id
  RETURN p.pair_key AS id
}
RETURN id
