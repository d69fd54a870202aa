"""Pure analysis functions over the tidy tables (no I/O, no page code)."""
