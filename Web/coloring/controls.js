// Coloring Fun's controls around the canvas: the top bar (Home, title, save state, Background,
// Undo, Redo, Clear, Pictures, Kids Mode, sound), the tools, the colours and size, the shape options
// and the drawers. The stamps open in a drawer over the canvas at every size; on a phone the
// brushes and the shape options open over the canvas too (coloring.css decides what shows where).
// Every control has a name, and a tool says it aloud when picked: short, through speak(), which
// stays quiet while the hub's mute is on.
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { muteButton, sounds } from "../shared/sounds.js";
import { speak } from "../shared/speech.js";

export const BRUSHES = [
  ["crayon", "🖍️", "Crayon"], ["marker", "🖊️", "Marker"], ["sparkle", "✨", "Sparkle"], ["chalk", "🩶", "Chalk"],
  ["hearts", "💖", "Hearts"], ["dots", "🔵", "Dots"], ["flowers", "🌸", "Flowers"], ["confetti", "🎉", "Confetti"],
];
export const KIDS_BRUSHES = new Set(["crayon", "marker", "sparkle", "hearts"]);
export const SHAPES = [["line", "➖", "Line"], ["rectangle", "⬛", "Rectangle"], ["circle", "⚪\uFE0F", "Circle"], ["star", "⭐", "Star"]];

// The server's 20 crayons (RGBA.crayons), named the way a child says them.
const COLOR_NAMES = {
  "#ed0a3f": "Red", "#ff681f": "Red orange", "#ff8833": "Orange", "#fbe870": "Yellow", "#ffff99": "Light yellow",
  "#c5e17a": "Yellow green", "#3aa655": "Green", "#01786f": "Pine green", "#0095b7": "Blue green", "#93dfb8": "Sea green",
  "#0066ff": "Blue", "#6456b7": "Blue violet", "#8359a3": "Purple", "#fc80a5": "Pink", "#f7468a": "Hot pink",
  "#af593e": "Brown", "#8b8680": "Grey", "#000000": "Black", "#ffffff": "White", "#ffcba4": "Peach",
};
// The paper colours, named for the picker (the browser test finds them by data-color).
const BACKGROUNDS = [["#ffffff", "White"], ["#fff8dc", "Cream"], ["#ffe4e1", "Pink"], ["#e0f7fa", "Light blue"], ["#e8f5e9", "Light green"],
  ["#f3e5f5", "Lilac"], ["#fffde7", "Light yellow"], ["#e3f2fd", "Sky blue"], ["#263238", "Night"], ["#000000", "Black"]];
const colorName = (hex, index) => COLOR_NAMES[hex.toLowerCase()] ?? `Colour ${index + 1}`;

/** Says a control's name aloud (nothing while muted: speak() honours the hub's switch). */
export function sayName(text) {
  speak(text).catch(() => {});
}

const icon = (text) => h("span", { class: "icon", "aria-hidden": "true" }, text);
const TRIGGERS = { brushes: "brushes-button", stamps: "tool-stamp", shapes: "tool-shape", more: "more-button" };

/**
 * The controls of the drawing screen. `app`: {state, render, perform(action), undo, redo,
 * openGallery, toggleKidsMode, backgroundHex}.
 */
