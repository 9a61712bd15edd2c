"""The status of each course mention: its window, the bank, the classifier and how it meets the cue patterns.

The phrasings are written for these tests (made-up subjects); none is an evaluation question or a
bank example.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from rag.understand import status as st
from rag.understand.slots import DONE, NOT_DONE, NOT_UBC_COURSE, RESULT_UNKNOWN, RETAKEN, TARGET, read_mentions

SUBJECTS = ["ABCD", "EFGH"]


def _window(text: str, index: int) -> str:
    return st.mention_window(text, read_mentions(text, SUBJECTS), index)


@pytest.mark.parametrize("text, index, window", [
    # words after a joiner belong to the next course, words before it to the one before
    ("I took ABCD 110 and failed EFGH 100", 0, "I took ABC 100"),
    ("I took ABCD 110 and failed EFGH 100", 1, "failed ABC 100"),
    ("ABCD 110 is done, EFGH 100 in progress", 0, "ABC 100 is done"),
    ("ABCD 110 is done, EFGH 100 in progress", 1, "ABC 100 in progress"),
    # a list joined by commas and "and" shares its cue
    ("finished ABCD 110, ABCD 120 and EFGH 100", 2, "finished DEF 200, DEF 200 and ABC 100"),
    # a clause ends at "but"
    ("passed ABCD 110 but never got to EFGH 100", 1, "never got to ABC 100"),
    ("passed ABCD 110 but never got to EFGH 100", 0, "passed ABC 100"),
    # a clause pointing back ("it") before a comma is the course before's, not the next one's
    ("ABCD 110 got cancelled so I never finished it, EFGH 100?", 1, "ABC 100"),
    ("ABCD 110 got cancelled so I never finished ABCD 120, EFGH 100?", 2, "I never finished DEF 200, ABC 100"),
    # unless what follows names no course and asks nothing: the same course's story goes on
    ("failed ABCD 110 the first time but retook it and got a 72. may I take EFGH 100?", 0,
     "failed ABC 100 the first time but retook it and got a 72"),
    ("registered for ABCD 110 but never went, can I take EFGH 100", 0, "registered for ABC 100 but never went"),
    ("I took ABCD 110. Then I failed it.", 0, "I took ABC 100. Then I failed it"),
    # ... but a clause about courses in general tells the whole record, not this course's story
    ("ABCD 448 (honours seminar). zero psych courses on my record so far. list all i need before it", 0,
     "ABC 100 (honours seminar)"),
    ("done ABCD 352 (verse) but not the prose one. EFGH 402 possible?", 0, "done ABC 100 (verse)"),
    # a colon ends a heading: "I passed" is the next course's
    ("Mathematical Physics (ABCD 312): I passed EFGH 101", 0, "Mathematical Physics (ABC 100)"),
    # a contrast word right before the second course is that course's: "not" says nothing of the first
    ("had ABCD 110 not ABCD 120, can I take EFGH 100", 0, "had ABC 100"),
    ("had ABCD 110 not ABCD 120, can I take EFGH 100", 1, "not ABC 100"),
    ("took ABCD 110 instead of ABCD 120", 0, "took ABC 100"),
    # ... and a course added after it ("plus") shares the first course's words, not the contrast
    ("took ABCD 110 instead of ABCD 120, plus EFGH 100", 2, "took DEF 200, plus ABC 100"),
    ("took ABCD 110 instead of ABCD 120 and EFGH 100", 2, "instead of DEF 200 and ABC 100"),
    ("ABCD 110 without ABCD 120? I have EFGH 100", 0, "ABC 100"),  # "without" is the next course's word
    # a bracket opened before the next course holds that course's words
    ("I completed ABCD 110 (never took ABCD 120). EFGH 100?", 0, "I completed ABC 100"),
    # the question starts at "let me": its words say nothing of the course before
    ("Does having ABCD 110 under my belt let me sign up for EFGH 100?", 0, "Does having ABC 100 under my belt"),
])
def test_window_is_the_words_about_that_course(text, index, window):
    assert _window(text, index) == window


def test_bank_is_large_varied_and_free_of_real_codes():
    rows = st.load_bank()
    assert len(rows) >= 2000
    assert {r.label for r in rows} == set(st.STATUSES)
    assert len({r.family for r in rows}) >= 80
    assert not any(__import__("re").search(r"\b[A-Z]{2,4} ?\d{3}\b", line.replace(st.TARGET_MASK, "")
                                           .replace(st.OTHER_MASK, ""))
                   for line in (r.window for r in rows))


def test_a_malformed_bank_line_names_the_file_and_line(tmp_path):
    bank = tmp_path / "bank.jsonl"
    bank.write_text(json.dumps({"text": "took {X}", "status": "done"}) + "\n"
                    + json.dumps({"text": "took it", "status": "done"}) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bank\.jsonl:2: needs one \{X\}"):
        st.load_bank(bank)
    bank.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bank\.jsonl:1: not a status example"):
        st.load_bank(bank)


def test_a_negation_the_patterns_saw_is_never_turned_into_done():
    text = "never took ABCD 110"
    mentions = read_mentions(text, SUBJECTS)
    assert mentions[0].role == NOT_DONE
    st.settle_statuses(text, mentions, [st.Status("done", 0.99)])
    assert mentions[0].role == NOT_DONE


def test_a_course_told_not_taken_now_or_later_is_not_done_whatever_the_classifier_reads():
    text = "I won't be taking ABCD 110 this semester. can i register in EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("in_progress", 0.97), st.Status("asked", 0.99)])
    assert (mentions[0].role, mentions[0].cue) == (NOT_DONE, st.NOT_TAKING)
    again = "I'm not taking ABCD 110 again, I passed it. EFGH 100?"  # a course done before, not taken again
    mentions = read_mentions(again, SUBJECTS)
    st.settle_statuses(again, mentions, [st.Status("done", 0.9), st.Status("asked", 0.99)])
    assert mentions[0].cue != st.NOT_TAKING


def test_a_done_cue_stands_unless_the_clause_reads_otherwise():
    text = "with ABCD 110 can I take EFGH 100"
    mentions = read_mentions(text, SUBJECTS)
    assert mentions[0].role == DONE
    st.settle_statuses(text, mentions, [st.Status(st.UNCLEAR, 0.41, done=0.41), st.Status("asked", 0.9)])
    assert mentions[0].role == DONE
    st.settle_statuses(text, mentions, [st.Status("in_progress", 0.8), st.Status("asked", 0.9)])
    assert mentions[0].role == NOT_DONE


def test_a_done_cue_the_classifier_does_not_share_is_unclear_not_completed():
    text = "after failing ABCD 110 can I take EFGH 100"
    mentions = read_mentions(text, SUBJECTS)
    assert mentions[0].role == DONE  # the cue pattern reads "after A" as done
    st.settle_statuses(text, mentions, [st.Status(st.UNCLEAR, 0.6, done=st.CUE_DONE_FLOOR / 2),
                                        st.Status("asked", 0.9)])
    assert mentions[0].role == "" and mentions[0].status == st.UNCLEAR


def test_done_needs_more_than_the_other_readings():
    labels = list(st.STATUSES)
    between = (st.THRESHOLD + st.DONE_THRESHOLD) / 2
    done_row = np.array([between if x == "done" else (1 - between) / 4 for x in labels])
    planned_row = np.array([between if x == "planned" else (1 - between) / 4 for x in labels])
    assert st.decide(labels, done_row).label == st.UNCLEAR
    assert st.decide(labels, planned_row).label == "planned"


def test_a_reading_torn_between_the_not_completed_labels_is_not_completed():
    labels = list(st.STATUSES)
    torn = dict(done=0.03, not_done=0.15, in_progress=0.58, planned=0.23, asked=0.01)
    assert st.decide(labels, np.array([torn[x] for x in labels])).label == "not_done"  # never a premise
    # with "done" holding more than the rest, the same best guess stays unclear
    doubtful = dict(done=0.2, not_done=0.1, in_progress=0.5, planned=0.19, asked=0.01)
    assert st.decide(labels, np.array([doubtful[x] for x in labels])).label == st.UNCLEAR


def test_a_mention_no_cue_explains_is_unclear_unless_the_classifier_is_sure():
    text = "ABCD 110 then EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    assert mentions[0].role == ""
    st.settle_statuses(text, mentions, [st.Status(st.UNCLEAR, 0.45), st.Status("asked", 0.9)])
    assert mentions[0].role == "" and mentions[0].status == st.UNCLEAR
    st.settle_statuses(text, mentions, [st.Status("done", 0.9), st.Status("asked", 0.9)])
    assert mentions[0].role == DONE


@pytest.mark.parametrize("text, premise", [
    ("if I finish ABCD 110 over the summer can I take EFGH 100 in the fall", True),
    ("doing ABCD 110 in summer, then EFGH 100?", True),
    ("taking ABCD 110 this term, can I take EFGH 100 at the same time", False),
    ("ABCD 110 is on my plan for spring. can I take EFGH 100 now?", False),
])
def test_a_planned_course_is_the_premise_only_when_the_question_orders_it_first(text, premise):
    m = read_mentions(text, SUBJECTS)[0]
    assert st.is_premise(text, m) is premise


@pytest.fixture(scope="module")
def status_reader(embedder):
    return st.StatusReader(embedder.encode_queries, embedder.model_id)


@pytest.mark.parametrize("text, label", [
    ("I bailed on ABCD 110 after three weeks", "not_done"),
    # with the story and contrast banks this one reads not done at 0.67, under the threshold: unclear, which
    # no verdict counts as done either
    ("ABCD 110 is something I still have to get through", ("not_done", st.UNCLEAR)),
    ("got an A- in ABCD 110 last spring", "done"),
    ("I'm halfway through ABCD 110 at the moment", "in_progress"),
    ("I'll be doing ABCD 110 next winter", "planned"),
    ("failed ABCD 110 the first time but retook it and passed with a 68", "done"),
    ("registered for ABCD 110 but never showed up once", "not_done"),
])
def test_the_classifier_reads_wordings_no_pattern_lists(status_reader, text, label):
    mentions = read_mentions(text, SUBJECTS)
    assert status_reader.read(text, mentions)[0].label in ((label,) if isinstance(label, str) else label)


def test_a_list_of_courses_is_classified_as_one_course():
    text = "have ABCD 110, ABCD 120, EFGH 100 and EFGH 200 on my transcript"
    mentions = read_mentions(text, SUBJECTS)
    windows = {st.status_window(text, mentions, i) for i in range(len(mentions))}
    assert windows == {f"have {st.TARGET_MASK} on my transcript"}  # the same clause for each, wherever it stands
    text = "took ABCD 110, failed ABCD 120"  # words between: two clauses, two readings
    mentions = read_mentions(text, SUBJECTS)
    assert st.status_window(text, mentions, 0) != st.status_window(text, mentions, 1)


@pytest.mark.parametrize("text, labels", [
    ("finished ABCD 501, ABCD 502 planned for next term. what's left before ABCD 503?", ["done", "planned"]),
    ("done ABCD 200 and EFGH 211, and EFGH 371 is planned for next term. ABCD 452?", ["done", "done", "planned"]),
    ("I took ABCD 110, ABCD 120 last year. can I take ABCD 210?", ["done", "done"]),
    # an aside after a comma speaks of the whole list, and a tail read "done" makes nobody done
    ("Right now my courses include ABCD 101 and ABCD 102, my first econ courses ever. Can I add ABCD 335?",
     [("in_progress", "unclear"), ("in_progress", "unclear")]),
])
def test_a_list_with_a_status_on_each_side_that_disagree_is_two_reports(status_reader, text, labels):
    mentions = read_mentions(text, SUBJECTS)
    read = [s.label for s in status_reader.read(text, mentions)][:len(labels)]
    assert all(got in (want if isinstance(want, tuple) else (want,)) for got, want in zip(read, labels))


def test_a_course_being_retaken_is_the_premise_of_what_follows_it():
    text = "retaking ABCD 110 this summer, could I register for EFGH 100 in september assuming I pass?"
    mentions = read_mentions(text, SUBJECTS)
    assert mentions[0].role == NOT_DONE  # the cue pattern reads "retaking" as not done
    st.settle_statuses(text, mentions, [st.Status("in_progress", 0.95), st.Status("asked", 0.9)])
    assert mentions[0].role == NOT_DONE and mentions[0].assumed
    text = "failed ABCD 110, could I register for EFGH 100 in september?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("not_done", 0.95), st.Status("asked", 0.9)])
    assert not mentions[0].assumed


def test_what_someone_else_did_is_not_on_the_students_record():
    text = "my roommate took ABCD 110, so can I take EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("done", 0.95, done=0.95), st.Status("asked", 0.9)])
    assert mentions[0].role != DONE and mentions[0].status == st.UNCLEAR
    text = "my friend and I both took ABCD 110, so can I take EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("done", 0.95, done=0.95), st.Status("asked", 0.9)])
    assert mentions[0].role == DONE


def test_the_person_named_nearest_before_a_course_is_the_one_who_did_it():
    done = st.Status("done", 0.95, done=0.95)
    for theirs in ("the TA told me she took ABCD 110, so can I take EFGH 100?",
                   "my older cousin did ABCD 110 back in 2018. can I take EFGH 100?",
                   "apparently the whole lab group finished ABCD 110. can I take EFGH 100?"):
        assert _settled(theirs, done)[0].role != DONE, theirs
    for mine in ("my advisor says I'm fine since I took ABCD 110. can I take EFGH 100?",
                 "I'm a transfer student and passed ABCD 110. can I take EFGH 100?",
                 "Already passed ABCD 110. can I take EFGH 100?",
                 "Successfully completed ABCD 110 (70%). can I take EFGH 100?",
                 "Having done ABCD 110, can I take EFGH 100?"):
        assert _settled(mine, done)[0].role == DONE, mine
    # someone who only speaks of the course did not do it: the student's words decide
    assert _settled("my roommate says ABCD 110 doesn't matter, but I never took it. can I take EFGH 100?",
                    st.Status("not_done", 0.95))[0].role == NOT_DONE
    # asked for the other person: their record is the one the question is about
    assert _settled("my kid finished ABCD 110 with a B. can they take EFGH 100?", done)[0].role == DONE
    # a pass the student tells next is of the course it names, not of the other person's
    text = "My roommate passed ABCD 110 in 2024. I passed IJKL 101. Am I ready for EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [done, done, st.Status("asked", 0.9)])
    assert mentions[0].role != DONE and mentions[0].status == st.UNCLEAR and mentions[1].role == DONE
    # the student's own pass told right after, in the same sentence, with a letter grade and no article
    assert _settled("Half my residence floor dropped ABCD 110, I kept going and got B. EFGH 100?",
                    st.Status("not_done", 0.6))[0].role == DONE
    assert _settled("half my class flunked ABCD 110; I passed it though. EFGH 100?",
                    st.Status("not_done", 0.9))[0].role == DONE


@pytest.mark.parametrize("planned_when, asked_when, premise", [("next year", "this year", False),
                                                                ("this year", "next year", True),
                                                                ("in summer 2027", "in fall 2026", False),
                                                                ("in 2027", "in 2026", False),
                                                                ("in May 2026", "in Sept 2026", True)])
def test_a_planned_course_is_no_premise_of_a_course_asked_for_an_earlier_time(planned_when, asked_when, premise):
    text = f"my plan is ABCD 110 {planned_when} and EFGH 100 after that. can I take EFGH 100 {asked_when}?"
    mentions = read_mentions(text, SUBJECTS)
    planned = st.Status("planned", 0.97, done=0.0)
    st.settle_statuses(text, mentions, [planned, st.Status(st.UNCLEAR, 0.59), st.Status("asked", 0.99)])
    assert mentions[0].assumed == premise


@pytest.mark.parametrize("first, second, before", [
    ("summer 2027", "fall 2026", False), ("fall 2026", "spring 2027", True), ("April 2026", "June 2026", True),
    ("winter 2026", "fall 2026", None),  # Winter Session spans two calendar years: not ordered within one
    ("fall 2026", "fall 2026", None), ("in 2026", "next term", None)])
def test_dated_times_are_ordered_by_year_then_by_season(first, second, before):
    assert st._comes_before(first, second) == before


@pytest.mark.parametrize("text, premise", [
    ("Let's say ABCD 110 goes fine this term. Could I take EFGH 100 next term?", True),
    ("Let's say ABCD 110 doesn't go well this term. Could I take EFGH 100 next term?", False),
    ("My advisor and I mapped out ABCD 110 for year 2 and EFGH 100 for year 3. Does that work?", True),
    ("My advisor and I mapped out ABCD 110 for year 3 and EFGH 100 for year 2. Does that work?", False),
    # the completion supposed in the next sentence, of "that" / "it"
    ("I will do ABCD 110 this winter. Once that's done, can I take EFGH 100?", True),
])
def test_a_course_the_classifier_is_torn_on_is_the_premise_where_the_words_suppose_it_completed(text, premise):
    best = "planned" if "mapped" in text else "in_progress"
    m = _settled(text, st.Status(st.UNCLEAR, 0.45, done=0.3, best=best))[0]
    assert m.assumed == premise and m.role == NOT_DONE if premise else not m.assumed


def test_a_completion_told_of_the_next_sentences_course_supposes_nothing_of_this_one():
    text = "Can ABCD 110 go if I still want EFGH 100? IJKL 101 is already completed."
    mentions = read_mentions(text, SUBJECTS)
    torn = st.Status(st.UNCLEAR, 0.5, best="planned")
    st.settle_statuses(text, mentions, [st.Status("asked", 0.9), torn, st.Status("done", 0.95, done=0.95)])
    assert not mentions[1].assumed


@pytest.mark.parametrize("text, premise", [
    ("I'm doing ABCD 110 this summer; can I register for EFGH 100 in September if I pass?", True),
    ("I'm doing ABCD 110 this summer; can I register for EFGH 100 in September?", False),
    # two courses under way: whose pass "if I pass" supposes is not said
    ("I'm doing ABCD 110 and ABCD 120 this summer; can I register for EFGH 100 in September if I pass?", False),
])
def test_a_pass_supposed_after_the_question_is_of_the_one_course_under_way(text, premise):
    mentions = read_mentions(text, SUBJECTS)
    torn = st.Status("not_done", 0.53, done=0.0, best="planned")  # torn between planned and not done
    statuses = [torn] * (len(mentions) - 1) + [st.Status("asked", 0.9)]
    st.settle_statuses(text, mentions, statuses)
    assert mentions[0].assumed == premise


@pytest.mark.parametrize("text, premise", [
    # told "in progress" in words the patterns know, the course asked named with no word of asking
    ("ABCD 110 is in progress this term and EFGH 100 would be in January. OK, assuming a passing grade?", True),
    ("ABCD 110 is in progress this term and EFGH 100 would be in January. OK?", True),  # it ends with this term
    ("ABCD 110 is in progress this term and EFGH 100 would be this term too. OK?", False),
])
def test_a_pass_supposed_at_the_end_is_of_a_course_told_in_progress_too(text, premise):
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("in_progress", 0.99, best="in_progress"), st.Status("asked", 0.73)])
    assert mentions[0].role == "not completed" and mentions[0].assumed == premise


def test_a_course_under_way_is_the_premise_where_a_later_mention_supposes_it_completed():
    text = "ABCD 110 ends for me in April. If ABCD 110 goes fine, is EFGH 100 open in September?"
    mentions = read_mentions(text, SUBJECTS)
    running = st.Status("in_progress", 0.95, done=0.01)
    st.settle_statuses(text, mentions, [running, st.Status(st.UNCLEAR, 0.5), st.Status("asked", 0.9)])
    assert mentions[0].assumed
    text = "ABCD 110 ends for me in April. If ABCD 110 doesn't go well, is EFGH 100 open in September?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [running, st.Status(st.UNCLEAR, 0.5), st.Status("asked", 0.9)])
    assert not mentions[0].assumed


def test_a_stated_failing_mark_is_not_done_whatever_the_words_say():
    text = "finished ABCD 110 with 42, can I take EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("done", 0.9, done=0.9), st.Status("asked", 0.9)])
    assert mentions[0].role == NOT_DONE


def _settled(text: str, first: st.Status) -> list:
    """The mentions of ``text`` once settled, the first read as ``first`` and the second as asked."""
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [first, st.Status("asked", 0.9)])
    return mentions


@pytest.mark.parametrize("text, asked, own, later", [
    ("Could I take ABCD 110 now and push EFGH 100 to next year?", 0, 1, True),
    ("Could I take ABCD 110 now and EFGH 100 alongside?", 0, 1, False),
    ("Could I take ABCD 110 next year and EFGH 100 next year too?", 0, 1, False),  # both later: no order
    ("Could I take ABCD 110 in year 2 and EFGH 100 in year 3?", 0, 1, True),
    # a course asked for the same term as a later plan goes alongside it
    ("I'll be taking ABCD 110 next term - can I take EFGH 100 that same term?", 1, 0, False),
    ("I'll be taking ABCD 110 next term - can I take EFGH 100 now?", 1, 0, True),
    # a course put off past the course asked
    ("taking EFGH 100 this fall and pushing ABCD 110 to summer 2027, ok?", 0, 1, True),
    ("EFGH 100 in january and then ABCD 110 in the summer after, ok?", 0, 1, True),
    ("EFGH 100 in january and ABCD 110 in january too, ok?", 0, 1, False),
    # the asked course is timed by any of its clauses ("in the same term" is the asked course's too)
    ("i want to do EFGH 100 in term 1 and then ABCD 110 in term 2. can i take EFGH 100 first like that?", 2, 1, True),
    ("next fall I'm taking ABCD 110 and EFGH 100 in the same term. does that work for EFGH 100?", 2, 0, False),
    # a sequence word after the asked course's plan puts the next course after it, whatever the seasons' order
    ("ok for EFGH 100? I'd take EFGH 100 this September and then ABCD 110 in January.", 0, 2, True),
    ("ok for EFGH 100? I'd take EFGH 100 this September. then ABCD 110 in January.", 0, 2, False),
])
def test_a_planned_course_placed_after_the_course_asked_is_not_taken_alongside(text, asked, own, later):
    mentions = read_mentions(text, SUBJECTS)
    mentions[asked].role = TARGET
    assert st.placed_after_asked(text, mentions, own) == later


@pytest.mark.parametrize("text, before", [
    # words after the asked course put it before the plan just told
    ("My ABCD 110 placement got postponed to next summer. Can I take EFGH 100 before then?", True),
    ("ABCD 110 is next summer. can I do EFGH 100 in the meantime?", True),
    ("ABCD 110 is next summer. can I do EFGH 100 after that?", False),
])
def test_an_asked_course_put_before_the_plan_comes_first(text, before):
    mentions = read_mentions(text, SUBJECTS)
    mentions[1].role = TARGET
    assert st.asked_before_it(text, mentions, 0) == before
    assert st.placed_after_asked(text, mentions, 0) == before


@pytest.mark.parametrize("text, put_off", [
    ("pushed ABCD 110 to next year bc of workload. EFGH 100 this winter?", True),
    ("postponing my ABCD 110 until summer, EFGH 100 ok?", True),
    ("saving ABCD 110 (the lab one) for third year. EFGH 100?", True),
    ("pushed through ABCD 110 last year. EFGH 100?", False),  # no "to"/"until" after it: not put off
])
def test_a_course_put_off_is_planned_not_done(text, put_off):
    mentions = read_mentions(text, SUBJECTS)
    assert st._put_off(text, mentions[0]) == put_off


def test_a_stated_pass_is_a_done_cue_the_classifier_overrules_only_when_sure():
    text = "scraped a 55 in ABCD 110, can I take EFGH 100?"
    assert read_mentions(text, SUBJECTS)[0].role == ""
    assert _settled(text, st.Status("not_done", st.OVERRULE_THRESHOLD - 0.05, done=0.1))[0].role == DONE
    assert _settled(text, st.Status("not_done", 0.95, done=0.01))[0].role == NOT_DONE


def test_a_course_the_classifier_reads_as_done_is_history_even_after_a_target_word():
    text = "I already hold credit for ABCD 110. anything else before EFGH 100?"
    assert read_mentions(text, SUBJECTS)[0].role == TARGET  # "for A" reads as the course asked about
    assert _settled(text, st.Status("done", 0.95, done=0.95))[0].role == DONE


def test_a_target_word_gives_way_to_not_done_when_a_later_course_is_the_one_asked():
    text = "I enrolled for ABCD 110 but backed out in week two. EFGH 100 possible?"
    assert read_mentions(text, SUBJECTS)[0].role == TARGET  # "for A" reads as the course asked about
    assert _settled(text, st.Status("not_done", 0.7, done=0.05))[0].role == NOT_DONE
    # with no later course read as asked, an unsure "not done" leaves the target word standing
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("not_done", 0.7, done=0.05), st.Status("planned", 0.9)])
    assert mentions[0].role == TARGET


def test_a_friend_of_mine_did_it_is_not_the_students_record():
    text = "A friend of mine did ABCD 110 and says EFGH 100 is great. Can I register for EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    assert st.someone_else(text, mentions, 0)


def test_a_heading_course_the_classifier_reads_as_not_done_is_told_not_asked():
    text = "ABCD 302: never did it — EFGH 467 ok?"
    mentions = _settled(text, st.Status("not_done", 0.99, done=0.0))
    assert mentions[0].role == NOT_DONE
    assert _settled(text, st.Status(st.UNCLEAR, 0.5, done=0.3))[0].status == "asked"


@pytest.mark.parametrize("who", ["My neighbour", "my co-worker", "My niece", "my upper-year"])
def test_a_relative_or_acquaintance_did_it_is_not_the_students_record(who):
    text = f"{who} passed ABCD 110 last year. Is EFGH 100 open to me?"
    assert st.someone_else(text, read_mentions(text, SUBJECTS), 0)


def test_a_course_told_as_done_under_if_is_a_hypothesis_when_the_classifier_doubts_it():
    text = "Could I take EFGH 100 if I took ABCD 110?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("asked", 0.9), st.Status(st.UNCLEAR, 0.5, done=0.2)])
    assert mentions[1].role == NOT_DONE and mentions[1].assumed


@pytest.mark.parametrize("text, premise", [
    ("doing ABCD 409 in term 1 and want EFGH 459 in term 2. ok?", True),
    ("I'll pass ABCD 535 in block 2, then EFGH 561 in block 3", True),
    ("taking ABCD 121 and EFGH 123 both in term 1?", False),
    # seasons go round: "summer" then "this winter" may be the winter before, so "this" or "now" reads no order
    ("ABCD 202 is next on my list for summer. can i take EFGH 301 this winter?", False),
    ("ABCD 293 is on my list for spring, can I get into EFGH 355 now in the fall?", False),
    # one season ahead is an order; years are a scale of their own
    ("ABCD 295 in the autumn and EFGH 394 after New Year, fine?", True),
    ("ABCD 110 over the summer, EFGH 210 in september?", True),
    ("ABCD 260 lined up for year 2 and EFGH 360 for year 3?", True),
    ("ABCD 434 in fourth year and EFGH 311 in second year. Okay?", False),
    ("ABCD 294 next year?? can i do EFGH 454 this year", False),
    # "next" puts the later course's season after the first one's, however far round
    ("ABCD 217 is on my plan for spring and EFGH 218 for next fall. will that work?", True),
    ("ABCD 217 next spring and EFGH 218 this fall?", False),
])
def test_a_course_in_an_earlier_numbered_term_is_the_premise(text, premise):
    assert st.earlier_term(text, read_mentions(text, SUBJECTS)[0]) == premise


def test_finishing_a_course_before_registering_for_the_next_makes_it_the_premise():
    text = "Planning to finish ABCD 221 before I register for EFGH 368 next year. On track?"
    assert st.is_premise(text, read_mentions(text, SUBJECTS)[0])


@pytest.mark.parametrize("text", ["If only I'd stuck with ABCD 221 instead of dropping it. EFGH 434?",
                                  "I should have taken ABCD 221 last year. EFGH 434?"])
def test_a_course_wished_for_is_not_done_whatever_the_cue_says(text):
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status(st.UNCLEAR, 0.6, done=0.3, best="planned"),
                                        st.Status("asked", 0.9)])
    assert mentions[0].role == NOT_DONE and not mentions[0].assumed


def test_a_planned_premise_the_classifier_doubts_is_assumed_not_done():
    text = "if I pass ABCD 110 with ABCD 120 in summer, EFGH 200 in fall?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("planned", 0.8, done=0.1), st.Status("planned", 0.8, done=0.1),
                                        st.Status("asked", 0.9)])
    assert all(m.role == NOT_DONE and m.assumed for m in mentions[:2])


@pytest.mark.parametrize("text, hypothesis", [
    ("Could I take EFGH 317 if I did ABCD 200?", True),
    ("i have no clue if i did ABCD 200. can i take EFGH 317?", False),  # "if" is "whether" after a doubt
    ("not sure if I passed ABCD 200, EFGH 317 ok?", False),
])
def test_if_after_a_word_of_doubt_is_whether_not_a_supposition(text, hypothesis):
    course = next(m for m in read_mentions(text, SUBJECTS) if m.code == "ABCD 200")
    assert st.is_hypothesis(text, course) == hypothesis


@pytest.mark.parametrize("text, first", [
    ("my ABCD 200 transfer credit got rejected by the registrar. Can I take EFGH 300?", st.Status("done", 0.9, done=0.9)),
    ("UBC said no when I asked for ABCD 200 transfer credit. EFGH 300?", st.Status(st.UNCLEAR, 0.71, done=0.71)),
])
def test_credit_refused_for_a_course_taken_elsewhere_is_not_done(text, first):
    assert _settled(text, first)[0].role == NOT_DONE


@pytest.mark.parametrize("text", ["I took ABCD 200 at Langara (transfer credit pending). Can I take EFGH 300?",
                                  "ABCD 200 done, awaiting approval of the credit. EFGH 300?"])
def test_credit_held_back_is_not_done_however_sure_the_classifier_is(text):
    assert _settled(text, st.Status("done", 0.96, done=0.96))[0].role == NOT_DONE


def test_a_hypothesis_the_student_takes_back_is_not_assumed():
    text = "Suppose I'd passed ABCD 336; I actually withdrew. Could I take EFGH 415?"
    mentions = _settled(text, st.Status(st.UNCLEAR, 0.68, done=0.3, best="not_done"))
    assert not mentions[0].assumed and mentions[0].role != DONE


@pytest.mark.parametrize("text, premise", [
    # a course under way ends with this term: a later term named for the next course puts it after
    ("currently taking ABCD 215 this term. Can I register in EFGH 406 for next term?", True),
    ("I'm in ABCD 208 right now and it ends in April. Will I be able to take EFGH 308 in September?", True),
    ("taking ABCD 203 rn, can i do EFGH 419 in january?", True),
    # no later term, the same season as its end, a whole-year course, or an asking that is now: no premise
    ("currently taking ABCD 215 this term. Can I register in EFGH 406 for next term already?", False),
    ("currently taking ABCD 215. Can I take EFGH 406?", False),
    ("ABCD 215 runs till April for me; EFGH 406 in the spring?", False),
    ("taking ABCD 215 this year, EFGH 406 next term?", False),
    ("taking ABCD 215 now, can I take EFGH 406 this winter?", False),
    ("I'll finish ABCD 200 this December, I'm taking it now. EFGH 415 in the following term?", True),
    # a stated end not said to be this term, a two-term course, the course asked not the last named
    ("taking ABCD 215 now, it runs till April. EFGH 406 next term?", False),
    ("ABCD 215 this fall and winter; EFGH 406 next term?", False),
    ("in ABCD 215 (Sept\u2013April) right now, EFGH 406 next term?", False),
    ("taking ABCD 215 now and EFGH 301 next term. Can I take EFGH 406?", False),
    ("Can I take ABCD 215 now and EFGH 406 next term?", False),  # both asked for
    ("I'm in ABCD 435 now (ends in April). Can I go into EFGH 407 next year?", True),  # the next academic year
])
def test_a_course_under_way_now_is_the_premise_of_a_course_in_a_later_term(text, premise):
    mentions = _settled(text, st.Status("in_progress", 0.95, done=0.01))
    assert mentions[0].role == NOT_DONE and mentions[0].assumed == premise


def test_a_planned_course_in_an_earlier_numbered_term_is_assumed():
    planned = "doing ABCD 215 in term 1 and want EFGH 406 in term 2. ok?"
    assert _settled(planned, st.Status("planned", 0.95, done=0.01))[0].assumed


def test_a_later_pass_in_the_same_story_outweighs_a_negation_only_when_the_classifier_is_sure():
    text = "bombed ABCD 110 on the first go, took it again in summer. EFGH 100 ok?"  # no mark told
    assert read_mentions(text, SUBJECTS)[0].role == NOT_DONE
    sure = _settled(text, st.Status("done", st.RETAKE_THRESHOLD + 0.05, done=st.RETAKE_THRESHOLD + 0.05))[0]
    assert sure.role == DONE and sure.cue == RETAKEN
    assert _settled(text, st.Status("done", st.RETAKE_THRESHOLD - 0.05, done=0.85))[0].role == NOT_DONE
    # a negation that ends the story always stands
    ended = "took ABCD 110 and then bombed it. can I take EFGH 100?"
    assert _settled(ended, st.Status("done", 0.99, done=0.99))[0].role == NOT_DONE


def test_a_mark_told_with_a_past_retake_is_the_mark_of_record_whatever_the_classifier_reads():
    unsure = st.Status(st.UNCLEAR, 0.5, done=0.3, best="not_done")
    passed = _settled("bombed ABCD 110 the first time, got a 72 on the retake. can I take EFGH 100?", unsure)[0]
    assert passed.role == DONE and passed.cue == RETAKEN
    failed_again = _settled("failed ABCD 110 (45), retook it and got 41. EFGH 100 allowed?",
                            st.Status("done", 0.99, done=0.99))
    assert failed_again[0].role == NOT_DONE
    # a retake under way, or a mark hoped for, is no mark of record
    hoping = _settled("failed ABCD 110 (45), retaking it now, hoping for a 70. EFGH 100 ok?", unsure)[0]
    assert hoping.role == NOT_DONE
    # the first try's mark, told after the retake's, is not the retake's
    second = _settled("I retook ABCD 110 and got a C+ the second time (first was an F). EFGH 100?", unsure)[0]
    assert second.role == DONE and second.cue == RETAKEN


def test_a_result_not_yet_known_leaves_the_course_unclear():
    for text in ("I sat ABCD 110 but don't know my grade yet. EFGH 100 possible?",
                 "my ABCD 110 mark hasn't been posted yet, EFGH 100 ok?",
                 "I think I passed ABCD 110 but grades aren't final. EFGH 100?",
                 "probably scraped through ABCD 110, EFGH 100 ok?",
                 "ABCD 110 shows on my transcript, though whether it ended in a pass, no clue. EFGH 100?",
                 "I took ABCD 110 in 2023 and never saw the final grade. EFGH 100?",
                 "I sort of did ABCD 110, went through most of the material. EFGH 100?"):
        m = _settled(text, st.Status("not_done", 0.9, done=0.02))[0]
        assert m.role == "" and m.status == st.UNCLEAR and m.cue == RESULT_UNKNOWN, text


@pytest.mark.parametrize("text", [
    "still waiting to hear whether I passed ABCD 110 - EFGH 100 next term ok?",
    "I'll find out if I cleared ABCD 110 next week. EFGH 100?",
    "I think I took ABCD 110 in first year but I can't remember. EFGH 100?",
    "maybe did ABCD 110 back in 2022? EFGH 100 ok?",
])
def test_a_pass_asked_about_or_a_hedged_taking_leaves_the_course_unclear_however_sure_the_classifier(text):
    m = _settled(text, st.Status("done", 0.95, done=0.95))[0]
    assert m.role == "" and m.status == st.UNCLEAR and m.cue == RESULT_UNKNOWN


def test_a_done_cue_before_a_story_that_goes_on_needs_the_classifier_sure():
    text = "I took ABCD 110 but it didn't count, can I take EFGH 100?"
    assert read_mentions(text, SUBJECTS)[0].role == DONE
    assert _settled(text, st.Status(st.UNCLEAR, 0.7, done=0.7))[0].role == ""
    assert _settled(text, st.Status("done", 0.9, done=0.9))[0].role == DONE


def test_a_preposition_cue_with_words_of_its_own_after_the_course_needs_the_classifier_sure():
    text = "With ABCD 110 nowhere in sight, am I eligible for EFGH 100?"
    assert read_mentions(text, SUBJECTS)[0].role == DONE  # the cue pattern reads "with A" as done
    assert _settled(text, st.Status(st.UNCLEAR, 0.7, done=0.7))[0].role == ""
    plain = "With ABCD 110, am I eligible for EFGH 100?"
    assert _settled(plain, st.Status(st.UNCLEAR, 0.7, done=0.7))[0].role == DONE


def test_a_heading_course_told_a_status_is_history_not_the_course_asked():
    text = "ABCD 110: PASS. EFGH 100 next term, allowed?"
    assert _settled(text, st.Status("done", 0.95, done=0.95))[0].role == DONE
    marked = "ABCD 110: 81%. EFGH 100 next?"  # a mark told right after the colon is a status told
    assert _settled(marked, st.Status("done", 0.95, done=0.95))[0].role == DONE
    assert _settled("ABCD 110: 3 credits, EFGH 100 next?", st.Status("done", 0.95, done=0.95))[0].status == "asked"
    asked = "ABCD 110: second year, have EFGH 100. allowed?"
    assert _settled(asked, st.Status("done", 0.95, done=0.95))[0].status == "asked"


def test_a_course_put_in_the_same_term_as_another_is_not_done_before_it():
    text = "My plan puts ABCD 110 and EFGH 100 in the same module. Is that allowed?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status(st.UNCLEAR, 0.5, done=0.2), st.Status("asked", 0.9)])
    assert mentions[0].role == NOT_DONE and mentions[0].cue == st.SAME_TERM
    together = "Would ABCD 110 together with ABCD 120 qualify me for EFGH 100?"  # a set of courses, not a term
    mentions = read_mentions(together, SUBJECTS)
    st.settle_statuses(together, mentions, [st.Status(st.UNCLEAR, 0.5, done=0.2)] * 2 + [st.Status("asked", 0.9)])
    assert mentions[0].cue != st.SAME_TERM


def test_a_retake_that_also_failed_never_turns_the_negation_into_done():
    for text in ("failed ABCD 110 with a 42, got a 48 on the retake. can I take EFGH 100?",
                 "flunked ABCD 110, retook it, got a 48. can I take EFGH 100?"):
        assert _settled(text, st.Status("done", 0.95, done=0.95))[0].role == NOT_DONE, text


@pytest.mark.parametrize("window, negated", [
    ("ABC 100 never made it onto my transcript", True),
    ("With ABC 100 absent from my record", True),
    ("ABC 100 is still unfinished", True),
    ("took ABC 100, nothing else yet", False),       # the negation is another stretch's
    ("a student in ABC 100 who passed", False),       # "student" ends in "nt" but denies nothing
    ("have ABC 100 and no other math", False),
])
def test_a_negation_counts_only_in_the_courses_own_stretch(window, negated):
    assert st._negated(window) is negated


def test_the_clause_alone_stops_where_the_story_goes_on():
    text = "failed ABCD 110 the first time but retook it and got a 72. may I take EFGH 100?"
    mentions = read_mentions(text, SUBJECTS)
    assert st.status_window(text, mentions, 0) == "failed ABC 100 the first time but retook it and got a 72"
    assert st.status_window(text, mentions, 0, story=False) == "failed ABC 100 the first time"


def test_a_word_of_taking_together_needs_two_courses_to_join():
    from rag.understand.slots import read_mentions
    from rag.understand.status import is_premise

    alone = "Once I pass ABCD 311, what does it open, the ones that need more too?"
    assert is_premise(alone, read_mentions(alone, ["ABCD"])[0])
    pair = "Once I pass ABCD 311, can I take ABCD 312 too?"
    assert not is_premise(pair, read_mentions(pair, ["ABCD"])[0])


def _plans(text: str):
    mentions = read_mentions(text, ["ABCD"])
    for m in mentions:
        m.role, m.status, m.best = "", st.UNCLEAR, "planned"
    return mentions


@pytest.mark.parametrize("text, order", [
    ("First ABCD 335, then a term later ABCD 436. That's my plan. Good?", ["ABCD 335", "ABCD 436"]),
    ("ABCD 110 for fall and ABCD 103 for the following spring - does that work?", ["ABCD 110", "ABCD 103"]),
    ("ABCD 436 in term 2 and ABCD 335 in term 1, fine?", ["ABCD 335", "ABCD 436"]),
])
def test_a_plan_told_in_time_order_comes_back_in_that_order(text, order):
    assert [m.code for m in st.plan_order(text, _plans(text))] == order


@pytest.mark.parametrize("text", [
    "ABCD 422 is coming up in the fall. ABCD 423 in the same fall, ok?",  # one term: no order
    "no idea when ABCD 206 fits, but ABCD 316 next January?",             # one course has no time
    # the course named again at the end is the one asked about, not the last step of a plan
    "I registered for ABCD 391 in term 2 this year and ABCD 395 for next year. Will ABCD 391 go through?",
])
def test_no_plan_order_without_words_that_order_the_courses(text):
    assert st.plan_order(text, _plans(text)) is None


def test_a_course_asked_about_or_done_is_no_plan():
    text = "First ABCD 335, then ABCD 436?"
    mentions = _plans(text)
    mentions[1].status = "asked"
    assert st.plan_order(text, mentions) is None


@pytest.mark.parametrize("text, theirs", [
    ("My stepdad took ABCD 364 years ago. Am I eligible for ABCD 456?", True),
    ("someone in my cohort passed ABCD 445. ABCD 446 for me?", True),
    ("my transcript has ABCD 364. ABCD 456?", False),   # the student's own record
    ("my first attempt failed, but I passed ABCD 364 later. ABCD 456?", False),
    ("half my year flunked ABCD 364. ABCD 456 for me?", True),
    ("half my section 101 passed ABCD 364. ABCD 456 for me?", True),
    ("most of my cohort 2nd years passed ABCD 364. ABCD 456 for me?", True),
    # a year of study and the student's own coursework, not the people of their year
    ("all my year 2 widget coursework is done (ABCD 364, ABCD 365). ABCD 456?", False),
])
def test_a_course_another_person_did_is_told_apart_from_the_students_own(text, theirs):
    mentions = read_mentions(text, ["ABCD"])
    assert st.someone_else(text, mentions, 0) is theirs


@pytest.mark.parametrize("text, asked", [
    ("ABCD 110 hopefully next summer. EFGH 100 this fall alright?", True),
    ("ABCD 110 probably next year. EFGH 100 now?", True),
    ("ABCD 110 later this year, EFGH 100 right now?", True),
    # a clause that tells more than time words is the student's own story
    ("ABCD 110 next summer. I am taking EFGH 100 at the moment, ok?", False),
    ("ABCD 110 next summer and EFGH 100 this fall?", False),  # no break: one plan of two courses
])
def test_a_course_alone_with_time_words_ending_the_question_is_the_one_asked(text, asked):
    mentions = read_mentions(text, SUBJECTS)
    planned, under_way = st.Status("planned", 0.95), st.Status("in_progress", 0.9)
    st.settle_statuses(text, mentions, [planned, under_way])
    assert (mentions[1].status == "asked") == asked
    assert mentions[0].role == NOT_DONE  # the plan stays a plan


@pytest.mark.parametrize("text, theirs", [
    ("my sister said ABCD 110 was easy and she aced it. can I take EFGH 100?", True),
    ("my advisor said ABCD 110 was fine and I passed it. can I take EFGH 100?", False),  # the student did it
    # a course only spoken of is nobody's record: not the student's, whatever "is easy" reads as
    ("my friend says ABCD 110 is easy. can I take EFGH 100?", True),
    ("My advisor says ABCD 110 is great. Can I take EFGH 100?", True),
    ("my roommate says ABCD 110 doesn't matter, but I never took it. EFGH 100?", False),  # told by the student
    ("my friend says I can, since I took ABCD 110. EFGH 100?", False),
    ("My friend says ABCD 110 is the other way in, but I'm not in that program. EFGH 100?", True),
])
def test_a_speaker_taken_up_by_a_pronoun_that_did_the_course_is_the_one_who_did_it(text, theirs):
    mentions = read_mentions(text, SUBJECTS)
    assert st.someone_else(text, mentions, 0) == theirs


@pytest.mark.parametrize("text", [
    "I took a course similar to ABCD 110 at Douglas College. EFGH 100 for me?",
    "did the equivalent of ABCD 110 at UVic, EFGH 100 ok?",
    "took ABCD 110 at Langara over the summer, no idea if it transfers. EFGH 100?",
    "ABCD 110 was in my previous degree. EFGH 100 next?",
    "I took ABCD 110 while studying abroad. EFGH 100?",
])
def test_a_course_like_it_or_taken_elsewhere_without_transfer_credit_is_unclear(text):
    m = _settled(text, st.Status("done", 0.99, done=0.99))[0]
    assert m.role == "" and m.status == st.UNCLEAR and m.cue == NOT_UBC_COURSE, text


def test_transfer_credit_or_this_university_keeps_a_course_done():
    # a course finished here before a term abroad is done here
    assert _settled("finished ABCD 110 before going abroad. EFGH 100?", st.Status("done", 0.99, done=0.99))[0].role == DONE
    for text in ("I've transfer credit for ABCD 110 via Camosun. EFGH 100?",
                 "passed ABCD 110 at the University of British Columbia, EFGH 100 next?"):
        assert read_mentions(text, SUBJECTS)[0].role == DONE, text
        assert _settled(text, st.Status("done", 0.99, done=0.99))[0].role == DONE, text


@pytest.mark.parametrize("text, premise", [
    ("I'm deep into ABCD 110 at the moment; assuming it ends in a pass, EFGH 100 next term?", True),
    ("Sitting in ABCD 110 during the winter. Once finished and passed, EFGH 100 in the summer?", True),
    ("I'm most of the way through ABCD 110 right now. After I pass it, EFGH 100 next year?", True),
    ("I'm deep into ABCD 110 at the moment; if I don't pass it, EFGH 100 next term?", False),
    ("I'm deep into ABCD 110 at the moment; once EFGH 200 is finished, EFGH 100 next term?", False),
    # "now" says when ABCD 110 is; EFGH 100 is placed later, so nothing joins the two in one term
    ("I'm in ABCD 110 now and want EFGH 100 next fall, assuming I pass. Is that ok?", True),
    ("I'm in ABCD 110 now and want EFGH 100 now too, assuming I pass. Is that ok?", False),
    ("I'm in ABCD 110 now and want EFGH 100 as well, assuming I pass. Is that ok?", False),
])
def test_a_completion_supposed_after_a_course_under_way_makes_it_the_premise(text, premise):
    assert st.is_premise(text, read_mentions(text, SUBJECTS)[0]) is premise


def test_a_forgotten_result_leaves_the_course_unclear():
    m = _settled("did ABCD 110 two summers ago but honestly forget whether I passed. EFGH 100?",
                 st.Status("not_done", 0.9, done=0.02))[0]
    assert m.role == "" and m.status == st.UNCLEAR and m.cue == RESULT_UNKNOWN


def test_a_this_away_from_the_season_does_not_make_the_later_course_now():
    text = "ABCD 110 for fall 2026 and EFGH 100 for winter 2027 in the plan. Is this allowed?"
    assert st.earlier_term(text, read_mentions(text, SUBJECTS)[0])
    now = "ABCD 110 this summer and EFGH 100 this winter, alright?"
    assert not st.earlier_term(now, read_mentions(now, SUBJECTS)[0])


@pytest.mark.parametrize("text, theirs", [
    # a second course in the same person's clause is theirs too
    ("my cousin took ABCD 454 power systems right after ABCD 453 and said it was fine. can I take EFGH 100?", True),
    # unless the student comes in between
    ("my cousin took ABCD 454 and I took ABCD 453. can I take EFGH 100?", False),
    ("my cousin took ABCD 454, but ABCD 453 is on my record. EFGH 100?", False),
])
def test_a_course_further_on_in_someone_elses_clause_is_theirs(text, theirs):
    assert st.someone_else(text, read_mentions(text, SUBJECTS), 1) == theirs


@pytest.mark.parametrize("text", ["ABCD 110 and EFGH 100 both in summer term 1, is that possible?",
                                  "ABCD 110 and EFGH 100 both next term, ok?",
                                  "ABCD 110 and EFGH 100 together this term, fine?"])
def test_two_courses_put_in_one_named_term_are_taken_together(text):
    assert st.puts_in_one_term(text)
    torn = st.Status(st.UNCLEAR, 0.36, done=0.36, best="done")
    assert _settled(text, torn)[0].role == NOT_DONE


def test_an_object_pronoun_after_the_students_own_word_does_not_make_the_course_someone_elses():
    text = "I've only done EFGH 100 so far. Can I join her in ABCD 110 next term?"
    assert not st.someone_else(text, read_mentions(text, SUBJECTS), 1)
    theirs = "She is in ABCD 110 now. Can I take EFGH 200?"
    assert st.someone_else(theirs, read_mentions(theirs, SUBJECTS), 0)
    elided = "My friend finished EFGH 100 and is in ABCD 110 now. Can I take EFGH 200?"  # her subject goes on
    assert st.someone_else(elided, read_mentions(elided, SUBJECTS), 1)


@pytest.mark.parametrize("text, heads", [
    # a course with a few title words before a colon or dash heads the question: it is the one asked about
    ("guided study ABCD 406: ABCD 400 done, ABCD 461 done. can i take it in the spring", True),
    ("data viz EFGH 414 \u2014 is EFGH 291 all i need or is there more", True),
    ("ABCD 491 \u2014 passed ABCD 451, ABCD 452. do i qualify", True),  # "passed" is the next courses' cue
    # its own story after the mark: the student speaks of it, naming no other course
    ("ABCD 422 - I've still got a deferred final outstanding. Does that block me from EFGH 423?", False),
    ("ABCD 100: passed. EFGH 101?", False),
    ("I took ABCD 100: is EFGH 101 open?", False),  # a sentence, not a heading
])
def test_a_course_heading_the_question_is_the_one_asked_about(text, heads):
    mentions = read_mentions(text, SUBJECTS)
    assert st.heads_the_question(text, mentions, mentions[0]) == heads


@pytest.mark.parametrize("text, premise", [
    ("I'll be taking ABCD 110 next term. When I'm done with it, will I be eligible for EFGH 100?", True),
    ("I haven't decided when I'll take ABCD 110, but I'd like EFGH 100 next January. Can I?", False),
])
def test_when_supposes_a_planned_course_completed_only_with_a_word_of_completing(text, premise):
    m = _settled(text, st.Status("planned", 0.9, best="planned"))[0]
    assert m.assumed == premise


def test_a_course_taken_together_with_the_asked_one_comes_in_the_same_term():
    text = "Next term I want ABCD 410 together with ABCD 110. ok?"
    mentions = read_mentions(text, SUBJECTS)
    mentions[0].role = TARGET
    st.settle_statuses(text, mentions, [st.Status("asked", 0.9), st.Status(st.UNCLEAR, 0.6, done=0.28, best="asked")])
    assert (mentions[1].role, mentions[1].cue) == (NOT_DONE, st.SAME_TERM)
    # joined to a course of the premise, it is part of the premise ("would A together with B qualify me")
    text = "Would ABCD 110 together with ABCD 120 qualify me for ABCD 410?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("done", 0.9), st.Status(st.UNCLEAR, 0.6, done=0.5, best="done"),
                                        st.Status("asked", 0.9)])
    assert mentions[1].cue != st.SAME_TERM


@pytest.mark.parametrize("text, index", [
    ("I've got ABCD 110 and ABCD 120 done plus ABCD 210, and I'm taking EFGH 100 now. what's left?", 2),
    ("done ABCD 110, the ABCD 120 capstone, ABCD 210 and EFGH 100. what's left?", 3),
])
def test_a_course_with_no_words_of_its_own_is_told_what_its_list_is_told(text, index):
    mentions = read_mentions(text, SUBJECTS)
    statuses = [st.Status("done", 0.95, done=0.95) for _ in mentions]
    for k in range(len(mentions)):
        if k >= index - 1 and k <= index and not mentions[k].role:
            statuses[k] = st.Status(st.UNCLEAR, 0.64, done=0.12, best="asked")
    st.settle_statuses(text, mentions, statuses)
    assert mentions[index].role == DONE


def test_a_bare_course_in_a_sentence_that_asks_is_not_told_its_lists_status():
    text = "I did ABCD 110 and ABCD 120?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("done", 0.95, done=0.95), st.Status("asked", 0.8, done=0.1)])
    assert mentions[1].role != DONE


def test_a_last_course_alone_with_a_few_time_words_is_the_one_asked():
    text = "ABCD 110 is happening for me in the spring. ABCD 210 in the fall after?"
    mentions = read_mentions(text, SUBJECTS)
    assert st.asked_in_tail(text, mentions, 1)  # the articles are no words of a story
    longer = "ABCD 110 is happening in the spring. ABCD 210 is something I keep meaning to start?"
    assert not st.asked_in_tail(longer, read_mentions(longer, SUBJECTS), 1)


def test_a_course_whose_entry_is_spoken_of_is_not_told_done_or_not_done():
    text = "ABCD 410 had no prereq listed when i started but does it let me in without ABCD 110?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("not_done", 0.98, done=0.01), st.Status("not_done", 0.99)])
    assert mentions[0].role != NOT_DONE and mentions[0].status == "asked"


@pytest.mark.parametrize("text", [
    "ABCD 110 passed, ABCD 120 ... Can I take ABCD 210?",   # trailing off: nothing told of it
    "ABCD 110: 85, ABCD 120: 45. ABCD 210?",                # a mark of its own
])
def test_a_bare_list_member_with_its_own_signal_is_not_told_its_neighbours_status(text):
    mentions = read_mentions(text, SUBJECTS)
    mentions[0].role = DONE
    st.settle_statuses(text, mentions, [st.Status("done", 0.95, done=0.95), st.Status(st.UNCLEAR, 0.6, best="asked"),
                                        st.Status("asked", 0.9)])
    assert mentions[1].role != DONE


def test_wanting_a_course_is_read_only_right_before_it():
    text = "Thinking about ABCD 210 next term, and I'm considering dropping ABCD 120."
    mentions = read_mentions(text, SUBJECTS)
    assert st.wanted(text, mentions[0]) and not st.wanted(text, mentions[1])


def test_a_one_word_no_right_after_a_course_negates_it():
    text = "ABCD 110 done. ABCD 120, nope, swapped it for an elective. ABCD 210 is fair game, right?"
    mentions = read_mentions(text, SUBJECTS)
    st.settle_statuses(text, mentions, [st.Status("done", 0.99, done=0.99), st.Status("done", 0.85, done=0.85),
                                        st.Status("asked", 0.9)])
    assert mentions[1].role != DONE


def test_a_past_time_after_a_list_is_when_the_list_was_done_not_the_last_courses_plan():
    text = "Finished ABCD 110, ABCD 120 and ABCD 210 in the fall."
    mentions = read_mentions(text, SUBJECTS)
    assert st.list_sides(text, mentions, 2) is None
    planned = "finished ABCD 110, ABCD 210 next term"  # a time to come is the last course's own
    assert st.list_sides(planned, read_mentions(planned, SUBJECTS), 1) is not None
