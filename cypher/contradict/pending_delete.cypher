// Remove reviewed pending records (every verdict removes its record).
UNWIND $ids AS pid
MATCH (p:PendingContradiction {pending_id: pid})
WHERE p.tenant_id = $tenant_id
DELETE p
RETURN count(*) AS deleted
