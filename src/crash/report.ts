/**
 * What the crash page tells a reader, and what it hands over when they report the crash: the error
 * with its chain of causes, and a link that opens a new issue already filled in. Pure.
 */

/** The error and every `cause` behind it, outermost first (at most 10, in case of a cycle). */
export function causalChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = (current as {cause?: unknown}).cause;
  }
  return chain;
}

/** The message of the error and of each cause, as a reader sees them. */
export function crashMessage(error: unknown): string {
  return causalChain(error)
    .map((e) => (e instanceof Error ? e.message : String(e)))
    .join('\n\nCause:\n');
}

/** Longest message put into a new issue's body: a URL of a few KB opens everywhere. */
const MAX_MESSAGE = 1500;

/**
 * The address of a new issue in `repositoryUrl`, with a title naming the page and a body giving its
 * address and the error, for the reader to complete and send.
 */
export function newIssueUrl(repositoryUrl: string, pageUrl: string, message: string): string {
  const shortMessage = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  const path = new URL(pageUrl).pathname;
  const body = [
    'This page of the documentation crashed.',
    '',
    `Page: ${pageUrl}`,
    '',
    'Error:',
    '```text',
    shortMessage,
    '```',
    '',
    'What I did before it crashed (and my browser):',
    '',
  ].join('\n');
  const url = new URL(`${repositoryUrl.replace(/\/$/, '')}/issues/new`);
  url.searchParams.set('title', `Docs: ${path} crashed`);
  url.searchParams.set('body', body);
  return url.href;
}
