"""Write data/eval/real-2026-27.jsonl: hand-written questions, gold resolved against the real snapshot.

The questions are written here the way students ask them; the gold entries
name courses by code and programs by page slug, and are resolved to page URLs
and section anchors by parsing the snapshot in place with the build's own
parser. So the test set holds our questions and the calendar's URLs, never
calendar text, and a parser change that moves an anchor shows up as a diff
(``--check``, also run by the tests). Questions are not tuned to the system:
the ones added after the first evaluation say so in a comment and were
written before they were run.

    .venv/bin/python scripts/make_real_testset.py [--snapshot DIR] [--out FILE] [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assets.parse import parse_page
from assets.sources import scan_saved_site

DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "calendar" / "snapshot-2026-27"
DEFAULT_OUT = ROOT / "data" / "eval" / "real-2026-27.jsonl"
MAX_PAGE_BYTES = 5 << 20

Q: list[dict] = []


def add(cat: str, route: str, question: str, gold: list[str], contains: tuple[str, ...] | list[str] = (),
        answerable: bool = True) -> None:
    """Record a question; gold is resolved later, when the snapshot has been parsed."""
    Q.append({"id": f"{cat}-{sum(1 for q in Q if q['category'] == cat) + 1:02d}", "question": question,
              "category": cat, "expected_route": route, "gold": list(gold) if answerable else [],
              "answer_contains": list(contains), "answerable": answerable})


# code lookups: the spellings students actually type
add("code_lookup", "simple", "What are the prerequisites for CPSC 221?", ["CPSC 221"], ["CPSC 210"])
add("code_lookup", "simple", "cpsc310 prereqs", ["CPSC 310"], ["CPSC 213"])
add("code_lookup", "simple", "What do you learn in ECON 101?", ["ECON 101"])
add("code_lookup", "simple", "what is biol 112 about", ["BIOL 112"])
add("code_lookup", "simple", "Tell me about CHEM_V 121", ["CHEM 121"])
add("code_lookup", "simple", "What's the prerequisite for MATH 200?", ["MATH 200"], ["MATH 101"])
add("code_lookup", "simple", "Do I need anything before taking BIOL 200?", ["BIOL 200"], ["BIOL 112"])
add("code_lookup", "simple", "phys117 description", ["PHYS 117"])
add("code_lookup", "simple", "Which courses do I need before STAT 302?", ["STAT 302"], ["MATH 200"])
add("code_lookup", "simple", "What is PSYC 101?", ["PSYC 101"])
add("code_lookup", "simple", "APSC 160 - what does it cover?", ["APSC 160"])
add("code_lookup", "simple", "whats the prereq for chem 233", ["CHEM 233"], ["CHEM 123"])
add("code_lookup", "simple", "Is ENGL 110 a literature course?", ["ENGL 110"])
# paraphrases that name no code
add("paraphrase", "simple", "Is there a first-year course about natural disasters like earthquakes and tsunamis?", ["EOSC 114"])
add("paraphrase", "simple", "intro course on supply and demand and how consumers and firms behave", ["ECON 101"])
add("paraphrase", "simple", "Which course teaches the basics of French for complete beginners?", ["FREN 101"])
add("paraphrase", "simple", "course that teaches how to spot fallacies and reason about arguments", ["PHIL 120"])
add("paraphrase", "simple", "Is there an intro astronomy course about the sun and the planets?", ["ASTR 101"])
add("paraphrase", "simple", "I want an intro linguistics class about how human languages work", ["LING 100"])
add("paraphrase", "simple", "Which course covers eigenvalues, determinants and solving linear systems?", ["MATH 221"])
add("paraphrase", "simple", "first year biology course on genetics, evolution and ecology", ["BIOL 121"])
add("paraphrase", "simple", "What course covers GDP, unemployment and business cycles at an intro level?", ["ECON 102"])
add("paraphrase", "simple", "introductory business course for first year commerce students", ["COMM 101"])
add("paraphrase", "simple", "Which computer science course is about software design, testing and debugging of robust components?", ["CPSC 210"])
add("paraphrase", "simple", "course on special relativity and early quantum physics", ["PHYS 200"])
# paraphrases added after the first evaluation run; written (gold included) before they were run
add("paraphrase", "simple", "beginner class about culture, race and how different societies are organized", ["ANTH 100"])
add("paraphrase", "simple", "first-year Spanish for people who have never studied it", ["SPAN 101"])
add("paraphrase", "simple", "intro programming course for students who aren't computer science majors", ["CPSC 103"])
add("paraphrase", "simple", "Is there a first-year philosophy course about what makes people happy?", ["PHIL 104"])
add("paraphrase", "simple", "course about the history and culture of fifth-century Athens", ["CLST 110"])
add("paraphrase", "simple", "survey of Western music in the Middle Ages and Renaissance", ["MUSC 120"])
add("paraphrase", "simple", "history course on how media like radio, film and social media developed around the world", ["HIST 109"])
add("paraphrase", "simple", "upper-level course on the history of jazz and its cultural context", ["MUSC 358"])
add("paraphrase", "simple", "graduate course on the thermodynamics of combustion and flame temperature", ["MECH 576"])
add("paraphrase", "simple", "course about legal issues in regulating the communications industry", ["LAW 571"])
add("paraphrase", "simple", "which course in the data science master's teaches recursion, linked lists, stacks and hash tables", ["DSCI 512"])
add("paraphrase", "simple", "How do ships stay stable? Is there a course on ship hydrostatics and resistance?", ["MECH 488"])
# credits
add("credits", "simple", "How many credits is CPSC 110?", ["CPSC 110"], ["4"])
add("credits", "simple", "how many credits is math 100 worth", ["MATH 100"], ["3"])
add("credits", "simple", "Credits for CHEM 121?", ["CHEM 121"], ["4"])
add("credits", "simple", "How many credits do I get for AFST 250?", ["AFST 250"], ["3-6"])
add("credits", "simple", "what's the credit value of BIOL 155", ["BIOL 155"], ["6"])
add("credits", "simple", "Is APSC 279 a one-credit lab?", ["APSC 279"], ["1"])
add("credits", "simple", "How many credits is PHYS 200?", ["PHYS 200"], ["4"])
add("credits", "simple", "number of credits for CPSC 320", ["CPSC 320"], ["3"])
add("credits", "simple", "How many credits can you earn in ACAM 320?", ["ACAM 320"], ["3-6"])
add("credits", "simple", "How many credits is CPEN 291?", ["CPEN 291"], ["6"])
# code collisions: the same number in several subjects
add("code_collision", "simple", "What is MATH 221 about?", ["MATH 221"])
add("code_collision", "simple", "What is ECON 221 about?", ["ECON 221"])
add("code_collision", "simple", "prerequisites for CPEN 221", ["CPEN 221"])
add("code_collision", "simple", "What does EOSC 110 cover?", ["EOSC 110"])
add("code_collision", "simple", "Tell me about CHEM 110", ["CHEM 110"])
add("code_collision", "simple", "Describe BIOL 300", ["BIOL 300"])
add("code_collision", "simple", "What is ENGL 221 about?", ["ENGL 221"])
add("code_collision", "simple", "What does DSCI 221 cover?", ["DSCI 221"])
add("code_collision", "complex", "Is MATH 302 the same course as STAT 302?", ["MATH 302", "STAT 302"])
add("code_collision", "simple", "What is ASTR 310 about?", ["ASTR 310"])
# two-course multi-hop
add("multi_hop", "complex", "What are the prerequisites of CPSC 213 and CPSC 221?", ["CPSC 213", "CPSC 221"], ["CPSC 210"])
add("multi_hop", "complex", "I finished CPSC 210. Can I take CPSC 213 and CPSC 310 next term?", ["CPSC 213", "CPSC 310"])
add("multi_hop", "complex", "What do BIOL 112 and BIOL 121 each cover?", ["BIOL 112", "BIOL 121"])
add("multi_hop", "complex", "prereqs for CHEM 233 and BIOC 202", ["CHEM 233", "BIOC 202"])
add("multi_hop", "complex", "What are the prerequisites for ECON 301 and ECON 102?", ["ECON 301", "ECON 102"])
add("multi_hop", "complex", "Tell me what MATH 100 and MATH 101 cover", ["MATH 100", "MATH 101"])
add("multi_hop", "complex", "Do PHYS 117 and PHYS 118 have prerequisites?", ["PHYS 117", "PHYS 118"])
add("multi_hop", "complex", "What are MICB 202 and BIOL 200 about?", ["MICB 202", "BIOL 200"])
add("multi_hop", "complex", "I want to take CPSC 330 and CPSC 340; what do I need first?", ["CPSC 330", "CPSC 340"])
add("multi_hop", "complex", "What are the prerequisites for MATH 220 and MATH 221?", ["MATH 220", "MATH 221"])
add("multi_hop", "complex", "What is covered in ECON 101 and COMM 101?", ["ECON 101", "COMM 101"])
add("multi_hop", "complex", "Describe LING 100 and PHIL 120", ["LING 100", "PHIL 120"])
# comparisons
add("comparison", "complex", "Which is worth more credits, CPSC 221 or MATH 221?", ["CPSC 221", "MATH 221"], ["4"])
add("comparison", "complex", "Compare CHEM 121 and CHEM 123", ["CHEM 121", "CHEM 123"])
add("comparison", "complex", "What's the difference between ECON 101 and ECON 102?", ["ECON 101", "ECON 102"])
add("comparison", "complex", "CPSC 110 vs CPSC 210: which one comes first?", ["CPSC 110", "CPSC 210"])
add("comparison", "complex", "Should I take STAT 200 or STAT 302 for probability?", ["STAT 200", "STAT 302"])
add("comparison", "complex", "How do PSYC 101 and PSYC 217 differ?", ["PSYC 101", "PSYC 217"])
add("comparison", "complex", "Compare PHYS 117 with PHYS 200", ["PHYS 117", "PHYS 200"])
add("comparison", "complex", "Is BIOL 112 or BIOL 200 the more advanced cell biology course?", ["BIOL 112", "BIOL 200"])
add("comparison", "complex", "which has more credits: CPEN 291 or CPEN 221", ["CPEN 291", "CPEN 221"], ["6"])
add("comparison", "complex", "Compare MATH 200 and MATH 220", ["MATH 200", "MATH 220"])
# program + course
add("program_course", "complex", "Is CPSC 221 required in Computer Engineering?", ["prog:computer-engineering", "CPSC 221"])
add("program_course", "complex", "Do Computer Science students have to take CPSC 213?", ["prog:computer-science", "CPSC 213"])
add("program_course", "complex", "Does the Biology program require BIOL 200?", ["prog:biology", "BIOL 200"])
add("program_course", "complex", "When do Civil Engineering students take APSC 160?", ["prog:civil-engineering", "APSC 160"])
add("program_course", "complex", "Is STAT 302 part of the Statistics specialization?", ["prog:statistics", "STAT 302"])
add("program_course", "complex", "Do Mathematics students need MATH 220?", ["prog:mathematics", "MATH 220"])
add("program_course", "complex", "In Electrical Engineering, which year is MATH 253 taken?", ["prog:electrical-engineering", "MATH 253"])
add("program_course", "complex", "Is CHEM 233 required for Biochemistry?", ["prog:biochemistry", "CHEM 233"])
# program pages
add("program", "simple", "What courses are in first year of Mechanical Engineering?", ["prog:mechanical-engineering"])
add("program", "simple", "third year requirements for the Data Science specialization", ["prog:data-science"])
add("program", "simple", "What do Geophysics students take in second year?", ["prog:geophysics"])
add("program", "simple", "Which courses make up the Neuroscience program?", ["prog:neuroscience"])
add("program", "simple", "Year 4 courses for Mining Engineering", ["prog:mining-engineering"])
add("program", "simple", "What is required in the Microbiology and Immunology specialization?", ["prog:microbiology-and-immunology"])
# unanswerable
add("unanswerable", "simple", "What are the prerequisites for CPSC 999?", [], answerable=False)
add("unanswerable", "simple", "Tell me about MATH 777", [], answerable=False)
add("unanswerable", "simple", "What is QWRT 101 about?", [], answerable=False)
add("unanswerable", "simple", "How much does a parking pass cost at UBC?", [], answerable=False)
add("unanswerable", "simple", "What time does the Nest food court open on Sundays?", [], answerable=False)
add("unanswerable", "simple", "Who won the varsity hockey game last weekend?", [], answerable=False)
add("unanswerable", "simple", "What is the wifi password in the library?", [], answerable=False)
add("unanswerable", "simple", "how many credits is ZOOL 999", [], answerable=False)
add("unanswerable", "simple", "What's the best pizza place near campus?", [], answerable=False)
add("unanswerable", "simple", "Can you recommend a good laptop for engineering?", [], answerable=False)


# --- calendar facts (issue 10): written with their expected answers before the code that answers them.
# split "dev": the questions the rules were built from; split "test": held out, scored separately.
# expected_verdict: the answer must lead with it (yes / no / cannot tell, or the course with more credits,
# or "same"); expected_codes: every one must be named; expected_any: at least one must be named.
def fact(cat: str, split: str, question: str, gold: list[str], codes: tuple[str, ...] = (), **expected) -> None:
    """``expected``: verdict, any_of, route ("simple"), answerable (True), contains (())."""
    unknown = set(expected) - {"verdict", "any_of", "route", "answerable", "contains"}
    if unknown:
        raise TypeError(f"fact() got unknown fields {sorted(unknown)} for {question!r}")
    add(cat, expected.get("route", "simple"), question, gold, expected.get("contains", ()),
        expected.get("answerable", True))
    Q[-1].update({"split": split, "expected_verdict": expected.get("verdict", ""), "expected_codes": list(codes),
                  "expected_any": list(expected.get("any_of", ()))})


fact("prereq_of", "dev", "What are the prerequisites for CPSC 310?", ["CPSC 310"], ("CPSC 213", "CPSC 221"))
fact("prereq_of", "dev", "prereqs of MATH 200", ["MATH 200"],
     ("MATH 101", "MATH 103", "MATH 105", "MATH 121", "SCIE 001"))
fact("prereq_of", "test", "What do I need before CPSC 404?", ["CPSC 404"],
     ("CPSC 304", "CPSC 213", "CPSC 261", "CPEN 212"))
fact("prereq_of", "test", "What's required before taking MICB 202?", ["MICB 202"],
     ("BIOL 112", "BIOL 200", "BMEG 245", "MICB 201", "SCIE 001"))
fact("prereq_of", "test", "stat 302 prerequisites", ["STAT 302"],
     ("MATH 200", "MATH 226", "MATH 217", "MATH 253", "MATH 254"))
fact("prereq_of", "test", "Does CPSC 110 have any prerequisites?", ["CPSC 110"], verdict="no")
fact("prereq_of", "test", "What are the corequisites of PHYS 118?", ["PHYS 118"],
     ("MATH 101", "MATH 103", "MATH 105", "MATH 121"))

fact("reverse_prereq", "dev", "Which courses require CPSC 221 as a prerequisite?", ["CPSC 221"],
     ("CPEN 320", "CPEN 391", "CPEN 416", "CPEN 441", "CPSC 304", "CPSC 310", "CPSC 313", "CPSC 314", "CPSC 317",
      "CPSC 320", "CPSC 322", "CPSC 340", "CPSC 411", "CPSC 425", "CPSC 491", "MATH 442"))
fact("reverse_prereq", "dev", "Which courses have CPSC 213 as a prerequisite?", ["CPSC 213"],
     ("COMM 338", "CPSC 310", "CPSC 313", "CPSC 317", "CPSC 404", "CPSC 411"))
# gold corrected after reading the calendar: CPSC 420's prerequisite is written "[CPSC320]", which the
# first, regex-made gold list missed
fact("reverse_prereq", "test", "Which courses list CPSC 320 as a prerequisite?", ["CPSC 320"],
     ("CPEN 491", "CPSC 418", "CPSC 420", "CPSC 421", "CPSC 445"))
fact("reverse_prereq", "test", "What courses need MICB 202?", ["MICB 202"],
     ("MICB 302", "MICB 306", "MICB 308", "MICB 398"))
# gold corrected after reading the calendar: LING 425 only recommends LING 100
fact("reverse_prereq", "test", "LING 100 is a prerequisite for which courses?", ["LING 100"],
     ("LING 242", "LING 270"))
# gold corrected after reading the calendar: CPEN 355 names CPSC 340 only in a credit exclusion
fact("reverse_prereq", "test", "what can I take after CPSC 340, i.e. which courses require it?", ["CPSC 340"],
     ("CPSC 440", "DSCI 430", "STAT 406"))
fact("reverse_prereq", "test", "Which courses require CPSC 310?", ["CPSC 310"],
     ("COMM 436", "CPEN 421", "CPEN 422", "CPEN 423", "CPSC 319", "CPSC 410", "CPSC 415", "CPSC 447",
      "CPSC 455", "CPSC 491"))

fact("eligibility", "dev", "Can I take CPSC 310 if I have completed CPSC 210 and CPSC 121?", ["CPSC 310"],
     ("CPSC 213", "CPSC 221"), verdict="no")
fact("eligibility", "dev", "I have CPSC 213 and CPSC 221. Can I take CPSC 310?", ["CPSC 310"], verdict="yes")
fact("eligibility", "test", "I've done MATH 101. Am I eligible for MATH 200?", ["MATH 200"], verdict="yes")
fact("eligibility", "test", "Can I take CPSC 213 with only CPSC 110 done?", ["CPSC 213"],
     ("CPSC 121", "CPSC 210"), verdict="no")
fact("eligibility", "test", "I completed CHEM 123. Can I register in CHEM 233?", ["CHEM 233"], verdict="yes")
fact("eligibility", "test", "Can I take CPSC 404 if I have taken CPSC 304?", ["CPSC 404"],
     ("CPSC 213", "CPSC 261", "CPEN 212"), verdict="no")
fact("eligibility", "test", "Having finished ECON 101, MATH 100 and MATH 101, can I enroll in ECON 301?",
     ["ECON 301"], verdict="yes")
fact("eligibility", "test", "Can I take MATH 220 after MATH 101?", ["MATH 220"], ("MATH 101",),
     verdict="cannot tell")
fact("eligibility", "test", "Can I take CPSC 221 if I've done CPSC 210 and CPSC 121?", ["CPSC 221"], verdict="yes")
fact("eligibility", "test", "Can I take EOSC 114 without any prior courses?", ["EOSC 114"], verdict="yes")

fact("exclusion", "dev", "Can I get credit for both CHEM 233 and CHEM 223?", ["CHEM 233"], verdict="no",
     route="complex")
fact("exclusion", "dev", "Can I get credit for both PSYC 100 and PSYC 101?", ["PSYC 101"], verdict="no",
     route="complex")
fact("exclusion", "test", "Will I get credit for both BIOL 121 and BIOL 344?", ["BIOL 121"], verdict="no",
     route="complex")
fact("exclusion", "test", "Can I take ECON 102 and ECON 311 and get credit for both?", ["ECON 102"], verdict="no",
     route="complex")
fact("exclusion", "test", "If I took BIOC 202, can I also get credit for BIOL 201?", ["BIOL 201"], verdict="no",
     route="complex")
fact("exclusion", "test", "Can I get credit for both CPSC 310 and CPSC 213?", ["CPSC 310"], verdict="yes",
     route="complex")
fact("exclusion", "test", "Are ECON 301 and COMM 295 credit-excluded?", ["ECON 301"], verdict="yes",
     route="complex")

fact("credit_compare", "dev", "Which has more credits, MATH 100 or MATH 180?", ["MATH 100", "MATH 180"],
     verdict="MATH 180", route="complex")
fact("credit_compare", "dev", "Does CPSC 110 have more credits than CPSC 103?", ["CPSC 110", "CPSC 103"],
     verdict="yes", route="complex")
fact("credit_compare", "test", "Which is worth more, PHYS 118 or PHYS 200?", ["PHYS 118", "PHYS 200"],
     verdict="PHYS 200", route="complex")
fact("credit_compare", "test", "Is BIOL 155 worth more credits than BIOL 121?", ["BIOL 155", "BIOL 121"],
     verdict="yes", route="complex")
fact("credit_compare", "test", "Which has fewer credits, CPSC 210 or CPSC 213?", ["CPSC 210", "CPSC 213"],
     verdict="same", route="complex")
fact("credit_compare", "test", "Compare the credits of STAT 302 and CPSC 320", ["STAT 302", "CPSC 320"],
     verdict="same", route="complex")
fact("credit_compare", "test", "Which is more credits, CHEM 121 or MATH 100?", ["CHEM 121", "MATH 100"],
     verdict="CHEM 121", route="complex")

fact("program_year", "dev", "Which courses are required in year 2 of the Statistics program?", ["prog:statistics"],
     ("CPSC 210", "MATH 210", "MATH 200", "MATH 220", "MATH 221", "STAT 200", "STAT 201", "STAT 302", "MATH 302"))
fact("program_year", "dev", "What do Computer Engineering students take in year 2, term 1?",
     ["prog:computer-engineering"], ("CPEN 211", "CPEN 221", "CPEN 281", "CPSC 221", "CPEN 212"))
fact("program_year", "test", "What courses are in year 2 of the Biology program?", ["prog:biology"],
     ("BIOL 200", "BIOL 230", "BIOL 260", "BIOL 233", "BIOL 234", "BIOL 203", "BIOL 204", "BIOL 205", "BIOL 209",
      "BIOL 210", "MICB 201", "MICB 211", "CHEM 233", "CHEM 235"))
fact("program_year", "test", "first year Computer Science requirements", ["prog:computer-science"],
     ("SCIE 113", "CPSC 110", "CPSC 103", "CPSC 107", "CPSC 121", "MATH 100", "MATH 102", "MATH 104", "MATH 180",
      "MATH 184", "MATH 120", "MATH 110", "MATH 101", "MATH 103", "MATH 105", "MATH 121"))
fact("program_year", "test", "Which courses do Mathematics students take in second year?", ["prog:mathematics"],
     ("MATH 200", "MATH 226", "MATH 220", "MATH 221", "MATH 223", "MATH 215", "CPSC 210", "MATH 210"))
fact("program_year", "test", "Mechanical Engineering year 2 term 2 courses", ["prog:mechanical-engineering"],
     ("MECH 222", "MECH 223", "MECH 224", "MECH 225", "MECH 226"))
fact("program_year", "test", "What do Computer Engineering students take in their fourth year?",
     ["prog:computer-engineering"], ("APSC 450", "CPEN 481", "CPEN 491"))

fact("topic_level", "dev", "Is there a first year biology course on genetics?", ["BIOL 121"], any_of=("BIOL 121",))
fact("topic_level", "test", "Is there a second-year philosophy course on ethics?", ["PHIL 230"], any_of=("PHIL 230",))
fact("topic_level", "test", "Which first-year economics course covers microeconomics?", ["ECON 101"],
     any_of=("ECON 101",))
fact("topic_level", "test", "Is there a 200-level biology course on genetics?", ["BIOL 234"],
     any_of=("BIOL 233", "BIOL 234"))
fact("topic_level", "test", "first year chemistry course with organic chemistry", ["CHEM 123"],
     any_of=("CHEM 123", "CHEM 130"))

fact("fact_edge", "test", "Which courses require CPSC 999?", [], answerable=False)
fact("fact_edge", "test", "Can I take CPSC 310 if I have completed CPSC 998 and CPSC 221?", ["CPSC 310"],
     contains=("CPSC 998",))
fact("fact_edge", "test", "What are the Year 6 requirements of the Statistics program?", ["prog:statistics"],
     contains=("Year 6",))
fact("fact_edge", "test", "Can you recommend a good laptop for computer science?", [], answerable=False)
fact("fact_edge", "test", "Who is the best biology professor?", [], answerable=False)


def resolve(snapshot: Path) -> list[dict]:
    """Turn each gold code or ``prog:slug`` into the URL (and anchor) the index will cite."""
    if not (snapshot / "vancouver.calendar.ubc.ca").is_dir():
        raise SystemExit(f"snapshot not found at {snapshot}: pass --snapshot (the folder holding "
                         "vancouver.calendar.ubc.ca/)")
    pages = [parse_page(r) for r in scan_saved_site(snapshot, MAX_PAGE_BYTES).pages]
    anchor = {s.course_code: s.section_id for p in pages for s in p.sections if s.kind == "course"}
    program = {p.url.rsplit("/", 1)[-1]: p.url for p in pages if p.kind == "program"}
    missing = [g for q in Q for g in q["gold"]
               if (g[5:] not in program if g.startswith("prog:") else g not in anchor)]
    if missing:
        raise SystemExit(f"gold entries not found in {snapshot}: {', '.join(sorted(set(missing)))}")
    return [{**q, "gold": [program[g[5:]] if g.startswith("prog:") else anchor[g] for g in q["gold"]]}
            for q in Q]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="exit 1 if --out differs from what would be written")
    args = parser.parse_args()
    text = "".join(json.dumps(q) + "\n" for q in resolve(args.snapshot))
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'up to date' if same else 'differs from the questions and snapshot'}")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {len(Q)} questions to {args.out}: {dict(Counter(q['category'] for q in Q))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
