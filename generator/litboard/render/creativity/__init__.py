"""Creativity pages: UCPs, creativity scores and errors per text (the Creativity Bias campaigns)."""
