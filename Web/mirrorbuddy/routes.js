// Where the page is, by its address: #home (the default), #subject/<id>, #materials, #material/<id>,
// #new (or #new/<subjectId>), #tasks, #progress, #settings. Pure.

const ID = "[\\w-]{1,80}";
const PLAIN = ["home", "materials", "new", "tasks", "progress", "settings"];
const WITH_ID = ["subject", "material", "new"];

/** The route named by `hash`: {name, id?}. Anything unknown is Home. */
export function routeFor(hash) {
  const path = String(hash ?? "").replace(/^#\/?/, "");
  const item = new RegExp(`^(${WITH_ID.join("|")})/(${ID})$`).exec(path);
  if (item) return { name: item[1], id: item[2] };
  if (PLAIN.includes(path)) return { name: path };
  return { name: "home" };
}

/** The address of a route. */
export function hashFor(route) {
  if (WITH_ID.includes(route.name) && route.id) return `#${route.name}/${encodeURIComponent(route.id)}`;
  return PLAIN.includes(route.name) ? `#${route.name}` : "#home";
}
