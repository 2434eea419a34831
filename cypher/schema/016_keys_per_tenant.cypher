// Nothing is unique across tenants any more (issue 34): a memory id, a pending pair's id
// and key, and a lease name are unique within their tenant. Before, one tenant could
// learn from a refused import that another tenant stores an id, and could block another
// tenant's contradiction detection by storing a pending record with that tenant's pair
// key. Uniqueness on (tenant_id, x) is an index-backed constraint in Community as on x
// alone; every lookup by these keys names its tenant (tests/unit/test_queries.py), and a
// plain index on Memory.id stays for the Browser's analyst queries, which look up an id
// alone. Existing data is unique already (it was, across the database), so no node
// changes.
DROP CONSTRAINT memory_id IF EXISTS;
CREATE CONSTRAINT memory_tenant_id IF NOT EXISTS FOR (m:Memory) REQUIRE (m.tenant_id, m.id) IS UNIQUE;
CREATE INDEX memory_id_lookup IF NOT EXISTS FOR (m:Memory) ON (m.id);
DROP CONSTRAINT pending_contradiction_id IF EXISTS;
CREATE CONSTRAINT pending_contradiction_tenant_id IF NOT EXISTS FOR (p:PendingContradiction) REQUIRE (p.tenant_id, p.pending_id) IS UNIQUE;
DROP CONSTRAINT pending_contradiction_pair IF EXISTS;
CREATE CONSTRAINT pending_contradiction_tenant_pair IF NOT EXISTS FOR (p:PendingContradiction) REQUIRE (p.tenant_id, p.pair_key) IS UNIQUE;
DROP CONSTRAINT lease_name IF EXISTS;
CREATE CONSTRAINT lease_tenant_name IF NOT EXISTS FOR (l:Lease) REQUIRE (l.tenant_id, l.name) IS UNIQUE;
