import { describe, expect, it, vi } from 'vitest';
import { listFailed, listQueryState } from './list-error';

const query = (over: Partial<Parameters<typeof listQueryState>[0]> = {}) => ({
  isError: false,
  data: undefined as unknown,
  dataUpdatedAt: 0,
  isFetching: false,
  refetch: vi.fn(),
  ...over,
});

describe('listQueryState / listFailed', () => {
  it('a failed first fetch (no data) is an error state, never an empty list', () => {
    const state = listQueryState(query({ isError: true }));
    expect(state).toMatchObject({ failed: true, updatedAt: undefined });
    expect(listFailed(state)).toBe(true);
  });

  it('a failed refetch keeps the data it had, with when it was fetched', () => {
    const state = listQueryState(query({ isError: true, data: { items: [] }, dataUpdatedAt: 1234 }));
    expect(state).toMatchObject({ failed: true, updatedAt: 1234 });
    expect(listFailed(state)).toBe(false);
  });

  it('a fresh list is neither failed nor stale', () => {
    const state = listQueryState(query({ data: { items: [] }, dataUpdatedAt: 99 }));
    expect(state.failed).toBe(false);
    expect(listFailed(state)).toBe(false);
  });

  it('retry refetches the query', () => {
    const q = query({ isError: true });
    listQueryState(q).onRetry();
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });
});
