import { frameMarker, type FramePartName } from '~/platform/content/frame';

const PARTS: readonly FramePartName[] = ['banner', 'contacts', 'data'];

/** Where each of the frame's parts is in a page (markers included); undefined if a marker is amiss. */
function partsIn(html: string): Map<FramePartName, { start: number; end: number }> | undefined {
  const parts = new Map<FramePartName, { start: number; end: number }>();
  for (const part of PARTS) {
    const open = frameMarker(part, 'start');
    const close = frameMarker(part, 'end');
    const start = html.indexOf(open);
    if (start === -1) {
      if (html.includes(close)) return undefined;
      continue;
    }
    const end = html.indexOf(close, start);
    // One of each, in order: anything else is not a page this code wrote.
    if (end === -1 || html.indexOf(open, start + 1) !== -1 || html.indexOf(close, end + 1) !== -1)
      return undefined;
    parts.set(part, { start, end: end + close.length });
  }
  return parts;
}

/** The markup of each of the frame's parts in a freshly rendered page (the publish's reference). */
export type FrameParts = ReadonlyMap<FramePartName, string>;

export function frameParts(html: string): FrameParts | undefined {
  const parts = partsIn(html);
  if (!parts) return undefined;
  return new Map([...parts].map(([part, { start, end }]) => [part, html.slice(start, end)]));
}

/**
 * `html` (a stored page) with each of its frame parts replaced by the reference page's
 * (decision 0044); undefined when the reference lacks one of them (the page is then rendered).
 */
export function spliceFrame(html: string, reference: FrameParts): string | undefined {
  const parts = partsIn(html);
  if (!parts || parts.size === 0) return undefined;
  const inOrder = [...parts].sort(([, a], [, b]) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const [part, { start, end }] of inOrder) {
    const replacement = reference.get(part);
    if (replacement === undefined || start < at) return undefined;
    out += html.slice(at, start) + replacement;
    at = end;
  }
  return out + html.slice(at);
}
