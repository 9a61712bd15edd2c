"""Cue patterns of ``rag.understand.slots``: which course a status word belongs to."""

from __future__ import annotations

import pytest

from rag.understand.slots import DONE, NOT_DONE, TARGET, read_mentions

SUBJECTS = ["ABC", "DEF", "GHI"]


@pytest.mark.parametrize("text, roles", [
    # a status told right after a course, then a comma or stop, is that course's own
    ("ABC 100 done, DEF 200 failed, GHI 300 done. can I take ABC 400?", [DONE, NOT_DONE, DONE]),
    ("ABC 100 (failed), DEF 200 done. ABC 400?", [NOT_DONE, DONE, ""]),
    ("ABC 100 done. dropped DEF 200. ABC 400?", [DONE, NOT_DONE, ""]),
    # a cue after the comma reaches forward, and one before a list covers the list
    ("ABC 100 failed, dropped DEF 200. ABC 400?", [NOT_DONE, NOT_DONE, ""]),
    ("failed ABC 100, DEF 200", [NOT_DONE, NOT_DONE]),
    # "plus" or "as well as" after a comma joins the next courses to the same list
    ("I've done ABC 100 and ABC 110, plus DEF 200 and DEF 210. what's left before GHI 400?", [DONE] * 4),
    ("passed ABC 100, as well as DEF 200. GHI 400?", [DONE, DONE, ""]),
    # a course's own word before it stands when a cue after the list is the last course's
    ("I failed ABC 100 last spring, passed DEF 200, and GHI 300 is in progress. ABC 400?",
     [NOT_DONE, DONE, NOT_DONE]),
    # "took" before a list and a status after it: the status is the whole list's
    ("I took ABC 110 and DEF 120, not finished yet. Can I take ABC 210?", [NOT_DONE, NOT_DONE, TARGET]),
    # "together with A" joins A to the term, it does not say A is done
    ("next term I want ABC 400 together with DEF 200. ok?", ["", ""]),
])
def test_a_status_after_a_course_stays_with_that_course(text, roles):
    assert [m.role for m in read_mentions(text, SUBJECTS)][:len(roles)] == roles


@pytest.mark.parametrize("text, roles", [
    # "have A" opening a clause is the student's "I have A", with the "I" left out
    ("have ABC 107 from first term and taking DEF 108 now. ABC 109?", [DONE, TARGET, ""]),
    ("Took DEF 100. have ABC 200. ABC 300?", [DONE, DONE, ""]),
    # not a duty, and not a "have" further into the clause
    ("have to take ABC 100 first?", [TARGET]),
    ("what do they have ABC 100 for", [""]),
])
def test_have_opening_a_clause_tells_a_course_had(text, roles):
    assert [m.role for m in read_mentions(text, SUBJECTS)] == roles


def test_a_course_joined_to_a_list_keeps_the_grade_told_after_it():
    from rag.understand.slots import read_letter_grades

    text = "Currently taking ABC 390, and DEF 170 I got a C+ in last year. Can I add DEF 270?"
    mentions = read_mentions(text, SUBJECTS)
    assert [m.role for m in mentions][:2] == [NOT_DONE, ""]  # not "taking" DEF 170 too
    assert read_letter_grades(text, mentions) == {"DEF 170": "C+"}


@pytest.mark.parametrize("text, scores", [
    ("ABC 373 — finished with a 45. Does that let me into ABC 487?", {"ABC 373": 45.0}),
    ("ABC 373: ended up with 48%. ABC 487?", {"ABC 373": 48.0}),
    ("ABC 373 with 3 credits, ABC 487?", {}),
    # a mark followed by "in B" is B's, not the course before it
    ("took ABC 373, got 80 in DEF 374", {"DEF 374": 80.0}),
    # a percent further on in the course's own sentence, before another course
    ("is ABC 487 ok if ABC 373 ended in a fail (41%)?", {"ABC 373": 41.0}),
    ("ABC 373 went badly. 45 percent in DEF 374", {"DEF 374": 45.0}),
    # a bare number below a pass in the course's clause is its mark; a passing one, or a count, is not
    ("ABC 232 came in at 47 for me, under the pass line. ABC 233?", {"ABC 232": 47.0}),
    ("ABC 232 came in at 77 for me. ABC 233?", {}),
    ("ABC 232 was a class of 30 other students, ABC 233?", {}),
    ("ABC 232 took me 18 months. ABC 233?", {}),
    ("Could I take ABC 232 if I did Spanish 12 in high school?", {}),  # a high-school course, not a mark
])
def test_a_mark_told_after_a_course_is_read_and_kept_to_its_course(text, scores):
    from rag.understand.slots import read_scores

    assert read_scores(text, read_mentions(text, SUBJECTS)) == scores


@pytest.mark.parametrize("text, roles", [
    # a negated verb with nothing after it speaks of the course named last before it
    ("My brother took ABC 520; I haven't. Can I take ABC 521?", [NOT_DONE, "target"]),
    ("if I had taken ABC 306 I'd be fine for ABC 406, but I didn't. does that matter?", [NOT_DONE, "target"]),
    ("my ABC 398 placement fell through, so I don't have it. ABC 399?", [NOT_DONE, ""]),
    # "my" says whose course it is, not that it is done
    ("my ABC 445 transfer credit got rejected. ABC 446?", ["", ""]),
    # a status after a closing bracket, with "both"
    ("music history (ABC 220 and ABC 221) are both done with Bs. ABC 455?", [DONE, DONE, ""]),
])
def test_elided_and_bracketed_statuses(text, roles):
    assert [m.role for m in read_mentions(text, SUBJECTS)] == roles


