import type { z } from 'zod';

/*
 * The one error reading a screen document throws (migrateScreenDocument, emptyScreenDocument):
 * the document is not valid in the version it claims, or claims a version this build cannot
 * read (a newer build saved it, or it is not a screen document at all). Nothing is ever dropped
 * or repaired to make a document fit: the caller refuses it (the server as 1006
 * `validation.screen.document` with `summary` as its `issue`).
 */

/** `invalid`: the document breaks its version's schema; `unsupported-version`: no reader for its version. */
export type ScreenDocumentErrorReason = 'invalid' | 'unsupported-version';

/** Issues shown in the summary; the rest are counted. */
const SUMMARY_ISSUES = 3;

/** One issue as `path: message` (`widgets.3.id: widget id "a" is used twice...`). */
export function describeScreenIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

export class ScreenDocumentError extends Error {
  override readonly name = 'ScreenDocumentError';
  /** The first few issues on one line, for a message to the user or a log. */
  readonly summary: string;

  constructor(
    readonly reason: ScreenDocumentErrorReason,
    /** The version the document was read as (1 for one naming none), or the unsupported one it named. */
    readonly version: unknown,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const shown = issues.slice(0, SUMMARY_ISSUES).map(describeScreenIssue).join('; ');
    const more = issues.length > SUMMARY_ISSUES ? ` (and ${issues.length - SUMMARY_ISSUES} more)` : '';
    const summary = `${shown}${more}`;
    super(
      `screen document ${reason === 'invalid' ? 'is not valid' : 'has an unsupported version'}: ${summary}`,
    );
    this.summary = summary;
  }
}
