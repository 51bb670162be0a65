"""Coloring Fun on a landscape iPad (1024×768), a portrait one (768×1024), a phone (390×844) and the
same phone with the browser's bars showing (390×664): the page never scrolls; every tool is on screen, or behind a toggle on screen that opens it on
screen; the canvas takes the space the tools leave; targets are at least 44 px (64 for the kids'
tools, 84 in Kids Mode) and named; kids' text is at least 16 px; a stroke lands under the finger;
axe finds nothing serious. Tools say their name when picked, and nothing while muted.
Screenshots go to /tmp/coloring-<width>x<height>*.png."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import attribute, click, find, wait
from test_accessibility import serious_violations
from test_coloring import HEIGHT, WIDTH, actions, drag, open_coloring

BRUSHES = ["crayon", "marker", "sparkle", "chalk", "hearts", "dots", "flowers", "confetti"]
KIDS_BRUSHES = ["crayon", "marker", "sparkle", "hearts"]
TOP_BAR = ["#home", "#undo", "#redo", "#clear"]
MORE = ["#background-button", "#open-gallery", "#kids-mode", ".mute-toggle", "#save-state"]  # behind More on a short phone
COLOURS = [f"#color-{i}" for i in range(20)]
SHAPES = ["#shape-line", "#shape-rectangle", "#shape-circle", "#shape-star", "#shape-filled"]

# What the screen looks like, measured in the page. `needed`: selectors whose every match must be
# on screen: inside the window and the topmost thing at its centre (not covered, not clipped away).
MEASURE = """
const needed = arguments[0];
const vw = innerWidth, vh = innerHeight;
const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height });
const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };
const describe = (el) => { const r = el.getBoundingClientRect(); return `${el.id ? "#" + el.id : el.className || el.tagName} ${Math.round(r.width)}×${Math.round(r.height)}`; };
function onScreen(el) {
  if (!shown(el)) return false;
  const r = el.getBoundingClientRect();
  if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (el.contains(hit) || [...(el.labels ?? [])].some((label) => label.contains(hit)));
}
function visibleText(el) {
  let text = "";
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    else if (node.nodeType === Node.ELEMENT_NODE && node.getAttribute("aria-hidden") !== "true") text += visibleText(node);
  }
  return text;
}
function accessibleName(el) {
  const named = el.getAttribute("aria-label") || (el.getAttribute("aria-labelledby") ?? "").split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
  return (named || [...(el.labels ?? [])].map((label) => label.textContent).join(" ") || visibleText(el) || el.title || "").trim();
}
const controls = [...document.querySelectorAll("button, a[href], input, select, textarea")].filter(shown);
const targets = [...document.querySelectorAll("button, a[href], label.custom-color, label.filled, input[type=range]")].filter(shown);
const kid = parseFloat(getComputedStyle(document.body).getPropertyValue("--kid-target"));
const small = [];
for (const el of targets) {
  const r = el.getBoundingClientRect();
  const least = el.matches(".tool, .stamp") ? kid : el.matches(".cf-toolbar .tool-button, .cf-toolbar .mute-toggle") ? 64 : 44;
  if (Math.min(r.width, r.height) < least - 0.5) small.push(`${describe(el)} < ${least}`);
}
const smallText = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const parent = node.parentElement;
  if (!/\\S/.test(node.textContent) || !parent || parent.closest(".visually-hidden, script, style") || !shown(parent)) continue;
  const size = parseFloat(getComputedStyle(parent).fontSize);
  if (size < 15.9) smallText.push(`"${node.textContent.trim().slice(0, 30)}" ${size}px`);
}
const canvas = document.getElementById("canvas");
const stage = document.querySelector(".cf-stage").getBoundingClientRect();
// The space the stage has around it, up to the next panel or the window's edge: small gaps mean
// the stage is all the space the tools leave.
const panels = [...document.querySelectorAll(".cf-toolbar, .cf-tools, .cf-size, .cf-shape-options, .cf-options")].filter(shown)
  .map((el) => el.getBoundingClientRect()).filter((r) => !(r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1 && r.left >= stage.left - 1 && r.right <= stage.right + 1));
