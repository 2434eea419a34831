// The fulltext analyzers this Neo4j offers (a plugin on its classpath adds its own).
CALL db.index.fulltext.listAvailableAnalyzers() YIELD analyzer
RETURN collect(analyzer) AS analyzers
