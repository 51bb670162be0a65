// A polite live region for a screen that is drawn anew on every change: it stays outside #app (a
// live region drawn anew is not read), says each thing once (cleared first, so the same words are
// said again) and is emptied after a while.

/** A region with id `id`: {ready()} puts it in the page before it has something to say; {say(text)}. */
export function liveVoice(id) {
  let region = null;
  let timer = 0;
  const ready = () => {
    if (!region?.isConnected) {
      region = document.createElement("div");
      Object.assign(region, { id, className: "visually-hidden" });
      region.setAttribute("role", "status");
      region.setAttribute("aria-live", "polite");
      region.setAttribute("aria-atomic", "true");
      document.body.append(region);
    }
    return region;
  };
  const say = (text) => {
    const here = ready();
    clearTimeout(timer);
    here.textContent = "";
    timer = setTimeout(() => {
      here.textContent = text;
      timer = setTimeout(() => { here.textContent = ""; }, 7000);
    }, 100);
  };
  return { ready, say };
}
