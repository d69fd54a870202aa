"""Human-evaluation campaigns for new systems: plan, export to Label Studio, import back.

``plan`` picks paragraphs, anchors and comparisons (deterministic for a seed) and writes a
YAML plan; ``export`` turns it into a Label Studio project (labelling config, blind and
shuffled tasks, the importer mapping) or a TSV; ``importing`` checks an export against the
plan, runs the Label Studio importer and writes one campaign folder whose card names the
plan's SHA-256; ``status`` counts planned and judged paragraphs per system for the board.
"""
