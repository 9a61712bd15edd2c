import numpy as np
import pytest

from rag.answer.retrieve import Retriever, rrf

SAMPLE_CPSC = "https://vancouver.calendar.ubc.ca/course-descriptions/subject/cpscv"


def test_rrf_sums_reciprocal_ranks():
    fused = dict(rrf({"a": [10, 20, 30], "b": [20, 40]}, k=60))
    assert fused[20] == pytest.approx(1 / 62 + 1 / 61)
    assert fused[10] == pytest.approx(1 / 61)
    assert list(dict(rrf({"a": [10, 20, 30], "b": [20, 40]}, k=60))) == [20, 10, 40, 30]


@pytest.fixture(scope="module")
def retriever(sample_index, embedder):
    return Retriever(sample_index, embedder, rrf_k=60)


@pytest.mark.parametrize("query", ["CPSC 221", "cpsc221", "CPSC_V 221", "What are the prerequisites for cpsc 221?"])
def test_every_code_spelling_finds_the_course_itself_first(retriever, query):
    hits = retriever.retrieve(retriever.query_for_text(query), top_k=5, mode="hybrid").hits
    assert hits[0].course_code == "CPSC 221"
    assert hits[0].citation == f"{SAMPLE_CPSC}#cpsc-v-221-4-algorithms-and-data-structures-i"
    assert hits[0].pinned == "names CPSC 221"
    assert [h.course_code for h in hits].count("CPSC 221") == 1


def test_hits_carry_each_retrievers_rank_and_score(retriever):
    hits = retriever.retrieve(retriever.query_for_text("matrix algebra eigenvalues"), top_k=3, mode="hybrid").hits
    top = hits[0]
    assert top.course_code == "MATH 221"
    assert top.ranks["bm25"] >= 1 and top.ranks["dense"] >= 1
    assert top.scores["dense"] > 0.3 and top.scores["bm25"] > 0
    assert top.fused_rank == 1 and top.fused_score == pytest.approx(1 / (60 + top.ranks["bm25"]) + 1 / (60 + top.ranks["dense"]))


def test_plain_modes_use_one_retriever_and_do_not_pin(retriever):
    bm25 = retriever.retrieve(retriever.query_for_text("CPSC 221"), top_k=5, mode="bm25").hits
    assert all(set(h.ranks) == {"bm25"} and not h.pinned for h in bm25)
    dense = retriever.retrieve(retriever.query_for_text("CPSC 221"), top_k=5, mode="dense").hits
    assert all(set(h.ranks) == {"dense"} for h in dense)
    scores = [h.scores["dense"] for h in dense]
    assert scores == sorted(scores, reverse=True)


def test_a_named_program_brings_its_page(retriever):
    hits = retriever.retrieve(retriever.query_for_text("Which courses does the Statistics program require in year 3?"), top_k=5).hits
    assert any(h.kind == "program" and h.url.endswith("/statistics") for h in hits[:2])


def test_paraphrase_without_code_finds_the_course(retriever):
    hits = retriever.retrieve(retriever.query_for_text("course about Bayesian inference and Markov chain Monte Carlo"), top_k=3).hits
    assert hits[0].course_code == "STAT 447"


def test_unknown_mode_is_rejected(retriever):
    with pytest.raises(ValueError, match="mode must be one of"):
        retriever.retrieve(retriever.query_for_text("x"), mode="fuzzy")


# -- real snapshot --------------------------------------------------------------------------------

REAL_CODES = ["CPSC 221", "MATH 100", "LAW 490", "BIOL 112", "CHEM 121", "ECON 101", "PHYS 117", "STAT 200",
              "ENGL 110", "APSC 160"]


@pytest.mark.real
@pytest.mark.slow  # needs the whole real snapshot built (about 160 s): make bench
def test_real_codes_find_their_own_section_first_in_every_spelling(real_index, embedder):
    retriever = Retriever(real_index, embedder)
    codes = [c for c in REAL_CODES if c in real_index.known_courses]
    assert len(codes) >= 8
    for code in codes:
        subject, number = code.split()
        for query in (code, f"{subject.lower()}{number}", f"{subject}_V {number}",
                      f"what are the prerequisites of {subject.lower()} {number}?"):
            top = retriever.retrieve(retriever.query_for_text(query), top_k=5).hits[0]
            assert top.course_code == code, (query, top.course_code)


@pytest.mark.real
@pytest.mark.slow  # needs the whole real snapshot built (about 160 s): make bench
def test_real_program_question_finds_the_program_page(real_index, embedder):
    retriever = Retriever(real_index, embedder)
    for question, slug in [("What do I take in first year of Biomedical Engineering?", "biomedical-engineering"),
                           ("third year requirements for the Computer Science specialization", "computer-science"),
                           ("Which courses are required in the Microbiology and Immunology program?",
                            "microbiology-and-immunology")]:
        hits = retriever.retrieve(retriever.query_for_text(question), top_k=5).hits
        assert any(h.kind == "program" and h.url.endswith(slug) for h in hits), question


@pytest.mark.real
@pytest.mark.slow  # needs the whole real snapshot built (about 160 s): make bench
def test_real_bm25_scores_equal_rank_bm25(real_index, real_store):
    import pyarrow.parquet as pq
    from rank_bm25 import BM25Okapi

    from rag.index.store import StoreLayout

    folder = StoreLayout(real_store).version_dir(real_index.version_id)
    chunks = pq.read_table(folder / "chunks.parquet", columns=["context_header", "text"]).to_pydict()
    tok = real_index.bm25.tokenizer
    corpus = [tok(f"{h}\n{t}") for h, t in zip(chunks["context_header"], chunks["text"])]
    ref = BM25Okapi(corpus, k1=real_index.bm25.k1, b=real_index.bm25.b, epsilon=real_index.bm25.epsilon)
    for query in ("cpsc 221 prerequisites", "organic chemistry laboratory", "LAW_V 490", "thesis"):
        q = tok(query)
        np.testing.assert_allclose(real_index.bm25.scores(q), ref.get_scores(q), rtol=1e-9, atol=1e-9)


def test_rank_rows_orders_only_the_given_rows_by_topic(retriever):
    index = retriever.index
    rows = [index.rows_by_course[c][0] for c in ("MATH 100", "MATH 101", "STAT 200", "CPSC 110")]
    ranked = retriever.rank_rows("integral calculus", rows)
    assert sorted(ranked) == sorted(rows)  # nothing outside the candidates, nothing dropped
    assert index.chunks["course_code"][ranked[0]] == "MATH 101"
    assert retriever.rank_rows("anything", []) == []
