"""Importers of released research data sets (LitEval, Creativity Bias): fixed layouts, shipped
reported numbers."""
