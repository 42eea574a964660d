import { describe, expect, it } from 'vitest';
import { ACCOUNT_TOASTS, displayName } from './accounts';

describe('the greetings of 000 §2 and §8', () => {
  it('welcomes a new user by first name, with the product named (D1)', () => {
    expect(ACCOUNT_TOASTS.registrationWelcome('Grace')).toBe('Welcome to Garage Ledger, Grace!');
  });

  it('calls a user by first name, else by username', () => {
    expect(displayName({ firstName: 'Grace', username: 'ghopper' })).toBe('Grace');
    expect(displayName({ firstName: '  ', username: 'ghopper' })).toBe('ghopper');
    expect(displayName({ firstName: null, username: 'ghopper' })).toBe('ghopper');
  });
});
