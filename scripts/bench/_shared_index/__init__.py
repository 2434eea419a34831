"""The parts of ``shared_index.py`` (the entry point): ``base`` (constants, clock, cue and
source records), ``layout`` (the seeded build layout), ``build`` (writing and purging it),
``measure`` (the measured operations), ``report`` (tables and JSON)."""
