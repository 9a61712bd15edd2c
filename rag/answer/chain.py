"""The whole prerequisite chain to a course: which courses, in what order, and where the choices are.

A course's prerequisite tree names courses, groups of them ("all of", "one of", "two of") and conditions
that are not courses (a standing, a grade, a permission, a program). The chain follows every course on
the route down to where nothing further is required, and the route takes, at each "one of", the option
that needs the fewest courses in all (a course of many credits, such as a first-year program, counts for
the courses its credits fill). A course the student has done costs nothing and is not opened up:
its own prerequisites are taken as met. Only courses the reader counted as done are done (the closed
world of the understanding layer): a failed, dropped, in-progress or unclear course stays on the chain.

The result is a plan, not text: ``rag.answer.planning`` words it. Nothing here is guessed: every course
comes from a fact row, and what cannot be followed (a cycle, a sentence the build could not read, a
course this calendar does not hold) is reported, never dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rag.index.facts import FactStore
from rag.index.requirement_tree import YES, History, describe, evaluate, left_of, strictest_reading, unparsed_parts

GROUP_OPS = ("all", "one", "n_of")
NOTE_OPS = ("standing", "permission", "program", "placement", "other", "unparsed")

# said of a requirement list that does not say whether one or all of its courses are needed
AMBIGUOUS_NOTE = ("its prerequisite list does not say whether one or all of its courses are needed; "
                  "the route above takes all of them")


@dataclass
class Choice:
    """A "one of" (or "two of") in a course's requirement: the options, and the ones the route takes."""
    course: str
    options: list[str]   # each option in words ("CPSC 221", "all of MATH 100, MATH 101")
    taken: list[str]     # the options the route takes, in words
    settled: bool = False  # the history already meets it: no choice is left to make
    need: int = 1        # how many options the requirement asks for ("two of")
    had: list[str] = field(default_factory=list)  # of the options counted, those the history meets already


@dataclass
class Step:
    """One course on the route and what comes with it."""
    code: str
    step: int = 0                                          # 1 = nothing before it on the route
    before: list[str] = field(default_factory=list)        # courses on the route it needs first
    alongside: list[str] = field(default_factory=list)     # corequisites: the same step or earlier
    conditions: list[str] = field(default_factory=list)    # what is not a course, in the calendar's words
    choices: list[Choice] = field(default_factory=list)


@dataclass
class Chain:
    """The route to ``target``: its steps in order, the history it used, and what could not be followed."""
    target: str
    steps: list[Step]                  # the courses to take, the target last
    done_used: list[str]               # courses the student has done that the route relies on
    cycles: list[str] = field(default_factory=list)         # "A → B → A"
    not_in_calendar: list[str] = field(default_factory=list)  # named by a requirement, no entry in this calendar

    @property
    def to_take(self) -> list[Step]:
        return [s for s in self.steps if s.code != self.target]

    def step_of(self, code: str) -> int:
        return next((s.step for s in self.steps if s.code == code), 0)


@dataclass
class _Route:
    """The courses a requirement needs (transitively) and the direct picks it made."""
    courses: frozenset[str]
    direct: list[str]        # courses named in the requirement itself that the route takes
    coreqs: list[str]        # of those, the ones that may be taken alongside
    notes: list[str]
    choices: list[Choice]


_EMPTY = _Route(frozenset(), [], [], [], [])


COURSE_LOAD = 6.0  # credits of the largest ordinary course (a full-year course); more is a program's worth


