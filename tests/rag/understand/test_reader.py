"""Question understanding: one reading of what a question names and asks, computed once.

The phrasings here are written for the tests (course codes of made-up subjects); none is an
evaluation question. The intent classifier runs on the real packaged sentence encoder.
"""

from __future__ import annotations

import pytest

from rag.understand.entities import EntityFinder
from rag.understand import Reader, split_parts, understand
from rag.understand.reader import CHANGE_INTENTS

KNOWN = {"ABCD 110", "ABCD 210", "ABCD 213", "ABCD 221", "ABCD 310", "EFGH 100", "EFGH 200", "BIOL 121",
         "PHIL 230", "ABCD 120", "ABCD 410", "ABCD 420"}
SUBJECTS = ["ABCD", "EFGH", "BIOL", "PHIL", "LING"]
PROGRAMS = ["Biology", "Applied Widgets", "Mechanical Engineering", "Computer Science", "Engineering Physics",
            "Physics"]


@pytest.fixture(scope="module")
def reader(embedder) -> Reader:
    return Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id)


@pytest.mark.parametrize("text, intent", [
    ("Which classes list ABCD 221 as a requirement?", "reverse_prereq"),
    ("Am I eligible for ABCD 310 having taken ABCD 213?", "eligibility"),
    ("could I take ABCD 221 with ABCD 210 done", "eligibility"),
    ("Would I get credit for both ABCD 221 and EFGH 100?", "exclusion"),
    ("ABCD 210 or ABCD 213, which is worth more?", "credit_compare"),
    ("How does ABCD 210 differ from ABCD 213?", "compare"),
    ("any co-requisites for ABCD 221?", "coreq_of"),
    ("prereqs for abcd221", "prereq_of"),
    ("is ABCD 110 a 4-credit course?", "credits"),
    ("What will I learn in ABCD 221?", "describe"),
    ("Does Mechanical Engineering list ABCD 221?", "program_course"),
    ("third year of the Applied Widgets program", "program_year"),
    ("does ABCD 310 need ABCD 213 or not", "need_check"),
    ("having wrapped up ABCD 110, what courses are open to me now?", "unlocks"),
    ("ABCD 110 plus ABCD 120 plus EFGH 100: credits altogether?", "credits_total"),
    ("show every 4xx ABCD course", "subject_level"),
    ("which prof is teaching ABCD 210 this winter?", "decline"),
    # the statement put to be checked, and a corequisite reading only with a word of taking courses together
    ("someone told me ABCD 110 is a prereq for ABCD 221, correct?", "need_check"),
    ("havent done ABCD 110 or ABCD 120. EFGH 100?", "eligibility"),
    ("which courses is ABCD 110 a prereq for?", "reverse_prereq"),
    ("abcd302: never did it — efgh467 ok?", "eligibility"),
    ("finished ABCD 213, which courses name it as a prereq?", "reverse_prereq"),
    ("ABCD 201 was a D, does that still count for ABCD 202?", "eligibility"),  # a grade: no edition question
    ("could ABCD 110 be counted as a prerequisite course for ABCD 221?", "need_check"),  # not what A leads to
])
def test_intent(reader, text, intent):
    assert understand(text, reader).intent == intent


@pytest.mark.parametrize("text, target, completed, not_completed", [
    ("Could I register in ABCD 221 w/o ABCD 210?", "ABCD 221", [], ["ABCD 210"]),
    ("I never took ABCD 110 but I passed EFGH 100. Is ABCD 221 open to me?", "ABCD 221", ["EFGH 100"], ["ABCD 110"]),
    ("flunked ABCD 213, passed ABCD 210 - can I still enrol in ABCD 310?", "ABCD 310", ["ABCD 210"], ["ABCD 213"]),
    ("ABCD 110 and EFGH 100 are done but not ABCD 120; can I take ABCD 221?", "ABCD 221",
     ["ABCD 110", "EFGH 100"], ["ABCD 120"]),
    ("I'm currently in ABCD 210. am I allowed into ABCD 310 next term?", "ABCD 310", [], ["ABCD 210"]),
    ("without having done ABCD 120 could I still take ABCD 221", "ABCD 221", [], ["ABCD 120"]),
    # a grade below 50% is a fail, whatever verb tells it
    ("got a 45 in ABCD 110, can I do ABCD 221", "ABCD 221", [], ["ABCD 110"]),
    ("got an F in ABCD 110 and a B in EFGH 100. ABCD 221 ok?", "ABCD 221", ["EFGH 100"], ["ABCD 110"]),
    # a pronoun after a negation points back, never at the course asked about next
    ("took ABCD 210 but failed it, ABCD 310 possible?", "ABCD 310", [], ["ABCD 210"]),
    ("my roommate took ABCD 110; can I take ABCD 221 without it", "ABCD 221", [], ["ABCD 110"]),
    ("did ABCD 110 and EFGH 100 but dropped both - ABCD 221?", "ABCD 221", [], ["ABCD 110", "EFGH 100"]),
    # "never" with words between, and an alternative in brackets, share the negation
    ("did ABCD 110 but never its sibling 120 (or EFGH 100). is ABCD 221 open to me", "ABCD 221", ["ABCD 110"],
     ["ABCD 120", "EFGH 100"]),
    ("ABCD 110 and EFGH 100 both passed -> ABCD 221 ok?", "ABCD 221", ["ABCD 110", "EFGH 100"], []),
    # "without it" never points at a course just said to be passed
    ("I'd prefer not to take ABCD 110. I passed EFGH 100, so can I go into ABCD 221 without it?", "ABCD 221",
     ["EFGH 100"], ["ABCD 110"]),
    # another person's course is not the student's, failed or passed, unless the student tells their own
    ("my friend failed ABCD 110, can I take ABCD 221?", "ABCD 221", [], []),
    ("Half my class flunked ABCD 110; I got a B. Can I take ABCD 221?", "ABCD 221", ["ABCD 110"], []),
    ("my roommate took ABCD 110; I haven't. can I take ABCD 221?", "ABCD 221", [], ["ABCD 110"]),
    # ... and a question asked for that person rests on their record
    ("asking for my daughter: she has ABCD 110 done. Can she enroll in ABCD 221?", "ABCD 221", ["ABCD 110"], []),
    # a last sentence that asks about one course alone: the course before is history, not "is A required for B"
    ("I'm missing ABCD 110. Is ABCD 221 doable?", "ABCD 221", [], ["ABCD 110"]),
    ("Is ABCD 221 possible for me if ABCD 110 ended in a fail (41%)?", "ABCD 221", [], ["ABCD 110"]),
    # a negation in the course's own words and a "not done" best guess below the threshold agree
    ("Could you check whether I can take ABCD 221? ABCD 110 is not something I've completed.", "ABCD 221", [],
     ["ABCD 110"]),
    # a clause clear alone, blurred by the story told after it
    ("I walked away from ABCD 110 midway through the fall because my job took over everything else in my life. "
     "Can I take ABCD 221?", "ABCD 221", [], ["ABCD 110"]),
])
def test_history_roles_follow_negation_scope(reader, text, target, completed, not_completed):
    q = understand(text, reader)
    assert q.intent == "eligibility"
    assert (q.target, q.completed, q.not_completed) == (target, completed, not_completed)


def test_a_course_the_student_says_they_have_is_not_the_one_asked_about(reader):
    q = understand("my roommate took ABCD 310 after doing ABCD 110 so i figured i can too. i have ABCD 213 and "
                   "ABCD 110. am i eligible?", reader)
    assert (q.target, sorted(q.completed)) == ("ABCD 310", ["ABCD 110", "ABCD 213"])


def test_codes_the_calendar_lacks_are_kept_apart(reader):
    q = understand("I have done ABCD 213 and ABCD 999. Can I take ABCD 310?", reader)
    assert (q.target, q.completed, q.unknown_completed) == ("ABCD 310", ["ABCD 213"], ["ABCD 999"])


def test_need_check_finds_which_course_is_asked_about(reader):
    q = understand("do I have to finish ABCD 110 before I can start ABCD 221?", reader)
    assert (q.intent, q.asked, q.targets) == ("need_check", ["ABCD 110"], ["ABCD 221"])
    q = understand("Does ABCD 310 require ABCD 213?", reader)
    assert (q.asked, q.targets) == (["ABCD 213"], ["ABCD 310"])


def test_year_and_term_in_any_spelling(reader):
    for text, year in [("Applied Widgets year 3 term 2 courses", 3), ("yr-2 Applied Widgets courses", 2),
                       ("what's in year three of Applied Widgets", 3), ("3rd-year Applied Widgets classes", 3)]:
        q = understand(text, reader)
        assert (q.intent, q.year) == ("program_year", year), text
    assert understand("Applied Widgets year 3 term 2 courses", reader).term == 2


def test_programs_by_alias_and_degree_name(reader):
    assert understand("Do mech eng students need ABCD 221?", reader).program == "Mechanical Engineering"
    assert understand("is ABCD 210 in the CS major", reader).program == "Computer Science"
    assert understand("BSc Biology: is ABCD 210 required?", reader).program == "Biology"
    assert understand("eng phys year 2 courses", reader).program == "Engineering Physics"


def test_subjects_by_code_or_name_never_by_word_prefix(reader):
    q = understand("list the 300-level linguistics courses", reader)
    assert (q.intent, q.subjects, q.levels) == ("subject_level", ["LING"], [3])
    assert understand("4xx abcd courses please", reader).subjects == ["ABCD"]
    # "philosophy" names PHIL; "phil" inside "philanthropy" does not
    assert understand("courses about philanthropy at the 100 level", reader).subjects == []


def test_a_code_is_not_a_level_or_a_program(reader):
    q = understand("Physics students: does ABCD 410 need ABCD 310?", reader)
    assert q.levels == []


def test_several_questions_in_one_are_each_read(reader):
    q = understand("how many credits is ABCD 221, and what does it require?", reader)
    assert q.intent == "multi"
    assert [(p.intent, p.target) for p in q.parts] == [("credits", "ABCD 221"), ("prereq_of", "ABCD 221")]
    q = understand("ABCD 310 coreqs + credits?", reader)
    assert sorted(p.intent for p in q.parts) == ["coreq_of", "credits"]


def test_a_facet_phrase_without_a_question_word_is_a_part_of_its_own(reader):
    q = understand("coreqs of ABCD 310 and what do I need for it", reader)
    assert sorted(p.intent for p in q.parts) == ["coreq_of", "prereq_of"]


def test_history_statement_stays_with_the_question_after_it():
    assert split_parts("I passed ABCD 110. Can I take ABCD 210?") == ["I passed ABCD 110. Can I take ABCD 210?"]
    assert split_parts("what is ABCD 110? and what is ABCD 210?") == ["what is ABCD 110?", "and what is ABCD 210?"]


def test_a_question_said_again_in_other_words_is_one_question_whose_skip_words_count(reader):
    text = "Is ABCD 110 really necessary for ABCD 210? In other words, is it possible to do it without that course?"
    assert len(split_parts(text)) == 1
    q = understand(text, reader)
    assert q.intent == "need_check" and q.asks_skip and q.target == "ABCD 210"  # "No, it cannot be skipped"


@pytest.mark.parametrize("text, parts", [
    # "total" asks only for an amount; before any other word it tells who is asking
    ("total newbie in widgets. if I take ABCD 110 then ABCD 120, credit for both?", 1),
    ("total credits of ABCD 110 and ABCD 120? and what does ABCD 210 need?", 2),
])
def test_total_starts_a_question_only_when_an_amount_follows(text, parts):
    assert len(split_parts(text)) == parts


def test_the_reading_line_says_what_was_understood(reader):
    q = understand("I took EFGH 100. Could I register in ABCD 221 w/o ABCD 210?", reader)
    assert q.reading == ("Read as: completed EFGH 100; not completed ABCD 210; asking whether you can take "
                         "ABCD 221.")
    assert q.to_dict()["reading"] == q.reading


def test_topic_question_keeps_only_what_the_course_is_about(reader):
    q = understand("Are there any upper-level biology courses on plant ecology?", reader)
    assert q.intent == "topic_level" and q.levels == [3, 4] and q.topic == "plant ecology"


