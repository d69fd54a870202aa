"""The load stage: data roots -> validated rows -> cross-checks -> tidy tables.

``read`` walks each data root and schema-checks every file (``schemas``, ``textfiles``,
``ids``), keeping the file and line of each row (``rows``); ``checks`` cross-checks the rows,
then runs the checks the caller passes in (``rows.RootCheck``: the contribution policy lives in
``tracks``); ``tables`` turns them into pandas tables; ``datasets`` groups roots by dataset.
``load(roots)`` runs all of it and raises one ``DataError`` naming every problem;
``validate(roots)`` lists the problems.
"""

from .read import load, validate

__all__ = ["load", "validate"]
