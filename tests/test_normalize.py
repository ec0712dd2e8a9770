"""Merging raw lists into papers and reading lists: pure, no files."""

from __future__ import annotations

from pathlib import Path

from generator.models import Bibliographic
from generator.read import RawAbstract, RawList, merge, paper_id

A = "We propose a method for sparse things that works well in practice on many tasks."
B = "We study dense things and prove that they are hard to learn without many samples."
C = "A preprint version of the dense-things result, worded differently from its final form."


def _list(name: str, file: str, *abstracts: RawAbstract) -> RawList:
    return RawList(Path(file), name, abstracts, ())


def test_same_abstract_in_two_lists_is_one_paper_naming_both() -> None:
    papers, lists, _ = merge(
        [
            _list("First", "a.txt", RawAbstract(A, 3), RawAbstract(B, 5)),
            _list("Second", "b.txt", RawAbstract(A.upper(), 3)),
        ]
    )
    assert len(papers) == 2
    shared = next(p for p in papers if p.id == paper_id(A))
    assert shared.lists == ("First", "Second")
    assert [str(s) for s in shared.sources] == ["a.txt:3", "b.txt:3"]
    assert [rl.paper_ids for rl in lists] == [(paper_id(A), paper_id(B)), (paper_id(A),)]


def test_files_with_the_same_name_form_one_list_in_file_order() -> None:
    _, lists, _ = merge(
        [_list("Same", "a.txt", RawAbstract(B, 3)), _list("Same", "b.txt", RawAbstract(A, 3))]
    )
    assert len(lists) == 1
    assert lists[0].files == (Path("a.txt"), Path("b.txt"))
    assert lists[0].paper_ids == (paper_id(B), paper_id(A))


def test_id_ignores_case_and_spacing_but_not_words() -> None:
    assert paper_id(A) == paper_id("  " + A.replace(" ", "  ").lower())
    assert paper_id(A) != paper_id(A.replace("sparse", "dense"))


def test_sources_sharing_a_doi_are_one_paper_with_merged_metadata() -> None:
    published = RawAbstract(B, 4, Bibliographic(title="Dense Things", doi="10.1/xyz"))
    preprint = RawAbstract(C, 9, Bibliographic(doi="10.1/XYZ", authors=("Ada Lovelace",)))
    papers, lists, _ = merge([_list("Bib", "a.bib", published), _list("Csv", "b.csv", preprint)])
    assert len(papers) == 1
    paper = papers[0]
    assert paper.id == paper_id(B)
    assert paper.lists == ("Bib", "Csv")
    assert paper.bib.title == "Dense Things" and paper.bib.authors == ("Ada Lovelace",)
    assert lists[1].paper_ids == (paper_id(B),)


def test_titles_alone_do_not_merge_papers() -> None:
    one = RawAbstract(A, 3, Bibliographic(title="A Common Title for Two Papers"))
    two = RawAbstract(B, 5, Bibliographic(title="A Common Title for Two Papers"))
    papers, _, _ = merge([_list("L", "a.bib", one, two)])
    assert len(papers) == 2