@pytest.mark.parametrize("text, read", [
    ("ABCD 110 \u2705 EFGH 100 \u274c can I take ABCD 210?", "ABCD 110 done, EFGH 100 not done, can I take ABCD 210?"),
    ("ABCD 110 \u2714\ufe0f \u2192 ABCD 210?", "ABCD 110 done, for ABCD 210?"),
    ("ABCD 110: failed \U0001F480 can i do ABCD 210", "ABCD 110: failed, can i do ABCD 210"),
    ("no marks or emoji here.", "no marks or emoji here."),
])
def test_marks_beside_courses_are_read_as_words_and_other_emoji_dropped(text, read):
    from rag.understand.slots import normalize_text

    assert normalize_text(text) == read


@pytest.mark.parametrize("text, read", [
    ("ABCD 315 came back a solid A-minus", "ABCD 315 came back a solid A-"),
    ("B plus in ABCD 100", "B+ in ABCD 100"),
    ("minus ABCD 100, a plus is that", "minus ABCD 100, a plus is that"),  # no letter grade: words left alone
])
def test_a_letter_grade_with_its_sign_in_words_is_read_as_the_grade(text, read):
    from rag.understand.slots import normalize_text

    assert normalize_text(text) == read


def test_a_mark_in_brackets_after_a_status_ends_that_course_s_words():
    text = "ABCD 205 failed (46), ABCD 206 passed (73). can I take ABCD 305?"
    roles = [m.role for m in read_mentions(text, ["ABCD"])]
    assert roles[0] == NOT_DONE and roles[1] != NOT_DONE  # "failed" is ABCD 205's, not ABCD 206's


def test_a_mark_after_but_only_is_read():
    from rag.understand.slots import read_scores

    text = "passed ABCD 255 but only with a 59. can I take ABCD 345?"
    assert read_scores(text, read_mentions(text, ["ABCD"]))["ABCD 255"] == 59


@pytest.mark.parametrize("text, roles", [
    # "for" reads A as a course asked about; "dropped it" in A's own sentence is about A
    ("took ABCD 100 and passed. Registered for ABCD 101 but dropped it. ABCD 200?", [DONE, NOT_DONE, ""]),
    # a course asked about in its sentence is not what "it" points back to
    ("I did ABCD 100, can I take ABCD 101 if I failed it?", [NOT_DONE, "target"]),
])
def test_a_pronoun_after_a_negation_goes_back_to_the_course_it_is_about(text, roles):
    assert [m.role for m in read_mentions(text, ["ABCD"])] == roles


def test_a_course_title_inside_a_program_title_written_out_names_no_course():
    from rag.understand.programs import ProgramFinder
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 302": "Immunology"})
    text = "Do Widgetry and Immunology majors have to take WIDG 421?"
    assert "(WIDG 302)" in titles.name_courses(text, ["WIDG"])  # a one-word title beside a code of its subject
    keep = ProgramFinder(["Widgetry and Immunology"]).spans(text)
    assert titles.name_courses(text, ["WIDG"], keep) == text


def test_title_words_of_a_course_typed_beside_them_name_no_shorter_titled_course():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 430": "Global Widgetry", "ABCD 211": "Global Widgetry, Part 2: Service Learning"})
    text = "global widgetry part 2 (ABCD 211) next term?"
    assert titles.name_courses(text, ["WIDG", "ABCD"]) == text
    assert "(WIDG 430)" in titles.name_courses("global widgetry next term?", ["WIDG", "ABCD"])


def test_a_title_is_named_without_its_leading_article():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 316": "The Widgeteers and their Empire"})
    assert "(WIDG 316)" in titles.name_courses("am I ok for Widgeteers and their Empire?", ["WIDG"])


def test_a_title_before_its_own_code_gives_way_to_the_code_for_the_classifier():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 442": "Case Studies in Widgetry I"})
    named = titles.name_courses("What's left before Case Studies in Widgetry I?", ["WIDG"])
    assert named == "What's left before Case Studies in Widgetry I (WIDG 442)?"
    assert titles.codes_for_titles(named) == "What's left before WIDG 442?"
    # words that are not the code's own title stay
    assert titles.codes_for_titles("is the widget lab (WIDG 442) hard?") == "is the widget lab (WIDG 442) hard?"


def test_a_cue_after_a_course_reaches_forward_past_the_title_of_the_next():
    text = "I audited Introduction to Widgets (WIDG 100), passed Introduction to Canadian Widget Politics (WIDG 101) (B+)"
    assert read_mentions(text, ["WIDG"])[0].role == ""  # "passed" is the next course's, not WIDG 100's


