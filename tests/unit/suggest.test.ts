/** The not-found page's suggestions: the words of a missing address against every page's title. */
import {describe, expect, it} from 'vitest';
import {readCatalogue} from '../../src/pages/catalogue';
import {addressWords, suggestPages} from '../../src/search/engine/suggest';

const pages = readCatalogue().map((row) => [row.route, row.title] as const);
const titles = (pathname: string) => suggestPages(pathname, pages).map((s) => s.title);

describe('addressWords', () => {
  it('takes the words of a path, decoded, without noise', () => {
    expect(addressWords('/docs/flows/stage/pasword/index.html')).toEqual(['flows', 'stage', 'pasword']);
    expect(addressWords('/Caf%C3%A9/x')).toEqual(['cafe', 'x']);
    expect(addressWords('/%zz/ldap/')).toEqual(['zz', 'ldap']);
    expect(addressWords('/')).toEqual([]);
  });
});

describe('suggestPages', () => {
  it('finds the page whose title matches, typos included', () => {
    expect(titles('/flows/stage/pasword/')[0]).toBe('Password stage');
    expect(titles('/kubernets/')[0]).toBe('Kubernetes');
    expect(titles('/docs/saml-provider/')[0]).toBe('SAML Provider');
  });
  it('gives at most five, best first, with their routes', () => {
    const found = suggestPages('/flows/stage/pasword/', pages);
    expect(found).toHaveLength(5);
    expect(found[0]).toEqual({route: '/add-secure-apps/flows-stages/stages/password/', title: 'Password stage'});
    expect(suggestPages('/stage/', pages, 2)).toHaveLength(2);
  });
  it('suggests nothing when no word matches', () => {
    expect(suggestPages('/zzqxv/', pages)).toEqual([]);
    expect(suggestPages('/', pages)).toEqual([]);
  });
});
