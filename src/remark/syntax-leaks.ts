/** The build's side of the syntax-leak check (src/pages/syntax.ts): the build fails at the first leak's line. */
import type {Root} from 'mdast';
import type {VFile} from 'vfile';
import {findSyntaxLeaks} from '../pages/syntax';

export default function remarkSyntaxLeaks() {
  return (tree: Root, file: VFile) => {
    const leaks = findSyntaxLeaks(tree);
    const [first] = leaks;
    if (!first) return;
    const lines = leaks.map((leak) => `line ${leak.line}: ${leak.message}`).join('\n');
    file.fail(`syntax that would show as text:\n${lines}`, {line: first.line, column: first.column});
  };
}
