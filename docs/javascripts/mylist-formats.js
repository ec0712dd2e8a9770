/* readinglist: the reader's list as BibTeX, RIS, CSV and JSON, taken from the site's own files.

   Each paper's record is the site's record, cut out of papers.bib, papers.ris, papers.csv or
   papers.json as the site wrote it, so an export never differs from the site's files and no
   escaping is done twice. BibTeX and RIS records are found by their citation key (the
   my-list/ids.txt file gives each paper's), CSV rows and JSON records by the paper's id.
   Pure functions of text: window.readinglistFormats. */
(function () {
  "use strict";

  /* papers.bib: records joined by a blank line; a record starts with "@" at a line start
     (field values are one line each, indented, so no other line starts with "@"). */
  function bibtex(text, keys) {
    var records = {};
    text.split(/\n(?=@)/).forEach(function (record) {
      var key = /^@[A-Za-z]+\{([^,\s]*),/.exec(record);
      if (key) records[key[1]] = record.replace(/\n+$/, "\n");
    });
    return pick(records, keys).join("\n");
  }

  /* papers.ris: CRLF lines, each record ending with "ER  - ", records joined by a CRLF. */
  function ris(text, keys) {
    var records = {}, lines = [], key = "";
    text.split("\r\n").forEach(function (line) {
      if (!lines.length && !line) return;
      lines.push(line);
      if (line.indexOf("ID  - ") === 0) key = line.slice(6);
      if (line === "ER  - ") {
        records[key] = lines.join("\r\n") + "\r\n";
        lines = [];
        key = "";
      }
    });
    return pick(records, keys).join("\r\n");
  }

  /* papers.csv: RFC 4180 rows (CRLF; a quoted cell may hold commas, quotes and line
     breaks). Rows are kept as the site wrote them, found by their "id" cell. */
  function csv(text, ids) {
    var rows = csvRows(text);
    if (!rows.length) return "";
    var column = rows[0].cells.indexOf("id"), records = {};
    rows.slice(1).forEach(function (row) { records[row.cells[column]] = row.text; });
    return rows[0].text + pick(records, ids).join("");
  }

  function csvRows(text) {
    var rows = [], cells = [], cell = "", quoted = false, start = 0;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
        else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ",") { cells.push(cell); cell = ""; }
      else if (c === "\r" && text[i + 1] === "\n") {
        cells.push(cell);
        rows.push({ cells: cells, text: text.slice(start, i + 2) });
        cells = []; cell = ""; i++; start = i + 1;
      } else cell += c;
    }
    return rows;
  }

  /* papers.json: the site's document, its papers only those of the list, in the list's
     order, and the list itself (`my_list`), which is what an import reads back. */
  function json(text, ids, entries) {
    var site = JSON.parse(text), byId = {};
    site.papers.forEach(function (paper) { byId[paper.id] = paper; });
    var document = {
      $schema: site.$schema, schema_version: site.schema_version, site_url: site.site_url,
      papers: pick(byId, ids), my_list: entries,
    };
    return JSON.stringify(document, null, 1) + "\n";
  }

  function pick(records, keys) {
    return keys.filter(function (key) {
      return Object.prototype.hasOwnProperty.call(records, key);
    }).map(function (key) { return records[key]; });
  }

  window.readinglistFormats = { bibtex: bibtex, ris: ris, csv: csv, json: json };
})();
