"""Credit exclusions: the courses an entry names in its exclusion, whether two courses both earn credit,
and whether a course the student has done stops a new one counting. Read from the entries' exclusion lists
and, where those are silent, from their sentences about credit."""

from __future__ import annotations

from collections.abc import Iterator

import re
from dataclasses import replace

from rag.answer.fact_sources import (FactAnswer, Writer as _Writer, course_source, label as _label, quote as _quote,
                                     asked_course, cited_pair)
from rag.index.codes import unique_codes
from rag.index.facts import CourseFact, FactStore
from rag.understand import Question
from rag.understand.lexicon import SUBJECT_NAMES

EXCLUSION_LIST_RE = re.compile(r"credit exclusion list", re.IGNORECASE)  # "Consult the Faculty of Science ..."


def exclusions_of(q: Question, facts: FactStore) -> FactAnswer | None:
    """One course's credit exclusions: the courses its entry names, and those whose entries name it."""
    found = asked_course(q, facts)
    if found is None:
        return None
    c, w, ref = found
    own = list(c.excluded_with)
    others = sorted(code for code in facts.excluded.get(c.code, set()) if code not in own and code in facts.courses)
    # equivalents its own entry names that have no entry here ("Equivalency: GERM 549"): credit once, too
    equivalents = sorted(code for code in facts.excluded.get(c.code, set())
                         if code not in own and code not in facts.courses and _names_equivalent(c, code))
    if not own and not others and not equivalents:
        sentence = next((s for s in re.split(r"(?<=[.])\s+", c.text) if EXCLUSION_LIST_RE.search(s)), "")
        if sentence:
            return FactAnswer("exclusion", "cannot tell", (
                f"{_label(c)} names no course in a credit exclusion, but it refers to a list that is not in the "
                f"course entries: {_quote(sentence)} {ref}"), w.sources)
        return FactAnswer("exclusion", "", f"The calendar lists no credit exclusion for {_label(c)}. {ref}",
                          w.sources)
    lines = []
    if own:
        lines.append(f"{c.code} and {', '.join(own)} are credit-excluded: you get credit for only one of them. {ref}")
        if c.exclusion:
            lines.append(f"{c.code}: {_quote(c.exclusion)} {ref}")
    if equivalents:
        lines.append(f"{c.code} is equivalent to {', '.join(equivalents)}: you get credit for only one of them. {ref}\n"
                     f"{c.code}: {_quote('Equivalency: ' + c.equivalency)} {ref}")
    for code in others:
        other = facts.courses[code]
        how = (f"also excludes {c.code}: {_quote(other.exclusion)}" if c.code in other.excluded_with
               else f"lists {c.code} as equivalent: {_quote('Equivalency: ' + other.equivalency)}")
        lines.append(f"{other.code}'s entry {how} {w.cite(course_source(other))}")
    listed = next((s for s in re.split(r"(?<=[.])\s+", c.text) if EXCLUSION_LIST_RE.search(s)), "")
    if listed:  # the faculty list ubcal does not hold may name more
        lines.append(f"{c.code} also refers to a credit exclusion list that is not in the course entries: "
                     f"{_quote(listed)} {ref}")
    return FactAnswer("exclusion", "", "\n".join(lines), w.sources, own + equivalents + others)


def excluded_pair(a: CourseFact, b: CourseFact, facts: FactStore) -> bool:
    return b.code in facts.excluded.get(a.code, set()) or b.code in a.excluded_with or a.code in b.excluded_with


# "Credit will be granted for only one of A, B, C", "Credit is granted for only one of", "Students may receive
# credit for only one of", "Credit will only be granted for one of"
_ONLY_ONE_OF_RE = re.compile(r"[^.]*\bcredit\s+(?:(?:will|may|shall|can)\s+(?:only\s+)?be|is)\s+(?:only\s+)?"
                             r"(?:granted|given|allowed|earned)\s+for\s+(?:only\s+)?one\s+of\b[^.]*|"
                             r"[^.]*\breceive\s+credit\s+for\s+only\s+one\s+of\b[^.]*", re.IGNORECASE)