const besideV = (r) => r.bottom > stage.top + 1 && r.top < stage.bottom - 1;
const besideH = (r) => r.right > stage.left + 1 && r.left < stage.right - 1;
const gaps = {
  left: stage.left - Math.max(0, ...panels.filter((r) => besideV(r) && r.right <= stage.left + 1).map((r) => r.right)),
  right: Math.min(vw, ...panels.filter((r) => besideV(r) && r.left >= stage.right - 1).map((r) => r.left)) - stage.right,
  top: stage.top - Math.max(0, ...panels.filter((r) => besideH(r) && r.bottom <= stage.top + 1).map((r) => r.bottom)),
  bottom: Math.min(vh, ...panels.filter((r) => besideH(r) && r.top >= stage.bottom - 1).map((r) => r.top)) - stage.bottom,
};
return {
  viewport: [vw, vh],
  scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  offscreen: needed.filter((css) => { const found = [...document.querySelectorAll(css)]; return !found.length || !found.every(onScreen); }),
  unnamed: controls.filter((el) => !/\\p{L}/u.test(accessibleName(el))).map(describe),
  small, smallText, kid,
  canvas: box(canvas.getBoundingClientRect()), stage: box(stage), gaps,
  resolution: [canvas.width, canvas.height],
};
"""

# The painted part of the canvas: how many pixels are not white, and their bounding box.
PAINTED = """
const canvas = document.getElementById("canvas");
const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
let count = 0, x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
for (let y = 0; y < canvas.height; y++) for (let x = 0; x < canvas.width; x++) {
  const i = (y * canvas.width + x) * 4;
  if (data[i] > 250 && data[i + 1] > 250 && data[i + 2] > 250) continue;
  count++; x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
}
return { count, box: [x0, y0, x1, y1] };
"""

# Records what the page says aloud: the speech player makes an Audio for each thing it says.
RECORD_SPEECH = """
window.said = [];
const RealAudio = window.Audio;
window.Audio = function (url) {
  if (url) window.said.push(new URL(url, location.href).searchParams.get("text"));
  return new RealAudio();  // nothing to play: the test only listens for what would be said
};
"""


def sized_browser(browser_factory, width, height):
    """A window whose page area (innerWidth × innerHeight) is exactly width × height."""
    d = browser_factory(width, height)
    inner = d.execute_script("return [innerWidth, innerHeight]")
    if inner != [width, height]:
        d.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    assert d.execute_script("return [innerWidth, innerHeight]") == [width, height]
    d.set_script_timeout(60)
    return d


def measure(d, needed=()):
    return d.execute_script(MEASURE, list(needed))


def assert_fits(d, needed, what):
    """No scrolling either way; `needed` on screen; every control named and big enough; no small text."""
    m = measure(d, needed)
    width, height = m["viewport"]
    assert m["scroll"][0] <= width + 1 and m["scroll"][1] <= height + 1, f"{what}: the page scrolls: {m['scroll']} in {m['viewport']}"
    assert m["offscreen"] == [], f"{what}: not on screen: {m['offscreen']}"
    assert m["unnamed"] == [], f"{what}: controls without a name: {m['unnamed']}"
    assert m["small"] == [], f"{what}: targets too small: {m['small']}"
    assert m["smallText"] == [], f"{what}: text under 16 px: {m['smallText']}"
    return m


def reach(d, selectors, toggle, what):
    """`selectors` are on screen, or `toggle` is and clicking it puts them on screen."""
    if not measure(d, selectors)["offscreen"]:
        return False
    assert not measure(d, [toggle])["offscreen"], f"{what}: the toggle {toggle} is not on screen"
    click(d, toggle)
    assert_fits(d, selectors, f"{what} (opened by {toggle})")
    return True


def stroke(d, points, touch=False):
    """A stroke through `points` given as fractions of the canvas as shown."""
    canvas = d.find_element(By.ID, "canvas")
    rect = canvas.rect
    offsets = [(round(fx * rect["width"] - rect["width"] / 2), round(fy * rect["height"] - rect["height"] / 2)) for fx, fy in points]
    if touch:  # a finger: pointer events of type "touch"
        finger = ActionBuilder(d, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        finger.pointer_action.move_to(canvas, *offsets[0]).pointer_down()
        for offset in offsets[1:]:
            finger.pointer_action.move_to(canvas, *offset)
        finger.pointer_action.pointer_up()
        finger.perform()
        return
    chain = ActionChains(d).move_to_element_with_offset(canvas, *offsets[0]).click_and_hold()
    for offset in offsets[1:]:
        chain = chain.move_to_element_with_offset(canvas, *offset)
    chain.release().perform()


def shot(d, name):
    width, height = d.execute_script("return [innerWidth, innerHeight]")
    d.save_screenshot(f"/tmp/coloring-{width}x{height}{name}.png")


@pytest.mark.parametrize("width,height", [pytest.param(1024, 768, id="ipad-landscape"), pytest.param(768, 1024, id="ipad-portrait"),
                                          pytest.param(390, 844, id="phone"), pytest.param(390, 664, id="phone-with-browser-bars")])
def test_every_tool_fits_and_the_canvas_takes_the_rest(server, browser_factory, width, height):
    d = sized_browser(browser_factory, width, height)
    open_coloring(d, server)
    phone, short = width < 720, width < 720 and height < 780
    what = f"{width}×{height}"
    tools = ["#tool-eraser", "#tool-fill", "#tool-stamp", "#tool-shape", "#size", "#color-picker"]
    m = assert_fits(d, TOP_BAR + tools + COLOURS, what)
    shot(d, "")
    # The title, Background, Pictures, Kids Mode and the sound: on screen, or (a short phone) under More.
    assert reach(d, MORE, "#more-button", what) == short
    if short:
        shot(d, "-more")
        click(d, "#more-button")
        assert measure(d, ["#kids-mode"])["offscreen"] == ["#kids-mode"], "More closes again"

    # The canvas keeps its pixels; on screen it takes what the tools leave.
    canvas, stage = m["canvas"], m["stage"]
    assert m["resolution"] == [WIDTH, HEIGHT]
    assert abs(canvas["width"] / canvas["height"] - WIDTH / HEIGHT) < 0.01
    assert all(gap <= 16 for gap in m["gaps"].values()), f"{what}: space left around the canvas's area: {m['gaps']}"
    assert canvas["width"] >= stage["width"] - 2 or canvas["height"] >= stage["height"] - 2, f"{what}: {canvas} in {stage}"
    print(f"{what}: canvas shown at {canvas['width']:.0f}×{canvas['height']:.0f} in a {stage['width']:.0f}×{stage['height']:.0f} area")
    if phone:
        assert canvas["width"] >= 340, canvas
        assert short or canvas["width"] >= width - 24, canvas
    else:
        assert canvas["width"] * canvas["height"] >= 0.8 * stage["width"] * stage["height"], (canvas, stage)
        assert canvas["width"] * canvas["height"] >= 0.5 * width * height, f"{what}: the canvas is under half the window: {canvas}"

    # The brushes: on screen, or (a phone) behind the brushes button, which opens them over the canvas.
    brushes = [f"#brush-{b}" for b in BRUSHES]
    opened = reach(d, brushes, "#brushes-button", what)
    assert opened == phone
    if phone:
        shot(d, "-brushes")
    click(d, "#brush-marker")
    assert_fits(d, ["#tool-fill"], f"{what}, after picking a brush")
    assert d.execute_script("return [coloringFun.state.tool, coloringFun.state.brush]") == ["brush", "marker"]
    click(d, "#color-10")  # blue

    # A stroke lands where the finger (a mouse on the tablets) goes down and moves.
    stroke(d, [(0.3, 0.6), (0.42, 0.6), (0.55, 0.6)], touch=phone)
    done = actions(d, 1)
    assert done == ["stroke"]
    first = d.execute_script("return coloringFun.state.doc.actions[0].points.slice(0, 2);")
    expected = (0.3 * WIDTH, 0.6 * HEIGHT)
    tolerance = WIDTH / canvas["width"] + 1  # a CSS pixel of rounding, in the picture's pixels
    assert abs(first[0] - expected[0]) <= tolerance and abs(first[1] - expected[1]) <= tolerance, (first, expected)
    painted = d.execute_script(PAINTED)
    x0, y0, x1, y1 = painted["box"]
    assert painted["count"] > 500, painted
    assert 0.3 * WIDTH - 20 <= x0 <= 0.3 * WIDTH + 4 and 0.55 * WIDTH - 4 <= x1 <= 0.55 * WIDTH + 20, painted
    assert abs((y0 + y1) / 2 - 0.6 * HEIGHT) <= 4 and y1 - y0 <= 40, painted

    # The shapes: beside the tools on a tablet, over the canvas on a phone.
    click(d, "#tool-shape")
    assert_fits(d, SHAPES + COLOURS + ["#size"], f"{what}, shapes")
    shot(d, "-shapes")
    click(d, "#shape-circle")
    assert d.execute_script("return coloringFun.state.shape") == "circle"
    assert_fits(d, ["#tool-shape", "#size"], f"{what}, a shape picked")

    # The stamps: their drawer opens on screen; picking one closes it; turn and flip are on screen.
    click(d, "#tool-stamp")
    assert_fits(d, [".stamp", ".category", "#close-stamps"], f"{what}, the stamps' drawer")
    assert serious_violations(d) == []
    shot(d, "-stamps")
    for index in range(1, len(d.find_elements(By.CSS_SELECTOR, ".category"))):
        click(d, f".category:nth-child({index + 1})")
        assert_fits(d, [".stamp", ".category"], f"{what}, the stamps of kind {index + 1}")
    click(d, ".category")
    click(d, ".stamp[data-emoji='🐶']")
    wait(d).until(lambda driver: not driver.find_elements(By.ID, "stamp-drawer"))
    assert_fits(d, ["#stamp-pick", "#rotate-left", "#rotate-right", "#flip", "#size", "#tool-fill"], f"{what}, a stamp picked")
    stroke(d, [(0.8, 0.25)], touch=phone)
    assert actions(d, 2)[-1] == "stamp"
    stamp = d.execute_script("return coloringFun.state.doc.actions[1].at;")
    assert abs(stamp[0] - 0.8 * WIDTH) <= tolerance and abs(stamp[1] - 0.25 * HEIGHT) <= tolerance, stamp
    click(d, "#brushes-button" if phone else "#brush-crayon")
    if phone:
        click(d, "#brush-crayon")
    assert_fits(d, COLOURS, f"{what}, back to a brush")
    assert serious_violations(d) == []

    # Kids Mode: bigger buttons (84 px), fewer tools, and still nothing scrolls.
    if short:
        click(d, "#more-button")
    click(d, "#kids-mode")
    wait(d).until(lambda driver: "kids-mode" in driver.find_element(By.TAG_NAME, "body").get_attribute("class"))
    m = assert_fits(d, ["#home", "#undo", "#clear", "#tool-eraser", "#tool-fill", "#tool-stamp", ".size-choice"] + COLOURS, f"{what}, Kids Mode")
    assert m["kid"] == 84
    assert reach(d, [f"#brush-{b}" for b in KIDS_BRUSHES], "#brushes-button", f"{what}, Kids Mode") == phone
    if phone:
        click(d, "#brush-hearts")
    assert reach(d, ["#open-gallery", "#kids-mode"], "#more-button", f"{what}, Kids Mode") == short
    shot(d, "-kids")
    print(f"{what} in Kids Mode: canvas shown at {m['canvas']['width']:.0f}×{m['canvas']['height']:.0f}")


def test_every_tool_says_its_name_and_nothing_while_muted(server, browser):
    d = browser
    d.set_script_timeout(30)
    open_coloring(d, server)
    d.execute_script(RECORD_SPEECH)

    def says(css, words):
        click(d, css)
        wait(d).until(lambda driver: driver.execute_script("return window.said.at(-1)") == words)

    for css, words in [("#brush-marker", "Marker"), ("#tool-eraser", "Eraser"), ("#tool-fill", "Fill bucket"), ("#color-10", "Blue"),
                       ("#tool-shape", "Shapes"), ("#shape-star", "Star"), ("#brush-crayon", "Crayon")]:
        says(css, words)
    drag(d, [(100, 100), (300, 200)])
    actions(d, 1)
    says("#undo", "Undo")
    says("#redo", "Redo")
    says("#clear", "Clear")
    click(d, "#keep-it")
    says("#background-button", "Background")
    find(d, "[data-color='#fff8dc']").send_keys(Keys.ESCAPE)
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "dialog[open]"))
    says("#tool-stamp", "Stamps")
    says(".stamp[data-emoji='🐱']", "cat! Meow!")
    says("#kids-mode", "Kids Mode on")
    says("#kids-mode", "Kids Mode off")
    says("#open-gallery", "My pictures")
    click(d, "#back-to-canvas")

    # The hub's mute switch: the tools click quietly and say nothing.
    count = d.execute_script("return window.said.length")
    click(d, ".mute-toggle")
    for css in ["#brush-dots", "#tool-fill", "#color-3", "#undo"]:
        click(d, css)
    find(d, "#brush-dots")
    assert d.execute_script("return window.said.length") == count
    assert d.execute_script("return coloringFun.state.tool") == "fill"


def test_the_drawers_work_from_the_keyboard(server, browser_factory):
    """On a phone, where the brushes fold away: Enter opens a drawer and moves into it, picking
    closes it and gives the focus back; Escape closes the stamps' drawer."""
    d = sized_browser(browser_factory, 390, 844)
    open_coloring(d, server)
    active = lambda driver: driver.execute_script("return document.activeElement.id || document.activeElement.className")
    keys = lambda *sent: ActionChains(d).send_keys(*sent).perform()

    d.execute_script("document.getElementById('brushes-button').focus()")
    keys(Keys.ENTER)
    wait(d).until(lambda driver: active(driver) == "brush-crayon")
    keys(Keys.TAB)
    assert active(d) == "brush-marker"
    keys(Keys.ENTER)
    wait(d).until(lambda driver: driver.execute_script("return coloringFun.state.brush") == "marker")
    assert not attribute(d, "#brushes-button", "aria-expanded") == "true"
    assert active(d) == "brushes-button"
    assert measure(d, ["#brush-marker"])["offscreen"] == ["#brush-marker"], "the brushes folded away again"

    d.execute_script("document.getElementById('tool-stamp').focus()")
    keys(Keys.ENTER)
    wait(d).until(lambda driver: "stamp" in active(driver).split())
    keys(Keys.ESCAPE)
    wait(d).until(lambda driver: not driver.find_elements(By.ID, "stamp-drawer"))
    assert active(d) == "tool-stamp"
    assert d.execute_script("return coloringFun.state.tool") == "stamp"
