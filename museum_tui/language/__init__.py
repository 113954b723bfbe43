"""The language layer: how the app reads a visitor's words."""
