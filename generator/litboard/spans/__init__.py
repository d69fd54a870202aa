"""Span utilities: tagged-span parsing and offset alignment (pure functions)."""
