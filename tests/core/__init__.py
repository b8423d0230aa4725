"""Tests of asobi.core: the protocol, records, registry, bots, cards and melds."""
