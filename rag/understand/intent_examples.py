"""Example phrasings of each kind of question, the training data of the intent classifier.

Written for the classifier by the engineers, in many voices, never copied from
an evaluation set. Course codes here are placeholders: the classifier sees
every code masked (``XYZ 100``), so it learns the wording, not the subjects.
A new phrasing that is misread is fixed by adding a *kind* of wording here (a
few varied sentences), not by a rule for one question.
"""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES: dict[str, list[str]] = {
    "prereq_of": [
        "hey, does ABC 200 need anything before it?", "is anything required ahead of ABC 210", "ABC 305: what goes before it?",
        "What are the prerequisites for ABC 200?", "prereqs for abc 300", "abc201 prereq?",
        "What should be done ahead of taking ABC 210?", "which classes get me into ABC 330",
        "requirements to take ABC 410", "What is required before ABC 250?", "ABC 220 prerequisite courses",
        "what should be done prior to ABC 310", "anything I have to finish before ABC 200?",
        "Which steps come ahead of enrolling in ABC 321?", "whats needed for abc 200",
        "tell me the pre-reqs of ABC 301", "How to qualify for ABC 404? what are its requirements",
        "which courses are prerequisites of ABC 230", "what are the entry requirements for ABC 350",
        "What classes come before ABC 260?", "prerequisite list ABC 305", "need-to-haves before ABC 402?",
        "What's the prereq situation for ABC 215", "what does one need to have taken for ABC 340",
        "ABC 112 requirements?", "what courses lead into ABC 300", "what background is required for ABC 445",
        "to be allowed into ABC 230 what is needed", "prerequisits of abc 211", "prereq for abc 333 pls",
        "prereqs 4 ABC 290 pls", "planning on ABC 320, what comes first?",
        "What are ABC 200's pre-requisites", "What is ABC 250 built on, course-wise?",
        "what should already sit on my record before ABC 330?", "ahead of ABC 212, which classes should I have passed",
        "the course I'd want under my belt for ABC 305?", "ahead of registering for ABC 240, what should be finished",
    ],
    "coreq_of": [
        "any co-requisites for ABC 330?", "co-reqs of ABC 240?", "does ABC 105 come with a corequisite",
        "ABC 200: its corequisites?", "does ABC 210 have a coreq", "abc 101 coreqs",
        "Anything that must be taken concurrently with ABC 120?", "what gets paired with ABC 140 by rule",
        "Which course must be taken concurrently with ABC 250?", "co-requisite for ABC 330?",
        "what goes together with ABC 111 as a coreq", "anything to take during the same session as ABC 260?",
        "Does ABC 201 make me enrol in another course simultaneously?",
        "what is the corequisite requirement of ABC 118", "ABC 121 corequisite?",
        "which class do i take simultaneously with abc 150", "what should I pair with ABC 200 as a coreq",
        "Are there coreqs for ABC 315?", "must anything be taken with ABC 102 in the same session",
        "coreq of abc 233", "does abc 200 need a concurrent course",
    ],
    "need_check": [
        "Do I need ABC 100 for ABC 200?", "Is ABC 110 a prerequisite for ABC 210?", "is abc 201 required for abc 301",
        "Must I take ABC 120 before ABC 220?", "Is ABC 200 needed to take ABC 300?",
        "does ABC 310 require ABC 210?", "Is ABC 101 mandatory before ABC 201?", "must I complete ABC 111 before ABC 211",
        "Is ABC 121 a prereq of ABC 221?", "do you need abc 213 to get into abc 313",
        "Does ABC 300 have ABC 200 as a prerequisite?", "Is ABC 150 necessary for ABC 250?",
        "does taking ABC 350 require having done ABC 250", "is ABC 102 one of the prereqs for ABC 202",
        "Will I need ABC 260 before I can do ABC 360?", "is ABC 221 a requirement for ABC 320",
        "Do I really have to do ABC 100 first to take ABC 200?", "Is ABC 330 required before taking ABC 430?",
        "Does ABC 201 count as a prerequisite for ABC 302?", "Is ABC 140 listed as a prereq for ABC 240?",
        "ABC 110 needed for ABC 210?", "need abc 100 before abc 200?",
        "Is it required to have ABC 213 to enrol in ABC 310?", "Do ABC 300 and ABC 310 both require ABC 200?",
        # skipping a course asks whether the other one needs it
        "can I skip ABC 100 and still take ABC 200?", "is it possible to bypass ABC 110 on the way to ABC 210",
        "could ABC 120 be left out if I'm aiming for ABC 220", "do I get to avoid ABC 130 for ABC 230",
        "ABC 140 - can that be skipped for ABC 240?", "any way around ABC 150 to get into ABC 250",
        "can ABC 160 be waived for ABC 260", "is ABC 170 optional for ABC 270",
    ],
    "eligibility": [
        "my transcript has ABC 121 and ABC 123. Am I qualified for ABC 233 then?",
        "Does ABC 110 plus ABC 120 qualify me for ABC 220?", "with ABC 101 on my record am I cleared for ABC 201",
        "Can I take ABC 200 if I have ABC 100?", "I've done ABC 110, can I take ABC 210?",
        "Is ABC 110 enough to take ABC 210?", "With ABC 200 and ABC 201, am I eligible to take ABC 300?",
        "I have ABC 100 and ABC 101, am I allowed to register in ABC 201?", "is enrolling in abc 310 ok after abc 210",
        "is ABC 211 possible w/o having ABC 111", "ABC 121 isn't done yet but ABC 210 is, could I register in ABC 221?",
        "ABC 120 was a fail for me, ABC 211 a pass; am I ok for ABC 214?", "I dropped ABC 200, is ABC 300 still possible?",
        "Is ABC 100 sufficient to get into ABC 200?", "with ABC 101 and ABC 102 done, all set for ABC 201?",
        "Would ABC 110 by itself get me into ABC 210?", "I only have ABC 100. Will that let me take ABC 200?",
        "do I satisfy the prereqs for ABC 300? I took ABC 200 and ABC 210", "ABC 100 done, ABC 101 done, ABC 201 ok?",
        "Could I register for ABC 310 having completed ABC 210?", "am I let into ABC 320 w/o ABC 220",
        "I passed ABC 110, is that sufficient for ABC 210", "may I hop into ABC 300 with just ABC 200?",
        "I never took ABC 111, is ABC 211 still open to me?", "Can I do ABC 250 straight after ABC 150?",
        "Having finished ABC 120, am I qualified for ABC 220?", "I've got ABC 200 under my belt; can I take ABC 300",
        "is it possible to take ABC 300 if I only did ABC 100", "Can registration in ABC 201 happen since I completed ABC 101?",
        "I'm in ABC 110 at the moment. Is ABC 210 ok for me in the next session?", "Can I take ABC 330 without having done ABC 230?",
        "my courses: ABC 100, ABC 101. can i take ABC 200", "Do I satisfy the requirements for ABC 305 with ABC 205?",
        "I took ABC 101 but not ABC 102, can I take ABC 202?", "Can I take ABC 400?",
        "Am I ready for ABC 310 after ABC 210 and ABC 213?", "Does having ABC 200 let me into ABC 300?",
        "is ABC 120 or ABC 121 enough for ABC 220", "I got credit for ABC 111, can I proceed into ABC 211?",
        "3rd-yr here: signing up for ABC 391 allowed?", "second-year standing, enrolling in ABC 300 ok",
        "4th yr student, is ABC 410 allowed for me", "As a first year student is ABC 200 registrable for me?",
        "2nd yr bio student - can i take intro to genetics?", "year 3 arts, is advanced poetry open to me",
    ],
    "unlocks": [
        "What is open to me after ABC 110?", "I just finished ABC 100, what does it unlock for me?",
        "what's available to me now that i've done ABC 200 and ABC 201", "What does completing ABC 210 unlock?",
        "I passed ABC 120. What opens up for me now?", "Which courses become available after ABC 101 and ABC 102?",
        "what's my next step after abc 221", "having done ABC 150, what are my options?",
        "What courses am I qualified for with ABC 213 and ABC 221?", "having ABC 200 now, what's open to me",
        "After ABC 100 what courses am I allowed to register in?", "what does ABC 110 lead to?",
        "With ABC 120 done, which classes are next for me?", "which classes are open with only ABC 101?",
        "What opens up once I complete ABC 240?", "Where can I go from ABC 200?",
        "I've completed ABC 201 and ABC 202; what higher courses are possible?", "what does abc 111 let me take",
        "ABC 230 is done, what later courses will it feed into?", "which upper-level classes build on ABC 101 for me",
        "ABC 150 on my record - where does it lead next?", "what is ABC 205 a stepping stone to, now that I've got it",
    ],
    "reverse_prereq": [
        "Which classes list ABC 300 as a requirement?", "which courses have ABC 240 in their requirements",
        "what courses is ABC 150 needed for", "ABC 260 is required by which classes?",
        "Which courses require ABC 200?", "What courses list ABC 110 as a prerequisite?",
        "Which classes need ABC 221 as a prereq?", "ABC 210 is required by what other courses?",
        "what courses have abc 100 in their prerequisites", "Which courses name ABC 300 as a requirement?",
        "what requires ABC 213", "list the courses that depend on ABC 120", "which courses is ABC 101 a prereq for",
        "courses that use ABC 200 as a prerequisite?", "courses that ask for ABC 230 as a prerequisite",
        "Which upper-level courses build on ABC 210?",
    ],
    "exclusion": [
        "both ABC 100 and ABC 101 for credit, allowed?", "Are ABC 200 and ABC 210 credit-excluded?",
        "Already holding ABC 111, would ABC 112 still earn credit?", "do abc 100 and abc 102 overlap for credit",
        "Is ABC 200 credit-excluded with ABC 205?", "Do I earn credit for ABC 300 when I took ABC 310?",
        "could ABC 101 and ABC 111 both be taken for credit", "are ABC 210 and ABC 220 mutually exclusive?",
        "I hold credit in ABC 120, will ABC 121 still give me credit?", "Does ABC 130 exclude ABC 131?",
        "can you get credit for ABC 140 and ABC 141", "ABC 150 and ABC 151 - do both count?",
        "Is credit granted for only one of ABC 200 and ABC 202?", "would ABC 300 be a duplicate of ABC 301 for credit?",
        "having done ABC 110, is ABC 103 still creditable?", "Do ABC 250 and ABC 251 count as the same course?",
        "are abc 201 and abc 202 equivalent courses", "will ABC 140 after ABC 141 still bring me more credit",
        "Is ABC 102 excluded if I have ABC 100?", "Can both ABC 310 and ABC 311 count toward my total?",
        "would ABC 203 still count once I've got ABC 210?", "does ABC 105 still give credit when I've got ABC 115",
        "I took ABC 120 already; will ABC 125 count towards my degree too?", "is ABC 330 redundant with ABC 331?",
        "if I have ABC 200, do I lose credit taking ABC 202?", "will ABC 101 be counted if I did ABC 111 before?",
    ],
    "credits": [
        "ABC 100 is worth how many credits?", "abc 200 credits?", "What is ABC 210 worth?",
        "abc 101 how many cr", "credit value of ABC 300", "Is ABC 201 worth 3 credits?",
        "ABC 110 carries how much credit", "number of credits for ABC 250", "ABC 120 - how many credits",
        "credit weight of ABC 330?", "is abc 110 4 credits?", "how many units is ABC 220",
        "How many credits will ABC 340 give me?", "ABC 400 worth how many credits?",
    ],
    "credits_total": [
        "ABC 100, ABC 101 and ABC 102 add up to how many credits?", "total credits for ABC 200 and ABC 210?",
        "If I take ABC 110, ABC 120 and ABC 130 what is the credit sum?",
        "credits of ABC 200 plus ABC 201 together", "What's the combined credit value of ABC 300 and ABC 310?",
        "sum of credits: ABC 100, ABC 120, ABC 140", "ABC 101 + ABC 102 + ABC 103 = how many credits?",
        "What credit total would I earn taking ABC 220 and ABC 221?",
        "Registering for ABC 100, ABC 110, ABC 120 and ABC 130, what's my credit load?",
        "credits all together for abc 201, abc 202", "total credits across ABC 310, ABC 311 and ABC 312",
        "What do ABC 200 and ABC 250 come to in credits?",
    ],
    "credit_compare": [
        "between ABC 210 and ABC 220, which one's worth more?", "ABC 130 vs ABC 140: the one worth more credits?",
        "ABC 210 or ABC 220, which one carries more credit?", "which of ABC 130 and ABC 140 gives more credit",
        "is ABC 300 more credits than ABC 301?",
        "Does ABC 100 carry more credits than ABC 110?", "Which has more credits, ABC 200 or ABC 210?",
        "does ABC 101 have fewer credits than ABC 111", "bigger credit value: abc 300 or abc 301",
        "Contrast the credit values of ABC 120 and ABC 121", "Do ABC 210 and ABC 220 have the same number of credits?",
        "which one is fewer credits ABC 400 or ABC 410",
    ],
    "compare": [
        "whats different about ABC 100 compared to ABC 110", "ABC 200 vs ABC 210?",
        "how does ABC 101 differ from ABC 111", "compare ABC 300 and ABC 310", "ABC 220 or ABC 221, which one suits me?",
        "What distinguishes ABC 201 from ABC 202?", "is ABC 150 similar to ABC 151",
        "what do ABC 120 and ABC 121 have in common", "Which comes first, ABC 200 or ABC 300?",
        "differences between abc 330 and abc 331", "how are ABC 100 and ABC 102 different",
        "are there prerequisites that ABC 310 and ABC 320 both ask for", "any overlap in what ABC 200 and ABC 240 require first?",
        "which pre-reqs do abc 301 and abc 333 have in common", "do ABC 410 and ABC 420 need the same earlier courses",
        "should ABC 213 be done before ABC 221, or the reverse?", "in what order do ABC 210 and ABC 240 go",
    ],
    "describe": [
        "What is ABC 100 about?", "What do you learn in ABC 200?", "describe ABC 210", "what's abc 101",
        "Tell me about ABC 300.", "What topics does ABC 310 cover?", "what is ABC 120 like",
        "ABC 250 course description", "What will I study in ABC 330?", "What's the content of ABC 221?",
        "what does abc 110 teach", "give me an overview of ABC 400",
    ],
    "program_course": [
        "Does Biology list ABC 210?", "Is ABC 330 in the Mechanical Engineering requirements?",
        "does the Statistics major include ABC 200", "is ABC 110 on the physics specialization's list",
        "Is ABC 200 required in the Computer Science major?", "Are mech eng people required to do ABC 256?",
        "Does the biology major include ABC 200?", "does the chem eng program include ABC 201",
        "Is ABC 300 a requirement for Physics honours?", "Do I need ABC 210 for the BSc in Statistics?",
        "Is ABC 110 in the Civil Engineering curriculum?", "does the microbiology major list ABC 202",
        "Do electrical engineering students take ABC 221?", "Is ABC 101 mandatory for the astronomy specialization?",
        "is abc 120 required for comp sci", "Does the Data Science program require ABC 300?",
        "Must I take ABC 250 in the geophysics program?", "Is ABC 200 one of the courses in mining engineering?",
    ],
    "program_year": [
        "yr-2 Chemistry courses", "Civil Engineering year 3", "Mining Engineering yr 1 classes",
        "3rd-year biochemistry classes", "third year of geophysics: what is in it",
        "What do third-year civil engineering students take?", "year 2 courses in the Biology major",
        "What is taken in first year of mechanical engineering?", "3rd yr civil eng classes?",
        "What does the physics program's year three look like?", "computer science requirements for second year",
        "courses to take in year-4 of materials engineering", "Which courses does first year of Data Science require?",
        "term 1 of second year electrical engineering", "What does the Statistics program require overall?",
        "list the year 2 requirements for neuroscience", "what's in the final year of mining eng",
        "What classes are geological engineering students given in 2nd year?", "requirements for the biochemistry major",
        "fourth year courses for environmental engineering", "what does the oceanography program require?",
    ],
    "subject_level": [
        "What are all the third-year chemistry courses?", "every second-year history course", "all fourth year ECON classes",
        "which first year courses does the philosophy department have", "list of 3rd year psych courses",
        "List all 400-level ABC courses.", "what 300 level linguistics courses are there",
        "every 3xx astronomy course", "Which 100-level geography classes exist?", "show me the 200-level ABC courses",
        "what first-year psychology courses are offered", "all the level 4 ABC courses", "ABC 5xx courses?",
        "What are the 300-level courses in anthropology?", "list second-year economics classes",
        "which 400 level courses does the ABC department offer", "give me all 200 level stats courses",
        "grad-level ABC courses?", "What upper level ABC courses are there at the 400 level?",
    ],
    "topic_level": [
        "are there upper-level chemistry courses about spectroscopy?", "any 200-level history classes on the cold war",
        "a third-year psychology course on memory?", "any 400-level economics course about development?",
        "is there an intro bio class on heredity?", "an intro course about climate change?",
        "Which course teaches machine learning?", "Does any course cover Shakespeare?",
        "any 300-level course about urban planning", "a beginner course in programming",
        "what course covers organic chemistry reactions", "is there a class about marine mammals",
        "Which courses are about international trade?", "courses on ethics in technology",
        "a second-year course about statistics for psychology", "what class teaches accounting basics",
    ],
    "decline": [
        "is ABC 101 hard", "is ABC 200 an easy A?", "how much work is ABC 310", "is ABC 120 a bird course",
        "failure rate of ABC 100?", "are the exams in ABC 230 curved?", "should I bother with ABC 105",
        "who's lecturing ABC 110 next term?", "when does the library close tonight", "what's the deadline for withdrawing from a class",
        "How many people are enrolled in ABC 100?", "What room is ABC 200 in?", "Is professor Smith a good instructor?",
        "When is the ABC 100 final exam?", "What time is ABC 210 held?", "Who is the instructor for ABC 300 this term?",
        "tuition cost?", "where is the chemistry building", "What are the gym hours?",
        "Is ABC 101 offered in the summer term this year?", "When does registration open?",
        "How hard is ABC 221?", "What's the average grade in ABC 200?", "Does ABC 310 have a waitlist?",
        "what textbook does ABC 120 use", "How do I get a parking pass?", "first day of the winter session?",
        "What's the wifi password?", "How big is the class for ABC 250?", "who is the department head of physics",
        "Which professor should I pick for ABC 101?", "What days of the week does ABC 330 meet?",
        "when are office hours for ABC 100", "when are fees due",
    ],
    "other": [
        "Can ABC 110 be taken Credit/D/Fail?", "Does ABC 221 count toward the science breadth requirement?",
        "Can I repeat ABC 100 to improve my grade?", "Does ABC 200 count as a laboratory science course?",
        "Can ABC 101 be used as an Arts elective?", "How does academic concession work if I miss the ABC 210 final?",
        "Is ABC 330 part of the upper-level requirement?", "Does the credit/D/fail option apply to ABC 120?",
        "How is ABC 221 graded under the Credit/D/Fail policy?", "Can ABC 300 be audited?",
        "What does the W standing mean for ABC 250?", "How do transfer credits work for ABC 101?",
        "How does the credit/D/fail option work?", "What is the policy on academic concession?",
        "How do I transfer into the Faculty of Science?", "What is academic standing?",
        "How are grades calculated at UBC?", "What does a W on my transcript mean?",
        "Tell me about the Bachelor of Applied Science degree", "what is an elective",
        "What credit count is needed to graduate?", "What does 'standing' mean in a prerequisite?",
    ],
}


