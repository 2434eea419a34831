// How many memories a batch scan of a tenant will visit (for progress).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.occurred_at >= $since AND m.kind IN $kinds
  AND m.superseded_by IS NULL
RETURN count(m) AS total
