import { describe, expect, it } from 'vitest';
import {
  callingCodeOf,
  checkPhoneNumber,
  countryNameOf,
  phoneCountries,
  phoneNumberSchema,
  signUpRequestSchema,
} from './phone-requests.ts';

describe('the phone rule', () => {
  it('offers every country, each with its calling code and an English name', () => {
    expect(phoneCountries.length).toBeGreaterThan(240);
    expect(phoneCountries).toEqual(
      expect.arrayContaining(['US', 'GB', 'DE', 'FR', 'IR', 'IN', 'BR', 'JP', 'NG']),
    );
    expect(callingCodeOf('DE')).toBe('+49');
    expect(callingCodeOf('IN')).toBe('+91');
    expect(countryNameOf('DE')).toBe('Germany');
    expect(countryNameOf('JP')).toBe('Japan');
  });

  it.each([
    ['030 1234567', 'DE', '+49301234567'],
    ['(201) 555-0123', 'US', '+12015550123'],
    ['07400 123456', 'GB', '+447400123456'],
    ['01 23 45 67 89', 'FR', '+33123456789'],
    ['98765 43210', 'IN', '+919876543210'],
    ['090-1234-5678', 'JP', '+819012345678'],
    ['11 91234-5678', 'BR', '+5511912345678'],
    ['0912 345 6789', 'IR', '+989123456789'],
  ] as const)('reads %s as dialled in %s and gives it in E.164', (text, country, e164) => {
    expect(checkPhoneNumber(text, country)).toEqual({ ok: true, e164 });
  });

  it('reads a number typed with + by its own calling code, whatever country is chosen', () => {
    expect(checkPhoneNumber('+49 30 1234567', 'US')).toEqual({ ok: true, e164: '+49301234567' });
    expect(checkPhoneNumber('+44 20 7946 0958')).toEqual({ ok: true, e164: '+442079460958' });
  });

  it.each([
    ['', 'DE', 'Enter your phone number.'],
    ['   ', 'DE', 'Enter your phone number.'],
    ['call me', 'DE', 'Use digits only, with spaces or dashes if you like.'],
    ['030 12x4567', 'DE', 'Use digits only, with spaces or dashes if you like.'],
    ['12', 'DE', 'That phone number is too short for Germany.'],
    ['555 0123', 'US', 'That phone number is too short for United States.'],
    ['201 555 0123 4567', 'US', 'That phone number is too long for United States.'],
    ['0912 345 67', 'IR', 'That is not a valid phone number for Iran.'],
    ['+999 1234 5678', 'DE', 'No country has the calling code of this number. Check the digits after the +.'],
  ] as const)('refuses %j for %s: %s', (text, country, message) => {
    expect(checkPhoneNumber(text, country)).toEqual({ ok: false, message });
  });

  it('refuses a number without its country code when no country is chosen', () => {
    expect(checkPhoneNumber('030 1234567')).toEqual({
      ok: false,
      message: 'Enter the phone number with its country code, e.g. +1 201 555 0123.',
    });
  });
});

describe('phoneNumberSchema (what the server takes)', () => {
  it('stores a valid international number in E.164', () => {
    expect(phoneNumberSchema.parse(' +33 1 23 45 67 89 ')).toBe('+33123456789');
    expect(phoneNumberSchema.parse('+12015550123')).toBe('+12015550123');
  });

  it.each(['5550100', '030 1234567', '+49 12', '+1 (201) 555-0123-999', '+999 1234 5678', 'abc', ''])(
    'refuses %j with one clear message',
    (value) => {
      const result = phoneNumberSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toHaveLength(1);
      expect(result.error?.issues[0]?.message).toMatch(/phone number|calling code|digits/);
    },
  );

  it('is the phone of the sign-up request', () => {
    const body = {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'a long enough password',
    };
    expect(signUpRequestSchema.parse({ ...body, phoneNumber: '+49 30 1234567' }).phoneNumber).toBe(
      '+49301234567',
    );
    expect(signUpRequestSchema.safeParse({ ...body, phoneNumber: '0301234567' }).success).toBe(false);
  });
});
