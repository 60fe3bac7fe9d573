import { z } from 'zod';

/** The issue as fastify-type-provider-zod hands it over: zod's own, with the message already written. */
interface Issue {
  code?: string;
  message?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
  values?: unknown[];
  format?: string;
  keys?: string[];
  divisor?: number;
}

const english = z.locales.en();

/**
 * Whether the message is zod's English default rather than one the contract wrote ("Username is too
 * long"): a written message is kept as it is, the library's wording is rewritten.
 */
function isLibraryWording(issue: Issue): boolean {
  if (!issue.message) return true;
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input: expected ')) return true;
  try {
    return issue.message === english.localeError?.(issue as never);
  } catch {
    return false;
  }
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const limit = (value: number | bigint | undefined) => Number(value ?? 0);
const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  uuid: 'an id (UUID)',
  guid: 'an id (UUID)',
  url: 'a URL',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  regex: 'in the expected form',
};

/**
 * One sentence that names the field and the limit, in place of the validation library's wording
 * ("Too big: expected string to have <=200 characters" → "title must be at most 200 characters.").
 * A message the contract wrote itself is kept, after the field's name.
 */
export function validationSentence(field: string, issue: Issue): string {
  const written = issue.message ?? 'Invalid value';
  if (!isLibraryWording(issue)) return `${field}: ${written}`;
  const inclusive = issue.inclusive !== false;
  switch (issue.code) {
    case 'too_big': {
      const max = limit(issue.maximum);
      if (issue.origin === 'string')
        return `${field} must be at most ${plural(inclusive ? max : max - 1, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} may hold at most ${plural(inclusive ? max : max - 1, 'item', 'items')}.`;
      return `${field} must be ${inclusive ? 'at most' : 'less than'} ${max.toLocaleString('en-US')}.`;
    }
    case 'too_small': {
      const min = limit(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 && inclusive
          ? `${field} is required.`
          : `${field} must be at least ${plural(inclusive ? min : min + 1, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} needs at least ${plural(inclusive ? min : min + 1, 'item', 'items')}.`;
      return `${field} must be ${inclusive ? 'at least' : 'more than'} ${min.toLocaleString('en-US')}.`;
    }
    case 'invalid_type':
      if (written.endsWith('received undefined')) return `${field} is required.`;
      if (issue.expected === 'int') return `${field} must be a whole number.`;
      return `${field} must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected ?? 'value of the right type'}.`;
    case 'invalid_value':
      return issue.values?.length === 1
        ? `${field} must be ${JSON.stringify(issue.values[0])}.`
        : `${field} must be one of: ${(issue.values ?? []).map((v) => String(v)).join(', ')}.`;
    case 'invalid_format':
      return `${field} must be ${FORMATS[issue.format ?? ''] ?? `a valid ${issue.format ?? 'value'}`}.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `${field} has ${issue.keys?.length === 1 ? 'a field' : 'fields'} this endpoint does not take: ${(issue.keys ?? []).join(', ')}.`;
    default:
      return `${field}: ${written}`;
  }
}
