"""Citing and freezing what the site shows.

``latex`` (escaped booktabs tables), ``downloads`` (every CSV also as JSON and LaTeX with a
provenance block), ``bibtex`` (dataset and release entries), ``anchors`` (stable ids and
permalinks on tables and rows), ``publish`` (the one post-processing hook ``pipeline.site``
calls), ``release`` (freeze a built site under ``v/VERSION``) and ``changelog`` (rank moves
between two releases, cluster-aware).
"""
