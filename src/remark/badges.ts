/** The build's badge plugin: src/pages/badges.ts holds the rules and the transform. */
import type {Root} from 'mdast';
import type {VFile} from 'vfile';
import {expandBadges, type BadgeOptions} from '../pages/badges';

export default function remarkBadges(options: BadgeOptions) {
  return (tree: Root, file: VFile) => expandBadges(tree, file, options);
}