def test_a_title_several_courses_share_is_the_one_the_typed_courses_requirement_names():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 295": "Managerial Widgetry", "GIZM 295": "Managerial Widgetry", "WIDG 442": "Trade"},
                          named_by={"WIDG 442": {"WIDG 301", "WIDG 295"}})
    named = titles.name_courses("I passed Managerial Widgetry. can I take WIDG 442?", ["WIDG", "GIZM"])
    assert named == "I passed Managerial Widgetry (WIDG 295). can I take WIDG 442?"
    assert titles.shared_title_before(named, named.index("WIDG 295"), {"WIDG 442"})  # not clearly the one taken
    # another typed course naming the other course of the title settles nothing: no one course names both
    both = CourseTitles({"WIDG 295": "Managerial Widgetry", "GIZM 295": "Managerial Widgetry"},
                        named_by={"WIDG 442": {"WIDG 295"}, "GIZM 302": {"GIZM 295"}})
    said = both.name_courses("I took Managerial Widgetry and GIZM 302. Can I take WIDG 442?", ["WIDG", "GIZM"])
    assert both.shared_title_before(said, said.index("(") + 1, {"GIZM 302", "WIDG 442"})
    alone = "I passed Managerial Widgetry. anything open?"  # no typed course to settle it: left as words
    assert titles.name_courses(alone, ["WIDG", "GIZM"]) == alone


def test_a_title_is_matched_through_the_short_forms_students_write():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 100": "Introduction to Widget Politics", "WIDG 210": "Widget Laboratory Methods"})
    assert titles.name_courses("wrapped up intro to widget politics and widget lab methods", ["WIDG"]) == \
        "wrapped up intro to widget politics (WIDG 100) and widget lab methods (WIDG 210)"


def test_a_shared_title_whose_courses_the_typed_course_all_names_is_clear_for_it():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 102": "Principles of Widgetry", "WIDG 311": "Principles of Widgetry"},
                          named_by={"WIDG 350": {"WIDG 101", "WIDG 102", "WIDG 311"}})
    named = titles.name_courses("I have Principles of Widgetry. Enough for WIDG 350?", ["WIDG"])
    assert named == "I have Principles of Widgetry (WIDG 102). Enough for WIDG 350?"  # the first it names
    assert not titles.shared_title_before(named, named.index("WIDG 102"), {"WIDG 350"})


def test_a_courses_own_title_beside_its_code_is_blanked_for_the_status_reader():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 410": "Introduction to Widget Analysis", "WIDG 402": "Widget Studies and Action Capstone",
                           "WIDG 101": "Integral Widgetry"})
    text = "I want Intro to Widget Analysis (WIDG 410). widget studies & action capstone WIDG 402 done"
    blanked = titles.blank_own_titles(text, read_mentions(text, ["WIDG"]))
    assert len(blanked) == len(text)
    # the brackets that held only the code named after its title go with the title ("audited (ABC 100)" had
    # read as an aside, not as the course audited)
    assert blanked.split() == ["I", "want", "WIDG", "410", ".", "WIDG", "402", "done"]  # "&" is the title's too
    # a joiner next to the code is the student's ("for"), so a title not right beside the code stays
    text = "I need integral widgetry for WIDG 101"
    assert titles.blank_own_titles(text, read_mentions(text, ["WIDG"])) == text


@pytest.mark.parametrize("text, letters", [
    ("ABC 201 was a D, does that still count for ABC 202?", {"ABC 201": "D"}),
    ("ABC 201 was an A. ABC 202?", {"ABC 201": "A"}),
    ("ABC 201 was a breeze. ABC 202?", {}),
])
def test_a_letter_told_with_was_is_the_courses_grade(text, letters):
    from rag.understand.slots import read_letter_grades

    assert read_letter_grades(text, read_mentions(text, SUBJECTS)) == letters


def test_the_credit_d_fail_grading_option_is_no_fail_of_the_students():
    from rag.understand.slots import normalize_text

    assert "fail" not in normalize_text("Credit/D/Fail on ABC 101, got the credit. ABC 301?").lower()
    assert "fail" not in normalize_text("ABC 101 was pass/fail and I got a P. ABC 301?").lower()
    assert "failed" in normalize_text("failed ABC 101. ABC 301?")


def test_done_right_before_a_course_is_a_done_cue():
    roles = [m.role for m in read_mentions("second year, done ABCD 220 and ABCD 253, what's left?", ["ABCD"])]
    assert roles == [DONE, DONE]
    assert read_mentions("done with ABCD 220. ABCD 320 next?", ["ABCD"])[0].role == DONE


def test_done_after_a_negation_is_no_done_cue():
    assert read_mentions("hasn't done ABCD 220, can I take ABCD 320?", ["ABCD"])[0].role != DONE


@pytest.mark.parametrize("text, roles", [
    # a bracket of courses only, right after "done", is what is done; a bracket with words is not opened
    ("all of term 1 is done (ABC 100, ABC 200, ABC 300). what's left?", [DONE, DONE, DONE]),
    ("ABC 100 done (DEF 200 in progress), can I take ABC 400?", ["", NOT_DONE, "target"]),
])
def test_a_bracket_of_courses_after_done_is_what_is_done(text, roles):
    from rag.understand.slots import normalize_text

    assert [m.role for m in read_mentions(normalize_text(text), SUBJECTS)] == roles


