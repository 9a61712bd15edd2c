"""Dagster side of ubcal: definitions, jobs, schedules, sensors and resources."""
