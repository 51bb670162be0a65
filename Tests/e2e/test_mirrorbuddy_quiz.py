"""MirrorBuddy's quizzes and the parent diary in a real browser: Mario pastes his science notes and taps Quiz; ten
questions made from the notes, one at a time: he takes a hint, answers by a tap, by a number key and
by writing a word (with a spelling slip, which is forgiven), gets one wrong on purpose and sees the
right answer with its sentence from the notes; a reload goes on from the same question; the result
says he passed, with stars and XP, and the quiz screen shows his mastery. On a tablet in Italian
and on a phone in English; every screen fits, with big targets, and passes axe. His parent then
opens the MirrorBuddy tab of the parent area and sees the week: the material, the quiz, the
mastery, the streak calendar."""
import json
import re
import sqlite3

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import attribute, find, open_parent_tab, wait, wait_text
from test_accessibility import serious_violations
from test_mirrorbuddy import fits
from test_mirrorbuddy_cards import DEVICES, NOTES, material_open
from test_speakup_pages import tap

VERDICT = {"it": ("Giusto!", "Non proprio."), "en": ("Right!", "Not quite.")}


def kept_questions(server, quiz_id):
    """The quiz's questions with their answers, as the server keeps them (the page gets each answer only with its own)."""
    with sqlite3.connect(f"file:{server.data / 'funzone.sqlite'}?mode=ro", uri=True) as db:
        row = db.execute("SELECT questions FROM mirrorbuddy_quizzes WHERE id = ?", (quiz_id,)).fetchone()
    return json.loads(row[0])


def position(d):
    return int(attribute(d, "#quiz-question", "data-position"))


def answer(d, question, how, language):
    """Answers the question on screen: `how` is tap, key, wrong or slip (a cloze written with one letter swapped)."""
    if question["kind"] == "cloze":
        word = question["answer"]
        if how == "slip" and len(word) >= 5:
            word = word[:2] + word[3] + word[2] + word[4:]
        if how == "wrong":
            word = "zzzz"
        field = find(d, "#quiz-cloze-input")
        field.clear()
        field.send_keys(word)
        field.send_keys(Keys.ENTER)
        return how != "wrong"
    options = [e.get_attribute("data-option") for e in d.find_elements(By.CSS_SELECTOR, ".mb-quiz-option")]
    assert question["answer"] in options, (question, options)
    index = next(i for i, o in enumerate(options) if (o == question["answer"]) != (how == "wrong"))
    if how == "key":
        d.find_element(By.TAG_NAME, "body").send_keys(str(index + 1))
    else:
        tap(d, f"#quiz-option-{index + 1}")
    return how != "wrong"