@pytest.mark.parametrize("text, roles", [
    # "have to" is a duty: the course after it is not one the student has
    ("do I have to sit through ABC 100 to get into DEF 200?", ["", "target"]),
    ("I've got to take ABC 100 before DEF 200, right?", ["target", "target"]),
    ("I have ABC 100, can I take DEF 200?", [DONE, "target"]),
])
def test_have_to_is_a_duty_not_a_course_had(text, roles):
    assert [m.role for m in read_mentions(text, SUBJECTS)] == roles


@pytest.mark.parametrize("text, roles", [
    # "done" after a course is a goal when a duty or wish stands right before the course
    ("I need to get ABC 100 done first, can I sign up for DEF 200?", ["", "target"]),
    ("gotta have ABC 100 finished before DEF 200?", ["", "target"]),
    ("ABC 100 done, DEF 200 now?", [DONE, ""]),
])
def test_done_after_a_course_is_a_goal_after_a_duty(text, roles):
    assert [m.role for m in read_mentions(text, SUBJECTS)][:2] == roles


@pytest.mark.parametrize("text, roles", [
    ("passed on ABC 100 last year. DEF 200?", [NOT_DONE, ""]),  # "passed on" a course: declined it
    ("can I pass on ABC 100 and take DEF 200?", [NOT_DONE, "target"]),
    ("passed ABC 100 last year. DEF 200?", [DONE, ""]),
])
def test_passing_on_a_course_is_declining_it(text, roles):
    assert [m.role for m in read_mentions(text, SUBJECTS)] == roles


def test_a_calendar_year_is_not_a_mark():
    from rag.understand.slots import read_scores
    text = "what changed for ABC 110 between 2025/26 and 2026/27?"
    assert read_scores(text, read_mentions(text, SUBJECTS)) == {}
    text = "got 72 in ABC 110 in 2025-26, can I take ABC 210?"
    assert read_scores(text, read_mentions(text, SUBJECTS)) == {"ABC 110": 72.0}


@pytest.mark.parametrize("text, role", [
    ("ABC 100 and DEF 200 are both on my transcript. GHI 300?", DONE),
    ("ABC 100 is on my record with a 65. GHI 300?", DONE),
    ("ABC 100 is on my transcript as a W. GHI 300?", ""),      # a withdrawal recorded is no completion
    ("zero ABC 100 on my record. GHI 300?", ""),               # no verb: not a statement that it is there
    ("With ABC 100 absent from my record, am I eligible for GHI 300?", NOT_DONE),
    ("ABC 100 is missing from my transcript. GHI 300?", NOT_DONE),
])
def test_a_course_said_to_be_on_the_record_or_absent_from_it_is_a_cue(text, role):
    assert read_mentions(text, SUBJECTS)[0].role == role


def test_a_mark_for_a_course_does_not_make_it_the_course_asked():
    roles = [m.role for m in read_mentions("my combined avg for ABC 211 was 66%. ABC 330 ok?", ["ABC"])]
    assert roles[0] != TARGET


@pytest.mark.parametrize("text", ["they cancelled my ABC 331 section so i never actually took it. ABC 435?",
                                  "registered in ABC 331 but didn't really finish it. ABC 435?",
                                  "only did the lab part of ABC 204, so no credit for it. ABC 404?"])
def test_a_negation_with_a_word_of_emphasis_still_points_back(text):
    from rag.understand.slots import BACK_NEGATION_RE

    assert BACK_NEGATION_RE.search(text)


def test_for_before_a_remark_on_the_message_is_no_course_asked_for():
    text = "can I take ABCD 503 alongside ABCD 502? For context my plan is ABCD 501 in term 1."
    assert [m.role for m in read_mentions(text, ["ABCD"])][2] == ""
    assert [m.role for m in read_mentions("is this enough for ABCD 501?", ["ABCD"])] == ["target"]


def test_chat_spellings_of_cue_words_are_read_as_the_words():
    from rag.understand.slots import normalize_text

    assert normalize_text("is ABC 100 enuf for ABC 200, or do i need ABC 150 b4 it") == \
        "is ABC 100 enough for ABC 200, or do i need ABC 150 before it"
    assert normalize_text("the enufs and b4s") == "the enufs and b4s"  # whole words only


