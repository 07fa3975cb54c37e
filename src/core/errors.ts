/**
 * InputError: bad input from a user (scenario, experiment, command-line flag). The CLI prints it
 * as "file[:line]: path: message" lines and exits with code 2, never with a stack trace.
 */
export interface InputIssue {
  /** Dotted path inside the file ('' for the whole file), or a flag name like '--games'. */
  readonly path: string;
  readonly message: string;
  /** 1-based line in the file, when known. */
  readonly line?: number;
}

export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly issues: readonly InputIssue[],
  ) {
    super(formatIssues(file, issues));
    this.name = 'InputError';
  }
}

export function formatIssues(file: string, issues: readonly InputIssue[]): string {
  const head = issues.length === 1 ? '' : `${file}: ${issues.length} problems\n`;
  return (
    head +
    issues
      .map((i) => {
        const where = i.line ? `${file}:${i.line}` : file;
        return `${issues.length === 1 ? '' : '  '}${where}: ${i.path ? i.path + ': ' : ''}${i.message}`;
      })
      .join('\n')
  );
}

/** Converts zod issues to InputIssues with a path prefix ('scenario', 'overrides'...). */
export function zodIssues(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string; keys?: readonly string[] }> }, prefix: string): InputIssue[] {
  return error.issues.map((iss) => {
    const path = [prefix, ...iss.path.map(String)].filter((p) => p !== '').join('.');
    let message = iss.message;
    if (iss.code === 'unrecognized_keys' && iss.keys) message = `unknown key${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((k) => `'${k}'`).join(', ')}`;
    return { path, message };
  });
}
