import { z } from 'zod';

/**
 * Zod's default messages don't say which field is wrong. This map names the field in every
 * message that a schema doesn't word itself, so an API client gets "age must be a number".
 */
function fieldName(path: readonly PropertyKey[] | undefined): string | null {
  if (!path || path.length === 0) return null;
  return path.map(String).join('.');
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

z.config({
  customError: (issue) => {
    const field = fieldName(issue.path);
    switch (issue.code) {
      case 'invalid_type': {
        if (field === null) return 'Send the request body as a JSON object.';
        if (issue.input === undefined) return `${field} is required.`;
        return `${field} must be ${article(String(issue.expected))}.`;
      }
      case 'too_big':
        return `${field ?? 'The value'} is too long or too large (maximum ${String(issue.maximum)}).`;
      case 'too_small':
        return `${field ?? 'The value'} is too short or too small (minimum ${String(issue.minimum)}).`;
      case 'invalid_value':
        return `${field ?? 'The value'} must be one of: ${issue.values.map(String).join(', ')}.`;
      case 'unrecognized_keys':
        return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
      default:
        return undefined;
    }
  },
});
