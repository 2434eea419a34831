"""The heuristic contradiction classifier, its text handling and its lexicon."""
