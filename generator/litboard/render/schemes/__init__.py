"""Pages per judgment scheme (BWS, pairwise, overlap metrics, errors vs preferences, published
numbers, judge bias)."""