_FIELD_LABEL_RE = re.compile(r"\b(?:Prerequisite|Corequisite|Equivalency|Restriction)s?\s*:", re.IGNORECASE)


def shared_exclusion(a: CourseFact, b: CourseFact, facts: FactStore) -> tuple[CourseFact, str] | None:
    """A third course's entry whose "credit will be granted for only one of ..." list names both a and b
    (COMM 191's list names STAT 200 and BIOL 300): credit for one of the list only, so not for both."""
    subjects = [a.code.split()[0], b.code.split()[0]]
    for c in facts.courses.values():
        if c.code in (a.code, b.code) or not c.exclusion or "one of" not in c.exclusion:
            continue
        for sentence in _ONLY_ONE_OF_RE.findall(_FIELD_LABEL_RE.split(c.exclusion)[0]):  # not into "Prerequisite:"
            if re.search(r"\bboth\b|\ball of\b|\band\b|\(|/", sentence, re.IGNORECASE):
                continue  # "only one of A or both B and C", "A or B and its sequel C", "HINU 301/302 or
                          # HINU 300": a group counts as one, so its members are not excluded from each other
            if _one_group(sentence, (a.code, b.code), subjects):
                continue
            if {a.code, b.code} <= set(unique_codes(sentence, subjects)):
                return c, sentence.strip()
    return None


def _one_group(sentence: str, codes: tuple[str, str], subjects: list[str]) -> bool:
    """"only one of A or B, C or D, E": alternatives split by "or", each a group joined by commas; two codes
    of one group are taken together, not excluded from each other. Read only where "or" splits the list more
    than once ("one of A, B or C" is a plain list)."""
    alternatives = re.split(r"\bor\b", sentence.split("one of", 1)[-1], flags=re.IGNORECASE)
    return len(alternatives) > 2 and any(set(codes) <= set(unique_codes(alternative, subjects))
                                         for alternative in alternatives)


def _names_equivalent(c: CourseFact, code: str) -> bool:
    """Whether C's own "Equivalency:" names ``code``."""
    return _code_re(code).search(c.equivalency or "") is not None


_CODE_TEXT = r"(?:[A-Z]{2,5}(?:_V)?\s?\d{3}[A-Z]?|\d{3}[A-Z]?)"
# "only one of X or both A, B": A and B together are one alternative
_BOTH_GROUP_RE = re.compile(rf"\bboth\s+({_CODE_TEXT}(?:\s*(?:,|and|&)\s*(?:and\s+)?{_CODE_TEXT})+)")


def _group_partners(sentence: str, code: str) -> list[str]:
    """The courses ``code`` is named together with in a "both A, B" alternative of the sentence, if any."""
    for group in _BOTH_GROUP_RE.finditer(sentence):
        subjects = sorted(set(re.findall(r"\b[A-Z]{2,5}(?=_|\s?\d)", group.group(1))) | {code.split()[0]})
        codes = unique_codes(group.group(1), subjects)
        if code in codes:
            return [other for other in codes if other != code]
    return []


def names_missing_exclusion(c: CourseFact, missing: str, asks_excluded: bool) -> FactAnswer | None:
    """C's own entry excludes (or is equivalent to) a course with no entry here: C's side alone settles that
    credit is granted for only one of them. Where the entry names that course only together with another
    ("only one of C or both A, B"), the course alone is not excluded, so the answer turns on the other."""
    sentence = c.exclusion if missing in c.excluded_with else (
        f"Equivalency: {c.equivalency}" if _names_equivalent(c, missing) else "")
    if not sentence:
        return None
    w = _Writer()
    ref = w.cite(course_source(c))
    partners = [] if sentence.startswith("Equivalency") else _group_partners(sentence, missing)
    if partners:
        also = ", ".join(partners)
        lead = f"Only together with {also}" if asks_excluded else f"Only if you do not also have {also}"
        return FactAnswer("exclusion", "cannot tell", (
            f"{lead}: {c.code}'s entry names {missing} (which has no entry in this calendar) only together with "
            f"{also}, as one alternative: credit is granted for {c.code} or for that group, not for both. "
            f"{missing} alone is not excluded. {ref}\n{c.code}: {_quote(sentence)} {ref}"), w.sources)
    verdict = "yes" if asks_excluded else "no"
    return FactAnswer("exclusion", verdict, (
        f"{verdict.capitalize()}: {c.code}'s entry names {missing} (which has no entry in this calendar) as "
        f"{'equivalent' if sentence.startswith('Equivalency') else 'credit-excluded'}: you get credit for only one "
        f"of them. {ref}\n{c.code}: {_quote(sentence)} {ref}"), w.sources)