@DEVICES
def test_a_quiz_on_the_notes_is_passed_with_a_hint_a_slip_and_one_mistake(server, browser_factory, width, height, language):
    d = material_open(browser_factory, server, width, height, language, NOTES)
    tap(d, "#material-quiz")
    find(d, "#quiz-question", timeout=15)
    quiz_id = d.current_url.split("#quiz/")[1]
    questions = kept_questions(server, quiz_id)
    count = len(questions)
    assert 5 <= count <= 10, count
    assert position(d) == 0 and find(d, "#quiz-counter").text.strip()
    fits(d, "a question")

    # A hint for the first question; then every question answered, one of them wrong on purpose.
    tap(d, "#quiz-hint")
    assert questions[0]["hint"] in find(d, "#quiz-hint-text", timeout=10).text
    plan = ["tap", "key", "wrong", "slip", "tap", "key", "slip", "tap", "key", "tap"][:count]
    wrong_seen = right_seen = False
    for step, how in enumerate(plan):
        if step == 3:
            # A reload goes on from the first question not answered.
            d.refresh()
            find(d, "#quiz-question", timeout=15)
        assert position(d) == step, (position(d), step)
        question = questions[step]
        right = answer(d, question, how, language)
        feedback = find(d, "#quiz-feedback", timeout=10)
        assert feedback.get_attribute("data-correct") == ("true" if right else "false"), (step, how, question)
        verdict = find(d, "#quiz-verdict").text
        assert VERDICT[language][0 if right else 1] in verdict, verdict
        if not right and not wrong_seen:
            assert question["answer"] in find(d, "#quiz-right-answer").text
            if question["explanation"] != question["answer"]:
                assert question["explanation"] in find(d, "#quiz-explanation").text
            fits(d, "a wrong answer with the right one")
            wrong_seen = True
        if right and not right_seen:
            fits(d, "a right answer")
            right_seen = True
        # "Next" has the focus: Enter goes on.
        wait(d).until(lambda driver: driver.switch_to.active_element.get_attribute("id") == "quiz-next")
        d.switch_to.active_element.send_keys(Keys.ENTER)
        if step < count - 1:
            wait(d).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#quiz-question") and
                          int(driver.find_element(By.ID, "quiz-question").get_attribute("data-position")) == step + 1 and
                          driver.find_element(By.ID, "quiz-question").get_attribute("data-answered") != "true")

    # All but one right, one hint: passed, with stars and the quiz's XP (50 × score × 0.9: 41 of 10 questions).
    score = (count - 1) / count
    result = find(d, "#quiz-result", timeout=15)
    assert result.get_attribute("data-passed") == "true", result.get_attribute("outerHTML")[:300]
    assert result.get_attribute("data-score") == str(int(score * 100 + 0.5)), result.get_attribute("data-score")
    assert int(attribute(d, "#quiz-stars", "data-stars")) >= 2
    xp = int(50 * score * 0.9 + 0.5)
    shown = int(re.search(r"\d+", find(d, "#quiz-xp").text).group())
    assert shown >= xp, (xp, find(d, "#quiz-xp").text)  # the quiz's XP, and a badge's if one was unlocked
    fits(d, "the result")

    # The quiz screen lists it, and his mastery of the subject after ten answers.
    tap(d, "#quiz-to-list")
    find(d, f"#quiz-link-{quiz_id}", timeout=15)
    rows = d.find_elements(By.CSS_SELECTOR, "#mastery-list li.mb-mastery-row")
    assert len(rows) == 1 and rows[0].get_attribute("data-status") in ("mastered", "proficient", "familiar"), [r.get_attribute("outerHTML") for r in rows]
    fits(d, "the quiz screen")

    # His parent's diary: this week's material and quiz, the subject's mastery, the four-week calendar.
    open_parent_tab(d, server, "mirrorbuddy")
    find(d, "#mirrorbuddy-week", timeout=15)
    wait_text(d, "#mirrorbuddy-materials-added", "1")
    wait_text(d, "#mirrorbuddy-quizzes-finished", "1")
    wait_text(d, "#mirrorbuddy-quizzes-passed", "1")
    assert len(d.find_elements(By.CSS_SELECTOR, "#mirrorbuddy-calendar .diary-day")) == 28
    assert d.find_elements(By.CSS_SELECTOR, "#mirrorbuddy-mastery-list .diary-mastery-row")
    assert attribute(d, "#mirrorbuddy-next", "disabled") is not None, "this week has no next week"
    # The weekly digest: this server has no mail, so the switch is off and says why.
    assert attribute(d, "#mirrorbuddy-digest-on", "disabled") is not None
    assert "not set up" in find(d, "#mirrorbuddy-digest-hint").text
    overflow = d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the diary scrolls sideways by {overflow} px"
    assert serious_violations(d) == []
    # The week before: nothing yet, said kindly.
    this_week = attribute(d, "#mirrorbuddy-week", "data-week")
    find(d, "#mirrorbuddy-prev").click()
    wait(d).until(lambda driver: driver.find_element(By.ID, "mirrorbuddy-week").get_attribute("data-week") not in (None, this_week))
    find(d, "#mirrorbuddy-time-empty")
    assert not d.find_elements(By.CSS_SELECTOR, "#mirrorbuddy-quizzes-finished") or find(d, "#mirrorbuddy-quizzes-finished").text == "0"
    wait(d).until(lambda driver: driver.find_element(By.ID, "mirrorbuddy-next").get_attribute("disabled") is None)

    # The data: the file downloads with the notes in it; then deleting everything, after asking.
    find(d, "#mirrorbuddy-export")
    child = d.execute_script("return document.getElementById('mirrorbuddy-child').value")
    exported = d.execute_async_script(
        "const [url, done] = arguments; fetch(url).then((r) => r.json()).then(done, (e) => done(String(e)))",
        f"/api/parent/mirrorbuddy/children/{child}/export")
    assert isinstance(exported, dict) and exported["format"] == "funzone-mirrorbuddy" and len(exported["materials"]) == 1, str(exported)[:300]
    assert exported["quizzes"] and exported["quizzes"][0]["answers"]
    find(d, "#mirrorbuddy-erase").click()
    find(d, "#confirm-erase-mirrorbuddy").click()
    wait_text(d, "#mirrorbuddy-materials-total", "0", timeout=15)
    assert not d.find_elements(By.CSS_SELECTOR, "#mirrorbuddy-mastery-list .diary-mastery-row")
