"""The answer prompt's excerpts: numbered without URLs, capped at a token budget by whole excerpts and
whole sentences, and the guard checks the model against exactly what the prompt showed."""

from __future__ import annotations

import re

import pytest

from rag.answer.prompts import answer_messages, bound_excerpts, excerpt_block


def words(text: str) -> int:
    """A stand-in tokenizer: one token per word or punctuation mark."""
    return len(re.findall(r"\w+|[^\w\s]", text))


A = ("CPSC_V 110 (4) Computation", "Fundamental program design. Prerequisite: none. Credit for only one of CPSC 103, CPSC 110.")
B = ("MATH_V 200 (3) Calculus III", "Partial derivatives; multiple integrals. Prerequisite: One of MATH 101, MATH 103. "
     "Credit will be granted for only one of MATH 200, MATH 217.")
C = ("Academic Standing", "A sessional average below 55 percent places a student on probation.")


def test_block_has_number_title_and_text_and_no_url():
    block = excerpt_block(2, "CPSC_V 110 (4) Computation", "Some text.")
    assert block == "[2] CPSC_V 110 (4) Computation\nSome text."
    prompt = answer_messages("q?", [block])[-1]["content"]
    assert "http" not in prompt and "[2] CPSC_V 110" in prompt


def test_everything_fits_a_large_budget():
    assert bound_excerpts([A, B, C], 10_000, words) == [A, B, C]


def test_whole_excerpts_then_whole_sentences_of_the_last_then_nothing():
    first = words(excerpt_block(1, *A))
    # room for A and B's header with its first two sentences, not the whole of B
    cut_b = B[1][:B[1].index(" Credit")]
    budget = first + words(excerpt_block(2, B[0], cut_b))
    shown = bound_excerpts([A, B, C], budget, words)
    assert shown == [A, (B[0], cut_b)]  # C is not shown although it would fit after a cut B
    assert sum(words(excerpt_block(n, *e)) for n, e in enumerate(shown, 1)) <= budget
    assert shown[1][1].endswith("MATH 103.")  # a cut falls between sentences, never inside a code


def test_no_cut_inside_a_decimal_or_a_code():
    text = "Students need 3.0 credits of CPSC 110. Then more. And more."
    shown = bound_excerpts([("T", text)], words(excerpt_block(1, "T", "Students need 3.0 credits of CPSC 110.")), words)
    assert shown == [("T", "Students need 3.0 credits of CPSC 110.")]


def test_the_first_excerpt_keeps_its_first_sentence_even_over_budget():
    assert bound_excerpts([B, C], 3, words) == [(B[0], "Partial derivatives;")]


def test_a_tiny_remainder_is_not_filled_with_a_scrap():
    first = words(excerpt_block(1, *A))
    assert bound_excerpts([A, B], first + 5, words) == [A]


def test_a_cut_excerpt_supports_only_its_shown_sentences():
    from rag.answer.guard import check_grounding

    shown = bound_excerpts([B], words(excerpt_block(1, B[0], B[1][:B[1].index(" Credit")])), words)
    texts = [f"{title}\n{text}" for title, text in shown]
    assert check_grounding("MATH 200 needs MATH 101 [1].", texts, ["MATH"]).ok
    assert not check_grounding("Credit for only one of MATH 200, MATH 217 [1].", texts, ["MATH"]).ok


@pytest.mark.llm
def test_the_model_gets_the_capped_url_free_prompt_and_citations_keep_their_urls(sample_store, embedder, llm):
    from rag.answer import Answerer
    from rag.index.config import Settings

    answerer = Answerer(Settings.from_env(store=sample_store, llm_excerpt_tokens=120), embedder=embedder, llm=llm)
    a = answerer.ask("How long do I have to request academic concession?")
    generate = next(e for e in a.trace.events if e["step"] == "generate")
    prompt = generate["prompt"]
    excerpts = prompt[prompt.index("Excerpts:\n\n") + len("Excerpts:\n\n"):prompt.index("\n\nQuestion (user text")]
    assert "http" not in prompt and excerpts.startswith("[1] ")
    assert llm.count_tokens(excerpts) <= 120 + 4  # the blocks' joins add a few tokens beside the budget
    assert a.excerpts and all(e["citation"].startswith("http") for e in a.excerpts)
    shown = excerpts.count("\n[") + 1
    if a.answered_by == "model":  # a model answer lists exactly the excerpts it was shown
        assert len(a.excerpts) == shown
    else:  # the extractive answer quotes from every retrieved excerpt, as before the cap; the shown lead
        assert len(a.excerpts) >= shown
