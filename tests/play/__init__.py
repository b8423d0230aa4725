"""Tests of the terminal front end and the `asobi` command."""
