"""Contradiction detection: the heuristic classifier and the LLM judge."""
