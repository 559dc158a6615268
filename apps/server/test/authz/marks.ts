/*
 * Marks in the names of team A's data, so that a reply carrying any of it is detectable.
 *
 * - TEAM_MARK: in every string of team A (names, titles, the main account's name and email),
 *   never in team B's, nor in anything a request of the suites sends. A reply to team B's token
 *   that contains it leaks team A's data.
 * - SCOPE_MARK: in the strings of the objects inside the data scope of the in-scope role only
 *   (its device, group, template and what hangs on them). A reply to the out-of-scope member
 *   that contains it leaks data outside that member's scope; a list for the main account or the
 *   in-scope member must contain it (else the list check proves nothing).
 *
 * SCOPE_MARK starts with TEAM_MARK; team-wide strings follow TEAM_MARK with "_" so they never
 * contain SCOPE_MARK. Replies are compared in lower case.
 */
export const TEAM_MARK = 'Zq7Alpha';
export const SCOPE_MARK = 'Zq7AlphaIn';

let sequence = 0;
/** A name unique in the run: `${prefix}_${n}` (device-name safe: letters, digits, underscore). */
export const marked = (prefix: string, what: string) =>
  `${prefix}_${what}_${Date.now().toString(36)}${++sequence}`;

/** A neutral name for what a request creates (never a mark). */
export const neutral = (what = 'n') => `${what}_${Date.now().toString(36)}${++sequence}`;

export const contains = (text: string, mark: string) => text.toLowerCase().includes(mark.toLowerCase());
