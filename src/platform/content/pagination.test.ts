import { describe, expect, it } from 'vitest';
import { pageNumbers } from './Pagination';

describe('the page numbers a list shows', () => {
  it('shows the first, the last and the neighbours of the current page, a gap as null', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 24)).toEqual([1, 2, null, 24]);
    expect(pageNumbers(12, 24)).toEqual([1, null, 11, 12, 13, null, 24]);
    // A gap of one page shows the page itself.
    expect(pageNumbers(4, 24)).toEqual([1, 2, 3, 4, 5, null, 24]);
    expect(pageNumbers(24, 24)).toEqual([1, null, 23, 24]);
    // A phone's row: no neighbours.
    expect(pageNumbers(12, 24, 0)).toEqual([1, null, 12, null, 24]);
    expect(pageNumbers(3, 30, 0)).toEqual([1, 2, 3, null, 30]);
  });
});
