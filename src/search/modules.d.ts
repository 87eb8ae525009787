declare module 'algoliasearch-original-lite' {
  export {liteClient} from 'algoliasearch/lite';
}
