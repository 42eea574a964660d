import { describe, expect, it } from 'vitest';
import { entryKindOf, logLabelFor } from './entry-kinds';

describe('a fill-up or a charge on screen (decision 050)', () => {
  it('says Log charge only for a vehicle that is charged alone', () => {
    expect(logLabelFor(['electricity'])).toBe('Log charge');
    expect(logLabelFor(['gasoline'])).toBe('Log fuel');
    // A plug-in hybrid still goes to the pump.
    expect(logLabelFor(['gasoline', 'electricity'])).toBe('Log fuel');
    expect(logLabelFor([])).toBe('Log fuel');
  });

  it('words the full switch for the energy', () => {
    expect(entryKindOf('diesel').fullLabel).toBe('Filled to full');
    expect(entryKindOf('electricity').fullLabel).toBe('Charged to my usual level');
    expect(entryKindOf('adblue').name).toBe('Fill-up');
  });
});
