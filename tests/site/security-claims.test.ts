/**
 * The security-claims ledger against the built pages (lint:docs checks the same against the sources):
 * every row names a catalogue page whose text, as readers get it, still holds the row's excerpt, and
 * every page whose prose uses the security vocabulary has at least one row.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCatalogue} from '../../src/pages/catalogue';
import {checkLedger, parseLedger} from '../../src/lint-docs/security-claims';
import {builtPages, builtPageText} from './build';

const LEDGER = path.join(__dirname, '..', 'data', 'security-claims.tsv');

describe('security-claims ledger', () => {
  const catalogue = new Set(readCatalogue().map((row) => row.route));
  const built = builtPages();
  const pages = new Map(
    [...catalogue]
      .filter((route) => built.has(route))
      .map((route) => [route, builtPageText(fs.readFileSync(built.get(route)!, 'utf8'))]),
  );
  const {rows, problems} = parseLedger(fs.readFileSync(LEDGER, 'utf8'));

  it('reads every catalogue page of the build', () => {
    expect(pages.size).toBe(catalogue.size);
  });

  it('is well formed', () => {
    expect(problems.map((p) => `security-claims.tsv:${p.line}: ${p.message}`)).toEqual([]);
  });

  it('every excerpt stands on its page, and every page that speaks of security has a row', () => {
    const found = checkLedger(rows, pages, catalogue).map((p) =>
      p.line > 0 ? `security-claims.tsv:${p.line}: ${p.message}` : p.message,
    );
    expect(found).toEqual([]);
  });
});
