"""readinglist: curated reading lists of research papers, published as a static site."""

__version__ = "0.1.0"
