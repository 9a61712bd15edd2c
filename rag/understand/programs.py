"""Programs named the way students name them: "CS major", "mech eng", "BSc Biology", "physics honours".

A program page's title ("Mechanical Engineering") is split into words; the
question's words are expanded through the abbreviations in the lexicon
("mech" -> mechanical, "eng" -> engineering, "cs" -> computer science). A
title matches when every distinctive word is present, and when its generic
words ("engineering", "science") are too, or the question names no other
program they would point to. The best-covered title wins, so "eng phys"
finds Engineering Physics and "physics honours" finds Physics.
"""

from __future__ import annotations

import re

from rag.understand.entities import program_pattern
from rag.understand.lexicon import GENERIC_PROGRAM_WORDS, PROGRAM_WORD_ALIASES


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 4 else word


def question_words(text: str) -> set[str]:
    """Lower-case words of the question, with abbreviations expanded to the title words they stand for."""
    words = re.findall(r"[a-z]+", text.lower())
    out: set[str] = set()
    for n, w in enumerate(words):
        out.add(_stem(w))
        out.update(_stem(x) for x in PROGRAM_WORD_ALIASES.get(w, ()))
        if n + 1 < len(words):  # "eng phys", "comp sci" written as one word too
            out.update(_stem(x) for x in PROGRAM_WORD_ALIASES.get(w + words[n + 1], ()))
    return out


class ProgramFinder:
    """Matches program page titles against a question's (expanded) words."""

    def __init__(self, titles: list[str]) -> None:
        self.titles = sorted(set(titles), key=len, reverse=True)
        self._words = {t: [_stem(w) for w in re.findall(r"[a-z]+", t.lower()) if w != "and"] for t in self.titles}
        # the title written out, its "and" optional ("Microbiology & Immunology"); compiled once, not per question
        self._written = [(t, program_pattern(" ".join(w for w in re.findall(r"[A-Za-z]+", t) if w.lower() != "and")))
                         for t in self.titles]

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where program titles stand written out ("Microbiology and Immunology"): words there name the
        program, not a course that happens to share a title word ("Immunology")."""
        return [(m.start(), m.end()) for _, pattern in self._written for m in pattern.finditer(text)]

    def find(self, text: str) -> list[str]:
        # a title written out in full ("Engineering Physics") is the program named, whatever other
        # words of the question would add up to ("electrical lab" + "engineering" is not a title)
        verbatim = [t for t, pattern in self._written if pattern.search(text)]
        if verbatim:  # longest first; a title inside a longer one named ("Physics" in "Engineering Physics") is it
            named: list[str] = []
            for title in verbatim:
                if not any(title.lower() in other.lower() for other in named):
                    named.append(title)
            return named[:2]
        words = question_words(text)
        scored = []
        for title, tw in self._words.items():
            if not tw:
                continue
            distinctive = [w for w in tw if w not in GENERIC_PROGRAM_WORDS]
            generic = [w for w in tw if w in GENERIC_PROGRAM_WORDS]
            if distinctive and not all(w in words for w in distinctive[:1]):
                continue  # the first distinctive word ("mechanical", "computer") must be there
            hit_distinctive = sum(w in words for w in distinctive)
            hit_generic = sum(w in words for w in generic)
            if distinctive and hit_distinctive < max(1, len(distinctive) - 1):
                continue
            if not distinctive and hit_generic < len(generic):
                continue
            scored.append((hit_distinctive + hit_generic, (hit_distinctive + hit_generic) / len(tw), title))
        if not scored:
            return []
        scored.sort(key=lambda s: (-s[0], -s[1], -len(s[2])))
        best = scored[0]
        # a title fully inside a better one is the same mention ("Physics" inside "Engineering Physics")
        return [best[2]] + [t for n, c, t in scored[1:] if n == best[0] and c == best[1] and t != best[2]][:1]
