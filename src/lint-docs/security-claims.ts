/**
 * The security-claims ledger (`tests/data/security-claims.tsv`): for every statement a page makes
 * about authentication, authorization, sessions, tokens, secrets, certificate or TLS checks,
 * cryptography or a vulnerability, the page's own words and the upstream line that proves them.
 *
 * Pure: the callers hand in the ledger's text and each page's text blocks, taken from the MDX source
 * (lint:docs) or from the built HTML (the site test), and get back problems with the ledger's line.
 */
import {normalizeText, type PageText} from '../pages/parse';

/** The ledger's columns, tab-separated, in order. */
export const LEDGER_COLUMNS = ['route', 'excerpt', 'proof'] as const;

/** The excerpt of a row that says a page makes no security statement (its proof then gives why). */
export const NO_CLAIM = '-';

/** The shortest excerpt that still pins one statement down. */
export const MIN_EXCERPT_LENGTH = 12;

export interface LedgerRow {
  /** 1-based line in the ledger file. */
  line: number;
  route: string;
  /** The statement as the page words it, or NO_CLAIM. */
  excerpt: string;
  /** Where it is proven; for a NO_CLAIM row, `none: <why the page needs no row>`. */
  proof: string;
}

export interface LedgerProblem {
  line: number;
  route: string;
  message: string;
}

/**
 * One proof: a path and line range in an upstream release tag (`version/2025.8.1:authentik/x.py:10-20`),
 * an advisory record of authentik's (`GHSA-xxxx-xxxx-xxxx`), or, for another vendor's behaviour, the
 * address of that vendor's documentation.
 */
const PROOF_PATTERNS = [
  /^version\/[0-9][\w.-]*:[\w@.+/-]+:[1-9]\d*(-[1-9]\d*)?$/,
  /^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/,
  /^https:\/\/[^\s;]+$/,
] as const;

/** Proofs are separated by ` ; `. */
export function splitProof(proof: string): string[] {
  return proof
    .split(' ; ')
    .map((p) => p.trim())
    .filter(Boolean);
}

export function isProof(proof: string): boolean {
  return PROOF_PATTERNS.some((pattern) => pattern.test(proof));
}

/** A tag-and-lines proof split into its parts, or undefined for an advisory record or an address. */
export function parseCodeProof(proof: string): {tag: string; path: string; from: number; to: number} | undefined {
  const match = /^(version\/[0-9][\w.-]*):(.+):([1-9]\d*)(?:-([1-9]\d*))?$/.exec(proof);
  if (!match) return undefined;
  const from = Number(match[3]);
  return {tag: match[1]!, path: match[2]!, from, to: match[4] ? Number(match[4]) : from};
}

/** Reads the ledger; a row that breaks the format is a problem, never an exception. */
export function parseLedger(tsv: string): {rows: LedgerRow[]; problems: LedgerProblem[]} {
  const rows: LedgerRow[] = [];
  const problems: LedgerProblem[] = [];
  const lines = tsv.split(/\r?\n/);
  if (lines[0] !== LEDGER_COLUMNS.join('\t')) {
    problems.push({
      line: 1,
      route: '',
      message: `the ledger must start with the header row "${LEDGER_COLUMNS.join('<tab>')}"`,
    });
  }
  lines.forEach((text, index) => {
    const line = index + 1;
    if (index === 0 || text.trim() === '') return;
    const cells = text.split('\t');
    const [route = '', excerpt = '', proof = ''] = cells;
    const fail = (message: string) => problems.push({line, route, message});
    if (cells.length !== LEDGER_COLUMNS.length) {
      fail(
        `${cells.length} columns; a row has ${LEDGER_COLUMNS.length}, separated by tabs: ${LEDGER_COLUMNS.join(', ')}`,
      );
      return;
    }
    if (!/^\/([^\s/]+\/)*$/.test(route)) {
      fail(`route "${route}" must be a path with a slash at both ends`);
      return;
    }
    if (excerpt === NO_CLAIM) {
      if (!/^none: \S.{10,}/.test(proof)) fail('a row with no excerpt says why the page needs none: "none: <reason>"');
    } else {
      if (excerpt !== normalizeText(excerpt)) fail('the excerpt has leading, trailing or doubled spaces');
      if (excerpt.length < MIN_EXCERPT_LENGTH) fail(`the excerpt is shorter than ${MIN_EXCERPT_LENGTH} characters`);
      if (/[*`]|\]\(/.test(excerpt)) fail('the excerpt holds Markdown; quote the words as a reader sees them');
      const proofs = splitProof(proof);
      if (proofs.length === 0) fail('the proof is empty');
      for (const p of proofs) {
        if (!isProof(p)) {
          fail(
            `proof "${p}" is none of: version/<tag>:<path>:<line>[-<line>], GHSA-xxxx-xxxx-xxxx, https://<vendor documentation>`,
          );
        }
      }
    }
    rows.push({line, route, excerpt, proof});
  });
  return {rows, problems};
}

