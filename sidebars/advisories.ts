/**
 * Security advisories, newest first by publication date (the `advisory.published` front matter of each page).
 * Advisories published on the same day keep the upstream order.
 */
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

const ids = [
  'CVE-2025-53942', // 2025-07-22
  'CVE-2025-52553', // 2025-06-27
  'CVE-2025-29928', // 2025-03-28
  'CVE-2024-52307', // 2024-11-21
  'CVE-2024-52289', // 2024-11-21
  'CVE-2024-52287', // 2024-11-21
  'CVE-2024-47077', // 2024-09-27
  'CVE-2024-47070', // 2024-09-27
  'CVE-2024-42490', // 2024-08-22
  'CVE-2024-38371', // 2024-06-26
  'CVE-2024-37905', // 2024-06-26
  'CVE-2024-23647', // 2024-01-29
  'CVE-2024-21637', // 2024-01-09
  'CVE-2023-48228', // 2023-11-21
  'GHSA-rjvp-29xq-f62w', // 2023-10-28
  'CVE-2023-39522', // 2023-08-29
  'CVE-2023-36456', // 2023-07-06
  'CVE-2023-26481', // 2023-03-02
  'CVE-2022-46172', // 2022-12-23
  'CVE-2022-23555', // 2022-12-23
  'CVE-2022-46145', // 2022-12-01
];

export const advisories: SidebarItemConfig = {
  type: 'category',
  label: 'Security advisories',
  items: ids.map((id) => `security/cves/${id}/index`),
};
