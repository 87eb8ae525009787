/**
 * A Mermaid diagram draws in the browser after the page loads. Until it is drawn (or its error shown)
 * the diagram's box is marked `aria-busy`, so assistive technology knows content is still coming and
 * tests can wait for it.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

export default function MermaidWrapper(props: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // The theme renders nothing until the diagram (or its error message) is ready.
    const update = () => setBusy(element.childElementCount === 0);
    const observer = new MutationObserver(update);
    observer.observe(element, {childList: true});
    update();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} aria-busy={busy}>
      <Mermaid {...props} />
    </div>
  );
}
