// Identity: one memory per id; one entity node per (tenant, entity); migrations recorded once.
CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE;
CREATE CONSTRAINT entity_key IF NOT EXISTS FOR (e:Entity) REQUIRE (e.tenant_id, e.entity_id) IS UNIQUE;
CREATE CONSTRAINT schema_migration_name IF NOT EXISTS FOR (s:SchemaMigration) REQUIRE s.name IS UNIQUE;
