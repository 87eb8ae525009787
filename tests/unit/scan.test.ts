/** The scan that answers from records not indexed yet (src/search/engine/scan.ts). */
import {describe, expect, it} from 'vitest';
import {Scan, type ScanOptions} from '../../src/search/engine/scan';
import {normalizeTerm, tokenizeQuery} from '../../src/search/engine/tokenize';

type Field = 'title' | 'heading' | 'content';
const FIELDS: Field[] = ['title', 'heading', 'content'];

const DOCS = [
  {id: 0, title: 'Password stage', heading: '', content: 'Checks a password against backends.'},
  {id: 1, title: '', heading: 'Passwords in flows', content: ''},
  {id: 2, title: 'Authenticator Validation stage', heading: '', content: 'The authenticator_validate stage.'},
  {id: 3, title: '', heading: 'Keywords', content: 'A keyword, and a password-less login.'},
  {id: 4, title: '', heading: '', content: 'Café au lait, the barista’s choice.'},
  {id: 5, title: '', heading: '', content: 'Set AUTHENTIK_POSTGRESQL__HOST first.'},
];

const OPTIONS: ScanOptions<Field> = {
  combineWith: 'AND',
  boost: {title: 8, heading: 4, content: 1},
  prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 2,
  prefixWeight: 0.6,
  boostDocument: () => 1,
};

const scan = new Scan(DOCS, FIELDS, normalizeTerm);
const ids = (query: string, options: Partial<ScanOptions<Field>> = {}) =>
  scan.search(query, tokenizeQuery, {...OPTIONS, ...options}).map((r) => r.id);

describe('scan', () => {
  it('finds whole words and the terms a last word starts, never the inside of a word', () => {
    expect(ids('word')).toEqual([]);
    expect(ids('pass').sort()).toEqual([0, 1, 3]);
    // Only the last word may be unfinished.
    expect(ids('pass stage')).toEqual([]);
    expect(ids('password stage')).toEqual([0]);
  });

  it('ranks a whole word above a prefix, a title above a heading above body text', () => {
    // `passwords` (a heading) starts with the last word; `password-less` has it whole, in body text.
    expect(ids('password')).toEqual([0, 1, 3]);
    expect(ids('passwords')[0]).toBe(1);
    expect(ids('stage')).toEqual([0, 2]);
  });

  it('finds a technical name from its start, whole', () => {
    const [result] = scan.search('authenticator_val', tokenizeQuery, OPTIONS);
    expect(result).toMatchObject({id: 2, terms: ['authenticator_validate'], queryTerms: ['authenticator_val']});
    expect(result!.match).toEqual({authenticator_validate: ['content']});
    // A name typed whole up to a joiner is the start of the longer name, not a whole term.
    const [name] = scan.search('authentik_postgresql', tokenizeQuery, OPTIONS);
    expect(name).toMatchObject({id: 5, terms: ['authentik_postgresql__host']});
  });

  it('needs every word with AND and any word with OR', () => {
    expect(ids('keyword backends')).toEqual([]);
    expect(ids('keyword backends', {combineWith: 'OR'}).sort()).toEqual([0, 3]);
  });

  it('reports the terms it matched, by field, in the shape of the index results', () => {
    const [result] = scan.search('password', tokenizeQuery, OPTIONS);
    expect(result).toMatchObject({id: 0, terms: ['password'], queryTerms: ['password']});
    expect(result!.match).toEqual({password: ['title', 'content']});
    expect(result!.score).toBeGreaterThan(0);
  });

  it('applies the document boost, and answers nothing for a query with no word', () => {
    expect(ids('password', {boostDocument: (id) => (id === 3 ? 100 : 1)})).toEqual([3, 0, 1]);
    expect(ids(' ,;- ')).toEqual([]);
  });

  it('folds accents and ends a word where the index does', () => {
    expect(ids('cafe')).toEqual([4]);
    expect(ids('café')).toEqual([4]);
    // A typographic apostrophe ends a word, as in the index.
    expect(scan.search('barista', tokenizeQuery, OPTIONS)[0]).toMatchObject({id: 4, terms: ['barista']});
  });
});
