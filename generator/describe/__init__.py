"""describe."""
