"""Contributions by pull request: what a PR may change (``pr_scope``, ``litboard check-pr``)
and the job summary of the provisional ranks of the systems it adds (``ci_summary``), the results
comment on a pull request (``pr_results`` writes it, ``pr_comment`` posts it)."""
