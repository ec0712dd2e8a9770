/* readinglist: the entry module, the one page script every page loads (with search.js). On
   each page Material shows, at first and after each instant navigation (its document$), it
   imports what the page uses and nothing else: "Add to my list" where the page holds a paper
   mark (marks.js: a paper page loads only that, and copy.js once its Cite box is opened),
   the browse controller on browse/, the map on map/, the my-list page on my-list/. It answers the one history handler (history.js, which sees Back
   and Forward before Material does): within browse/, map/ or my-list/, where only the query
   changed, the page's controller redraws the state instead of instant navigation fetching
   the page again. */

let controller = null; /* the facet controller of the page shown, if it has one */
let shown = 0; /* pages shown: a page's late import does not start on the next one */

/* Asked by history.js on each Back or Forward: cancelled when the page redrew itself. */
document.addEventListener("readinglist:history", (event) => {
  if (controller && controller.back()) event.preventDefault();
});

function started(visit) {
  return (found) => {
    if (visit === shown) controller = found;
  };
}

/* The Cite box's copy buttons work once the box is first opened: a page read without citing
   it loads no more than it did. */
function openCite(event) {
  const cite = event.currentTarget;
  if (!cite.open) return;
  cite.removeEventListener("toggle", openCite);
  import("./copy.js").then((copy) => copy.startCopying(cite));
}

function onPage() {
  const visit = ++shown;
  controller = null;
  if (document.querySelector(".rl-mine[data-rl-paper]")) {
    import("./marks.js").then((marks) => marks.drawMarks());
  }
  const cite = document.querySelector("details.rl-cite");
  if (cite) cite.addEventListener("toggle", openCite);
  const browse = document.getElementById("rl-browse");
  if (browse) import("./browse.js").then((page) => page.start(browse)).then(started(visit));
  const map = document.getElementById("rl-map");
  if (map) import("./map.js").then((page) => page.start(map)).then(started(visit));
  const mine = document.querySelector(".rl-mylist[data-rl-ids]");
  if (mine) import("./mylist-page.js").then((page) => started(visit)(page.start(mine)));
}

/* A reader who heads for browse/ from another page (a topic's "Browse and filter these
   papers"): its code and index are asked for at once, while instant navigation fetches the
   page. */
const BROWSE = new URL("../browse/", import.meta.url).pathname;
function headingForBrowse(event) {
  const link = event.target.closest && event.target.closest("a[href]");
  if (link && new URL(link.href, location.href).pathname === BROWSE) {
    import("./browse.js").then((browse) => browse.prefetch()).catch(() => {});
  }
}
document.addEventListener("pointerdown", headingForBrowse, true);
document.addEventListener("click", headingForBrowse, true);

if (typeof document$ !== "undefined" && typeof document$.subscribe === "function") {
  document$.subscribe(onPage);
} else {
  onPage(); /* a module runs once the document is parsed */
}