@pytest.mark.parametrize("text, year, below", [
    # a year the course asks for is not the student's: "w/o 3rd yr standing?? im 2nd yr"
    ("ABC 453 w/o 3rd yr standing?? im 2nd yr, reqs seem strict", 2, 3),
    ("do I need third-year standing for ABC 453?", 0, 0),
    ("I am in 3rd year. can I take ABC 453?", 3, 0),
    # a year not reached, said in words of credits
    ("I don't have enough credits yet to count as third year. Can I register in ABC 405?", 0, 3),
    ("i dont count as a 3rd year yet", 0, 3),
    ("I count as a third year now", 3, 0),
    # a level of courses, not the student's year; the student's year in a program still is
    ("I have 12 credits of first-year english. Can I take ABC 301?", 0, 0),
    ("i took 1st year CHEM already", 0, 0),
    ("I'm a first-year english student", 1, 0),
    ("im in 2nd year math", 2, 0),
    ("4th year biology. Withdrew from ABC 341. Can I do ABC 307?", 4, 0),
    ("4th year urban studies person, currently in ABC 281", 4, 0),
    # the year the student will be in when the course asked is taken, unless the course is asked for now
    ("3rd year right now. I want to slot ABC 482 into next year when I'm in 4th year. fine?", 4, 0),
    ("I'm finishing 3rd year in April and registered for ABC 450 for next September (I'll be 4th year).", 4, 0),
    ("first-year rn. I put ABC 465 in my term 2 schedule this winter since I'll be 2nd year next fall.", 1, 0),
    ("I'll be 4th year next fall. can I take ABC 450 now?", 0, 0),
    ("want ABC 333 next year but not sure I'll have enough credits for third-year standing by then", 0, 0),
    ("hoping to be in 4th year by september. ABC 450?", 0, 0),
    ("finishing second year now; from september I'm a third-year. ABC 470 in the fall?", 3, 0),
    ("finishing second year this spring. plan is ABC 490 in the fall of my 3rd year", 3, 0),
    ("3rd year widget engineering student, planning ABC 499 for my 4th year. that fine?", 4, 0),
    ("I took ABC 100 during my first year. I'm in 2nd year now", 2, 0),  # when a course was taken
])
def test_a_year_asked_of_a_course_is_not_the_students_year(text, year, below):
    from rag.understand.slots import read_standing, read_standing_below

    assert (read_standing(text), read_standing_below(text)) == (year, below)


def test_a_course_waitlisted_for_is_not_done_but_may_yet_be_taken():
    from rag.understand.slots import CONCURRENT_CUE_RE

    mentions = read_mentions("I dropped ABC 522, I'm waitlisted for DEF 503, and I'm in GHI 554. Eligible?", SUBJECTS)
    waitlisted = mentions[1]
    assert waitlisted.role == NOT_DONE and CONCURRENT_CUE_RE.search(waitlisted.cue)



def test_a_faculty_named_after_the_word_for_the_student_is_what_they_are_in():
    from rag.understand.slots import read_member_of

    assert "Faculty of Land and Food Systems" in read_member_of(
        "I'm a fourth-year student in the Faculty of Land and Food Systems. Can I enrol in ABC 415?")
    assert read_member_of("I'm not a student in the Faculty of Science") == []
    # a group said in a faculty's name is that faculty; a program that holds the word is not
    assert "Faculty of Arts" in read_member_of("is a fourth-year Arts student eligible?")
    assert not any(g.startswith("Faculty") for g in read_member_of("political science student here"))


@pytest.mark.parametrize("text, closed", [
    ("I only have ABC 100, can I take ABC 300?", True),
    ("never took ABC 100, and none of the others either. ABC 300?", True),
    ("I haven't done any of the other 300-level options it lists. ABC 300?", True),
    ("haven't taken the other modelling course it lists as an alternative. ABC 300?", True),
    ("failed ABC 102, and I've taken no other macro course. ABC 365?", True),
    ("no other course is in my way, I think. ABC 300?", False),
    ("I haven't checked what else ABC 300 accepts. can I take it?", False),
    ("never took ABC 100. can I take ABC 300 or any of the other courses?", False),
    ("I have taken other courses too. ABC 300?", False),
    ("not sure about other courses, but can I take ABC 300 without ABC 100?", False),
])
def test_a_history_said_to_be_all_there_is_closes_the_unmentioned_routes(text, closed):
    from rag.understand.slots import read_closed_history

    assert read_closed_history(text) is closed


@pytest.mark.parametrize("text, not_in", [
    # the group noun said once, for the group the student is in
    ("I'm an Widgetry major, not Gadget Design. ABC 300?", ["Gadget Design major"]),
    ("an Widgetry major but not a Gadget Design major", ["Gadget Design major"]),
    ("Widgetry student, not Science. ABC 300?", ["Science student"]),
])
def test_a_group_the_student_is_not_in_may_borrow_the_noun_said_before(text, not_in):
    from rag.understand.slots import read_not_in

    assert read_not_in(text) == not_in


def test_a_number_cut_by_the_reach_of_a_mark_is_no_mark():
    from rag.understand.slots import read_mentions, read_scores

    # the reach of a mark told after the course (40 characters) ends inside "300-level"
    text = "i never took ABC 358, and i haven't done any of the other 300-level ones it lists either. ABC 407?"
    assert read_scores(text, read_mentions(text, SUBJECTS)) == {}


@pytest.mark.parametrize("text, student, asked", [
    ("Fourth-year standing? Nope, I'm still a third-year. Is ABC 482 open to me?", 3, 4),
    ("Do I really have to be in fourth year to take ABC 402?", 0, 4),
    ("4th year? can I take ABC 402", 4, 4),
    ("As a 4th year student, do I need 3rd-year standing for ABC 402?", 4, 3),  # the standing's year is asked
])
def test_a_year_asked_of_a_course_is_told_apart_from_the_students_year(text, student, asked):
    from rag.understand.slots import read_standing, read_year_asked

    assert read_standing(text) == student and read_year_asked(text) == asked


