/**
 * The classic docs plugin, sending less to every page: its version route's data goes through
 * `leanVersionMetadata` (./lean.ts) before Docusaurus writes it, and a tag page's list through
 * `splitTagList`, whose other pages are written as `/assets/tag-list-<tag>.<hash>.json`. Everything
 * else is the plugin's own.
 */
import type {LoadContext, Plugin, PluginModule, RouteConfig} from '@docusaurus/types';
import docsPlugin, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {LoadedContent, PluginOptions, PropTagDocList, PropVersionMetadata} from '@docusaurus/plugin-content-docs';
import {generatedAssetsDir, writeHashedAsset} from '../generated-static';
import {leanVersionMetadata, splitTagList, type LeanTagDocList} from './lean';

/** The route with every version route under it (the plugin nests them) carrying lean data. */
function leanRoute(route: RouteConfig, writeRest: (tag: PropTagDocList, json: string) => string): RouteConfig {
  const version = route.props?.version as PropVersionMetadata | undefined;
  const tag = route.props?.tag as PropTagDocList | undefined;
  let lean = route;
  if (version?.docsSidebars && version.docs) {
    lean = {...route, props: {...route.props, version: leanVersionMetadata(version)}};
  } else if (tag?.items) {
    const split = splitTagList(tag);
    const leanTag: LeanTagDocList = split.rest.length
      ? {...split.tag, restUrl: writeRest(tag, JSON.stringify(split.rest))}
      : split.tag;
    lean = {...route, props: {...route.props, tag: leanTag}};
  }
  return lean.routes ? {...lean, routes: lean.routes.map((r) => leanRoute(r, writeRest))} : lean;
}

async function leanDocsPlugin(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  const {contentLoaded} = plugin;
  const assets = generatedAssetsDir(context.siteDir);
  const writeRest = (tag: PropTagDocList, json: string): string => {
    const key = tag.permalink
      .replace(/\/$/, '')
      .split('/')
      .pop()!
      .replace(/[^A-Za-z0-9-]/g, '_');
    return `${context.baseUrl}assets/${writeHashedAsset(assets, `tag-list-${key}`, json)}`;
  };
  return {
    ...plugin,
    contentLoaded: contentLoaded
      ? (args) =>
          contentLoaded({
            ...args,
            actions: {...args.actions, addRoute: (route) => args.actions.addRoute(leanRoute(route, writeRest))},
          })
      : undefined,
  };
}

/** The plugin with the docs plugin's own option validation, as Docusaurus expects of a plugin module. */
export default Object.assign(leanDocsPlugin, {validateOptions}) as unknown as PluginModule;
