"""The app's widgets, each with its own CSS."""
