// Records every layout shift of the page from its first paint (an init script, so it runs
// before the page's own scripts): window.__shifts holds each shift's score and what moved.
(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue; // a shift the reader caused is not counted
      const moved = entry.sources.map((source) => {
        const node = source.node;
        return node ? (node.className || node.nodeName) + ": " + (node.textContent || "").trim().slice(0, 40) : "?";
      });
      window.__shifts.push({ value: entry.value, moved });
    }
  }).observe({ type: "layout-shift", buffered: true });
})();
