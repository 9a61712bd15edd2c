"""Build side of ubcal: from calendar pages to a published index version."""
