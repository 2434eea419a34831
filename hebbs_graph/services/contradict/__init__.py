"""The contradiction wing: detection (the heuristic classifier and the LLM judge), the
checks waiting in Neo4j, verdicts and their edges."""
