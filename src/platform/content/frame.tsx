import { createContext, useContext, type ReactNode } from 'react';
import type { Banner } from '~/platform/site-content/banner';
import type { SiteContacts } from '~/platform/site-content/contacts';
import { contactLinks, type ContactLinks } from '~/platform/site';

/**
 * The documents every page shows in its frame — the banner above it and the organisers'
 * contacts in its footer — reach the pages outside the loaders' data (decision 0044): in
 * one JSON block per page (`FrameDataScript`) and in marked parts of the markup
 * (`FramePart`). A publish of one of them renders one page and copies its parts into every
 * other stored page (platform/render/frame-splice.server.ts) instead of rendering them all.
 */
export interface FrameData {
  banner: Banner;
  contacts: SiteContacts;
}

/**
 * The content types the frame reads, by id (their definitions, with their schemas, stay out of
 * the browser: frame-data.server.ts): a page whose body reads none of them is spliced.
 */
export const FRAME_DOCUMENTS = { banner: 'banner', contacts: 'contacts' } as const satisfies Record<
  keyof FrameData,
  string
>;

/** The marked parts of a page: each drawn from the frame's data only. */
export type FramePartName = 'banner' | 'contacts' | 'data';

/** The empty elements around a part, as React writes them (the splice looks for these). */
export const frameMarker = (part: FramePartName, edge: 'start' | 'end') =>
  `<template data-frame="${part}-${edge}"></template>`;

/** On the server: the render's frame, and the documents its body used outside a part. */
interface ServerFrame {
  data: FrameData;
  usedInBody: Set<string>;
}

const ServerFrameContext = createContext<ServerFrame | null>(null);
const PartContext = createContext<FramePartName | null>(null);

/** Given by the document entry (src/entry.server.tsx) around every render. */
export function ServerFrameProvider({ frame, children }: { frame: ServerFrame; children: ReactNode }) {
  return <ServerFrameContext.Provider value={frame}>{children}</ServerFrameContext.Provider>;
}

const DATA_ATTRIBUTE = 'data-frame-data';
let fromDocument: FrameData | undefined;

/** In the browser: the frame the document was sent with, read once (pages keep it, as they keep their root data). */
function documentFrame(): FrameData {
  if (!fromDocument) {
    const json = document.querySelector(`script[${DATA_ATTRIBUTE}]`)?.textContent;
    if (!json) throw new Error('The page has no frame data (rendered without the root layout?)');
    fromDocument = JSON.parse(json) as FrameData;
  }
  return fromDocument;
}

/**
 * `value` (from the frame's `document`) for a component. On the server, outside the frame's
 * parts, its first property read notes that the page's body shows the document, so its
 * publish renders the page (decision 0044); a read only in an event handler (the forms'
 * e-mail fallback) happens in the browser and renders nothing on the server.
 */
function useFrameValue<T extends object>(document: keyof FrameData, value: (data: FrameData) => T): T {
  const server = useContext(ServerFrameContext);
  const part = useContext(PartContext);
  if (!server) return value(documentFrame());
  const result = value(server.data);
  if (part !== null) return result;
  return new Proxy(result, {
    get(target, key, receiver) {
      server.usedInBody.add(FRAME_DOCUMENTS[document]);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

export const useBanner = (): Banner => useFrameValue('banner', (data) => data.banner);

/** The organisers' contact details as links (mailto:, tel:, WhatsApp). */
export const useContacts = (): ContactLinks =>
  useFrameValue('contacts', (data) => contactLinks(data.contacts));

/**
 * A part of the page drawn from the frame's data alone, between two markers: the same on
 * every page (a test checks it), so a publish can copy it from one page into the others.
 */
export function FramePart({ name, children }: { name: FramePartName; children: ReactNode }) {
  return (
    <>
      <template data-frame={`${name}-start`} />
      <PartContext.Provider value={name}>{children}</PartContext.Provider>
      <template data-frame={`${name}-end`} />
    </>
  );
}

/** `</script>` or `<!--` in a text must not end the block: JSON's own escapes for < and >. */
const scriptSafeJson = (data: FrameData) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

/** The frame's data for the browser (every document has it, the admin area's too). */
export function FrameDataScript() {
  const server = useContext(ServerFrameContext);
  const data = server ? server.data : documentFrame();
  return (
    <FramePart name="data">
      <script
        type="application/json"
        {...{ [DATA_ATTRIBUTE]: '' }}
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }}
      />
    </FramePart>
  );
}
