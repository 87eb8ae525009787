/**
 * Doc cards are not available on this site: the docs version data every page loads carries no map
 * of docs (src/plugins/lean-docs/lean.ts), which the theme's card reads for each card's title and
 * description. A page that renders a card (`<DocCardList />`, or a sidebar category with a
 * generated index) fails the build here, with this explanation, instead of failing with the
 * theme's "no version doc found by id".
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/DocCard';

export default function DocCard({item}: Props): ReactNode {
  throw new Error(
    `A doc card for "${item.type === 'html' ? item.value : item.label}" was rendered, but this site sends no doc map to the browser ` +
      '(src/plugins/lean-docs/lean.ts). Link the pages in the text or in a table instead of <DocCardList />.',
  );
}