def _exclusion_sentence(a: CourseFact, b: CourseFact) -> tuple[CourseFact, str]:
    """The entry that states the exclusion of a and b, and its sentence."""
    holder = a if (b.code in a.excluded_with or not (b.exclusion or b.equivalency)) else b
    return holder, holder.exclusion or f"Equivalency: {holder.equivalency}"


_CREDIT_RULE_RE = re.compile(r"\bcredits?\b(?!/)[^.]*\b(?:only|either|not be|cannot|may not|will not|both|maximum)\b|"
                             r"\b(?:no|not for) credit\b", re.IGNORECASE)
_NOT_A_CREDIT_RULE_RE = re.compile(r"prerequisite|corequisite|recommended|exclusion list|deemed|permission",
                                   re.IGNORECASE)


def _code_re(code: str) -> re.Pattern:
    """A code as course entries write it: "CPSC 110", "CPSC_V 110", "CPSC110"."""
    subject, number = code.split()
    return re.compile(rf"\b{subject}(?:_V)?\s?{number}\b")


def _joined(sentence: str, code: str, other: re.Pattern) -> bool:
    """Whether the sentence names the two courses as one alternative ("either X or both A, B"): taken together."""
    own = _code_re(code).search(sentence)
    far = other.search(sentence)
    if not own or not far:
        return False
    lo, hi = sorted([own, far], key=lambda m: m.start())
    return re.fullmatch(r"\s*(?:,|and|&)\s*(?:and\s+)?", sentence[lo.end():hi.start()]) is not None


def _credit_sentence(c: CourseFact, other: str) -> str:
    """A sentence of c's entry that names ``other`` and speaks of credit: an exclusion worded in a way the
    build did not read ("Students who took X receive no credit"), so "credit for both" is not a safe yes."""
    named = _code_re(other)
    for sentence in re.split(r"(?<=[.])\s+", c.text):
        if named.search(sentence) and _CREDIT_RULE_RE.search(sentence) and not _NOT_A_CREDIT_RULE_RE.search(sentence) \
                and not _joined(sentence, c.code, named):
            return sentence
    return ""


def _credit_hint(a: CourseFact, b: CourseFact) -> tuple[CourseFact, str] | None:
    """The first of a's and b's entries with a credit sentence naming the other, and that sentence."""
    for c, other in ((a, b), (b, a)):
        sentence = _credit_sentence(c, other.code)
        if sentence:
            return c, sentence
    return None


