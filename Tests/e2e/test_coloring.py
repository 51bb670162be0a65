"""Coloring Fun in a real browser: a stroke, a stamp, the fill bucket on a colouring page, undo and
redo, the background, Clear → Keep It and Clear It, the picture found again after a reload and in
the gallery, and the canvas compared with the server's PNG export."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from pages import add_first_child, click, find, open_parent_tab, play_as, set_offline, set_up_family, wait, wait_text

WIDTH, HEIGHT = 1024, 768

PIXEL = "const [x, y] = arguments; return Array.from(document.getElementById('canvas').getContext('2d').getImageData(x, y, 1, 1).data);"
ACTIONS = "return coloringFun.state.doc.actions.map((a) => a.type);"

# The canvas against the server's export of the same drawing: pixels whose channels differ by more
# than 8 (after autosave has caught up).
COMPARE = """
const done = arguments[arguments.length - 1];
(async () => {
  await coloringFun.flush();
  const id = coloringFun.state.drawingId;
  const response = await fetch(`/api/coloring/drawings/${id}/export`, { credentials: "same-origin" });
  if (!response.ok) return done({ error: `export ${response.status}` });
  const bitmap = await createImageBitmap(await response.blob(), { colorSpaceConversion: "none", premultiplyAlpha: "none" });
  const off = new OffscreenCanvas(bitmap.width, bitmap.height);
  off.getContext("2d").drawImage(bitmap, 0, 0);
  const server = off.getContext("2d").getImageData(0, 0, bitmap.width, bitmap.height).data;
  const canvas = document.getElementById("canvas");
  const screen = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let different = 0, worst = 0;
  for (let i = 0; i < screen.length; i += 4) {
    const d = Math.max(Math.abs(screen[i] - server[i]), Math.abs(screen[i + 1] - server[i + 1]), Math.abs(screen[i + 2] - server[i + 2]));
    worst = Math.max(worst, d);
    if (d > 8) different += 1;
  }
  done({ width: bitmap.width, height: bitmap.height, different, worst, pixels: screen.length / 4 });
})().catch((error) => done({ error: String(error) }));
"""


def assert_matches_export(d, what):
    """The canvas against the server's PNG export of the same drawing: at most 0.5 % of pixels
    differ by more than 8 on a channel."""
    compared = d.execute_async_script(COMPARE)
    assert "error" not in compared, compared
    assert (compared["width"], compared["height"]) == (WIDTH, HEIGHT)
    print(f"canvas vs server export ({what}): {compared}")
    assert compared["different"] <= compared["pixels"] * 0.005, compared


def tap(d, x, y):
    """Taps the drawing at picture pixel (x, y)."""
    canvas = d.find_element(By.ID, "canvas")
    rect = canvas.rect
    ActionChains(d).move_to_element_with_offset(canvas, x / WIDTH * rect["width"] - rect["width"] / 2,
                                                y / HEIGHT * rect["height"] - rect["height"] / 2).click().perform()


def drag(d, points):
    canvas = d.find_element(By.ID, "canvas")
    rect = canvas.rect
    to_screen = lambda x, y: (x / WIDTH * rect["width"] - rect["width"] / 2, y / HEIGHT * rect["height"] - rect["height"] / 2)
    chain = ActionChains(d).move_to_element_with_offset(canvas, *to_screen(*points[0])).click_and_hold()
    last = to_screen(*points[0])
    for point in points[1:]:
        here = to_screen(*point)
        chain = chain.move_by_offset(here[0] - last[0], here[1] - last[1])
        last = here
    chain.release().perform()


def pixel(d, x, y):
    return d.execute_script(PIXEL, x, y)[:3]


def actions(d, count):
    wait(d).until(lambda driver: len(driver.execute_script(ACTIONS)) == count)
    return d.execute_script(ACTIONS)


def open_coloring(d, server):
    set_up_family(d, server)
    add_first_child(d, "Mia", grade=2)
    play_as(d, "Mia")
    click(d, ".tile[data-app-id='coloring']")
    find(d, "#canvas")
    wait(d).until(lambda driver: driver.execute_script("return !!(window.coloringFun && coloringFun.engine.layer)"))


def test_a_child_draws_stamps_fills_undoes_and_finds_the_picture_again(server, browser):
    d = browser
    d.set_script_timeout(30)
    open_coloring(d, server)

    # A crayon stroke across the middle.
    drag(d, [(200, 380), (400, 380), (600, 400)])
    assert actions(d, 1) == ["stroke"]
    assert pixel(d, 400, 380) != [255, 255, 255]

    # A stamp: pick the dog (it says its name), tap the paper.
    click(d, "#tool-stamp")
    click(d, ".stamp[data-emoji='🐶']")
    tap(d, 800, 200)
    assert actions(d, 2)[-1] == "stamp"
    wait(d).until(lambda driver: pixel(driver, 800, 200) != [255, 255, 255])

    # Undo takes the stamp away; redo brings it back.
    click(d, "#undo")
    actions(d, 1)
    wait(d).until(lambda driver: pixel(driver, 800, 200) == [255, 255, 255])
    click(d, "#redo")
    actions(d, 2)
    wait(d).until(lambda driver: pixel(driver, 800, 200) != [255, 255, 255])

    # The background goes under the paint.
    click(d, "#background-button")
    click(d, "[data-color='#e0f7fa']")
    actions(d, 3)
    assert pixel(d, 50, 700) == [0xe0, 0xf7, 0xfa]
    assert pixel(d, 400, 380) != [0xe0, 0xf7, 0xfa]

    # The canvas matches the server's export of the same drawing.
    assert_matches_export(d, "stroke, stamp, background")

    # Clear → Keep It changes nothing; Clear It wipes the paint and keeps the paper.
    click(d, "#clear")
    click(d, "#keep-it")
    # The sheet gives its answer as it goes: a Clear would be in the drawing by the time it is gone.
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "dialog.sheet"))
    assert len(d.execute_script(ACTIONS)) == 3
    assert pixel(d, 400, 380) != [0xe0, 0xf7, 0xfa]  # the paint is still there
    click(d, "#clear")
    click(d, "#clear-it")
    actions(d, 4)
    assert pixel(d, 400, 380) == [0xe0, 0xf7, 0xfa]
    click(d, "#undo")
    actions(d, 3)
    wait(d).until(lambda driver: pixel(driver, 400, 380) != [0xe0, 0xf7, 0xfa])

    # Reload: the same picture reopens, and it is in the gallery.
    d.execute_async_script("const done = arguments[arguments.length - 1]; coloringFun.flush().then(() => done(true));")
    drawing_id = d.execute_script("return coloringFun.state.drawingId;")
    d.refresh()
    find(d, "#canvas")
    wait(d).until(lambda driver: driver.execute_script("return coloringFun.state.drawingId") == drawing_id)
    assert actions(d, 3) == ["stroke", "stamp", "background"]
    wait(d).until(lambda driver: pixel(driver, 800, 200) != [0xe0, 0xf7, 0xfa])
    click(d, "#open-gallery")
    find(d, f"[data-drawing-id='{drawing_id}'] img")
    wait(d).until(lambda driver: driver.execute_script(
        f"const img = document.querySelector(\"[data-drawing-id='{drawing_id}'] img\"); return img.complete && img.naturalWidth === 256;"))


def test_the_fill_bucket_fills_one_part_of_a_colouring_page(server, browser):
    d = browser
    d.set_script_timeout(30)
    open_coloring(d, server)
    click(d, "#open-gallery")
    click(d, "[data-page='shapes']")
    wait(d).until(lambda driver: driver.execute_script("return coloringFun.state.doc.page") == "shapes")
    # The page is chosen before its outline has loaded; the canvas appears after that.
    find(d, "#canvas")
    wait(d).until(lambda driver: pixel(driver, 200, 80) == [0, 0, 0])  # the circle's outline, on top
    click(d, "#tool-fill")
    click(d, "#color-10")  # blue
    colour = d.execute_script("return coloringFun.state.color;")
    tap(d, 200, 200)  # inside the circle
    assert actions(d, 1) == ["fill"]
    expected = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    wait(d).until(lambda driver: pixel(driver, 200, 200) == expected)
    assert pixel(d, 150, 250) == expected
    assert pixel(d, 200, 80) == [0, 0, 0], "the outline stays on top"
    assert pixel(d, 520, 200) == [255, 255, 255], "the square next to it is untouched"
    assert pixel(d, 30, 30) == [255, 255, 255], "outside every shape is untouched"
    assert_matches_export(d, "page and fill")


def test_a_parent_turns_off_stamps_and_export_and_kids_mode_shows_fewer_tools(server, browser):
    d = browser
    d.set_script_timeout(30)
    open_coloring(d, server)
    find(d, "#tool-stamp")
    find(d, "#tool-shape")
    open_parent_tab(d, server, "coloring")
    find(d, "#coloring-settings [data-setting='stamps']")
    for setting in ("stamps", "export"):  # flipped quickly, one after the other
        box = d.find_element(By.CSS_SELECTOR, f"#coloring-settings [data-setting='{setting}']")
        assert box.is_selected()
        box.click()
    d.execute_async_script("const done = arguments[arguments.length - 1]; setTimeout(done, 500);")
    d.refresh()  # what the server kept
    find(d, "#coloring-settings [data-setting='stamps']")
    assert not d.find_element(By.CSS_SELECTOR, "#coloring-settings [data-setting='stamps']").is_selected()
    assert not d.find_element(By.CSS_SELECTOR, "#coloring-settings [data-setting='export']").is_selected()
    assert d.find_element(By.CSS_SELECTOR, "#coloring-settings [data-setting='saving']").is_selected()
    d.get(server + "/coloring/")
    find(d, "#canvas")
    assert not d.find_elements(By.CSS_SELECTOR, "#tool-stamp")
    drag(d, [(100, 100), (300, 200)])
    actions(d, 1)
    click(d, "#open-gallery")
    find(d, "[data-drawing-id]")
    assert not d.find_elements(By.CSS_SELECTOR, "[data-drawing-id] a[download]")
    click(d, "#back-to-canvas")
    # Kids Mode: bigger buttons, no shapes, four brushes, three sizes.
    click(d, "#kids-mode")
    wait(d).until(lambda driver: "kids-mode" in driver.find_element(By.TAG_NAME, "body").get_attribute("class"))
    assert not d.find_elements(By.CSS_SELECTOR, "#tool-shape")
    assert len(d.find_elements(By.CSS_SELECTOR, "[id^='brush-']")) == 4
    assert d.find_element(By.CSS_SELECTOR, "#tool-fill").size["width"] >= 80
    assert len(d.find_elements(By.CSS_SELECTOR, ".size-choice")) == 3


def test_drawing_goes_on_when_the_network_drops_and_nothing_is_lost(server, browser):
    d = browser
    d.set_script_timeout(30)
    open_coloring(d, server)
    drag(d, [(100, 100), (400, 120)])
    actions(d, 1)
    d.execute_async_script("const done = arguments[arguments.length - 1]; coloringFun.flush().then(() => done(true));")
    drawing_id = d.execute_script("return coloringFun.state.drawingId;")
    set_offline(d, True)
    try:
        drag(d, [(100, 300), (500, 320)])
        click(d, "#brush-dots")
        drag(d, [(100, 500), (600, 520)])
        actions(d, 3)
        wait_text(d, "#save-state", "Offline", timeout=15)
        draft = d.execute_script("return JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('coloring-draft-'))));")
        assert draft["dirty"] and len(draft["document"]["actions"]) == 3  # kept on the device
    finally:
        set_offline(d, False)
    # Back online: the changes reach the same picture on the server.
    wait_text(d, "#save-state", "Saved", timeout=30)
    saved = d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(`/api/coloring/drawings/${arguments[0]}`).then((r) => r.json()).then((d) => done(d.document.actions.map((a) => a.brush)));
    """, drawing_id)
    assert saved == ["crayon", "crayon", "dots"]
