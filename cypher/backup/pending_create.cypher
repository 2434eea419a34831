// Restore pending contradictions as exported.
UNWIND $rows AS row
CREATE (p:PendingContradiction)
SET p = row.properties, p.tenant_id = $tenant_id
RETURN count(p) AS created
