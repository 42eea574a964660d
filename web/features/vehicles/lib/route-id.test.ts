import { describe, expect, it } from 'vitest';
import { parseRouteId } from './route-id';

describe('parseRouteId', () => {
  it('reads a numeric id', () => {
    expect(parseRouteId('42')).toBe(42);
    expect(parseRouteId('007')).toBe(7);
  });

  it('refuses what is not a vehicle id', () => {
    for (const segment of [
      undefined,
      '',
      'abc',
      '12a',
      '1.5',
      '-3',
      '0',
      '1e3',
      ' 4',
      '99999999999',
    ]) {
      expect(parseRouteId(segment), String(segment)).toBeNull();
    }
  });
});

describe('parseRouteId and the contract', () => {
  it('takes the ids idSchema takes, up to the largest one', async () => {
    const { ID_MAX } = await import('@contract/common');
    expect(parseRouteId(String(ID_MAX))).toBe(ID_MAX);
    expect(parseRouteId(String(ID_MAX + 1))).toBeNull();
  });
});
