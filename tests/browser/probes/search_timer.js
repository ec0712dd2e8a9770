/* Armed before the last keystroke: notes when that key goes down and when the result list
   next holds a result (or says there is none), so the timing excludes the test driver. */
(() => {
  const input = document.querySelector('input[data-md-component=search-query]');
  const output = document.querySelector('.md-search-result');
  const probe = window.__searchProbe = {down: null, done: null, empty: false};
  input.addEventListener('keydown', () => { probe.down = performance.now(); },
                         {capture: true, once: true});
  new MutationObserver((_, observer) => {
    if (probe.down === null) return;
    const items = output.querySelectorAll('.md-search-result__item').length;
    const meta = output.querySelector('.md-search-result__meta').textContent;
    if (items || /no matching/i.test(meta)) {
      probe.done = performance.now(); probe.empty = !items; observer.disconnect();
    }
  }).observe(output, {childList: true, subtree: true, characterData: true});
})
