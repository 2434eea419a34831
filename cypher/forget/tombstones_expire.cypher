// Tombstones past their retention (HEBBS_TOMBSTONE_RETENTION_DAYS, decision 0027), at
// most $limit a transaction, of every tenant (the periodic sweep); how many went, per
// tenant.
MATCH (t:Tombstone)
WHERE t.forgotten_at < $cutoff
WITH t LIMIT $limit
WITH t, t.tenant_id AS tenant_id
DELETE t
RETURN tenant_id, count(*) AS expired
