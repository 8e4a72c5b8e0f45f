import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { API_MESSAGES, isMessageKey } from '~/platform/http/api';

/**
 * A field's errors as translation keys, the same in the browser and in the route action:
 * a key is kept, zod's own English becomes "bad request", an unknown field "unknown fields"
 * (the form's own error, under the name '').
 */
function messageKeys(issues: readonly z.core.$ZodIssue[]): string[] {
  const keys = issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? API_MESSAGES.unknownFields
      : isMessageKey(issue.message)
        ? issue.message
        : API_MESSAGES.badRequest,
  );
  return [...new Set(keys)];
}

/**
 * Posted form data checked with a form's zod schema by conform (decision 0051): its texts
 * coerced ("2" to a number, "on" to true, one value to a list), the errors as message keys.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, { schema, formatError: messageKeys });
}

/** What conform hands back to a form: the values as posted, and each field's errors. */
export type FormReply = SubmissionResult<string[]>;
