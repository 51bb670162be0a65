// Where the page is, by its address: #today (the default), #take/<id>, #history, #settings,
// #compare (Then vs Now) or #compare/<then>/<now>, #prompts (the library), #wheel. Pure.

const ID = "[\\w-]{1,80}";

const PLAIN = ["history", "settings", "prompts", "wheel"];

/** The route named by `hash`: {name: "today"|"take"|"history"|"settings"|"compare"|"prompts"|"wheel", id?, then?, now?}. */
export function routeFor(hash) {
  const path = String(hash ?? "").replace(/^#\/?/, "");
  const take = new RegExp(`^take/(${ID})$`).exec(path);
  if (take) return { name: "take", id: take[1] };
  const pair = new RegExp(`^compare/(${ID})/(${ID})$`).exec(path);
  if (pair) return { name: "compare", then: pair[1], now: pair[2] };
  if (path === "compare") return { name: "compare" };
  if (PLAIN.includes(path)) return { name: path };
  return { name: "today" };
}

/** The address of a route. */
export function hashFor(route) {
  if (route.name === "take") return `#take/${encodeURIComponent(route.id)}`;
  if (route.name === "compare") return route.then && route.now ? `#compare/${encodeURIComponent(route.then)}/${encodeURIComponent(route.now)}` : "#compare";
  return PLAIN.includes(route.name) ? `#${route.name}` : "#today";
}
