"""Developer tools, not shipped in the wheel: benchmarks, the fuzz harness, the corpus report
and the demo. Run each with ``python -m pipeline.dev.<name>`` (or its ``make`` target).
"""
