// Just enough of a page for the page kit's redraws: a body, a region whose children a draw
// replaces (and with them the focus, as mount() does), a window that scrolls, and elements that
// remember focus(), scrollIntoView() and a text field's caret.

export function fakePage() {
  const doc = { activeElement: null, body: { tag: "body" } };
  doc.activeElement = doc.body;
  const win = { scrollX: 0, scrollY: 0, scrollTo(x, y) { this.scrollX = x; this.scrollY = y; } };
  const revealed = [];
  const region = {
    children: [],
    contains: (element) => region.children.includes(element),
    querySelectorAll: () => region.children.filter((element) => element.id || element.dataset.scrollKey),
    querySelector(selector) {
      const [, attribute, value] = selector.match(/^\[([\w-]+)="(.*)"\]$/);
      const read = (element) => attribute === "id" ? element.id
        : element.dataset[attribute.slice(5).replace(/-(\w)/g, (_, c) => c.toUpperCase())];
      return region.children.find((element) => read(element) === value.replace(/\\(.)/g, "$1")) ?? null;
    },
    byId: (id) => region.children.find((element) => element.id === id) ?? null,
    replace(...elements) {
      if (region.contains(doc.activeElement)) doc.activeElement = doc.body;
      region.children = elements;
    },
  };
  const element = ({ id = "", dataset = {}, text = null } = {}) => {
    const made = { id, dataset, scrollTop: 0, scrollLeft: 0, focusedWith: null,
      focus(options) { doc.activeElement = made; made.focusedWith = options; },
      scrollIntoView(options) { revealed.push([made.id || made.dataset.focusKey, options]); } };
    if (text !== null) {
      Object.assign(made, { value: text, selectionStart: 0, selectionEnd: 0, selectionDirection: "none",
        setSelectionRange(start, end, direction) { Object.assign(made, { selectionStart: start, selectionEnd: end, selectionDirection: direction }); } });
    }
    return made;
  };
  return { doc, win, region, element, revealed, options: { doc, win } };
}
