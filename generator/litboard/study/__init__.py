"""A study of one's own: the files ``litboard init`` writes (this folder's README.md,
gitignore, mkdocs.yml, workflows/) and the command that writes them (``scaffold``)."""