def exclusion_with_history(q: Question, facts: FactStore) -> FactAnswer | None:
    """"I did A and B, does C earn credit too?": C against each course the student has done."""
    codes = [c for c in q.entities.courses if c in facts.courses]
    done = [c for c in codes if c in q.completed and c not in q.not_completed]
    asked = [c for c in codes if c not in done]
    if len(asked) > 1 and q.target in asked and q.targets[1:] and set(q.targets[1:]) <= set(done):
        asked = [q.target]  # the reader settled which one is asked; the others are history not done
    if len(asked) != 1 or not done:
        return None  # the course asked about, and the history to weigh it against, are not clear
    w = _Writer()
    target = facts.courses[asked[0]]
    rt = w.cite(course_source(target))
    clash = [facts.courses[d] for d in done if excluded_pair(target, facts.courses[d], facts)]
    if clash:
        verdict = "yes" if q.asks_excluded else "no"
        lines = [f"{verdict.capitalize()}: {target.code} and {', '.join(c.code for c in clash)} are credit-excluded, "
                 f"and you have done {', '.join(c.code for c in clash)}: you get credit for only one of them. {rt}"]
        for other in clash:
            holder, sentence = _exclusion_sentence(target, other)
            lines.append(f"{holder.code}: {_quote(sentence)} {w.cite(course_source(holder))}")
        return FactAnswer("exclusion", verdict, "\n".join(dict.fromkeys(lines)), w.sources)
    hint = next(filter(None, (_credit_hint(target, facts.courses[d]) or _credit_after_any_course(target, facts.courses[d])
                              for d in done)), None)
    if hint:  # an entry speaks of credit and names the other: a rule ubcal did not read as an exclusion
        x, sentence = hint
        return FactAnswer("exclusion", "cannot tell", (
            f"Cannot tell: no credit exclusion ubcal could read joins {target.code} {rt} and the courses you "
            f"have done, but {x.code}'s entry says: {_quote(sentence)} {w.cite(course_source(x))}"), w.sources)
    verdict = "no" if q.asks_excluded else "yes"
    refs = " ".join(f"{d} {w.cite(course_source(facts.courses[d]))}" for d in done)
    return FactAnswer("exclusion", verdict, (
        f"{verdict.capitalize()}: neither {target.code} {rt} nor the courses you have done ({refs}) list each "
        "other in a credit exclusion, so the calendar's course entries do not stop you earning credit for "
        f"{target.code} as well."), w.sources)


def exclusion(q: Question, facts: FactStore) -> FactAnswer | None:
    missing_entry = [t for t in q.targets if t not in facts.courses]
    if len(q.targets) == 2 and len(missing_entry) == 1:  # "credit for both A and X?", X with no entry here
        known = replace(q, target=next(t for t in q.targets if t in facts.courses))
        named = names_missing_exclusion(facts.courses[known.target], missing_entry[0], q.asks_excluded)
        if named is not None:
            return named
        own = exclusions_of(known, facts)
        if own is None:
            return None
        return replace(own, verdict="cannot tell", text=(
            f"Cannot tell: {missing_entry[0]} has no entry in this calendar, so ubcal cannot check what it excludes. "
            f"What {known.target}'s side says:\n{own.text}"))
    if len(q.entities.courses) == 1:
        return exclusions_of(q, facts)
    if len(q.entities.courses) > 2:
        # a third course named beside a pair is not answered as the pair's "Yes": what the third one is to the
        # student (done, not taken, a comparison) is read less surely than a pair alone, and a "Yes" resting on
        # that reading was wrong on a held-out question
        return exclusion_with_history(q, facts) or _pair_beside_a_third(q, facts)
    found = cited_pair(q, facts)
    if found is None:
        return None
    a, b, w, ra, rb = found
    excluded = excluded_pair(a, b, facts)
    shared = None if excluded else shared_exclusion(a, b, facts)
    excluded = excluded or shared is not None
    # "are X and Y credit-excluded?" is answered yes when they are; "credit for both?" is answered no
    verdict = "yes" if excluded == q.asks_excluded else "no"
    if shared is not None:  # a third entry's "credit for only one of" list names both
        holder, sentence = shared
        ref = w.cite(course_source(holder))
        body = (f"{a.code} {ra} and {b.code} {rb} are credit-excluded; you get credit for only one of them: "
                f"{holder.code}'s entry grants credit for only one of a list that names both. {ref}\n"
                f"{holder.code}: {_quote(sentence)} {ref}")
    elif excluded:
        holder, sentence = _exclusion_sentence(a, b)
        ref = ra if holder is a else rb
        body = (f"{a.code} and {b.code} are credit-excluded; you get credit for only one of them. {ref}\n"
                f"{holder.code}: {_quote(sentence)} {ref}")
        told = _told_of_pair(q, (a.code, b.code))
        if told is not None and not q.asks_excluded:  # "dropped A. will B count?": A's credit is not theirs
            other, status = told
            asked = b.code if other == a.code else a.code
            if status == "not taken":
                return FactAnswer("exclusion", "yes", (
                    f"Yes: {asked} and {other} are credit-excluded, but you said you have not taken {other}, so "
                    f"it does not stop you earning credit for {asked} (take {other} later, and only one of the two "
                    f"counts). {ref}\n{holder.code}: {_quote(sentence)} {ref}"), w.sources)
            return FactAnswer("exclusion", "cannot tell", (
                f"Only if you have no credit for {other}: {body}\nI could not tell from your question whether you "
                f"have taken {other}."), w.sources)
    else:
        pointers = [(c, ref) for c, ref in ((a, ra), (b, rb)) if EXCLUSION_LIST_RE.search(c.text)]
        if pointers:  # the course sends students to a faculty list ubcal does not hold
            c, ref = pointers[0]
            sentence = next(s for s in re.split(r"(?<=[.])\s+", c.text) if EXCLUSION_LIST_RE.search(s))
            return FactAnswer("exclusion", "cannot tell", (
                f"Cannot tell: neither {a.code} {ra} nor {b.code} {rb} names the other, but {c.code} refers to a "
                f"credit exclusion list that is not in the course entries: {_quote(sentence)} {ref}"), w.sources)
        hint = _credit_hint(a, b) or _credit_after_any_course(a, b)
        if hint:  # an entry speaks of credit and names the other: a rule ubcal did not read as an exclusion
            c, sentence = hint
            ref = ra if c is a else rb
            return FactAnswer("exclusion", "cannot tell", (
                f"Cannot tell: neither {a.code} {ra} nor {b.code} {rb} lists the other in a credit exclusion "
                f"ubcal could read, but {c.code}'s entry says: {_quote(sentence)} {ref}"), w.sources)
        body = (f"neither {a.code} {ra} nor {b.code} {rb} lists the other in a credit exclusion, so the "
                "calendar's course entries do not stop you earning credit for both.")
        rule = next(filter(None, (_credit_after_any_of(c) for c in (a, b))), None)
        if rule is not None and not q.asks_excluded and rule[1] not in q.no_courses_in:
            # "passed a first-year calculus course (MATH), failed A. credit for MATH 230?": MATH 230 withholds
            # its credit after any other MATH course, which the pair does not settle and the student's words may
            # name without a code
            c, subject, sentence = rule
            ref = ra if c is a else rb
            return FactAnswer("exclusion", "cannot tell", (
                f"Only if you have no UBC credit for another {subject} course: {body} But {c.code}'s entry says: "
                f"{_quote(sentence)} {ref}"), w.sources)
    return FactAnswer("exclusion", verdict, f"{verdict.capitalize()}: {body}", w.sources)