def test_a_subject_written_by_name_before_a_number_is_that_course_when_it_exists(reader, embedder):
    q = understand("linguistics 101 and biology 121: credits together?", Reader(
        EntityFinder(KNOWN | {"LING 101"}, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id))
    assert q.targets == ["LING 101", "BIOL 121"]
    assert understand("is biology 999 hard", reader).entities.courses == []  # no such course: left as words


def test_a_negation_that_reaches_no_code_withholds_yes(reader):
    q = understand("Could I take ABCD 310 with ABCD 213, given I haven't finished the lab component?", reader)
    assert q.unresolved == "haven't finished"
    assert "could not tell which course" in q.reading


def test_a_bare_number_is_the_course_of_the_subject_named_beside_it(reader):
    q = understand("Could I take ABCD 310 alongside ABCD 221, since I haven't finished 213?", reader)
    assert "ABCD 213" in q.not_completed and q.unresolved == ""
    assert "ABCD 221" in q.concurrent  # taken alongside ABCD 310: in the same term, not before it
    q = understand("did ABCD 210 instead of 110 - can I take ABCD 221?", reader)
    assert (q.completed, q.not_completed) == (["ABCD 210"], ["ABCD 110"])


@pytest.mark.parametrize("text, completed, not_completed", [
    ("ABCD 110 and ABCD 120 passed, though I still need ABCD 210; is ABCD 310 open to me?",
     ["ABCD 110", "ABCD 120"], ["ABCD 210"]),
    ("done ABCD 110 but none of ABCD 120 / 210 / 213 yet. ABCD 310 ok?", ["ABCD 110"],
     ["ABCD 120", "ABCD 210", "ABCD 213"]),
    ("passed ABCD 110, have yet to take ABCD 120 - am I ok for ABCD 221?", ["ABCD 110"], ["ABCD 120"]),
])
def test_still_needing_a_course_or_none_of_a_list_is_not_having_it(reader, text, completed, not_completed):
    q = understand(text, reader)
    assert q.completed == completed and q.not_completed == not_completed


def test_a_stated_year_and_grade_are_read_but_a_time_or_a_course_level_is_not(reader):
    q = understand("I'm a 3rd-year with 71% in ABCD 210, can I take ABCD 310?", reader)
    assert q.standing == 3 and q.scores == {"ABCD 210": 71.0}
    assert "ABCD 210 71%" in q.reading and "in year 3" in q.reading
    assert understand("took ABCD 210 last year, can I take ABCD 310?", reader).standing == 0
    assert understand("passed ABCD 210 with a 58 - ABCD 310 ok?", reader).scores == {"ABCD 210": 58.0}
    assert understand("ABCD 210 with 3 credits done, ABCD 310 ok?", reader).scores == {}
    assert understand("which first-year ABCD courses have no prerequisite?", reader).standing == 0


def test_a_subject_word_beside_a_code_is_not_a_program(reader):
    assert understand("is ABCD 110 the bio one, and what does it need?", reader).entities.programs == []
    assert understand("I'm a biology major: do I need ABCD 110?", reader).entities.programs == ["Biology"]


def test_a_program_set_aside_is_not_the_one_asked_about(reader):
    q = understand("year 2 of physics (not engineering physics)", reader)
    assert q.entities.programs == ["Physics"]


@pytest.mark.parametrize("text, intent", [
    ("ABCD 221 co req", "coreq_of"),                       # a facet word outweighs what the rest resembles
    ("is EFGH 100 by itself enough for ABCD 221?", "eligibility"),
    ("ABCD 310 - is ABCD 213 really required, or only recommended?", "need_check"),
])
def test_the_question_shape_settles_what_topic_words_do_not(reader, text, intent):
    assert understand(text, reader).intent == intent


def test_need_check_reads_which_course_is_asked_about(reader):
    q = understand("ABCD 310 - is ABCD 213 really required, or only recommended?", reader)
    assert q.asked == ["ABCD 213"] and q.targets == ["ABCD 310"]


def test_and_tell_me_starts_a_second_question():
    assert split_parts("list the 3xx ABCD courses, and tell me what ABCD 310 needs") == [
        "list the 3xx ABCD courses", "tell me what ABCD 310 needs"]


def test_blocking_credit_is_asked_as_excluded(reader):
    q = understand("I have credit for ABCD 210. Does it block credit for EFGH 200?", reader)
    assert q.intent == "exclusion" and q.asks_excluded


def test_the_sentence_that_asks_frames_an_exclusion_not_a_claim_told_before_it():
    from rag.understand.reader import _asks_excluded

    assert not _asks_excluded("my friend said ABCD 313 and ABCD 320 overlap so only one counts. "
                              "is it actually ok to get credit for both?")
    assert _asks_excluded("I want credit in the two. is ABCD 313 an exclusion of ABCD 320?")
    assert _asks_excluded("Is ABCD 313 the same thing as ABCD 320 for credit purposes? I have ABCD 320.")


def test_asked_first_whether_a_course_counts_an_exclusion_is_not_the_yes():
    from rag.understand.reader import _asks_excluded

    assert not _asks_excluded("already have ABCD 313 from my old program. will ABCD 320 count or is it excluded?")
    # "new credit" asks whether it counts, whatever "the same course" after it asks
    assert not _asks_excluded("did ABCD 313 last year. would ABCD 320 give me new credit or is it the same course?")
    assert not _asks_excluded("I took ABCD 313 in 2014. would ABCD 320 count as a separate course or is it the same?")
    assert _asks_excluded("ABCD 313 with ABCD 320: does only one of them count?")
    assert _asks_excluded("would ABCD 313 count against ABCD 320, are they excluded?")
    assert not _asks_excluded("ABCD 313 and ABCD 320, are they exclusive or can I get credit for both")
    # "extra credit" asks whether the second course adds credit: the lead answers that, not "same course"
    assert not _asks_excluded("had ABCD 313 in first year. will ABCD 320 give me extra credit or is it the same course?")
    assert not _asks_excluded("passed ABCD 313. can I take ABCD 320 and get credit for it, or does ABCD 313 block it?")
    assert not _asks_excluded("ABCD 313 this fall and ABCD 320 in the spring. Both of those count for credit, right? "
                              "They're not excluded from each other?")


def test_a_course_left_unclear_by_its_words_leaves_the_other_course_the_one_asked(reader):
    q = understand("ABCD 210 appears on my transcript, yet I've no clue what mark I ended with. "
                   "Can I enrol in ABCD 310?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.unclear == ["ABCD 210"]
    assert "ABCD 210" not in q.completed


def test_a_course_named_by_its_title_is_read_as_its_code(embedder):
    titles = {"ABCD 310": "Widget Dynamics", "ABCD 210": "Widget Statics", "EFGH 200": "Seminar",
              "EFGH 100": "Widget Dynamics Lab"}
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles=titles)
    q = understand("I finished widget statics, can I take widget dynamics next?", reader)
    assert q.entities.courses == ["ABCD 210", "ABCD 310"]
    assert q.text == "I finished widget statics (ABCD 210), can I take widget dynamics (ABCD 310) next?"
    # one-word titles and a code already typed are left as they are
    assert understand("is the seminar ABCD 310 hard?", reader).entities.courses == ["ABCD 310"]


def test_a_need_asked_of_a_course_named_by_its_title_is_read_as_if_its_code_were_typed(embedder):
    titles = {"ABCD 110": "Introduction to Widgets", "ABCD 120": "Currents of Widget Thought",
              "ABCD 210": "Introduction to Canadian Widget Politics"}
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles=titles)
    q = understand("2nd-yr student with Introduction to Widgets and Currents of Widget Thought. Do I actually need "
                   "Introduction to Canadian Widget Politics for abcd 410, or can I avoid it?", reader)
    assert q.intent == "need_check" and q.target == "ABCD 410" and q.asked == ["ABCD 210"]


def test_a_course_named_by_a_title_others_share_is_never_clearly_done(embedder):
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles={"ABCD 210": "Managerial Widgetry", "EFGH 200": "Managerial Widgetry"})
    reader.titles.named_by = {"ABCD 310": {"ABCD 210"}}
    q = understand("I passed Managerial Widgetry. can I take ABCD 310?", reader)
    assert q.target == "ABCD 310" and "ABCD 210" in q.unclear and "ABCD 210" not in q.completed


def test_elective_credits_told_ask_no_credits_and_a_course_under_way_is_no_course_asked(reader):
    text = "Applied Widgets 3rd year: ABCD 110 and ABCD 120 done, in ABCD 310 now, plus 6 elective credits. " \
           "what's still left this year?"
    assert len(split_parts(text)) == 1  # "plus 6 elective credits." is history, not a question of credits
    q = understand(text, reader)
    assert q.intent == "program_left" and q.elective_credits == 6 and "ABCD 310" in q.not_completed


def test_a_cue_before_a_list_of_titled_courses_reaches_every_course_in_it(embedder):
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles={"ABCD 110": "Principles of Widget Statics", "ABCD 120": "Principles of Widget Flow"})
    q = understand("I have Principles of Widget Statics and Principles of Widget Flow. Is that enough for ABCD 310?",
                   reader)
    assert q.completed == ["ABCD 110", "ABCD 120"]  # "I have" is said of both, the titles between them


def test_a_course_named_by_title_in_a_need_question_keeps_its_side(embedder):
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles={"ABCD 120": "Writing for Lyric Widget Forms I",
                                   "ABCD 110": "Logistics and Widget Operations Management"})
    listed = understand("Does ABCD 410 list Writing for Lyric Widget Forms I as a prereq?", reader)
    assert listed.intent == "need_check" and listed.target == "ABCD 410" and listed.asked == ["ABCD 120"]
    course = understand("Is the Widget course Logistics and Widget Operations Management a prerequisite for ABCD 310?",
                        reader)
    assert course.intent == "need_check" and course.target == "ABCD 310" and course.asked == ["ABCD 110"]


def test_a_facet_word_inside_a_courses_title_asks_for_no_facet(embedder):
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles={"ABCD 120": "Process Design and Unit Operation Design"})
    q = understand("ABCD 110 is done (B), but Process Design and Unit Operation Design is still ahead of me. "
                   "Could I enrol in ABCD 410 this year?", reader)
    assert q.intent == "eligibility" and q.targets == ["ABCD 410"] and not q.parts  # "Unit" names no credits


def test_a_mark_told_of_a_course_named_by_its_title_is_read(embedder):
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles={"ABCD 210": "Widget Studio II - Form and Function"})
    q = understand("Got 74% in Widget Studio II - Form and Function last term. Am I cleared for ABCD 310?", reader)
    assert q.scores == {"ABCD 210": 74.0} and q.completed == ["ABCD 210"]


def test_a_program_title_written_out_wins_over_scattered_words(reader):
    q = understand("Engineering Physics student here: is ABCD 110 a requirement?", reader)
    assert q.entities.programs == ["Engineering Physics"]


def test_title_words_beside_a_typed_code_describe_that_code(embedder):
    reader = Reader(EntityFinder(KNOWN, SUBJECTS, PROGRAMS), embedder.encode_queries, embedder.model_id,
                    course_titles={"ABCD 210": "Widget Statics", "ABCD 310": "Advanced Widget Statics"})
    # the student's nickname for ABCD 310 is another course's title: it is not a second course
    assert understand("can I take ABCD 310 widget statics?", reader).entities.courses == ["ABCD 310"]


@pytest.mark.parametrize("text, intent", [
    # which way "unlock" points: the course after the verb is the one whose prerequisites are asked
    ("which courses unlock ABCD 310 for me", "prereq_of"),
    ("ABCD 213 unlocks which courses?", "unlocks"),
    # before doing a course, with no history told: its prerequisites
    ("before I can take ABCD 310, what has to be on my record?", "prereq_of"),
    # one course's exclusions, asked by name
    ("list the credit exclusions of ABCD 221", "exclusion"),
    # two courses and what they share
    ("do ABCD 310 and ABCD 221 share any prereqs?", "compare"),
    # a course named and no word for what the calendar lacks: not "outside the calendar"
    ("wrapped up ABCD 213 with a B+. ABCD 310 after that?", "eligibility"),
    # ... but a question about who teaches it is
    ("who is teaching ABCD 221 this fall", "decline"),
])
def test_shape_words_decide_between_close_readings(reader, text, intent):
    assert understand(text, reader).intent == intent


