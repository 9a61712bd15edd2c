"""The words students use for subjects, programs, years and course history, in one place.

The calendar names subjects only by code (``LING_V``), so "linguistics" or
"comp sci" cannot be matched against calendar text: this vocabulary is general
knowledge about UBC's subject codes, not calendar content. Only names whose
code the opened calendar has are ever used, so a stale entry cannot invent a
subject. Matching is by whole word (never by prefix: "science" is not SCIE,
"policy" is not POLI). The words themselves are data, in ``lexicon.json`` beside this module.
"""

from __future__ import annotations

import json
from pathlib import Path

_DATA = json.loads(Path(__file__).with_name("lexicon.json").read_text(encoding="utf-8"))

# Subject names as students write them -> subject code (whole words or phrases, lower case).
SUBJECT_NAMES: dict[str, str] = _DATA["subject_names"]
# Subject codes that are also common English words: read as a subject only when written in capitals.
AMBIGUOUS_SUBJECT_WORDS = frozenset(_DATA["ambiguous_subject_words"])
# Abbreviations students use for words in program titles (each expands to title words).
PROGRAM_WORD_ALIASES: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _DATA["program_word_aliases"].items()}
# Program-title words too generic to identify a program on their own.
GENERIC_PROGRAM_WORDS = frozenset(_DATA["generic_program_words"])
TITLE_SHORT_FORMS: dict[str, str] = _DATA["title_short_forms"]  # a title's word -> the short form students write
REQUEST_VERBS: tuple[str, ...] = tuple(_DATA["request_verbs"])  # "can you list ...": a request, not a yes/no question
# Year words ("sophomore", "3rd") -> year of study.
ORDINALS: dict[str, int] = _DATA["ordinals"]
# Chat spellings of the words cue lists key on ("enuf" -> "enough"), read as the word (whole words only).
SPELLINGS: dict[str, str] = _DATA["spellings"]
# UBC Vancouver's faculties by name ("an Arts student" is in the Faculty of Arts).
FACULTIES: tuple[str, ...] = tuple(_DATA["faculties"])
