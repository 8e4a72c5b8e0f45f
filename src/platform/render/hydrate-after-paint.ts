/**
 * Makes a page's JavaScript wait until the page has shown itself (decision 0021).
 *
 * React Router's `<Scripts>` writes a `modulepreload` link for every chunk of the page (React
 * hoists them into the head, ahead of the stylesheet) and one inline module script whose
 * static imports load the routes and start hydration. On a slow connection those ~150 KB
 * of scripts share the line with the stylesheet, the fonts and the LCP photo, so the first
 * paint waited for JavaScript it does not need: the prerendered HTML is the page.
 *
 * This rewrites that output of the document (nothing else): the preload links are dropped,
 * and the module script first waits for the window's `load` (stylesheet, fonts, photos in
 * view; at most `HYDRATE_WAIT_MS` after the HTML was parsed, so one stalled photo cannot hold
 * the page back), then a painted frame, then preloads every chunk at once (no waterfall) and
 * imports the routes as before. The rewritten script is still one inline script: the page's
 * CSP hash is computed from the final HTML (platform/http/static-files.server.ts).
 */

/** The longest hydration waits for `load` once the HTML is parsed. */
const HYDRATE_WAIT_MS = 3000;

const PRELOAD_LINK = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /(<script type="module" async="">)([\s\S]*?)(<\/script>)/;
/** `import "x";` and `import * as name from "x";`: the static imports React Router writes. */
const STATIC_IMPORT = /\bimport\s+(?:\*\s+as\s+([\w$]+)\s+from\s*)?("[^"]+")\s*;?/g;

export function hydrateAfterPaint(html: string): string {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return html; // a page without scripts (the draft preview)
  const preloads = [...html.matchAll(PRELOAD_LINK)]
    .map((link) => /href="([^"]+)"/.exec(link[0])?.[1])
    .filter((href): href is string => href !== undefined);

  const imports: Array<{ name: string; from: string }> = [];
  const rest = module[2]!.replace(STATIC_IMPORT, (_, name: string | undefined, from: string) => {
    imports.push({ name: name ?? '', from });
    return '';
  });
  const script =
    // The window's load, at most HYDRATE_WAIT_MS away…
    `await Promise.race([new Promise(r=>document.readyState==="complete"?r():addEventListener("load",r,{once:true})),` +
    `new Promise(r=>setTimeout(r,${HYDRATE_WAIT_MS}))]);` +
    // …the first contentful paint, where the browser reports it…
    `if(PerformanceObserver.supportedEntryTypes?.includes("paint"))await new Promise(r=>{` +
    `const o=new PerformanceObserver(l=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();r()}});` +
    `o.observe({type:"paint",buffered:true});setTimeout(r,${HYDRATE_WAIT_MS})});` +
    // …and two more frames, in which what loaded with the page (the LCP photo) is painted.
    `for(let i=0;i<2;i++)await new Promise(r=>requestAnimationFrame(()=>setTimeout(r)));` +
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}` +
    `const [${imports.map((i) => i.name).join(',')}]=await Promise.all([${imports.map((i) => `import(${i.from})`).join(',')}]);` +
    rest;
  return html
    .replace(PRELOAD_LINK, '')
    .replace(MODULE_SCRIPT, (_, open: string, __, close: string) => open + script + close);
}