@pytest.mark.parametrize("text, year, below", [
    ("I've completed the second year of my widgetry program. ABC 425?", 3, 0),  # finished year 2: in year 3
    ("Fourth-year standing is something I don't have yet, I'm finishing third year. ABC 420?", 3, 4),
    ("I took ABC 100 in second year", 0, 0),
    ("I haven't completed second year yet. ABC 425?", 2, 0),  # not finished: still in it
    ("I'll have finished my second year by May. ABC 425?", 2, 0),
    # a year made the premise of the question is the year it is asked under
    ("I'm finishing first year. Once I have second-year standing, can I take ABC 338?", 2, 0),
    ("Once I've completed second year of my widgetry program, can I take ABC 437?", 3, 0),
    ("I'm in first year, and if second-year standing is needed for ABC 300 I'll wait. Can I take it now?", 1, 0),
    ("If I took ABC 200 in second year, is ABC 300 ok?", 0, 0),  # when a course was taken, not a year
])
def test_a_year_finished_or_not_had_is_read_as_the_student_means_it(text, year, below):
    from rag.understand.slots import read_standing, read_standing_below

    assert (read_standing(text), read_standing_below(text)) == (year, below)


def test_a_permission_turned_down_is_no_permission():
    from rag.understand.slots import read_no_permission

    assert read_no_permission("The instructor turned down my permission request for ABC 452. Can I enrol?")
    assert not read_no_permission("The instructor gave me permission for ABC 452. Can I enrol?")
    assert not read_no_permission("I was refused entry last year but I have permission now. ABC 452?")


@pytest.mark.parametrize("text, credits", [
    ("done ABC 211 plus 6 elective credits. what's left?", 6.0),
    ("finished ABC 211 plus a 4-credit elective; ABC 212 in progress. what's left?", 4.0),
    ("3 credits of electives done", 3.0),
    ("ABC 211 is a 4-credit course", 0.0),
])
def test_elective_credits_the_student_states_are_read_in_either_order(text, credits):
    from rag.understand.slots import read_elective_credits

    assert read_elective_credits(text) == credits


@pytest.mark.parametrize("text, said", [
    ("Passed ABC 220 and I have 9 credits of 300-level MATH done. Can I enrol in ABC 444?", ["9 credits of 300-level MATH"]),
    ("I've completed 6 credits of 200-level VISA courses. VISA 371?", ["6 credits of 200-level VISA"]),
    ("I still need 6 credits of 200-level VISA. VISA 371?", []),  # needed, not had
    ("if I had 6 credits of 200-level VISA could I take VISA 371?", []),  # supposed
    ("I have 6 credits of electives done", []),  # no subject: the electives reading's
    ("I have 9 credits of 300-level MATH left to take.", []),  # still to take
    ("I have to take 9 credits of 300-level MATH. ABC 444?", []),  # a duty
    ("I've registered for 9 credits of 300-level MATH next term. ABC 444?", []),  # planned
    ("My friend has 9 credits of 300-level MATH. ABC 444?", []),  # someone else's
])
def test_credit_counts_the_student_says_they_have_are_read_in_the_calendars_terms(text, said):
    from rag.understand.slots import read_stated_credits

    assert [c.said() for c in read_stated_credits(text)] == said


def test_a_grade_after_the_grading_basis_is_the_courses_grade():
    from rag.understand.slots import read_letter_grades

    for text in ("I did ABC 250 as Cr/D/F and got an F. Passed DEF 280 since.",
                 "I did ABC 250 as CDF grading and got an F. Passed DEF 280 since.",  # as the reader writes it
                 "I did Widgets I (ABC 250) as Cr/D/F and got an F."):
        mentions = read_mentions(text, SUBJECTS)
        assert read_letter_grades(text, mentions) == {"ABC 250": "F"} and mentions[0].role == "not completed"


def test_a_one_word_title_after_a_sentence_stop_is_no_description_of_the_code_before_it():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"ARCL 326": "Primatology"})
    assert titles.name_courses("passed ARCL 345. primatology ok for me?", ["ARCL"]) == \
        "passed ARCL 345. primatology (ARCL 326) ok for me?"
    assert titles.name_courses("is ARCL 345 primatology?", ["ARCL"]) == "is ARCL 345 primatology?"  # describes it


@pytest.mark.parametrize("text, not_in", [
    ("I'm an English literature major, not creative writing. Can I take ABC 410?", ["creative writing"]),
    ("I'm doing a BA with a major in music, not the BMus. Is ABC 112 open to me?", ["BMus"]),
    ("I'm a major, not sure if it matters.", []),
])
def test_a_group_not_in_written_in_lower_case_or_with_the_is_read(text, not_in):
    from rag.understand.slots import read_not_in

    assert read_not_in(text) == not_in


def test_after_a_pronoun_the_course_named_is_what_comes_next_not_a_course_done():
    mentions = read_mentions("I'm doing ABC 200 next fall. After that, DEF 200?", SUBJECTS)
    assert mentions[1].role != "completed"
    assert read_mentions("after ABC 110 can I take DEF 210?", SUBJECTS)[0].role == "completed"  # its own premise


