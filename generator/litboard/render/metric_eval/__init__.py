"""Adequacy and metric meta-evaluation pages (the LitEval campaigns)."""
