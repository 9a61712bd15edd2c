"""Tiny course entries and questions built in place, for the facts answerers' unit tests: a rule is
checked on the three lines of calendar it is about, not on a whole index."""

from __future__ import annotations


def tiny_course(code: str, prerequisite: str = "", corequisite: str = "", restriction: str = ""):
    from assets.requirements import parse_requirement
    from rag.index.facts import CourseFact

    return CourseFact(code=code, title="A Course", credits="3", credits_min=3, credits_max=3, level=int(code[-3]),
                      url="https://example.test/abcd", anchor=code.lower().replace(" ", "-"), heading=code,
                      text=f"Prerequisite: {prerequisite} Corequisite: {corequisite} {restriction}",
                      prerequisite=prerequisite,
                      prerequisite_tree=parse_requirement(prerequisite) if prerequisite else None,
                      prerequisite_parsed=True, prerequisite_unparsed=[], corequisite=corequisite,
                      corequisite_tree=parse_requirement(corequisite) if corequisite else None,
                      exclusion="", excluded_with=[], equivalency="", restriction=restriction)


def tiny_question(target: str, completed=(), not_completed=(), not_in=()):
    from rag.understand import Question
    from rag.understand.entities import Entities

    return Question(text="", entities=Entities(courses=[target, *completed, *not_completed]), intent="eligibility",
                    target=target, targets=[target], completed=list(completed), not_completed=list(not_completed),
                    not_in=list(not_in))
