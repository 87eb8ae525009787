import {describe, expect, it} from 'vitest';
import {validateAdvisory, validateFrontMatter} from '../../src/pages/frontmatter';

const context = {tags: new Set(['saml', 'security']), versions: new Set(['2024.8'])};
const good = {title: 'SAML Provider', description: 'Connect SAML applications.', tags: ['saml']};

describe('validateFrontMatter', () => {
  it('accepts a complete page', () => {
    expect(validateFrontMatter(good, context)).toEqual([]);
    expect(
      validateFrontMatter(
        {
          ...good,
          sidebar_label: 'SAML',
          authentik_version: '2024.8',
          authentik_enterprise: true,
          authentik_preview: false,
        },
        context,
      ),
    ).toEqual([]);
  });
  it('names each key that is wrong', () => {
    expect(validateFrontMatter({description: 'x'}, context)).toEqual(['title: missing']);
    expect(validateFrontMatter({title: 'x'}, context)).toEqual(['description: missing']);
    expect(validateFrontMatter({...good, description: 'a'.repeat(161)}, context)).toEqual([
      'description: 161 characters, at most 160',
    ]);
    expect(validateFrontMatter({...good, tags: ['saml', 'kerberos']}, context)).toEqual([
      'tags: "kerberos" is not in docs/tags.yml',
    ]);
    expect(validateFrontMatter({...good, slug: '/x'}, context)).toEqual(['slug: unknown front-matter key']);
    expect(validateFrontMatter({...good, authentik_version: '2099.1'}, context)).toEqual([
      'authentik_version: "2099.1" has no release notes in docs/releases/',
    ]);
    expect(validateFrontMatter({...good, authentik_enterprise: 'yes'}, context)).toEqual([
      'authentik_enterprise: expected true or false',
    ]);
    expect(validateFrontMatter({...good, release_date: '2025-13-01'}, context)).toEqual([
      'release_date: expected a quoted "YYYY-MM-DD" date',
    ]);
    expect(validateFrontMatter({...good, tags: 'saml'}, context)).toEqual(['tags: expected a list']);
  });
  it('accepts a description of exactly 160 characters', () => {
    expect(validateFrontMatter({...good, description: 'a'.repeat(160)}, context)).toEqual([]);
  });
});

describe('validateAdvisory', () => {
  const advisory = {severity: 'High', cvss: 8.1, affected: '< 2024.8.5', fixed: ['2024.8.5'], published: '2024-11-21'};
  it('accepts a sound advisory and keeps its values', () => {
    const problems: string[] = [];
    expect(validateAdvisory(advisory, problems)).toEqual(advisory);
    expect(problems).toEqual([]);
  });
  it('lists every problem', () => {
    const problems: string[] = [];
    expect(
      validateAdvisory({severity: 'Severe', cvss: 11, fixed: [], published: 'soon', extra: 1}, problems),
    ).toBeUndefined();
    expect(problems).toEqual([
      'advisory.extra: unknown key',
      'advisory.severity: expected one of Low, Moderate, High, Critical',
      'advisory.cvss: expected a number from 0 to 10',
      'advisory.affected: expected a version range string',
      'advisory.fixed: expected a non-empty list of version strings',
      'advisory.published: expected a quoted "YYYY-MM-DD" date',
    ]);
  });
});
