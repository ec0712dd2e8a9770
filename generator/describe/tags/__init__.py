"""Tags: keyphrases per paper, acronym tags, and the choice made across the collection.

Owns tag text (`collection.read`, `collection.choose`). Must not decide topics or page
addresses.
"""
