"""The MkDocs plugin, as a folder of its own (as MkDocs keeps its search plugin in
`contrib/search/`).

Owns everything only MkDocs needs: the plugin's hooks (`plugin`) and options (`settings`),
the reuse of pages whose inputs did not change (`reuse`), a second process building half the
pages beside MkDocs (`helper`), the Content-Security-Policy put in every built page (`csp`),
the progress of MkDocs' page passes (`progress`), the watching of docs/ and lists/ under
`mkdocs serve` (`watch`) and the loading of mkdocs.yml the commands run with (`project`).
The stages (read, describe, address, render, export, search, write) must not import from
here: they know nothing of MkDocs, and the site could move to another engine by replacing
this folder.
"""
