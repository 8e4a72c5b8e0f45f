import { describe, expect, it } from 'vitest';
import { parseRichText, richTextProblem } from '~/platform/content/rich-text-loader';
import { JOINED_WORDS, STACK_OVERFLOWING_TEXTS } from '@tests/helpers/long-texts';

// From src/platform/content/rich-text.test.tsx (decision 0054): what overflowed the parser's
// stack is refused at once, and a long run of words joined by underscores (marked 18's e-mail
// autolink made it quadratic: 0.25–0.45 s) is read as fast as ordinary text.

describe('formatted text timing', () => {
  it('what overflowed the parser’s stack is refused and drawn within a second', () => {
    for (const markdown of STACK_OVERFLOWING_TEXTS) {
      const started = performance.now();
      richTextProblem(markdown);
      parseRichText(markdown);
      const ms = performance.now() - started;
      console.info(`refused and drawn in ${ms.toFixed(1)} ms: ${JSON.stringify(markdown.slice(0, 12))}…`);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('reads a long run of words joined by underscores as fast as ordinary text', () => {
    // The fastest of five: a pause of the machine's lengthens one run; the slow parse showed in every run.
    const time = (markdown: string) => {
      parseRichText(markdown);
      let fastest = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        parseRichText(markdown);
        fastest = Math.min(fastest, performance.now() - started);
      }
      return fastest;
    };
    const ordinary = 'Lorem ipsum dolor sit amet, **consectetur** adipiscing _elit_. '
      .repeat(320)
      .slice(0, 20_000);
    const joined = JOINED_WORDS;
    const [joinedMs, ordinaryMs] = [time(joined), time(ordinary)];
    console.info(
      `20,000 characters: joined by underscores ${joinedMs.toFixed(1)} ms, ordinary ${ordinaryMs.toFixed(1)} ms`,
    );
    expect(joinedMs).toBeLessThan(5 * ordinaryMs + 10);
  });
});
