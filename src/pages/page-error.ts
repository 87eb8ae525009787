/**
 * A mistake in a page, reported as `file:line:column: what is wrong` and nothing else: its stack
 * trace is its message, because where the build noticed it says nothing to the writer who made it.
 */
import path from 'node:path';

export class PageError extends Error {
  override name = 'PageError';

  constructor(file: string, position: {line?: number; column?: number} | undefined, reason: string) {
    const where = [path.relative(process.cwd(), file) || file, position?.line, position?.column].filter(
      (part) => part !== undefined,
    );
    super(`${where.join(':')}: ${reason}`);
    this.stack = this.message;
  }
}

/**
 * Where in the page a parser's or a plugin's error points: its `line` and `column` (VFileMessage,
 * micromark), its `place`, or the first `(line:column` in its reason, which is how an unclosed JSX
 * tag (`Expected a closing tag for <details> (5:1-5:10)`) gives it.
 */
export function errorPosition(error: unknown): {line: number; column?: number} | undefined {
  const e = error as {line?: number; column?: number; reason?: string; message?: string; place?: unknown};
  const place = e.place as {line?: number; column?: number; start?: {line?: number; column?: number}} | undefined;
  const line = e.line ?? place?.line ?? place?.start?.line;
  const column = e.column ?? place?.column ?? place?.start?.column;
  if (line !== undefined) return column === undefined ? {line} : {line, column};
  const inText = /\((\d+):(\d+)/.exec(e.reason ?? e.message ?? '');
  return inText ? {line: Number(inText[1]), column: Number(inText[2])} : undefined;
}

/** The same error as a PageError about `file`, or the error as it is when it already is one. */
export function toPageError(error: unknown, file: string): PageError {
  if (error instanceof PageError) return error;
  const e = error as {reason?: string; message?: string};
  return new PageError(file, errorPosition(error), e.reason ?? e.message ?? String(error));
}
