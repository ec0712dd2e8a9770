"""One abstract read once: its sentences, claims, acronyms and coined names, and the lexicon.

Owns what every enricher reads from an abstract (`abstracts.analyse`), the small grammar of a
clause, and `lexicon`, the one home of every shared word list and of the singular and verb-form
rules. Must not decide titles, summaries, tags or topics, and must not look at other papers.
"""
