import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClasses } from '~/platform/ui/Button';

// `asChild` draws the child (a link) as a button without Radix Slot (decision 0046): the
// markup must stay what Slot made, the child's element with the button's classes first.
describe('Button', () => {
  it('is a button of type "button" unless told otherwise', () => {
    expect(renderToStaticMarkup(<Button>Go</Button>)).toBe(
      `<button class="${buttonClasses('primary', 'md')}" type="button">Go</button>`,
    );
    expect(renderToStaticMarkup(<Button type="submit">Send</Button>)).toContain('type="submit"');
  });

  it('with asChild draws its child element with the button classes joined to its own', () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="outline" size="sm" className="mt-4">
        <a href="/istorija" className="w-full">
          History
        </a>
      </Button>,
    );
    expect(html).toBe(
      `<a href="/istorija" class="${buttonClasses('outline', 'sm')} mt-4 w-full">History</a>`,
    );
  });

  it('with asChild adds no button attributes to the child', () => {
    const html = renderToStaticMarkup(
      <Button asChild>
        <a href="#contact">Contact</a>
      </Button>,
    );
    expect(html).not.toContain('type=');
    expect(html).toMatch(/^<a href="#contact" class="[^"]+">Contact<\/a>$/);
  });
});
