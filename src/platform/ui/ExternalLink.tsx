import type { AnchorHTMLAttributes } from 'react';

/** A link to another site: always a new tab, never handing it our window. */
export function ExternalLink(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a target="_blank" rel="noopener noreferrer" {...props} />;
}
