import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { Translate } from './translator';

/**
 * A pack text with links in it: `"Read the <rules>rules</rules>."` with
 * `components={{ rules: <a href="…" /> }}` puts "rules" inside that element. Only this form
 * (named tags, not nested, no attributes) is read; any other text stays as written.
 */
export function Trans({
  t,
  i18nKey,
  components,
}: {
  t: Translate;
  i18nKey: string;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const parts = t(i18nKey).split(/<(\w+)>(.*?)<\/\1>/);
  // split with two groups: text, tag name, inner text, text, …
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) nodes.push(parts[i]);
    const name = parts[i + 1];
    if (name === undefined) continue;
    const component = components[name];
    nodes.push(
      component ? cloneElement(component, { key: i }, parts[i + 2]) : `<${name}>${parts[i + 2]}</${name}>`,
    );
  }
  return <Fragment>{nodes}</Fragment>;
}
