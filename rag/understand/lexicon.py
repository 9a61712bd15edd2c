"""The words students use for subjects, programs, years and course history, in one place.

The calendar names subjects only by code (``LING_V``), so "linguistics" or
"comp sci" cannot be matched against calendar text: this vocabulary is general
knowledge about UBC's subject codes, not calendar content. Only names whose
code the opened calendar has are ever used, so a stale entry cannot invent a
subject. Matching is by whole word (never by prefix: "science" is not SCIE,
"policy" is not POLI).
"""

from __future__ import annotations

# Subject names as students write them -> subject code (whole words or phrases, lower case).
SUBJECT_NAMES: dict[str, str] = {
    "anthropology": "ANTH", "anthro": "ANTH", "applied biology": "APBI", "applied science": "APSC",
    "architecture": "ARCH", "archaeology": "ARCL", "archeology": "ARCL", "art history": "ARTH",
    "asian studies": "ASIA", "astronomy": "ASTR", "astro": "ASTR", "atmospheric science": "ATSC",
    "atmospheric sciences": "ATSC", "audiology": "AUDI", "biochemistry": "BIOC", "biochem": "BIOC",
    "biology": "BIOL", "bio": "BIOL", "biomedical engineering": "BMEG", "botany": "BOTA",
    "business": "BUSI", "chemical engineering": "CHBE", "chemical and biological engineering": "CHBE",
    "chemistry": "CHEM", "chem": "CHEM", "chinese": "CHIN", "mandarin": "CHIN", "cinema": "CINE",
    "film": "CINE", "film studies": "CINE", "civil engineering": "CIVL", "classics": "CLST",
    "classical studies": "CLST", "counselling psychology": "CNPS", "cognitive systems": "COGS",
    "commerce": "COMM", "computer engineering": "CPEN", "computer science": "CPSC", "comp sci": "CPSC",
    "compsci": "CPSC", "cs": "CPSC", "creative writing": "CRWR", "data science": "DSCI",
    "dentistry": "DENT", "economics": "ECON", "econ": "ECON", "education": "EDUC",
    "electrical engineering": "ELEC", "english": "ENGL", "engineering physics": "ENPH",
    "environmental engineering": "ENVE", "environmental science": "ENVR", "environmental sciences": "ENVR",
    "earth and ocean sciences": "EOSC", "earth science": "EOSC", "earth sciences": "EOSC",
    "educational psychology": "EPSE", "fisheries": "FISH", "food science": "FOOD",
    "food nutrition and health": "FNH", "nutrition": "FNH", "first nations and indigenous studies": "FNIS",
    "indigenous studies": "FNIS", "french": "FREN", "forestry": "FRST", "geography": "GEOG",
    "geology": "EOSC", "gender studies": "GRSJ", "greek": "GREK", "hebrew": "HEBR",
    "history": "HIST", "integrated engineering": "IGEN", "italian": "ITAL", "japanese": "JAPN",
    "journalism": "JRNL", "kinesiology": "KIN", "kin": "KIN", "korean": "KORN",
    "landscape architecture": "LARC", "latin american studies": "LAST", "latin": "LATN", "law": "LAW",
    "land and food systems": "LFS", "library": "LIBR", "linguistics": "LING", "ling": "LING",
    "manufacturing engineering": "MANU", "mathematics": "MATH", "math": "MATH", "maths": "MATH",
    "mechanical engineering": "MECH", "medical genetics": "MEDG", "microbiology": "MICB",
    "microbiology and immunology": "MICB", "mining engineering": "MINE", "materials engineering": "MTRL",
    "music": "MUSC", "naval architecture": "NAME", "near eastern studies": "NEST", "neuroscience": "NSCI",
    "nursing": "NURS", "pathology": "PATH", "pharmacology": "PCTH", "persian": "PERS",
    "pharmaceutical sciences": "PHRM", "pharmacy": "PHAR", "philosophy": "PHIL", "phil": "PHIL",
    "physiology": "PHYL", "physics": "PHYS", "planning": "PLAN", "community planning": "PLAN",
    "political science": "POLI", "poli sci": "POLI", "polisci": "POLI", "politics": "POLI",
    "portuguese": "PORT", "psychology": "PSYC", "psych": "PSYC", "punjabi": "PUNJ", "religion": "RELG",
    "religious studies": "RELG", "romance studies": "RMST", "russian": "RUSS", "sanskrit": "SANS",
    "social work": "SOWK", "sociology": "SOCI", "soc": "SOCI", "soil science": "SOIL", "spanish": "SPAN",
    "public health": "SPPH", "statistics": "STAT", "stats": "STAT", "stat": "STAT", "swedish": "SWED",
    "theatre": "THTR", "theater": "THTR", "urban studies": "URST", "visual art": "VISA", "visual arts": "VISA",
    "wood products": "WOOD", "zoology": "ZOOL", "arabic": "ARBC", "african studies": "AFST",
    "medieval studies": "MDVL", "ukrainian": "UKRN", "swahili": "SWAH", "tibetan": "TIBT",
    "yiddish": "YDSH", "danish": "DANI", "critical studies in sexuality": "CSIS", "family studies": "FMST",
    "global health": "GLBH", "cell biology": "CELL", "oceanography": "EOSC", "geophysics": "EOSC",
    "anatomy": "ANAT", "writing research and discourse studies": "WRDS", "wrds": "WRDS",
    "information studies": "INFO", "archival studies": "ARST", "conservation": "CONS",
    "media studies": "MDIA", "dental hygiene": "DHYG", "film production": "FIPR", "jewish studies": "JWST",
    "plant science": "PLNT", "agricultural economics": "AGEC",
    "gerontology": "GERN", "midwifery": "MIDW", "art": "VISA", "dance": "THTR", "computer sci": "CPSC",
}