export function createControls(app) {
  const { state } = app;
  const kids = () => !!state.me?.settings.kidsMode;

  /** Picks something: runs `change`, clicks, says `name`, draws the screen again. */
  function pick(change, name, sound = sounds.tap) {
    const open = state.panel;
    change();
    sound();
    if (name) sayName(name);
    app.render();
    // A drawer the pick closed hands the focus back to the button that opened it.
    if (open && !state.panel && (!document.activeElement || document.activeElement === document.body)) document.getElementById(TRIGGERS[open])?.focus({ preventScroll: true });
  }

  /** Opens `panel` (and picks `tool`), or closes it when it is the one open. */
  function togglePanel(event, panel, tool, name) {
    const closing = state.panel === panel && (!tool || state.tool === tool);
    if (tool) state.tool = tool;
    state.panel = closing ? null : panel;
    sounds.tap();
    if (!closing) sayName(name);
    app.render();
    // From the keyboard (a click with no pointer behind it), the focus goes into what opened.
    if (!closing && event.detail === 0) document.querySelector({ stamps: "#stamp-drawer .stamp", brushes: "#brushes .tool", shapes: "#shape-options .tool", more: "#more button" }[panel])?.focus();
  }

  /** Closes an open drawer without drawing the screen again (a finger went down on the canvas). */
  function closePanels() {
    if (!state.panel) return;
    state.panel = null;
    document.getElementById("stamp-drawer")?.remove();
    for (const open of document.querySelectorAll(".cf-brushes.open, .cf-shape-options.open, .cf-more.open")) open.classList.remove("open");
    for (const trigger of document.querySelectorAll(".cf-draw [aria-expanded='true']")) trigger.setAttribute("aria-expanded", "false");
  }

  addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !state.panel || state.screen !== "canvas" || document.querySelector("dialog[open]")) return;
    const trigger = TRIGGERS[state.panel];
    state.panel = null;
    app.render();
    document.getElementById(trigger)?.focus();
  });

  async function pickBackground() {
    const chosen = await openSheet({
      label: "Background colour",
      render: (body, close) => mount(body, h("h2", {}, "Pick a background"), h("div", { class: "palette big" },
        ...BACKGROUNDS.map(([hex, name]) => h("button", { class: "swatch", type: "button", style: `background:${hex}`, "aria-label": `${name} paper`, title: name, "data-color": hex, onclick: () => close(hex) })))),
    });
    if (chosen) { sounds.fill(); app.perform({ type: "background", color: chosen }); app.render(); }
  }

  async function confirmClear() {
    const clear = await openSheet({
      label: "Clear the whole drawing?", cancelText: "Keep It! 🎨",
      render: (body, close) => mount(body, h("h2", {}, "Clear the whole drawing?"),
        h("div", { class: "row" },
          h("button", { class: "btn kid danger", type: "button", id: "clear-it", onclick: () => close(true) }, "Clear It! 🗑️"),
          h("button", { class: "btn kid", type: "button", id: "keep-it", onclick: () => close(false) }, "Keep It! 🎨"))),
    });
    if (clear) { sounds.clear(); app.perform({ type: "clear" }); }
  }

  function toolButton(id, symbol, label, active, onclick, extra = {}) {
    return h("button", { class: `tool${active ? " active" : ""}`, type: "button", id, "aria-label": label, "aria-pressed": String(active), title: label, onclick, ...extra },
      icon(symbol));
  }

  function actionButton(id, symbol, label, name, onclick, extra = {}) {
    return h("button", { class: `btn tool-button${extra.danger ? " danger-soft" : ""}`, type: "button", id, "aria-label": name, title: name, onclick, disabled: extra.disabled },
      symbol instanceof Node ? symbol : icon(symbol), h("span", { class: "label" }, label));
  }

  /**
   * The top bar: Home, Undo, Redo, Clear, and (in `.cf-more`) the title with the save state,
   * Background, Pictures, Kids Mode and the sound. On a short phone `.cf-more` folds behind More.
   */
  function toolbar() {
    const k = kids();
    const moreOpen = state.panel === "more";
    const closeMore = () => { if (state.panel === "more") state.panel = null; };
    return h("header", { class: "cf-toolbar" },
      h("a", { class: "btn tool-button", href: "/", id: "home", "aria-label": "Home", title: "Home" }, icon("🏠"), h("span", { class: "label" }, "Home")),
      h("div", { class: "cf-actions", role: "group", "aria-label": "Undo and clear" },
        actionButton("undo", "↩️", "Undo", "Undo", () => { sayName("Undo"); app.undo(); }, { disabled: !state.doc?.actions.length }),
        k ? null : actionButton("redo", "↪️", "Redo", "Redo", () => { sayName("Redo"); app.redo(); }, { disabled: !state.doc?.undone.length }),
        actionButton("clear", "🗑️", "Clear", "Clear", () => { sayName("Clear"); closeMore(); confirmClear(); }, { danger: true })),
      h("button", { class: "btn tool-button more-button", type: "button", id: "more-button", title: "More", "aria-label": "More",
        "aria-expanded": String(moreOpen), "aria-controls": "more", onclick: (event) => togglePanel(event, "more", null, "More") },
      icon("☰"), h("span", { class: "label" }, "More")),
      h("div", { class: `cf-more${moreOpen ? " open" : ""}`, id: "more" },
        h("div", { class: "cf-heading" },
          h("h1", { class: "cf-title" }, h("span", { class: "title-emoji", "aria-hidden": "true" }, "🎨 "), h("span", { class: "rainbow" }, "Coloring Fun!")),
          h("span", { class: "save-state", id: "save-state", role: "status" }, saveText())),
        actionButton("background-button", h("span", { class: "swatch-dot", "aria-hidden": "true", style: `background:${app.backgroundHex()}` }), "Background", "Background colour",
          () => { sayName("Background"); closeMore(); pickBackground(); }),
        actionButton("open-gallery", "🖼️", "Pictures", "My pictures", () => { sayName("My pictures"); app.openGallery(); }),
        h("button", { class: "btn tool-button kids-toggle", type: "button", id: "kids-mode", "aria-pressed": String(k), title: "Kids Mode",
          "aria-label": k ? "Kids Mode is on. Turn it off" : "Turn on Kids Mode",
          onclick: () => { sayName(k ? "Kids Mode off" : "Kids Mode on"); app.toggleKidsMode(); } },
        icon("🧸"), h("span", { class: "label" }, "Kids Mode")),
        muteButton()));
  }

  function saveText() {
    return { saved: "✓ Saved", pending: "Saving…", offline: "Offline: kept on this device", full: "Storage full: kept on this device. Ask a grown-up", off: "Saving is off", error: "Could not save" }[state.saveState] ?? "";
  }

  function refreshToolbar() {
    const undoButton = document.getElementById("undo");
    if (undoButton) undoButton.disabled = !state.doc?.actions.length;
    const redoButton = document.getElementById("redo");
    if (redoButton) redoButton.disabled = !state.doc?.undone.length;
    const status = document.getElementById("save-state");
    if (status) { status.textContent = saveText(); status.title = status.textContent; }
  }

  function tools() {
    const k = kids();
    const brushes = BRUSHES.filter(([id]) => !k || KIDS_BRUSHES.has(id));
    const current = brushes.find(([id]) => id === state.brush) ?? brushes[0];
    const brushesOpen = state.panel === "brushes";
    return h("nav", { class: "cf-tools", "aria-label": "Tools" },
      // On a phone the brushes fold behind this button (it shows the brush in use).
      h("button", { class: `tool brushes-button${state.tool === "brush" ? " active" : ""}`, type: "button", id: "brushes-button", title: "Brushes",
        "aria-label": `Brushes: ${current[2]}`, "aria-expanded": String(brushesOpen), "aria-controls": "brushes", onclick: (event) => togglePanel(event, "brushes", null, "Brushes") },
      icon(current[1])),
      h("div", { class: `cf-brushes${brushesOpen ? " open" : ""}`, id: "brushes", role: "group", "aria-label": "Brushes" },
        ...brushes.map(([id, symbol, label]) => toolButton(`brush-${id}`, symbol, label, state.tool === "brush" && state.brush === id,
          () => pick(() => { state.tool = "brush"; state.brush = id; state.panel = null; }, label)))),
      toolButton("tool-eraser", "🧽", "Eraser", state.tool === "eraser", () => pick(() => { state.tool = "eraser"; state.panel = null; }, "Eraser")),
      toolButton("tool-fill", "🪣", "Fill bucket", state.tool === "fill", () => pick(() => { state.tool = "fill"; state.panel = null; }, "Fill bucket")),
      state.me?.stamps.length ? toolButton("tool-stamp", "🐾", "Stamps", state.tool === "stamp", (event) => togglePanel(event, "stamps", "stamp", "Stamps"),
        { "aria-expanded": String(state.panel === "stamps"), "aria-controls": state.panel === "stamps" ? "stamp-drawer" : null }) : null,
      k ? null : toolButton("tool-shape", "🔷", "Shapes", state.tool === "shape", (event) => togglePanel(event, "shapes", "shape", "Shapes"),
        { "aria-expanded": String(state.panel === "shapes"), "aria-controls": state.tool === "shape" ? "shape-options" : null }));
  }

  /** The shape kinds and Filled: beside the tools on a tablet, over the canvas on a phone. */
  function shapeOptions() {
    if (state.tool !== "shape" || kids()) return null;
    return h("section", { class: `cf-shape-options${state.panel === "shapes" ? " open" : ""}`, id: "shape-options", role: "group", "aria-label": "Shapes" },
      ...SHAPES.map(([id, symbol, label]) => toolButton(`shape-${id}`, symbol, label, state.shape === id,
        () => pick(() => { state.shape = id; state.panel = null; }, label))),
      h("label", { class: "filled" },
        h("input", { type: "checkbox", id: "shape-filled", checked: state.filled, onchange: (e) => { state.filled = e.target.checked; sayName(state.filled ? "Filled" : "Outline"); } }),
        h("span", {}, "Filled")));
  }

  /** The size of brushes, shapes and stamps: a slider, or Small / Medium / Big dots in Kids Mode. */
  function size() {
    return h("div", { class: "cf-size" }, kids()
      ? h("div", { class: "sizes", role: "group", "aria-label": "Size" }, ...[[12, "Small"], [32, "Medium"], [64, "Big"]].map(([value, label]) =>
        h("button", { class: `btn size-choice${state.size === value ? " active" : ""}`, type: "button", id: `size-${label.toLowerCase()}`, "aria-pressed": String(state.size === value),
          "aria-label": label, title: label, onclick: () => pick(() => { state.size = value; }, label) }, h("span", { class: `size-dot size-${value}`, "aria-hidden": "true" }))))
      : h("label", { class: "size" }, h("span", { class: "size-label" }, "Size"),
        h("input", { type: "range", id: "size", min: "6", max: "80", value: String(state.size), oninput: (e) => { state.size = Number(e.target.value); } })));
  }

  /** The colours (the stamp tool has its own row instead: stamps keep their own colours). */
  function options() {
    if (state.tool === "stamp") return stampOptions();
    return h("section", { class: "cf-options", "aria-label": "Colours" },
      h("div", { class: "palette", role: "group", "aria-label": "Colours" },
        ...(state.me?.colors ?? []).map((hex, index) => h("button", {
          class: `swatch${state.color === hex ? " active" : ""}`, type: "button", id: `color-${index}`, style: `background:${hex}`,
          "aria-label": colorName(hex, index), title: colorName(hex, index), "aria-pressed": String(state.color === hex),
          onclick: () => pick(() => { state.color = hex; }, colorName(hex, index)),
        })),
        kids() ? null : h("label", { class: "custom-color", title: "Any colour" }, h("span", { class: "visually-hidden" }, "Any colour"),
          h("input", { type: "color", id: "color-picker", value: state.color, oninput: (e) => { state.color = e.target.value; } }))));
  }

  /** With the stamp tool: the stamp in use (it opens the drawer), turn and flip. */
  function stampOptions() {
    const chosen = state.stamp;
    return h("section", { class: "cf-options stamp-options", "aria-label": "Stamp" },
      h("button", { class: "tool stamp-pick", type: "button", id: "stamp-pick", title: "Pick a stamp", "aria-expanded": String(state.panel === "stamps"), "aria-controls": state.panel === "stamps" ? "stamp-drawer" : null,
        "aria-label": chosen ? `Stamp: ${chosen.name}. Pick another` : "Pick a stamp", onclick: (event) => togglePanel(event, "stamps", "stamp", "Pick a stamp") },
      icon(chosen?.emoji ?? "🐾")),
      h("div", { class: "stamp-controls", role: "group", "aria-label": "Turn and flip" },
        h("button", { class: "tool", type: "button", id: "rotate-left", "aria-label": "Turn left", title: "Turn left",
          onclick: () => { state.stampRotation = (state.stampRotation - 15) % 360; sounds.tap(); sayName("Turn left"); } }, icon("↺")),
        h("button", { class: "tool", type: "button", id: "rotate-right", "aria-label": "Turn right", title: "Turn right",
          onclick: () => { state.stampRotation = (state.stampRotation + 15) % 360; sounds.tap(); sayName("Turn right"); } }, icon("↻")),
        h("button", { class: `tool${state.stampFlipped ? " active" : ""}`, type: "button", id: "flip", "aria-label": "Flip", title: "Flip", "aria-pressed": String(state.stampFlipped),
          onclick: () => pick(() => { state.stampFlipped = !state.stampFlipped; }, "Flip") }, icon("⇋"))),
      h("p", { class: "stamp-hint" }, "Tap the paper to stamp!"));
  }

  /** The stamps, by kind, in a drawer over the canvas; picking one says its name and closes it. */
  function stampDrawer() {
    if (state.tool !== "stamp" || state.panel !== "stamps" || !state.me?.stamps.length) return null;
    const categories = state.me.stamps;
    const category = categories.find((c) => c.id === state.stampCategory) ?? categories[0];
    const k = kids();
    const stamps = k && !state.moreStamps ? category.stamps.slice(0, 2) : category.stamps;
    return h("section", { class: "cf-drawer", id: "stamp-drawer", "aria-label": "Stamps" },
      h("div", { class: "cf-drawer-head" }, h("h2", {}, "Pick a stamp"),
        h("button", { class: "btn close", type: "button", id: "close-stamps", "aria-label": "Close stamps", title: "Close",
          onclick: () => { state.panel = null; sounds.tap(); app.render(); document.getElementById("tool-stamp")?.focus(); } }, icon("✕"))),
      h("div", { class: "categories", role: "tablist", "aria-label": "Kinds of stamps" }, ...categories.map((c) => h("button", {
        class: `btn category${c.id === category.id ? " active" : ""}`, type: "button", role: "tab", id: `category-${c.id}`, "aria-selected": String(c.id === category.id),
        onclick: () => pick(() => { state.stampCategory = c.id; state.moreStamps = false; }, c.name) }, icon(c.stamps[0]?.emoji ?? ""), h("span", {}, c.name)))),
      h("div", { class: "stamps" }, ...stamps.map((stamp) => h("button", {
        class: `stamp${state.stamp?.emoji === stamp.emoji ? " active" : ""}`, type: "button", "aria-label": stamp.name, title: stamp.name, "data-emoji": stamp.emoji,
        "aria-pressed": String(state.stamp?.emoji === stamp.emoji),
        onclick: () => { speak(`${stamp.name}! ${stamp.sound}`).catch(() => {}); pick(() => { state.stamp = stamp; state.panel = null; }, null, sounds.pop); } }, stamp.emoji)),
        k && !state.moreStamps ? h("button", { class: "btn more", type: "button", id: "more-stamps", onclick: () => pick(() => { state.moreStamps = true; }, "More stamps") }, "More") : null));
  }

  return { toolbar, tools, shapeOptions, size, options, stampDrawer, refreshToolbar, closePanels };
}
