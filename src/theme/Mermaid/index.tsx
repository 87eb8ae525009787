/**
 * A Mermaid diagram draws in the browser, and only once the reader scrolls near it: Mermaid (about
 * 190 KB gzip) and its layout work stay out of the page load unless a diagram is in or near view.
 * Until the diagram is drawn (or its error shown) its box is marked `aria-busy`, so assistive
 * technology knows content is still coming and tests can wait for it. Printing draws every diagram.
 * The theme's diagram component itself loads with Mermaid, so pages without a diagram in view do
 * not carry it either.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

/** How far outside the viewport a diagram starts to draw, so it is ready when the reader gets there. */
const DRAW_MARGIN = '600px 0px';

export default function MermaidWrapper(props: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [busy, setBusy] = useState(true);
  const [Diagram, setDiagram] = useState<typeof MermaidType | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || near) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin: DRAW_MARGIN},
    );
    observer.observe(element);
    const draw = () => setNear(true);
    window.addEventListener('beforeprint', draw);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', draw);
    };
  }, [near]);

  useEffect(() => {
    if (!near) return undefined;
    let live = true;
    import('@theme-original/Mermaid').then(
      (module) => live && setDiagram(() => module.default),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [near]);

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
    <div ref={box} className="ak-diagram" aria-busy={busy}>
      {Diagram && <Diagram {...props} />}
      {failed && <p>The diagram could not load. Reload the page to try again.</p>}
    </div>
  );
}
