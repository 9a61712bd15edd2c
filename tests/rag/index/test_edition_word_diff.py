"""The word diff behind the page's side-by-side editions, and one course's facets compared."""

import pytest

from rag.index.edition_diff import (FACETS, BadCourseCode, CourseNotInEditions, NotEnoughEditions,
                                    compare_course, course_code, edition_facts, edition_sides, word_diff)


def sides_of(segments, side):
    """What one column shows: the old reads same + removed, the new same + added."""
    keep = "removed" if side == "old" else "added"
    return " ".join(s.get("old", s["text"]) if side == "old" and s["op"] == "same" else s["text"]
                    for s in segments if s["op"] in ("same", keep))


def test_changed_words_are_marked_and_each_side_reads_as_its_calendar():
    old, new = "All of COMM_V 191, COMM_V 203.", "All of COMM_V 191 or STAT_V 200, COMM_V 203."
    segments = word_diff(old, new)
    assert [(s["op"], s["text"]) for s in segments] == [
        ("same", "All of COMM_V 191"), ("added", "or STAT_V 200,"), ("same", "COMM_V 203.")]
    assert segments[0]["old"] == "All of COMM_V 191,"  # the old calendar's comma stays on its side
    assert (sides_of(segments, "old"), sides_of(segments, "new")) == (old, new)


def test_a_replaced_word_is_removed_then_added():
    assert word_diff("Prerequisite: STAT 251.", "Prerequisite: STAT 200.") == [
        {"op": "same", "text": "Prerequisite: STAT"}, {"op": "removed", "text": "251."},
        {"op": "added", "text": "200."}]


def test_trivia_is_one_same_segment_and_empty_sides_are_all_one_op():
    assert word_diff("MATH 104,  MATH 180 , MATH 184", "MATH 104, MATH 180, MATH 184.") == [
        {"op": "same", "text": "MATH 104, MATH 180, MATH 184.", "old": "MATH 104, MATH 180 , MATH 184"}]
    assert word_diff("", "Finding out") == [{"op": "added", "text": "Finding out"}]
    assert word_diff("Gone", "") == [{"op": "removed", "text": "Gone"}]
    assert word_diff("", "") == []


def test_course_codes_are_read_in_the_ways_students_write_them():
    assert {course_code(t) for t in ("comm324", " COMM_V 324 ", "Comm 324")} == {"COMM 324"}
    with pytest.raises(BadCourseCode, match="not 'organic chemistry'"):
        course_code("organic chemistry")


def test_a_course_in_both_editions_and_in_one(editions_store):
    layout = editions_store.layout
    sides = edition_sides(layout)  # the two newest
    assert [(s.edition, s.version_id) for s in sides] == [("2025/26", editions_store.old_v2),
                                                          ("2026/27", editions_store.new)]
    old, new = (edition_facts(layout, s.version_id) for s in sides)
    d = compare_course("STAT 201", sides, old.courses["STAT 201"], new.courses["STAT 201"])
    assert [f["facet"] for f in d["facets"]] == list(FACETS) and d["note"] is None
    changed = {f["facet"] for f in d["facets"] if f["changed"]}
    assert changed == {"prerequisite", "description"} and d["changed_facets"] == 2
    only_new = compare_course("STAT 406", sides, old.courses.get("STAT 406"), new.courses["STAT 406"])
    assert not only_new["old"]["present"] and "not in the 2025/26 calendar" in only_new["note"]
    assert all(s["op"] == "added" for f in only_new["facets"] for s in f["segments"])
    with pytest.raises(CourseNotInEditions, match="no course STAT 999 in the 2025/26 or the 2026/27"):
        compare_course("STAT 999", sides, None, None)


def test_a_store_of_one_edition_has_nothing_to_compare(sample_store):
    from rag.index.store import StoreLayout

    with pytest.raises(NotEnoughEditions, match=r"holds one edition \(2026/27\); comparing needs two"):
        edition_sides(StoreLayout(sample_store))
