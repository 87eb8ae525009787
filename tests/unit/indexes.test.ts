import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {toString} from 'mdast-util-to-string';
import {readAdvisories, sortAdvisories} from '../../src/pages/advisories';
import {advisoryTable, releaseTable} from '../../src/remark/indexes';
import {readReleases} from '../../releases/catalogue';

const docsDir = path.join(__dirname, '..', 'fixtures', 'docs');

describe('advisory catalogue', () => {
  it('reads every advisory, newest first', () => {
    expect(readAdvisories(docsDir)).toEqual([
      {
        id: 'CVE-2025-0002',
        route: '/security/cves/CVE-2025-0002/',
        severity: 'High',
        affected: '< 2025.8.2',
        fixed: ['2025.8.2', '2025.6.5'],
        published: '2025-09-10',
      },
      {
        id: 'CVE-2024-0001',
        route: '/security/cves/CVE-2024-0001/',
        severity: 'Moderate',
        cvss: 5.3,
        affected: '< 2024.8.1',
        fixed: ['2024.8.1'],
        published: '2024-09-01',
      },
    ]);
  });
  it('breaks ties on the same day by identifier, numbers compared as numbers', () => {
    const list = [
      {id: 'CVE-2024-9', published: '2024-11-21'},
      {id: 'CVE-2023-9', published: '2023-01-01'},
      {id: 'CVE-2024-10', published: '2024-11-21'},
      {id: 'CVE-2024-3', published: '2024-11-21'},
    ];
    expect(sortAdvisories(list).map((a) => a.id)).toEqual(['CVE-2024-10', 'CVE-2024-9', 'CVE-2024-3', 'CVE-2023-9']);
  });
});

describe('generated tables', () => {
  it('list advisories with severity, score and versions', () => {
    const table = advisoryTable(readAdvisories(docsDir));
    const rows = table.children.map((row) => row.children.map((cell) => toString(cell)));
    expect(rows).toEqual([
      ['Advisory', 'Published', 'Severity', 'Affected versions', 'Fixed in'],
      ['CVE-2025-0002', '2025-09-10', 'High', '< 2025.8.2', '2025.8.2, 2025.6.5'],
      ['CVE-2024-0001', '2024-09-01', 'Moderate (5.3)', '< 2024.8.1', '2024.8.1'],
    ]);
  });
  it('list releases newest first and mark the two newest supported', () => {
    const table = releaseTable(readReleases(docsDir));
    const rows = table.children.map((row) => row.children.map((cell) => toString(cell)));
    expect(rows).toEqual([
      ['Release', 'Released', 'Supported', 'Summary'],
      ['2025.8', '2025-08-28', 'Yes', 'What changed in 2025.8.'],
      ['2024.8', '2024-08-15', 'Yes', 'What changed in 2024.8.'],
    ]);
  });
});
