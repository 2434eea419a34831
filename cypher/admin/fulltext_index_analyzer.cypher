// The analyzer a fulltext index was built with (no row when the index is missing).
SHOW FULLTEXT INDEXES YIELD name, options WHERE name = $name
RETURN options.indexConfig['fulltext.analyzer'] AS analyzer
