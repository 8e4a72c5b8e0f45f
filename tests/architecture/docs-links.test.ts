import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 29: the README is short and links to the topic documents; every relative link in the
// README and docs/ leads to a file that exists and, with a #fragment, to a heading in it.

const FILES = ['README.md', ...globSync('docs/**/*.md')];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  const found = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const heading = /^#+ (.*)/.exec(line);
    if (heading) found.add(anchorOf(heading[1]!));
  }
  return found;
}

function links(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] ?? m[2])!)
    .filter((url) => !/^[a-z]+:/.test(url));
}

describe('the documentation', () => {
  it('keeps the README short', () => {
    expect(readFileSync('README.md', 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });

  it('has no broken relative link or anchor', () => {
    const broken: string[] = [];
    for (const file of FILES)
      for (const url of links(file)) {
        const [target = '', fragment] = url.split('#');
        const resolved = target ? path.normalize(path.join(path.dirname(file), target)) : file;
        if (!existsSync(resolved)) broken.push(`${file}: ${url}`);
        else if (fragment && resolved.endsWith('.md') && !anchors(resolved).has(fragment))
          broken.push(`${file}: ${url} (no such heading)`);
      }
    expect(links('README.md').length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });
});