def test_a_statement_opened_by_did_is_history_not_a_question(reader):
    parts = split_parts("did ABCD 110 but skipped ABCD 120. ABCD 210 ok?")
    assert parts == ["did ABCD 110 but skipped ABCD 120. ABCD 210 ok?"]
    q = understand("did ABCD 110 but skipped ABCD 120. ABCD 210 ok?", reader)
    assert q.intent == "eligibility" and q.completed == ["ABCD 110"] and q.not_completed == ["ABCD 120"]
    assert split_parts("did I pass ABCD 110. what next") == ["did I pass ABCD 110.", "what next"]


def test_that_in_a_follow_up_is_the_course_asked_about_not_the_history(reader):
    q = understand("done ABCD 110 and ABCD 120. can I take ABCD 210 and ABCD 213? total credits of that?",
                   reader)
    assert [p.intent for p in q.parts] == ["eligibility", "credits_total"]
    assert q.parts[1].targets == ["ABCD 210", "ABCD 213"]


def test_a_program_named_decides_only_when_the_course_is_related_to_it(reader):
    q = understand("Biology: do I have to take ABCD 310 and ABCD 221?", reader)
    assert q.intent == "program_course" and q.targets == ["ABCD 310", "ABCD 221"]
    q = understand("3rd year B.Sc. with no ABCD courses, can I still take ABCD 310?", reader)
    assert q.intent == "eligibility"


