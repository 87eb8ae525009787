/**
 * A Mermaid diagram. In the build every diagram is drawn already (src/remark/diagrams.ts): the page
 * shows the drawing of the reader's colour mode as an image, sized before it loads, with the
 * diagram's text alternative, and loads no Mermaid.
 *
 * In development a diagram not drawn yet draws live, and only once the writer scrolls near it, as
 * the theme does: Mermaid (about 190 KB gzip) and the theme's component load with it. Until it is
 * drawn (or its error shown) its box is marked `aria-busy`. Printing draws every diagram.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import ThemedImage from '@theme/ThemedImage';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import type {DrawnProps} from '@site/src/remark/diagrams';

type Props = WrapperProps<typeof MermaidType>;

function Drawn({light, dark, width, height, alt}: DrawnProps): ReactNode {
  const sources = {light: useBaseUrl(light), dark: useBaseUrl(dark)};
  return (
    <div className="ak-diagram">
      <ThemedImage sources={sources} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
    </div>
  );
}

/** How far outside the viewport a diagram starts to draw, so it is ready when the reader gets there. */
const DRAW_MARGIN = '600px 0px';

export default function MermaidWrapper(props: Props | DrawnProps): ReactNode {
  return 'light' in props ? <Drawn {...props} /> : <Live {...props} />;
}

function Live(props: Props): ReactNode {
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
