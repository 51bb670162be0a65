// The student's reading settings as the page's look: CSS custom properties and classes put on
// <html>. `lookFor` is pure (node-tested); `applyLook` puts its answer on a document's root.
// The OS's wishes count too: (prefers-reduced-motion: reduce) always, (prefers-contrast: more)
// when the student has not chosen a look of their own (another theme, or the Autismo profile,
// which turns high contrast off on purpose).

export const DYSLEXIC_FONT = '"OpenDyslexic", "Comic Sans MS", "Trebuchet MS", sans-serif';
export const BASE_PX = 16;
export const THEMES = ["standard", "contrast", "cream", "dark"];

const clamp = (value, low, high, fallback) => {
  const number = Number(value);
  return Number.isFinite(number) ? Math.min(high, Math.max(low, number)) : fallback;
};
const round = (value, places = 3) => Number(value.toFixed(places));

/**
 * {properties: {"--mb-…": value}, classes: ["mb-…"], lang} for `settings`; `system` says what the
 * OS asks: {prefersContrast, prefersReducedMotion}.
 */
export function lookFor(settings = {}, system = {}) {
  const textSize = clamp(settings.textSize, 0.8, 2.0, 1);
  const scale = textSize * (settings.largeText ? 1.2 : 1);
  const theme = THEMES.includes(settings.theme) ? settings.theme : "standard";
  const dyslexic = settings.font === "opendyslexic";
  const properties = {
    "--mb-font-size": `${round(BASE_PX * scale, 2)}px`,
    "--mb-text-scale": String(round(scale)),
    "--mb-line-height": String(round(clamp(settings.lineSpacing, 1.0, 3.0, 1.5), 2)),
    "--mb-letter-spacing": `${round(clamp(settings.letterSpacing, 0, 0.3, 0), 3)}em`,
    "--mb-word-spacing": `${round(clamp(settings.wordSpacing, 0, 0.5, 0), 3)}em`,
    "--mb-paragraph-spacing": `${Math.round(clamp(settings.paragraphSpacing, 0, 40, 16))}px`,
    "--mb-reading-font": dyslexic ? DYSLEXIC_FONT : "var(--font)",
  };
  const chosenOtherwise = theme !== "standard" || settings.profile === "autismo";
  const highContrast = Boolean(settings.highContrast) || (Boolean(system.prefersContrast) && !chosenOtherwise);
  const reducedMotion = Boolean(settings.reducedMotion) || Boolean(system.prefersReducedMotion);
  const classes = [`mb-theme-${theme}`];
  if (dyslexic) classes.push("mb-font-dyslexic");
  if (settings.largeText) classes.push("mb-large-text");
  if (highContrast) classes.push("mb-high-contrast");
  if (reducedMotion) classes.push("mb-reduced-motion");
  if (settings.distractionFree) classes.push("mb-distraction-free");
  if (settings.keyboardNavigation) classes.push("mb-keyboard-nav");
  if (settings.ruler) classes.push("mb-ruler-on");
  if (settings.focusMode) classes.push("mb-focus-mode");
  return { properties, classes, lang: settings.language === "en" ? "en" : "it" };
}

/** Every class lookFor may set: what applyLook takes off before putting the new ones on. */
export const LOOK_CLASSES = [...THEMES.map((theme) => `mb-theme-${theme}`), "mb-font-dyslexic", "mb-large-text", "mb-high-contrast",
  "mb-reduced-motion", "mb-distraction-free", "mb-keyboard-nav", "mb-ruler-on", "mb-focus-mode"];

/** What the OS asks now (none outside a browser). */
export function systemWishes(win = globalThis) {
  const asks = (query) => win.matchMedia?.(query).matches ?? false;
  return { prefersContrast: asks("(prefers-contrast: more)"), prefersReducedMotion: asks("(prefers-reduced-motion: reduce)") };
}

/** Puts the look of `settings` on `root` (<html>). */
export function applyLook(settings, root = globalThis.document?.documentElement, system = systemWishes()) {
  if (!root) return null;
  const look = lookFor(settings, system);
  for (const [name, value] of Object.entries(look.properties)) root.style.setProperty(name, value);
  root.classList.remove(...LOOK_CLASSES);
  root.classList.add(...look.classes);
  root.lang = look.lang;
  return look;
}