def test_a_history_then_does_that_block_asks_about_taking_the_course(reader):
    q = understand("got 52% in ABCD 213 — does that block ABCD 310 for me?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.scores == {"ABCD 213": 52.0}
    assert understand("does taking ABCD 210 block credit for ABCD 213?", reader).intent == "exclusion"
    assert understand("ABCD 210 + ABCD 213 field trip: may I get credit for both?", reader).intent == "exclusion"


def test_history_told_only_as_missing_leaves_the_named_course_as_the_one_asked_about(reader):
    q = understand("no ABCD 210 yet, is ABCD 310 open to me", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.not_completed == ["ABCD 210"]
    assert "ABCD 210" not in understand("haven't done ABCD 210, what can i take", reader).completed


def test_having_credit_for_courses_is_having_taken_them(reader):
    q = understand("I have credit for ABCD 110 & ABCD 120 - can I enroll in ABCD 210?", reader)
    assert q.completed == ["ABCD 110", "ABCD 120"] and q.target == "ABCD 210"


def test_letter_grades_are_read_at_their_floor(reader):
    q = understand("got a B+ in ABCD 110, can I take ABCD 221", reader)
    assert (q.scores, q.letters, q.completed) == ({"ABCD 110": 76.0}, {"ABCD 110": "B+"}, ["ABCD 110"])
    assert "B+ (at least 76%)" in q.reading
    q = understand("ABCD 110 with a friend, then ABCD 221?", reader)  # the article "a" is no grade
    assert q.letters == {} and q.scores == {}


def test_numbered_questions_are_parts_and_keep_their_own_courses(reader):
    q = understand("hi, (1) what does ABCD 110 unlock and (2) how many credits is ABCD 210", reader)
    assert [p.intent for p in q.parts] == ["unlocks", "credits"]
    assert q.parts[0].completed == ["ABCD 110"]  # ABCD 210, asked about in (2), is not history


def test_asking_whether_a_course_must_be_done_first_is_a_need_check(reader):
    q = understand("Must I have completed ABCD 213 to register in ABCD 310?", reader)
    assert (q.intent, q.asked, q.targets) == ("need_check", ["ABCD 213"], ["ABCD 310"])
    q = understand("does ABCD 110 count for ABCD 221 or do I need more", reader)
    assert (q.intent, q.completed, q.target) == ("eligibility", ["ABCD 110"], "ABCD 221")


@pytest.mark.parametrize("text", ["ABCD 110 done, what's next?", "ABCD 110 then what",
                                  "finished ABCD 110 - which courses can I take now"])
def test_a_history_then_what_next_asks_what_it_opens(reader, text):
    q = understand(text, reader)
    assert (q.intent, q.completed) == ("unlocks", ["ABCD 110"])


def test_a_yes_no_prerequisite_reading_with_no_word_of_requisites_carries_no_verdict():
    from rag.understand.reader import Question, _fill
    from rag.understand.entities import Entities
    from rag.understand.slots import read_mentions

    for text, yes_no in [("Is ABCD 110 offered as a first-year course?", False),
                         ("Does ABCD 110 have prerequisites?", True),
                         ("Is there anything to do first before ABCD 110?", True)]:
        q = Question(text=text, entities=Entities(courses=["ABCD 110"]), intent="prereq_of", yes_no=True)
        _fill(q, read_mentions(text, ["ABCD"]), read_mentions(text, ["ABCD"]), text, {"ABCD 110"})
        assert q.yes_no == yes_no, text


def test_shape_words_that_are_not_questions(reader):
    assert split_parts("I did ABCD 110. Can I also get credit for ABCD 120?") == [
        "I did ABCD 110. Can I also get credit for ABCD 120?"]
    assert understand("can you tell me what ABCD 221 needs", reader).yes_no is False
    assert understand("how much is tuition for the Applied Widgets program", reader).intent == "decline"


@pytest.mark.parametrize("text, not_in", [
    ("I'm not a widget design major, can I take ABCD 410", ["widget design major"]),
    ("bio major, so no gadget specialization -- ABCD 420 possible?", ["gadget specialization"]),
    ("not in the Foo Bar dual degree. can I enrol in ABCD 410?", ["Foo Bar dual degree"]),
])
def test_groups_the_student_is_not_in_are_read(reader, text, not_in):
    q = understand(text, reader)
    assert q.intent == "eligibility" and q.not_in == not_in
    assert "not in " + not_in[0] in q.reading


def test_a_course_under_way_is_not_completed_but_is_kept_apart(reader):
    q = understand("I have ABCD 110 and I'm taking ABCD 120 this term. Can I do ABCD 221 now?", reader)
    assert (q.completed, q.not_completed, q.concurrent) == (["ABCD 110"], ["ABCD 120"], ["ABCD 120"])
    q = understand("if I withdraw from ABCD 110 can I still take ABCD 221", reader)
    assert (q.not_completed, q.concurrent) == (["ABCD 110"], [])


def test_what_the_student_says_they_are_in_is_read_and_what_they_are_not_is_left_out():
    from rag.understand.slots import read_member_of

    assert read_member_of("4th yr GZW student, is WIDG 400 open to me") == ["GZW"]
    assert read_member_of("2nd-year gizmo engineering student here") == ["gizmo engineering"]
    assert read_member_of("GZW, third year. WIDG 485?") == ["GZW"]
    assert read_member_of("im not a widgetry major") == []
    assert read_member_of("what does the GZW program require") == ["GZW"]
    assert read_member_of("took WIDG 306 in my previous degree overseas") == []  # a group once, not now


def test_a_year_the_student_has_not_reached_is_not_their_year():
    from rag.understand.slots import read_standing, read_standing_below

    assert read_standing("not in 3rd year yet, can I take WIDG 300") == 0
    assert read_standing_below("not in 3rd year yet, can I take WIDG 300") == 3
    assert read_standing("not in third year yet (2nd) but did WIDG 230") == 2
    assert read_standing("I haven't reached 4th year") == 0 and read_standing_below("I haven't reached 4th year") == 4
    assert read_standing("3rd year student") == 3 and read_standing_below("3rd year student") == 0


def test_the_year_a_course_was_taken_in_is_not_the_students_year():
    from rag.understand.slots import read_standing

    assert read_standing("I took WIDG 121 in first year. is that enough for WIDG 302?") == 0
    assert read_standing("did it back in my 1st year, now in 3rd year") == 3
    assert read_standing("I'm in 2nd year and took WIDG 121") == 2


@pytest.mark.parametrize("text", [
    "is ABCD 110 really needed for ABCD 210 or can i leave it out and just audition",
    "third year here, never joined the band. is ABCD 110 really needed for ABCD 210 or can i leave it out",
    "for ABCD 210 (the big one) - do I have to finish ABCD 110 first? my advisor was vague",
])
def test_whether_a_course_is_needed_for_another_names_the_goal_after_for(reader, text):
    q = understand(text, reader)
    assert (q.intent, q.target, q.asked) == ("need_check", "ABCD 210", ["ABCD 110"])


@pytest.mark.parametrize("text", [
    "third-year here, took ABCD 213. Is ABCD 221 necessary for ABCD 310?",
    "i've got ABCD 213 done. do i really also need ABCD 221 to get into ABCD 310",
])
def test_a_need_asked_after_a_history_is_a_need_question_with_the_history_as_route(reader, text):
    q = understand(text, reader)
    assert (q.intent, q.target, q.asked, q.completed) == ("need_check", "ABCD 310", ["ABCD 221"], ["ABCD 213"])


def test_a_course_told_not_done_and_then_asked_necessary_is_the_course_asked_about(reader):
    # the goal named first, the route told, and "is A necessary?" alone in the last sentence
    q = understand("ABCD 310 next year... i did ABCD 213 not ABCD 221. is ABCD 221 necessary?", reader)
    assert (q.intent, q.target, q.asked, q.completed) == ("need_check", "ABCD 310", ["ABCD 221"], ["ABCD 213"])


def test_the_course_a_skip_word_points_at_is_not_the_one_asked_about(reader):
    q = understand("I've got ABCD 110 on my transcript. can I leave ABCD 210 off my plan and still do ABCD 310 "
                   "next year?", reader)
    assert (q.intent, q.target, q.completed, q.not_completed) == ("eligibility", "ABCD 310", ["ABCD 110"], ["ABCD 210"])


def test_a_skip_word_with_a_pronoun_object_skips_the_course_before(reader):
    from rag.understand.reader import _skipped_courses
    from rag.understand.slots import read_mentions

    text = "ABCD 210 is the darkroom one and I hate it. can I avoid it and still end up in ABCD 310 later?"
    assert _skipped_courses(text, read_mentions(text, SUBJECTS)) == {"ABCD 210"}
    q = understand(text, reader)
    assert (q.target, q.not_completed) == ("ABCD 310", ["ABCD 210"])


def test_someone_elses_year_is_not_the_students():
    from rag.understand.slots import read_standing

    assert read_standing("My friend is in third year and took WIDG 353. I'm only in second year.") == 2
    assert read_standing("my roommate is in 4th year. can I take WIDG 353?") == 0
    assert read_standing("my friend and I are in third year") == 3  # the student is named beside them
    assert read_standing("My son is in his third year. Can he take WIDG 353?") == 3  # asked for him


def test_a_supposed_course_asked_as_enough_is_a_premise_not_a_course_done(reader):
    q = understand("if i had ABCD 213, hypothetically, would that be enough to take ABCD 310?", reader)
    assert (q.intent, q.completed, q.assumed) == ("eligibility", [], ["ABCD 213"])
    q = understand("is ABCD 213 enough for ABCD 310?", reader)  # asked, not supposed: the premise as had
    assert (q.completed, q.assumed) == (["ABCD 213"], [])


@pytest.mark.parametrize("text, intent", [
    # the need-word governs a course: whether the other needs it, not a history of it
    ("need abcd 210 for the efgh 200 thing? y/n", "need_check"),
    ("EFGH 200 - do I need the programming course (ABCD 110)", "need_check"),
    # a sum of credits, however 'both' reads
    ("how many credits will it be if I do both ABCD 210 and ABCD 213", "credits_total"),
    # credit for both, asked as one or the other
    ("ABCD 210 and EFGH 200 both for credit, or just one", "exclusion"),
    ("is it one or the other with ABCD 221 and EFGH 100", "exclusion"),
    # what the calendar does not hold, asked of a course with a need-word
    ("the calculator for ABCD 110 - do i need to buy one", "decline"),
    # no chain word, but the chain reading leads every other by far and the words ask for courses
    ("walk me through what comes before ABCD 410", "chain"),
    ("which courses would a total newcomer have to finish before enrolling in ABCD 410?", "chain"),
    ("If I'm counting nothing as completed, what's the sequence of courses that leads to ABCD 410?", "chain"),
    # a course asked about after a history, or what comes next: never a chain
    ("finished ABCD 310 with an A-. ABCD 410 next?", "eligibility"),
    # a history told, then whether it leads to a named course: that course is asked about, not what opens
    ("I took an intro widgetry course at Douglas College. Does that get me into ABCD 410?", "eligibility"),
    ("finished ABCD 310, what does it lead to?", "unlocks"),
    # a question word asking for the rest after a history asks for the chain; "nothing else" tells, asks nothing
    ("I have ABCD 110 and ABCD 210 done. wat else for ABCD 310??", "chain"),
    ("I've got ABCD 110 done. what am i still missing for ABCD 310?", "chain"),
    ("I have ABCD 210 and nothing else from that department. Enough for ABCD 310?", "eligibility"),
    # courses as the subject that needs the course: what it leads to, never the way to it
    ("what upper level courses need ABCD 310? I just finished it", "unlocks"),
    # the course as the subject of "lead to": what it opens, not the way to it
    ("I failed ABCD 310 last term. what does ABCD 310 lead to once I pass it?", "unlocks"),
    # starting fresh, or courses asked in order: the whole way
    ("what do i need to take, in order, to get into ABCD 410? starting fresh", "chain"),
    ("i have literally no widgetry at ubc. what would i need to take before ABCD 410?", "chain"),
    # the rest asked of a course named after it, with a history told: the rest of the way to it
    ("ABCD 110 is done, EFGH 100 and EFGH 200 are both planned for next year. what else stands before ABCD 410?",
     "chain"),
    ("ABCD 110 finished, currently in ABCD 120. whats left between me and ABCD 410?", "chain"),
])
def test_the_words_that_decide_a_reading_over_the_classifier(reader, text, intent):
    assert understand(text, reader).intent == intent


def test_a_course_asked_for_credit_after_a_history_is_the_one_checked(reader):
    q = understand("I did ABCD 210 and ABCD 213, can I get credit for ABCD 221 too?", reader)
    assert q.intent == "exclusion" and q.target == "ABCD 221" and q.completed == ["ABCD 210", "ABCD 213"]
    assert "credit is granted for ABCD 221 as well" in q.reading


def test_what_a_history_opens_is_asked_when_no_course_is_asked_about(reader):
    q = understand("If I pass ABCD 110 this term, what am I eligible for afterwards?", reader)
    assert q.intent == "unlocks" and q.completed == ["ABCD 110"]
    assert understand("I passed ABCD 110, am I eligible for ABCD 210?", reader).intent == "eligibility"


def test_a_subject_code_in_brackets_asks_for_that_subjects_courses_at_a_level(reader):
    q = understand("Which Engineering Physics courses (PHIL) are numbered in the 300s?", reader)
    assert q.intent == "subject_level" and q.subjects == ["PHIL"] and q.levels == [3]


def test_what_about_another_course_asks_the_same_question_of_it(reader):
    q = understand("I did ABCD 110, can I take ABCD 210? and what about ABCD 213?", reader)
    assert [p.intent for p in q.parts] == ["eligibility", "eligibility"]
    assert q.parts[1].target == "ABCD 213" and q.parts[1].completed == ["ABCD 110"]


def test_a_course_asked_about_with_do_i_need_is_not_history(reader):
    q = understand("is EFGH 100 enough to get into ABCD 210 or do i need ABCD 110", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 210"
    assert q.completed == ["EFGH 100"] and q.not_completed == ["ABCD 110"]


def test_every_course_named_as_history_asks_what_it_opens(reader):
    q = understand("ive got credit for abcd 110 and efgh 100 — which 200-level abcd can i take", reader)
    assert q.intent == "unlocks" and q.completed == ["ABCD 110", "EFGH 100"] and q.levels == [2]


def test_groups_said_as_im_in_with_initials_and_not_as_non():
    from rag.understand.slots import read_member_of

    assert read_member_of("I'm in 4th year Gizmo Works (BGW). Is WIDG 485 open to me?") == ["Gizmo Works", "BGW"]
    assert read_member_of("I'm in the Faculty of Widgetry, can I") == ["Faculty of Widgetry"]
    assert read_member_of("I'm in WIDG 110 now") == []  # a course, not a group
    assert read_member_of("can non-widgetry students take WIDG 111") == []


@pytest.mark.parametrize("text, said", [
    ("2nd year, no instructor permission yet - can I register in WIDG 321?", True),
    ("I haven't asked the instructor for permission. Can I take WIDG 331?", True),
    ("can i take WIDG 321 without the department's consent", True),
    ("can I take WIDG 321 with permission of the instructor", False),
])
def test_a_student_saying_they_have_no_permission_is_read(text, said):
    from rag.understand.slots import read_no_permission

    assert read_no_permission(text) is said


def test_admission_averages_decline_and_an_exclusion_asked_as_such_reads_so(reader):
    q = understand("are ABCD 210 and EFGH 200 credit-excluded?", reader)
    assert q.intent == "exclusion" and q.asks_excluded and "are credit-excluded" in q.reading
    assert understand("what gpa do I need to get into the applied widgets program", reader).intent == "decline"


def test_degree_initials_beside_a_year_name_a_group():
    from rag.understand.slots import read_member_of, read_standing

    assert read_member_of("3rd year BSc, zero WIDG courses") == ["BSc"]
    assert read_member_of("GZWk 3rd year") == []  # initials of a degree start with B
    assert read_standing("got 78 in WIDG 278 and I'm in 2nd year. WIDG 303?") == 2


def test_a_title_after_about_or_on_is_a_topic_not_that_course():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 540": "Gizmo Learning", "WIDG 409": "Municipal Gizmos"})
    assert titles.name_courses("is there a course about gizmo learning at the 400 level", ["WIDG"]) \
        == "is there a course about gizmo learning at the 400 level"
    assert titles.name_courses("prereqs for gizmo learning", ["WIDG"]) == "prereqs for gizmo learning (WIDG 540)"


def test_planning_on_a_title_still_names_the_course():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 453": "Gizmo System Analysis"})
    assert titles.name_courses("planning on gizmo system analysis next fall", ["WIDG"]).endswith("analysis (WIDG 453) next fall")
    assert "(WIDG 453)" not in titles.name_courses("any 300-level course on gizmo system analysis?", ["WIDG"])
    assert "(WIDG 453)" in titles.name_courses("any course on gizmo system analysis?", ["WIDG"])  # no level: the course


def test_the_part_of_a_title_after_its_colon_names_the_course():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 418": "Gizmo Education: Orff Level II", "WIDG 419": "Gizmo Education: Orff Level III"})
    assert titles.name_courses("may I enrol in orff level iii?", ["WIDG"]) == "may I enrol in orff level iii (WIDG 419)?"


def test_a_one_word_title_names_a_course_only_beside_a_code_of_its_subject():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 405": "Morphologies", "WIDG 201": "Gizmo Basics"})
    assert titles.name_courses("have widg 201, what's left before morphologies?", ["WIDG"]).endswith(
        "morphologies (WIDG 405)?")
    assert titles.name_courses("is morphologies a hard topic?", ["WIDG"]) == "is morphologies a hard topic?"


def test_a_course_heading_the_question_as_its_label_is_the_one_asked_about(reader):
    q = understand("ABCD 310: second year, have ABCD 213 though. allowed?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.completed == ["ABCD 213"]


def test_the_only_way_in_asks_whether_the_heading_course_needs_the_other(reader):
    q = understand("ABCD 310 — is ABCD 213 the only way in", reader)
    assert q.intent == "need_check" and q.target == "ABCD 310" and q.asked == ["ABCD 213"]


def test_a_course_number_before_for_is_not_a_grade():
    from rag.understand.slots import read_mentions, read_scores
    text = "do i need abcd 110 for abcd 210? got 72 in EFGH 100"
    mentions = read_mentions(text, SUBJECTS)
    assert read_scores(text, mentions) == {"EFGH 100": 72.0}


@pytest.mark.parametrize("text", ["tapped out of ABCD 110 after the midterm. Is EFGH 100 still an option for me?",
                                  "can I still sign up for EFGH 100?",
                                  "I have still to do ABCD 110 - EFGH 100 possible?",
                                  "ABCD 110 is something I have to take still. EFGH 100 this term?"])
def test_a_question_about_the_students_own_path_is_never_a_change_question(reader, text):
    q = understand(text, reader)
    assert q.intent not in CHANGE_INTENTS


def test_a_statement_of_what_was_done_is_no_question_even_when_it_speaks_of_credit(reader):
    q = understand("Hi, I have credit for ABCD 110 from my first year. Am I allowed to take ABCD 210?", reader)
    assert q.intent == "eligibility" and not q.parts


def test_a_course_answered_by_the_student_is_history_not_a_question(reader):
    q = understand("ABCD 110? nope, never. so can I do ABCD 210?", reader)
    assert q.intent == "eligibility" and not q.parts and "ABCD 110" not in q.completed


def test_credit_said_of_the_history_does_not_make_a_credits_question(reader):
    q = understand("I audited ABCD 110 last year, no credit. Can I take ABCD 210?", reader)
    assert q.intent == "eligibility" and "ABCD 110" in q.not_completed


def test_which_courses_cannot_also_earn_credit_asks_for_exclusions(reader):
    assert understand("Which courses can't I also get credit for if I take ABCD 110?", reader).intent == "exclusion"


@pytest.mark.parametrize("text, asked, target", [("does ABCD 210 have ABCD 110 as a prereq?", "ABCD 110", "ABCD 210"),
                                                 ("does ABCD 110 have ABCD 210 as a prereq?", "ABCD 210", "ABCD 110")])
def test_the_course_had_as_a_prerequisite_is_the_one_asked_about(reader, text, asked, target):
    q = understand(text, reader)
    assert q.intent == "need_check" and q.asked == [asked] and q.targets == [target]


def test_a_history_told_with_a_word_for_the_rest_asks_for_the_rest_of_the_chain(reader):
    q = understand("took ABCD 110 last yr and im sitting in ABCD 210 rn. what else do i need before ABCD 410", reader)
    assert q.intent == "chain" and q.target == "ABCD 410" and q.completed == ["ABCD 110"]
    assert understand("ABCD 110, ABCD 210 all done. good to go for ABCD 410?", reader).intent == "eligibility"


def test_a_subject_named_only_in_the_history_does_not_narrow_what_is_asked(reader):
    assert understand("finished Intro Biology (BIOL 121). where can that take me next?", reader).subjects == []
    assert understand("finished BIOL 121. what biology can I take next?", reader).subjects == ["BIOL"]


def test_a_piece_that_opens_with_a_verb_and_ends_with_a_stop_is_a_statement():
    parts = split_parts("ABCD 110 finished, but my ABCD 120 exam was deferred and is still pending. ABCD 410?")
    assert len(parts) == 1
    assert len(split_parts("What are the prereqs of ABCD 110. Is ABCD 120 required.")) == 2


@pytest.mark.parametrize("text, target", [
    ("Is there a way to take ABCD 410 without ever doing ABCD 310?", "ABCD 410"),
    ("Does ABCD 410 list ABCD 310 as its prerequisite?", "ABCD 410"),
])
def test_the_course_asked_about_is_read_the_right_way_round(reader, text, target):
    q = understand(text, reader)
    assert q.intent == "need_check" and q.targets == [target]


def test_a_whole_title_wins_over_the_tail_of_another():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 250": "Print Widgets", "ARTW 368": "Art in Japan: Print Widgets"})
    assert titles.name_courses("can i still take print widgets", ["WIDG", "ARTW"]).endswith("(WIDG 250)")


def test_a_title_after_next_steps_in_is_a_field_not_that_course():
    from rag.understand.slots import CourseTitles

    titles = CourseTitles({"WIDG 250": "Print Widgets"})
    assert "(WIDG 250)" not in titles.name_courses("widg 220 finished. next steps in drawing / print widgets?", ["WIDG"])


def test_skip_it_refers_to_the_course_the_question_asked_of(reader):
    q = understand("is ABCD 210 required for ABCD 310 or can I skip it?", reader)
    assert q.intent == "need_check" and q.targets == ["ABCD 310"] and q.asked == ["ABCD 210"]


@pytest.mark.parametrize("text, skip", [
    ("can ABCD 210 be left behind if I want ABCD 310?", True),  # words from the helper's phrase list
    ("can I sidestep ABCD 210 en route to ABCD 310?", True),
    ("is ABCD 210 non-essential for ABCD 310?", True),
    ("I'll work round ABCD 210 somehow, is ABCD 310 fine?", True),
    ("I'll get round to ABCD 210 later, is ABCD 310 fine?", False),  # "get round to" is doing it, later
    ("having skipped ABCD 210, is ABCD 310 fine?", False),  # history, not a skip question
])
def test_words_of_doing_without_a_course_ask_whether_it_can_be_skipped(text, skip):
    from rag.understand.reader import _SKIP_RE

    assert (_SKIP_RE.search(text) is not None) == skip


@pytest.mark.parametrize("text", ["Before ABCD 464, am I supposed to have ABCD 463?",
                                  "For ABCD 464, do I need ABCD 463?"])
def test_the_course_a_question_opens_on_with_for_or_before_is_the_one_asked_about(reader, text):
    q = understand(text, reader)
    assert q.intent == "need_check" and q.targets == ["ABCD 464"] and q.asked == ["ABCD 463"] and q.asks_direction


@pytest.mark.parametrize("text, together", [
    ("Can I take ABCD 335 and ABCD 336 in the same term?", True),
    ("is it ok to take abcd 366 alongside ABCD 346 (same term)?", True),
    ("I finished ABCD 335, can I take ABCD 336 and EFGH 100 in the same term?", False),  # history told
    ("Can I take ABCD 336 if I have ABCD 335?", False),
])
def test_two_courses_put_in_one_term_ask_how_each_names_the_other(reader, text, together):
    q = understand(text, reader)
    assert q.asks_together == together, (q.intent, q.targets, q.completed)


@pytest.mark.parametrize("top, first", [("unlocks", "chain"), ("other", "chain"), ("prereq_of", "chain"),
                                         ("eligibility", "eligibility")])
def test_starting_from_nothing_puts_a_chain_among_the_first_three_first(top, first):
    from rag.understand.reader import _from_nothing_first

    feasible = [(top, 0.3), ("describe", 0.2), ("chain", 0.1)]
    text = "ABCD 356 workshop... brand new to this, what has to happen before i can enrol"
    assert _from_nothing_first(feasible, {"chain"}, False, text)[0][0] == first
    assert _from_nothing_first(feasible, {"chain"}, True, text)[0][0] == top  # a history told: not from nothing


def test_starting_from_nothing_allows_the_chain_reading():
    from rag.understand.reader import _planning_possible
    from rag.understand.slots import read_mentions

    text = "No widgetry background whatsoever. Which courses would I need before ABCD 411?"
    assert "chain" in _planning_possible(text, read_mentions(text, ["ABCD"]), read_mentions(text, ["ABCD"]), {})


@pytest.mark.parametrize("text, chain", [("Never got to ABCD 210. ABCD 310 next term?", False),
                                         ("Never got to ABCD 210. every step to ABCD 310?", True)])
def test_a_course_alone_after_a_history_is_no_chain_question_however_sure_the_vector(text, chain):
    from rag.understand.reader import _planning_possible
    from rag.understand.slots import NOT_DONE, read_mentions

    mentions = read_mentions(text, ["ABCD"])
    mentions[0].role = NOT_DONE
    assert ("chain" in _planning_possible(text, mentions, mentions, {"chain": 0.9, "eligibility": 0.1})) == chain


def test_a_subject_code_named_as_a_group_also_stands_for_the_subject_name():
    from rag.understand.reader import _with_subject_names

    assert _with_subject_names(["CRWR"]) == ["CRWR", "creative writing"]
    assert _with_subject_names(["history"]) == ["history"]


@pytest.mark.parametrize("text, cue", [
    ("is WIDG 344 new this year?", True),
    ("is there a new prerequisite for WIDG 344?", True),
    ("brand new widgetry student with no courses: the whole chain to WIDG 344?", False),
    ("I'm new here, what do I need before WIDG 344", False),
    ("widg 395 working with gadgets - brand new course?", True),
    ("did WIDG 344 change from the previous calendar?", True),
    ("took WIDG 306 in my previous degree overseas. WIDG 406?", False),  # the student's past, not an edition
])
def test_new_said_of_the_student_is_no_change_cue(text, cue):
    from rag.understand.reader import CHANGE_CUE_RE

    assert (CHANGE_CUE_RE.search(text) is not None) == cue


@pytest.mark.parametrize("text, asks", [
    ("does WIDG 110 qualify me for WIDG 210?", True),
    ("would that make me eligible for WIDG 210", True),
    ("is WIDG 110 enough for WIDG 210?", True),
    ("with WIDG 110 absent from my record, am I eligible for WIDG 210?", False),  # the student's own history
])
def test_only_a_course_that_qualifies_makes_a_sufficiency_question(text, asks):
    from rag.understand.reader import _SUFFICES_RE

    assert (_SUFFICES_RE.search(text) is not None) == asks


@pytest.mark.parametrize("text", [
    "I'm a Biology major. Do ABCD 213 plus ABCD 221 cover the prereqs for ABCD 310?",
    "In Biology. are ABCD 213 and ABCD 221 enough for ABCD 310's prerequisites?",
])
def test_enough_for_a_named_courses_prerequisites_beside_a_program_asks_about_the_course(reader, text):
    # the program sentence tells who the student is: the courses are the premise asked about, not a history
    q = understand(text, reader)
    assert (q.intent, q.target, sorted(q.completed), q.unclear) == ("eligibility", "ABCD 310",
                                                                     ["ABCD 213", "ABCD 221"], [])


def test_enough_for_a_program_stays_a_program_question(reader):
    assert understand("is ABCD 221 enough for the Biology major?", reader).intent == "program_course"


def test_a_season_after_a_told_history_is_the_students_plan_not_a_timetable_question(reader):
    q = understand("ABCD 213 done, ABCD 221 failed. ABCD 310 this summer?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310"


def test_words_in_brackets_after_a_code_name_no_program():
    from rag.understand.reader import _without_codes
    from rag.understand.slots import read_mentions

    text = "ABCD 153 (Elements of Widgetry) is on my transcript. what does it feed into?"
    assert "Widgetry" not in _without_codes(text, read_mentions(text, ["ABCD"]), text)


def test_from_scratch_what_comes_before_a_course_is_its_whole_chain(reader):
    q = understand("if I'm starting from scratch, what do I need to take before ABCD 310?", reader)
    assert q.intent == "chain" and q.target == "ABCD 310"


@pytest.mark.parametrize("text, excluded", [
    ("Can I double count WIDG 200 and WIDG 251 for credit?", False),  # yes would mean both count
    ("would WIDG 200 and WIDG 251 be double counting?", True),        # yes would mean they exclude
])
def test_double_counting_asked_by_the_student_is_a_question_of_credit_for_both(text, excluded):
    from rag.understand.reader import _asks_excluded

    assert _asks_excluded(text) == excluded


def test_courses_supposed_done_are_done_on_the_way_to_a_course(reader):
    q = understand("if I've finished ABCD 213 and ABCD 221, what's left before ABCD 310?", reader)
    assert q.intent == "chain" and q.target == "ABCD 310"
    # supposed under "if": the rest of the chain is asked from there, so they are taken as done
    assert {"ABCD 213", "ABCD 221"} <= set(q.completed) and not {"ABCD 213", "ABCD 221"} & set(q.not_completed)


def test_a_negation_in_another_persons_words_leaves_nothing_unread(reader):
    q = understand("Half my class flunked ABCD 110; I got a B. Can I take ABCD 221?", reader)
    assert q.unresolved == ""


def test_one_course_put_in_anothers_place_is_a_fact_of_the_goal_not_a_history(reader):
    q = understand("could ABCD 120 stand in for ABCD 110 on the way to ABCD 221?", reader)
    assert q.intent == "need_check" and q.substitute is not None
    assert (q.substitute.substitute, q.substitute.replaced, q.targets) == ("ABCD 120", "ABCD 110", ["ABCD 221"])
    assert q.completed == [] and "can take ABCD 110's place for ABCD 221" in q.reading
    told = understand("I took ABCD 120 instead of ABCD 110. Can I take ABCD 221?", reader)
    assert told.substitute is None and told.completed == ["ABCD 120"]  # a history, asked as eligibility


def test_what_to_take_at_the_same_time_as_a_course_asks_its_corequisites(reader):
    assert understand("what do I have to be registered in at the same time as ABCD 221?", reader).intent == "coreq_of"


def test_a_supposition_in_other_words_is_the_premise_and_all_it_takes_asks_sufficiency(reader):
    q = understand("Let's imagine I get through ABCD 210 in first term. Would ABCD 310 work the term after?", reader)
    assert q.assumed == ["ABCD 210"] and q.completed == []
    assert understand("is ABCD 110 plus ABCD 120 all it takes for ABCD 221?", reader).asks_sufficiency


def test_a_story_told_in_sentences_of_its_own_does_not_make_the_question_leave_the_calendar(reader):
    q = understand("ABCD 210 got dropped from my schedule because of a timetable conflict; EFGH 200 went fine. "
                   "Is WIDG 321 open to me?", reader)
    assert q.intent == "eligibility" and q.target == "WIDG 321"
    assert understand("I passed ABCD 210. Who teaches WIDG 321 this fall?", reader).intent == "decline"
    # the same where the story tells no course done: its teacher is part of what happened, not what is asked
    q = understand("The prof let me sit in on ABCD 210 lectures last year. ABCD 310 now?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310"


def test_a_prerequisite_asked_right_after_a_history_told_done_asks_whether_it_is_met(reader):
    q = understand("Hi, ABCD 210 is credited to me (B). Planning to add ABCD 310 to my timetable. "
                   "Any prerequisite issue?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.completed == ["ABCD 210"]
    assert understand("What are the prerequisites of ABCD 310?", reader).intent == "prereq_of"


def test_a_course_told_done_in_a_skip_question_is_the_route_not_a_course_to_skip(reader):
    q = understand("Can I skip ABCD 210 for ABCD 310 if I've already done ABCD 213?", reader)
    assert q.asks_skip and q.asked == ["ABCD 210"] and q.completed == ["ABCD 213"]
    q = understand("I haven't done ABCD 213. Can I skip ABCD 210 and still take ABCD 310?", reader)
    assert q.asks_skip and q.asked == ["ABCD 210"] and q.not_completed == ["ABCD 213"]


def test_a_course_told_not_done_in_a_skip_question_is_not_a_goal(reader):
    q = understand("Can I skip ABCD 210 for ABCD 310 if I don't have ABCD 213 either", reader)
    assert q.asks_skip and q.targets == ["ABCD 310"] and q.asked == ["ABCD 210"] and q.not_completed == ["ABCD 213"]
    q = understand("Can I skip ABCD 210 for ABCD 310 if I also haven't done ABCD 213?", reader)
    assert not q.parts and q.targets == ["ABCD 310"] and q.not_completed == ["ABCD 213"]


def test_a_course_supposed_done_in_a_skip_question_is_the_route_not_a_course_ruled_out(reader):
    q = understand("Can I skip ABCD 210 and still take ABCD 310 if I did ABCD 213?", reader)
    assert q.asks_skip and q.asked == ["ABCD 210"] and q.completed == ["ABCD 213"] and q.not_completed == []


def test_a_course_told_not_done_elsewhere_is_history_not_a_second_course_asked(reader):
    from rag.understand.reader import _targets
    from rag.understand.slots import NOT_DONE, TARGET, CodeMention

    text = "waitlisted for ABCD 210. Can I do ABCD 310 without having ABCD 210?"
    mentions = [CodeMention("ABCD 210", 15, 23, role=TARGET), CodeMention("ABCD 310", 36, 44, role=TARGET),
                CodeMention("ABCD 210", 60, 68, role=NOT_DONE)]
    assert _targets(mentions, text) == ["ABCD 310"]


def test_courses_skipped_together_are_all_left_out(reader):
    q = understand("can I skip both ABCD 210 and ABCD 213 and still do ABCD 310?", reader)
    assert q.asks_skip and q.targets == ["ABCD 310"] and set(q.not_completed) == {"ABCD 210", "ABCD 213"}
    q = understand("can I skip ABCD 210 and ABCD 310?", reader)  # no third course: the second is the goal
    assert q.targets == ["ABCD 310"] and q.asked == ["ABCD 210"]


@pytest.mark.parametrize("best, asks", [("not_done", True), ("planned", True), ("asked", False)])
def test_a_course_alone_after_one_the_reader_could_not_settle_is_asked_about(best, asks):
    from rag.understand.reader import _asks_next_course
    from rag.understand.slots import CodeMention

    text = "ABCD 210 is somewhere in my plans. ABCD 310 ok?"
    unsure = CodeMention("ABCD 210", 0, 8, status="unclear", best=best)
    asked = CodeMention("ABCD 310", 35, 43, status="asked", best="asked")
    assert _asks_next_course([unsure, asked], text) == asks
    assert not _asks_next_course([asked], text)  # the course asked is no history of its own


@pytest.mark.parametrize("text, asked", [
    ("I have ABCD 210 on a list. ABCD 310 this fall?", True),    # a time beside the course alone asks about it
    ("I have ABCD 210 on a list and ABCD 310 this fall?", False),  # one sentence: a history, not a course alone
    ("I have ABCD 210 on a list. ABCD 310 this fall.", False),     # not asked
])
def test_a_course_alone_with_a_time_after_a_history_is_the_course_asked_about(text, asked):
    from rag.understand.reader import _asks_next_course, _planned_tail, _targets
    from rag.understand.slots import CodeMention

    start = text.index("ABCD 310")
    done = CodeMention("ABCD 210", 7, 15, status="unclear", best="not_done")  # unsettled: the fallback target
    later = CodeMention("ABCD 310", start, start + 8, role="not completed", status="not_done", best="in_progress")
    assert (_planned_tail([done, later], text) is later) == asked
    assert _asks_next_course([done, later], text) == asked
    assert (_targets([done, later], text) == ["ABCD 310"]) == asked


def test_a_course_alone_after_one_said_missing_is_an_eligibility_question(reader):
    q = understand("there's no abcd210 anywhere on the transcript lol. abcd310?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.not_completed == ["ABCD 210"]


def test_a_course_asked_alongside_one_under_way_is_an_eligibility_question(reader):
    q = understand("currently doing ABCD 210 \u2014 can ABCD 310 Mechanics II be taken simultaneously?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and "ABCD 210" in q.not_completed


def test_a_word_of_taking_together_asks_one_courses_corequisites(reader):
    q = understand("Which courses have to be taken alongside ABCD 221?", reader)
    assert q.intent == "coreq_of" and q.target == "ABCD 221"


def test_a_need_question_in_words_the_need_lexicon_lacks_is_pointed_by_the_polarity_classifier(reader):
    q = understand("Is there a way around ABCD 210 for ABCD 310?", reader)
    assert q.intent == "need_check" and q.asks_direction and q.asks_skip


def test_a_supposition_that_a_course_is_still_running_is_no_premise_of_completing_it(reader):
    q = understand("can I take ABCD 310 if ABCD 210 is still in progress?", reader)
    assert q.intent == "eligibility" and "ABCD 210" not in q.assumed and "ABCD 210" in q.not_completed
    q = understand("if I pass ABCD 210 this term, can I take ABCD 310 next term?", reader)
    assert "ABCD 210" in q.assumed


def test_a_last_sentence_relating_two_courses_is_no_bare_course_asked_after_a_history():
    from rag.understand.reader import _bare_course_tail

    assert _bare_course_tail("did ABCD 110 but skipped ABCD 120. ABCD 210 ok?")
    assert not _bare_course_tail("i did ABCD 120 instead. does ABCD 310 really need ABCD 210?")


def test_how_many_credits_of_a_course_a_program_lists_asks_for_a_number(reader):
    q = understand("how many creds is the mech eng design course ABCD 221", reader)
    assert q.intent == "credits" and q.target == "ABCD 221"


def test_courses_planned_in_time_order_ask_whether_the_order_works_not_a_timetable(reader):
    q = understand("ABCD 210 in the fall then ABCD 310 in the spring - good?", reader)
    assert q.intent == "eligibility"


@pytest.mark.parametrize("text, duty, skip", [("In Applied Widgets, is ABCD 221 required?", True, False),
                                              ("is ABCD 221 mandatory in the Applied Widgets program?", True, False),
                                              ("Is ABCD 221 part of the Applied Widgets program?", False, False),
                                              ("is ABCD 221 optional in the Applied Widgets program?", False, True),
                                              ("Applied Widgets: ABCD 221 mandatory or optional?", True, False)])
def test_a_program_course_question_says_whether_it_asks_for_a_requirement(reader, text, duty, skip):
    q = understand(text, reader)
    assert q.intent == "program_course" and q.asks_duty == duty and q.asks_skip == skip


def test_is_that_all_a_course_needs_asks_whether_the_history_suffices(reader):
    q = understand("i've got ABCD 213 under my belt, is that all ABCD 310 needs?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310"


@pytest.mark.parametrize("text, yes_no", [("For ABCD 310, would either ABCD 213 or ABCD 221 count?", True),
                                          ("Quick one: is ABCD 213 needed?", True),
                                          ("what are the prereqs of ABCD 213, and is it hard?", False),
                                          ("quick one - is ABCD 213 a 4 credit course?", True),
                                          ("ABCD 213 is 3 credits right? planning my load", True),
                                          ("which of ABCD 213 and ABCD 221 is right?", False)])
def test_a_yes_no_question_may_open_with_a_short_lead_in(text, yes_no):
    from rag.understand.reader import _asks_yes_no
    assert _asks_yes_no(text) == yes_no


@pytest.mark.parametrize("text, membership", [
    ("For ABCD 310, would either ABCD 213 or ABCD 221 count as the prerequisite?", True),
    ("would ABCD 213 or ABCD 221 by itself get me into ABCD 310?", False),  # whether either alone is enough
])
def test_alternatives_asked_as_options_or_as_enough(reader, text, membership):
    q = understand(text, reader)
    assert q.intent == "eligibility" and q.asks_membership == membership


def test_the_only_course_told_meeting_a_prerequisite_asks_whether_it_suffices(reader):
    q = understand("I only have ABCD 110 - would it meet ABCD 221's prerequisites?", reader)
    assert q.intent == "eligibility" and q.completed == ["ABCD 110"] and q.targets == ["ABCD 221"]


def test_the_course_a_skip_word_points_at_is_not_done_and_an_option_asked_is_asked_of_the_prerequisite(reader):
    q = understand("Could I pass over ABCD 210 yet get into ABCD 310?", reader)
    assert q.asks_skip and q.not_completed == ["ABCD 210"] and q.unclear == []
    # whether B's prerequisite takes A ("Yes, as one option"), not whether A alone would let the student in
    option = understand("is abcd213 a valid option for abcd310", reader)
    assert option.asks_membership and option.asked == ["ABCD 213"] and option.targets == ["ABCD 310"]


def test_a_course_taken_alongside_asks_for_corequisites(reader):
    assert understand("What needs to be taken alongside ABCD 221?", reader).intent == "coreq_of"


def test_a_course_inside_the_skip_words_is_the_one_skipped(reader):
    q = understand("Would it be ok if I leave ABCD 210 aside, then get into ABCD 310 anyway?", reader)
    assert q.asks_skip and q.not_completed == ["ABCD 210"]


@pytest.mark.parametrize("text", [
    "I cleared ABCD 199 already. Would ABCD 310 still count for credit?",
    "got ABCD 199 done last year; does ABCD 310 give me credit too?",
])
def test_credit_asked_beside_a_course_with_no_entry_is_about_the_two(reader, text):
    # ABCD 199 has no entry here: the question still names two courses, so it asks about credit for both,
    # not whether ABCD 310 may be taken
    q = understand(text, reader)
    assert q.intent == "exclusion" and q.entities.unknown_courses == ["ABCD 199"], (q.intent, q.entities)


def test_one_course_with_credit_words_but_no_exclusion_word_is_not_an_exclusion_question(reader):
    assert understand("does ABCD 310 still count for credit in my degree?", reader).intent != "exclusion"


def test_the_course_before_a_skip_adjective_is_the_one_skipped_not_the_goal_after_it(reader):
    # "avoidable for C" names C as the goal; the course skipped is never counted as had, even where "I only
    # have B" makes the rest a premise
    q = understand("is ABCD 210 avoidable for ABCD 310? I only have ABCD 110 so far and my timetable is full",
                   reader)
    assert "ABCD 210" in q.not_completed and "ABCD 210" not in q.completed, (q.completed, q.not_completed)


def test_with_every_course_told_the_one_asked_is_not_one_said_done():
    from rag.understand.reader import _targets
    from rag.understand.slots import DONE, NOT_DONE, read_mentions

    text = "ABCD 310 minus ABCD 213? I have ABCD 110 and ABCD 120"
    mentions = read_mentions(text, SUBJECTS)
    for m, role in zip(mentions, (NOT_DONE, NOT_DONE, DONE, DONE)):
        m.role = role
    assert _targets(mentions, text) == ["ABCD 213"]


def test_double_count_as_a_verb_asks_whether_both_count(reader):
    from rag.understand.reader import _asks_excluded

    assert not _asks_excluded("would ABCD 110 and ABCD 120 double count?")
    assert _asks_excluded("is taking ABCD 120 after ABCD 110 double counting?")
    assert understand("I passed ABCD 199. would ABCD 310 double count?", reader).intent == "exclusion"


def test_a_course_said_in_progress_is_taken_alongside(reader):
    q = understand("ABCD 213 is in progress for me this fall. Can I take ABCD 310 this fall?", reader)
    assert q.target == "ABCD 310" and q.concurrent == ["ABCD 213"], (q.target, q.concurrent, q.not_completed)


@pytest.mark.parametrize("text", [
    "I did a stats course in Ontario, still waiting to hear if it transfers as ABCD 213, nothing's posted on my "
    "transcript yet. Can I take ABCD 310 next term?",
    "I took ABCD 213 over the summer, nothing's posted on my record yet. Can I take ABCD 310?",
])
def test_a_course_whose_credit_is_still_awaited_is_not_done(reader, text):
    q = understand(text, reader)
    assert q.not_completed == ["ABCD 213"] and q.target == "ABCD 310", (q.completed, q.not_completed, q.unclear)


def test_the_same_as_for_credit_asks_whether_the_two_are_excluded():
    from rag.understand.reader import _asks_excluded

    assert _asks_excluded("Is ABCD 110 the same as EFGH 100 for credit?")


def test_the_reader_finds_the_ask_and_what_it_counts_toward():
    from rag.understand.reader import _CREDIT_TOWARD_RE, _credit_group

    assert _credit_group("does ABCD 213 count as credit toward a BSc?") == "BSc"
    assert _credit_group("bsc student - does ABCD 213 count for credit toward my degree?") == "degree"
    assert _CREDIT_TOWARD_RE.search("can I get credit for ABCD 310 as an elective?")
    assert not _CREDIT_TOWARD_RE.search("does ABCD 110 count toward the prerequisite for ABCD 210?")
    assert not _CREDIT_TOWARD_RE.search("how many credits is ABCD 110?")


def test_a_credit_count_offered_to_be_checked_is_read():
    from rag.understand.slots import read_credits_asked

    assert read_credits_asked("is ABCD 213 a 4 credit course?") == 4.0
    assert read_credits_asked("ABCD 213 is 1.5 credits, right?") == 1.5
    assert read_credits_asked("is ABCD 213 3 or 6 credits?") == 0.0  # two counts: neither is the one asked
    assert read_credits_asked("how many credits is ABCD 213?") == 0.0


def test_same_course_and_credit_for_both_asked_together_are_one_exclusion_question(reader):
    q = understand("are ABCD 213 and ABCD 221 the same thing? can i get credit for both", reader)
    assert q.intent == "exclusion" and not q.parts and not q.asks_excluded


@pytest.mark.parametrize("text", ["asking for my brother who failed ABCD 110 - is ABCD 221 still open to him?",
                                  "I'm doing ABCD 110 in summer, will ABCD 210 be open in fall?"])
def test_open_after_a_told_status_asks_whether_the_course_admits_the_student(reader, text):
    assert understand(text, reader).intent == "eligibility"


def test_a_pair_asked_to_count_beside_a_course_told_not_taken_is_the_pair(reader):
    q = understand("Will ABCD 110 and ABCD 120 both count? I haven't taken ABCD 210.", reader)
    assert q.intent == "exclusion" and q.targets == ["ABCD 110", "ABCD 120"] and q.not_completed == ["ABCD 210"]


@pytest.mark.parametrize("text, ruled_out", [
    ("taking ABCD 110 this term but not ABCD 120. can I do ABCD 210 this term?", ["ABCD 120"]),
    ("can I take ABCD 210 this term without ABCD 110?", ["ABCD 110"]),
    ("I won't be taking ABCD 110 this semester. can i register in ABCD 210?", ["ABCD 110"]),
    ("I never took ABCD 110. can I take ABCD 210?", []),  # not done, but nothing said of taking it alongside
])
def test_a_course_ruled_out_alongside_the_one_asked_is_read(reader, text, ruled_out):
    assert understand(text, reader).not_taking == ruled_out


def test_what_is_left_of_a_year_if_a_course_is_done_takes_the_course_as_done(reader):
    q = understand("I'm in year 2 of Mechanical Engineering. what is left for me this year if I've done ABCD 210?",
                   reader)
    assert q.intent == "program_left" and q.completed == ["ABCD 210"] and q.year == 2


@pytest.mark.parametrize("text", ["do ABCD 101 and ABCD 102 both earn credit or are they mutually exclusive",
                                  "ABCD 302 and ABCD 402 double count or nah",
                                  "took ABCD 477 in undergrad, now want ABCD 577. both credited?"])
def test_asked_both_ways_the_lead_answers_whether_both_count(text):
    from rag.understand.reader import _asks_excluded

    assert not _asks_excluded(text)


def test_a_lead_in_ended_by_dots_still_asks_yes_or_no():
    from rag.understand.reader import _asks_yes_no

    assert _asks_yes_no("ABCD 388 and EFGH 388... would i get 6 credits total if i take both")


@pytest.mark.parametrize("text", ["Can someone map out every course I need before ABCD 324?",
                                  "could you outline the whole route to ABCD 324", "can u sketch the path to ABCD 324"])
def test_a_request_to_lay_something_out_asks_for_it_not_yes_or_no(text):
    from rag.understand.reader import _asks_yes_no

    assert not _asks_yes_no(text)


def test_a_first_question_naming_one_course_heads_the_question(reader):
    q = understand("abcd 210 next term? im a major but i W'd out of abcd 110 in october", reader)
    assert (q.target, q.not_completed) == ("ABCD 210", ["ABCD 110"])


def test_can_i_sign_up_beside_a_prerequisite_question_takes_no_verdict_word(reader):
    q = understand("What do I need for ABCD 310 - can I just sign up for it?", reader)
    assert q.intent == "prereq_of" and not q.yes_no


def test_a_course_asked_for_someone_else_is_a_question_of_taking_it():
    from rag.understand.reader import _CAN_TAKE_RE

    # "my son is in the Biology program. can he take A?": his eligibility, not whether the program lists A
    assert _CAN_TAKE_RE.search("My son is in the Biology program. Can he take ABCD 110 in his first year?")


@pytest.mark.parametrize("text, under_way", [
    ("passed ABCD 110, taking ABCD 213 this term. ABCD 310 too?", ["ABCD 213"]),
    ("passed ABCD 110. ABCD 213 next year, ABCD 310 this term?", []),
])
def test_a_course_under_way_now_is_told_apart_from_one_only_planned(reader, text, under_way):
    assert understand(text, reader).under_way == under_way


def test_a_plan_asked_to_satisfy_a_course_supposes_the_earlier_course_never_has_it(reader):
    q = understand("grad here - ABCD 210 this year, ABCD 310 next year. that's the plan. does that satisfy ABCD 310?",
                   reader)
    assert (q.target, q.completed, q.assumed) == ("ABCD 310", [], ["ABCD 210"])


def test_a_program_by_its_short_name_beside_a_year_asked_with_what_is_left_is_the_program(reader):
    # "mech" is the program's short name, and courses are named too: the year and "other courses" ask for the
    # rest of the program's year, not what the courses open
    q = understand("mech 2nd year - I already have ABCD 210 and ABCD 213. what other year 2 courses do i need?", reader)
    assert (q.intent, q.entities.programs, q.year) == ("program_left", ["Mechanical Engineering"], 2)


def test_a_number_of_credits_asked_after_a_topic_lead_in_is_a_credits_question():
    from rag.understand.reader import _calendar_reading_first

    # the topic words of a lead-in pull the sentence vector to a general question; the number asked decides
    feasible = [("other", 0.3), ("credits", 0.1), ("decline", 0.04)]
    for part in ("Looking at the widget theory course. Is ABCD 310 3 credits?", "widget theory: how many credits is ABCD 310"):
        assert _calendar_reading_first(feasible, ["ABCD 310"], [], part)[0][0] == "credits"
    assert _calendar_reading_first(feasible, ["ABCD 310"], [], "how does Credit/D/Fail apply to ABCD 310")[0][0] == "other"


def test_a_prereq_for_anything_asks_what_the_course_leads_to():
    from rag.understand.reader import _calendar_reading_first

    feasible = [("prereq_of", 0.4), ("reverse_prereq", 0.3)]
    for part in ("is ABCD 110 a prereq for anything?", "is ABCD 110 a pre-req for any other courses"):
        assert _calendar_reading_first(feasible, ["ABCD 110"], [], part)[0][0] == "reverse_prereq"
    assert _calendar_reading_first(feasible, ["ABCD 110"], [], "what is the prereq for ABCD 110")[0][0] == "prereq_of"


def test_a_student_new_to_a_field_is_about_the_student_not_a_new_course():
    from rag.understand.reader import _about_the_student
    from rag.understand.slots import read_mentions

    text = "Urban widgetry, brand new. Everything I need before the ABCD 410 capstone studio?"
    assert _about_the_student(text, read_mentions(text, SUBJECTS))
    text = "is ABCD 410 brand new this year?"
    assert not _about_the_student(text, read_mentions(text, SUBJECTS))


def test_it_in_a_part_that_names_only_history_is_the_course_asked_before(reader):
    q = understand("never took the ABCD 120 seminar. how many credits is ABCD 410 and can I take it without "
                   "ABCD 120?", reader)
    assert [(p.intent, p.target) for p in q.parts] == [("credits", "ABCD 410"), ("eligibility", "ABCD 410")]
    assert q.parts[1].not_completed == ["ABCD 120"]


def test_a_course_told_as_never_taken_is_not_summed_into_a_credit_question(reader):
    q = understand("I never took ABCD 120. how many credits is ABCD 410?", reader)
    assert q.intent == "credits" and q.targets == ["ABCD 410"]
    planned = understand("Taking ABCD 110, ABCD 120 and ABCD 210 next year. How many credits is that altogether?",
                         reader)
    assert planned.intent == "credits_total" and len(planned.targets) == 3  # courses planned are summed


def test_a_word_of_skipping_never_reaches_past_the_end_of_its_sentence(reader):
    q = understand("My supervisor said ABCD 213 was optional so I skipped it. Is ABCD 310 open to me?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.not_completed == ["ABCD 213"]


def test_credit_the_student_says_they_lack_asks_nothing_of_credit():
    from rag.understand.reader import _calendar_reading_first

    feasible = [("exclusion", 0.2), ("eligibility", 0.16), ("need_check", 0.1)]
    lacked = "can i skip ABCD 213 for ABCD 310? I don't have credit for it"
    assert _calendar_reading_first(feasible, ["ABCD 213", "ABCD 310"], [], lacked)[0][0] == "eligibility"
    asked = "I don't have credit for ABCD 213. can I get credit for both ABCD 213 and ABCD 310?"
    assert _calendar_reading_first(feasible, ["ABCD 213", "ABCD 310"], [], asked)[0][0] == "exclusion"


def test_a_history_told_in_an_earlier_sentence_makes_qualify_me_for_an_eligibility_question():
    from rag.understand.reader import _calendar_reading_first

    feasible = [("eligibility", 0.5), ("unlocks", 0.07), ("prereq_of", 0.03)]
    part = "Does that qualify me for ABCD 410?"  # after "I've completed ABCD 310." (a part of its own)
    assert _calendar_reading_first(feasible, ["ABCD 410"], [], part, True)[0][0] == "eligibility"
    assert _calendar_reading_first(feasible, ["ABCD 410"], [], part, False)[0][0] == "prereq_of"  # nothing told


def test_a_course_told_done_in_words_of_its_own_is_not_summed_into_a_credit_question(reader):
    q = understand("I've completed ABCD 310 and passed. How many credits is ABCD 410, and can I do it next term?",
                   reader)
    assert [(p.intent, p.targets) for p in q.parts] == [("credits", ["ABCD 410"]), ("eligibility", ["ABCD 410"])]


def test_a_reason_then_a_question_after_and_is_a_part_of_its_own():
    assert split_parts("What's ABCD 410 worth credit-wise, and since I'm doing ABCD 310 this term could I take "
                       "ABCD 410 at the same time?") == [
        "What's ABCD 410 worth credit-wise", "since I'm doing ABCD 310 this term could I take ABCD 410 at the same time?"]
    assert len(split_parts("can I take ABCD 410, and since when is it offered")) == 1  # no question of its own


def test_a_pair_asked_to_count_as_well_after_a_course_told_had_is_an_exclusion_question():
    from rag.understand.reader import _calendar_reading_first

    feasible = [("other", 0.34), ("eligibility", 0.16), ("exclusion", 0.13)]
    part = "Will ABCD 410 count as well?"  # after "I transferred in with ABCD 310 credit."
    assert _calendar_reading_first(feasible, ["ABCD 410"], [], part, True)[0][0] == "exclusion"
    assert _calendar_reading_first(feasible, ["ABCD 410"], [], part, False)[0][0] == "other"


def test_a_course_asked_about_beside_a_program_and_a_history_is_no_program_rest(reader):
    q = understand("Applied Widgets: I've completed ABCD 310. How many credits is ABCD 410?", reader)
    assert q.intent != "program_left" and q.target == "ABCD 410"


@pytest.mark.parametrize("text, kind", [
    ("Do I need a B or better in my prereqs to get into ABCD 410?", "grade"),
    ("is there a minimum grade I need in ABCD 310 to take ABCD 410?", "grade"),
    ("do I need a C in ABCD 310 for ABCD 410?", "grade"),
    ("do i need instructor permission for ABCD 410?", "permission"),
    ("is departmental approval required for ABCD 410?", "permission"),
    ("Do I need fourth-year standing for ABCD 410?", "standing"),
    ("is there a year standing requirement for ABCD 410?", "standing"),
    ("I'm in fourth year standing, can I take ABCD 410?", ""),
    ("Do I really have to be in fourth year to take ABCD 410?", "standing"),
    # a condition asked to be gone around, and a program asked for
    ("Can I skip getting the instructor's permission and just register for ABCD 410?", "permission"),
    ("Is the Co-op Coordinator's permission avoidable for ABCD 410?", "permission"),
    ("can I skip fourth-year standing and go straight into ABCD 410?", "standing"),
    ("Do I really have to be in the Gizmo program to take ABCD 410?", "program"),
    ("do I have to be a fourth-year Widget Studies major to take ABCD 410?", "program"),
    ("Can I skip being in the Ph.D. program and take ABCD 510 as a master's student?", "program"),
    ("Do I have to be a third-year student for ABCD 410?", "standing"),  # a year, not a program
    ("I'm in the Gizmo program, can I take ABCD 410?", ""),
    ("can I take ABCD 410 without ABCD 310 and with permission?", ""),
    # a grade or a permission told is not asked
    ("I got a B in ABCD 310. can I take ABCD 410?", ""),
    ("the prof gave me permission. can I take ABCD 410?", ""),
    ("do I need ABCD 310 for ABCD 410?", ""),
])
def test_a_condition_that_is_not_a_course_is_read_as_asked_only_with_a_word_of_need(text, kind):
    from rag.understand.reader import _condition_asked

    assert _condition_asked(text) == kind



def test_a_condition_asked_of_one_course_is_answered_as_asked_whatever_the_vector(reader):
    q = understand("Do I really need third-year standing in the Faculty of Science for ABCD 410?", reader)
    assert q.asks_condition == "standing" and q.target == "ABCD 410" and q.intent == "eligibility"
    without = understand("Can I get into ABCD 410 without fourth-year standing?", reader)
    assert without.asks_condition == "standing" and without.asks_skip  # going without it is the skip asked


def test_a_part_about_a_named_course_that_no_fact_reading_fits_is_answered_from_its_entry(reader):
    q = understand("Is ABCD 410 graded pass/fail? And can I do it in second year?", reader)
    assert sorted(p.intent for p in q.parts) == ["describe", "eligibility"]
    skip = understand("ABCD 410 - ABCD 310 can be skipped right? it doesnt have to come before?", reader)
    assert "describe" not in [p.intent for p in skip.parts]  # a requisite asked is never the entry's text


def test_in_a_story_the_course_the_question_sentence_names_is_weighed_against_what_was_done(reader):
    q = understand("I passed ABCD 110 last winter. I failed ABCD 120 and I'm planning to retake it. I'm also "
                   "thinking about ABCD 213 in the spring. Can I take ABCD 410 and have it count for credit too?", reader)
    assert q.intent == "exclusion" and q.target == "ABCD 410" and q.targets == ["ABCD 410", "ABCD 110"]
    assert q.completed == ["ABCD 110"] and "ABCD 410" not in q.not_completed


def test_one_of_a_credit_pair_told_before_the_asking_is_history(reader):
    dropped = understand("I enrolled in ABCD 310 last year but dropped it, so no grade. Will EFGH 200 count for credit?",
                         reader)
    assert dropped.intent == "exclusion" and dropped.not_completed == ["ABCD 310"] and dropped.completed == []
    taken = understand("I took ABCD 310 last year. Will EFGH 200 count for credit?", reader)
    assert taken.completed == ["ABCD 310"] and taken.not_completed == []


@pytest.mark.parametrize("text", [
    "mech 3rd yr: ABCD 300, ABCD 301 done, taking ABCD 331 now. what's remaining?",
    "mechanical engineering final yr: ABCD 370 done, ABCD 430 capstone in progress. how many credits left in year 4?",
])
def test_a_course_under_way_beside_a_program_year_asked_what_is_left_is_history_not_the_goal(reader, text):
    q = understand(text, reader)
    assert q.intent == "program_left" and q.entities.programs == ["Mechanical Engineering"]


@pytest.mark.parametrize("text, asked", [
    ("Can I skip ABCD 118 and count ABCD 310 toward my degree in its place?", True),
    ("would it count towards my degree?", True),
    ("does ABCD 310 count toward ABCD 410's prerequisite?", False),
])
def test_a_course_counted_toward_a_degree_asks_for_its_credit(reader, text, asked):
    assert understand(text, reader).asks_credit_toward == asked


@pytest.mark.parametrize("text", [
    "ABCD 110 — still on my to-do list. ABCD 210?",
    "ABCD 110 is still sitting on my list. ABCD 210?",
])
def test_a_course_asked_alone_after_another_told_of_is_no_edition_or_opens_question(reader, text):
    # "still" speaks of the first course, and nothing is told done for the second to follow from
    assert understand(text, reader).intent not in (*CHANGE_INTENTS, "unlocks")


def test_elective_credits_done_are_a_history_a_program_years_rest_is_asked_from(reader):
    q = understand("mechanical engineering year 2, I've knocked out 6 credits of electives. what's left this year?",
                   reader)
    assert q.intent == "program_left" and q.elective_credits == 6


@pytest.mark.parametrize("text, intent", [
    # planning one's courses is no chain word when the question asks what a course opens
    ("Which courses list ABCD 210 as a prerequisite? Trying to plan my 4th year abcd courses.", "reverse_prereq"),
    # asked of ubcal with "can you", a request for the way to a course, not whether the student may take it
    ("can you plan the path to ABCD 410 for me?", "chain"),
])
def test_plan_words_read_by_what_they_plan(reader, text, intent):
    assert understand(text, reader).intent == intent


@pytest.mark.parametrize("text", [
    "i didnt pas the prerequisit for ABCD 310 lol, can i stil regester for it",
    "Can I skip the prerequisite for ABCD 310? I know the material already.",
])
def test_a_prerequisite_said_not_done_in_words_asks_whether_the_course_is_open(reader, text):
    q = understand(text, reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and q.prerequisite_denied
    assert not q.unresolved  # the negation is placed, on the prerequisite


def test_a_need_question_then_a_course_alone_is_one_question_about_leaving_the_first_out(reader):
    q = understand("do i have to do ABCD 210? i did ABCD 120 instead. ABCD 310?", reader)
    assert not q.parts and q.target == "ABCD 310" and "ABCD 210" in q.not_completed


@pytest.mark.parametrize("text, done", [
    ("ABCD 110 and 120 are both done, abcd 210 after?", True),
    ("ABCD 110 and ABCD 120 were either passed or credited, abcd 210 next?", True),
    ("ABCD 110 and ABCD 120 are both booked for next term, abcd 210 after?", False),
])
def test_a_pair_word_inside_the_history_compares_nothing(reader, text, done):
    q = understand(text, reader)
    assert q.intent == "eligibility" and q.target == "ABCD 210"
    assert (set(q.completed) == {"ABCD 110", "ABCD 120"}) is done



@pytest.mark.parametrize("text", [
    "do i meet the prereq for ABCD 310?",
    "do i have the prerequisites for ABCD 310 yet",
    "have I got all the prereqs for ABCD 310?",
])
def test_a_question_of_the_students_own_record_against_a_prerequisite_asks_whether_they_may_take_it(reader, text):
    # not "does ABCD 310 have a prerequisite", whose "Yes" would read as a "Yes" to the student
    q = understand(text, reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and not q.completed


def test_what_a_need_word_is_for_is_the_goal_not_the_course_left_out(reader):
    # the course to leave out is named in words; the one the student did is their route, not the skipped one
    q = understand("Is intro widgets mandatory for ABCD 410 if I did the widget bits in EFGH 200? Can I skip it?",
                   reader)
    assert "ABCD 410" in (q.parts[0].targets if q.parts else q.targets)
    assert "ABCD 410" not in (q.parts[0].asked if q.parts else q.asked)


def test_a_student_spoken_of_as_you_asking_to_register_is_no_edition_question(reader):
    q = understand("If you've dodged every abcd course, could you still register for ABCD 310?", reader)
    assert q.intent not in CHANGE_INTENTS and q.target == "ABCD 310"


def test_credit_for_one_course_and_also_for_another_is_one_question_of_credit_for_both(reader):
    q = understand("Is it possible to earn credit for ABCD 210 and also for ABCD 213?", reader)
    assert not q.parts and q.intent == "exclusion" and set(q.targets) == {"ABCD 210", "ABCD 213"}


@pytest.mark.parametrize("text", [
    "Is ABCD 110 mandatory for ABCD 210, or can I jump in without it?",
    "Is ABCD 110 a must-have for ABCD 210 or just optional?",
    "Do I really need ABCD 110 before ABCD 210? My timetable is full, so can I go without the first?",
])
def test_a_need_asked_both_ways_is_read_as_whether_the_course_can_be_left_out(reader, text):
    q = understand(text, reader)
    assert not q.parts and q.intent == "need_check" and q.asks_skip
    assert q.asked == ["ABCD 110"] and q.target == "ABCD 210"


@pytest.mark.parametrize("text", [
    "mechanical engineering 2nd year. I've done ABCD 110 and ABCD 120, plus ABCD 210. What's left in year 2 + how many credits total?",
    "mechanical engineering 2nd year. I finished ABCD 110 and ABCD 120 last term, and ABCD 210 too. what remains this year, and how many credits is that?",
])
def test_a_years_rest_asked_with_its_credits_is_one_program_year_question(reader, text):
    q = understand(text, reader)
    assert q.intent == "program_left" and {"ABCD 110", "ABCD 120", "ABCD 210"} <= set(q.completed)



def test_a_season_asked_after_a_told_story_asks_when_to_take_the_course_not_what_the_calendar_lacks(reader):
    q = understand("ABCD 210 keeps getting pushed back on my schedule. ABCD 310 this fall?", reader)
    assert q.intent == "eligibility" and q.target == "ABCD 310" and "ABCD 210" in q.not_completed


def test_taking_a_course_off_the_plan_asks_to_leave_it_out(reader):
    q = understand("Is ABCD 110 needed for ABCD 210, or can I take ABCD 110 off my plan?", reader)
    assert q.intent == "need_check" and q.asks_skip


@pytest.mark.parametrize("text", [
    "did they change ABCD 310 prereqs since last year's calendar? i only remember it needing ABCD 210",
    "under my year's calendar (2025-26) what did ABCD 310 need to get in, and has that changed since?",
])
def test_a_change_asked_of_named_editions_is_a_change_question_though_a_course_is_told(reader, text):
    q = understand(text, reader)
    assert q.intent == "changed" and q.target == "ABCD 310" and "prerequisite" in q.change_facets


def test_a_students_own_way_in_asked_beside_the_editions_stays_their_question(reader):
    q = understand("took ABCD 210 last year. heard ABCD 310's prereq changed in the new calendar - can I still take it?",
                   reader)
    assert q.intent not in CHANGE_INTENTS


def test_a_condition_then_an_auxiliary_asks_yes_or_no(reader):
    assert understand("if i do ABCD 210 and then ABCD 213 will i get 6 credits total", reader).yes_no
    assert not understand("if I take ABCD 210 what can I take next", reader).yes_no


@pytest.mark.parametrize("text", [
    "Is ABCD 110 one of the accepted courses for ABCD 310?",
    "would ABCD 110 work as the intro course for ABCD 310?",
])
def test_whether_a_course_is_among_anothers_options_is_a_need_question_not_the_students_record(reader, text):
    q = understand(text, reader)
    assert q.intent == "need_check" and q.target == "ABCD 310" and q.asked == ["ABCD 110"]


def test_a_course_of_the_sentence_that_asks_is_the_one_asked_not_one_of_the_story(reader):
    q = understand("Is ABCD 410 an option for me next term? I'm pretty sure I passed ABCD 310 in the fall but I "
                   "never actually looked at the final grade.", reader)
    assert q.target == "ABCD 410" and "ABCD 310" not in q.completed


def test_the_one_course_the_student_is_thinking_of_taking_is_what_it_stands_for(reader):
    q = understand("Thinking about ABCD 410 next term. ABCD 210 went badly and I got an F. I'm in EFGH 100 right "
                   "now and ABCD 110 is done. Would I be able to take it?", reader)
    assert q.target == "ABCD 410"


def test_a_question_opening_with_when_asks_no_yes_or_no(reader):
    assert not understand("When should I take ABCD 310?", reader).yes_no


def test_a_noun_need_for_a_course_is_the_course_asked_not_the_goal(reader):
    q = understand("Is there a need for ABCD 110 if I want ABCD 210?", reader)
    assert q.target == "ABCD 210"


def test_an_own_record_question_beside_a_told_history_reads_the_history_as_told(reader):
    q = understand("do I meet the prereq for ABCD 310? I took ABCD 210 at Langara.", reader)
    assert q.intent == "eligibility" and "ABCD 210" not in q.completed


def test_a_course_asked_against_a_changed_prerequisite_stays_the_students_question(reader):
    q = understand("I only have ABCD 210. Since the new calendar changed ABCD 310's prerequisite, is ABCD 210 "
                   "enough now?", reader)
    assert q.intent not in CHANGE_INTENTS


@pytest.mark.parametrize("text, load", [
    ("I'm at 12 credits for the term. If I add ABCD 210, what's my total?", 12.0),
    ("currently sitting at 15 credits, whats my total if i add ABCD 210?", 15.0),
    ("I'm at 12 credits. How many credits is ABCD 210?", 0.0),  # no total asked: the course's own credits
])
def test_the_term_load_told_before_a_total_is_asked(reader, text, load):
    assert understand(text, reader).credit_load == load


def test_the_facet_of_the_clause_asking_what_changed_is_the_one_asked(reader):
    q = understand("did the credit count for ABCD 310 change? i know its called widget thesis now", reader)
    assert q.intent == "changed" and q.change_facets == ["credits"]


def test_counting_on_top_of_another_course_asks_whether_both_earn_credit(reader):
    q = understand("ABCD 210 this year, ABCD 213 next year. Will the second one count for anything on top of the "
                   "first?", reader)
    assert q.intent == "exclusion" and set(q.targets) == {"ABCD 210", "ABCD 213"}


def test_whether_a_course_told_counts_as_a_prereq_for_anything_asks_what_names_it(reader):
    q = understand("random q: I took ABCD 210 (widget theory). does it count as a prereq for anything else?", reader)
    assert q.intent in ("reverse_prereq", "unlocks")


def test_a_question_put_for_a_friend_is_no_edition_question(reader):
    q = understand("my friend passed ABCD 210 last year. she wants to know if ABCD 213 is something she can leave "
                   "out before signing up for ABCD 310.", reader)
    assert q.intent not in CHANGE_INTENTS