class ChainPlanner:
    """Plans routes over one version's facts for one history; every course is planned once."""

    def __init__(self, facts: FactStore, done: set[str]) -> None:
        self.facts = facts
        self.done = set(done)
        self.history = done if isinstance(done, History) else History(done)  # the grades the student gave
        self._routes: dict[str, _Route] = {}
        self._stack: list[str] = []
        self.cycles: list[list[str]] = []
        self._alongside_stack: set[str] = set()  # courses on the stack reached as corequisites
        self.not_in_calendar: list[str] = []
        self.done_used: list[str] = []

    def plan(self, target: str) -> Chain:
        """The route to ``target`` (which must be in the calendar), from the history given."""
        self._course(target, as_target=True)
        needed = self._closure(target)
        steps = {code: self._step(code) for code in needed}
        self._number(steps)
        order = sorted(steps.values(), key=lambda s: (s.code == target, s.step, s.code))
        # what the route passes through, not what an option it did not take would have
        on_route = set(needed)
        cycles = [" \u2192 ".join(loop) for loop in self.cycles if set(loop) <= on_route]
        return Chain(target, order, [c for c in dict.fromkeys(self.done_used) if c in self._used(needed)],
                     list(dict.fromkeys(cycles)), [c for c in dict.fromkeys(self.not_in_calendar) if c in on_route])

    def _used(self, needed: list[str]) -> set[str]:
        return {c for code in needed for c in self._routes.get(code, _EMPTY).direct}

    # the route of one course: its prerequisite and corequisite requirements
    def _course(self, code: str, as_target: bool = False) -> frozenset[str]:
        """The courses needed to take ``code``, itself included (nothing when done; the target is opened up
        even when it is in the history: the question asks what leads to it)."""
        if code in self.done and not as_target:
            self.done_used.append(code)
            return frozenset()
        if code not in self.facts.courses:
            self.not_in_calendar.append(code)
            return frozenset({code})
        if code in self._stack:
            loop = self._stack[self._stack.index(code):] + [code]
            if not (set(loop[1:]) & self._alongside_stack):  # courses taken together are no circle
                self.cycles.append(loop)
            return frozenset({code})
        if code not in self._routes:
            self._stack.append(code)
            c = self.facts.courses[code]
            pre = self._tree(c.prerequisite_tree) if c.prerequisite_tree else _EMPTY
            co = self._tree(c.corequisite_tree, alongside=True) if c.corequisite_tree else _EMPTY
            self._stack.pop()
            self._routes[code] = _Route(pre.courses | co.courses, pre.direct + co.direct,
                                        pre.coreqs + co.direct, pre.notes + co.notes, pre.choices + co.choices)
        return self._routes[code].courses | {code}

    def _tree(self, node: dict, alongside: bool = False) -> _Route:
        op = node["op"]
        if op == "course":
            code = node["code"]
            added = alongside and code not in self._alongside_stack
            if added:
                self._alongside_stack.add(code)
            courses = self._course(code)
            if added:
                self._alongside_stack.discard(code)
            return _Route(courses, [code], [code] if alongside else [], [], [])
        if op == "coreq":
            inner = self._tree(node["items"][0], alongside=True)
            return _Route(inner.courses, inner.direct, inner.direct, inner.notes, inner.choices)
        if op == "score":
            return self._score(node, alongside)
        if op == "ambiguous":  # one or all, the calendar does not say: the reading every other one is met by
            # ("one of A, B, and C"), else all, so no required course is dropped; the note names no course
            strictest = strictest_reading(node)
            inner = self._tree(strictest, alongside) if strictest else self._all(node["items"], alongside)
            return _Route(inner.courses, inner.direct, inner.coreqs, inner.notes + [AMBIGUOUS_NOTE], inner.choices)
        if op == "all":
            return self._all(node["items"], alongside)
        if op in ("one", "n_of"):
            return self._some(node, alongside)
        text = node.get("text", "").strip()
        return _Route(frozenset(), [], [], [text] if text else [], [])

    def _all(self, items: list[dict], alongside: bool) -> _Route:
        parts = [self._tree(c, alongside) for c in items]
        return _merge(parts, [])

    def _some(self, node: dict, alongside: bool) -> _Route:
        """Take the options that need the fewest courses; an option that is not a course (permission, a
        standing) is an exception the student can ask for, not a route, unless no option is a course."""
        options = [(self._tree(c, alongside), c) for c in node["items"]]
        need = 1 if node["op"] == "one" else max(1, min(node.get("n", 1), len(options)))
        courses = [(r, c) for r, c in options if r.direct or r.courses]
        if len(courses) < need:  # "standing or permission": nothing to take, the conditions stand
            notes = [describe(c) for r, c in options if not (r.direct or r.courses)]
            return _Route(frozenset(), [], [], [" or ".join(notes)] if notes else [], [])
        picked: list[tuple[_Route, dict]] = []
        have: frozenset[str] = frozenset()
        for _ in range(need):  # greedily: the option adding the fewest courses to what is already taken,
            # among those whose prerequisites ubcal could read in full (an unread one may hide more courses)
            best = min((o for o in courses if o not in picked), key=lambda o: (self._unread(o[0].courses - have),
                                                                                self._load(o[0].courses - have),
                                                                                len(o[0].courses - have),
                                                                                courses.index(o)))
            picked.append(best)
            have = have | best[0].courses
        described = {id(c): self._left(c) for _, c in options}
        settled = all(not r.courses for r, _ in picked)  # every option taken needs no course: done already
        choice = Choice("", list(described.values()), [described[id(c)] for r, c in picked if r.courses], settled,
                        need, [describe(c) for r, c in picked if not r.courses]) if len(options) > need else None
        return _merge([r for r, _ in picked], [choice] if choice else [])

    def _left(self, option: dict) -> str:
        """An option in words, less the courses the student has done: a done course named in a choice would
        read as one still to take ("all of A, B" with A done is "B")."""
        left = left_of(option, self.done)
        if left is None or left == option:  # an "all of" rebuilt with nothing taken out is the option itself
            return describe(option)
        return f"{describe(left)} (the rest of it done)"

    def _unread(self, codes: frozenset[str]) -> bool:
        """Whether any of ``codes`` has a prerequisite ubcal could not read in full, or no entry at all (a
        retired course the requirement still names): the fewest courses it seems to need may be more, so a
        route through it comes after every fully read one."""
        facts = self.facts.courses
        if any(c not in facts for c in codes):
            return True
        return any(facts[c].prerequisite.strip()
                   and (unparsed_parts(facts[c].prerequisite_tree) if facts[c].prerequisite_tree is not None
                        else not facts[c].prerequisite_notes)  # notes alone: it only recommends
                   for c in codes)

    def _load(self, codes: frozenset[str]) -> float:
        """How many ordinary courses ``codes`` amount to: a course of up to COURSE_LOAD credits is one, a
        larger one as many as its credits fill (Science One's SCIE 001 is a year's work, not one course,
        and had been the 'fewest courses' route to every course that lists it as an option)."""
        facts = self.facts.courses
        return sum(max(1.0, (facts[c].credits_max or 0.0) / COURSE_LOAD) if c in facts else 1.0 for c in codes)

    def _score(self, node: dict, alongside: bool) -> _Route:
        """A grade in a course (or in one of several): the course is taken, the grade is a condition."""
        codes = list(node.get("codes", []))
        text = "" if evaluate(node, self.history) == YES else node.get("text", "")  # a grade they said they have
        if node.get("quant", "one") == "all" or len(codes) == 1:
            parts = [self._tree({"op": "course", "code": c}, alongside) for c in codes]
            merged = _merge(parts, [])
            return _Route(merged.courses, merged.direct, merged.coreqs, merged.notes + [text], merged.choices)
        one = self._some({"op": "one", "items": [{"op": "course", "code": c} for c in codes]}, alongside)
        return _Route(one.courses, one.direct, one.coreqs, one.notes + [text], one.choices)

    # from routes to ordered steps
    def _closure(self, target: str) -> list[str]:
        """Every course on the route to ``target``, the target included, in first-found order."""
        out, todo = [], [target]
        while todo:
            code = todo.pop(0)
            if code in out:
                continue
            out.append(code)
            route = self._routes.get(code)
            if route:
                todo += [c for c in route.direct if c not in self.done and c not in out]
        return out

    def _step(self, code: str) -> Step:
        route = self._routes.get(code, _EMPTY)
        before = [c for c in dict.fromkeys(route.direct) if c not in route.coreqs and c not in self.done]
        alongside = [c for c in dict.fromkeys(route.coreqs) if c not in self.done]
        choices = [Choice(code, ch.options, ch.taken, ch.settled, ch.need, ch.had) for ch in route.choices]
        return Step(code, 0, before, alongside, list(dict.fromkeys(n for n in route.notes if n)), choices)

    def _number(self, steps: dict[str, Step]) -> None:
        """Step numbers: one after the latest course needed before it, and no earlier than a corequisite;
        a course wanted only as a corequisite moves up to the step of the course that wants it."""
        memo: dict[str, int] = {}

        def number(code: str, seen: frozenset[str]) -> int:
            if code in memo:
                return memo[code]
            s = steps.get(code)
            if s is None or code in seen:
                return 0
            inner = seen | {code}
            n = max([number(b, inner) + 1 for b in s.before] + [number(a, inner) for a in s.alongside] + [1])
            memo[code] = n
            return n

        for code in steps:
            steps[code].step = number(code, frozenset())
        for s in steps.values():
            for a in s.alongside:
                wanted_before = any(a in o.before for o in steps.values())
                if a in steps and not wanted_before:
                    steps[a].step = max(steps[a].step, s.step)


def _merge(parts: list[_Route], choices: list[Choice]) -> _Route:
    courses: frozenset[str] = frozenset()
    direct, coreqs, notes, all_choices = [], [], [], []
    for p in parts:
        courses |= p.courses
        direct += p.direct
        coreqs += p.coreqs
        notes += p.notes
        all_choices += p.choices
    return _Route(courses, direct, coreqs, notes, all_choices + choices)