@pytest.mark.parametrize("text, said", [
    ("I've never taken a single POLI course. 2nd year. POLI 316?", ["POLI"]),
    ("so i have zero POLI credits", ["POLI"]),
    ("i have no 100-level soc classes", ["SOCI 1"]),
    ("the one VISA course I tried I failed; no other VISA. VISA 450?", ["VISA"]),
    ("haven't taken any poli sci courses at ubc", ["POLI"]),
    # a year or "intro" as the level, and a subject said absent with no noun
    ("2nd year, never got to any first-year poli sci, and I wasn't in Arts One either.", ["POLI 1"]),
    ("3rd-year arts student, never took any of the intro POLI courses.", ["POLI 1"]),
    ("I have no first-year soc", ["SOCI 1"]),
    ("Never done any psych and don't plan to.", ["PSYC"]),
    ("never took any soc in uni. ABC 233?", ["SOCI"]),
    ("I haven't taken anything in poli yet. POLI 316?", ["POLI"]),
    ("I've done nothing in psych so far", ["PSYC"]),
    ("I'm yet to do a single poli course", ["POLI"]),
    ("never touched a single soc or psych course", ["SOCI", "PSYC"]),
    ("No university psych yet", ["PSYC"]),
    ("No poli done yet", ["POLI"]),
    ("no idea yet which poli course", []),
    ("second-year Arts and I haven't done any poli sci, psychology or soc courses", ["POLI", "PSYC", "SOCI"]),
    ("no psych, soc or widgetry courses yet", []),  # one of them no subject ubcal knows: none read
    ("no idea which first-year poli sci courses count", []),
    # a course by its code, words that name no one subject, a high-school background: none said
    ("I have no POLI 100 yet", []),
    ("no other courses, can I take POLI 316?", []),
    ("no way I can take POLI 316 right?", []),
    ("I have no idea which poli sci courses count", []),
    ("there are no POLI courses offered in summer", []),
    ("I didn't take any psych classes in high school", []),
    ("my friend has no soc courses, can I take SOCI 300?", []),
    ("is there no POLI prereq for it", []),
])
def test_a_subject_the_student_has_no_course_of_is_read(text, said):
    from rag.understand.slots import read_no_subject_courses

    assert read_no_subject_courses(text, ["POLI", "SOCI", "VISA", "PSYC"]) == said


@pytest.mark.parametrize("text, member", [
    ("creative writing major, finished ABC 406, can I take ABC 456?", ["creative writing"]),
    ("I'm a creative writing major and I want to take ABC 456", ["creative writing"]),
    # turned down, left, once in, or only hoping: not a group the student is in now
    ("I applied to the creative writing major and got rejected, so I'm an english student now.", ["english"]),
    ("I was in the creative writing major but switched out last year.", []),
    ("got rejected from the Creative Writing major. ABC 456?", []),
    ("hoping to get into the creative writing major next year", []),
    ("I was a Creative Writing major until last year, now I'm in english.", []),
    ("Kinesiology student until last year, now in arts.", []),
    ("my friend is a creative writing major. I finished ABC 406.", []),
    ("creative writing minor here, finished ABC 406.", ["creative writing minor"]),
])
def test_a_group_the_student_left_was_refused_or_hopes_for_is_not_one_they_are_in(text, member):
    from rag.understand.slots import read_member_of

    assert [g.lower() for g in read_member_of(text)] == [g.lower() for g in member]


@pytest.mark.parametrize("text, roles", [
    # a singular verb after a list is the last course's alone where the list's head has words of its own
    ("I've finished ABC 200, ABC 201 and ABC 202, and ABC 221 is in progress this term.",
     ["completed", "completed", "completed", "not completed"]),
    ("took ABC 200 and ABC 221 was dropped", ["completed", "not completed"]),
    # a plural verb, or no words before the list, reaches every course
    ("ABC 200 and ABC 221 are in progress", ["not completed", "not completed"]),
    ("ABC 200 and ABC 221 is done", ["completed", "completed"]),
])
def test_a_singular_verb_after_a_list_is_the_last_courses(text, roles):
    from rag.understand.slots import read_mentions

    assert [m.role for m in read_mentions(text, ["ABC"])] == roles


@pytest.mark.parametrize("text, roles", [
    # a course excepted from a denial of having any is one the student has
    ("I've done no ABC courses except ABC 112. ABC 200?", ["completed", ""]),
    ("no ABC classes besides ABC 112 and ABC 121", ["completed", "completed"]),
    ("haven't taken anything other than ABC 112", ["completed"]),
    # an exception to everything, or to failures, is not
    ("I've done all of them except ABC 112", ["not completed"]),
    ("I failed nothing except ABC 112", ["not completed"]),
    ("I haven't taken ABC 200 but ABC 112 is planned", ["not completed", ""]),
])
def test_a_course_excepted_from_having_none_is_had(text, roles):
    from rag.understand.slots import read_mentions

    assert [m.role for m in read_mentions(text, ["ABC"])] == roles


@pytest.mark.parametrize("text, not_in", [
    ("i failed out of the creative writing major last year, now im an english major", ["creative writing"]),
    ("I got rejected from the Creative Writing major.", ["Creative Writing"]),
    ("i applied to the BMS program but never got in, so im in general arts", ["BMS"]),
    # waiting, hoping, or courses still to do: not said to be out of the group
    ("creative writing major with 2 courses left", []),
    ("hoping to get into the creative writing major", []),
])
def test_a_group_the_student_left_or_was_refused_is_one_they_are_not_in(text, not_in):
    from rag.understand.slots import read_not_in

    assert read_not_in(text) == not_in


