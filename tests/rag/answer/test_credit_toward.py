"""Whether a course earns this student credit, from its entry's "not for credit" sentence (tiny entries)."""

from __future__ import annotations

from dataclasses import replace

from tests.rag.answer.tiny_facts import tiny_course


def _facts(*courses):
    from rag.index.facts import FactStore

    return FactStore(courses={c.code: c for c in courses}, required_by={}, coreq_of={}, excluded={})


def _asked(code: str, intent: str = "none", member_of=(), group: str = "", *others: str):
    from rag.understand import Question
    from rag.understand.entities import Entities

    return Question(text="", entities=Entities(courses=[code, *others]), intent=intent, target=code, targets=[code],
                    member_of=list(member_of), asks_credit_toward=True, credit_group=group)


NOT_FOR_BSC = replace(tiny_course("ABCD 203"), text="Statistics for all. Not for credit towards a B.Sc. (Consult the "
                                                    "list.) [3-1-0]")
NOT_FOR_TWO = replace(tiny_course("ABCD 340"), text="Big ideas. Not for credit in the faculties of Science and Applied "
                                                    "Science. No mathematics beyond Grade 10")


def test_the_sentence_and_its_group_are_read_past_the_abbreviations():
    from rag.answer.credit_toward import not_for_credit

    assert not_for_credit(NOT_FOR_BSC.text) == ("Not for credit towards a B.Sc", "towards a B.Sc")
    assert not_for_credit("Not for credit in the B.Kin. Program. [3-0]")[1] == "in the B.Kin. Program"
    assert not_for_credit("This course is not eligible for Credit/D/Fail grading.") is None


def test_a_student_in_the_group_gets_no_and_one_not_said_to_be_gets_it_depends():
    from rag.answer.credit_toward import credit_toward

    facts = _facts(NOT_FOR_BSC, NOT_FOR_TWO)
    said = credit_toward(_asked("ABCD 203", member_of=["bsc"]), facts)
    assert said.verdict == "no" and said.text.startswith("No: ABCD 203 earns you no credit there")
    asked = credit_toward(_asked("ABCD 203", group="BSc"), facts)  # "does it count toward a BSc?"
    assert asked.verdict == "no"
    either_faculty = credit_toward(_asked("ABCD 340", member_of=["engineering"]), facts)  # Applied Science
    assert either_faculty.verdict == "no"
    unsaid = credit_toward(_asked("ABCD 203", member_of=["arts"], group="BA"), facts)
    assert unsaid.verdict == "cannot tell" and unsaid.text.startswith("It depends:")


def test_an_entry_without_the_sentence_is_never_a_yes_and_other_readings_keep_their_answer():
    from rag.answer.credit_toward import credit_toward

    facts = _facts(tiny_course("ABCD 100"), NOT_FOR_BSC)
    plain = credit_toward(_asked("ABCD 100"), facts)
    assert plain.verdict == "cannot tell" and "names no group it is not for credit for" in plain.text
    assert credit_toward(_asked("ABCD 100", "program_course"), facts) is None
    assert credit_toward(_asked("ABCD 203", "none", (), "", "ABCD 100"), facts) is None  # two courses: exclusion

