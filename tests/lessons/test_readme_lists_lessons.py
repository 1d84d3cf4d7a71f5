"""The README lists every lesson with the rulebook passage it shows."""

from pathlib import Path

from rftg_nb.lessons import LESSONS

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_every_lesson_is_listed_with_its_source():
    for i, lesson in enumerate(LESSONS, start=1):
        assert f"| {i} | {lesson.title} |" in README, lesson.id
        assert lesson.source in README, lesson.id
