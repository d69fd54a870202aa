"""How a run executes: fork-based parallel work (``parallel``) and progress reporting
(``progress``), shared by every stage."""
