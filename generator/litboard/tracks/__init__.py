"""Tracks: datasets that accept new systems by pull request, and the contribution flow.

1. ``litboard track sources`` exports a pair's source paragraphs (``files``);
2. ``litboard track new-system`` scaffolds ``<track folder>/<id>/``: a card and outputs (``files``);
3. ``litboard validate`` checks its content (``submission``, ``contribution``, ``copy_rules``:
   the policy ``checks`` gives to load as ``RootCheck``s) and
   ``litboard check-pr`` that the pull request adds only that folder (``pr_scope``);
4. ``litboard track score`` computes every track's BLEU/chrF/TER from main's data (``scores``,
   over the roots ``roots`` finds); ``pr_results``/``pr_comment`` report them on the pull request;
5. after merge the build shows the system; ``ci_summary`` writes the CI job's provisional ranks.
Which datasets are tracks is declared in ``load.track_decl`` (load reads a track root's
``corpus/track.yaml`` against it); ``cli`` is the ``litboard track`` command.
"""
