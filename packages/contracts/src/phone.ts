import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/min';
import { z } from 'zod';
import { singleLineText } from './text.ts';

/*
 * The one phone rule, for the sign-up forms and the server alike (libphonenumber-js with its
 * "min" metadata: every country's calling code, national prefix and number lengths). A number is
 * stored in E.164: "+", the calling code and the national number, digits only ("+4930123456").
 * With "min" metadata a number is valid when its length fits its country; the digits' ranges are
 * not checked (they change as ranges are assigned, and would need 65 kB more).
 */

export type PhoneCountry = CountryCode;

/** Every country or territory with a calling code, as ISO 3166 codes ("DE", "US", ...). */
export const phoneCountries: readonly PhoneCountry[] = getCountries();

/** Spec §5: the sign-up form starts on +1 (US). */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'US';

export const phoneCountrySchema = z.enum(phoneCountries as [PhoneCountry, ...PhoneCountry[]], {
  error: 'Choose the country of your phone number.',
});

/** "+49" for "DE". */
export const callingCodeOf = (country: PhoneCountry): string => `+${getCountryCallingCode(country)}`;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Germany" for "DE" (English, as every other text of the product). */
export const countryNameOf = (country: PhoneCountry): string => regionNames.of(country) ?? country;

export const PHONE_EXAMPLE = '+1 201 555 0123';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

/** What people type into a phone field: digits with spaces, dots, dashes, slashes or brackets. */
const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/;

/**
 * Checks a phone number and gives it in E.164. With `country`, `text` may be the national number
 * as people write it at home ("030 123456" for Germany); without, it must start with + and the
 * calling code. A number that starts with + is read by its own calling code either way.
 */
export function checkPhoneNumber(text: string, country?: PhoneCountry): PhoneCheck {
  const value = text.trim();
  if (value === '') return { ok: false, message: 'Enter your phone number.' };
  if (!PHONE_CHARACTERS.test(value) || !/\d/.test(value)) {
    return { ok: false, message: 'Use digits only, with spaces or dashes if you like.' };
  }
  if (!value.startsWith('+') && !country) {
    return { ok: false, message: `Enter the phone number with its country code, e.g. ${PHONE_EXAMPLE}.` };
  }
  const where = !value.startsWith('+') && country ? ` for ${countryNameOf(country)}` : '';
  switch (validatePhoneNumberLength(value, country)) {
    case 'INVALID_COUNTRY':
      return {
        ok: false,
        message: 'No country has the calling code of this number. Check the digits after the +.',
      };
    case 'TOO_SHORT':
      return { ok: false, message: `That phone number is too short${where}.` };
    case 'TOO_LONG':
      return { ok: false, message: `That phone number is too long${where}.` };
    default:
      break;
  }
  const phone = parsePhoneNumberFromString(value, country);
  if (!phone?.isValid()) {
    return {
      ok: false,
      message: where
        ? `That is not a valid phone number${where}.`
        : 'That is not a valid phone number: check the country code and the digits.',
    };
  }
  return { ok: true, e164: phone.number };
}

/** A phone number in a request: with its country code, checked by the rule above, given in E.164. */
export const phoneNumberSchema = singleLineText('The phone number', 32, {
  type: 'Enter your phone number.',
  tooLong: 'That phone number is too long.',
}).transform((value, context) => {
  const phone = checkPhoneNumber(value);
  if (phone.ok) return phone.e164;
  context.addIssue({ code: 'custom', message: phone.message });
  return z.NEVER;
});
