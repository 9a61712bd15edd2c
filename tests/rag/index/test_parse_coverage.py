"""The parse coverage rule: which courses became unreadable, and when a drop warns or blocks."""

from __future__ import annotations

import pytest

from rag.index.config import Settings
from rag.index.parse_coverage import BLOCK, OK, WARN, CoverageRule, compare, coverage_rows, judge, summary


def rows(n: int, unreadable: set[int] = frozenset(), subject: str = "PHYS") -> dict[str, tuple[str, bool]]:
    codes = [f"{subject} {100 + i}" for i in range(n)]
    return coverage_rows(codes, [f"Prerequisite {c}." for c in codes], [i not in unreadable for i in range(n)])


RULE = CoverageRule(max_drop_pp=1.0, max_new_unreadable=25)


def test_nothing_to_compare_is_ok():
    change = compare(None, rows(10, {3}))
    assert change.previous is None and change.change_pp is None and change.became_unreadable == []
    assert judge(change, RULE) == OK and summary(change, OK, RULE) == "prerequisite parse coverage 90.00%"


def test_one_course_in_a_large_calendar_warns_and_names_it():
    change = compare(rows(200), rows(200, {7}), "v1")
    assert change.change_pp == -0.5 and change.unreadable_codes == ["PHYS 107"]
    assert judge(change, RULE) == WARN
    line = summary(change, WARN, RULE)
    assert "(-0.50 pp from 100.00% in v1)" in line and "1 course became unreadable: PHYS 107" in line


def test_a_drop_beyond_either_threshold_blocks():
    assert judge(compare(rows(50), rows(50, {1})), RULE) == BLOCK          # 2 pp
    assert judge(compare(rows(100), rows(100, {1})), RULE) == WARN         # exactly 1 pp is not "more than"
    many = compare(rows(5000), rows(5000, set(range(26))))                 # 0.52 pp but 26 courses
    assert judge(many, RULE) == BLOCK and "more than 25 newly unreadable courses" in summary(many, BLOCK, RULE)
    assert judge(compare(rows(5000), rows(5000, set(range(25)))), RULE) == WARN


def test_already_unreadable_courses_are_not_new_and_readable_ones_are_reported():
    change = compare(rows(100, {1, 2}), rows(100, {2, 3}))
    assert change.unreadable_codes == ["PHYS 103"] and change.became_readable == ["PHYS 101"]
    assert change.change_pp == 0.0 and judge(change, RULE) == WARN


def test_a_new_course_with_an_unreadable_sentence_counts():
    before, after = rows(100), rows(100)
    after["ASTR 404"] = ("ASTR 200, ASTR 205 / PHYS 203 (see the department's guide).", False)
    change = compare(before, after)
    assert change.became_unreadable == [{"code": "ASTR 404", "prerequisite": after["ASTR 404"][0]}]


def test_thresholds_come_from_the_environment(monkeypatch):
    assert CoverageRule.from_settings(Settings.from_env()) == RULE
    monkeypatch.setenv("UBCAL_PARSE_COVERAGE_MAX_DROP", "5")
    monkeypatch.setenv("UBCAL_PARSE_COVERAGE_MAX_NEW_UNREADABLE", "0")
    rule = CoverageRule.from_settings(Settings.from_env())
    assert judge(compare(rows(50), rows(50, {1})), rule) == BLOCK  # 1 course > 0
    monkeypatch.setenv("UBCAL_PARSE_COVERAGE_MAX_NEW_UNREADABLE", "-1")
    with pytest.raises(ValueError, match="UBCAL_PARSE_COVERAGE_MAX_NEW_UNREADABLE"):
        Settings.from_env()
