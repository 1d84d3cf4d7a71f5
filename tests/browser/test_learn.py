"""The start page and the course in a real browser (Voila + Chromium), served as `make app`
serves them: the start page links the pages; one game lesson is answered by clicking cards, one
robot lesson by predicting, checking and stepping through the robot's moves."""

from __future__ import annotations

from playwright.sync_api import Page

from rftg_nb.lessons import LESSONS, LessonRun
from tests.browser.conftest import ARTIFACTS, BOARD, VoilaServer, board_after, board_serial

_serial = board_serial
_after = board_after


def test_the_start_page_links_the_pages(page: Page, voila_pages: VoilaServer,
                                       page_errors: list[str]):
    page.goto(voila_pages.url + "/", timeout=90_000)
    links = page.eval_on_selector_all("a[href*='.ipynb']", "es => es.map(e => e.href)")
    pages = ("play", "table", "learn", "lab", "designer", "cards", "history")
    assert [h.rsplit("/", 1)[-1] for h in links] == [f"{name}.ipynb" for name in pages]
    # the project's own page: each page with its name, a line of what it is for and a picture
    cards = page.locator("a.rs-page")
    assert cards.count() == len(pages)
    for i, name in enumerate(pages):
        card = cards.nth(i)
        assert card.locator(".rs-name").inner_text().lower() == name
        assert len(card.locator(".rs-what").inner_text()) > 30
        img = card.locator("img")
        img.scroll_into_view_if_needed()
        page.wait_for_function("(e) => e.complete && e.naturalWidth > 300",
                               arg=img.element_handle())
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "start-1366x768.png"), full_page=True)
    page.set_viewport_size({"width": 900, "height": 1000})
    page.screenshot(path=str(ARTIFACTS / "start-900x1000.png"), full_page=True)
    # the links open a new tab; the dashboard is there
    with page.context.expect_page() as opened:
        page.click("a[href*='play.ipynb']")
    play = opened.value
    play.wait_for_selector(f"{BOARD}[data-serial] .rb-card", timeout=90_000)
    play.close()
    assert page_errors == []


def test_a_game_lesson_and_a_robot_lesson_by_clicking(page: Page, voila_pages: VoilaServer,
                                                      page_errors: list[str]):
    page.goto(voila_pages.url + "/voila/render/learn.ipynb", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)
    first = LESSONS[0]
    assert first.kind == "choose"
    page.wait_for_selector(f".rftg-lesson[data-id='{first.id}']")
    # the game lesson: click the best cards (computed by the engine) and confirm
    best = LessonRun(first).best()
    for n, cid in enumerate(best, start=1):
        page.click(f".rb-card.opt[data-id='{cid}']")
        page.wait_for_function(
            "(n) => { const e = document.querySelector('.rb-pick');"
            " return e && e.dataset.picked === String(n) && e.dataset.checked === '1'; }", arg=n)
    page.click("[data-do=submit]:not([disabled])")
    page.wait_for_selector(".rftg-feedback.right")
    assert page.locator(".rftg-progress[data-done='1']").count() == 1
    if page.locator("[data-do=all]").count():  # the robot's moves after the answer, if any
        before = _serial(page)
        page.click("[data-do=all]")
        _after(page, before)
    _ends_done(page, LESSONS[1].title)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "learn-game-lesson.png"), full_page=True)

    # a robot lesson: predict, check, then step through the robot's moves
    index, lesson = next((i, x) for i, x in enumerate(LESSONS) if x.id == "robot-develop-1")
    page.select_option(".rftg-lessons select", index=index)
    page.wait_for_selector(f".rftg-lesson[data-id='{lesson.id}']")
    run = LessonRun(lesson)
    expected = run.expected()
    for q in run.questions:
        box = f".rftg-q-{q['key']}"
        if q["choices"]:
            page.select_option(f"{box} select", label=str(expected[q["key"]]))
        else:
            page.fill(f"{box} input", str(expected[q["key"]]))
            page.press(f"{box} input", "Tab")
    page.get_by_role("button", name="Check my predictions").click()
    page.wait_for_function(
        "(n) => document.querySelectorAll('.rftg-feedback.right').length === n",
        arg=len(run.questions))
    page.wait_for_function("() => document.querySelector('.rftg-board').dataset.kind "
                           "=== 'moving'")
    moves = page.locator(".rb-moves li").count()
    before = _serial(page)
    page.click("[data-do=next]")
    _after(page, before)
    assert page.locator(".rb-moves li").count() > moves
    assert page.locator(".rb-latest").count() == 1  # the rule of the step, spelled out
    page.screenshot(path=str(ARTIFACTS / "learn-robot-lesson.png"), full_page=True)
    before = _serial(page)
    page.click("[data-do=all]")
    _after(page, before)
    credit = page.eval_on_selector(".rb-track span.on", "e => e.textContent")
    assert int(credit) == lesson.claims["robot_credit"]
    # the lesson ends as the game lesson did: no "Now watch" hint, no live question of the
    # next round, and what to do next
    _ends_done(page, LESSONS[index + 1].title)
    page.screenshot(path=str(ARTIFACTS / "learn-robot-lesson-done.png"), full_page=True)
    assert page_errors == []


