from rag.answer.agent import (decompose, fallback_subquestions, parse_subquestions, round_robin_merge,
                       validate_subquestions)
from rag.answer.retrieve import Hit
from rag.understand import Reader, understand
from rag.understand.entities import EntityFinder

FINDER = EntityFinder({"CPSC 221", "MATH 221", "CPSC 320"}, ["CPSC", "MATH"], ["Statistics", "Computer Science"])
READER = Reader(FINDER)


def read(text: str):
    return understand(text, READER)


def hit(chunk_id: str) -> Hit:
    return Hit(chunk_id=chunk_id, url="u", anchor=chunk_id, title="t", heading="h", text="x",
               context_header="c", course_code="", kind="course")


def test_round_robin_takes_every_rank_one_before_any_rank_two_and_drops_duplicates():
    merged = round_robin_merge([[hit("a1"), hit("s"), hit("a3")], [hit("b1"), hit("s"), hit("b3")],
                                [hit("c1")]], cap=10)
    assert [h.chunk_id for h in merged.hits] == ["a1", "b1", "c1", "s", "a3", "b3"]
    assert merged.duplicates == [{"subquestion": 1, "rank": 2, "chunk_id": "s"}]
    assert merged.order[3] == {"subquestion": 0, "rank": 2, "chunk_id": "s"}


def test_round_robin_respects_the_cap():
    merged = round_robin_merge([[hit("a1"), hit("a2")], [hit("b1"), hit("b2")]], cap=3)
    assert [h.chunk_id for h in merged.hits] == ["a1", "b1", "a2"]


def test_parse_strips_list_markers_and_duplicates():
    text = "1. What is CPSC 221?\n2) What is MATH 221?\n- What is MATH 221?\n\n"
    assert parse_subquestions(text, 3) == ["What is CPSC 221?", "What is MATH 221?"]


def test_validation_requires_every_named_entity():
    entities = FINDER.find("Compare CPSC 221 and MATH 221")
    assert validate_subquestions(["What is CPSC 221?", "What is MATH 221?"], entities, FINDER) == []
    problems = validate_subquestions(["What is CPSC 221?", "What is algorithms?"], entities, FINDER)
    assert problems == ["no sub-question covers MATH 221"]
    assert "CPSC 320" in validate_subquestions(["CPSC 221?", "MATH 221?", "CPSC 320?"], entities, FINDER)[0]
    both = validate_subquestions(["Prerequisites of CPSC 221 and MATH 221?"], entities, FINDER)
    assert both == ["sub-question names 2 entities; each must be answerable from one page"]


def test_fallback_gives_one_subquestion_per_entity():
    q = "List the prerequisites for CPSC 221 and MATH 221?"
    subqs = fallback_subquestions(read(q), FINDER, 3)
    assert subqs == ["List the prerequisites for CPSC 221?", "List the prerequisites for MATH 221?"]
    q2 = "Is CPSC 221 required in the Statistics program?"
    subqs2 = fallback_subquestions(read(q2), FINDER, 3)
    assert [FINDER.find(s).courses + FINDER.find(s).programs for s in subqs2] == [["CPSC 221"], ["Statistics"]]


class UnusableModel:
    """Stands in for a model whose output is garbage, to exercise validation and fallback."""

    def chat(self, messages, max_tokens=None):
        from rag.answer.llm import Completion

        return Completion("<<<\nCPSC 201: MATH 200, CPSC 221\n>>", 10, 10, 0.0)


def test_unusable_model_output_falls_back_and_says_why():
    q = "Compare CPSC 221 and MATH 221"
    d = decompose(read(q), FINDER, UnusableModel(), 3)
    assert d.source == "fallback"
    assert any("MATH 221" in p or "no sub-question" in p for p in d.problems)
    assert d.subquestions == ["Compare CPSC 221", "Compare MATH 221"]


def test_real_model_decomposition_covers_every_entity(llm):
    q = "Compare the prerequisites of CPSC 221 and MATH 221"
    d = decompose(read(q), FINDER, llm, 3)
    assert d.raw and d.completion_tokens > 0  # the model was really called
    covered = {c for s in d.subquestions for c in FINDER.find(s).courses}
    assert covered == {"CPSC 221", "MATH 221"}
    # whichever path was taken must be the one the model's own output calls for: usable output is
    # used as written, unusable output is replaced by the fallback with the validator's reasons
    written = parse_subquestions(d.raw, 3)
    problems = validate_subquestions(written, FINDER.find(q), FINDER)
    if problems:
        assert d.source == "fallback" and d.problems == problems
        assert d.subquestions == fallback_subquestions(read(q), FINDER, 3)
    else:
        assert d.source == "llm" and d.subquestions == written and not d.problems
