"""Tests of the statistics layer (generator/analysis: uncertainty, bws, pairwise, agreement)."""
