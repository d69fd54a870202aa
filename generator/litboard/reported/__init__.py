"""Published numbers as data: reported tables of a data root beside what litboard reproduces.

A data root may hold ``reported/*.jsonl``: one record per number a paper prints (source,
measure, keys, value, printed precision, note; see ``schemas/reported.json``). ``measures``
is the registry (measure name -> function of the corpus that reproduces it: code), and
``engine.compare`` joins the two for any dataset (numbers: data). A measure the registry
does not know is shown as reported only.
"""