# "Students who obtain UBC credit for any other mathematics course cannot ... obtain credit for MATH 230": credit
# withheld after any course of a kind, which no list of codes holds
_ANY_COURSE_CREDIT_RE = re.compile(r"\bcredit\b[^.]*\bany (?:other )?(?P<a>(?:[A-Za-z-]+ ){0,3})courses?\b|"
                                   r"\bany (?:other )?(?P<b>(?:[A-Za-z-]+ ){0,3})courses?\b[^.]*\bcredit\b", re.IGNORECASE)


def _any_course_credit_rules(c: CourseFact) -> Iterator[tuple[str, str | None]]:
    """Each sentence of C's entry that withholds its credit after any course of a kind, with the subject code
    that kind names ("any other mathematics course": MATH), or None for words ubcal cannot place."""
    for sentence in re.split(r"(?<=[.])\s+", c.text or ""):
        m = _ANY_COURSE_CREDIT_RE.search(sentence)
        if m is not None and not re.search(r"requisite", sentence, re.IGNORECASE):
            yield sentence, SUBJECT_NAMES.get((m["a"] or m["b"] or "").strip().lower())


def _credit_after_any_course(a: CourseFact, b: CourseFact) -> tuple[CourseFact, str] | None:
    """An entry of the pair that withholds its credit after any course of a kind, with that sentence: the
    other course may be one, so "no exclusion listed" is no "Yes"."""
    for c, other in ((a, b), (b, a)):
        for sentence, subject in _any_course_credit_rules(c):
            if subject is None or other.code.split()[0] == subject:
                return c, sentence
    return None


