"""Listings of a dataset: per-system pages and the paragraph browser."""