def _with_planning(examples: dict[str, list[str]]) -> dict[str, list[str]]:
    """The planning phrasings (``planning_examples.json``, written by a helper who saw no evaluation set):
    the whole chain to a course, what is left of a program year, and one-level prerequisite questions that
    mark the chain's boundary (trained as ``prereq_of``)."""
    merged = {k: list(v) for k, v in examples.items()}
    extra = json.loads(Path(__file__).with_name("planning_examples.json").read_text(encoding="utf-8"))
    for label, phrasings in extra.items():
        label = "prereq_of" if label == "contrast_prereq_of" else label
        merged.setdefault(label, []).extend(p for p in phrasings if p not in merged.get(label, []))
    return merged


NOT_CHANGE_PER_KIND = 10


def _change_examples(everything_else: dict[str, list[str]]) -> dict[str, list[str]]:
    """The change classifier's classes: each kind of "what changed" question, and ``not_change`` (the
    helper's one-edition questions that name a year or an edition, and the first few phrasings of each
    kind the main classifier reads). A classifier of its own, asked only of a question with words of change, so that adding
    editions leaves every other reading as it was."""
    extra = json.loads(Path(__file__).with_name("change_examples.json").read_text(encoding="utf-8"))
    kinds = {label: list(v) for label, v in extra.items() if label != "contrast_current"}
    # a few phrasings of each other kind, so that "not a change" is not the largest class by far
    kinds["not_change"] = list(extra["contrast_current"]) + [p for v in everything_else.values()
                                                             for p in v[:NOT_CHANGE_PER_KIND]]
    return kinds


EXAMPLES = _with_planning(EXAMPLES)
CHANGE_EXAMPLES = _change_examples(EXAMPLES)
