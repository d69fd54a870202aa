"""Shared rendering core: the analysis model (views), jinja, charts, page assembly, the site
generator."""
