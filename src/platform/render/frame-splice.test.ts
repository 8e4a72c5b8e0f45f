import { describe, expect, it } from 'vitest';
import { frameMarker, type FramePartName } from '~/platform/content/frame';
import { frameParts, spliceFrame } from './frame-splice.server';

const part = (name: FramePartName, inner: string) =>
  `${frameMarker(name, 'start')}${inner}${frameMarker(name, 'end')}`;

const page = (banner: string, contacts: string, data: string, body = '<main>body</main>') =>
  `<html><body>${part('banner', banner)}<header>h</header>${body}<footer>${part('contacts', contacts)}</footer>${part('data', data)}<script>x</script></body></html>`;

describe("the frame's parts copied from one page into another (decision 0044)", () => {
  it("puts the reference's parts in place of the page's, leaving the rest as it was", () => {
    const reference = frameParts(
      page('<aside>new</aside>', '<a>new@</a>', '{"new":1}', '<main>home</main>'),
    )!;
    const spliced = spliceFrame(
      page('<aside>old</aside>', '<a>old@</a>', '{"old":1}', '<main>faq</main>'),
      reference,
    );
    expect(spliced).toBe(page('<aside>new</aside>', '<a>new@</a>', '{"new":1}', '<main>faq</main>'));
    // A banner turned off: its part is empty, the markers stay.
    const off = frameParts(page('', '<a>x</a>', '{}'))!;
    expect(spliceFrame(spliced!, off)).toBe(page('', '<a>x</a>', '{}', '<main>faq</main>'));
  });

  it('splices a page that has only some of the parts (the admin area: the data alone)', () => {
    const reference = frameParts(page('b', 'c', '{"d":2}'))!;
    const admin = `<html><body><div id="admin"></div>${part('data', '{"d":1}')}</body></html>`;
    expect(spliceFrame(admin, reference)).toBe(
      `<html><body><div id="admin"></div>${part('data', '{"d":2}')}</body></html>`,
    );
  });

  it('refuses pages whose markers are amiss, so they are rendered instead', () => {
    const reference = frameParts(page('b', 'c', 'd'))!;
    const noEnd = page('b', 'c', 'd').replace(frameMarker('banner', 'end'), '');
    const twice = page('b', 'c', 'd') + part('banner', 'again');
    const endOnly = page('b', 'c', 'd').replace(frameMarker('contacts', 'start'), '');
    for (const broken of [noEnd, twice, endOnly]) {
      expect(frameParts(broken)).toBeUndefined();
      expect(spliceFrame(broken, reference)).toBeUndefined();
    }
    // No parts at all (not a page of this site), or a part the reference lacks.
    expect(spliceFrame('<html><body>plain</body></html>', reference)).toBeUndefined();
    const withoutBanner = frameParts(`<body>${part('contacts', 'c')}${part('data', 'd')}</body>`)!;
    expect(spliceFrame(page('b', 'c', 'd'), withoutBanner)).toBeUndefined();
  });
});
