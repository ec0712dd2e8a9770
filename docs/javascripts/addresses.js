/* readinglist: what a paper's address in the reader's list may be. An address is checked as
   the browser will follow it: parsed by the URL parser against the site's root (which drops
   TAB and line breaks, reads backslashes as slashes and resolves "." and ".." segments,
   written or %2e-encoded), then kept only if it is a paper's page inside the site's path
   ("papers/NAME/" under the root); it is stored in that parsed form, so what is kept is what
   a link will open. Pure, unit-tested under node --test (tests/js/addresses.test.js). */

/* Up to 60 characters of what was given, with TAB, line breaks and quotes made visible. */
function shown(text) {
  return JSON.stringify(text.length > 60 ? text.slice(0, 60) + "…" : text);
}

/* `text` as "papers/NAME/" under `root` (a URL ending in "/"), or throws why it is not. */
export function paperAddress(text, root) {
  if (typeof text !== "string") throw new Error("it is not text.");
  let url;
  try {
    url = new URL(text, root);
  } catch {
    throw new Error(shown(text) + " is not an address.");
  }
  if (url.protocol !== root.protocol) {
    throw new Error(shown(text) + " is a " + url.protocol + " address, not a page of this site.");
  }
  if (url.origin !== root.origin) throw new Error(shown(text) + " leads to another site (" + url.host + ").");
  const inside = root.pathname + "papers/";
  if (!url.pathname.startsWith(inside)) {
    throw new Error(shown(text) + " leads outside this site's papers (to " + url.pathname + ").");
  }
  const name = url.pathname.slice(inside.length, -1);
  if (!url.pathname.endsWith("/") || !name || !isSegment(name) || url.search || url.hash) {
    throw new Error(shown(text) + " is not the address of a paper's page (papers/NAME/).");
  }
  return "papers/" + name + "/";
}

/* One path segment, also once decoded (a server may decode %2F, %5C or %2E%2E). */
function isSegment(name) {
  let decoded;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return false;
  }
  return !name.includes("/") && !/[/\\]/.test(decoded) && !/^\.+$/.test(decoded);
}
