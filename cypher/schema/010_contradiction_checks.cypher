// Memories whose contradiction check is waiting: a write sets check_due in its own
// transaction and the check removes it when it completes, so these indexes hold only
// the waiting few. The sweep across tenants seeks the first (oldest first); a
// tenant's scan and prepare's count seek the second.
CREATE INDEX memory_check_due IF NOT EXISTS FOR (m:Memory) ON (m.check_due);
CREATE INDEX memory_tenant_check_due IF NOT EXISTS FOR (m:Memory) ON (m.tenant_id, m.check_due);
