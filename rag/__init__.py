"""Query side of ubcal: reading published versions, retrieval, answering. Never imports Dagster."""