@pytest.mark.parametrize("text, level", [
    ("I'm a 4th-year undergrad psych major", "undergraduate"),
    ("im a third-year undergrad in linguistics", "undergraduate"),
    ("I'm a master's student in econ", "graduate"),
    # courses of a level, a plan, someone else's, or a level left behind: not the student's level
    ("I want undergrad courses", ""),
    ("i want to go to grad school", ""),
    ("my son is an undergrad", ""),
    ("I'm not an undergrad anymore", ""),
])
def test_the_level_of_study_the_student_names_is_a_group_they_are_in(text, level):
    from rag.understand.slots import read_member_of

    levels = [g for g in read_member_of(text) if g in ("undergraduate", "graduate")]
    assert levels == ([level] if level else [])


@pytest.mark.parametrize("text, member, not_in", [
    ("I'm a first-year student in UBC's Master of Widgetry. Can I register?", ["Master of Widgetry"], []),
    ("I'm partway through my first term of the M.Sc. in Widgetry.", ["M.Sc. in Widgetry"], []),
    ("I withdrew from the Master of Widgetry program in March.", [], ["Master of Widgetry"]),
    # a course code is no degree's initials
    ("I'm in MATH 100 and MUSC 200 now", [], []),
])
def test_a_graduate_program_named_by_its_degree_is_a_group(text, member, not_in):
    from rag.understand.slots import read_member_of, read_not_in

    assert read_member_of(text) == member and read_not_in(text) == not_in


@pytest.mark.parametrize("text, denied", [
    ("i didnt pas the prerequisit for ABCD 430 lol, can i stil regester for it", True),
    ("Can I skip the prerequisite for ABCD 484?", True),
    ("I never took the prereqs for ABCD 233", True),
    ("hey so i bombed the prereq for ABCD 233 last term, am i still allowed in?", True),
    # asking about the prerequisite, having it, or naming it by its code: not denied in words
    ("what is the prerequisite for ABCD 430?", False),
    ("is there no prerequisite for ABCD 430?", False),
    ("I have the prereq for ABCD 430", False),
    ("can I take ABCD 210 without the prereq ABCD 110?", False),
    ("Am I missing the prerequisite for ABCD 310?", False),
    ("I never had problems with the prereq for ABCD 310", False),
    ("I didn't take the prereq at UBC, I did it at Langara. ABCD 310?", False),
])
def test_a_prerequisite_said_not_done_in_words_is_read(text, denied):
    from rag.understand.slots import read_prerequisite_denied

    assert bool(read_prerequisite_denied(text)) is denied


def test_a_prerequisite_said_not_done_belongs_to_the_course_it_names():
    from rag.understand.slots import read_prerequisite_denied

    assert read_prerequisite_denied("I skipped the prereq for ABCD 310. ABCD 310 and ABCD 210?") == ["ABCD 310"]
    assert read_prerequisite_denied("I failed the prereq. can I take ABCD 310?") == [""]  # the course asked


@pytest.mark.parametrize("text", [
    "No worries, I have taken all the prereqs except ABC 101. ABC 200?",
    "No, I passed every first-year course except ABC 101",
    "I didn't do great, passed everything apart from ABC 101",
])
def test_an_exception_to_everything_is_not_had_whatever_denial_comes_before(text):
    from rag.understand.slots import read_mentions

    assert read_mentions(text, ["ABC"])[0].role != "completed"


@pytest.mark.parametrize("text, level", [
    ("I finished my undergrad at McGill and I'm now a master's student", "graduate"),
    ("Former UBC undergrad, now a grad student", ""),  # both named, the past not read: neither
])
def test_a_level_of_study_left_behind_is_not_the_students(text, level):
    from rag.understand.slots import read_member_of

    levels = [g for g in read_member_of(text) if g in ("undergraduate", "graduate")]
    assert levels == ([level] if level else [])


@pytest.mark.parametrize("text", [
    "I'm a Biology major who withdrew from ABC 200",
    "I'm a Creative Writing major and I quit my job",
    "I haven't found any first-year biology courses with open seats",
    "According to the calendar, no POLI courses are needed for ABC 310",
])
def test_words_of_leaving_or_lacking_about_something_else_take_nothing_away(text):
    from rag.understand.slots import read_no_subject_courses, read_not_in

    assert read_not_in(text) == [] and read_no_subject_courses(text, ["BIOL", "POLI", "ABC"]) == []


def test_a_title_in_a_list_beside_a_typed_code_names_its_own_course():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 200": "Widget Calculus III"})
    # a list's comma parts two courses; a title right beside a code, with no comma, describes that code
    assert titles.name_courses("I have Widget Calculus III, WIDG 221 done", ["WIDG"]) == \
        "I have Widget Calculus III (WIDG 200), WIDG 221 done"
    assert titles.name_courses("I have WIDG 221 widget calculus iii done", ["WIDG"]) == \
        "I have WIDG 221 widget calculus iii done"


def test_a_title_run_stops_at_the_next_courses_code():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 430": "Widget Design Capstone Project"})
    text = "done WIDG 370, the WIDG 430 capstone, WIDG 480 and GIZM 400"
    # "WIDG" of the next code would have been read as "widget", a title word, and blanked with it
    assert titles.blank_own_titles(text, read_mentions(text, ["WIDG", "GIZM"])) == text
