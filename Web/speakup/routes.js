// Where the page is, by its address: #today (the default), #take/<id>, #history, #settings,
// #compare (Then vs Now) or #compare/<then>/<now>, #prompts (the library), #wheel, #practice,
// #warmup/<id>, #calm/<id>, #drill/<id>, #read/<id>, #learn (the course), #lesson/<id> and #goals (goals and badges). Pure.

const ID = "[\\w-]{1,80}";

const PLAIN = ["history", "settings", "prompts", "wheel", "practice", "learn", "goals"];
const WITH_ID = ["take", "warmup", "calm", "drill", "read", "lesson"];

/** The route named by `hash`: {name: "today"|"take"|"history"|"settings"|"compare"|"prompts"|"wheel"|"practice"|"warmup"|"calm"|"drill"|"read"|"learn"|"lesson"|"goals", id?, then?, now?}. */
export function routeFor(hash) {
  const path = String(hash ?? "").replace(/^#\/?/, "");
  const item = new RegExp(`^(${WITH_ID.join("|")})/(${ID})$`).exec(path);
  if (item) return { name: item[1], id: item[2] };
  const pair = new RegExp(`^compare/(${ID})/(${ID})$`).exec(path);
  if (pair) return { name: "compare", then: pair[1], now: pair[2] };
  if (path === "compare") return { name: "compare" };
  if (PLAIN.includes(path)) return { name: path };
  return { name: "today" };
}

/** The address of a route. */
export function hashFor(route) {
  if (WITH_ID.includes(route.name)) return `#${route.name}/${encodeURIComponent(route.id)}`;
  if (route.name === "compare") return route.then && route.now ? `#compare/${encodeURIComponent(route.then)}/${encodeURIComponent(route.now)}` : "#compare";
  return PLAIN.includes(route.name) ? `#${route.name}` : "#today";
}
