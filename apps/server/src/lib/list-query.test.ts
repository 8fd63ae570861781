import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { pageOfList, pageWindow, toPaged } from './list-query';

describe('list helpers', () => {
  it('turns a 1-based page into limit and offset', () => {
    expect(pageWindow({ page: 1, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 25 })).toEqual({ limit: 25, offset: 50 });
  });

  it('answers page 1 of an empty list, and PAGE_OUT_OF_RANGE past the last page', () => {
    expect(toPaged({ page: 1, pageSize: 10 }, 0, [])).toEqual({ items: [], page: 1, pageSize: 10, total: 0 });
    expect(() => toPaged({ page: 2, pageSize: 10 }, 10, [])).toThrow(AppError);
    try {
      toPaged({ page: 2, pageSize: 10 }, 10, []);
    } catch (error) {
      expect((error as AppError).code).toBe('PAGE_OUT_OF_RANGE');
    }
  });

  it('pages a list in memory the same way', () => {
    const all = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOfList(all, { page: 3, pageSize: 10 })).toEqual({
      items: [20, 21, 22, 23, 24],
      page: 3,
      pageSize: 10,
      total: 25,
    });
    expect(() => pageOfList(all, { page: 4, pageSize: 10 })).toThrow(AppError);
  });
});
