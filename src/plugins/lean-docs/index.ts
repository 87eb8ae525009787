/**
 * The classic docs plugin, sending less to every page: its version route's data goes through
 * `leanVersionMetadata` (./lean.ts) before Docusaurus writes it. Everything else is the plugin's own.
 */
import type {LoadContext, Plugin, PluginModule, RouteConfig} from '@docusaurus/types';
import docsPlugin, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {LoadedContent, PluginOptions, PropVersionMetadata} from '@docusaurus/plugin-content-docs';
import {leanVersionMetadata} from './lean';

/** The route with every version route under it (the plugin nests them) carrying lean data. */
function leanRoute(route: RouteConfig): RouteConfig {
  const version = route.props?.version as PropVersionMetadata | undefined;
  const lean =
    version?.docsSidebars && version.docs
      ? {...route, props: {...route.props, version: leanVersionMetadata(version)}}
      : route;
  return lean.routes ? {...lean, routes: lean.routes.map(leanRoute)} : lean;
}

async function leanDocsPlugin(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  const {contentLoaded} = plugin;
  return {
    ...plugin,
    contentLoaded: contentLoaded
      ? (args) =>
          contentLoaded({
            ...args,
            actions: {...args.actions, addRoute: (route) => args.actions.addRoute(leanRoute(route))},
          })
      : undefined,
  };
}

/** The plugin with the docs plugin's own option validation, as Docusaurus expects of a plugin module. */
export default Object.assign(leanDocsPlugin, {validateOptions}) as unknown as PluginModule;
