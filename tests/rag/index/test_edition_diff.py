"""Course facts compared between two editions' current versions, trivia (spaces, punctuation, _V) aside."""

import pytest

from rag.index.edition_diff import diff_editions, normalize_fact
from rag.index.store import StoreError


def test_trivial_differences_normalize_away_and_words_do_not():
    assert normalize_fact("COMM_V 191, or STAT 200.") == normalize_fact("COMM 191 or  STAT 200")
    assert normalize_fact("\u201cone of\u201d MATH 100\u2013MATH 101") == normalize_fact('"one of" MATH 100-MATH 101')
    assert normalize_fact("One of MATH 100") == normalize_fact("one of MATH 100")
    assert normalize_fact("COMM 191 or STAT 200") != normalize_fact("COMM 191 and STAT 200")
    assert normalize_fact("MATH 100") != normalize_fact("MATH 101")


def test_added_removed_and_changed_courses_between_the_editions(editions_store):
    d = diff_editions(editions_store.layout, "2025/26", "2026/27")
    assert (d.old.version_id, d.new.version_id) == (editions_store.old_v2, editions_store.new)
    assert [c["code"] for c in d.added] == ["STAT 406"] and [c["code"] for c in d.removed] == ["STAT 199"]
    prereq = {c.code: (c.before, c.after) for c in d.changed["prerequisite"]}
    assert set(prereq) == {"STAT 201"}
    assert "STAT 251" in prereq["STAT 201"][0] and "STAT 200" in prereq["STAT 201"][1]
    assert [(c.code, c.before, c.after) for c in d.changed["title"]] == [
        ("STAT 306", "Relationships in Data", "Finding Relationships in Data")]
    described = {c.code for c in d.changed["description"]}
    assert described == {"STAT 201", "STAT 302"}  # STAT 302 was reworded in 2025/26's second version
    assert "STAT 200" not in {c.code for changes in d.changed.values() for c in changes}  # a space and a comma
    counts = d.counts()
    assert (counts["added"], counts["removed"], counts["changed_courses"], counts["changed_title"]) == (1, 1, 3, 1)


def test_one_subject_and_an_edition_the_store_lacks(editions_store):
    math = diff_editions(editions_store.layout, "2025/26", "2026/27", subject="math_v")
    assert math.subject == "MATH" and math.counts()["changed_courses"] == 0 and not math.added
    with pytest.raises(StoreError, match="no edition '2019/20'.*it holds: 2026/27, 2025/26"):
        diff_editions(editions_store.layout, "2019/20", "2026/27")
