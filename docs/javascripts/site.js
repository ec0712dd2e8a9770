/* readinglist: what every page script shares: the site's root and the one way elements are
   made. Elements are built with createElement, attributes and textContent only, so names and
   titles from the lists never become markup. */

/* This module is javascripts/site.js under the site's root, on every page and at any depth. */
export const ROOT = new URL("../", import.meta.url);

/* `children`: a string (the text) or nodes and strings to append (empty ones skipped). */
export function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (typeof children === "string") node.textContent = children;
  else node.append(...children.filter((child) => child || child === 0));
  return node;
}

export function button(text, onClick, attributes = {}) {
  const node = element("button", { type: "button", ...attributes }, text);
  node.addEventListener("click", onClick);
  return node;
}

export function plural(count, noun, nouns = noun + "s") {
  return count + " " + (count === 1 ? noun : nouns);
}

/* `address`'s JSON, fetched as the site's own; an HTTP error names its status and address. */
export async function fetchJson(address) {
  const response = await fetch(address, { credentials: "same-origin" });
  if (!response.ok) throw new Error(response.status + " " + address);
  return response.json();
}
