from rag.answer.guard import check_grounding

SUBJECTS = ["CPSC", "MATH"]
EXCERPTS = ["CPSC_V > CPSC_V 221 (4) Algorithms\nPrerequisite: CPSC 210 and one of CPSC 121, MATH 220.",
            "Grading Practices > Percentage Grades\nThe passing grade is 50%."]


def test_grounded_answer_passes():
    v = check_grounding("CPSC 221 needs CPSC 210 and one of CPSC 121 or MATH 220 [1]. It is 4 credits [1].",
                        EXCERPTS, SUBJECTS)
    assert v.ok and v.cited == [1]


def test_answer_naming_a_course_absent_from_its_excerpts_is_rejected():
    v = check_grounding("CPSC 221 requires CPSC 310 [1].", EXCERPTS, SUBJECTS)
    assert not v.ok
    assert v.reasons == ["names CPSC 310, which its cited excerpts do not contain"]


def test_code_present_only_in_an_uncited_excerpt_is_rejected():
    v = check_grounding("The passing grade is 50% and CPSC 210 is required [2].", EXCERPTS, SUBJECTS)
    assert not v.ok and "CPSC 210" in v.reasons[0]


def test_invented_number_is_rejected_and_real_one_accepted():
    assert not check_grounding("The passing grade is 55% [2].", EXCERPTS, SUBJECTS).ok
    assert check_grounding("The passing grade is 50% [2].", EXCERPTS, SUBJECTS).ok


def test_missing_or_out_of_range_citations_are_rejected():
    assert check_grounding("It needs a prerequisite.", EXCERPTS, SUBJECTS).reasons == ["cites no excerpt"]
    uncited = check_grounding("CPSC 221 needs CPSC 210.", EXCERPTS, SUBJECTS)
    assert uncited.reasons[0] == "cites no excerpt" and not uncited.ok
    v = check_grounding("It needs CPSC 210 [7].", EXCERPTS, SUBJECTS)
    assert "cites excerpts that do not exist: [7]" in v.reasons


def test_only_a_deterministic_answer_may_restate_the_questions_numbers():
    from rag.answer.guard import check_grounding

    excerpt = ["Statistics Year 4\nSTAT 406 (3 credits)"]
    answer = "The page has no Year 7; it runs to Year 4. [1]"
    assert not check_grounding(answer, excerpt, ["STAT"]).ok
    assert check_grounding(answer, excerpt, ["STAT"], restated="Statistics year 7 requirements").ok
