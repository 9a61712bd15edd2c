import pytest

from rag.index.codes import course_level
from rag.understand.levels import levels_in_question
from rag.answer.retrieve import Retriever


@pytest.mark.parametrize("question, levels", [
    ("intro course on supply and demand", {1}),
    ("Which course teaches French for complete beginners?", {1}),
    ("a first-year biology course", {1}),
    ("1st year calculus class", {1}),
    ("second-year stats course", {2}),
    ("upper-level course on the history of jazz", {3, 4}),
    ("graduate seminar on combustion", {5, 6}),
    ("any 300-level courses on ecology?", {3}),
    ("an introductory 200-level course", {1, 2}),
    # a level that describes students is not the level of the course sought
    ("introductory accounting course for first year commerce students", {1}),
    ("How many credits do first-year science students need to take?", set()),
    # program requirements are answered by program pages, not courses
    ("upper-level requirements for the mathematics major", set()),
    ("What are the first-year requirements for the BSc?", set()),
    ("which intro courses count toward the biology major", {1}),
    # no level wording
    ("course on special relativity and atomic physics", set()),
    ("Which prerequisites does CPSC 221 have?", set()),
])
def test_wording_implies_year_levels(question, levels):
    assert levels_in_question(question) == frozenset(levels)


@pytest.mark.parametrize("code, level", [("ECON 101", 1), ("ASTR 310", 3), ("MECH 576", 5), ("CPSC 110A", 1),
                                         ("", None), ("overview", None)])
def test_course_level_is_the_first_digit_of_the_number(code, level):
    assert course_level(code) == level


def test_level_ranking_joins_the_fusion_only_when_the_wording_asks(sample_index, embedder):
    retriever = Retriever(sample_index, embedder, rrf_k=60, year_level_window=30)
    result = retriever.retrieve(retriever.query_for_text("first-year programming course"), top_k=5)
    assert result.year_levels == [1]
    assert result.hits[0].course_code == "CPSC 110"
    level_hits = [h for h in result.hits if "level" in h.ranks]
    assert level_hits and all(course_level(h.course_code) == 1 for h in level_hits)
    # the fused score is the plain RRF sum over all three rankings
    top = result.hits[0]
    assert top.fused_score == pytest.approx(sum(1 / (60 + r) for r in top.ranks.values()))

    plain = retriever.retrieve(retriever.query_for_text("course on matrix algebra and eigenvalues"), top_k=5)
    assert plain.year_levels == [] and all("level" not in h.ranks for h in plain.hits)
    for mode in ("bm25", "dense"):
        assert retriever.retrieve(retriever.query_for_text("first-year programming course"), top_k=5, mode=mode).year_levels == []


def test_window_zero_turns_the_preference_off(sample_index, embedder):
    no_window = Retriever(sample_index, embedder, year_level_window=0)
    off = no_window.retrieve(no_window.query_for_text("first-year programming course"), top_k=5)
    assert off.year_levels == [] and all("level" not in h.ranks for h in off.hits)


def test_level_ranking_only_reorders_the_window(sample_index, embedder):
    retriever = Retriever(sample_index, embedder, year_level_window=3)
    fused = [(row, 1.0) for row in range(sample_index.n_chunks)]
    ranked = retriever.searcher.level_ranking(fused, frozenset({1}))
    assert set(ranked) <= {0, 1, 2}
    assert ranked == [r for r in range(3) if sample_index.course_levels[r] == 1]


# -- real snapshot --------------------------------------------------------------------------------

# Questions not in the evaluation test set: each names a level in words and no code.
REAL_LEVEL_QUESTIONS = [
    ("intro course on Japanese for beginners", {1}),
    ("first-year course on world history since 1900", {1}),
    ("introductory psychology course about memory and perception", {1}),
    ("graduate seminar on Chinese history sources and methods", {5, 6}),
    ("upper-level course on recombinant DNA lab techniques", {3, 4}),
]


@pytest.mark.real
@pytest.mark.slow  # needs the whole real snapshot built (about 160 s): make bench
def test_real_level_wording_brings_courses_at_that_level_forward(real_index, embedder):
    on = Retriever(real_index, embedder, year_level_window=30)
    off = Retriever(real_index, embedder, year_level_window=0)

    def at_level(hits, levels):
        return sum(course_level(h.course_code) in levels for h in hits)

    gained = 0
    for question, levels in REAL_LEVEL_QUESTIONS:
        with_levels, without = on.retrieve(on.query_for_text(question), 5).hits, off.retrieve(off.query_for_text(question), 5).hits
        assert at_level(with_levels, levels) >= at_level(without, levels), question
        gained += at_level(with_levels, levels) - at_level(without, levels)
    assert gained >= 3
    # a beginners' course that both retrievers rank below 200- and 400-level ones comes first
    assert off.retrieve(off.query_for_text("intro course on Japanese for beginners"), 5).hits[0].course_code != "JAPN 100"
    assert on.retrieve(on.query_for_text("intro course on Japanese for beginners"), 5).hits[0].course_code == "JAPN 100"
