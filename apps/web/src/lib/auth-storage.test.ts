import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_CHANGE_EVENT,
  forgetSignedIn,
  hasSignedInMarker,
  onAuthChange,
  readStoredUser,
  rememberSignedIn,
  USER_DATA_KEY,
} from './auth-storage.ts';

const user = { id: 'u1', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' };

afterEach(() => localStorage.clear());

describe('auth storage', () => {
  it('keeps a non-secret marker and the user record, never a token', () => {
    rememberSignedIn(user);
    expect(hasSignedInMarker()).toBe(true);
    expect(readStoredUser()).toEqual({ ...user, name: 'Ada Lovelace' });
    expect(Object.keys(localStorage)).not.toContain('auth_token');
  });

  it('clears the user record on sign-out (DESIGN §8)', () => {
    rememberSignedIn(user);
    forgetSignedIn();
    expect(hasSignedInMarker()).toBe(false);
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
  });

  it('announces changes with the authChange event, and hears other tabs through storage events', () => {
    const listener = vi.fn();
    const stop = onAuthChange(listener);
    rememberSignedIn(user);
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: USER_DATA_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something_else' }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
  });

  it('ignores a stored record that is not a user', () => {
    localStorage.setItem(USER_DATA_KEY, '{"hello":1}');
    expect(readStoredUser()).toBeNull();
  });
});
