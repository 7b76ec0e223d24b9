import { clampPage, pageAfterSizeChange, pageCount, pageSlice, paginationItems } from './paginationMath';

describe('paginationMath', () => {
  it('counts pages with at least one page for empty lists', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('clamps pages and slices rows', () => {
    expect(clampPage(5, 25, 10)).toBe(3);
    expect(clampPage(0, 25, 10)).toBe(1);
    expect(clampPage(Number.NaN, 25, 10)).toBe(1);
    expect(pageSlice(3, 10, 25)).toEqual({ start: 20, end: 25 });
    expect(pageSlice(9, 10, 25)).toEqual({ start: 20, end: 25 });
    expect(pageSlice(1, 10, 0)).toEqual({ start: 0, end: 0 });
  });

  it('keeps the first visible row on screen when the page size changes', () => {
    expect(pageAfterSizeChange(3, 10, 20)).toBe(2); // row 21 lives on page 2 of 20
    expect(pageAfterSizeChange(2, 50, 10)).toBe(6); // row 51 lives on page 6 of 10
    expect(pageAfterSizeChange(1, 100, 10)).toBe(1);
  });

  it('lists every page when there are few', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('adds ellipses around the current page', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(paginationItems(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20]);
  });

  it('keeps a constant number of items once ellipses appear', () => {
    for (let page = 1; page <= 50; page++) expect(paginationItems(page, 50)).toHaveLength(7);
    for (let page = 1; page <= 50; page++) expect(paginationItems(page, 50, 2)).toHaveLength(9);
  });
});
