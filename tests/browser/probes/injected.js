/* What an injected payload would leave in the document, whether or not it ran: on*
   attributes, script-like URLs, active elements in the content, and scripts or head tags the
   theme does not write; then every element is hovered, to fire any handler that slipped by.
   The theme's own inline scripts are known by how they start; the paper's JSON-LD citation
   is a data block, allowed only as well-formed JSON. */
(() => {
  const theme = [/^__md_scope=/, /^var palette=/, /^var target=/,
    /* ours, whole (overrides/main.html): the notice on a page opened from disk */
    /^if \(location\.protocol === "file:"\) document\.currentScript\.previousElementSibling\.hidden = false;$/];
  const all = [...document.querySelectorAll('*')];
  const handlers = all.flatMap(el => [...el.attributes].filter(a => /^on/i.test(a.name))
                                      .map(a => el.tagName + ' ' + a.name));
  // The Cite box's downloads are data: URLs of a citation type (never HTML), the record
  // percent-encoded through and through, on links the browser saves rather than opens.
  const citation = /^data:application\/(x-bibtex|x-research-info-systems);charset=utf-8,[A-Za-z0-9%._~\/-]*$/;
  const download = (el, value) => el.tagName === 'A' && el.hasAttribute('download')
                                  && citation.test(value);
  const urls = all.flatMap(el => ['href', 'src', 'action', 'formaction', 'xlink:href']
      .map(name => el.getAttribute(name))
      .filter(value => value && /^\s*(javascript|data|vbscript):/i.test(value)
                       && !download(el, value)));
  const places = 'article.md-content__inner, .md-sidebar, .md-header__topic, .md-search-result';
  const active = 'script, iframe, frame, object, embed, style, link, meta, base, form';
  const elements = [...document.querySelectorAll(places)].flatMap(root =>
      [...root.querySelectorAll(active)].map(el => el.tagName));
  // Data blocks never run; the citation JSON-LD must still be one well-formed JSON object.
  const jsonLd = s => { try { return JSON.parse(s.text)['@type'] === 'ScholarlyArticle'; }
                        catch (error) { return false; } };
  const scripts = [...document.scripts].filter(s => !(s.src
      ? new URL(s.src).origin === location.origin
      : s.type === 'application/json' || (s.type === 'application/ld+json' && jsonLd(s))
        || theme.some(start => start.test(s.text.trim()))));
  elements.push(...scripts.map(s => 'unexpected script: ' + (s.src || s.text.slice(0, 60))));
  // The site's own policy is the first element of <head>; any other such tag is injected.
  const ownPolicy = document.head.firstElementChild;
  const headTags = [...document.querySelectorAll('base, meta[http-equiv]')]
    .filter(el => !(el === ownPolicy && el.httpEquiv === 'Content-Security-Policy'));
  elements.push(...headTags.map(el => el.outerHTML));
  for (const el of all) el.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
  return {pwned: window.__pwned ?? null, handlers, urls, elements};
})
