"""Shared importer machinery: mapping files, input discovery and the data-root builder."""
