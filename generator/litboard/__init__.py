"""litboard: stored literary-MT judgments -> analyses -> a static mkdocs-material site.

Data flows one way: ``load`` (files -> validated tidy tables) -> ``analysis`` (pure
functions) -> ``render`` (view models -> templates -> files). Heavy back-ends (torch,
comet, openai) are imported lazily by the modules that need them.
"""

__version__ = "0.1.0"
