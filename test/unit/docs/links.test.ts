/**
 * The README and the manual in docs/ link to each other and to pictures: every relative link
 * points at a file that exists and, with `#anchor`, at a heading of that file as GitHub names
 * it (github-slugger, the slugs GitHub and most forges give headings).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks. */
const unfenced = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');
/** The text outside code (fenced blocks and inline), where links are links. */
const prose = (markdown: string) => unfenced(markdown).replace(/`[^`\n]*`/g, '');

/** The anchors of a file's headings, as GitHub makes them (duplicates get -1, -2…). */
function anchors(path: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  for (const line of unfenced(readFileSync(path, 'utf8')).split('\n')) {
    const heading = /^#{1,6} (.+?)\s*#*$/.exec(line);
    if (heading) found.add(slugger.slug(heading[1] as string));
  }
  return found;
}

/** Relative link targets in a file: `[text](target)` and `![alt](target)`. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe.each(FILES)('%s', (file) => {
  const path = join(ROOT, file);
  it('has only links that reach a file and a heading', () => {
    const broken: string[] = [];
    for (const target of relativeLinks(readFileSync(path, 'utf8'))) {
      const [pathPart, anchor] = target.split('#') as [string, string | undefined];
      const destination = pathPart === '' ? path : resolve(dirname(path), decodeURIComponent(pathPart));
      if (!existsSync(destination)) broken.push(`${target}: no such file`);
      else if (anchor !== undefined && destination.endsWith('.md') && !anchors(destination).has(anchor))
        broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the link check itself', () => {
  it('finds relative links and ignores web addresses and code', () => {
    expect(
      relativeLinks(
        '[a](docs/x.md#y) ![b](images/p.png) [c](https://e.com) `[d](no.md)`\n```\n[e](no.md)\n```',
      ),
    ).toEqual(['docs/x.md#y', 'images/p.png']);
  });
});