def _credit_after_any_of(c: CourseFact) -> tuple[CourseFact, str, str] | None:
    """C's entry withholding its credit after any other course of one subject ("... UBC credit for any other
    mathematics course cannot ... obtain credit for MATH 230"): (C, that subject's code, the sentence)."""
    return next(((c, subject, sentence) for sentence, subject in _any_course_credit_rules(c) if subject), None)


def _told_of_pair(q: Question, pair: tuple[str, str]) -> tuple[str, str] | None:
    """One course of the pair told as history the student does not have ("never took A", "dropped A":
    "not taken") or without a clear status ("my roommate took A": "unclear"), the other asked about; None
    when neither or both are told that way."""
    untaken = [c for c in pair if c in q.not_completed and c not in q.completed]
    unclear = [c for c in pair if c in q.unclear]
    if len(untaken) == 1 and not unclear:
        return untaken[0], "not taken"
    if len(unclear) == 1 and not untaken:
        return unclear[0], "unclear"
    return None


def _pair_beside_a_third(q: Question, facts: FactStore) -> FactAnswer | None:
    """"Both A and B for credit, or do they exclude each other like C does?" with no history to weigh: the
    pair's facts, and what the third course excludes. A "No" (the pair is excluded) stands; a "Yes" loses its
    verdict word, since the pair was read beside a course whose part in the question is less sure."""
    if len(q.targets) != 2 or any(t not in facts.courses for t in q.targets):
        return None
    pair = exclusion(replace(q, entities=replace(q.entities, courses=list(q.targets))), facts)
    if pair is None:
        return None
    text = pair.text
    if pair.verdict == "yes":
        body = text.removeprefix("Yes: ")
        text = body[:1].upper() + body[1:]
    w = _Writer()
    for source in pair.sources:  # the pair's citations keep their numbers
        w.cite(source)
    lines = [text]
    for code in (c for c in dict.fromkeys(q.entities.courses) if c not in q.targets and c in facts.courses):
        third = facts.courses[code]
        said: dict[tuple[str, str], list[str]] = {}  # one sentence naming both of the pair is told once
        for t in q.targets:
            if excluded_pair(third, facts.courses[t], facts):
                holder, sentence = _exclusion_sentence(third, facts.courses[t])
                said.setdefault((holder.code, sentence), []).append(t)
        for (holder, sentence), pair_codes in said.items():
            lines.append(f"{third.code} and {', '.join(pair_codes)} are credit-excluded: {holder}: {_quote(sentence)} "
                         f"{w.cite(course_source(facts.courses[holder]))}")
    return FactAnswer("exclusion", "" if pair.verdict == "yes" else pair.verdict, "\n".join(lines), w.sources)


def credit_compare(q: Question, facts: FactStore) -> FactAnswer | None:
    found = cited_pair(q, facts)
    if found is None or found[0].credits_max is None or found[1].credits_max is None:
        return None
    a, b, w, ra, rb = found
    both = f"{a.code} is worth {a.credits} credits {ra}; {b.code} is worth {b.credits} credits {rb}."
    yes_no = q.yes_no  # "Is X worth more than Y?": yes or no first
    if a.credits == b.credits:
        return FactAnswer("credit_compare", "same", f"{'No, the' if yes_no else 'The'} same: {both}", w.sources)
    if a.credits_min != a.credits_max or b.credits_min != b.credits_max:
        return FactAnswer("credit_compare", "cannot tell", f"It depends (a credit range): {both}", w.sources)
    more, less = (a, b) if a.credits_max > b.credits_max else (b, a)
    asks_fewer = q.asks_fewer
    winner = less if asks_fewer else more
    lead = f"{winner.code} has {'fewer' if asks_fewer else 'more'} credits: {both}"
    if yes_no:
        verdict = "yes" if a is winner else "no"
        return FactAnswer("credit_compare", verdict, f"{verdict.capitalize()}: {lead}", w.sources)
    return FactAnswer("credit_compare", winner.code, lead, w.sources)
