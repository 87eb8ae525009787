declare module 'algoliasearch-original-lite' {
  export {liteClient} from 'algoliasearch/lite';
}

declare module '@docsearch/react/modal' {
  export {DocSearchModal} from '@docsearch/react';
}