# Subject codes that are also common English words: read as a subject only when written in capitals.
AMBIGUOUS_SUBJECT_WORDS = frozenset({
    "art", "arts", "law", "kin", "fish", "food", "soil", "cell", "plan", "info", "cons", "res", "des", "gem",
    "ai", "ba", "cap", "fre", "mes", "stat", "soc", "bio", "chem", "phil", "psych", "ling", "econ", "astro",
    "math", "cs", "film", "latin", "music", "dance", "library", "history", "english", "french", "german",
})

# Abbreviations students use for words in program titles (each expands to title words).
PROGRAM_WORD_ALIASES: dict[str, tuple[str, ...]] = {
    "cs": ("computer", "science"), "cpsc": ("computer", "science"), "compsci": ("computer", "science"),
    "comp": ("computer",), "sci": ("science", "sciences"), "eng": ("engineering",),
    "engg": ("engineering",), "engr": ("engineering",), "engineer": ("engineering",),
    "engineers": ("engineering",), "engin": ("engineering",), "mech": ("mechanical",),
    "elec": ("electrical",), "ee": ("electrical", "engineering"), "chem": ("chemical", "chemistry"),
    "chbe": ("chemical", "biological", "engineering"), "bio": ("biological", "biology"),
    "biomed": ("biomedical",), "bme": ("biomedical", "engineering"), "enviro": ("environmental",),
    "env": ("environmental",), "environment": ("environmental",), "civ": ("civil",), "mtrl": ("materials",),
    "mat": ("materials",), "manuf": ("manufacturing",), "mining": ("mining",), "geo": ("geological",),
    "geol": ("geological",), "geog": ("geographical",), "geography": ("geographical",),
    "neuro": ("neuroscience",), "micro": ("microbiology",), "immuno": ("immunology",),
    "stats": ("statistics",), "stat": ("statistics",), "math": ("mathematics",), "maths": ("mathematics",),
    "phys": ("physics",), "astro": ("astronomy",), "atmos": ("atmospheric",), "pharm": ("pharmacology",),
    "pharma": ("pharmacology",), "biochem": ("biochemistry",), "biotech": ("biotechnology",),
    "ds": ("data", "science"), "dsci": ("data", "science"), "eos": ("earth", "ocean", "sciences"),
    "eosc": ("earth", "ocean", "sciences"), "forensics": ("forensic",), "ocean": ("oceanography", "ocean"),
    "cpen": ("computer", "engineering"), "enph": ("engineering", "physics"), "engphys": ("engineering", "physics"),
    "igen": ("integrated", "engineering"), "civl": ("civil", "engineering"), "elec.": ("electrical",),
    "computing": ("computer",), "comput": ("computer",), "physio": ("physiological",),
    "behavioral": ("behavioural",), "biology": ("biology", "biological"), "chemistry": ("chemistry", "chemical"),
    "microbio": ("microbiology",), "bsc": (), "basc": (), "ba": (),
    # a program called by its subject code ("the CAPS program", "atsc major")
    "caps": ("physiological", "cellular", "sciences"), "atsc": ("atmospheric", "science"),
    "micb": ("microbiology", "immunology"), "bioc": ("biochemistry",), "pcth": ("pharmacology",),
    "nsci": ("neuroscience",), "envr": ("environmental", "sciences"), "geos": ("geographical", "sciences"),
    "geob": ("geographical", "sciences"), "astr": ("astronomy",), "frsc": ("forensic", "science"),
    "bmeg": ("biomedical",),
    "manu": ("manufacturing",), "biot": ("biotechnology",),
}

# Program-title words too generic to identify a program on their own.
GENERIC_PROGRAM_WORDS = frozenset({"and", "science", "sciences", "engineering", "of", "the"})

ORDINALS: dict[str, int] = {
    "first": 1, "1st": 1, "one": 1, "second": 2, "2nd": 2, "two": 2, "third": 3, "3rd": 3, "three": 3,
    "fourth": 4, "4th": 4, "four": 4, "fifth": 5, "5th": 5, "five": 5, "final": 4, "last": 4,
    "freshman": 1, "sophomore": 2, "junior": 3, "senior": 4,
}
