"""Titles derived from an abstract: candidates, phrasing, and the check a title must pass.

Owns the title of a paper that no source or curator named (`candidates.derive_title`).
Must not read other papers, and knows nothing of slugs or pages.
"""
