"""Helpers shared by the tests: hand builders, generators, corpus scans."""
