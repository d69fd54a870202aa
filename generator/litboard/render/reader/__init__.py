"""The paragraph reader: translations side by side with their span layers and scores."""
