// The vector index's options (its dimension is checked against the model's).
SHOW INDEXES YIELD name, options WHERE name = $name RETURN options
