"""Files and names every stage shares: the project's folders (``project``), files litboard
owns and may replace (``owned``), ids that are safe as file names (``ids``), and spreadsheet-safe
CSV cells (``csv_cells``)."""
