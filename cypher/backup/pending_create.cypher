// Restore pending contradictions as exported; row.pair_key is derived from the two
// memory ids (services/records.pair_key), never taken from the file.
UNWIND $rows AS row
CREATE (p:PendingContradiction)
SET p = row.properties, p.tenant_id = $tenant_id, p.pair_key = row.pair_key
RETURN count(p) AS created