def _ends_done(page: Page, next_title: str) -> None:
    """The board ends the lesson: the banner "Lesson done" naming the next lesson, no question
    of the game in play, and no hint to watch left in the status line."""
    page.wait_for_function("() => [...document.querySelectorAll('.rb-where')]"
                           ".some(e => e.textContent === 'Lesson done')")
    prompt = page.locator(".rb-where:text-is('Lesson done') + .rb-prompt").inner_text()
    assert "What next: press Next →" in prompt and next_title in prompt, prompt
    assert page.locator(".rb-btn.opt, .rb-card.opt, [data-do=submit], [data-do=next]").count() == 0
    status = page.locator(".rb-status")
    assert status.count() == 0 or "Now watch" not in status.inner_text()


def _open(page: Page, lesson_id: str) -> None:
    index = next(i for i, x in enumerate(LESSONS) if x.id == lesson_id)
    page.select_option(".rftg-lessons select", index=index)
    page.wait_for_selector(f".rftg-lesson[data-id='{lesson_id}']")
    page.wait_for_selector(CHECK)


def _predict_and_step(page: Page, lesson_id: str) -> None:
    """In the open robot lesson, make the right predictions, check them and reveal one
    move."""
    run = LessonRun(next(x for x in LESSONS if x.id == lesson_id))
    expected = run.expected()
    for q in run.questions:
        box = f".rftg-q-{q['key']}"
        if q["choices"]:
            page.select_option(f"{box} select", label=str(expected[q["key"]]))
        else:
            page.fill(f"{box} input", str(expected[q["key"]]))
            page.press(f"{box} input", "Tab")
    page.get_by_role("button", name="Check my predictions").click()
    page.wait_for_function(
        "(n) => document.querySelectorAll('.rftg-feedback').length === n",
        arg=len(run.questions))
    page.wait_for_function("() => document.querySelector('.rftg-board').dataset.kind "
                           "=== 'moving'")
    before = _serial(page)
    page.click("[data-do=next]")
    _after(page, before)


# Where an element is: its box in the window and whether its words fit it.
_BOX = """(e) => { const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          clipped: e.scrollWidth > e.clientWidth, text: e.textContent.trim().slice(0, 40)}; }"""


QUESTIONS = ".rftg-lessons [class*='rftg-q-']"  # each prediction's box (rftg-q-<key>)
CHECK = ".rftg-lessons button.mod-success"  # Check my predictions


def _boxes(page: Page, selector: str) -> list[dict]:
    boxes = page.eval_on_selector_all(selector, f"es => es.map({_BOX})")
    assert boxes, f"nothing on the page matches {selector}"
    return boxes


def test_at_1366x768_the_lesson_its_questions_and_the_robots_moves_are_in_view(
        browser, voila_pages: VoilaServer, page_errors: list[str]):
    from tests.browser.conftest import open_page

    width, height = 1366, 768
    for page in open_page(browser, page_errors, width, height):
        page.goto(voila_pages.url + "/voila/render/learn.ipynb", timeout=90_000)
        page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)
        # the lesson of the report, then the one with the most to read
        for lesson_id in ("robot-develop-1", "robot-develop-2"):
            _open(page, lesson_id)
            # while predicting: the lesson, its questions and the robot's mat
            for selector in (".rftg-lesson", QUESTIONS, CHECK, ".rb-mat"):
                for box in _boxes(page, selector):
                    assert 0 <= box["top"] and box["bottom"] <= height, (lesson_id, selector, box)
            _predict_and_step(page, lesson_id)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"learn-{lesson_id}-1366x768.png"))
            for selector in (".rftg-lesson", QUESTIONS, CHECK, ".rb-moves",
                             ".rb-latest", ".rb-mat"):
                for box in _boxes(page, selector):
                    assert 0 <= box["top"] and box["bottom"] <= height, (lesson_id, selector, box)
                    assert 0 <= box["left"] and box["right"] <= width, (lesson_id, selector, box)
            for box in _boxes(page, ".rftg-lessons button"):
                assert not box["clipped"], (lesson_id, box)
    assert page_errors == []


def test_at_900x1000_nothing_of_a_lesson_is_cut(browser, voila_pages: VoilaServer,
                                               page_errors: list[str]):
    from tests.browser.conftest import open_page

    width, height = 900, 1000
    for page in open_page(browser, page_errors, width, height):
        page.goto(voila_pages.url + "/voila/render/learn.ipynb", timeout=90_000)
        page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)
        _open(page, "robot-develop-2")
        _predict_and_step(page, "robot-develop-2")
        page.screenshot(path=str(ARTIFACTS / "learn-robot-develop-2-900x1000.png"))
        for selector in (".rftg-lesson", QUESTIONS, CHECK, ".rftg-feedback",
                         ".rftg-lessons button", ".rb-moves", ".rb-mat"):
            for box in _boxes(page, selector):
                assert 0 <= box["left"] and box["right"] <= width, (selector, box)
        for box in _boxes(page, ".rftg-lessons button"):
            assert not box["clipped"], box
        # the lesson is read first: its text and questions are in the first screen
        for selector in (".rftg-lesson", QUESTIONS, CHECK):
            for box in _boxes(page, selector):
                assert box["bottom"] <= height, (selector, box)
    assert page_errors == []
