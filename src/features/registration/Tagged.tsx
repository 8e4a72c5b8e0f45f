import { Fragment, type ReactElement, cloneElement } from 'react';

/**
 * A text with marked parts, like "Read the <rules>campsite rules</rules>": each marked part
 * is rendered inside the element given for its tag (a link…), the rest as plain text. For
 * texts the organisers edit, where a translation library's markup is not at hand.
 */
export function Tagged({
  text,
  tags,
}: {
  text: string;
  tags: Record<string, ReactElement<{ children?: unknown }>>;
}) {
  const parts = text.split(/(<\w+>[^<]*<\/\w+>)/g);
  return (
    <>
      {parts.map((part, index) => {
        const match = /^<(\w+)>([^<]*)<\/\1>$/.exec(part);
        const element = match ? tags[match[1]!] : undefined;
        return element && match ? (
          cloneElement(element, { key: index, children: match[2] })
        ) : (
          <Fragment key={index}>{part}</Fragment>
        );
      })}
    </>
  );
}
