"""LLM judges through any OpenAI-compatible endpoint, with a content-addressed answer cache.

client (HTTP) / cache + journal (storage) / runner (concurrency, retries, budget) /
templates (versioned prompt files) / one module per judge (gemba, tsa, ruler, verse).
"""
