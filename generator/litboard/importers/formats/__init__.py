"""Importers of generic annotation formats (Label Studio, CSV tables, WMT MQM TSV), driven by a
mapping file."""
