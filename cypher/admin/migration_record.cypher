// Record one applied migration.
MERGE (s:SchemaMigration {name: $name}) ON CREATE SET s.applied_at = $now
