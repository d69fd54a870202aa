"""Tests of the statistics layer (generator/litboard/analysis: uncertainty, bws, pairwise,
agreement)."""