/**
 * The words that mark a statement about security. A page whose prose uses any of them needs a ledger
 * row: a claim with its proof, or a NO_CLAIM row that says why none of its sentences is one.
 */
export const SECURITY_VOCABULARY: readonly RegExp[] = [
  /\bauthenticat(e|es|ed|ing|ion|ions|or|ors)\b/i,
  /\bauthori[sz](e|es|ed|ing|ation|ations)\b/i,
  /\bpermissions?\b/i,
  /\bsessions?\b/i,
  /\btokens?\b/i,
  /\bsecrets?\b/i,
  /\bpasswords?\b/i,
  /\bcredentials?\b/i,
  /\bcertificates?\b/i,
  /\b(m?TLS|SSL)\b/,
  /\b(en|de)crypt(s|ed|ing|ion)?\b/i,
  /\b(MFA|2FA|multi-factor|two-factor)\b/i,
  /\bCVE-\d{4}-\d+\b/,
  /\bvulnerab(le|ility|ilities)\b/i,
  /\bprivileges?\b/i,
  /\bsignatures?\b/i,
];

/** The vocabulary words a text uses, each once, in the order of the list. */
export function securityTerms(text: string): string[] {
  const found: string[] = [];
  for (const pattern of SECURITY_VOCABULARY) {
    const match = pattern.exec(text);
    if (match) found.push(match[0]);
  }
  return found;
}

/**
 * Checks the ledger against the pages: every row names a catalogue page and its excerpt stands in one
 * of that page's blocks; every page whose prose uses the security vocabulary has a row.
 */
export function checkLedger(
  rows: readonly LedgerRow[],
  pages: ReadonlyMap<string, PageText>,
  catalogueRoutes: ReadonlySet<string>,
): LedgerProblem[] {
  const problems: LedgerProblem[] = [];
  const byRoute = new Map<string, LedgerRow[]>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.route}\t${row.excerpt}`;
    if (seen.has(key))
      problems.push({line: row.line, route: row.route, message: 'the same excerpt is listed twice for this page'});
    seen.add(key);
    byRoute.set(row.route, [...(byRoute.get(row.route) ?? []), row]);
    if (!catalogueRoutes.has(row.route)) {
      problems.push({line: row.line, route: row.route, message: `${row.route} is not a catalogue page`});
      continue;
    }
    const page = pages.get(row.route);
    if (!page) continue; // a page outside this run (lint:docs on some files only)
    if (row.excerpt === NO_CLAIM) continue;
    if (!page.blocks.some((block) => block.includes(row.excerpt))) {
      problems.push({
        line: row.line,
        route: row.route,
        message: `the excerpt "${row.excerpt}" is no longer on ${row.route}: check the statement against its proof (${row.proof}), then update the row`,
      });
    }
  }
  for (const [route, rowsOfRoute] of byRoute) {
    const exempt = rowsOfRoute.find((row) => row.excerpt === NO_CLAIM);
    if (exempt && rowsOfRoute.length > 1) {
      problems.push({
        line: exempt.line,
        route,
        message: 'a page with claims in the ledger cannot also be listed as needing none',
      });
    }
  }
  for (const [route, page] of pages) {
    if (!catalogueRoutes.has(route) || byRoute.has(route)) continue;
    const terms = securityTerms(page.prose);
    if (terms.length > 0) {
      problems.push({
        line: 0,
        route,
        message: `${route} speaks of security (${terms.join(', ')}) but has no row in the ledger: add each security statement with its proof, or one "-" row with "none: <reason>"`,
      });
    }
  }
  return problems;
}
