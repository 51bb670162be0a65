// Where the page is, by its address: #today (the default), #take/<id>, #history. Pure.

/** The route named by `hash`: {name: "today"|"take"|"history", id?}. */
export function routeFor(hash) {
  const path = String(hash ?? "").replace(/^#\/?/, "");
  const take = /^take\/([\w-]{1,80})$/.exec(path);
  if (take) return { name: "take", id: take[1] };
  if (path === "history") return { name: "history" };
  return { name: "today" };
}

/** The address of a route. */
export function hashFor(route) {
  if (route.name === "take") return `#take/${encodeURIComponent(route.id)}`;
  return route.name === "history" ? "#history" : "#today";
}
