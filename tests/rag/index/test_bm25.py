import numpy as np
from rank_bm25 import BM25Okapi

from rag.index.bm25 import BM25Index, CodeAwareTokenizer

SUBJECTS = ["CPSC", "MATH"]
DOCS = [
    "CPSC_V 221 (4) Basic Algorithms. Prerequisite: CPSC 210.",
    "CPSC_V 320 (3) Algorithm Design. Prerequisite: CPSC 221 and MATH 200.",
    "MATH_V 200 (3) Calculus III. Functions of several variables.",
    "Grading practices: the passing grade is 50 percent than 100 courses.",
    "",
]


def test_every_spelling_of_a_code_yields_the_same_code_token():
    tok = CodeAwareTokenizer(SUBJECTS)
    for spelling in ("CPSC 221", "CPSC_V 221", "cpsc221", "Cpsc 221", "cpsc_v 221"):
        assert "cpsc221" in tok(spelling), spelling
    assert "than100" not in tok("more than 100 students")  # not a subject: not a code
    # only the calendar's subjects are codes in indexed text: "an LSAT 160" is a score, not a course
    assert "lsat160" not in tok("an LSAT 160 or higher")
    assert "arts100" not in CodeAwareTokenizer(SUBJECTS + ["ARTS"])("any arts 100-level courses")
    # abbreviated lists are read as the codes they stand for
    assert {"math200", "math220", "math221"} <= set(tok("MATH 200, 220, 221"))


def test_scores_equal_rank_bm25():
    tok = CodeAwareTokenizer(SUBJECTS)
    corpus = [tok(d) for d in DOCS]
    ours = BM25Index.build(corpus, SUBJECTS, k1=1.5, b=0.75, epsilon=0.25)
    ref = BM25Okapi(corpus, k1=1.5, b=0.75, epsilon=0.25)
    for query in ("cpsc221", "algorithms prerequisite", "CPSC 221 CPSC 221", "calculus variables", "zzz",
                  "grading percent"):
        q = tok(query)
        np.testing.assert_allclose(ours.scores(q), ref.get_scores(q), rtol=1e-9, atol=1e-12)


def test_saved_index_scores_the_same(tmp_path):
    tok = CodeAwareTokenizer(SUBJECTS)
    corpus = [tok(d) for d in DOCS]
    ours = BM25Index.build(corpus, SUBJECTS, k1=1.2, b=0.7, epsilon=0.25)
    ours.save(tmp_path)
    loaded = BM25Index.load(tmp_path)
    q = tok("cpsc 221 algorithms")
    np.testing.assert_array_equal(loaded.scores(q), ours.scores(q))
    assert loaded.subjects == SUBJECTS and loaded.n_docs == len(DOCS)


def test_code_query_ranks_the_course_above_others():
    tok = CodeAwareTokenizer(SUBJECTS)
    index = BM25Index.build([tok(d) for d in DOCS], SUBJECTS, 1.5, 0.75, 0.25)
    scores = index.scores(tok("MATH_V 200"))
    assert int(np.argmax(scores)) == 2
