/** InputError lives in the core (src/core/errors.ts); re-exported here for the loaders. */
export { InputError, formatIssues, zodIssues, excerpt, forbiddenSegment, FORBIDDEN_KEYS, type InputIssue } from '../core/errors.ts';
