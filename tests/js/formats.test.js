// The export formats (docs/javascripts/formats.js) cut from the site's files, and read back:
// what an export holds is what an import finds; what it cannot read is said plainly.
import assert from "node:assert/strict";
import { test } from "node:test";

import { paperAddress } from "../../docs/javascripts/addresses.js";
import { bibtex, csv, formatOf, json, readExport, ris } from "../../docs/javascripts/formats.js";

const ROOT = new URL("https://user.github.io/repo/");
const SITE = "https://user.github.io/repo/";
const BIB = [
  "@misc{paper-aaa111,\n  title = {{Sparse \\{Auto\\}encoders: 50\\% of \\$x\\$ \\& More}},\n"
    + "  abstract = {We propose {JSAE}, with @ signs and {nested {braces}}.},\n"
    + `  note = {Reading list: \\url{${SITE}papers/sparse-autoencoders/}},\n}\n`,
  "@inproceedings{smith2024,\n  title = \"Token {Level} Rewards\",\n  year = 2024,\n"
    + `  note = {Reading list: \\url{${SITE}papers/token-level-rewards/}},\n}\n`,
].join("\n");
const RIS = [
  "TY  - GEN", "ID  - paper-aaa111", "TI  - Sparse {Auto}encoders", "AB  - An abstract",
  `N1  - Reading list: ${SITE}papers/sparse-autoencoders/`, "ER  - ", "",
  "TY  - CONF", "ID  - smith2024", "TI  - Token Level Rewards",
  `N1  - Reading list: ${SITE}papers/token-level-rewards/`, "ER  - ", "",
].join("\r\n");
const CSV = "id,key,title,page,abstract\r\naaa111,paper-aaa111,\"Sparse, \"\"Auto\"\"\",${SITE}papers/sparse-autoencoders/,\"two\r\nlines\"\r\n"
  .replace("${SITE}", SITE);
const KEYS = new Map([["paper-aaa111", "aaa111"], ["smith2024", "bbb222"]]);
const address = (url) => paperAddress(url, ROOT);
const read = (text) => readExport(text, { keys: KEYS, address });

test("BibTeX and RIS exports are the site's records, picked by citation key", () => {
  assert.equal(bibtex(BIB, ["smith2024"]), BIB.split("\n@")[1].replace(/^/, "@"));
  assert.match(ris(RIS, ["smith2024", "paper-aaa111"]), /^TY {2}- CONF\r\nID {2}- smith2024[^]*ER {2}- \r\n\r\nTY {2}- GEN/);
  assert.equal(csv(CSV, ["nope"]), "id,key,title,page,abstract\r\n");
  assert.equal(csv(CSV, ["aaa111"]), CSV);
});

test("a BibTeX export reads back: ids by citation key, titles unescaped, addresses on this site", () => {
  const found = read(BIB);
  assert.equal(found.format, "BibTeX");
  assert.deepEqual(found.items, [
    { id: "aaa111", title: "Sparse {Auto}encoders: 50% of $x$ & More", url: "papers/sparse-autoencoders/" },
    { id: "bbb222", title: "Token Level Rewards", url: "papers/token-level-rewards/" },
  ]);
  assert.equal(found.skipped, 0);
});

test("RIS and CSV exports read back the same papers", () => {
  assert.deepEqual(read(RIS).items.map((item) => [item.id, item.url]),
    [["aaa111", "papers/sparse-autoencoders/"], ["bbb222", "papers/token-level-rewards/"]]);
  assert.deepEqual(read(CSV).items, [{ id: "aaa111", title: "Sparse, \"Auto\"", url: "papers/sparse-autoencoders/" }]);
});

test("a JSON export reads back with statuses; a record of another site is skipped and counted", () => {
  const site = JSON.stringify({ $schema: "s", schema_version: 1, site_url: SITE, papers: [{ id: "aaa111" }] });
  const list = [{ id: "aaa111", title: "T", url: "papers/sparse-autoencoders/", status: "read", added: 5 }];
  assert.deepEqual(read(json(site, ["aaa111"], list)).items, list);
  const other = BIB + "\n@article{jones2020,\n  title = {Elsewhere},\n}\n";
  assert.equal(read(other).skipped, 1);
});

test("what it cannot read is named, not a parser's error", () => {
  assert.throws(() => read("Title,Author\nx,y\n"), /not a file My list exports \(BibTeX, RIS, CSV or JSON\); it begins “Title,Author/);
  assert.throws(() => read(""), /it is empty/);
  assert.throws(() => read("{\"my_list\": [}"), /begins like JSON but is not valid JSON/);
  assert.throws(() => read("{\"papers\": []}"), /not an export of My list \(it has no my_list\)/);
  assert.throws(() => read("@article{jones2020,\n  title = {Elsewhere},\n}\n"), /this BibTeX file holds no paper of this site \(1 record/);
  const bad = JSON.stringify({ my_list: [{ id: "x", title: "t", status: "read", url: "papers/.\t./.\t./x/" }] });
  assert.throws(() => read(bad), /paper 1 of my_list has no valid address: "papers\/\.\\t\.\/\.\\t\.\/x\/" leads outside/);
});

test("formats are told apart by how a file begins", () => {
  assert.deepEqual([BIB, RIS, CSV, "\uFEFF {}", "% a comment\n@misc{a,", "hello"].map(formatOf),
    ["bibtex", "ris", "csv", "json", "bibtex", ""]);
});
