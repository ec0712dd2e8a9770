/* Installed before any of the page's own scripts (an init script). Notes when the first key
   goes down anywhere in the page, when the result list first holds a result, and when it holds
   the answer to the whole query being typed: the box holds window.__coldQuery and a result
   links to window.__coldExpect, so an answer to a shorter prefix does not count. All on the
   page's own clock (performance.now()), so the test driver's latency is excluded. At the first
   result it calls window.__coldFirstShown, if the driver exposed one, to note what had been
   downloaded by then. */
(() => {
  const probe = window.__coldProbe = {down: null, first: null, full: null, empty: false};
  addEventListener('keydown', () => { if (probe.down === null) probe.down = performance.now(); },
                   {capture: true});
  const watch = () => {
    const input = document.querySelector('input[data-md-component=search-query]');
    const output = document.querySelector('.md-search-result');
    if (!input || !output) return;
    new MutationObserver((_, observer) => {
      if (probe.down === null) return;
      const items = output.querySelectorAll('.md-search-result__item').length;
      const meta = output.querySelector('.md-search-result__meta').textContent;
      if (!items && !/no matching/i.test(meta)) return;
      const now = performance.now();
      if (probe.first === null) {
        probe.first = now;
        if (window.__coldFirstShown) window.__coldFirstShown();  /* the driver's count */
      }
      const links = [...output.querySelectorAll('.md-search-result__item > a')];
      const expected = !window.__coldExpect || links.some(a => a.href.includes(window.__coldExpect));
      if (input.value === window.__coldQuery && expected) {
        probe.full = now; probe.empty = !items; observer.disconnect();
      }
    }).observe(output, {childList: true, subtree: true, characterData: true});
  };
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', watch);
  else watch();
})();
