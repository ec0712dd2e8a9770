// A paper's address is checked as the browser follows it (docs/javascripts/addresses.js):
// parsed against the site's root, kept only inside the site's papers, stored as parsed.
import assert from "node:assert/strict";
import { test } from "node:test";

import { paperAddress } from "../../docs/javascripts/addresses.js";

const ROOT = new URL("https://user.github.io/repo/");

test("a paper's page is kept, in the form the browser follows", () => {
  for (const [given, kept] of [
    ["papers/a-paper/", "papers/a-paper/"],
    ["papers/a/../b/", "papers/b/"],
    ["./papers/b/", "papers/b/"],
    ["/repo/papers/b/", "papers/b/"],
    ["https://user.github.io/repo/papers/b/", "papers/b/"],
    ["papers/caf\u00e9/", "papers/caf%C3%A9/"],
    ["pap\ters/b/", "papers/b/"],
  ]) assert.equal(paperAddress(given, ROOT), kept, JSON.stringify(given));
});

test("an address the browser would follow out of the site's papers is refused, and says why", () => {
  for (const [given, why] of [
    ["papers/.\t./.\t./x", /leads outside this site's papers \(to \/x\)/],
    ["papers/.\n./.\n./x/", /leads outside/],
    ["papers/.\r./.\r./x/", /leads outside/],
    ["papers\\..\\..\\x/", /leads outside/],
    ["papers/%2e%2e/%2E%2e/x/", /leads outside/],
    ["papers/.%2e/", /leads outside/],
    ["papers/..%2fx/", /not the address of a paper's page/],
    ["papers/..%5cx/", /not the address of a paper's page/],
    ["//evil.example/repo/papers/x/", /leads to another site \(evil\.example\)/],
    ["\\\\evil.example/repo/papers/x/", /leads to another site/],
    ["https://user.github.io/other/papers/x/", /leads outside this site's papers \(to \/other\/papers\/x\/\)/],
    ["javascript:alert(1)", /is a javascript: address, not a page of this site/],
    ["java\tscript:alert(1)", /javascript: address/],
    ["data:text/html,x", /data: address/],
    ["http://user.github.io/repo/papers/x/", /http: address/],
    ["papers/", /not the address of a paper's page/],
    ["papers/x", /not the address of a paper's page/],
    ["papers/x/y/", /not the address of a paper's page/],
    ["papers/x/?q=1", /not the address of a paper's page/],
    ["papers/x/#top", /not the address of a paper's page/],
    ["http://[bad", /is not an address/],
  ]) assert.throws(() => paperAddress(given, ROOT), why, JSON.stringify(given));
  assert.throws(() => paperAddress(42, ROOT), /it is not text/);
});
